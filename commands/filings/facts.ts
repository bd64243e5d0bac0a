import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { isoDate, list, ticker } from "../../core/schema.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import { friendlyNames } from "../../analysis/filings/facts_items.ts";
import { filingReadFrom, readFromShape } from "./_shared.ts";
import { loadFacts, reportSchema, splitConcept, xbrlUnit } from "./_facts.ts";
import type { CompanyFacts } from "../../providers/filings_a/facts.ts";
import type {
  FactPeriod,
  FactRow,
  FilingIndex,
  PeriodOptions,
} from "../../analysis/filings/facts.ts";

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

const TAXONOMIES = ["us-gaap", "ifrs-full", "dei", "srt", "invest"] as const;

export default defineCommand({
  name: "filings.facts",
  summary: "Every reported value of one XBRL concept over time, first and last reported",
  description:
    `Use for a number over time from SEC's XBRL company facts (data.sec.gov/api/xbrl/companyfacts): one row per period (start, end, duration, fiscal year and period, calendar frame) with the value as first reported and as last reported, each citing its filing (accession, form, filing date, index URL); restated=true where they differ beyond rounding (a later filing printing the figure in millions is no restatement, warned; a filing that gives a period several values is compared by all of them: a later filing giving one of them is no restatement; for per-share figures and share counts, once both are on one share basis: a split alone is not a restatement, and split_adjusted gives the last report on the latest filing's basis). as_of=YYYY-MM-DD keeps only what had been filed by that date (point in time, no look-ahead). An amount restated to a power of a thousand times its first report, or to its negative, is warned as a likely tagging slip (a figure in thousands tagged as units), not taken for a restatement. With period=annual, fiscal years missing inside the series (a tag the company set aside for some years) are warned: missing, not zero.

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
    taxonomy: z.enum(TAXONOMIES).optional().describe(
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
      ...splitConcept(given.concept, given.taxonomy, TAXONOMIES) as {
        concept: string;
        taxonomy: typeof given.taxonomy;
      },
    };
    const { cik, facts, filings, urlOf } = await loadFacts(ctx, args.symbol);
    const name = facts.entity_name || args.symbol;
    const forms = args.form?.map((f) => f.toUpperCase()) ?? null;
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

/**
 * For a concept in shares or per share, when the company's facts show share splits: each period's
 * last report on the latest share basis and whether it was restated beyond the split, with a
 * warning saying which periods are on an older basis. Null for other concepts.
 */
async function splitReading(
  facts: CompanyFacts,
  tags: string[],
  unit: string,
  asOf: string | null,
  periods: FactPeriod[],
  warn: (m: string) => void,
) {
  const { describeSplits, onBasis, restatedOnBasis, shareBasis, shareUnit, SPLIT_TAGS } =
    await import("../../analysis/filings/splits.ts");
  const kind = shareUnit(unit);
  if (!kind) return null;
  const basis = shareBasis(facts.taxonomies, asOf);
  const perShare = kind === "per_share";
  const older = periods.filter((p) => basis.factor(p.last.accession_no) !== 1);
  if (!older.length) return null;
  const splits = describeSplits(basis);
  if (!tags.every((t) => SPLIT_TAGS.has(t))) {
    warn(
      `${tags.join(", ")} is in ${unit}, and the company's filings show share splits${
        splits ? ` (${splits})` : ""
      }: ${older.length} period(s) were last reported before one, on an older share basis; whether this concept follows a split is not known here, so split_adjusted is left empty`,
    );
    return null;
  }
  const unknown = older.filter((p) => basis.factor(p.last.accession_no) === null).length;
  if (unknown < older.length) {
    warn(
      `${
        older.length - unknown
      } period(s) were last reported before a share split, on that filing's share basis (${splits}); split_adjusted gives each period's last reported value on the latest filing's basis, and restated compares reports on one basis`,
    );
  }
  if (unknown) {
    warn(
      `${unknown} period(s) are on a share basis that cannot be told (a split the company facts show could not be placed between filings): their split_adjusted is empty`,
    );
  }
  return {
    adjusted(p: FactPeriod): number | null {
      const f = basis.factor(p.last.accession_no);
      return f === null ? null : onBasis(p.last.value, f, perShare);
    },
    restated(p: FactPeriod): boolean {
      return p.restated && (restatedOnBasis(p.first, p.last, perShare, basis) ?? true);
    },
  };
}

/**
 * Quarters period=quarterly cannot list because the company reports them only within a longer
 * period: a second or third quarter only year to date (a cash-flow statement's usual way), a
 * fourth only as part of the year. Said with counts and the latest of each, so that the
 * quarters listed are not taken for the whole series; null when every such period has its
 * quarter.
 */
