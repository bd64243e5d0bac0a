import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { isoDate, list, ticker } from "../../core/schema.ts";
import { ProviderError } from "../../core/errors.ts";
import { FACT_TAXONOMIES, friendlyNames } from "../../analysis/filings/facts_items.ts";
import { filingReadFrom, readFromShape } from "./_shared.ts";
import { loadFacts, reportSchema, splitConcept, xbrlUnit } from "./_facts.ts";

const rowSchema = z.object({
  start: z.string().nullable(),
  end: z.string(),
  duration_days: z.int().nullable(),
  period_kind: z.enum(["annual", "quarter", "half", "nine_months", "instant", "other"]),
  fiscal_year: z.int().nullable(),
  fiscal_period: z.string().nullable(),
  frame: z.string().nullable(),
  tag: z.string(),
  first_reported: reportSchema,
  last_reported: reportSchema,
  restated: z.boolean(),
  reports: z.int(),
  last_reported_values: z.array(z.number()).nullable().describe(
    "When the filing of last_reported gives this period several different values (one per share class or other dimension SEC's company facts do not name, or a tagging error): all of them, largest first; last_reported.value is then the largest, not a sum and not a chosen class. Null when it gives one value.",
  ),
  first_reported_values: z.array(z.number()).nullable().describe(
    "The same for the filing of first_reported.",
  ),
  split_adjusted: z.number().nullable().describe(
    "The last reported value on the latest filing's share basis, for per-share figures and share counts a share split restates (EPS, weighted and outstanding common shares, dividends per share); null for other concepts or when the basis cannot be told.",
  ),
});

