/**
 * stooq: free daily bars as CSV. A symbol's whole history is fetched once and cached for the
 * day, then sliced locally, so many windows of one symbol cost one request.
 */
import { parseSymbol } from "../../analysis/market/symbols.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import type { Bar } from "../market_a/bars.ts";

const P = "stooq";

/** Yahoo index symbols → Stooq's. */
const INDICES: Record<string, string> = {
  "^GSPC": "^spx",
  "^SPX": "^spx",
  "^DJI": "^dji",
  "^IXIC": "^ndq",
  "^NDX": "^ndx",
  "^RUT": "^rut",
  "^FTSE": "^ukx",
  "^GDAXI": "^dax",
  "^FCHI": "^cac",
  "^N225": "^nkx",
  "^HSI": "^hsi",
  "^STOXX50E": "^sx5e",
};

/** Yahoo exchange suffixes → Stooq's market suffixes (the markets Stooq serves daily bars for). */
const MARKETS: Record<string, string> = { L: "uk", DE: "de", T: "jp", HK: "hk" };

const EXPECTS = "Stooq spells symbols aapl.us, brk-b.us, shel.uk, sap.de, 7203.jp, 700.hk, " +
  "^spx, eurusd, gc.f, btcusd";

/**
 * Stooq's spelling of a symbol in Yahoo's canonical form: `AAPL` → `aapl.us`, `BRK-B` →
 * `brk-b.us`, `SHEL.L` → `shel.uk`, `0700.HK` → `700.hk`, `^GSPC` → `^spx`, `EURUSD=X` →
 * `eurusd`, `GC=F` → `gc.f`, `BTC-USD` → `btcusd`. A symbol Stooq has no form for is an
 * InputError that names the provider and the forms it expects.
 */
export function stooqSymbol(symbol: string): string {
  const s = symbol.trim().toUpperCase();
  const refuse = (why: string) =>
    new InputError(`stooq cannot serve ${symbol}: ${why}; ${EXPECTS}`);
  if (s.startsWith("^")) {
    const idx = INDICES[s];
    if (!idx) {
      throw refuse(
        `Stooq has no mapping for the index ${s} (known: ${Object.keys(INDICES).join(", ")})`,
      );
    }
    return idx;
  }
  const fx = /^([A-Z]{3})?([A-Z]{3})=X$/.exec(s);
  if (fx) return `${fx[1] ?? "USD"}${fx[2]}`.toLowerCase();
  if (s.endsWith("=X")) throw refuse("not a currency pair Stooq knows");
  const fut = /^([A-Z0-9]{1,4})=F$/.exec(s);
  if (fut) return `${fut[1].toLowerCase()}.f`;
  const crypto = /^([A-Z0-9]{2,10})-(USD|EUR|GBP|JPY|PLN)$/.exec(s);
  if (crypto) return `${crypto[1]}${crypto[2]}`.toLowerCase();
  if (parseSymbol(s).kind === "crypto") {
    throw refuse("Stooq has crypto pairs against USD, EUR, GBP, JPY and PLN only");
  }
  const dot = s.lastIndexOf(".");
  if (dot < 0) return `${s.toLowerCase()}.us`;
  const root = s.slice(0, dot);
  const suffix = s.slice(dot + 1);
  const market = MARKETS[suffix];
  if (!market) {
    throw refuse(
      `Stooq has no daily bars for the .${suffix} market (it serves US, .L, .DE, .T and .HK listings)`,
    );
  }
  const code = market === "hk" ? root.replace(/^0+(?=\d)/, "") : root;
  return `${code.toLowerCase()}.${market}`;
}

/**
 * Parses Stooq's CSV (English or Polish headers). With `start`/`end` (YYYY-MM-DD, inclusive) only
 * rows in that window are parsed: a symbol's whole history is decades of rows.
 */
export function parseStooqCsv(text: string, symbol: string, start = "", end = "\uffff"): Bar[] {
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
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    // Rows outside the window are skipped before they are split (the date leads the row).
    if (iDate === 0 && line.charCodeAt(4) === 45) {
      const lead = line.slice(0, 10);
      if (lead < start || lead > end) continue;
    }
    const c = line.split(",");
    const date = c[iDate]?.trim();
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || date < start || date > end) continue;
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
  // Stooq writes rows oldest first; sort only when they are not.
  for (let i = 1; i < rows.length; i++) {
    if (rows[i - 1].date > rows[i].date) return rows.sort((a, b) => a.date.localeCompare(b.date));
  }
  return rows;
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
    return parseStooqCsv(text, symbol, start, end);
  }

  /** Stooq has daily bars only; other intervals are refused before any request. */
  static check(timeframe: string): void {
    if (timeframe !== "1d") {
      throw new InputError(`stooq serves daily bars only (timeframe=1d), not ${timeframe}`);
    }
  }
}
