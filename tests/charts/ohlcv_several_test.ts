/** ohlcvChartSvg given market.ohlcv's answer for several symbols says what to pass, not a crash. */
import assert from "node:assert/strict";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";

Deno.test("ohlcvChartSvg: several symbols' answer is refused naming one symbol's series to pass", async () => {
  const series = {
    symbol: "AAPL",
    currency: "USD",
    rows: [{ date: "2020-01-02", open: 1, high: 1, low: 1, close: 1, adj_close: 1, volume: 1 }],
  };
  const several = { timeframe: "1d", symbols: { AAPL: series, MSFT: series }, count: 2 };
  await assert.rejects(
    // deno-lint-ignore no-explicit-any
    ohlcvChartSvg(several as any),
    /answer for 2 symbols \(AAPL, MSFT\): chart one at a time, passing one symbol's series \(data\.symbols\["AAPL"\]\)/,
  );
  await assert.rejects(
    // deno-lint-ignore no-explicit-any
    ohlcvChartSvg({ symbol: "X", currency: null } as any),
    /no bars to chart: pass market\.ohlcv's data for one symbol/,
  );
  // one symbol's series is drawn
  assert.match(await ohlcvChartSvg(series), /^<svg/);
});