export default defineCommand({
  name: "filings.facts",
  summary: "Every reported value of one XBRL concept over time, first and last reported",
  description:
    `Use for a number over time from SEC's XBRL company facts (data.sec.gov/api/xbrl/companyfacts): one row per period (start, end, duration, fiscal year and period, calendar frame) with the value as first reported and as last reported, each citing its filing (accession, form, filing date, index URL); restated=true where they differ beyond rounding (a later filing printing the figure in millions is no restatement, warned; a filing that gives a period several values is compared by all of them: a later filing giving one of them is no restatement; for per-share figures and share counts, once both are on one share basis: a split alone is not a restatement, and split_adjusted gives the last report on the latest filing's basis). as_of=YYYY-MM-DD keeps only what had been filed by that date (point in time, no look-ahead). An amount or share count restated to a power of a thousand times its first report, or to its negative, is warned as a likely tagging slip (a figure in thousands tagged as units), not taken for a restatement. With period=annual, fiscal years missing inside the series (a tag the company set aside for some years) are warned: missing, not zero.

concept= takes an XBRL tag exactly as the company tags it (Revenues, NetIncomeLoss, EarningsPerShareDiluted, ifrs-full Revenue) or a friendly name that maps to the tags companies use, tried in a documented order per period, a later tag filling no period when the company reports it beside an earlier one with another value (${
      friendlyNames().join(", ")
    }). Fiscal years are named as the company names them (fiscal_year_rule says how: FY2024 is the year ending 2024-03-31 for a company naming years by the year they end in; one naming them by the year they start in is warned); a foreign issuer's 6-K half year is fiscal_period "H1", never a quarter. Fiscal year/period come from the filing whose own period ends on the row's end date (SEC's fy/fp fields describe the reporting filing, not the value); a cover-page (dei) count dated after its report's period end takes that report's label, said in a warning; a 10-KT transition period is fiscal_period "transition", never FY, and left out of period=annual and quarterly with a warning; 53-week years and 14-week quarters are warned. A filing that gives one period several values (one per share class or other dimension SEC's company facts leave unnamed) is never summed nor silently reduced to one: all are in last_reported_values, with a warning. Without unit=, an exact tag is read in the currency of the company's financial statements. For a whole statement use filings.history; for one concept across all companies use filings.frames.`,
  usage:
    "finance filings.facts SYMBOL concept=Revenues [taxonomy=us-gaap unit=USD form=10-K|10-Q period=annual|quarterly|all as_of=YYYY-MM-DD]",
  side_effects: "network_read_only",
  view: "facts",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "symbol",
    "cik",
    "tags",
    "url",
    "rows.last_reported.accession_no",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol", "concept"],
  args: z.strictObject({
    symbol: ticker(
      "Ticker of the company, resolved to its CIK through SEC's ticker list, or the company's SEC CIK (320193, CIK0000320193), which also names a filer no longer listed.",
    ),
    concept: z.string().trim().min(1).max(200).describe(
      "XBRL tag (e.g. Revenues, NetIncomeLoss) or friendly name (revenue, net_income, eps_diluted, total_assets, ...).",
    ),
    taxonomy: z.enum(FACT_TAXONOMIES).optional().describe(
      "Taxonomy of the tag; default: the first of us-gaap, ifrs-full, dei, srt that has it.",
    ),
    unit: xbrlUnit.optional().describe(
      "Unit as SEC writes it (USD, EUR, USD/shares, shares, pure); default: the statements' currency or its per-share form, whichever the tag is mostly reported in (a count or ratio mostly in shares or pure stays so), else the most used unit; several units are warned.",
    ),
    form: list(z.string().trim().min(1)).optional().describe(
      "Keep only values reported on this form, or these forms comma-separated (10-K, 10-Q, 10-K,10-K/A); default all forms. Amendments are separate forms: a kept value a left-out amendment (10-K/A) later corrected is warned.",
    ),
    period: z.enum(["annual", "quarterly", "all"]).default("all").describe(
      "annual: fiscal-year durations and year-end balances; quarterly: three-month durations (and the 16-week quarter of a 16-12-12-12 or 12-12-12-16-week year, warned) and quarter-end balances (the fourth quarter's is the year-end balance, fiscal_period FY), as reported: quarters the company reports only year to date or within the year are said missing, not derived (filings.history derives them); all: every period including year-to-date.",
    ),
    as_of: isoDate(
      "Point in time: only values filed on or before this date (YYYY-MM-DD).",
    ).optional(),
  }),
  data: z.object({
    symbol: z.string(),
    cik: z.string(),
    company: z.string(),
    concept: z.string(),
    alias: z.string().nullable(),
    taxonomy: z.string(),
    tags: z.array(z.string()),
    unit: z.string(),
    label: z.string().nullable(),
    description: z.string().nullable(),
    period: z.string(),
    as_of: z.string().nullable(),
    fiscal_year_rule: z.string().nullable().describe(
      "How fiscal years are labelled: as the company labels them (SEC's fy of its annual reports), e.g. FY2024 for the year ending 2024-03-31.",
    ),
    rows: z.array(rowSchema),
    count: z.int(),
    restated_count: z.int(),
    source: z.literal("sec_companyfacts"),
    url: z.string(),
    ...readFromShape,
  }),
  examples: [
    "finance filings.facts AAPL concept=revenue period=annual",
    "finance filings.facts NVDA concept=NetIncomeLoss period=quarterly as_of=2024-06-30",
    "finance filings.facts AAPL concept=EarningsPerShareDiluted unit=USD/shares period=annual",
  ],
  async run(given, ctx) {
    // "us-gaap:NetIncomeLoss", as filings.statement writes a concept, is that tag of us-gaap
    const args = {
      ...given,
      ...splitConcept(given.concept, given.taxonomy, FACT_TAXONOMIES) as {
        concept: string;
        taxonomy: typeof given.taxonomy;
      },
    };
    const { cik, facts, filings, urlOf } = await loadFacts(ctx, args.symbol);
    const {
      amendedOutside,
      coverLabels,
      labelClashes,
      readConcept,
      scaleSlips,
      splitReading,
      unreportedQuarters,
    } = await import("../../analysis/filings/facts_reading.ts");
    const name = facts.entity_name || args.symbol;
    const { readForms, unknownFormNote } = await import("../../providers/filings_a/form_types.ts");
    const forms = args.form ? readForms(args.form, ctx.warn) : null;
    const { taxonomy, tags, unit, periods, label, description, alias } = await readConcept(
      facts,
      name,
      args,
      filings,
      { asOf: args.as_of ?? null, forms, warn: ctx.warn },
      ctx.warn,
    );
    const { balanceLabel } = await import("../../analysis/filings/facts_calendar.ts");
    const cover = taxonomy === "dei" ? coverLabels(periods, filings, balanceLabel) : 0;
    if (cover) {
      ctx.warn(
        `${cover} cover-page value(s) are dated after the end of the period of the report whose cover gives them (shares outstanding as of a date shortly before filing): each is labelled with that report's fiscal period, and its value is as of its own date (end), not of the period end`,
      );
    }
    const keep = periods.filter((p) => {
      if (args.period === "all") return true;
      if (p.kind === "instant") {
        // a fourth quarter's closing balance is the year-end one (fiscal_period FY)
        return args.period === "annual"
          ? p.fiscal_period === "FY"
          : /^(Q[1-3]|FY)$/.test(p.fiscal_period ?? "");
      }
      return p.kind === (args.period === "annual" ? "annual" : "quarter");
    });
    // a 6-K half year (fiscal_period H1) is no quarter: left out of period=quarterly, and said
    const halves = args.period === "quarterly"
      ? periods.filter((p) => p.fiscal_period === "H1")
      : [];
    if (halves.length) {
      ctx.warn(
        `${halves.length} half-year value(s) (fiscal_period H1, the latest to ${
          halves[halves.length - 1].end
        } from ${halves[halves.length - 1].last.accession_no} (${
          halves[halves.length - 1].last.form
        })) are left out of period=quarterly: a foreign private issuer's 6-K half year is not a quarter (read them with period=all)`,
      );
    }
    // a transition period (a 10-KT's months between an old and a new year end) is neither a
    // fiscal year nor a quarter: left out of period=annual (quarterly) and said
    const kept = new Set(keep);
    const moved = periods.filter((p) => p.fiscal_period === "transition" && !kept.has(p));
    if (moved.length) {
      const ends = [...new Set(moved.map((p) => p.end))];
      ctx.warn(
        `${moved.length} value(s) of the transition period(s) ending ${
          ends.join(", ")
        } (the company moved its fiscal year end; the latest first reported by ${
          moved[moved.length - 1].first.accession_no
        } (${
          moved[moved.length - 1].first.form
        })) are left out of period=${args.period}: the months between the old and the new year end are no fiscal year${
          args.period === "annual" ? "" : " nor quarter"
        } (read them with period=all)`,
      );
    }
    // balances dated on no fiscal period's end (a cover page's share count, a subsequent event)
    const offEnd = args.period === "all"
      ? []
      : periods.filter((p) => p.kind === "instant" && p.fiscal_period === null);
    if (offEnd.length) {
      const last = offEnd[offEnd.length - 1];
      ctx.warn(
        `${offEnd.length} value(s) dated on no fiscal period's end (a cover page's count as of its own date, a subsequent event; the latest at ${last.end}, reported by ${last.last.accession_no} (${last.last.form})) are left out of period=${args.period}: read them with period=all`,
      );
    }
    if (!keep.length) {
      if (!periods.length && !args.as_of && !forms) {
        throw new ProviderError(
          "filings_a",
          `${name} has no ${unit} values for ${
            tags.join(", ")
          } in SEC's company facts (${facts.url})`,
          { url: facts.url },
        );
      }
      ctx.warn(
        `no ${args.period === "all" ? "" : `${args.period} `}values of ${
          tags.join(", ")
        } in ${unit}${args.as_of ? ` filed by ${args.as_of}` : ""}${
          forms ? ` on ${forms.join(", ")}` : ""
        }`,
      );
      for (const form of forms ?? []) {
        const note = unknownFormNote(form);
        if (note) ctx.warn(note);
      }
    }
    if (forms) {
      const amended = await amendedOutside(
        keep,
        facts.taxonomies[taxonomy],
        unit,
        forms,
        args.as_of ?? null,
      );
      if (amended) ctx.warn(amended);
    }
    const cite = (r: { value: number; accession_no: string; form: string; filed: string }) => ({
      ...r,
      url: urlOf(r.accession_no),
    });
    const split = await splitReading(facts, tags, unit, args.as_of ?? null, keep, ctx.warn);
    const rows = keep.map((p) => ({
      start: p.start,
      end: p.end,
      duration_days: p.duration_days,
      period_kind: p.kind,
      fiscal_year: p.fiscal_year,
      fiscal_period: p.fiscal_period,
      frame: p.frame,
      tag: p.tag,
      first_reported: cite(p.first),
      last_reported: cite(p.last),
      restated: split?.restated(p) ?? p.restated,
      reports: p.reports,
      last_reported_values: p.last_values ?? null,
      first_reported_values: p.first_values ?? null,
      split_adjusted: p.last_values ? null : split?.adjusted(p) ?? null,
    }));
    const slips = await scaleSlips(rows, unit);
    if (slips) ctx.warn(slips);
    // a later filing printing the figure rounded (in millions): two values, no restatement
    const { differs } = await import("../../analysis/filings/facts.ts");
    const rounded = rows.filter((r) =>
      !r.restated && r.first_reported.value !== r.last_reported.value &&
      !differs(r.first_reported.value, r.last_reported.value)
    );
    if (rounded.length) {
      const r = rounded[rounded.length - 1];
      const n = (v: number) => v.toLocaleString("en-US");
      ctx.warn(
        `${rounded.length} period(s) are last reported rounded, not restated (the latest: ${
          r.start ? `${r.start}..` : ""
        }${r.end}, ${n(r.first_reported.value)} in ${r.first_reported.accession_no}, ${
          n(r.last_reported.value)
        } in ${r.last_reported.accession_no}): a later filing printed the figure to fewer digits (in thousands or millions); restated is false and first_reported keeps the more precise value`,
      );
    }
    const several = rows.filter((r) => r.last_reported_values || r.first_reported_values);
    if (several.length) {
      const r = several[several.length - 1];
      const [values, report] = r.last_reported_values
        ? [r.last_reported_values, r.last_reported]
        : [r.first_reported_values!, r.first_reported];
      ctx.warn(
        `${several.length} period(s) are given several different values by one filing (the latest: ${
          values.map((v) => v.toLocaleString("en-US")).join(", ")
        } at ${
          r.start ? `${r.start}..` : ""
        }${r.end} in ${report.accession_no}): one per share class or other dimension SEC's company facts do not name, or a tagging error; nothing says which is which or whether one is the total, so the value shown is the largest, never a sum: see last_reported_values and first_reported_values${
          tags.includes("EntityCommonStockSharesOutstanding")
            ? " (for the company's total, the balance sheet's us-gaap CommonStockSharesOutstanding may give it: concept=shares_outstanding)"
            : ""
        }`,
      );
    }
    if (args.period === "quarterly") {
      const gaps = unreportedQuarters(periods, keep, /\/shares$|^shares$/.test(unit));
      if (gaps) ctx.warn(gaps);
    }
    if (args.period === "annual" && !forms) {
      // years a tag skips (another tag, or an extension tag then): a hole rows do not show
      // (with form= the caller chose a subset of the filings: holes are theirs)
      const { missingYears, missingYearsWarning } = await import(
        "../../analysis/filings/fact_gaps.ts"
      );
      const holes = missingYearsWarning(missingYears(rows), tags, unit);
      if (holes) ctx.warn(holes);
    }
    // a 13-period calendar's 16-week quarter (see longQuarter): a quarter by its own length
    const long = rows.filter((r) => r.period_kind === "quarter" && (r.duration_days ?? 0) > 100);
    if (long.length) {
      const r = long[long.length - 1];
      ctx.warn(
        `${long.length} quarter(s) are longer than 13 weeks (the latest: ${r.start}..${r.end}, ${
          Math.round(r.duration_days! / 7)
        } weeks): the company's fiscal year has a 16-week quarter (a 16-12-12-12 or 12-12-12-16-week year of thirteen 4-week periods), read as a quarter by its own length; it does not compare with a 12- or 13-week quarter`,
      );
    }
    // a 52/53-week calendar's 53-week year and 14-week quarter: a week more than the others
    const { unitKind } = await import("../../analysis/filings/facts_basis.ts");
    const flows = unitKind(unit) === "money" || unitKind(unit) === "per_share";
    const extra = rows.filter((r) =>
      flows && r.start !== null && (
        (r.period_kind === "annual" && (r.duration_days ?? 0) >= 369) ||
        (r.period_kind === "quarter" && (r.duration_days ?? 0) >= 95 &&
          (r.duration_days ?? 0) <= 100)
      )
    );
    if (extra.length) {
      ctx.warn(
        `${extra.length} period(s) are longer than 52 weeks (a year) or 13 weeks (a quarter) on the company's 52/53-week calendar (${
          extra.slice(-3).map((r) =>
            `${r.start}..${r.end}: ${Math.round(r.duration_days! / 7)} weeks`
          ).join("; ")
        }${
          extra.length > 3 ? "; ..." : ""
        }): a 53-week year or a 14-week quarter holds an extra week of flows (more weeks, more), so growth from a 52-week year (13-week quarter) to it is overstated and from it to the next understated`,
      );
    }
    const { calendarFrom, labelChecked } = await import("../../analysis/filings/facts_calendar.ts");
    const unchecked = rows.filter((r) =>
      r.fiscal_year !== null && labelChecked(r, filings) === false
    );
    if (unchecked.length) {
      ctx.warn(
        `${unchecked.length} period(s) ending ${unchecked[0].end}${
          unchecked.length > 1 ? ` to ${unchecked[unchecked.length - 1].end}` : ""
        } are before ${
          calendarFrom(filings)
        }, the start of the earliest fiscal year the company's annual reports show on its current calendar: their fiscal_year and fiscal_period are SEC's fy/fp of the filings that reported them, not checked against the company's calendar (their dates are right)`,
      );
    }
    const { fiscalYearRule } = await import("../../analysis/filings/facts_calendar.ts");
    const rule = fiscalYearRule(filings);
    // a year named by the calendar year it starts in is not what a reader guesses: said
    if (rule?.byStart && rows.some((r) => r.fiscal_year !== null)) ctx.warn(rule.rule);
    const clashes = labelClashes(rows);
    if (clashes.size) {
      for (const r of rows) {
        if (clashes.has(r)) {
          r.fiscal_year = null;
          r.fiscal_period = null;
        }
      }
      ctx.warn(
        `${clashes.size} period(s) were given a fiscal label another period of the same length also has, or one out of order with their dates (SEC's fy and fp in the company's older filings disagree with their periods): their fiscal_year and fiscal_period are left empty; their start and end dates are right`,
      );
    }
    return {
      symbol: args.symbol,
      cik: String(cik).padStart(10, "0"),
      company: name,
      concept: args.concept,
      alias,
      taxonomy,
      tags,
      unit,
      label,
      description,
      period: args.period,
      as_of: args.as_of ?? null,
      fiscal_year_rule: rule?.rule ?? null,
      rows,
      count: rows.length,
      restated_count: rows.filter((r) => r.restated).length,
      source: "sec_companyfacts" as const,
      url: facts.url,
      ...filingReadFrom(ctx),
    };
  },
});
