/**
 * price.moves folds a window only into a kept move it shares a session with: overlaps are not
 * chained through windows in between, so a large move apart from the strongest one stays, and
 * the moves found do not depend on the threshold that let the windows in between through.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { detectMoves } from "../../analysis/evidence/moves.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** AAPL's daily closes from 2020-02-24 to 2020-03-31, as market.ohlcv rows (Stooq, adjusted). */
const CLOSES: [string, number, number][] = [
  ["2020-02-24", 72.0483, 229895979],
  ["2020-02-25", 69.6062, 238667948],
  ["2020-02-26", 70.7118, 205600585],
  ["2020-02-27", 66.0895, 331716817],
  ["2020-02-28", 66.05, 441679555],
  ["2020-03-02", 72.1973, 353229232],
  ["2020-03-03", 69.9073, 330547532],
  ["2020-03-04", 73.1503, 226774378],
  ["2020-03-05", 70.7746, 194073628],
  ["2020-03-06", 69.8355, 234015644],
  ["2020-03-09", 64.3115, 296682605],
  ["2020-03-10", 68.9457, 295177436],
  ["2020-03-11", 66.5524, 265265286],
  ["2020-03-12", 59.9794, 432977206],
  ["2020-03-13", 67.1648, 383580668],
  ["2020-03-16", 58.5251, 333597755],
  ["2020-03-17", 61.0997, 335286730],
  ["2020-03-18", 59.6016, 310638881],
  ["2020-03-19", 59.1443, 281278821],
  ["2020-03-20", 55.3901, 415614952],
  ["2020-03-23", 54.2145, 348423743],
  ["2020-03-24", 59.6516, 297496118],
  ["2020-03-25", 59.3257, 314124037],
  ["2020-03-26", 62.4451, 261313726],
  ["2020-03-27", 59.8616, 211294187],
  ["2020-03-30", 61.5688, 173798032],
  ["2020-03-31", 61.4412, 203829542],
];
const bars = CLOSES.map(([date, close, volume]) => ({
  symbol: "AAPL",
  date,
  open: close,
  high: close,
  low: close,
  close,
  adj_close: close,
  volume,
  currency: "USD",
  provider: "stooq",
}));

const downs = (thresholdPct: number) =>
  detectMoves(bars, { days: 5, thresholdPct, limit: 50 }).moves
    .filter((m) => m.direction === "down")
    .map((m) => [m.start_date, m.end_date, m.return_pct]);

Deno.test("1w moves: a drop that shares no session with the largest one is its own move", () => {
  // 03-05→03-12 (-15.25%) and 03-13→03-20 (-17.53%) share no session; the windows ending
  // 03-13…03-19 overlap both, and used to chain the first into the second at 8%
  const at8 = downs(8);
  assert.deepEqual(at8.slice(0, 1), [["2020-03-13", "2020-03-20", -17.53]]);
  assert.ok(
    at8.some(([s, e, r]) => s === "2020-03-05" && e === "2020-03-12" && r === -15.25),
    JSON.stringify(at8),
  );
  // 03-02→03-09 (-10.92%) overlaps 03-05→03-12: folded into it, not a move of its own
  assert.ok(!at8.some(([, e]) => e === "2020-03-09"));
});

Deno.test("1w moves: a lower threshold never hides a move a higher one shows", () => {
  const at15 = downs(15);
  assert.deepEqual(
    at15,
    [
      ["2020-03-05", "2020-03-12", -15.25],
      ["2020-03-13", "2020-03-20", -17.53],
    ].sort((a, b) => Math.abs(b[2] as number) - Math.abs(a[2] as number)),
  );
  for (const threshold of [6, 8, 10, 12]) {
    const lower = downs(threshold);
    for (const move of at15) {
      assert.ok(
        lower.some((m) => JSON.stringify(m) === JSON.stringify(move)),
        `${threshold}%: ${JSON.stringify(lower)}`,
      );
    }
  }
});

Deno.test("1w moves: total counts each distinct move once, folded windows counted on it", () => {
  const r = detectMoves(bars, { days: 5, thresholdPct: 8, limit: 50 });
  assert.equal(r.total, r.moves.length);
  // every window at or above 8% is either kept or folded into exactly one kept move
  let windows = 0;
  for (let i = 5; i < bars.length; i++) {
    if (Math.abs(bars[i].close / bars[i - 5].close - 1) * 100 >= 8) windows++;
  }
  assert.equal(r.moves.reduce((s, m) => s + 1 + m.overlapping_windows, 0), windows);
});

Deno.test({
  name: "conformance: price.moves AAPL 2020 H1 1w at 8% keeps 03-05→03-12 beside 03-13→03-20",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("price.moves fold conformance");
    if (!root) return;
    const at = async (threshold: string) =>
      dataOf(
        await envelope("price.moves", {
          symbol: "AAPL",
          start_date: "2020-01-01",
          end_date: "2020-06-30",
          window: "1w",
          threshold,
        }, {
          replay: ["sec", "yahoo", "stooq"].map((c) => join(root, "cassettes", c)),
        }),
      ) as Any;
    const at8 = await at("8%");
    const ends = at8.moves.map((m: Any) => `${m.end_date} ${m.return_pct}`);
    assert.ok(ends.includes("2020-03-20 -17.53"), ends.join(", "));
    assert.ok(ends.includes("2020-03-12 -15.25"), ends.join(", "));
    assert.equal(at8.total_count, at8.moves.length);
    const at15 = await at("15%");
    for (const m of at15.moves) {
      assert.ok(ends.includes(`${m.end_date} ${m.return_pct}`), `${m.end_date} missing at 8%`);
    }
  },
});
