/**
 * How many decimals a figure is shown with, by its unit. A rule per kind of unit, never one
 * default: zero decimals printed every tax rate (unit `pure`, 0.32) as 0, and a split-adjusted
 * column mixed 0.7500 with 1.00.
 *
 * - `shares` and a three-letter currency at full figures: whole numbers.
 * - a per-share unit (`USD/shares`, `USD per share`): the decimals its values carry, 2 to 4.
 * - any other unit (`pure`, `ratio`, `Year`, a unit no rule names): the decimals its values
 *   carry, up to 6, so a ratio never reads as 0.
 */

/** Decimals a value carries, binary residue aside (0.1 + 0.2 carries 1, 1e-7 carries 7). */
export function carriedDecimals(v: number): number {
  if (!Number.isFinite(v) || Number.isInteger(v)) return 0;
  const m = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Number(v.toPrecision(12))));
  if (!m) return 0;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/** The most decimals any of the values carries. */
function mostCarried(values: readonly (number | null | undefined)[]): number {
  let most = 0;
  for (const v of values) if (typeof v === "number") most = Math.max(most, carriedDecimals(v));
  return most;
}

/** A per-share unit: `USD/shares`, `EUR/share`, `USD per share`. */
export function isPerShareUnit(unit: string): boolean {
  return /\/shares?$|\bper share$/i.test(unit.trim());
}

/** A unit counted in whole units at full figures: shares, or a three-letter currency code. */
export function isWholeUnit(unit: string): boolean {
  return /^shares$/i.test(unit.trim()) || /^[A-Z]{3}$/.test(unit.trim());
}

/**
 * The one number of decimals of a column (or row) of full figures in `unit`: every value of it
 * is shown with the same decimals, so they line up and none is cut.
 */
export function unitDecimals(unit: string, values: readonly (number | null | undefined)[]): number {
  if (isWholeUnit(unit)) return 0;
  const carried = mostCarried(values);
  if (isPerShareUnit(unit)) return Math.max(2, Math.min(4, carried));
  return Math.min(6, carried);
}

/**
 * Decimals of one figure shown in a scale (thousands, millions): none from ten up and for a
 * whole figure (a reported zero is 0, never 0.0); below ten one, as far as the value carries
 * them; below 0.1 enough for two significant digits (0.04 million is not 0.0), at most 6.
 */
export function scaledDecimals(v: number): number {
  const a = Math.abs(v);
  if (!Number.isFinite(v) || a >= 10 || Number.isInteger(v)) return 0;
  const carried = carriedDecimals(v);
  if (a >= 0.1) return Math.min(1, carried);
  return Math.min(carried, 6, Math.ceil(-Math.log10(a)) + 1);
}
