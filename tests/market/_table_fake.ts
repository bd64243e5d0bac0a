/**
 * A fake Yahoo and Stooq for the symbol table: quote rows and quoteSummary modules from
 * tests/fixtures/market/symbols_table.json (written for these tests, shaped like Yahoo's
 * answers), a missing module answering Yahoo's 404 body, and a small Stooq CSV for any symbol.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

export const TABLE = JSON.parse(
  readFileSync(join(FIXTURES, "market", "symbols_table.json"), "utf8"),
) as { quotes: Record<string, Any>; quoteSummary: Record<string, Record<string, Any>> };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** ASML's fiscal-year revenue, in EUR as Yahoo's time series states it. */
const ASML_FY = {
  timeseries: {
    result: [{
      meta: { symbol: ["ASML"], type: ["annualTotalRevenue"] },
      timestamp: [1735603200],
      annualTotalRevenue: [{
        asOfDate: "2024-12-31",
        periodType: "12M",
        currencyCode: "EUR",
        reportedValue: { raw: 28262900000, fmt: "28.26B" },
      }],
    }],
    error: null,
  },
};

const STOOQ_CSV = "Date,Open,High,Low,Close,Volume\n2025-11-19,10,11,9,10.5,1000\n" +
  "2025-11-20,10.5,11.5,10,11,1200\n2025-11-21,11,12,10.5,11.5,900\n";

/** Every URL asked for is logged; Yahoo's handshake comes from the shared market fake. */
export function tableFetch(log: string[] = []): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    log.push(url);
    const u = new URL(url);
    const p = u.pathname;
    if (p === "/v7/finance/quote") {
      const syms = (u.searchParams.get("symbols") ?? "").split(",");
      const rows = syms.map((s) => TABLE.quotes[s]).filter(Boolean);
      return Promise.resolve(json({ quoteResponse: { result: rows, error: null } }));
    }
    const qs = /^\/v10\/finance\/quoteSummary\/(.+)$/.exec(p);
    if (qs) {
      const sym = decodeURIComponent(qs[1]);
      const mods = (u.searchParams.get("modules") ?? "").split(",");
      const have = TABLE.quoteSummary[sym] ?? {};
      const found = Object.fromEntries(mods.filter((m) => have[m]).map((m) => [m, have[m]]));
      if (!Object.keys(found).length) {
        return Promise.resolve(json({
          quoteSummary: {
            result: null,
            error: {
              code: "Not Found",
              description: `No fundamentals data found for any of the summaryTypes=${
                mods.join(",")
              }`,
            },
          },
        }, 404));
      }
      return Promise.resolve(json({ quoteSummary: { result: [found], error: null } }));
    }
    if (p.includes("fundamentals-timeseries")) {
      const sym = p.split("/").pop();
      return Promise.resolve(
        json(sym === "ASML" ? ASML_FY : { timeseries: { result: [], error: null } }),
      );
    }
    if (u.host === "stooq.com") return Promise.resolve(new Response(STOOQ_CSV));
    if (u.host === "www.sec.gov") {
      return Promise.resolve(new Response("not found", { status: 404 }));
    }
    return base(input, init);
  };
}