function unreportedQuarters(
  all: FactPeriod[],
  kept: FactPeriod[],
  perShare: boolean,
): string | null {
  // days within three of a listed quarter's end (one fiscal period dated a few days off)
  const day = (d: string) => Math.round(Date.parse(d) / 86_400_000);
  const ends = new Set<number>();
  for (const p of kept) {
    if (p.kind === "quarter") { for (let k = -3; k <= 3; k++) ends.add(day(p.end) + k); }
  }
  const near = (end: string) => ends.has(day(end));
  const ytd = all.filter((p) => (p.kind === "half" || p.kind === "nine_months") && !near(p.end));
  const years = all.filter((p) => p.kind === "annual" && !near(p.end));
  if (!ytd.length && !years.length) return null;
  const name = (p: FactPeriod) => `${p.start}..${p.end}`;
  const parts = [
    ...(ytd.length
      ? [
        `${ytd.length} second or third quarter(s) only year to date (the latest: ${
          name(ytd[ytd.length - 1])
        }, ${ytd[ytd.length - 1].kind === "half" ? "six" : "nine"} months)`,
      ]
      : []),
    ...(years.length
      ? [
        `${years.length} fourth quarter(s) only within the fiscal year (the latest: ${
          name(years[years.length - 1])
        })`,
      ]
      : []),
  ];
  return `period=quarterly lists the three-month periods the company reports on their own; it reports ${
    parts.join(" and ")
  }, so those quarters are missing here, not zero: ${
    perShare
      ? "per-share figures and share counts do not subtract, so no quarter can be derived from them (read the quarter's net income and shares)"
      : "filings.history period=quarterly derives them (Q2 YTD - Q1, FY - Q1 - Q2 - Q3) with their sources"
  }, and period=all lists the longer periods`;
}

/**
 * Amounts of money whose last report is a power of a thousand times the first, or its negative
 * (see scaleSlip): one filing's tagging slip far more likely than a restatement. Said with the latest such period's two reports; null when none.
 */
async function scaleSlips(
  rows: {
    start: string | null;
    end: string;
    restated: boolean;
    first_reported: { value: number; accession_no: string; form: string; filed: string };
    last_reported: { value: number; accession_no: string; form: string; filed: string };
  }[],
  unit: string,
): Promise<string | null> {
  const { scaleSlip, slipWords } = await import("../../analysis/filings/facts.ts");
  const { unitKind } = await import("../../analysis/filings/facts_basis.ts");
  if (unitKind(unit) !== "money") return null;
  const hits = rows.filter((r) =>
    r.restated && scaleSlip(r.first_reported.value, r.last_reported.value) !== null
  );
  if (!hits.length) return null;
  const r = hits[hits.length - 1];
  const f = scaleSlip(r.first_reported.value, r.last_reported.value)!;
  const [a, b] = [r.first_reported, r.last_reported];
  return `${hits.length} period(s) are restated to a power of a thousand times their first value or to its negative (the latest: ${
    r.start ? `${r.start}..` : ""
  }${r.end}, ${
    a.value.toLocaleString("en-US")
  } in ${a.accession_no} (${a.form}, filed ${a.filed}), then ${
    b.value.toLocaleString("en-US")
  } in ${b.accession_no} (${b.form}, filed ${b.filed}), ${
    slipWords(f)
  } it): more likely a tagging slip in one filing (a figure in thousands or millions tagged as units, or with the wrong sign) than a restatement; last_reported is the latest filed, not checked to be the right one: read both filings before using either`;
}

/**
 * Periods an amendment of a kept form (a 10-K/A beside form=10-K) reported later with another
 * value, when form= leaves the amendment out: the rows then show the value as the original
 * filings gave it, with restated false, though the company has since corrected it. Said, with
 * the latest such amendment; null when none.
 */
