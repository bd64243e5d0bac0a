/**
 * Stooq's CSV states no currency. A series of a listing outside the US had currency null, as if
 * it could not be known, while the market Stooq's spelling names fixes it for most listings
 * (Xetra EUR, Tokyo JPY, Hong Kong HKD); London lines are mostly in pence but not all, so
 * theirs stays unknown with the reason said, and an index or a future has no currency to state.
 * The CSVs are shaped as Stooq's.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { stooqCurrency } from "../../providers/stooq/client.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const CSV = "Date,Open,High,Low,Close,Volume\n" +
  "2024-03-04,2704.5,2716.0,2688.0,2701.0,9100000\n" +
  "2024-03-05,2701.0,2730.5,2695.5,2722.0,8800000\n";

const stooq = () => fakeMarket(undefined, { "stooq.com": () => new Response(CSV) });

const bars = (symbol: string) =>
  run("market.ohlcv", {
    symbols: symbol,
    provider: "stooq",
    start_date: "2024-03-04",
    end_date: "2024-03-05",
  }, { fetch: stooq(), now: "2024-03-06T12:00:00Z" });

Deno.test("market.ohlcv stooq: a Xetra, Tokyo or Hong Kong series names its currency", async () => {
  for (const [symbol, currency] of [["SAP.DE", "EUR"], ["7203.T", "JPY"], ["0700.HK", "HKD"]]) {
    const { envelope } = await bars(symbol);
    const d = dataOf(envelope) as Any;
    assert.equal(d.currency, currency, symbol);
    assert.ok(!envelope.warnings.some((w) => /currency/.test(w)), envelope.warnings.join("\n"));
  }
});

Deno.test("market.ohlcv stooq: a London series' currency is unknown, and said why", async () => {
  const { envelope } = await bars("SHEL.L");
  const d = dataOf(envelope) as Any;
  assert.equal(d.provider_symbol, "shel.uk");
  assert.equal(d.currency, null);
  const w = envelope.warnings.find((x) => x.startsWith("SHEL.L: Stooq states no currency"));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /mostly quoted in pence \(GBp\).*pounds, USD or EUR/);
});

Deno.test("stooqCurrency: the market's rule, or null said for what has none", () => {
  assert.equal(stooqCurrency("aapl.us").currency, "USD");
  assert.equal(stooqCurrency("eurusd").currency, "USD");
  assert.equal(stooqCurrency("usdpln").currency, "PLN");
  assert.equal(stooqCurrency("btcusd").currency, "USD");
  assert.deepEqual(stooqCurrency("^spx"), { currency: null, note: null });
  assert.equal(stooqCurrency("9988.hk").currency, "HKD");
  assert.equal(stooqCurrency("9010.hk").currency, null, "a US dollar ETF counter");
  const rmb = stooqCurrency("82318.hk");
  assert.equal(rmb.currency, null);
  assert.match(rmb.note!, /renminbi/);
  const fut = stooqCurrency("gc.f");
  assert.equal(fut.currency, null);
  assert.match(fut.note!, /future/);
});

const today = (now: string, symbol = "MSFT") =>
  run("market.ohlcv", {
    symbols: symbol,
    provider: "stooq",
    start_date: "2024-03-04",
    end_date: "2024-03-05",
  }, { fetch: stooq(), now });

Deno.test("market.ohlcv stooq: today's bar while the market trades is said to be unfinished", async () => {
  // 13:00 in New York: Stooq's bar of 2024-03-05 is the trading so far
  const { envelope } = await today("2024-03-05T18:00:00Z");
  const w = envelope.warnings.find((x) => /^MSFT: the last bar \(2024-03-05\)/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(
    w!,
    /within the market's regular hours \(until 21:00 UTC; .*may be of a session still trading/,
  );
  // after the close, and for Tokyo (closed by then) nothing is said
  for (
    const [now, symbol] of [["2024-03-05T21:30:00Z", "MSFT"], ["2024-03-05T18:00:00Z", "7203.T"]]
  ) {
    const env = (await today(now, symbol)).envelope;
    assert.ok(
      !env.warnings.some((x) => /still trading/.test(x)),
      `${symbol} ${now}: ${env.warnings}`,
    );
  }
});

Deno.test("stooqSession: the market's session on its local date; none for pairs and futures", async () => {
  const { stooqSession } = await import("../../providers/stooq/client.ts");
  const now = new Date("2024-03-05T03:00:00Z");
  const jp = stooqSession("7203.jp", now)!;
  assert.equal(new Date(jp.start * 1000).toISOString(), "2024-03-05T00:00:00.000Z");
  assert.equal(new Date(jp.end * 1000).toISOString(), "2024-03-05T06:00:00.000Z");
  const jpLater = stooqSession("7203.jp", new Date("2025-03-05T03:00:00Z"))!;
  assert.equal(new Date(jpLater.end * 1000).toISOString(), "2025-03-05T06:30:00.000Z");
  assert.equal(stooqSession("^spx", now)!.zone, "America/New_York");
  assert.equal(stooqSession("eurusd", now), null);
  assert.equal(stooqSession("gc.f", now), null);
});
