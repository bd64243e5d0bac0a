import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { InputError } from "../../core/errors.ts";
import { commaText, isoDate, jsonObject } from "../../core/schema.ts";
import { requireStrategy } from "../../analysis/backtest/catalog.ts";
import { checkStrategyFile } from "../../analysis/backtest/custom.ts";
import { parseSymbols } from "../../analysis/backtest/data.ts";
import {
  costWarnings,
  RUN_OPTION_ARGS,
  type RunOptionValues,
  simConfig,
} from "../../analysis/backtest/options.ts";
import { resolveParams, warmupNote } from "../../analysis/backtest/params.ts";

// the run options, initial_cash included, are backtest.run's own schemas: a payload takes what
// the run takes (1M, 100000.5)
const { initial_cash, ...OPTIONS } = RUN_OPTION_ARGS;

export default defineCommand({
  name: "backtest.strategy.payload",
  summary: "Build a validated, self-contained backtest run description",
  description:
    "Checks a strategy, its parameters (defaults filled in, unknown names and bad values " +
    "refused), dates and costs without loading any data, and returns `run_args`: the exact " +
    "arguments object backtest.run accepts (HTTP/MCP body or library call), plus the same run as " +
    "a CLI line. Use it to prepare or store a reproducible run; give symbols to make it " +
    "complete. Local, no network.",
  usage:
    "finance backtest.strategy.payload STRATEGY_ID START_DATE END_DATE [initial_cash=100000 parameters='{}' symbols=AAPL,MSFT]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["strategy_id", "start_date", "end_date"],
  synonyms: { start: "start_date", end: "end_date" },
  args: z.strictObject({
    strategy_id: z.string().trim().min(1).describe(
      "Built-in strategy (see backtest.strategies) or custom with strategy_file.",
    ),
    start_date: isoDate().describe("First evaluated bar, YYYY-MM-DD."),
    end_date: isoDate().describe("Last bar included, YYYY-MM-DD."),
    initial_cash,
    parameters: jsonObject().default({}).describe(
      "Strategy parameters as a JSON object; missing ones take the strategy's defaults.",
    ),
    symbols: commaText().optional().describe(
      "Tickers to run on (comma-separated); without them the payload is marked incomplete.",
    ),
    strategy_file: z.string().optional().describe("Module path, for strategy_id=custom."),
    ...OPTIONS,
  }),
  data: z.strictObject({
    payload_type: z.literal("backtest.run"),
    complete: z.boolean(),
    missing: z.array(z.string()),
    strategy: z.strictObject({ name: z.string(), summary: z.string(), warmup_bars: z.int() }),
    run_args: z.record(z.string(), z.unknown()),
    cli: z.string(),
  }),
  examples: [
    "finance backtest.strategy.payload sma_cross 2020-01-01 2024-12-31 parameters='{\"fast\":10}' symbols=AAPL",
    "finance backtest.strategy.payload momentum_top_n 2018-01-01 2024-12-31 symbols=AAPL,MSFT,NVDA fees=0.0005",
  ],
  run(args, ctx) {
    if (args.start_date > args.end_date) {
      throw new InputError(`start_date ${args.start_date} is after end_date ${args.end_date}`);
    }
    const opts = args as unknown as RunOptionValues;
    simConfig(opts); // range checks of the costs
    // fees=0.1 is 10% of every order: said here as backtest.run would, before the run is stored
    for (const w of costWarnings(opts)) ctx.warn(w);
    const isCustom = args.strategy_id.toLowerCase() === "custom";
    let strategy: { name: string; summary: string; warmup_bars: number };
    let params: Record<string, unknown>;
    if (isCustom) {
      if (!args.strategy_file) throw new InputError("strategy_id=custom needs strategy_file");
      checkStrategyFile(args.strategy_file);
      params = args.parameters;
      strategy = { name: "custom", summary: "Custom module", warmup_bars: args.warmup_bars ?? 0 };
    } else {
      const def = requireStrategy(args.strategy_id);
      params = resolveParams(def, args.parameters);
      // said before the run is stored, as backtest.run would say it
      const needed = def.warmup(params as Record<string, number>);
      const short = warmupNote(def.name, args.warmup_bars, needed);
      if (short) ctx.warn(short);
      strategy = {
        name: def.name,
        summary: def.summary,
        warmup_bars: args.warmup_bars ?? def.warmup(params as Record<string, number>),
      };
    }
    const symbols = args.symbols
      ? parseSymbols(args.symbols, (note) => ctx.warn(note)).join(",")
      : undefined;
    const runArgs: Record<string, unknown> = {
      strategy: strategy.name,
      ...(symbols ? { symbols } : {}),
      start_date: args.start_date,
      end_date: args.end_date,
      params,
      ...(isCustom ? { strategy_file: args.strategy_file } : {}),
      timeframe: args.timeframe,
      initial_cash: args.initial_cash,
      fees: args.fees,
      fixed_fees: args.fixed_fees,
      slippage: args.slippage,
      fill: args.fill,
      leverage: args.leverage,
      provider: args.provider,
      ...(args.warmup_bars !== undefined ? { warmup_bars: args.warmup_bars } : {}),
      drop_missing: args.drop_missing,
    };
    return Promise.resolve({
      payload_type: "backtest.run" as const,
      complete: Boolean(symbols),
      missing: symbols ? [] : ["symbols"],
      strategy,
      run_args: runArgs,
      cli: cliLine(runArgs),
    });
  },
});

function cliLine(a: Record<string, unknown>): string {
  const quote = (s: string) => (/^[\w.,:/=+-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
  const parts = ["finance backtest.run", String(a.strategy), String(a.symbols ?? "SYMBOLS")];
  parts.push(String(a.start_date), String(a.end_date));
  for (const [k, v] of Object.entries(a)) {
    if (["strategy", "symbols", "start_date", "end_date"].includes(k)) continue;
    parts.push(`${k}=${quote(typeof v === "object" ? JSON.stringify(v) : String(v))}`);
  }
  return parts.join(" ");
}