async function amendedOutside(
  periods: FactPeriod[],
  concepts: Record<string, { units: Record<string, FactRow[]> }> | undefined,
  unit: string,
  forms: string[],
  asOf: string | null,
): Promise<string | null> {
  const { differs, samePeriod } = await import("../../analysis/filings/facts.ts");
  const left = (form: string) => {
    const f = form.toUpperCase();
    return /\/A$/.test(f) && !forms.includes(f) && forms.includes(f.slice(0, -2));
  };
  const byTag = new Map<string, FactRow[]>();
  let n = 0;
  let latest: { p: FactPeriod; r: FactRow } | null = null;
  for (const p of periods) {
    let rows = byTag.get(p.tag);
    if (!rows) {
      rows = (concepts?.[p.tag]?.units[unit] ?? [])
        .filter((r) => left(r.form) && (!asOf || r.filed <= asOf));
      byTag.set(p.tag, rows);
    }
    const hit = rows.filter((r) =>
      r.filed > p.last.filed && samePeriod(r, p) && differs(r.val, p.last.value)
    ).sort((a, b) => a.filed.localeCompare(b.filed)).pop();
    if (!hit) continue;
    n++;
    if (!latest || hit.filed > latest.r.filed) latest = { p, r: hit };
  }
  if (!latest) return null;
  const { p, r } = latest;
  const amendments = [...new Set(forms.map((f) => `${f}/A`))].filter((f) => !forms.includes(f));
  return `${n} period(s) shown as the kept forms (${
    forms.join(", ")
  }) reported them were reported later with another value by an amendment form= leaves out (the latest: ${
    r.val.toLocaleString("en-US")
  } for ${
    p.start ? `${p.start}..` : ""
  }${p.end} in ${r.accn} (${r.form}, filed ${r.filed}), against ${
    p.last.value.toLocaleString("en-US")
  } shown): those rows are not the company's corrected figures and their restated is false only within the forms kept; add ${
    amendments.join(",")
  } to form= to read the amended values`;
}

/**
 * Cover-page values (dei: a share count as of a date shortly before the filing) take the fiscal
 * label of the report whose cover gives them, when their date lies between that report's period
 * end and its filing date: a balance at that date has no fiscal period of its own, and the cover
 * of the FY2024 10-K is where the count belongs (a cover dated more than 120 days after the period,
 * as an amendment's a year on, is not). Returns how many were labelled so.
 */
function coverLabels(
  periods: FactPeriod[],
  filings: FilingIndex,
  balanceLabel: (end: string, f: FilingIndex) => { fy: number | null; fp: string | null } | null,
): number {
  let n = 0;
  for (const p of periods) {
    if (p.kind !== "instant" || p.fiscal_period !== null) continue;
    const own = filings.byAccn.get(p.first.accession_no);
    // within a report's filing window (an amendment's cover a year on is not that period's)
    if (!own || !(own.end < p.end && p.end <= p.first.filed)) continue;
    if (Date.parse(p.end) - Date.parse(own.end) > 120 * 86_400_000) continue;
    // the report's period as the company's calendar names it (SEC's fy/fp of old filings err)
    const label = balanceLabel(own.end, filings) ?? { fy: own.fy, fp: own.fp };
    if (label.fy === null || !/^(FY|Q[1-3])$/.test(label.fp ?? "")) continue;
    p.fiscal_year = label.fy;
    p.fiscal_period = label.fp;
    n++;
  }
  return n;
}

/**
 * Rows whose fiscal label cannot be right: the same label on two different periods of one kind
 * (NVIDIA's old filings call two quarters "Q2 FY2009"), or fiscal years that go back while the
 * end dates go forward.
 */
function labelClashes<
  R extends {
    start: string | null;
    end: string;
    period_kind: string;
    fiscal_year: number | null;
    fiscal_period: string | null;
  },
>(rows: R[]): Set<R> {
  const out = new Set<R>();
  const byLabel = new Map<string, R[]>();
  for (const r of rows) {
    if (r.fiscal_year === null) continue;
    const key = `${r.period_kind}|${r.fiscal_year}|${r.fiscal_period ?? ""}`;
    byLabel.set(key, [...byLabel.get(key) ?? [], r]);
  }
  for (const group of byLabel.values()) {
    if (new Set(group.map((r) => `${r.start}|${r.end}`)).size > 1) group.forEach((r) => out.add(r));
  }
  const kinds = new Set(rows.map((r) => r.period_kind));
  for (const kind of kinds) {
    const labelled = rows.filter((r) => r.period_kind === kind && r.fiscal_year !== null)
      .sort((a, b) => a.end.localeCompare(b.end));
    for (let i = 1; i < labelled.length; i++) {
      if (labelled[i].fiscal_year! < labelled[i - 1].fiscal_year!) {
        out.add(labelled[i]);
        out.add(labelled[i - 1]);
      }
    }
  }
  return out;
}

/** What a concept reads as: its taxonomy, tags, unit, periods and label. */
interface Reading {
  taxonomy: string;
  tags: string[];
  unit: string;
  periods: FactPeriod[];
  label: string | null;
  description: string | null;
  alias: string | null;
}

/**
 * Reads what `concept` names in a company's facts: an XBRL tag as typed, a friendly name, or a
 * tag typed in another letter case (in that order); an unknown name is an InputError with the
 * closest known one.
 */
