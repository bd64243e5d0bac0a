import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import { friendlyNames } from "../../analysis/filings/facts_items.ts";
import { splitConcept, xbrlUnit } from "./_facts.ts";

const TAXONOMIES = ["us-gaap", "ifrs-full", "dei", "srt"] as const;
import type { FrameRow } from "../../providers/filings_a/facts.ts";
import { readFrom } from "../market/_sources.ts";

// SEC's instant frames are quarter ends only (CY2023Q4I; no CY2023I)
const PERIOD = /^CY\d{4}(Q[1-4]I?)?$/;

export default defineCommand({
  name: "filings.frames",
  summary: "One XBRL concept across all SEC filers for one calendar period, ranked",
  description:
    `Use to compare companies on one reported figure ("largest revenues in 2023", "total assets at the end of 2023 Q4"): SEC's frames API (data.sec.gov/api/xbrl/frames) returns, for one concept, unit and calendar period, the value each filer reported that best fits the period; rows are ranked by value (largest first), each with the company, CIK, period dates, accession number and filing URL.

period=CY2023 is a calendar year (durations of about 365 days), CY2023Q4 a quarter (about 91 days), and a trailing I (CY2023Q4I) an instant, which balance-sheet concepts need. concept= is an XBRL tag or a friendly name (${
      friendlyNames().join(", ")
    }); a friendly name reads every tag it maps to and keeps, per company, the first tag in its order, so companies using different revenue tags are all ranked; a company that reports a tag that may be only part of the item (revenue from contracts with customers, which leaves out a bank's interest income) and a larger total is ranked by the total, said with both values, and one ranked by such a tag beside a smaller total or beside income the tag leaves out (a bank's interest income, an insurer's premiums) is warned about with both values. Frames are per unit: companies reporting in another currency are not in a USD frame (ifrs-full filers mostly report in their own: pass unit=EUR), and values in two currencies are never ranked together. Per-share units are written USD/shares; per-share values and share counts are each on the share basis of the filing that last reported them (a later split not applied), warned. SEC puts in a calendar frame each filer's fiscal period that best fits it: companies whose period ends more than a week from the calendar period's end (a fiscal year ending in September ranked in CY2023) are warned about with their dates. A period not over, or ended too lately for every filer to have reported it (150 days for a year or a fourth quarter, 100 for other quarters), is warned as partial: companies that have not filed are missing, not ranked lower; a period that has not started is refused.`,
  usage:
    "finance filings.frames concept=Revenues period=CY2023 [taxonomy=us-gaap unit=USD limit=50]",
  side_effects: "network_read_only",
  view: "frames",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "tags",
    "period",
    "urls",
    "rows.accession_no",
    "rows.url",
    "provider",
    "retrieved_at",
  ],
  positional: ["concept", "period"],
  args: z.strictObject({
    concept: z.string().trim().min(1).max(200).regex(
      /^(?:[A-Za-z][\w.-]*:)?[A-Za-z][A-Za-z0-9_]*$/,
      "expected an XBRL tag such as Revenues (or us-gaap:Revenues) or a friendly name such as revenue",
    ).describe(
      "XBRL tag (e.g. Revenues, Assets, or with its prefix us-gaap:Revenues) or friendly name (revenue, total_assets, ...).",
    ),
    period: z.string().trim().transform((v) => v.toUpperCase()).refine(
      (v) => PERIOD.test(v),
      "expected CY2023 (year), CY2023Q4 (quarter) or CY2023Q4I (instant; SEC's instant frames are quarter ends, so a year-end balance is CY2023Q4I, not CY2023I)",
    ).describe("Calendar period: CY2023, CY2023Q4, or CY2023Q4I for instants."),
    taxonomy: z.enum(TAXONOMIES).default("us-gaap").describe(
      "Taxonomy of the tag.",
    ),
    unit: xbrlUnit.optional().describe(
      "Unit as SEC writes it: USD (default), USD/shares for per-share items (default for EPS names), shares, EUR, ...",
    ),
    limit: z.int().min(1).max(1000).default(50).describe("How many companies to return."),
  }),
  data: z.object({
    concept: z.string(),
    alias: z.string().nullable(),
    taxonomy: z.string(),
    tags: z.array(z.string()),
    unit: z.string(),
    period: z.string(),
    label: z.string().nullable(),
    companies: z.int(),
    rows: z.array(z.object({
      rank: z.int(),
      cik: z.string(),
      company: z.string(),
      location: z.string().nullable(),
      value: z.number(),
      start: z.string().nullable(),
      end: z.string(),
      tag: z.string(),
      accession_no: z.string(),
      url: z.string(),
    })),
    count: z.int(),
    source: z.literal("sec_frames"),
    urls: z.array(z.string()),
    provider: z.literal("filings_a"),
    retrieved_at: z.string().nullable().describe(
      "When SEC's newest answer read was received (the recording's time under replay).",
    ),
  }),
  examples: [
    "finance filings.frames concept=Revenues period=CY2023 limit=10",
    "finance filings.frames concept=Assets period=CY2023Q4I limit=20",
  ],
  async run(given, ctx) {
    // "us-gaap:Revenues", as filings.statement writes a concept, is that tag of us-gaap
    const named = splitConcept(given.concept, given.taxonomy, TAXONOMIES, "us-gaap");
    const args = { ...given, ...named, taxonomy: named.taxonomy as typeof given.taxonomy };
    const client = await ctx.provider("filings_a");
    const { frame, factFilingUrl } = await import("../../providers/filings_a/facts.ts");
    const { atDate, itemUnit, lineItem } = await import("../../analysis/filings/facts_items.ts");
    // A capitalised name is a tag as typed; a friendly name maps to the tags companies use.
    const item = /^[a-z]/.test(args.concept) ? lineItem(args.concept) : null;
    if (/^[a-z]/.test(args.concept) && !item) {
      throw new InputError(
        `concept: "${args.concept}" is neither an XBRL tag (tags start with a capital: Revenues) nor a friendly name (${
          friendlyNames().join(", ")
        })`,
      );
    }
    if (item && args.taxonomy !== "us-gaap" && args.taxonomy !== "ifrs-full") {
      throw new InputError(
        `concept: "${args.concept}" is a friendly name for us-gaap and ifrs-full tags, not ${args.taxonomy} ones; pass an XBRL tag of ${args.taxonomy} (e.g. concept=EntityCommonStockSharesOutstanding taxonomy=dei)`,
      );
    }
    const taxonomy = args.taxonomy === "ifrs-full" ? "ifrs-full" : "us-gaap";
    const tags = item ? item.tags[taxonomy] : [args.concept];
    if (!tags.length) {
      throw new InputError(`concept: "${args.concept}" maps to no ${taxonomy} tag; pass a tag`);
    }
    const unit = args.unit ?? (item ? itemUnit(item, "USD") : "USD");
    const instant = args.period.endsWith("I");
    // a period not over, or over too lately for every filer to have reported it: SEC adds a
    // company to the frame when it files, so the missing ones are absent, not ranked last
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const span = calendarSpan(args.period);
    if (span && today < span.start) {
      throw new InputError(
        `period: ${args.period} starts ${span.start}, after today (${today}): no filer has reported it yet; ask for a period that has ended (CY${
          Number(today.slice(0, 4)) - 1
        } is the latest calendar year that has)`,
      );
    }
    const lag = span ? coverageWarning(args.period, span, today, taxonomy) : null;
    if (lag) ctx.warn(lag);
    // balances and balance-sheet share counts are at a date; flows, per-share figures and
    // weighted average share counts are over a period
    if (item && atDate(item) !== instant) {
      ctx.warn(
        instant
          ? `${item.key} is over a period, not at a date; an instant period (${args.period}) usually has no values, use ${
            args.period.slice(0, -1)
          }`
          : `${item.key} is a balance at a date; use an instant period such as ${
            /Q[1-4]$/.test(args.period) ? args.period : `${args.period}Q4`
          }I`,
      );
    }
    if (taxonomy === "ifrs-full" && !args.unit && unit.startsWith("USD")) {
      ctx.warn(
        `frames are per unit: only IFRS filers reporting ${args.concept} in ${unit} are ranked, most report in their own currency (pass unit=EUR, unit=JPY, ...); values in different currencies are never ranked together`,
      );
    }
    const byCik = new Map<
      number,
      { row: FrameRow; tag: string }
    >();
    const urls: string[] = [];
    let label: string | null = null;
    // a tag that is only part of the item for some companies (a bank's revenue from contracts
    // with customers) beside a whole tag with another value: said, with both values
    const partial = new Set(item?.partial?.[taxonomy] ?? []);
    const parts: string[] = [];
    const totals: string[] = [];
    const partCiks = new Set<number>();
    for (const tag of tags) {
      const f = await frame(client, args.taxonomy, tag, unit, args.period);
      if (!f) continue;
      urls.push(f.url);
      label ??= f.label;
      for (const row of f.rows) {
        const seen = byCik.get(row.cik);
        if (!seen) byCik.set(row.cik, { row, tag });
        else if (partial.has(seen.tag) && !partial.has(tag) && seen.row.val !== row.val) {
          partCiks.add(row.cik);
          // the larger whole-item tag is the company's total: it is ranked by that, said
          const whole = row.val > seen.row.val;
          if (whole) byCik.set(row.cik, { row, tag });
          (whole ? totals : parts).push(
            `${row.entityName} (${seen.tag} ${seen.row.val.toLocaleString("en-US")}, ${tag} ${
              row.val.toLocaleString("en-US")
            })`,
          );
        }
      }
    }
    if (totals.length) {
      ctx.warn(
        `${totals.length} company(ies) report both a tag that may be only part of their ${
          item!.key
        } (revenue from contracts with customers leaves out interest, lease and insurance income) and a larger total: they are ranked by the total (their row's tag says which): ${
          totals.slice(0, 5).join("; ")
        }${totals.length > 5 ? "; ..." : ""}`,
      );
    }
    if (parts.length) {
      ctx.warn(
        `${parts.length} company(ies) are ranked by a tag that may be only part of their ${
          item!.key
        } (revenue from contracts with customers leaves out interest, lease and insurance income) while they report another, smaller total: ${
          parts.slice(0, 5).join("; ")
        }${
          parts.length > 5 ? "; ..." : ""
        }; compare them with filings.history or filings.facts, not by this ranking`,
      );
    }
    // a company ranked by a partial tag that also reports income such a tag never includes
    // (a bank's noninterest or interest income, an insurer's premiums) is ranked by a part of
    // its revenue: said with that income, as filings.history sets the tag aside for it
    const beside = item?.notTotalBeside?.[taxonomy] ?? [];
    const onPart = [...byCik.values()].filter((x) =>
      partial.has(x.tag) && !partCiks.has(x.row.cik)
    );
    if (beside.length && onPart.length) {
      const outside: string[] = [];
      const unread: string[] = [];
      const named = new Set<number>();
      for (const tag of beside) {
        let f: Awaited<ReturnType<typeof frame>> = null;
        try {
          f = await frame(client, args.taxonomy, tag, unit, args.period);
        } catch (e) {
          // a cancelled request ends the command; any other failure leaves the check undone
          if (ctx.signal.aborted) throw e;
          unread.push(tag);
          continue;
        }
        const at = new Map(f?.rows.map((r) => [r.cik, r]) ?? []);
        for (const x of onPart) {
          const o = at.get(x.row.cik);
          if (!o || named.has(x.row.cik)) continue;
          named.add(x.row.cik);
          outside.push(
            `${x.row.entityName} (${x.tag} ${x.row.val.toLocaleString("en-US")} beside ${tag} ${
              o.val.toLocaleString("en-US")
            })`,
          );
        }
      }
      if (outside.length) {
        ctx.warn(
          `${outside.length} company(ies) are ranked by ${
            item!.key
          } from contracts with customers while they also report income that tag leaves out (a bank's interest or noninterest income, an insurer's premiums), so their value is only a part of their ${
            item!.key
          }, which they tag as no total: ${outside.slice(0, 5).join("; ")}${
            outside.length > 5 ? "; ..." : ""
          }; compare them with filings.history or filings.facts, not by this ranking`,
        );
      }
      if (unread.length) {
        ctx.warn(
          `${onPart.length} company(ies) are ranked by a tag that is only a part of ${
            item!.key
          } for banks and insurers, and the frames of ${
            unread.join(", ")
          } that would show which of them those are could not be read: such a company's value may be only its fee income`,
        );
      }
    }
    if (!urls.length) {
      throw new ProviderError(
        "filings_a",
        `SEC has no frame for ${args.taxonomy} ${tags.join(" / ")} in ${unit} for ${args.period}${
          instant ? "" : " (balance-sheet concepts need an instant period such as CY2023Q4I)"
        }${
          !args.unit && !item
            ? "; the unit defaults to USD: per-share tags need unit=USD/shares, share counts unit=shares, other currencies unit=EUR, JPY, ..."
            : ""
        }; check the tag, unit and period`,
      );
    }
    const ranked = [...byCik.values()].sort((a, b) => b.row.val - a.row.val);
    // SEC fills a calendar frame with each filer's fiscal period that best fits it, so a
    // September or January fiscal year sits in CY2023 beside calendar years: said, with dates.
    const offCalendar = offCalendarRows(ranked.map((r) => r.row), args.period);
    if (offCalendar.length) {
      ctx.warn(
        `${offCalendar.length} of ${ranked.length} company(ies) have a fiscal period that is not ${args.period}: SEC ranks the period that best fits it, so their values cover other months: ${
          offCalendar.slice(0, 5).map((r) =>
            `${r.entityName} (${r.start ? `${r.start} to ` : ""}${r.end})`
          ).join("; ")
        }${offCalendar.length > 5 ? "; ..." : ""}; see each row's start and end before comparing`,
      );
    }
    // per-share figures and share counts: each company's as it last reported the period, on
    // that filing's share basis; a split since then is not applied
    if (/\/shares$|^shares$/.test(unit) && ranked.length) {
      ctx.warn(
        `values in ${unit} are each company's as it last reported ${args.period}, on that filing's share basis: a share split the company made after that filing is not applied (its later filings would show the period ${
          unit === "shares" ? "multiplied" : "divided"
        } by the split's ratio), so a value may not match the company's current per-share or share-count basis; filings.facts gives one company's split_adjusted values`,
      );
    }
    const rows = ranked.slice(0, args.limit).map(({ row, tag }, i) => ({
      rank: i + 1,
      cik: String(row.cik).padStart(10, "0"),
      company: row.entityName,
      location: row.loc ?? null,
      value: row.val,
      start: row.start ?? null,
      end: row.end,
      tag,
      accession_no: row.accn,
      url: factFilingUrl(row.cik, row.accn),
    }));
    return {
      concept: args.concept,
      alias: item?.key ?? null,
      taxonomy: args.taxonomy,
      tags,
      unit,
      period: args.period,
      label,
      companies: byCik.size,
      rows,
      count: rows.length,
      source: "sec_frames" as const,
      urls,
      provider: "filings_a" as const,
      retrieved_at: readFrom(ctx, "filings_a").retrieved_at,
    };
  },
});

