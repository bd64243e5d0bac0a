/**
 * Window and threshold forms shared by price.moves and price.context: `1d`, `3d`, `1w`, `1m`
 * count trading days for moves and calendar days for context windows.
 */
import { InputError } from "../../core/errors.ts";

export type WindowMode = "trading" | "calendar";

const UNITS: Record<WindowMode, Record<string, number>> = {
  // A trading week has 5 sessions and a trading month about 21.
  trading: { d: 1, w: 5, m: 21 },
  calendar: { d: 1, w: 7, m: 30 },
};

const UNIT_ALIASES: Record<string, string> = {
  d: "d",
  day: "d",
  days: "d",
  w: "w",
  wk: "w",
  week: "w",
  weeks: "w",
  m: "m",
  mo: "m",
  month: "m",
  months: "m",
};

/** Reads `3d`, `1w`, `2 months` or a bare day count into whole days (at least 1). */
export function parseWindowDays(text: string, mode: WindowMode, argName = "window"): number {
  const t = text.trim().toLowerCase();
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/.exec(t);
  if (!m) {
    throw new InputError(
      `${argName}="${text}" is not a window; use a count and unit such as 1d, 3d, 1w or 1m`,
    );
  }
  const unit = m[2] === "" ? "d" : UNIT_ALIASES[m[2]];
  if (!unit) {
    throw new InputError(
      `${argName}="${text}" has an unknown unit "${m[2]}"; use d (days), w (weeks) or m (months)`,
    );
  }
  const days = Math.floor(Number(m[1]) * UNITS[mode][unit]);
  if (days < 1) throw new InputError(`${argName}="${text}" is shorter than one day`);
  return days;
}

/**
 * Reads a move threshold into percent points. `8%` → 8, `0.08` → 8 (a fraction), `8` → 8
 * (a bare number of 1 or more is already percent points, so `1` means 1%, not 100%).
 */
export function parseThresholdPct(text: string | number): { pct: number; note: string | null } {
  const raw = typeof text === "number" ? String(text) : text.trim();
  const explicit = raw.endsWith("%");
  const n = Number(explicit ? raw.slice(0, -1).trim() : raw);
  if (raw === "" || !Number.isFinite(n)) {
    throw new InputError(`threshold="${text}" is not a number; use 8% or 0.08`);
  }
  if (explicit) return { pct: Math.abs(n), note: null };
  if (Math.abs(n) < 1) {
    return {
      pct: Math.abs(n) * 100,
      note: `threshold ${raw} was read as a fraction: ${round(Math.abs(n) * 100, 4)}%`,
    };
  }
  return { pct: Math.abs(n), note: `threshold ${raw} was read as ${Math.abs(n)}%` };
}

/** Rounds half away from zero to `dp` decimals. */
export function round(value: number, dp: number): number {
  const f = 10 ** dp;
  return Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON) / f;
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (both `YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  return Math.round(
    (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000,
  );
}
