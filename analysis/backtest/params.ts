/** Validation of strategy parameters against a strategy's declared schema. */
import { clip, numberText } from "../../core/args.ts";
import { InputError } from "../../core/errors.ts";
import type { Params, ParamSpec, StrategyDef } from "./types.ts";

/**
 * Applies defaults and checks every given parameter: unknown names, wrong types and values out
 * of range are errors that name the parameter and the valid choices. Text such as "20" from the
 * command line is accepted for numbers.
 */
export function resolveParams(
  def: StrategyDef,
  raw: Record<string, unknown>,
  hint = "",
): Params {
  const out: Params = {};
  const names = Object.keys(def.parameters);
  for (const key of Object.keys(raw)) {
    if (!Object.hasOwn(def.parameters, key)) {
      throw new InputError(
        `${def.name} has no parameter \`${clip(key)}\`; its parameters are ${
          names.length ? names.join(", ") : "none"
        } (see finance backtest.describe ${def.name})${hint ? `; ${hint}` : ""}`,
      );
    }
  }
  for (const [name, spec] of Object.entries(def.parameters)) {
    const given = raw[name];
    // `fast=` typed with nothing is no choice of the default: it is refused, as every other
    // empty argument is, rather than run with a value the caller did not give
    if (typeof given === "string" && given.trim() === "") {
      throw new InputError(
        `${def.name} parameter \`${name}\` is empty: give a value, or leave it out for the default ${
          JSON.stringify(spec.default)
        }`,
      );
    }
    out[name] = given === undefined || given === null
      ? spec.default
      : readParam(def.name, name, spec, given);
  }
  const problem = def.check?.(out);
  if (problem) throw new InputError(`${def.name}: ${problem}`);
  return out;
}

/** The largest whole-number parameter without a maximum of its own: warmup_bars' limit. */
const MAX_BARS = 5000;

/** A value as an error shows it: JSON, its start only when long. */
function shown(value: unknown): string {
  // JSON writes an overflowed 1e400 as null, which the caller did not write
  if (typeof value === "number" && !Number.isFinite(value)) {
    return Number.isNaN(value) ? "a value that is not a number" : "a number beyond the largest";
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
}

function readParam(strategy: string, name: string, spec: ParamSpec, value: unknown) {
  const where = `${strategy} parameter \`${name}\``;
  if (spec.type === "string") {
    const text = String(value).trim().toUpperCase();
    if (spec.allowed && !spec.allowed.includes(text)) {
      throw new InputError(
        `${where} must be one of ${spec.allowed.join(", ")}, got ${shown(String(value))}`,
      );
    }
    return text;
  }
  // only a number or text that writes one: Number() would read "0x14" as 20, [20] as 20, "" as 0
  const n = typeof value === "number"
    ? value
    : typeof value === "string"
    ? numberText(value)
    : null;
  if (n === null || !Number.isFinite(n)) {
    throw new InputError(
      `${where} must be ${spec.type === "integer" ? "an integer" : "a number"}, got ${
        shown(value)
      }`,
    );
  }
  if (spec.type === "integer" && !Number.isInteger(n)) {
    throw new InputError(`${where} must be a whole number, got ${n}`);
  }
  if (spec.min !== undefined && n < spec.min) {
    throw new InputError(`${where} must be at least ${spec.min}, got ${n}`);
  }
  if (spec.max !== undefined && n > spec.max) {
    throw new InputError(`${where} must be at most ${spec.max}, got ${n}`);
  }
  // a window or count past any history (fast=1e9) would ask for bars from before any market
  // existed and fail deep in the date arithmetic with no word of which parameter
  if (spec.type === "integer" && spec.max === undefined && n > MAX_BARS) {
    throw new InputError(
      `${where} must be at most ${MAX_BARS} (about 20 years of daily bars, the most warmup_bars loads), got ${n}`,
    );
  }
  return n;
}

/**
 * A note when warmup_bars was given below what the strategy needs (`needed` bars before the
 * first evaluated one), or null: the indicators are then not ready on the first evaluated bars,
 * and the run cannot trade on them as it would with the history loaded.
 */
export function warmupNote(strategy: string, given: number | undefined, needed: number) {
  if (given === undefined || given >= needed) return null;
  return `warmup_bars=${given} is below the ${needed} bars ${strategy} needs before start_date with these parameters: its indicators are not ready on up to the first ${
    needed - given
  } evaluated bars, so it cannot trade there as it would with the history loaded; leave warmup_bars out to load what it needs`;
}
