import assert from "node:assert/strict";
import { alignBars, type Bar, warmupDays } from "../../analysis/backtest/data.ts";

const bar = (date: string, close: number, adj?: number): Bar => ({
  date,
  open: close,
  high: close,
  low: close,
  close,
  adj_close: adj ?? null,
  volume: 100,
});

Deno.test("alignBars: raw closes with a listed 4:1 split are made continuous", () => {
  const rows = [bar("2020-08-27", 500), bar("2020-08-28", 499), bar("2020-08-31", 129)];
  const out = alignBars(
    { AAPL: { rows, splits: [{ date: "2020-08-31", numerator: 4, denominator: 1 }] } },
    ["AAPL"],
    "2020-08-27",
    "2020-08-31",
  );
  assert.deepEqual(Array.from(out.panel.close[0]), [125, 124.75, 129]);
  assert.equal(out.sources.AAPL.price_adjustment, "splits_only");
  assert.ok(out.notes.some((n) => n.includes("dividends are not included")));
});

Deno.test("alignBars: adj_close scales the whole bar; holidays carry the last close", () => {
  const out = alignBars(
    {
      A: { rows: [bar("2024-01-02", 10, 9), bar("2024-01-03", 20, 20), bar("2024-01-04", 30, 30)] },
      B: { rows: [bar("2024-01-02", 5, 5), bar("2024-01-04", 6, 6), bar("2024-01-04", 7, 7)] },
    },
    ["A", "B"],
    "2024-01-03",
    "2024-01-04",
  );
  const p = out.panel;
  assert.deepEqual(p.dates, ["2024-01-02", "2024-01-03", "2024-01-04"]);
  assert.equal(p.start, 1, "the first bar is warm-up");
  assert.equal(p.open[0][0], 9, "open scaled by adj_close / close");
  assert.deepEqual(
    Array.from(p.close[1]),
    [5, 5, 7],
    "gap filled; repeated date keeps the later row",
  );
  assert.equal(p.volume[1][1], 0);
});

Deno.test("alignBars: a late-starting symbol is named; a symbol without rows is reported", () => {
  const out = alignBars(
    {
      A: { rows: [bar("2024-01-02", 1), bar("2024-01-03", 1), bar("2024-01-04", 1)] },
      B: { rows: [bar("2024-01-04", 2)] },
      C: { rows: [] },
    },
    ["A", "B", "C"],
    "2024-01-02",
    "2024-01-04",
  );
  assert.deepEqual(out.missing, ["C"]);
  assert.deepEqual(out.panel.symbols, ["A", "B"]);
  assert.ok(out.notes.some((n) => n.includes("starts at 2024-01-04, the first bar of B")));
});

Deno.test("warmupDays: trading bars to calendar days with slack", () => {
  assert.equal(warmupDays(0, "1d"), 0);
  assert.ok(warmupDays(100, "1d") >= 145);
  assert.ok(warmupDays(52, "1wk") >= 364);
});
