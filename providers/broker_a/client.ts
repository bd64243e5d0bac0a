/** broker_a: Alpaca market data stock bars, every page followed via next_page_token. */
import { z } from "zod";
import type { ProviderEnv } from "../../core/provider.ts";
import { InputError, MissingConfigError, ProviderError } from "../../core/errors.ts";
import type { Bar } from "../market_a/bars.ts";

const P = "broker_a";
const TIMEFRAMES: Record<string, string> = {
  "1m": "1Min",
  "5m": "5Min",
  "15m": "15Min",
  "30m": "30Min",
  "1h": "1Hour",
  "1d": "1Day",
  "1wk": "1Week",
  "1mo": "1Month",
};
/** Stop after this many pages (10,000 bars each): a guard, never hit by daily history. */
const MAX_PAGES = 50;

const page = z.looseObject({
  bars: z.array(z.looseObject({
    t: z.string(),
    o: z.number(),
    h: z.number(),
    l: z.number(),
    c: z.number(),
    v: z.number(),
  })).nullable().optional(),
  next_page_token: z.string().nullable().optional(),
});

export class Client {
  constructor(readonly env: ProviderEnv) {}

  get configured(): boolean {
    return !!(this.#id() && this.#secret());
  }

  /**
   * The data feed asked for (ALPACA_DATA_FEED, default iex): `iex` bars are built from the
   * trades on IEX alone, `sip` from every US exchange's.
   */
  get feed(): string {
    return (this.env.env("ALPACA_DATA_FEED") ?? "iex").trim().toLowerCase() || "iex";
  }

  #id() {
    return this.env.env("ALPACA_API_KEY_ID") ?? this.env.env("APCA_API_KEY_ID");
  }
  #secret() {
    return this.env.env("ALPACA_API_SECRET_KEY") ?? this.env.env("APCA_API_SECRET_KEY");
  }

  /**
   * Split-adjusted bars between two dates inclusive; dates as YYYY-MM-DD. Intraday bars (UTC
   * stamps) may reach into the morning after `end` (UTC), for the caller to keep by day.
   */
  async bars(symbol: string, timeframe: string, start: string, end: string): Promise<Bar[]> {
    const tf = TIMEFRAMES[timeframe];
    if (!tf) {
      throw new InputError(
        `Alpaca has no ${timeframe} bars; use one of ${Object.keys(TIMEFRAMES).join(", ")}`,
      );
    }
    const id = this.#id();
    const secret = this.#secret();
    const missing = [!id && "ALPACA_API_KEY_ID", !secret && "ALPACA_API_SECRET_KEY"].filter(
      Boolean,
    ) as string[];
    if (missing.length) throw new MissingConfigError(P, missing, "APCA_* names are accepted too");
    const base = (this.env.env("ALPACA_DATA_BASE_URL") ?? "https://data.alpaca.markets").replace(
      /\/+$/,
      "",
    );
    const feed = this.feed;
    const intraday = !["1d", "1wk", "1mo"].includes(timeframe);
    // The window's days are New York's (every Alpaca listing's): its intraday bars run to 20:00
    // there, 00:00-01:00 UTC of the next day in winter, so an intraday request reaches 12 hours
    // past the end's UTC midnight (market.ohlcv keeps the rows by their New York day).
    const until = intraday
      ? new Date(Date.parse(`${end}T12:00:00Z`) + 86_400_000).toISOString().replace(".000Z", "Z")
      : `${end}T23:59:59Z`;
    const rows: Bar[] = [];
    let token: string | null | undefined = undefined;
    for (let n = 0; n < MAX_PAGES; n++) {
      const q = new URLSearchParams({
        timeframe: tf,
        start: `${start}T00:00:00Z`,
        end: until,
        adjustment: "split",
        feed,
        sort: "asc",
        limit: "10000",
      });
      if (token) q.set("page_token", token);
      const body = await this.env.http.json<unknown>({
        provider: P,
        url: `${base}/v2/stocks/${encodeURIComponent(symbol)}/bars?${q}`,
        headers: { "APCA-API-KEY-ID": id!, "APCA-API-SECRET-KEY": secret! },
        secrets: [id!, secret!],
        cache: { ttl: 3_600 },
        signal: this.env.signal,
      });
      const r = page.safeParse(body);
      if (!r.success) {
        throw new ProviderError(
          P,
          `unexpected Alpaca answer for ${symbol}: ${r.error.issues[0].message}`,
        );
      }
      for (const b of r.data.bars ?? []) {
        rows.push({
          date: intraday ? b.t : b.t.slice(0, 10),
          open: b.o,
          high: b.h,
          low: b.l,
          close: b.c,
          // Alpaca's bars are adjusted for splits only: it gives no close adjusted for dividends
          // (a copy of the close here would be read as one, and a backtest as a total return).
          adj_close: null,
          volume: b.v,
        });
      }
      token = r.data.next_page_token;
      if (!token) return rows;
    }
    this.env.warn(`broker_a: stopped after ${MAX_PAGES} pages of ${symbol} bars; narrow the dates`);
    return rows;
  }
}
