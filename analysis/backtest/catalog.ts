/** What backtest.strategies and backtest.describe show, built from the strategy definitions. */
import { InputError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import { resolveParams } from "./params.ts";
import { findStrategy, STRATEGIES } from "./strategies.ts";
import type { StrategyDef } from "./types.ts";
import { ENGINE } from "./report.ts";

export const CUSTOM_CONTRACT = {
  file: "strategy_file=./rule.ts: a .ts/.mts/.js/.mjs module (Python cannot run here)",
  generateWeights:
    "export function generateWeights(ctx): { [symbol]: (number | null)[] } — target weight of " +
    "equity per bar; null = no order on that bar",
  generateSignals:
    "export function generateSignals(ctx): { entries: { [symbol]: boolean[] }, exits: { [symbol]: " +
    "boolean[] } } — turned into weights like the built-ins (active symbols share equity)",
  ctx: "{ symbols, dates, start, close: {SYM: number[]}, ohlcv: {SYM: {open, high, low, close, " +
    "volume}}, params } — adjusted prices aligned on dates, including warm-up bars before index start",
  timing: "a value at index t may use data up to bar t; it fills at bar t+1 (open by default)",
  sandbox: "runs in a child deno process, killed at the time limit, with read " +
    "access to the strategy file only: no network, no other files, no environment",
  look_ahead_check:
    "the module is run again on the first two thirds of the bars; a different answer on those " +
    "bars means it peeked at later data, which is reported in warnings",
  example: "tests/fixtures/backtest/rule.ts in the project",
};

/** One strategy as listed and described. */
export function strategyInfo(def: StrategyDef) {
  const defaults = resolveParams(def, {});
  return {
    name: def.name,
    summary: def.summary,
    rule: def.rule,
    parameters: def.parameters,
    warmup_bars: def.warmup(defaults),
  };
}

export function listStrategies() {
  return STRATEGIES.map(strategyInfo);
}

export function customInfo() {
  return {
    name: "custom" as const,
    summary: "Your own TypeScript/JavaScript rule module, run sandboxed",
    rule: "Weights or entry/exit signals come from the module's generateWeights or generateSignals",
    parameters: {
      strategy_file: {
        type: "string",
        required: true,
        description: "Path of the .ts/.js module",
      },
      params: {
        type: "object",
        required: false,
        description: "Passed to the module as ctx.params",
      },
    },
    warmup_bars: 0,
    contract: CUSTOM_CONTRACT,
  };
}

/** A built-in by name, or an error listing the names (custom included). */
export function requireStrategy(name: string): StrategyDef {
  const def = findStrategy(name);
  if (!def) {
    const meant = closest(name.trim(), [...STRATEGIES.map((s) => s.name), "custom"]);
    throw new InputError(
      `unknown strategy "${name}"${meant ? ` (did you mean ${meant}?)` : ""}; built-ins are ${
        STRATEGIES.map((s) => s.name).join(", ")
      }, or custom with strategy_file=./rule.ts`,
    );
  }
  return def;
}

export { ENGINE };
