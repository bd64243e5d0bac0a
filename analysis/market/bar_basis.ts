/**
 * Bars on one price basis. A return from one bar's close to another's adjusted close is off by
 * every dividend (and, for a raw close, every split) between them: a series where some bars
 * have an adjusted close and others only a close (Yahoo leaving out a bar's adjclose) is read
 * on the adjusted closes alone, and the bars without one are left out, said.
 */

/** The least of a bar that {@link oneBasis} reads. */
interface PricedBar {
  date: string;
  close?: number | null;
  adj_close?: number | null;
}

const priced = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;

/**
 * The bars on one basis: all of them when every priced bar has an adjusted close or none has;
 * else those with one, and a note naming the bars left out. Linear.
 */
export function oneBasis<T extends PricedBar>(
  rows: T[],
  symbol?: string,
): { rows: T[]; adjusted: boolean; note: string | null } {
  const closes = rows.filter((r) => priced(r.adj_close) || priced(r.close));
  const adjusted = closes.filter((r) => priced(r.adj_close));
  if (!adjusted.length) return { rows, adjusted: false, note: null };
  if (adjusted.length === closes.length) return { rows, adjusted: true, note: null };
  const left = closes.filter((r) => !priced(r.adj_close)).map((r) => String(r.date).slice(0, 10));
  return {
    rows: adjusted,
    adjusted: true,
    note: `${
      symbol ? `${symbol}: ` : ""
    }${left.length} bar(s) have a close but no adjusted close (${left.slice(0, 5).join(", ")}${
      left.length > 5 ? ", …" : ""
    }): a return from an unadjusted close to an adjusted one is off by the dividends and splits between them, so they are left out`,
  };
}
