import assert from "node:assert/strict";
import { breadthOf, classify, stats, volatilityOf } from "../../analysis/market/regime.ts";
import { parseScreenQuery } from "../../analysis/market/screen_query.ts";
import { resolveWindow } from "../../analysis/market/ohlcv_window.ts";
import { parseStooqCsv } from "../../providers/stooq/client.ts";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";

const bars = (closes: number[]) => ({
  provider: "test",
  rows: closes.map((c, i) => ({
    date: `2023-01-${String(i + 1).padStart(2, "0")}`,
    close: c,
    adj_close: c,
  })),
});

Deno.test("regime rules: SMA-200 is null with fewer than 200 bars; classification", () => {
  const s = stats("SPY", bars([10, 11, 12, 13]), 60)!;
  assert.equal(s.lookback_bars, 3);
  assert.equal(s.return_pct, 30);
  assert.equal(s.sma_200, null);
  assert.equal(s.above_sma_200, null);
  // four bars have no 50-day average either, and cannot vote on breadth
  assert.equal(s.sma_50, null);
  assert.equal(s.above_sma_50, null);
  assert.equal(breadthOf([s, s]).value, "unknown");
  const up = { ...s, above_sma_50: true };
  const down = { ...s, return_pct: -1, above_sma_50: false };
  // Three benchmarks: constructive needs 2 of 3 positive AND 2 of 3 above their 50-day SMA.
  assert.equal(breadthOf([up, up, down]).value, "constructive");
  assert.equal(breadthOf([up, { ...s, above_sma_50: false }, down]).value, "mixed");
  assert.equal(breadthOf([up, down, down]).value, "weak");
  assert.equal(volatilityOf(31), "stressed");
  assert.equal(volatilityOf(null), "unknown");
  assert.equal(classify(true, "constructive", "contained"), "risk_on");
  assert.equal(classify(false, "weak", "elevated"), "bear_trend");
  assert.equal(classify(true, "mixed", "stressed"), "risk_off");
  assert.equal(classify(null, "constructive", "contained"), "mixed");
});

Deno.test("screen query: OR of ANDs, IN lists, suffixes and errors", () => {
  const q = parseScreenQuery("exchange IN (NMS, NYQ) AND beta<1.5 OR percentchange>=5%");
  assert.equal(q.operator, "or");
  assert.deepEqual(q.operands[1], { operator: "gte", operands: ["percentchange", 5] });
  assert.throws(() => parseScreenQuery('sector="Tech'), /not closed/);
  assert.throws(() => parseScreenQuery("beta<high"), /needs a number/);
  assert.throws(() => parseScreenQuery("region=us AND"), /nothing on one side|cannot read/);
});

Deno.test("ohlcv window: limit sizes the window; dates are inclusive", () => {
  const w = resolveWindow("1d", new Date("2024-03-01T12:00:00Z"), undefined, undefined, 10);
  assert.equal(w.end, "2024-03-01");
  assert.equal(w.keepLast, 10);
  assert.ok(w.start < "2024-02-16");
  const fixed = resolveWindow("1d", new Date(), "2024-01-01", "2024-01-31", 10);
  assert.deepEqual(fixed, { start: "2024-01-01", end: "2024-01-31", keepLast: null });
});

Deno.test("stooq CSV: Polish headers and refusal text", () => {
  const rows = parseStooqCsv(
    "Data,Otwarcie,Najwyzszy,Najnizszy,Zamkniecie,Wolumen\n2020-01-02,1,2,0.5,1.5,100\n",
    "X",
  );
  assert.deepEqual(rows[0], {
    date: "2020-01-02",
    open: 1,
    high: 2,
    low: 0.5,
    close: 1.5,
    adj_close: 1.5,
    volume: 100,
  });
  assert.throws(() => parseStooqCsv("Exceeded the daily hits limit", "X"), /daily download limit/);
});

Deno.test("ohlcv chart renders standalone SVG with both panels and event labels", async () => {
  const svg = await ohlcvChartSvg({
    symbol: "MSFT",
    currency: "USD",
    source: "test",
    rows: [
      {
        date: "2023-11-17",
        open: 370,
        high: 372,
        low: 368,
        close: 371,
        adj_close: 184,
        volume: 2e7,
      },
      {
        date: "2023-11-20",
        open: 187,
        high: 190,
        low: 186,
        close: 189,
        adj_close: 187,
        volume: 5e7,
      },
    ],
    splits: [{ date: "2023-11-20", numerator: 2, denominator: 1 }],
    dividends: [],
  });
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
  assert.ok(svg.includes("split 2:1"));
  assert.ok(svg.includes("Volume (millions of shares)"));
  assert.ok(svg.includes("Adjusted close"));
  assert.equal((svg.match(/<svg/g) ?? []).length, 3);
});
