import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { InputError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import { commaText, isoDate } from "../../core/schema.ts";
import { panelSummary, parseSymbols } from "../../analysis/backtest/data.ts";
import {
  basketNote,
  basketWeights,
  checkPct,
  edgeTies,
  FACTORS,
  factorScore,
} from "../../analysis/backtest/factors.ts";
import { loadPanel } from "../../analysis/backtest/load.ts";
import { ENGINE, round6 } from "../../analysis/backtest/report.ts";
import { DATA_SECTION, ENGINE_SCHEMA } from "../../analysis/backtest/schemas.ts";
import { rebalanceBars } from "../../analysis/backtest/strategies.ts";
import { tradesEveryDay, weekendShare } from "../../analysis/backtest/metrics.ts";

const member = z.strictObject({ symbol: z.string(), weight: z.number(), score: z.number() });
const REBALANCE = z.strictObject({
  date: z.string(),
  scores: z.record(z.string(), z.number().nullable()),
  long: z.array(member),
  short: z.array(member),
  weights: z.record(z.string(), z.number()),
  gross_exposure: z.number(),
  net_exposure: z.number(),
  unscored: z.array(z.string()),
});

export default defineCommand({
  name: "backtest.factor.payload",
  summary: "Score symbols on a factor from real bars and form long/short baskets",
  description:
    "Computes a factor from adjusted daily bars (market.ohlcv) on each rebalance date in the " +
    "window and forms baskets like backtest.factor.weights. Factors: " +
    FACTORS.map((f) => `${f.name} (${f.summary})`).join("; ") +
    ". History before start_date is loaded so the first date has a score; a symbol without " +
    "enough history is listed as unscored. Scores use only bars up to the rebalance date. " +
    "size is not offered: it needs market capitalisation on each past date, which no " +
    "configured provider supplies. Fails when price data is unavailable.",
  usage:
    "finance backtest.factor.payload FACTOR_NAME SYMBOLS START_DATE END_DATE [timeframe=1d top_pct=0.2 bottom_pct=0.2 direction=long_short rebalance=monthly]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["data.sources"],
  positional: ["factor_name", "symbols", "start_date", "end_date"],
  synonyms: { start: "start_date", end: "end_date" },
  args: z.strictObject({
    factor_name: z.string().trim().min(1).describe(
      `Factor to compute: ${FACTORS.map((f) => f.name).join(", ")}.`,
    ),
    symbols: commaText("Comma-separated tickers forming the universe."),
    start_date: isoDate().describe("First rebalance window date, YYYY-MM-DD."),
    end_date: isoDate().describe("Last date, YYYY-MM-DD."),
    timeframe: z.literal("1d").default("1d").describe(
      "Bar interval; only 1d, since factor lookbacks are defined in trading days.",
    ),
    top_pct: z.number().default(0.2).describe("Fraction of symbols in the long basket (0–1]."),
    bottom_pct: z.number().default(0.2).describe("Fraction of symbols in the short basket (0–1]."),
    direction: z.enum(["long_short", "long_only"]).default("long_short").describe(
      "long_short (default) or long_only.",
    ),
    rebalance: z.enum(["monthly", "weekly", "daily"]).default("monthly").describe(
      "Rebalance dates: last bar of each month (default), of each week, or every bar.",
    ),
    provider: z.string().default("auto").describe("market.ohlcv provider (default auto)."),
    drop_missing: z.boolean().default(false).describe(
      "Continue without symbols that have no bars (named in warnings) instead of failing.",
    ),
  }),
  data: z.strictObject({
    run_type: z.literal("factor_scores"),
    engine: ENGINE_SCHEMA,
    factor: z.strictObject({ name: z.string(), summary: z.string(), lookback: z.int() }),
    config: z.strictObject({
      symbols: z.array(z.string()),
      start_date: z.string(),
      end_date: z.string(),
      timeframe: z.string(),
      top_pct: z.number(),
      bottom_pct: z.number(),
      direction: z.enum(["long_short", "long_only"]),
      rebalance: z.string(),
      provider: z.string(),
    }),
    data: DATA_SECTION,
    rebalances: z.array(REBALANCE),
    count: z.int(),
    latest: REBALANCE.nullable(),
  }),
  examples: [
    "finance backtest.factor.payload momentum AAPL,MSFT,NVDA,AMZN,GOOGL,META,TSLA,JPM,XOM,JNJ 2023-01-01 2024-12-31",
    "finance backtest.factor.payload reversal AAPL,MSFT,NVDA 2024-01-01 2024-06-30 rebalance=weekly direction=long_only",
  ],
  async run(args, ctx) {
    const name = args.factor_name.toLowerCase();
    const factor = FACTORS.find((f) => f.name === name);
    if (!factor) {
      const meant = closest(name, FACTORS.map((f) => f.name));
      throw new InputError(
        `unknown factor "${args.factor_name}"${
          meant ? ` (did you mean ${meant}?)` : ""
        }; available: ${FACTORS.map((f) => f.name).join(", ")}` +
          (name === "size"
            ? " (size needs historical market capitalisation, which no provider here supplies)"
            : ""),
      );
    }
    const topPct = checkPct("top_pct", args.top_pct);
    const bottomPct = checkPct("bottom_pct", args.bottom_pct);
    const loaded = await loadPanel(ctx, {
      symbols: parseSymbols(args.symbols, (note) => ctx.warn(note)),
      startDate: args.start_date,
      endDate: args.end_date,
      timeframe: args.timeframe,
      provider: args.provider,
      warmupBars: factor.lookback,
      dropMissing: args.drop_missing,
    });
    const { panel } = loaded;
    if (tradesEveryDay(panel.dates, panel.start, args.timeframe)) {
      ctx.warn(weekendFactorNote(panel.symbols.length, weekendShare(panel.dates, panel.start)));
    }
    const freq = args.rebalance === "monthly" ? "M" : args.rebalance === "weekly" ? "W" : "D";
    const marks = rebalanceBars(panel, freq);
    const rebalances = [];
    const oneSided: Record<string, string[]> = {};
    for (let t = panel.start; t < panel.dates.length; t++) {
      if (!marks[t]) continue;
      const scores: Record<string, number | null> = {};
      const scored: [string, number][] = [];
      panel.symbols.forEach((sym, s) => {
        const v = factorScore(factor.name, panel, s, t);
        scores[sym] = v;
        if (v !== null && Number.isFinite(v)) scored.push([sym, v]);
      });
      const b = basketWeights(scored, topPct, bottomPct, args.direction);
      for (const w of edgeTies(scored, b)) ctx.warn(`${panel.dates[t].slice(0, 10)}: ${w}`);
      const sided = basketNote(scored.length, b, topPct, bottomPct, args.direction);
      // said once, with the rebalances it concerns, not once a month
      if (sided) (oneSided[sided] ??= []).push(panel.dates[t].slice(0, 10));
      rebalances.push({
        date: panel.dates[t],
        scores,
        long: b.long,
        short: b.short,
        weights: b.weights,
        gross_exposure: b.gross_exposure,
        net_exposure: b.net_exposure,
        unscored: panel.symbols.filter((sym) => scores[sym] === null),
      });
    }
    for (const [note, dates] of Object.entries(oneSided)) {
      ctx.warn(
        `${dates.length} of ${rebalances.length} rebalances (${dates[0]}${
          dates.length > 1 ? ` to ${dates.at(-1)}` : ""
        }): ${note}`,
      );
    }
    return round6({
      run_type: "factor_scores" as const,
      engine: { ...ENGINE },
      factor: { name: factor.name, summary: factor.summary, lookback: factor.lookback },
      config: {
        symbols: panel.symbols,
        start_date: args.start_date,
        end_date: args.end_date,
        timeframe: args.timeframe,
        top_pct: topPct,
        bottom_pct: bottomPct,
        direction: args.direction,
        rebalance: args.rebalance,
        provider: args.provider,
      },
      data: panelSummary(loaded),
      rebalances,
      count: rebalances.length,
      latest: rebalances.at(-1) ?? null,
    });
  },
});

/**
 * What bars on weekends (a market that trades every day, such as crypto) do to the factors,
 * whose windows count trading days of a market closed at weekends: 252 bars are 8.3 months,
 * not a year, and a volatility annualised with √252 is not the yearly one (√365); beside symbols
 * without weekend bars (their Friday close carried, so no move), the scores are not alike.
 */
function weekendFactorNote(symbols: number, share: number): string {
  return `${
    Math.round(share * 100)
  }% of the bars fall on weekends (a market that trades every day, such as crypto): the factors count bars of a market closed at weekends, so momentum's 252 and 21 bars here are about 8.3 and 0.7 months, not 12 and 1, reversal's 21 bars are 3 weeks, and volatility is annualised with √252 where 365 bars make a year (read it as about 0.83 of the yearly figure)${
    symbols > 1
      ? "; a symbol without weekend bars carries its Friday close over them, so its returns there are 0 and its volatility and returns are not comparable with a symbol that trades every day: score such symbols in separate universes"
      : ""
  }`;
}
