import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { answeredAt, sourceUrls } from "../market/_sources.ts";
import { warnOtherKey } from "./_page.ts";

export default defineCommand({
  name: "sector.table",
  summary: "Top companies, ETFs, funds or research reports of a sector",
  description:
    "One table of a sector page: top_companies (rating, weight, cap, price, target), top_etfs " +
    "and top_mutual_funds (net assets, expense ratio, YTD return), or research_reports " +
    "(headline naming the company, provider, rating, target price, date). *_pct fields are " +
    "percent numbers; market_weight (weight in the sector, as Yahoo states it) and expense_ratio are fractions. " +
    "Yahoo names no currency for prices, caps and net assets (each is its listing's own).",
  usage:
    "finance sector.table KEY [table=top_companies|top_etfs|top_mutual_funds|research_reports limit=25]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["key", "table", "source", "provider"],
  positional: ["key"],
  args: z.strictObject({
    key: z.string().describe("Sector key from sector.keys, e.g. technology."),
    table: z.enum(["top_companies", "top_etfs", "top_mutual_funds", "research_reports"])
      .default("top_companies").describe("Which table of the sector page to return."),
    limit: z.int().min(1).max(100).optional().describe(
      "Most rows to return (1-100; 25 when not given). A limit past the rows Yahoo's page lists is warned.",
    ),
  }),
  data: z.object({
    key: z.string(),
    name: z.string(),
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
  examples: ["finance sector.table technology table=top_etfs limit=5"],
  async run(args, ctx) {
    const { pageTable, pageUrl, shortTable, tableCaveats, SECTOR_SOURCE } = await import(
      "../../analysis/market/domain.ts"
    );
    const { sectorKeyOf } = await import("../../analysis/market/sector_keys.ts");
    const asked = sectorKeyOf(args.key);
    const d = await (await ctx.provider("market_a")).domain.sector(asked);
    warnOtherKey(ctx, "sector", asked, d.key);
    const rows = pageTable(d, args.table, args.limit ?? 25);
    for (const w of tableCaveats(args.table, rows)) ctx.warn(w);
    if (args.limit !== undefined && rows.length < args.limit) {
      ctx.warn(shortTable(args, rows.length));
    }
    return {
      key: d.key,
      name: d.name,
      table: args.table,
      rows,
      count: rows.length,
      provider: "market_a",
      source: SECTOR_SOURCE,
      // the page as requested: Yahoo's key in the answer may not be the one asked for
      url: sourceUrls(ctx, (r) => r.url.includes("/v1/finance/sectors/")).at(-1) ??
        pageUrl("sectors", d.key),
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
    };
  },
});
