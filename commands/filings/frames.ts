import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import { friendlyNames } from "../../analysis/filings/facts_items.ts";
import { splitConcept, xbrlUnit } from "./_facts.ts";

const TAXONOMIES = ["us-gaap", "ifrs-full", "dei", "srt"] as const;
import { calendarSpan, coverageWarning } from "../../analysis/filings/frames_rank.ts";
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
    const { besideNotes, gatherFrames, offCalendarNote, shareBasisNote } = await import(
      "../../analysis/filings/frames_rank.ts"
    );
    const read = (tag: string) => frame(client, args.taxonomy, tag, unit, args.period);
    // a tag that is only part of the item for some companies (a bank's revenue from contracts
    // with customers) beside a whole tag with another value: said, with both values
    const partial = new Set(item?.partial?.[taxonomy] ?? []);
    const { byCik, urls, label, partCiks, notes } = await gatherFrames(
      read,
      tags,
      partial,
      item?.key,
    );
    for (const note of notes) ctx.warn(note);
    // a company ranked by a partial tag that also reports income such a tag never includes
    // (a bank's noninterest or interest income, an insurer's premiums) is ranked by a part of
    // its revenue: said with that income, as filings.history sets the tag aside for it
    const beside = item?.notTotalBeside?.[taxonomy] ?? [];
    const onPart = [...byCik.values()].filter((x) =>
      partial.has(x.tag) && !partCiks.has(x.row.cik)
    );
    if (beside.length && onPart.length) {
      const aborted = () => ctx.signal.aborted;
      for (const note of await besideNotes(read, beside, onPart, item!.key, aborted)) {
        ctx.warn(note);
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
    const offCalendar = offCalendarNote(ranked.map((r) => r.row), args.period);
    if (offCalendar) ctx.warn(offCalendar);
    const basis = ranked.length ? shareBasisNote(unit, args.period) : null;
    if (basis) ctx.warn(basis);
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
