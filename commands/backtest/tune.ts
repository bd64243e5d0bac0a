import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { commaText, isoDate, jsonObject } from "../../core/schema.ts";
import { METRIC_DIRECTION } from "../../analysis/backtest/metrics.ts";
import { RUN_OPTION_ARGS } from "../../analysis/backtest/options.ts";
import { runTune } from "../../analysis/backtest/tune_run.ts";
import {
  COST_CONFIG,
  DATA_SECTION,
  ENGINE_SCHEMA,
  METRICS_SCHEMA,
} from "../../analysis/backtest/schemas.ts";

const ROW = z.strictObject({
  rank: z.int(),
  params: z.record(z.string(), z.union([z.number(), z.string()])),
  score: z.number().nullable(),
  metrics: METRICS_SCHEMA,
});

export default defineCommand({
  name: "backtest.tune",
  summary: "Grid-search strategy parameters and rank runs by a metric",
  description:
    "Loads the bars once, runs the strategy for every combination of the grid (Cartesian " +
    "product, at most max_runs; more is an error) with the same costs and fills as " +
    "backtest.run, and ranks by `metric` in its own direction: higher is better for returns and " +
    "ratios, lower for max_drawdown_pct, volatility_pct and total_fees_paid. Combinations the " +
    "strategy rejects (fast ≥ slow) are listed as skipped. Returns the leaderboard (params, " +
    "score, metrics) and the best run; rerun the winner with backtest.run for trades and the " +
    "curve. Beware: the best in-sample parameters overfit; check them on a later period. " +
    "Built-in strategies only. Progress goes to stderr when run in a terminal.",
  usage:
    "finance backtest.tune STRATEGY SYMBOLS START_DATE END_DATE grid='{}' [metric=sharpe_ratio max_runs=100]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["config", "data.sources"],
  positional: ["strategy", "symbols", "start_date", "end_date"],
  synonyms: { start: "start_date", end: "end_date" },
  view: "tune",
  args: z.strictObject({
    strategy: z.string().trim().min(1).describe(
      "Built-in strategy to tune (see backtest.strategies).",
    ),
    symbols: commaText("One ticker or a comma-separated list."),
    start_date: isoDate().describe("First evaluated bar, YYYY-MM-DD."),
    end_date: isoDate().describe("Last bar included, YYYY-MM-DD."),
    grid: jsonObject().describe(
      'Candidate values per parameter as a JSON object, e.g. {"fast":[5,10,20],"slow":[100,200]}.',
    ),
    metric: z.string().default("sharpe_ratio").describe(
      `Ranking metric: ${Object.keys(METRIC_DIRECTION).join(", ")}.`,
    ),
    max_runs: z.int().min(1).max(5000).default(100).describe(
      "Most combinations evaluated; a larger grid is refused, not cut.",
    ),
    ...RUN_OPTION_ARGS,
    top: z.int().min(0).default(0).describe("Leaderboard rows returned (0 = all runs)."),
  }),
  data: z.strictObject({
    run_type: z.literal("tune"),
    engine: ENGINE_SCHEMA,
    config: z.strictObject({
      strategy: z.string(),
      symbols: z.array(z.string()),
      start_date: z.string(),
      end_date: z.string(),
      grid: z.record(z.string(), z.unknown()),
      metric: z.string(),
      direction: z.enum(["higher", "lower"]),
      max_runs: z.int(),
      ...COST_CONFIG,
      warmup_bars: z.int(),
      benchmark: z.string(),
    }),
    data: DATA_SECTION,
    combinations: z.int(),
    runs: z.int(),
    skipped: z.array(
      z.strictObject({ params: z.record(z.string(), z.unknown()), reason: z.string() }),
    ),
    best: ROW.nullable(),
    leaderboard: z.array(ROW),
  }),
  examples: [
    `finance backtest.tune sma_cross AAPL,MSFT 2015-01-01 2024-12-31 grid='{"fast":[5,10,20,50],"slow":[100,150,200]}' metric=max_drawdown_pct`,
    `finance backtest.tune momentum_top_n AAPL,MSFT,NVDA,AMZN,GOOGL 2018-01-01 2024-12-31 grid='{"lookback":[21,63,126],"top_n":[1,2]}'`,
  ],
  run: (args, ctx) => runTune(args, ctx),
  lean: "analysis/backtest/tune_run.ts#runTune",
});
