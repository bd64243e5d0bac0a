import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { someOf } from "../../core/lists.ts";
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

/** Up to four items named, then how many more. */
const listed = (items: string[]) => someOf(items, 4);

type Range = { avg: number | null; low: number | null; high: number | null };

/** The ranges of one estimate row by metric. */
function metricRanges(e: Record<string, unknown>): Record<string, Range> {
  const out: Record<string, Range> = {};
  for (const k of ["revenue", "eps", "ebitda", "ebit", "net_income", "sga_expense"]) {
    out[k] = e[k] as Range;
  }
  return out;
}

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
    // a figure FMP counts no analyst for is no analysts' consensus; one analyst's is a forecast
    const uncounted: string[] = [];
    const single: string[] = [];
    const counted = (
      range: Range,
      count: number | null | undefined,
      what: string,
      date: string,
    ) => {
      if (range.avg === null && range.low === null && range.high === null) return range;
      if (count === 0) {
        uncounted.push(`${what} ${date}`);
        return { avg: null, low: null, high: null };
      }
      if (count === 1) single.push(`${what} ${date}`);
      return range;
    };
    const estimates = rows.map((r) => ({
      symbol: r.symbol,
      date: r.date,
      period: args.period,
      fiscal_year: r.date.slice(0, 4),
      revenue: counted(pick(r, "revenue"), r.numAnalystsRevenue, "revenue", r.date),
      eps: counted(pick(r, "eps"), r.numAnalystsEps, "eps", r.date),
      // FMP counts analysts for revenue and EPS only: where it counts none for either, no
      // analyst covers the period, and its other figures are no one's either
      ...(r.numAnalystsRevenue === 0 && r.numAnalystsEps === 0
        ? {
          ebitda: counted(pick(r, "ebitda"), 0, "ebitda", r.date),
          ebit: counted(pick(r, "ebit"), 0, "ebit", r.date),
          net_income: counted(pick(r, "netIncome"), 0, "net income", r.date),
          sga_expense: counted(pick(r, "sgaExpense"), 0, "SG&A", r.date),
        }
        : {
          ebitda: pick(r, "ebitda"),
          ebit: pick(r, "ebit"),
          net_income: pick(r, "netIncome"),
          sga_expense: pick(r, "sgaExpense"),
        }),
      analyst_count: { revenue: r.numAnalystsRevenue ?? null, eps: r.numAnalystsEps ?? null },
      provider: "estimates_a",
      source_url: readFrom,
    }));
    // a row holding none of the figures read (FMP renaming its fields, or an empty row) would
    // pass as a period with every figure empty: said, naming what the row does hold
    const read = ["revenue", "eps", "ebitda", "ebit", "netIncome", "sgaExpense"]
      .flatMap((m) => [`${m}Avg`, `${m}Low`, `${m}High`]);
    const bare = rows.filter((r) =>
      !read.some((k) => typeof (r as Record<string, unknown>)[k] === "number")
    );
    if (bare.length) {
      const held = [
        ...new Set(
          bare.flatMap((r) => Object.keys(r))
            .filter((k) => !["symbol", "date", "numAnalystsRevenue", "numAnalystsEps"].includes(k)),
        ),
      ];
      ctx.warn(
        `FMP's ${listed(bare.map((r) => r.date))} carr${
          bare.length === 1 ? "ies" : "y"
        } none of the figures read (revenueAvg, epsAvg and their low and high): ${
          held.length
            ? `the row holds ${listed(held)} instead, so FMP may have renamed its fields`
            : "it has no figure at all"
        }; no figure is given for ${bare.length === 1 ? "that period" : "those periods"}`,
      );
    }
    if (placeholders.length) {
      ctx.warn(
        `FMP gave 0 for the average, low and high of ${
          listed(placeholders)
        }: its mark for no estimate, left empty rather than passed as a forecast of zero`,
      );
    }
    if (uncounted.length) {
      ctx.warn(
        `FMP counts no analyst for ${listed(uncounted)}: a figure no analyst gave is no ` +
          "consensus, so it is left empty",
      );
    }
    if (single.length) {
      ctx.warn(
        `${listed(single)} rest${
          single.length === 1 ? "s" : ""
        } on a single analyst: one forecast, not a consensus of several`,
      );
    }
    // an average outside its own low and high is no consistent range
    const odd: string[] = [];
    for (const e of estimates) {
      for (const [what, r] of Object.entries(metricRanges(e))) {
        const { avg, low, high } = r;
        const tol = (x: number) => Math.abs(x) * 1e-6 + 1e-9;
        if (
          (low !== null && high !== null && low > high + tol(high)) ||
          (avg !== null && low !== null && avg < low - tol(low)) ||
          (avg !== null && high !== null && avg > high + tol(high))
        ) odd.push(`${what} ${e.date}`);
      }
    }
    if (odd.length) {
      ctx.warn(
        `FMP's average lies outside its own low and high for ${listed(odd)}: the range is ` +
          "inconsistent, so check those figures against another source before citing them",
      );
    }
    // FMP lists the furthest period first, so a small limit keeps the furthest periods and
    // drops the next one (limit=1 gives AAPL's fiscal 2029, not its coming year)
    // "ahead" of the day the answer was read (a recording's day under replay), else this run's
    const today = (readOf(ctx, "estimates_a").retrieved_at ?? ctx.clock.now().toISOString())
      .slice(0, 10);
    const dates = estimates.map((e) => e.date.slice(0, 10)).sort();
    const ahead = dates.filter((d) => d > today);
    const span = args.period === "annual" ? 372 : 100; // 53-week years, 14-week quarters
    const days = (d: string) =>
      (Date.parse(`${d}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
    const unit = args.period === "annual" ? "fiscal year" : "quarter";
    if (
      ahead.length && days(ahead[0]) > span && (ahead.length === dates.length || args.page === 0)
    ) {
      ctx.warn(
        ahead.length === dates.length && rows.length === args.limit
          ? `the nearest ${unit} given ends ${ahead[0]}, more than one period after ${today}: ` +
            `FMP lists the furthest periods first, so limit=${args.limit} left out the nearer ` +
            `ones; raise limit (or read page=${args.page + 1}) for the coming ${unit}`
          : `FMP's answer has no ${unit} ending between ${today} and ${ahead[0]}: the coming ` +
            `${unit} is missing from it, so the nearest figures given are not the next ${unit}'s`,
      );
    }
    // two periods less than one period apart (a changed fiscal year end, or one period twice)
    // cannot both be full periods: which figure is the year's (or quarter's) is not known
    const min = args.period === "annual" ? 350 : 80;
    const close: string[] = [];
    for (let i = 1; i < dates.length; i++) {
      const gap = (Date.parse(`${dates[i]}T00:00:00Z`) - Date.parse(`${dates[i - 1]}T00:00:00Z`)) /
        86_400_000;
      if (gap < min) close.push(`${dates[i - 1]} and ${dates[i]}`);
    }
    if (close.length) {
      ctx.warn(
        `FMP's ${args.period === "annual" ? "years" : "quarters"} ending ${
          listed(close)
        } are less than one ${
          args.period === "annual" ? "year" : "quarter"
        } apart: they cannot both be full periods (a changed fiscal year end, or one period given twice), so check which is the company's before citing either`,
      );
    }
    const ended = dates.filter((d) => d <= today);
    if (ended.length) {
      ctx.warn(
        `${ended.length} of the periods (ending ${ended[0]}${
          ended.length > 1 ? ` to ${ended[ended.length - 1]}` : ""
        }) ended by ${today}: their figures are FMP's estimates for them, not the reported ` +
          "results (fundamentals.statement or filings.statement give those)",
      );
    }
    // a year ending in January, February or March: companies name it either way (NVIDIA's
    // fiscal 2025 ended 2025-01-26, Target's fiscal 2024 ended 2025-02-01; Toyota's fiscal 2025
    // ended 2025-03-31, Sony's fiscal 2024 ended the same day)
    const early = estimates.filter((e) => /^\d{4}-0[123]-/.test(e.date));
    if (args.period === "annual" && early.length) {
      const month = ["January", "February", "March"][Number(early[0].date.slice(5, 7)) - 1];
      ctx.warn(
        `fiscal_year is the calendar year each period ends in; ${symbol}'s years end in ${month} (${
          early[0].date
        }), which some companies name for the year before: check the company's own name for the year before citing it`,
      );
    }
    // a quarter is named by the calendar year it ends in; the company's fiscal year can differ
    if (args.period === "quarter" && estimates.length) {
      ctx.warn(
        "fiscal_year of a quarter is the calendar year it ends in, not the company's fiscal " +
          "year: where the year ends in another month than December the names differ (Apple's " +
          "quarter ending in December is Q1 of its next fiscal year); name the quarter by its date",
      );
    }
    if (estimates.length) {
      ctx.warn(
        "FMP states no currency: the amounts are most likely in the company's reporting " +
          "currency, which need not be the one its shares trade in, and for a depositary " +
          "receipt (ADR) the EPS may be per ordinary share rather than per ADR: check one " +
          "against fundamentals.statement before setting it beside a price (estimates.compare " +
          "checks the currency and share basis you state for each side)",
      );
    }
    if (!estimates.length) {
      // FMP answers [] for a symbol it does not know as for a page past its last one
      ctx.warn(
        args.page > 0
          ? `FMP gave no estimates for ${symbol} on page ${args.page}: the periods it has end on earlier pages (try page=0)`
          : `FMP gave no estimates for ${symbol}: it has none for the symbol as spelled (check it; FMP spells share classes BRK-B and other listings with the exchange suffix, SHEL.L), or none on this plan; no estimate is not an estimate of zero`,
      );
    }
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
