/** A fake network for market tests: Yahoo (with the cookie/crumb handshake), Stooq, Alpaca, FMP. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";

const dir = join(FIXTURES, "market");
const file = (name: string) => readFileSync(join(dir, name), "utf8");

export interface FakeLog {
  urls: string[];
  posts: { url: string; body: string }[];
}

const json = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "application/json" } });

/** Routes a request to a fixture; `overrides` answer first (by URL substring). */
export function fakeMarket(
  log: FakeLog = { urls: [], posts: [] },
  overrides: Record<string, () => Response> = {},
): typeof fetch {
  return (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    log.urls.push(url);
    if (init?.method === "POST") log.posts.push({ url, body: String(init.body) });
    for (const [part, answer] of Object.entries(overrides)) {
      if (url.includes(part)) return Promise.resolve(answer());
    }
    const u = new URL(url);
    const p = u.pathname;
    let res: Response | null = null;
    if (u.host === "finance.yahoo.com") {
      res = new Response("<html></html>", {
        status: 200,
        headers: {
          "content-type": "text/html",
          "set-cookie": "A3=fake; Max-Age=31536000; Domain=.yahoo.com; Path=/; Secure",
        },
      });
    } else if (p === "/v1/test/getcrumb") res = new Response("fakecrumb");
    else if (p.startsWith("/v8/finance/chart/MSFT")) res = json(file("chart_MSFT.json"));
    else if (p === "/v7/finance/quote") {
      const sym = u.searchParams.get("symbols");
      res = json(file(sym === "AAPL" ? "quote_AAPL.json" : "quote_empty.json"));
    } else if (p.startsWith("/v10/finance/quoteSummary/AAPL")) {
      res = json(file(`qs_${u.searchParams.get("modules")}.json`));
    } else if (p.includes("fundamentals-timeseries")) res = json(file("timeseries_AAPL.json"));
    else if (p.endsWith("/screener/predefined/saved")) {
      res = json(file("screener_day_gainers.json"));
    } else if (p === "/v1/finance/screener") res = json(file("screener_query.json"));
    else if (p === "/v1/finance/sectors/technology") res = json(file("sector_technology.json"));
    else if (p === "/v1/finance/industries/semiconductors") {
      res = json(file("industry_semiconductors.json"));
    } else if (p === "/v6/finance/markettime") res = json(file("markettime_US.json"));
    else if (u.host === "stooq.com") {
      const s = u.searchParams.get("s");
      res = new Response(file(s === "msft.us" ? "stooq_msft_us_d.csv" : "stooq_nodata.csv"));
    } else if (u.host === "data.alpaca.markets") {
      res = json(
        file(u.searchParams.get("page_token") ? "alpaca_page2.json" : "alpaca_page1.json"),
      );
    } else if (u.host === "financialmodelingprep.com") res = json(file("fmp_AAPL.json"));
    return Promise.resolve(res ?? json('{"error":"not found"}', 404));
  };
}

/** A network that is down everywhere. */
export const offline: typeof fetch = () => Promise.reject(new TypeError("network unreachable"));

/**
 * A Yahoo v8/finance/chart answer of daily weekday bars (14:30 UTC) from period1 to period2,
 * close = start × (1+drift)^i, leaving out the dates in `skip`.
 */
export function chartBody(
  symbol: string,
  p1: number,
  p2: number,
  start: number,
  drift: number,
  skip: string[] = [],
) {
  const ts: number[] = [];
  for (let t = p1 - (p1 % 86_400) + 52_200; t < p2; t += 86_400) {
    const wd = new Date(t * 1000).getUTCDay();
    const day = new Date(t * 1000).toISOString().slice(0, 10);
    if (wd !== 0 && wd !== 6 && !skip.includes(day)) ts.push(t);
  }
  const close = ts.map((_, i) => Math.round(start * (1 + drift) ** i * 100) / 100);
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol,
          exchangeName: symbol.startsWith("^") ? "CXI" : "PCX",
          instrumentType: symbol.startsWith("^") ? "INDEX" : "ETF",
          gmtoffset: -18000,
          exchangeTimezoneName: "America/New_York",
          regularMarketPrice: close.at(-1),
          regularMarketTime: ts.at(-1),
        },
        timestamp: ts,
        indicators: {
          quote: [{
            open: close,
            high: close.map((c) => c * 1.005),
            low: close.map((c) => c * 0.995),
            close,
            volume: close.map(() => 1_000_000),
          }],
          adjclose: [{ adjclose: close }],
        },
      }],
      error: null,
    },
  };
}
