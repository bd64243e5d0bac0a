/** market_b: Alpha Vantage (quote and daily/weekly/monthly/intraday bars). */
import { localInstant } from "../../core/zones.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import { InputError, MissingConfigError, ProviderError } from "../../core/errors.ts";
import { setHostPolicy } from "../../core/http.ts";
import type { Bar, Dividend, Split } from "../market_a/bars.ts";
import { parseSymbol } from "../../core/symbols.ts";

const P = "market_b";
// Free keys allow about 5 requests a minute; space them process-wide.
setHostPolicy("www.alphavantage.co", { minIntervalMs: 1_200, concurrency: 1 });

const SERIES: Record<string, { fn: string; key: string; interval?: string }> = {
  "1d": { fn: "TIME_SERIES_DAILY_ADJUSTED", key: "Time Series (Daily)" },
  "1wk": { fn: "TIME_SERIES_WEEKLY_ADJUSTED", key: "Weekly Adjusted Time Series" },
  "1mo": { fn: "TIME_SERIES_MONTHLY_ADJUSTED", key: "Monthly Adjusted Time Series" },
  "5m": { fn: "TIME_SERIES_INTRADAY", key: "Time Series (5min)", interval: "5min" },
  "15m": { fn: "TIME_SERIES_INTRADAY", key: "Time Series (15min)", interval: "15min" },
  "1h": { fn: "TIME_SERIES_INTRADAY", key: "Time Series (60min)", interval: "60min" },
};

/** Yahoo exchange suffixes → Alpha Vantage's (the markets its equity endpoints cover). */
const AV_MARKETS: Record<string, string> = {
  L: "LON",
  TO: "TRT",
  V: "TRV",
  DE: "DEX",
  SS: "SHH",
  SZ: "SHZ",
  BO: "BSE",
};

/**
 * Alpha Vantage's spelling of a symbol in Yahoo's canonical form: `BRK-B` → `BRK.B`,
 * `SHEL.L` → `SHEL.LON`, `RY.TO` → `RY.TRT`. Its quote and bar endpoints cover equities only:
 * indices, currency pairs, futures, crypto and other markets are refused by name.
 */
export function avSymbol(symbol: string): string {
  const s = symbol.trim().toUpperCase();
  const expects =
    "Alpha Vantage (market_b) takes equities as AAPL, BRK.B, SHEL.LON, RY.TRT, SAP.DEX";
  if (parseSymbol(s).kind !== "equity") {
    throw new InputError(`market_b cannot serve ${symbol}: not an equity; ${expects}`);
  }
  const dot = s.lastIndexOf(".");
  if (dot < 0) return s.replace(/-/g, ".");
  const market = AV_MARKETS[s.slice(dot + 1)];
  if (!market) {
    throw new InputError(
      `market_b cannot serve ${symbol}: Alpha Vantage has no .${
        s.slice(dot + 1)
      } market; ${expects}`,
    );
  }
  return `${s.slice(0, dot).replace(/-/g, ".")}.${market}`;
}

/**
 * The currency of an Alpha Vantage symbol's prices, as far as its spelling tells (its series
 * state none): USD for a US listing (no market suffix), EUR for Xetra (.DEX), INR for Bombay
 * (.BSE), CNY for Shanghai and Shenzhen A shares (60…, 68… on .SHH; 00…, 30… on .SHZ; their
 * B shares trade in USD and HKD). Null for London (pence or pounds), Toronto and the TSX
 * Venture (CAD or USD lines) and any other share, which the spelling does not settle.
 */
export function avCurrency(providerSymbol: string): string | null {
  const dot = providerSymbol.lastIndexOf(".");
  const market = dot >= 0 ? providerSymbol.slice(dot + 1) : "";
  if (!Object.values(AV_MARKETS).includes(market)) return "USD";
  const code = providerSymbol.slice(0, dot);
  if (market === "DEX") return "EUR";
  if (market === "BSE") return "INR";
  if (market === "SHH") return /^6[08]\d{4}$/.test(code) ? "CNY" : null;
  if (market === "SHZ") return /^(00|30)\d{4}$/.test(code) ? "CNY" : null;
  return null;
}