async function readConcept(
  facts: CompanyFacts,
  name: string,
  args: { concept: string; taxonomy?: string; unit?: string },
  filings: FilingIndex,
  opts: PeriodOptions,
  warn: (m: string) => void,
): Promise<Reading> {
  const { lineItem, LINE_ITEMS, itemUnit, mergeRules } = await import(
    "../../analysis/filings/facts_items.ts"
  );
  const { groupPeriods } = await import("../../analysis/filings/facts_periods.ts");
  const { mergedPeriods } = await import("../../analysis/filings/facts_merge.ts");
  const { otherUnits, reportingBasis, unitKind } = await import(
    "../../analysis/filings/facts_basis.ts"
  );
  const taxonomies = args.taxonomy ? [args.taxonomy] : [...TAXONOMIES];
  const lower = args.concept.toLowerCase();
  const exact = taxonomies.find((t) => facts.taxonomies[t]?.[args.concept]);
  const item = exact ? null : lineItem(args.concept);
  if (item) {
    const basis = reportingBasis(facts.taxonomies, opts.asOf ?? null) ??
      reportingBasis(facts.taxonomies);
    const taxonomy = args.taxonomy ?? basis?.taxonomy;
    if (taxonomy !== "us-gaap" && taxonomy !== "ifrs-full") {
      throw new InputError(
        `concept: "${args.concept}" is a friendly name for us-gaap and ifrs-full tags, and ${name} reports no ${
          taxonomy ?? "us-gaap or ifrs-full"
        } financial data to map it to; pass an XBRL tag`,
      );
    }
    const concepts = facts.taxonomies[taxonomy];
    const tags = item.tags[taxonomy].filter((t) => concepts?.[t]);
    if (!tags.length) {
      throw new InputError(
        item.tags[taxonomy].length
          ? `concept: ${name} tags none of ${
            item.tags[taxonomy].join(", ")
          } (what "${item.key}" maps to in ${taxonomy}); look for the company's own tag with an XBRL tag name`
          : `concept: "${item.key}" maps to no ${taxonomy} tag, and ${name} reports in ${taxonomy}; pass the company's own ${taxonomy} tag as concept= (an XBRL tag name)`,
      );
    }
    const unit = args.unit ?? itemUnit(item, basis?.currency ?? "USD");
    const periods = mergedPeriods(
      tags,
      concepts,
      unit,
      filings,
      opts,
      mergeRules(item, taxonomy, warn),
    );
    // periods reported only in another currency (a company that changed its reporting
    // currency): never mixed in, and never left out unsaid
    const other = args.unit || !/^[A-Z]{3}(\/shares)?$/.test(unit)
      ? null
      : otherUnits(tags, concepts, unit, periods, opts.asOf ?? null, true);
    const currencies = other?.units.filter((u) => /^[A-Z]{3}(\/shares)?$/.test(u)) ?? [];
    if (other && !other.periods && currencies.length) {
      // the same periods in a second currency (a foreign issuer's convenience translation of
      // its latest year into USD): one currency shown, the other said, never mixed
      warn(
        `${item.key}: some periods are also reported in ${
          currencies.join(", ")
        } (a convenience translation, or a second currency, beside ${unit}, the currency of the company's financial statements); only ${unit} is shown: values in different currencies are never mixed; pass unit=${
          currencies[0]
        } to read the others`,
      );
    }
    if (
      args.unit && basis && /^(money|per_share)$/.test(unitKind(args.unit)) &&
      !sameCurrency(args.unit, basis.currency)
    ) {
      warn(
        `unit: ${args.unit} is not the currency of the company's financial statements (${basis.currency}); values in ${args.unit} are often a convenience translation of a few figures, not the full series, and are never mixed with ${basis.currency} ones`,
      );
    }
    if (other?.periods && currencies.length) {
      warn(
        `${item.key}: ${other.periods} period(s) are reported only in ${
          currencies.join(", ")
        }, not in ${unit} (the currency of the company's financial statements), and are not shown: values in different currencies are never mixed; pass unit=${
          currencies[0]
        } to read them`,
      );
    }
    // the item under the other taxonomy (a filer that moved from US GAAP to IFRS): never
    // mixed into this series, and never left out unsaid
    if (!args.taxonomy) {
      const otherTax = taxonomy === "us-gaap" ? "ifrs-full" : "us-gaap";
      const oc = facts.taxonomies[otherTax];
      const otags = item.tags[otherTax].filter((t) => oc?.[t]);
      const seen = new Set(periods.map((p) => `${p.start ?? ""}|${p.end}`));
      const all = new Set<string>();
      const missing = new Set<string>();
      let latest = "";
      for (const t of otags) {
        for (const r of Object.values(oc[t].units).flat()) {
          if (opts.asOf && r.filed > opts.asOf) continue;
          if (opts.forms && !opts.forms.includes(r.form.toUpperCase())) continue;
          const k = `${r.start ?? ""}|${r.end}`;
          all.add(k);
          if (!seen.has(k)) missing.add(k);
          if (r.end > latest) latest = r.end;
        }
      }
      if (all.size) {
        const { switchWords, taxonomySwitch } = await import(
          "../../analysis/filings/taxonomy_switch.ts"
        );
        const moved = taxonomySwitch(facts.taxonomies, taxonomy, opts.asOf ?? null);
        warn(
          `${item.key}: the company also reports it under ${otherTax} (${
            otags.join(", ")
          }: ${all.size} period(s) to ${latest}, ${missing.size} of them not in this series)${
            moved ? `; ${switchWords(moved)}` : ""
          }; this series reads ${taxonomy}, the taxonomy of the company's latest annual report, and never mixes two taxonomies (the same period's figures may differ between them): pass taxonomy=${otherTax} to read the others`,
        );
      }
    }
    const first = concepts[periods[0]?.tag ?? tags[0]];
    return {
      taxonomy,
      tags,
      unit,
      periods,
      label: first?.label ?? item.label,
      description: first?.description ?? null,
      alias: item.key,
    };
  }
  // XBRL tags are case-sensitive, but people type them in any case.
  let taxonomy = exact;
  let tag = exact ? args.concept : undefined;
  for (const t of exact ? [] : taxonomies) {
    tag = Object.keys(facts.taxonomies[t] ?? {}).find((k) => k.toLowerCase() === lower);
    if (tag) {
      taxonomy = t;
      break;
    }
  }
  if (!taxonomy || !tag) {
    const known = taxonomies.flatMap((t) => Object.keys(facts.taxonomies[t] ?? {}));
    const guess = closest(args.concept, [...known, ...LINE_ITEMS.map((i) => i.key)]);
    throw new InputError(
      `concept: ${name} has no XBRL concept "${args.concept}"${
        args.taxonomy ? ` in ${args.taxonomy}` : ""
      }${guess ? `; did you mean ${guess}?` : ""} (friendly names: ${friendlyNames().join(", ")})`,
    );
  }
  const concept = facts.taxonomies[taxonomy][tag];
  const units = Object.keys(concept.units);
  if (args.unit && !concept.units[args.unit]) {
    throw new InputError(
      `unit: ${taxonomy}:${tag} of ${name} is reported in ${units.join(", ")}, not ${args.unit}`,
    );
  }
  // a company's own currency before a dollar convenience translation of a few figures
  const currency = (reportingBasis(facts.taxonomies, opts.asOf ?? null) ??
    reportingBasis(facts.taxonomies))?.currency ?? "USD";
  const unit = args.unit ?? pickUnit(units, concept.units, currency, (u) =>
    warn(
      `${taxonomy}:${tag} is reported in several units (${units.join(", ")}); showing ${u}${
        u === currency || u === `${currency}/shares`
          ? `, the currency of the company's financial statements`
          : ""
      }; values in different units are never mixed; pass unit= for another`,
    ));
  return {
    taxonomy,
    tags: [tag],
    unit,
    periods: groupPeriods(tag, unit, concept.units[unit] ?? [], filings, opts),
    label: concept.label,
    description: concept.description,
    alias: null,
  };
}

function pickUnit(
  units: string[],
  rows: Record<string, unknown[]>,
  currency: string,
  warnMany: (chosen: string) => void,
): string {
  if (units.length === 1) return units[0];
  // the statements' currency as an amount or per share, whichever the tag is mostly reported
  // in: an EPS tag with a few values slipped into plain USD is read per share, not in those
  const most = (us: string[]) =>
    us.filter((u) => units.includes(u)).sort((a, b) => rows[b].length - rows[a].length)[0];
  const top = most(units);
  const money = most([currency, `${currency}/shares`]) ?? most(["USD", "USD/shares"]);
  // a count or a ratio (shares, pure, Year) mostly reported so, with a few values slipped
  // into a currency, is read in its own unit
  const chosen =
    money && !(/^(shares|pure|Year)$/.test(top) && rows[top].length > rows[money].length)
      ? money
      : top;
  if (chosen) warnMany(chosen);
  return chosen ?? "USD";
}

/** Whether two units are in one currency (EUR and EUR/shares are; EUR and USD are not). */
function sameCurrency(unit: string, currency: string): boolean {
  return unit.split("/")[0] === currency;
}
