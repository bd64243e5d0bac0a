/**
 * A start date no exchange has reached yet is refused before any request, saying so, instead of
 * a provider's "no bars" after the network round trip (market.ohlcv, and backtests through it).
 */
import assert from "node:assert/strict";
import { resolveWindow } from "../../analysis/market/ohlcv_window.ts";
import { InputError } from "../../core/errors.ts";

const NOW = new Date("2026-11-27T20:00:00Z");

Deno.test("market.ohlcv window: a start in the future is refused and said", () => {
  for (const end of [undefined, "2030-12-31"]) {
    assert.throws(
      () => resolveWindow("1d", NOW, "2030-01-02", end, 200),
      (e: unknown) =>
        e instanceof InputError && /start_date 2030-01-02 is in the future \(today is 2026-11-27/
          .test(e.message),
    );
  }
  // tomorrow in UTC is today where the exchange is ahead of UTC (Tokyo, Sydney): still asked
  const near = resolveWindow("1d", NOW, "2026-11-28", undefined, 200);
  assert.equal(near.start, "2026-11-28");
  // today and the past are read as before
  assert.equal(resolveWindow("1d", NOW, "2026-11-27", undefined, 200).start, "2026-11-27");
  assert.equal(resolveWindow("1d", NOW, "2024-01-02", "2024-06-28", 200).end, "2024-06-28");
});
