/**
 * A backtest's bars come from one market.ohlcv call per symbol: a warning several answers share
 * is said once, naming the symbols, not once per symbol (ten times for a ten-symbol tune).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { sharedWarnings } from "../../analysis/backtest/load.ts";
import { envelope, SHARED } from "../_helpers.ts";

const UNDATED = "some answers were replayed from recordings that carry no date";

Deno.test("shared warnings: one note every answer gives is said once, naming each symbol", () => {
  const out = sharedWarnings(
    [{ warnings: [UNDATED] }, { warnings: [UNDATED] }, { warnings: [UNDATED] }],
    ["AAPL", "MSFT", "TSM"],
  );
  assert.deepEqual(out, [`market.ohlcv AAPL, MSFT, TSM: ${UNDATED}`]);
});

Deno.test("shared warnings: a note about one symbol's bars names that symbol once", () => {
  const out = sharedWarnings(
    [{ warnings: ["AAPL: 3 bars have no volume"] }, { warnings: [] }],
    ["AAPL", "MSFT"],
  );
  assert.deepEqual(out, ["market.ohlcv AAPL: 3 bars have no volume"]);
});

Deno.test("shared warnings: the same note after each symbol's name is grouped, in first order", () => {
  const out = sharedWarnings(
    [
      { warnings: ["MSFT: no bars after 2020-01-01", UNDATED] },
      { warnings: [UNDATED, "AAPL: no bars after 2020-01-01", UNDATED] },
      { warnings: ["TSM's prices are in TWD"] },
    ],
    ["MSFT", "AAPL", "TSM"],
  );
  assert.deepEqual(out, [
    "market.ohlcv MSFT, AAPL: no bars after 2020-01-01",
    `market.ohlcv MSFT, AAPL: ${UNDATED}`,
    "market.ohlcv TSM: TSM's prices are in TWD",
  ]);
});

Deno.test("shared warnings: a tune over recordings without a date says so once", async () => {
  if (!SHARED) {
    console.log("skipped: ../shared/fixtures is absent (fresh clone)");
    return;
  }
  const env = await envelope("backtest.tune", {
    strategy: "sma_cross",
    symbols: "AAPL,TSM",
    start_date: "2016-01-01",
    end_date: "2018-12-31",
    provider: "stooq",
    grid: { fast: [5, 10], slow: [60] },
  }, { replay: [join(SHARED, "cassettes", "stooq")] });
  assert.equal(env.ok, true, env.error ?? "");
  const undated = env.warnings.filter((w) => w.includes(UNDATED));
  assert.equal(undated.length, 1, undated.join("\n"));
  assert.ok(undated[0].startsWith("market.ohlcv AAPL, TSM: "), undated[0]);
});
