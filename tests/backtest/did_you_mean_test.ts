/** A misspelt strategy or factor name is refused with the closest real name offered. */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";

const window = { start_date: "2020-01-02", end_date: "2020-12-31" };

Deno.test("backtest.run sma_cros: did you mean sma_cross, before any data is loaded", async () => {
  const env = await envelope("backtest.run", { ...window, strategy: "sma_cros", symbols: "AAPL" });
  assert.equal(env.ok, false);
  assert.match(String(env.error), /unknown strategy "sma_cros" \(did you mean sma_cross\?\)/);
});

Deno.test("backtest.describe smacross: did you mean sma_cross", async () => {
  const env = await envelope("backtest.describe", { strategy: "smacross" });
  assert.equal(env.ok, false);
  assert.match(String(env.error), /\(did you mean sma_cross\?\)/);
});

Deno.test("backtest.strategy.payload and backtest.tune offer the closest strategy too", async () => {
  const payload = await envelope("backtest.strategy.payload", {
    ...window,
    strategy_id: "rsi_reversio",
  });
  assert.match(String(payload.error), /\(did you mean rsi_reversion\?\)/);
  const tune = await envelope("backtest.tune", {
    ...window,
    strategy: "sma_crss",
    symbols: "AAPL",
    grid: { fast: [5, 10] },
  });
  assert.match(String(tune.error), /\(did you mean sma_cross\?\)/);
});

Deno.test("backtest.factor.payload momentun: did you mean momentum", async () => {
  const env = await envelope("backtest.factor.payload", {
    ...window,
    factor_name: "momentun",
    symbols: "AAPL",
  });
  assert.equal(env.ok, false);
  assert.match(String(env.error), /unknown factor "momentun" \(did you mean momentum\?\)/);
});

Deno.test("a name near none is refused without a guess", async () => {
  const env = await envelope("backtest.describe", { strategy: "zzzzzzz" });
  assert.ok(!String(env.error).includes("did you mean"), String(env.error));
});