const QUARTER_END = ["03-31", "06-30", "09-30", "12-31"];
const QUARTER_START = ["01-01", "04-01", "07-01", "10-01"];

/** First and last day of a calendar frame's period (an instant: its quarter's). */
function calendarSpan(period: string): { start: string; end: string } | null {
  const m = /^CY(\d{4})(?:Q([1-4]))?I?$/.exec(period);
  if (!m) return null;
  const q = m[2] ? Number(m[2]) - 1 : null;
  return {
    start: `${m[1]}-${QUARTER_START[q ?? 0]}`,
    end: `${m[1]}-${QUARTER_END[q ?? 3]}`,
  };
}

/**
 * Days after a calendar period's end before every filer has reported it: a 10-K is due up to
 * 90 days after the year end, a 20-F four months, and SEC puts in a calendar year fiscal years
 * ending a month or two after it (a retailer's year to January 31): 150 days, for a fourth
 * quarter too (its figures and year-end balances come with the annual report). A 10-Q is due
 * up to 45 days after the quarter, and quarters ending weeks after the calendar's fit it too:
 * 100 days.
 */
const FILING_LAG_DAYS = { year: 150, quarter: 100 };

/**
 * A frame asked for a period not over, or over too lately for all filers to have reported it
 * (see FILING_LAG_DAYS): said, with the dates, since the missing companies are not in the
 * ranking at all. Null for a period all filers have had time to report.
 */
