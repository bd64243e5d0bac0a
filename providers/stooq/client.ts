/**
 * stooq: free daily bars as CSV. A symbol's whole history is fetched once and cached for the
 * day, then sliced locally, so many windows of one symbol cost one request.
 */
import type { ProviderEnv } from "../../core/provider.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import type { Bar } from "../market_a/bars.ts";

const P = "stooq";

/** Stooq's symbol for a US ticker (`AAPL` → `aapl.us`, `BRK-B` → `brk-b.us`); others pass as given. */
export function stooqSymbol(symbol: string): string {
  const s = symbol.trim().toLowerCase();
  if (s.includes(".") || s.startsWith("^")) return s;
  return `${s}.us`;
}

/** Parses Stooq's CSV (English or Polish headers). */
export function parseStooqCsv(text: string, symbol: string): Bar[] {
  const lines = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  const header = (lines[0] ?? "").toLowerCase().split(",").map((h) => h.trim());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const iDate = col("date", "data");
  const iOpen = col("open", "otwarcie");
  const iHigh = col("high", "najwyzszy");
  const iLow = col("low", "najnizszy");
  const iClose = col("close", "zamkniecie");
  const iVol = col("volume", "wolumen");
  if (iDate < 0 || iClose < 0) {
    const first = (lines[0] ?? "").slice(0, 80);
    throw new ProviderError(
      P,
      /no data|brak danych/i.test(text)
        ? `Stooq has no daily data for ${symbol}`
        : `Stooq's answer for ${symbol} is not its CSV (starts with '${first}'); the daily download limit may be exhausted`,
    );
  }
  const n = (v: string | undefined) => {
    if (v === undefined || v === "") return null;
    const x = Number(v);
    return Number.isFinite(x) ? x : null;
  };
  const rows: Bar[] = [];
  for (const line of lines.slice(1)) {
    const c = line.split(",");
    const date = c[iDate]?.trim();
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    const close = n(c[iClose]);
    rows.push({
      date,
      open: n(c[iOpen]),
      high: n(c[iHigh]),
      low: n(c[iLow]),
      close,
      // Stooq's prices are already split- and dividend-adjusted.
      adj_close: close,
      volume: iVol >= 0 ? n(c[iVol]) : null,
    });
  }
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

export class Client {
  constructor(readonly env: ProviderEnv) {}

  /** Daily bars of `symbol` between two dates (inclusive, YYYY-MM-DD). */
  async daily(symbol: string, start: string, end: string): Promise<Bar[]> {
    const text = await this.env.http.text({
      provider: P,
      url: `https://stooq.com/q/d/l/?s=${encodeURIComponent(stooqSymbol(symbol))}&i=d`,
      cache: { ttl: 43_200 },
      signal: this.env.signal,
    });
    return parseStooqCsv(text, symbol).filter((r) => r.date >= start && r.date <= end);
  }

  /** Stooq has daily bars only; other intervals are refused before any request. */
  static check(timeframe: string): void {
    if (timeframe !== "1d") {
      throw new InputError(`stooq serves daily bars only (timeframe=1d), not ${timeframe}`);
    }
  }
}
