import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { numberText } from "../../core/args.ts";
import { InputError } from "../../core/errors.ts";
import { checkLocalPath } from "../../core/local_files.ts";
import { commaText, isoDate, jsonObject } from "../../core/schema.ts";
import { requireStrategy } from "../../analysis/backtest/catalog.ts";
import { checkStrategyFile } from "../../analysis/backtest/custom.ts";
import { panelPriceBasis, panelSummary, parseSymbols } from "../../analysis/backtest/data.ts";
import { loadPanel } from "../../analysis/backtest/load.ts";
import { changedOnLastBar } from "../../analysis/backtest/rows.ts";
import {
  costConfig,
  costWarnings,
  RUN_OPTION_ARGS,
  RUN_OPTION_NAMES,
  type RunOptionValues,
  simConfig,
} from "../../analysis/backtest/options.ts";
import { resolveParams, warmupNote } from "../../analysis/backtest/params.ts";
import { evaluate, fullCurve, reportSections } from "../../analysis/backtest/pipeline.ts";
import { ENGINE } from "../../analysis/backtest/report.ts";
import { riskFreeNote } from "../../analysis/backtest/metrics.ts";
import { BENCHMARK_TEXT } from "../../analysis/backtest/benchmark.ts";
import { type StrategyChoice, strategyTargets } from "../../analysis/backtest/targets.ts";
import { RUN_DATA } from "../../analysis/backtest/schemas.ts";

export default defineCommand({
  name: "backtest.run",
  summary: "Backtest a strategy over symbols and dates with costs and no look-ahead",
  description:
    "Simulates a strategy on daily (or other) bars from market.ohlcv and reports config, " +
    "metrics, trades, orders, target weights and the equity curve against an equal-weight " +
    "buy-and-hold benchmark bought as the strategy's orders are (next bar's fill, same costs). " +
    "A signal on bar t's close fills at bar t+1's open (fill=next_close " +
    "for the close); sells fill before buys; one shared cash account that never goes negative " +
    "unless leverage>1. Prices are total-return adjusted (adj_close/close), so splits are " +
    "continuous and dividends count. Indicators get warm-up bars from before start_date. " +
    "Strategy parameters go in params='{...}' or as bare key=value (fast=20 slow=100). " +
    "strategy=custom strategy_file=./rule.ts runs your module (export generateWeights(ctx) or " +
    "generateSignals(ctx); see backtest.describe custom) sandboxed with read access to that " +
    "file only. Sharpe and Sortino ratios use a risk-free rate of 0 (a warning says so). " +
    "Identical inputs give identical JSON. Fails (no run) when price data is " +
    "unavailable. Not for live trading decisions; use backtest.tune to compare parameters.",
  usage:
    "finance backtest.run STRATEGY SYMBOLS START_DATE END_DATE [params='{\"fast\":20}' strategy_file=./rule.ts fees=0.001 slippage=0 fill=next_open plot_path=chart.svg]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["config", "data.sources"],
  positional: ["strategy", "symbols", "start_date", "end_date"],
  synonyms: { start: "start_date", end: "end_date" },
  view: "backtest",
  extra_into: "params",
  args: z.strictObject({
    strategy: z.string().trim().min(1).describe(
      "Built-in strategy (see backtest.strategies) or custom with strategy_file.",
    ),
    symbols: commaText("One ticker or a comma-separated list, e.g. AAPL,MSFT."),
    start_date: isoDate().describe("First evaluated bar, YYYY-MM-DD (warm-up bars come before)."),
    end_date: isoDate().describe("Last bar included, YYYY-MM-DD."),
    params: jsonObject().default({}).describe(
      "Strategy parameters as a JSON object; bare key=value arguments that are not run options " +
        "are added here. Unknown names are an error listing the strategy's parameters.",
    ),
    strategy_file: z.string().optional().describe(
      "Path of a .ts/.js strategy module, required with strategy=custom (Python is not supported).",
    ),
    ...RUN_OPTION_ARGS,
    plot_path: z.string().optional().describe(
      "Write an SVG chart (equity vs benchmark, with drawdown) to this path (over HTTP and MCP: a new file inside FINANCE_DOCUMENT_ROOTS; an existing file is never replaced).",
    ),
    max_points: z.int().min(0).default(300).describe(
      "Equity curve points returned, evenly thinned (extremes kept); 0 = every bar.",
    ),
    max_records: z.int().min(0).default(200).describe(
      "Most trades, orders and target-weight rows returned (first ones); 0 = all. Counts are exact.",
    ),
    timeout_s: z.number().min(1).max(600).default(30).describe(
      "Time limit for a custom strategy module, in seconds.",
    ),
  }),
  data: RUN_DATA,
  examples: [
    "finance backtest.run sma_cross AAPL 2020-01-01 2024-12-31 fast=20 slow=100",
    "finance backtest.run momentum_top_n AAPL,MSFT,NVDA,AMZN 2018-01-01 2024-12-31 lookback=126 top_n=2 rebalance=M fees=0.0005",
    "finance backtest.run custom SPY 2015-01-01 2024-12-31 strategy_file=./rule.ts window=50",
  ],
  async run(args, ctx) {
    const symbols = parseSymbols(args.symbols, (note) => ctx.warn(note));
    const opts = args as unknown as RunOptionValues;
    const sim = simConfig(opts);
    for (const w of costWarnings(opts)) ctx.warn(w);
    const choice = chooseStrategy(args, ctx.access);
    const warmup = args.warmup_bars ??
      (choice.kind === "builtin" ? choice.def.warmup(choice.params) : 0);
    if (choice.kind === "builtin") {
      const short = warmupNote(choice.def.name, args.warmup_bars, choice.def.warmup(choice.params));
      if (short) ctx.warn(short);
    }
    // a chart that cannot be written (not .svg, a folder outside the roots or missing, a file
    // that exists where only new files are written) is refused before any bar is loaded
    if (args.plot_path) {
      const { chartTarget } = await import("../../analysis/charts/backtest.ts");
      chartTarget(args.plot_path, ctx.access);
    }
    const loaded = await loadPanel(ctx, {
      symbols,
      startDate: args.start_date,
      endDate: args.end_date,
      timeframe: args.timeframe,
      provider: args.provider,
      warmupBars: warmup,
      dropMissing: args.drop_missing,
      portfolio: true,
      initialCash: args.initial_cash,
    });
    const { panel } = loaded;
    const made = await strategyTargets(panel, choice);
    made.notes.forEach((n) => ctx.warn(n));
    const ev = evaluate(panel, made.targets, sim, args.timeframe);
    ev.notes.forEach((n) => ctx.warn(n));
    const rate = riskFreeNote(ev.metrics);
    if (rate) ctx.warn(rate);
    if (ev.sim.unfilledAtEnd && changedOnLastBar(made.targets)) {
      ctx.warn(
        "the strategy changed its targets on the last bar; those orders fall after end_date",
      );
    }
    const sections = reportSections(panel, made.targets, ev, {
      maxPoints: args.max_points,
      maxRecords: args.max_records,
    });
    let plotPath: string | null = null;
    if (args.plot_path) {
      const { writeBacktestChart } = await import("../../analysis/charts/backtest.ts");
      plotPath = await writeBacktestChart(args.plot_path, ctx.access, fullCurve(panel, ev), {
        title: `${choice.kind === "custom" ? "custom" : choice.def.name} on ${
          panel.symbols.join(", ")
        }`,
        subtitle: `${args.start_date} to ${args.end_date}; source: ${
          [...new Set(Object.values(loaded.sources).map((s) => s.provider ?? "unknown"))].join(", ")
        } via market.ohlcv`,
        sources: loaded.sources,
        // one currency or none stated (two are refused when the bars are loaded)
        currency: [...new Set(Object.values(loaded.sources).map((s) => s.currency))].length === 1
          ? Object.values(loaded.sources)[0]?.currency ?? null
          : null,
      });
    }
    return {
      run_type: "backtest" as const,
      engine: { ...ENGINE },
      config: {
        strategy: choice.kind === "custom" ? "custom" : choice.def.name,
        symbols: panel.symbols,
        start_date: args.start_date,
        end_date: args.end_date,
        params: choice.params,
        strategy_file: choice.kind === "custom" ? args.strategy_file ?? null : null,
        ...costConfig(opts),
        warmup_bars: warmup,
        price_basis: panelPriceBasis(loaded.sources),
        benchmark: BENCHMARK_TEXT,
        isolation: made.isolation ?? null,
        engine: { ...ENGINE },
      },
      data: panelSummary(loaded),
      ...sections,
      plot_path: plotPath,
    };
  },
});