export interface AvQuote {
  symbol: string;
  open: number | null;
  high: number | null;
  low: number | null;
  price: number | null;
  volume: number | null;
  latest_trading_day: string | null;
  previous_close: number | null;
  change: number | null;
  change_percent: number | null;
}

const num = (v: unknown): number | null => {
  if (v === undefined || v === null || v === "") return null;
  const x = Number(String(v).replace("%", ""));
  return Number.isFinite(x) ? x : null;
};

export class Client {
  constructor(readonly env: ProviderEnv) {}

  #key(): string {
    const key = this.env.env("ALPHA_VANTAGE_API_KEY") ?? this.env.env("ALPHAVANTAGE_API_KEY");
    if (!key) {
      throw new MissingConfigError(
        P,
        ["ALPHA_VANTAGE_API_KEY"],
        "ALPHAVANTAGE_API_KEY is accepted too",
      );
    }
    return key;
  }

  get configured(): boolean {
    return !!(this.env.env("ALPHA_VANTAGE_API_KEY") ?? this.env.env("ALPHAVANTAGE_API_KEY"));
  }

  async #query(params: Record<string, string>): Promise<Record<string, unknown>> {
    const key = this.#key();
    const q = new URLSearchParams({ ...params, apikey: key });
    const body = await this.env.http.json<Record<string, unknown>>({
      provider: P,
      url: `https://www.alphavantage.co/query?${q}`,
      secrets: [key],
      cache: { ttl: params.function === "GLOBAL_QUOTE" ? 60 : 3_600 },
      signal: this.env.signal,
    });
    // Alpha Vantage answers 200 with a message instead of data when it refuses.
    const limit = body["Note"] ?? body["Information"];
    if (limit) {
      throw new ProviderError(
        P,
        `Alpha Vantage refused (rate limit or plan): ${String(limit).slice(0, 200)}`,
        {
          status: 429,
        },
      );
    }
    if (body["Error Message"]) {
      throw new ProviderError(
        P,
        `Alpha Vantage error: ${String(body["Error Message"]).slice(0, 200)}`,
      );
    }
    return body;
  }

  async quote(symbol: string): Promise<AvQuote> {
    const body = await this.#query({ function: "GLOBAL_QUOTE", symbol: avSymbol(symbol) });
    const g = body["Global Quote"] as Record<string, string> | undefined;
    if (!g || !g["01. symbol"]) {
      throw new ProviderError(P, `Alpha Vantage returned no quote for ${symbol}`);
    }
    return {
      symbol: g["01. symbol"],
      open: num(g["02. open"]),
      high: num(g["03. high"]),
      low: num(g["04. low"]),
      price: num(g["05. price"]),
      volume: num(g["06. volume"]),
      latest_trading_day: g["07. latest trading day"] ?? null,
      previous_close: num(g["08. previous close"]),
      change: num(g["09. change"]),
      change_percent: num(g["10. change percent"]),
    };
  }

  /**
   * Bars between two dates inclusive (YYYY-MM-DD, the exchange's own days); intraday bars are
   * dated in UTC (ISO, Z).
   */
  async bars(symbol: string, timeframe: string, start: string, end: string): Promise<Bar[]> {
    return (await this.series(symbol, timeframe, start, end)).rows;
  }

  /**
   * {@link bars} with the splits and dividends Alpha Vantage states beside daily bars ("8.
   * split coefficient", "7. dividend amount" of each ex-date): its OHLC are raw, so a split
   * inside the window is a jump in them that only these explain. Its weekly and monthly series
   * state a bar's dividends without their ex-dates and no splits: none are given for them.
   */
  async series(
    symbol: string,
    timeframe: string,
    start: string,
    end: string,
  ): Promise<{ rows: Bar[]; splits: Split[]; dividends: Dividend[] }> {
    const s = SERIES[timeframe];
    if (!s) {
      throw new InputError(
        `Alpha Vantage has no ${timeframe} bars; use one of ${Object.keys(SERIES).join(", ")}`,
      );
    }
    const params: Record<string, string> = {
      function: s.fn,
      symbol: avSymbol(symbol),
      outputsize: "full",
    };
    // intraday OHLC unadjusted, as market.ohlcv states for this provider (Alpha Vantage's
    // default adjusts them for splits and dividends)
    if (s.interval) Object.assign(params, { interval: s.interval, adjusted: "false" });
    const body = await this.#query(params);
    const series = body[s.key] as Record<string, Record<string, string>> | undefined;
    if (!series) throw new ProviderError(P, `Alpha Vantage answer for ${symbol} has no '${s.key}'`);
    // intraday stamps are the exchange's wall clock (Meta Data "6. Time Zone", US/Eastern);
    // bars are dated in UTC like every other provider's intraday bars
    const meta = (body["Meta Data"] ?? {}) as Record<string, string>;
    const zone = Object.entries(meta).find(([k]) => /time zone/i.test(k))?.[1] ?? "US/Eastern";
    const rows: Bar[] = [];
    const splits: Split[] = [];
    const dividends: Dividend[] = [];
    for (const [stamp, v] of Object.entries(series)) {
      // the window's days are the exchange's own: the stamp's wall-clock date, not the UTC
      // date (a 19:30 bar in New York's winter is 00:30 UTC the next day)
      if (stamp.slice(0, 10) < start || stamp.slice(0, 10) > end) continue;
      const date = s.interval ? wallClockToUtc(stamp, zone) : stamp.slice(0, 10);
      const close = num(v["4. close"]);
      rows.push({
        date,
        open: num(v["1. open"]),
        high: num(v["2. high"]),
        low: num(v["3. low"]),
        close,
        // an adjusted close only where Alpha Vantage gives one (intraday bars are asked
        // unadjusted): the close is never passed off as adjusted
        adj_close: num(v["5. adjusted close"]),
        volume: num(v["6. volume"] ?? v["5. volume"]),
      });
      // a weekly or monthly bar's dividend is dated by the bar, not by its ex-date: daily only
      if (timeframe !== "1d") continue;
      const split = splitOf(stamp.slice(0, 10), num(v["8. split coefficient"]));
      if (split) splits.push(split);
      const amount = num(v["7. dividend amount"]);
      if (amount !== null && amount > 0) dividends.push({ date: stamp.slice(0, 10), amount });
    }
    const byDate = <T extends { date: string }>(a: T, b: T) => a.date.localeCompare(b.date);
    return {
      rows: rows.sort(byDate),
      splits: splits.sort(byDate),
      dividends: dividends.sort(byDate),
    };
  }
}

