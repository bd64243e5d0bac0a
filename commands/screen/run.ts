import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";

const n = z.number().nullable();

export default defineCommand({
  name: "screen.run",
  summary:
    "Run a predefined screen (top gainers, losers, most active) or a query over the market screener",
  description:
    "Runs Yahoo's screener. Give a predefined id from screen.predefined (day_gainers) or a " +
    'query such as `region=us AND sector="Technology" AND intradaymarketcap>10B` ' +
    "(operators = != > >= < <= and IN (a, b); AND binds before OR; numbers take K/M/B/T). " +
    "Money thresholds are full amounts (10B, not 10000 for millions) that Yahoo compares in " +
    "each listing's own currency (JPY for Tokyo, pence for a GBp listing's price); percent " +
    "fields take 5 for 5%. " +
    "Rows carry price, change, market cap and volume with the quote time. Screen membership is " +
    "a filter result, not a recommendation; fewer rows than asked means fewer matched, unless " +
    "a warning says Yahoo counts more.",
  usage: "finance screen.run QUERY [count=25 offset=0 sort_field=FIELD sort_asc=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["query", "source", "provider", "source_urls"],
  positional: ["query"],
  view: "screen",
  args: z.strictObject({
    query: z.string().min(1).describe(
      "A predefined screen id, or clauses like region=us AND intradaymarketcap>10B.",
    ),
    count: z.int().min(1).max(250).default(25).describe("How many rows to return (1-250)."),
    offset: z.int().min(0).max(10_000).default(0).describe(
      "Rows to skip, for paging (at most 10,000: Yahoo pages a screen no further).",
    ),
    sort_field: z.string().optional().describe(
      "Field to sort a query's results by (e.g. intradaymarketcap); default percentchange.",
    ),
    sort_asc: z.boolean().optional().describe("Sort ascending instead of descending."),
  }),
  data: z.object({
    query: z.string(),
    kind: z.enum(["predefined", "query"]),
    title: z.string().nullable(),
    description: z.string().nullable(),
    quotes: z.array(z.object({
      symbol: z.string(),
      name: z.string().nullable(),
      price: n,
      change_pct: n,
      market_cap: n,
      volume: n,
      currency: z.string().nullable(),
      market_cap_currency: z.string().nullable(),
      exchange: z.string().nullable(),
      as_of: z.string().nullable(),
    })),
    count: z.int(),
    total: z.int().nullable(),
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
  }),
  examples: [
    "finance screen.run day_gainers count=10",
    "finance screen.run query='region=us AND sector=\"Technology\" AND intradaymarketcap>10B'",
  ],
  async run(args, ctx) {
    const { runScreen } = await import("../../analysis/market/screen_run.ts");
    return withSourceUrls(await runScreen(ctx, args), ctx);
  },
});