/** Most a strategy_file may hold: a rule module is a few kilobytes. */
const STRATEGY_MAX_BYTES = 1_000_000;

function chooseStrategy(
  args: {
    strategy: string;
    params: Record<string, unknown>;
    strategy_file?: string;
    timeout_s: number;
  },
  access: import("../../core/access.ts").AccessPolicy,
): StrategyChoice {
  if (args.strategy.toLowerCase() === "custom") {
    if (!args.strategy_file) {
      throw new InputError("strategy=custom needs strategy_file=./rule.ts (a .ts or .js module)");
    }
    // a regular file held to the limit of a strategy module, which is not the documents'
    // setting, so it is said here; the module is read once, when it is imported
    const file = checkLocalPath(access, checkStrategyFile(args.strategy_file), STRATEGY_MAX_BYTES, {
      what: "a strategy module",
      fix: "a rule module is a few kilobytes: point strategy_file at the module itself",
    });
    return {
      kind: "custom",
      file,
      params: scalarParams(args.params),
      timeoutMs: args.timeout_s * 1000,
    };
  }
  const def = requireStrategy(args.strategy);
  if (args.strategy_file) {
    throw new InputError(
      `strategy_file is only used with strategy=custom, not ${def.name}; drop it or use custom`,
    );
  }
  return {
    kind: "builtin",
    def,
    params: resolveParams(def, args.params, `run options are ${RUN_OPTION_NAMES.join(", ")}`),
  };
}

/** Command-line values arrive as text; numbers and true/false become typed for the module. */
function scalarParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (typeof v !== "string") out[k] = v;
    else if (v === "true" || v === "false") out[k] = v === "true";
    else out[k] = numberText(v) ?? v;
  }
  return out;
}
