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
