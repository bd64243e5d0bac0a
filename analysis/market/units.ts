/**
 * Currency codes as providers write them, read as major units: Yahoo quotes some listings in a
 * minor unit (GBp, ZAc, ILA, KWF, USX) while their market cap and statements are in the major one. No
 * schema library here: the CLI's lean quote reads it too (currency.ts re-exports it).
 */

/** Minor units Yahoo uses for prices: code → [major currency, major units per minor unit]. */
const MINOR: Record<string, [string, number]> = {
  GBp: ["GBP", 0.01],
  GBX: ["GBP", 0.01],
  ZAc: ["ZAR", 0.01],
  ZAC: ["ZAR", 0.01],
  ILA: ["ILS", 0.01],
  // Boursa Kuwait listings are quoted in fils, a thousandth of a dinar
  KWF: ["KWD", 0.001],
  // US cents: Yahoo's unit of CBOT grain and livestock futures (ZC=F corn at 450 is $4.50)
  USX: ["USD", 0.01],
};

/** True for a minor unit Yahoo prices in (GBp, ZAc, ILA, KWF, USX), written as Yahoo writes it. */
export const isMinorUnit = (code: string) => Object.hasOwn(MINOR, code.trim());

/**
 * The two units a code names when only its letter case tells them apart (`gbp`, `Gbp`: GBP pounds
 * or GBp pence, a hundred times apart), or null when the code names one unit as written.
 */
export function caseAmbiguous(code: string): [string, string] | null {
  const c = code.trim();
  if (Object.hasOwn(MINOR, c)) return null;
  for (const [minor, [major]] of Object.entries(MINOR)) {
    if (minor.toUpperCase() === major && c !== major && c.toUpperCase() === major) {
      return [major, minor];
    }
  }
  return null;
}

/** A currency code read as its major unit: `GBp` → GBP × 0.01; `USD` → USD × 1. */
export interface Unit {
  /** The code as the provider wrote it. */
  code: string;
  /** ISO major currency. */
  major: string;
  /** Major units per unit of `code`. */
  factor: number;
}

/** Reads a provider's currency code; null when it gave none. */
export function unitOf(code: string | null | undefined): Unit | null {
  if (!code || typeof code !== "string") return null;
  const c = code.trim();
  if (!c) return null;
  const minor = MINOR[c];
  if (minor) return { code: c, major: minor[0], factor: minor[1] };
  return { code: c, major: c.toUpperCase(), factor: 1 };
}

/** The major currency of a code (`GBp` → `GBP`), or null. */
export const majorOf = (code: string | null | undefined) => unitOf(code)?.major ?? null;

/** Cboe's Treasury yield indices: their level is a yield in percent (^TNX 4.25 is 4.25%). */
const YIELD_INDICES = new Set(["^IRX", "^FVX", "^TNX", "^TYX"]);

/** What an index's level is counted in: points, or percent for a Treasury yield index. */
export const indexLevelUnit = (symbol: string) =>
  YIELD_INDICES.has(symbol.toUpperCase()) ? "percent (a Treasury yield)" : "points";

/** The head of an index series' price_basis (market.ohlcv): `index levels in points, not money`. */
export const indexBasis = (symbol: string) =>
  `index levels in ${indexLevelUnit(symbol)}, not money`;

/** What a series' price_basis says its index levels are in (points, percent), or null. */
export function indexLevelIn(priceBasis: unknown): "points" | "percent" | null {
  const m = typeof priceBasis === "string"
    ? /^index levels in (points|percent)/.exec(priceBasis)
    : null;
  return m ? m[1] as "points" | "percent" : null;
}
