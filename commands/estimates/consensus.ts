import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import {
  readFrom as readOf,
  SOURCE_URLS_HELP,
  sourceUrls,
  withSourceUrls,
} from "../market/_sources.ts";
import { ticker } from "../../core/schema.ts";
import { InputError } from "../../core/errors.ts";

const n = z.number().nullable();
const range = z.object({ avg: n, low: n, high: n });

export default defineCommand({
  name: "estimates.consensus",
  summary: "Analyst consensus estimates (annual or quarterly)",
  description:
    "Analysts' consensus (average, low, high) of revenue, EPS, EBITDA, EBIT, net income and " +
    "SG&A per fiscal period, with analyst counts, from Financial Modeling Prep (estimates_a). " +
    "Needs ESTIMATES_A_API_KEY; without it the command fails naming the variable and makes no " +
    "request. FMP lists the furthest period first, so a small limit gives the furthest years, " +
    "not the coming one (each row's date says which). A figure FMP counts no analyst for is " +
    "left empty. Estimates are one provider's aggregate, not facts. Compare your own figures " +
    "with estimates.compare.",
  usage: "finance estimates.consensus SYMBOL [period=annual|quarter limit=10 page=0]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "date", "provider", "source_url", "source_urls"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it."),
    period: z.preprocess(
      (v) => (typeof v === "string" && /^(quarterly|q)$/i.test(v) ? "quarter" : v),
      z.enum(["annual", "quarter"]),
    ).default("annual").describe("annual or quarter (quarterly accepted)."),
    limit: z.int().min(1).max(100).default(10).describe("Most periods to return (1-100)."),
    page: z.int().min(0).default(0).describe("Page of results, from 0."),
  }),
  data: z.object({
    symbol: z.string(),
    period: z.string(),
    provider: z.string(),
    estimates: z.array(z.object({
      symbol: z.string(),
      date: z.string(),
      period: z.string(),
      fiscal_year: z.string().describe(
        "The calendar year the period ends in (FMP's date): a company's own name for it can differ (a year ending in January, February or March is often named for the year before, and Apple's quarter ending in December is Q1 of its next fiscal year).",
      ),
      revenue: range,
      eps: range,
      ebitda: range,
      ebit: range,
      net_income: range,
      sga_expense: range,
      analyst_count: z.object({ revenue: n, eps: n }),
      provider: z.string(),
      source_url: z.string().describe(
        "The URL the row was read from, as requested (the API key removed).",
      ),
    })),
    count: z.int(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When FMP's answer was read (ISO 8601; the recording's time under replay); null when that is not known (a recording that carries no date).",
    ),
  }),
  examples: ["finance estimates.consensus AAPL period=annual limit=4"],
  async run(args, ctx) {
    const { ESTIMATES_URL } = await import("../../providers/estimates_a/client.ts");
    // FMP spells classes and listings as Yahoo does (BRK-B, SHEL.L).
    const { canonicalSymbol } = await import("../../core/symbols.ts");
    const symbol = canonicalSymbol(args.symbol);
    // a pair, a coin, a contract or an index has no analysts' revenue or EPS estimates
    const { notACompany } = await import("../../analysis/market/company_only.ts");
    const what = notACompany(symbol);
    if (what) {
      throw new InputError(
        `${symbol} is ${what}, which has no analyst estimates of revenue or EPS; give a company's ticker`,
      );
    }
    const answered = await (await ctx.provider("estimates_a")).estimates(
      symbol,
      args.period,
      args.limit,
      args.page,
    );
    // rows of another symbol are another company's estimates: never passed as this one's
    const same = (s: string) => s.toUpperCase().replace(/\./g, "-");
    const rows = answered.filter((r) => same(r.symbol) === same(symbol));
    // the address the rows were read from, as requested (the key removed), not the bare endpoint
    const readFrom = sourceUrls(ctx, (r) => r.provider === "estimates_a").at(-1) ?? ESTIMATES_URL;
    const others = [...new Set(answered.filter((r) => !rows.includes(r)).map((r) => r.symbol))];
    if (others.length) {
      const { ProviderError } = await import("../../core/errors.ts");
      if (!rows.length) {
        throw new ProviderError(
          "estimates_a",
          `FMP answered estimates for ${
            others.join(", ")
          } when asked for ${symbol}: not passed as ${symbol}'s; check the symbol (FMP spells share classes BRK-B and other listings with the exchange suffix, SHEL.L)`,
        );
      }
      ctx.warn(
        `left out FMP's rows for ${
          others.join(", ")
        }: asked for ${symbol}, they are another symbol's estimates`,
      );
    }
    const { periodNotes, readConsensus } = await import("../../analysis/market/consensus.ts");
    const { estimates, notes } = readConsensus(rows, args.period, readFrom);
    for (const note of notes) ctx.warn(note);
    // "ahead" of the day the answer was read (a recording's day under replay), else this run's
    const today = (readOf(ctx, "estimates_a").retrieved_at ?? ctx.clock.now().toISOString())
      .slice(0, 10);
    const at = { period: args.period, today, limit: args.limit, page: args.page, symbol };
    for (const note of periodNotes(estimates, { ...at, rows: rows.length })) ctx.warn(note);
    return withSourceUrls({
      symbol,
      period: args.period,
      provider: "estimates_a",
      estimates,
      count: estimates.length,
      // a date nobody knows (an undated recording, warned) is null, never today
      retrieved_at: readOf(ctx, "estimates_a").retrieved_at,
    }, ctx);
  },
});
