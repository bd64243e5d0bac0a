/**
 * Alpaca's free plan serves the IEX feed: bars built from the trades on IEX alone, whose volume
 * is a few percent of the market's. market.ohlcv passed that volume on as the bars' volume with
 * nothing said. The pages are the project's Alpaca fixtures (shaped as its v2 bars answer).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const KEYS = { ALPACA_API_KEY_ID: "id123456", ALPACA_API_SECRET_KEY: "sec123456" };
const bars = (env: Record<string, string>) =>
  run("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2023-11-20",
    end_date: "2023-11-21",
    provider: "broker_a",
  }, { fetch: fakeMarket(), env: { ...KEYS, ...env }, now: "2023-11-22T12:00:00Z" });

Deno.test("market.ohlcv broker_a: the IEX feed's volume is said to be one exchange's", async () => {
  const { envelope } = await bars({});
  const d = dataOf(envelope) as Any;
  assert.match(d.price_basis, /Alpaca's iex feed \(trades on IEX only\)/);
  const w = envelope.warnings.find((x) => /^MSFT: Alpaca's iex feed/.test(x));
  assert.ok(w, envelope.warnings.join("\n"));
  assert.match(w!, /volume is that exchange's share/);
  assert.match(w!, /ALPACA_DATA_FEED=sip/);
});

Deno.test("market.ohlcv broker_a: the consolidated feed says nothing of it", async () => {
  const { envelope } = await bars({ ALPACA_DATA_FEED: "sip" });
  const d = dataOf(envelope) as Any;
  assert.match(d.price_basis, /sip feed \(every US exchange's trades\)/);
  assert.ok(!envelope.warnings.some((x) => /feed builds bars/.test(x)), envelope.warnings.join());
});
