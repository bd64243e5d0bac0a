import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { answeredAt, sourceUrls } from "../market/_sources.ts";
import { warnOtherKey } from "../sector/_page.ts";

export default defineCommand({
  name: "industry.table",
  summary: "Top companies, growth, performers or research reports of an industry",
  description:
    "One table of an industry page: top_companies, top_growth_companies (growth estimate), " +
    "top_performing_companies (YTD return, target price) or research_reports (headline naming " +
    "the company, provider, rating, target price, date). *_pct fields are percent numbers; " +
    "market_weight (weight in the industry, as Yahoo states it) is a fraction. Yahoo names no currency for prices " +
    "and caps (each is its listing's own).",
  usage:
    "finance industry.table KEY [table=top_companies|top_growth_companies|top_performing_companies|research_reports limit=25]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["key", "table", "source", "provider"],
  positional: ["key"],
  args: z.strictObject({
    key: z.string().describe("Industry key from industry.keys, e.g. semiconductors."),
    table: z.enum([
      "top_companies",
      "top_growth_companies",
      "top_performing_companies",
      "research_reports",
    ]).default("top_companies").describe("Which table of the industry page to return."),
    limit: z.int().min(1).max(100).optional().describe(
      "Most rows to return (1-100; 25 when not given). A limit past the rows Yahoo's page lists is warned.",
    ),
  }),
  data: z.object({
    key: z.string(),
    name: z.string(),
    sector_key: z.string().nullable(),
    sector_name: z.string().nullable(),
    table: z.string(),
    rows: z.array(z.record(z.string(), z.unknown())),
    count: z.int(),
    provider: z.string(),
    source: z.string(),
    url: z.string().describe("The Yahoo page the table was read from."),
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
  }),
  view: "sector_table",
  examples: ["finance industry.table banks-diversified table=top_growth_companies"],
  async run(args, ctx) {
    const { pageTable, pageUrl, shortTable, tableCaveats, INDUSTRY_SOURCE } = await import(
      "../../analysis/market/domain.ts"
    );
    const { industryPage } = await import("../../analysis/market/industry_keys.ts");
    const d = await industryPage(ctx, args.key);
    warnOtherKey(ctx, "industry", args.key, d.key);
    const rows = pageTable(d, args.table, args.limit ?? 25);
    for (const w of tableCaveats(args.table, rows)) ctx.warn(w);
    if (args.limit !== undefined && rows.length < args.limit) {
      ctx.warn(shortTable(args, rows.length));
    }
    return {
      key: d.key,
      name: d.name,
      sector_key: d.sectorKey ?? null,
      sector_name: d.sectorName ?? null,
      table: args.table,
      rows,
      count: rows.length,
      provider: "market_a",
      source: INDUSTRY_SOURCE,
      // the page as requested: Yahoo's key in the answer may not be the one asked for
      url: sourceUrls(ctx, (r) => r.url.includes("/v1/finance/industries/")).at(-1) ??
        pageUrl("industries", d.key),
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
    };
  },
});
