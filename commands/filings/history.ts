import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { isoDate, ticker } from "../../core/schema.ts";
import { ProviderError } from "../../core/errors.ts";
import { LINE_ITEMS } from "../../analysis/filings/facts_items.ts";
import { filingReadFrom, readFromShape } from "./_shared.ts";
import { loadFacts } from "./_facts.ts";

const leafSchema = z.object({
  item: z.string(),
  period: z.string(),
  start: z.string().nullable(),
  end: z.string(),
  value: z.number(),
  tag: z.string().nullable(),
  accession_no: z.string().nullable(),
  form: z.string().nullable(),
  filed: z.string().nullable(),
  url: z.string().nullable(),
  derived: z.string().nullable(),
});

/** A value a derived cell uses; a derived one lists its own sources, one level down. */
const sourceSchema = leafSchema.extend({ sources: z.array(leafSchema).nullable() });

const cellSchema = z.object({
  value: z.number().nullable(),
  tag: z.string().nullable(),
  accession_no: z.string().nullable(),
  form: z.string().nullable(),
  filed: z.string().nullable(),
  url: z.string().nullable(),
  restated: z.boolean(),
  first_reported: z.number().nullable(),
  restated_from: z.object({
    value: z.number(),
    accession_no: z.string(),
    form: z.string(),
    filed: z.string(),
    url: z.string(),
  }).nullable().describe(
    "For a restated value, the other filing of the restatement: with basis=latest the one that first reported the period (its value is first_reported), with basis=first_reported the latest one, which restated it; null when never restated.",
  ),
  derived: z.string().nullable(),
  sources: z.array(sourceSchema).nullable(),
  note: z.string().nullable(),
});

const itemList = (statement: string) =>
  LINE_ITEMS.filter((i) => i.statement === statement).map((i) => i.key).join(", ");

