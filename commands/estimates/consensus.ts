import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";
import { ticker } from "../../core/schema.ts";

const n = z.number().nullable();
const range = z.object({ avg: n, low: n, high: n });

export default defineCommand({
  name: "estimates.consensus",
  summary: "Analyst consensus estimates (annual or quarterly)",
  description:
    "Analysts' consensus (average, low, high) of revenue, EPS, EBITDA, EBIT, net income and " +
    "SG&A per fiscal period, with analyst counts, from Financial Modeling Prep (estimates_a). " +
    "Needs ESTIMATES_A_API_KEY; without it the command fails naming the variable and makes no " +
    "request. Estimates are one provider's aggregate, not facts. Compare your own figures with " +
    "estimates.compare.",
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
        "The calendar year the period ends in (FMP's date): a company's own name for it can differ (a year ending in January or February is often named for the year before, and Apple's quarter ending in December is Q1 of its next fiscal year).",
      ),
      revenue: range,
      eps: range,
      ebitda: range,
      ebit: range,
      net_income: range,
      sga_expense: range,
      analyst_count: z.object({ revenue: n, eps: n }),
      provider: z.string(),
      source_url: z.string(),
    })),
    count: z.int(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string(),
  }),
  examples: ["finance estimates.consensus AAPL period=annual limit=4"],
  async run(args, ctx) {
    const { ESTIMATES_URL } = await import("../../providers/estimates_a/client.ts");
    // FMP spells classes and listings as Yahoo does (BRK-B, SHEL.L).
    const { canonicalSymbol } = await import("../../analysis/market/symbols.ts");
    const symbol = canonicalSymbol(args.symbol);
    const rows = await (await ctx.provider("estimates_a")).estimates(
      symbol,
      args.period,
      args.limit,
      args.page,
    );
    // FMP answers 0 for avg, low and high alike where it has no estimate (MSFT's EPS with six
    // analysts counted): no consensus is exactly zero at every analyst, so that is no value
    const placeholders: string[] = [];
    const pick = (r: Record<string, unknown>, p: string) => {
      const v = (k: string) => (typeof r[k] === "number" ? r[k] as number : null);
      const out = { avg: v(`${p}Avg`), low: v(`${p}Low`), high: v(`${p}High`) };
      if (out.avg === 0 && out.low === 0 && out.high === 0) {
        placeholders.push(`${p} ${r.date}`);
        return { avg: null, low: null, high: null };
      }
      return out;
    };
    const estimates = rows.map((r) => ({
      symbol: r.symbol,
      date: r.date,
      period: args.period,
      fiscal_year: r.date.slice(0, 4),
      revenue: pick(r, "revenue"),
      eps: pick(r, "eps"),
      ebitda: pick(r, "ebitda"),
      ebit: pick(r, "ebit"),
      net_income: pick(r, "netIncome"),
      sga_expense: pick(r, "sgaExpense"),
      analyst_count: { revenue: r.numAnalystsRevenue ?? null, eps: r.numAnalystsEps ?? null },
      provider: "estimates_a",
      source_url: ESTIMATES_URL,
    }));
    if (placeholders.length) {
      ctx.warn(
        `FMP gave 0 for the average, low and high of ${placeholders.slice(0, 4).join(", ")}${
          placeholders.length > 4 ? ` and ${placeholders.length - 4} more` : ""
        }: its mark for no estimate, left empty rather than passed as a forecast of zero`,
      );
    }
    // a year ending in January or February: companies name it either way (NVIDIA's fiscal
    // 2025 ended 2025-01-26, Target's fiscal 2024 ended 2025-02-01)
    const early = estimates.filter((e) => /^\d{4}-0[12]-/.test(e.date));
    if (args.period === "annual" && early.length) {
      ctx.warn(
        `fiscal_year is the calendar year each period ends in; ${symbol}'s years end in ${
          early[0].date.slice(5, 7) === "01" ? "January" : "February"
        } (${
          early[0].date
        }), which some companies name for the year before: check the company's own name for the year before citing it`,
      );
    }
    if (estimates.length) {
      ctx.warn(
        "FMP states no currency: the amounts are in the company's reporting currency, which need not be the one its shares trade in",
      );
    }
    return withSourceUrls({
      symbol,
      period: args.period,
      provider: "estimates_a",
      estimates,
      count: estimates.length,
      retrieved_at: ctx.clock.now().toISOString(),
    }, ctx);
  },
});
