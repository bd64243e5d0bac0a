/**
 * momentum_top_n with top_n at or above the number of symbols holds every symbol on every
 * rebalance: the run is an equal-weight portfolio, not a momentum selection, and says so (it
 * said nothing before).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
const RUN = {
  strategy: "momentum_top_n",
  symbols: "AAPL,MSFT",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
};

Deno.test("backtest.run momentum_top_n: top_n covering every symbol is said to select nothing", async () => {
  const e = await envelope("backtest.run", { ...RUN, params: { lookback: 20, top_n: 2 } }, replay);
  assert.equal(e.ok, true, String(e.error));
  assert.ok(
    e.warnings.some((w) => /^top_n=2 is not below the 2 symbols: .* selects nothing/.test(w)),
    JSON.stringify(e.warnings),
  );
});

Deno.test("backtest.run momentum_top_n: a real selection carries no such note", async () => {
  const e = await envelope("backtest.run", { ...RUN, params: { lookback: 20, top_n: 1 } }, replay);
  assert.equal(e.ok, true, String(e.error));
  assert.ok(!e.warnings.some((w) => /top_n=/.test(w)), JSON.stringify(e.warnings));
});