function coverageWarning(
  period: string,
  span: { start: string; end: string },
  today: string,
  taxonomy: string,
): string | null {
  const day = 86_400_000;
  const days = Math.round((Date.parse(today) - Date.parse(span.end)) / day);
  const year = !/Q[1-4]/.test(period);
  // a fourth quarter's figures and year-end balances come with the annual report
  const q4 = /Q4/.test(period);
  const lag = year || q4 ? FILING_LAG_DAYS.year : FILING_LAG_DAYS.quarter;
  if (days >= lag) return null;
  const annual = `a 10-K is due up to 90 days after the year end${
    taxonomy === "ifrs-full" ? " and a 20-F four months" : " (a 20-F four months)"
  }`;
  const due = year
    ? `${annual}, and fiscal years ending after ${span.end} can fit ${period} too`
    : q4
    ? `a fourth quarter's figures and year-end balances come with the annual report: ${annual}`
    : "a 10-Q is due up to 45 days after the quarter, and fiscal quarters ending weeks later can fit it too";
  return `${period} ${
    days < 0
      ? `has not ended (it ends ${span.end}; today is ${today})`
      : `ended ${span.end}, ${days === 0 ? "today" : `${days} day(s) before today (${today})`}`
  }: the frame is partial: SEC adds a company when it files, and ${due}; companies that have not filed yet are missing from the ranking, not ranked lower, so rank again after ${
    new Date(Date.parse(span.end) + lag * day).toISOString().slice(0, 10)
  } for the whole field`;
}

/** Rows whose period ends more than a week from the calendar period's end (a 52/53-week
 * year ending on the last Saturday of December stays within it). */
function offCalendarRows(rows: FrameRow[], period: string): FrameRow[] {
  const m = /^CY(\d{4})(?:Q([1-4]))?I?$/.exec(period);
  if (!m) return [];
  const end = Date.parse(`${m[1]}-${QUARTER_END[m[2] ? Number(m[2]) - 1 : 3]}T00:00:00Z`);
  const week = 7 * 86400000;
  return rows.filter((r) => {
    const t = Date.parse(`${r.end}T00:00:00Z`);
    return !Number.isFinite(t) || Math.abs(t - end) > week;
  });
}