/**
 * A split from Alpha Vantage's split coefficient of a day (new shares per old: 4 for a 4-for-1
 * split, 0.1 for a 1-for-10 reverse split); null for 1 (no split) or no coefficient. The
 * numerator and denominator are the smallest whole numbers of that ratio (0.6667: 2 for 3).
 */
export function splitOf(date: string, coefficient: number | null): Split | null {
  if (coefficient === null || !(coefficient > 0) || Math.abs(coefficient - 1) < 1e-9) return null;
  for (let denominator = 1; denominator <= 1_000; denominator++) {
    const numerator = Math.round(coefficient * denominator);
    if (numerator > 0 && Math.abs(numerator / denominator - coefficient) <= 1e-4 * coefficient) {
      return { date, ratio: numerator / denominator, numerator, denominator };
    }
  }
  return { date, ratio: coefficient, numerator: coefficient, denominator: 1 };
}

/**
 * `2024-07-01 09:30:00` on the wall clock of `zone` as a UTC ISO time (`2024-07-01T13:30:00Z`).
 * A zone Intl does not know leaves the stamp as it is, marked with no zone.
 */
export function wallClockToUtc(stamp: string, zone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(stamp.trim());
  if (!m) return stamp.replace(" ", "T");
  const utc = localInstant(
    `${m[1]}-${m[2]}-${m[3]}`,
    +m[4] * 3600 + +m[5] * 60 + +(m[6] ?? 0),
    zone,
    NaN,
  );
  return Number.isFinite(utc)
    ? new Date(utc).toISOString().replace(".000Z", "Z")
    : stamp.replace(" ", "T");
}
