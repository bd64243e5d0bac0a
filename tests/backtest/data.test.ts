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
  // a carried day has no volume of its own: NaN (null to a strategy), not a day nothing traded
  assert.ok(Number.isNaN(p.volume[1][1]));
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

/** `count` weekday bars from `first`, closes (and adjusted closes) 1, 2, 3… */
function weekdays(first: string, count: number): Bar[] {
  const rows: Bar[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); rows.length < count; t += 86400000) {
    const d = new Date(t);
    if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
    rows.push(bar(d.toISOString().slice(0, 10), rows.length + 1, rows.length + 1));
  }
  return rows;
}

Deno.test("alignBars: bars that end early or stop for a while are noted; a holiday is counted", () => {
  const a = weekdays("2024-01-01", 60);
  const out = alignBars(
    {
      A: { rows: a },
      // ends 20 bars before A
      B: { rows: a.slice(0, 40) },
      // 8 bars missing in the middle
      C: { rows: a.filter((_r, i) => i < 20 || i >= 28) },
      // a 3-bar holiday
      D: { rows: a.filter((_r, i) => i < 10 || i >= 13) },
    },
    ["A", "B", "C", "D"],
    "2024-01-01",
    "2024-12-31",
  );
  const notes = out.notes.join("\n");
  assert.match(
    notes,
    /B: its bars end at 2024-02-23, 20 bars before the panel's last \(2024-03-22\)/,
  );
  assert.match(notes, /C: no bars from 2024-01-29 to 2024-02-07 \(8 bars the other symbols have\)/);
  // a holiday is no gap, but its carried closes are said (they were silent)
  assert.ok(!/\bD: no bars/.test(notes), notes);
  assert.match(
    notes,
    /D: 3 of the 60 evaluated bars are dates it has no bar of its own \(first 2024-01-15\)/,
  );
  assert.ok(!/\bC: \d+ of the/.test(notes), "C's gap is noted once");
  assert.ok(!/\bB: no bars/.test(notes), "the end is not also a gap");
  // the carried close is still the last one
  assert.equal(out.panel.close[1][59], 40);
});

Deno.test("alignBars: a window starting on a weekend is not a late start", () => {
  const rows = weekdays("2024-01-01", 10);
  const alone = alignBars({ A: { rows: rows.slice(5) } }, ["A"], "2024-01-06", "2024-01-31");
  assert.equal(alone.panel.dates[0], "2024-01-08");
  assert.deepEqual(alone.notes, []);
  // a listing weeks after start_date is
  const late = alignBars({ A: { rows } }, ["A"], "2023-12-01", "2024-01-31");
  assert.match(late.notes.join(), /starts at 2024-01-01, the first bar of A, after start_date/);
});

Deno.test("warmupDays: trading bars to calendar days with slack", () => {
  assert.equal(warmupDays(0, "1d"), 0);
  assert.ok(warmupDays(100, "1d") >= 145);
  assert.ok(warmupDays(52, "1wk") >= 364);
});

Deno.test("evaluate: an order filled on a day its symbol had no bar of its own is said", async () => {
  const { evaluate } = await import("../../analysis/backtest/pipeline.ts");
  const { findStrategy } = await import("../../analysis/backtest/strategies.ts");
  const dates = ["2021-03-08", "2021-03-09", "2021-03-10", "2021-03-11", "2021-03-12"];
  const px = (xs: number[]) => [Float64Array.from(xs)];
  const close = [50, 50, 50, 60, 61];
  const panel = {
    symbols: ["GAPB"],
    dates,
    open: px(close),
    high: px(close),
    low: px(close),
    close: px(close),
    volume: px([1, 1, 1, 1, 1]),
    start: 1,
    // no bar of its own on 03-10: Monday's close carried
    carried: [Uint8Array.from([0, 0, 1, 0, 0])],
  };
  const def = findStrategy("buy_hold")!;
  const targets = def.targets(panel, {}, new Map());
  const ev = evaluate(panel, targets, {
    initialCash: 1000,
    fees: 0,
    fixedFees: 0,
    slippage: 0,
    fill: "next_open",
    leverage: 1,
    recordOrders: true,
  }, "1d");
  assert.ok(
    ev.notes.some((n) =>
      /1 order\(s\) filled on a day their symbol had no bar of its own \(first GAPB on 2021-03-10\)/
        .test(n)
    ),
    ev.notes.join("\n"),
  );
});
