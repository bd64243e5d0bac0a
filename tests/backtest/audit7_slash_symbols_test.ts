/**
 * backtest.run, .tune and .factor refused a "/" in their symbols (BRK/B, EUR/USD, BTC/USD)
 * though market.ohlcv, which loads their bars, reads them: BRK/B is BRK-B, EUR/USD is EURUSD=X.
 * Now the forms the symbol parser reads are taken (the run keeps the name given), and a "/"
 * anywhere else is still refused before any request.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { parseSymbols } from "../../analysis/backtest/data.ts";

const replay = { replay: [join(FIXTURES, "backtest", "cassette")] };
// deno-lint-ignore no-explicit-any
type Data = any;
const base = {
  strategy: "sma_cross",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
  params: { fast: 5, slow: 20 },
};

Deno.test("parseSymbols: a share class or pair written with '/' is taken, junk is not", () => {
  assert.deepEqual(parseSymbols("brk/b, EUR/USD,BTC/USD,RCI/B.TO"), [
    "BRK/B",
    "EUR/USD",
    "BTC/USD",
    "RCI/B.TO",
  ]);
  for (const junk of ["../etc/passwd", "/B", "BRK/", "BRK//B", "A/B/../C", "BRK/B?x=1", "a b"]) {
    assert.throws(() => parseSymbols(junk), /is not a ticker symbol/, junk);
  }
});

Deno.test("backtest.run: BRK/B is loaded as BRK-B and reported as BRK/B", async () => {
  const slash = await envelope<Data>("backtest.run", { ...base, symbols: "AAPL,BRK/B" }, replay);
  const d = dataOf(slash);
  assert.deepEqual(d.data.symbols, ["AAPL", "BRK/B"]);
  assert.deepEqual(d.data.missing_symbols, []);
  const dash = dataOf(
    await envelope<Data>("backtest.run", { ...base, symbols: "AAPL,BRK-B" }, replay),
  );
  assert.equal(d.metrics.total_return, dash.metrics.total_return);
});

Deno.test("backtest.run: a '/' the parser does not read is refused before any request", async () => {
  const env = await envelope<Data>("backtest.run", { ...base, symbols: "AAPL,../x" }, replay);
  assert.equal(env.ok, false);
  assert.match(String(env.error), /"\.\.\/X" is not a ticker symbol/);
});
