/**
 * What backtest.tune does once its arguments are read: load the bars, run every set of the
 * grid, rank them. Loads no zod, so the CLI can run a tune without the schemas (adapters/lean.ts).
 */
import type { Context } from "../../core/context.ts";
import { InputError } from "../../core/errors.ts";
import { requireStrategy } from "./catalog.ts";
import { parseSymbols } from "./data.ts";
import { loadPanel } from "./load.ts";
import { costConfig, costWarnings, type RunOptionValues, simConfig } from "./costs.ts";
import { ENGINE } from "./report.ts";
import { warmupNote } from "./params.ts";
import { checkMetric, planGrid, type RankInfo, runGrid } from "./tune.ts";
import { calendarYears, panelPeriodsPerYear, windowNotes } from "./metrics.ts";
import { BENCHMARK_TEXT } from "./benchmark.ts";

/** backtest.tune's arguments as its schema gives them. */
export type TuneArgs = RunOptionValues & {
  strategy: string;
  symbols: string;
  start_date: string;
  end_date: string;
  grid: Record<string, unknown>;
  metric: string;
  max_runs: number;
  top: number;
};

/** Runs backtest.tune (commands/backtest/tune.ts). */
export async function runTune(args: TuneArgs, ctx: Context) {
  if (args.strategy.toLowerCase() === "custom") {
    throw new InputError(
      "backtest.tune runs built-in strategies only; tune a custom module by calling backtest.run per setting",
    );
  }
  const def = requireStrategy(args.strategy);
  const direction = checkMetric(args.metric);
  const plan = planGrid(def, args.grid, args.max_runs);
  if (!plan.combos.length) {
    throw new InputError(
      `no valid combination in the grid: ${plan.skipped[0]?.reason ?? "empty grid"}`,
    );
  }
  const repeats = plan.skipped.filter((s) => s.repeat).length;
  if (plan.skipped.length > repeats) {
    ctx.warn(
      `${
        plan.skipped.length - repeats
      } of ${plan.total} combinations skipped as invalid (see data.skipped)`,
    );
  }
  if (repeats) {
    ctx.warn(
      `${repeats} of ${plan.total} combinations repeat an earlier one (a value listed twice in the grid) and were not run again (see data.skipped)`,
    );
  }
  const symbols = parseSymbols(args.symbols, (note) => ctx.warn(note));
  const opts: RunOptionValues = args;
  const sim = simConfig(opts);
  for (const w of costWarnings(opts)) ctx.warn(w);
  const needed = Math.max(...plan.combos.map((p) => def.warmup(p)));
  const warmup = args.warmup_bars ?? needed;
  const short = warmupNote(def.name, args.warmup_bars, needed);
  if (short) ctx.warn(`${short} (for the grid's longest set)`);
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
  const progress = ctx.surface === "cli" && Deno.stderr.isTerminal() ? stderrProgress() : undefined;
  const info: RankInfo = { scored: 0, tiedAtBest: 0 };
  const rows = runGrid(
    loaded.panel,
    def,
    plan.combos,
    sim,
    args.timeframe,
    args.metric,
    progress,
    args.top > 0 ? args.top : Infinity,
    info,
  );
  const { panel } = loaded;
  // every run covers the same bars: a window too short to annualise is said once
  const periods = panelPeriodsPerYear(panel.dates, panel.start, args.timeframe);
  // the CAGR's years are the calendar's for daily or longer bars (metrics.ts, calendarYears)
  const calendar = calendarYears(panel.dates, panel.start, panel.dates.length - 1, periods);
  const bars = panel.dates.length - panel.start - 1;
  for (const note of windowNotes(bars, periods, true, true, calendar ?? undefined)) {
    ctx.warn(note);
  }
  const runs = plan.combos.length;
  if (!info.scored) {
    ctx.warn(
      `no run has a ${args.metric} (null in all ${runs}; see a run's metrics and backtest.run's warnings for why): the leaderboard is in grid order and there is no best`,
    );
  } else if (info.tiedAtBest > 1) {
    ctx.warn(
      `${info.tiedAtBest} of ${runs} runs share the best ${args.metric} (${
        rows[0].score
      }): best is the first of them in grid order, no better than the others (they share rank 1)`,
    );
  }
  if (info.scored > 1) {
    // the winner is picked on the bars it is scored on: its score is the luckiest of many
    ctx.warn(
      `best is the top ${args.metric} of ${info.scored} runs picked on the same bars it is scored on (in-sample, ${
        loaded.panel.dates[loaded.panel.start].slice(0, 10)
      } to ${
        loaded.panel.dates.at(-1)!.slice(0, 10)
      }): the best of many runs on one window overstates what its parameters will do on other bars; rerun it with backtest.run on a later period, not used to tune, before relying on it`,
    );
  }
  if (info.scored && info.scored < runs) {
    ctx.warn(
      `${runs - info.scored} of ${runs} runs have no ${args.metric} (null) and are ranked last`,
    );
  }
  return {
    run_type: "tune" as const,
    engine: { ...ENGINE },
    config: {
      strategy: def.name,
      symbols: loaded.panel.symbols,
      start_date: args.start_date,
      end_date: args.end_date,
      grid: args.grid,
      metric: args.metric,
      direction,
      max_runs: args.max_runs,
      ...costConfig(opts),
      warmup_bars: warmup,
      benchmark: BENCHMARK_TEXT,
    },
    data: {
      symbols: loaded.panel.symbols,
      missing_symbols: loaded.missing,
      bars: loaded.panel.dates.length - loaded.panel.start,
      warmup_bars_loaded: loaded.panel.start,
      first_date: loaded.panel.dates[loaded.panel.start],
      last_date: loaded.panel.dates[loaded.panel.dates.length - 1],
      sources: loaded.sources,
    },
    combinations: plan.total,
    runs: plan.combos.length,
    skipped: plan.skipped.map(({ params, reason }) => ({ params, reason })),
    best: info.scored ? rows[0] ?? null : null,
    leaderboard: rows,
  };
}

function stderrProgress() {
  const enc = new TextEncoder();
  return (done: number, total: number) => {
    if (done === total || done % 10 === 0) {
      Deno.stderr.writeSync(
        enc.encode(`\rbacktest.tune: ${done}/${total} runs${done === total ? "\n" : ""}`),
      );
    }
  };
}