export default defineCommand({
  name: "filings.history",
  summary: "A standardized multi-year income, balance or cash-flow statement from XBRL facts",
  description:
    `Use for a statement over many periods ("revenue and net income for ten years", "TTM free cash flow"): standard line items built from SEC's XBRL company facts, fiscal periods as columns, every cell citing the filing that reported it (accession, form, filing date, index URL). Values are as last reported by default (basis=first_reported for as-originally-filed); restated=true marks cells that differ from the first report, and restated_from cites the other filing of the restatement (the first report, or as first reported the restating one); as_of=YYYY-MM-DD uses only what had been filed by that date. Per-share figures and share counts reported before a share split the company facts show (a later filing restating a period by a split's ratio) are put on the latest filing's share basis as derived cells citing the value as reported, with a warning naming the splits; a split alone is not a restatement.

Line items (each mapped from the tags companies use, first tag with a value wins; a later tag the company reports beside an earlier one with another value is a different quantity and fills no gap, and revenue from contracts with customers is not taken for revenue when it is only a part of it, as for banks, insurers and REITs; the warnings name each tag set aside): income: ${
      itemList("income")
    }; balance: ${itemList("balance")}; cashflow: ${
      itemList("cashflow")
    }. period=quarterly gives discrete quarters: a quarter not reported on its own is derived from year-to-date figures ("Q2 YTD - Q1") and Q4 as "FY - Q1 - Q2 - Q3" (or "FY - Q3 YTD"), only for flow items in the same unit, never for per-share figures, share counts or balances; derived cells name their formula and cite every value used; a quarter whose inputs are of different basis (a year restated by a later filing beside quarters never reported again) is left empty with a note naming both, since the difference would put the whole restatement into that one quarter, and a TTM sum of such quarters says "mixed basis". A 16-week quarter of a 16-12-12-12 or 12-12-12-16-week year (thirteen 4-week periods) is read as a quarter by its own length, with a warning. Fiscal labels come from the company's calendar (its annual reports' year end), named as the company names its years (fiscal_year_rule says how: FY2024 is the year ending 2024-03-31 for a company naming years by the year they end in; one naming them by the year they start in is warned); a 6-K half year is "H1", never a quarter; a 10-KT transition period is labelled "FY2022 transition", never a year or a Q4, and columns before the calendar's earliest year are warned about (their labels are SEC's fy/fp); after a moved year end, columns two calendars give one label are named by their dates, overlapping columns and transition periods no column shows are warned, and 53-week years and 14-week quarters are warned (growth against 52-week years is not like for like). period=ttm is the sum of the last four discrete quarters (the full year when the latest period is a fiscal year end), balances at the latest quarter end, no per-share sums. Gross profit is computed (revenue - cost_of_revenue) only for a company that reports gross profit itself, and no difference is taken from a cost or payment reported negative. Taxonomy and currency are those of the latest annual report (a dollar convenience translation does not make a yen filer a dollar one); values in another currency are left out with a warning, never mixed. A filing that gives one period several values (one per share class) leaves the cell empty with a note naming them, and an empty cell is never summed or subtracted as zero. Shown values taken from an amended annual report are said as such; a value restated to a power of a thousand times its first report, or to its negative, is warned as a likely tagging slip rather than a restatement, as are share counts a thousand times apart in neighbouring periods; a 20-F or 40-F filer whose facts end at its annual report is warned that its interim 6-K results are not in them (quarterly and ttm). Gaps stay gaps. For one concept's full reporting history use filings.facts; for one filing's own statement use filings.statement.`,
  usage:
    "finance filings.history SYMBOL [statement=income|balance|cashflow period=annual|quarterly|ttm years=10 basis=latest|first_reported as_of=YYYY-MM-DD]",
  side_effects: "network_read_only",
  view: "history",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [
    "symbol",
    "cik",
    "url",
    "rows.cells.accession_no",
    "rows.cells.url",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: ["symbol", "statement"],
  args: z.strictObject({
    symbol: ticker(
      "Ticker of the company, resolved to its CIK through SEC's ticker list, or the company's SEC CIK (320193, CIK0000320193), which also names a filer no longer listed.",
    ),
    statement: z.enum(["income", "balance", "cashflow"]).default("income").describe(
      "Which statement: income, balance or cashflow.",
    ),
    period: z.enum(["annual", "quarterly", "ttm"]).default("annual").describe(
      "annual (fiscal years), quarterly (discrete quarters) or ttm (trailing twelve months as of the latest quarter).",
    ),
    years: z.int().min(1).max(30).default(10).describe(
      "How many fiscal years of columns (quarterly: four columns a year); ignored for ttm.",
    ),
    basis: z.enum(["latest", "first_reported"]).default("latest").describe(
      "latest: values as last reported (restatements applied); first_reported: as originally filed.",
    ),
    as_of: isoDate("Point in time: only values filed on or before this date (YYYY-MM-DD).")
      .optional(),
  }),
  data: z.object({
    symbol: z.string(),
    cik: z.string(),
    company: z.string(),
    statement: z.string(),
    period: z.string(),
    basis: z.string(),
    as_of: z.string().nullable(),
    taxonomy: z.string(),
    currency: z.string(),
    fiscal_year_rule: z.string().nullable().describe(
      "How fiscal years are labelled: as the company labels them (SEC's fy of its annual reports), e.g. FY2024 for the year ending 2024-03-31.",
    ),
    columns: z.array(z.object({
      label: z.string(),
      start: z.string().nullable(),
      end: z.string(),
      fiscal_year: z.int().nullable(),
      fiscal_period: z.string().nullable(),
    })),
    rows: z.array(z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(["flow", "instant", "per_share", "shares"]),
      unit: z.string(),
      level: z.int(),
      total: z.boolean(),
      cells: z.array(cellSchema),
    })),
    missing_items: z.array(z.string()),
    source: z.literal("sec_companyfacts"),
    url: z.string(),
    ...readFromShape,
  }),
  examples: [
    "finance filings.history AAPL statement=income period=annual years=5",
    "finance filings.history AAPL statement=income period=ttm",
    "finance filings.history NVDA statement=cashflow period=quarterly years=2",
  ],
  async run(args, ctx) {
    const { cik, facts, filings, urlOf } = await loadFacts(ctx, args.symbol);
    const { buildHistory } = await import("../../analysis/filings/history.ts");
    const history = buildHistory(facts.taxonomies, filings, {
      statement: args.statement,
      period: args.period,
      years: args.years,
      asOf: args.as_of ?? null,
      basis: args.basis,
    });
    const name = facts.entity_name || args.symbol;
    if (!history) {
      throw new ProviderError(
        "filings_a",
        `${name} reports no us-gaap or ifrs-full revenue, net income or assets in a currency in SEC's company facts (${facts.url}); a standardized statement cannot be built (try filings.facts with the company's own tags)`,
        { url: facts.url },
      );
    }
    for (const w of history.warnings) ctx.warn(w);
    const { fiscalYearRule } = await import("../../analysis/filings/facts_calendar.ts");
    const rule = fiscalYearRule(filings);
    // a year named by the calendar year it starts in is not what a reader guesses: said
    if (rule?.byStart && history.columns.length) ctx.warn(rule.rule);
    if (!history.columns.length) {
      ctx.warn(
        `no ${args.period} ${args.statement} values${
          args.as_of ? ` filed by ${args.as_of}` : ""
        } in ${name}'s company facts`,
      );
    }
    const { trailingGaps } = await import("../../analysis/filings/fact_gaps.ts");
    const stopped = trailingGaps(history.rows, history.columns.map((c) => c.label));
    if (stopped.length) {
      ctx.warn(
        `${
          stopped.map((g) =>
            `${g.key} (last in ${g.last}${g.tag ? `, tag ${g.tag}` : ""}; empty in ${
              g.missing.join(", ")
            })`
          ).join("; ")
        }: values up to a column, none in the latest: the company may now report the line under a tag this line item does not read (its own extension tag, which SEC's company facts leave out, or another us-gaap tag), so the empty cells are not "not reported"; check the latest filing with filings.statement`,
      );
    }
    const url = (a: string | null) => (a ? urlOf(a) : null);
    const rows = history.rows.map((r) => ({
      ...r,
      cells: r.cells.map((c) => ({
        ...c,
        url: url(c.accession_no),
        restated_from: c.restated_from
          ? { ...c.restated_from, url: urlOf(c.restated_from.accession_no) }
          : null,
        sources: c.sources?.map((s) => ({
          ...s,
          url: url(s.accession_no),
          sources: s.sources?.map((t) => ({ ...t, url: url(t.accession_no) })) ?? null,
        })) ?? null,
      })),
    }));
    return {
      symbol: args.symbol,
      cik: String(cik).padStart(10, "0"),
      company: name,
      statement: args.statement,
      period: args.period,
      basis: args.basis,
      as_of: args.as_of ?? null,
      taxonomy: history.taxonomy,
      currency: history.currency,
      fiscal_year_rule: rule?.rule ?? null,
      columns: history.columns,
      rows,
      missing_items: history.missing,
      source: "sec_companyfacts" as const,
      url: facts.url,
      ...filingReadFrom(ctx),
    };
  },
});
