/**
 * market.ohlcv with several symbols and provider=auto may answer one from Yahoo (close adjusted
 * for splits only) and another from Stooq (every price adjusted for dividends too): their closes
 * side by side are two bases, and nothing said so. Answers shaped as Yahoo's v8 chart (chartBody)
 * and Stooq's daily CSV.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-11-21T21:00:00Z";
const CSV = "Date,Open,High,Low,Close,Volume\n2025-10-01,300,302,299,301,1000\n" +
  "2025-10-02,301,303,300,302,1000\n2025-10-03,302,304,301,303,1000\n";

/** Yahoo knows SPY and QQQ; TSM is not found there and Stooq answers it. */
const net: typeof fetch = (input, init) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
  if (m && ["SPY", "QQQ"].includes(m[1])) {
    const p1 = Number(url.searchParams.get("period1"));
    const p2 = Number(url.searchParams.get("period2"));
    const body = chartBody(m[1], p1, p2, 500, 0.001);
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  }
  if (m) {
    return Promise.resolve(
      new Response(
        JSON.stringify({ chart: { result: null, error: { code: "Not Found", description: "" } } }),
        { status: 404, headers: { "content-type": "application/json" } },
      ),
    );
  }
  if (url.host === "stooq.com" && url.searchParams.get("s") === "tsm.us") {
    return Promise.resolve(new Response(CSV));
  }
  return fakeMarket()(input, init);
};

const bars = (symbols: string) =>
  run("market.ohlcv", {
    symbols,
    start_date: "2025-10-01",
    end_date: "2025-10-03",
  }, { fetch: net, now: NOW });

Deno.test("market.ohlcv: symbols answered by providers with different closes are said so", async () => {
  const { envelope } = await bars("SPY,TSM");
  const d = dataOf(envelope) as Any;
  assert.equal(d.symbols.SPY.provider, "market_a");
  assert.equal(d.symbols.TSM.provider, "stooq");
  const w = envelope.warnings.find((x) => /different providers/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /SPY from market_a \(OHLC adjusted for splits only/);
  assert.match(w!, /TSM from stooq \(all prices adjusted for splits and dividends by Stooq\)/);
  // one provider for all: nothing to say
  const same = await bars("SPY,QQQ");
  assert.ok(!same.envelope.warnings.some((x) => /different providers/.test(x)));
});
