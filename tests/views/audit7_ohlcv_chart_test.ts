/**
 * market.ohlcv's chart over years: every split and dividend label sat on one line at the top of
 * the price panel, twenty dividends of a five-year daily chart written over each other into an
 * unreadable smear, a split among them; each volume bar of a day was drawn 0 pixels wide, so the
 * volume panel was blank; a dividend of 0.57 read 0.5700000000000001. Now labels take up to
 * three lines, splits first, those with no room left out and counted in the caption; a day
 * narrower than two pixels is a one-pixel rule. Bars shaped as market.ohlcv gives them.
 */
import assert from "node:assert/strict";
import { ohlcvChartSvg } from "../../analysis/charts/ohlcv.ts";
import { movesChart } from "../../analysis/charts/moves.ts";

const DAY = 86_400_000;
const START = Date.parse("2019-01-02T00:00:00Z");

function fiveYears() {
  const rows = Array.from({ length: 1260 }, (_, i) => {
    const p = 100 + i * 0.1;
    return {
      date: new Date(START + Math.round(i * 1.45) * DAY).toISOString().slice(0, 10),
      open: p,
      high: p + 1,
      low: p - 1,
      close: p + 0.5,
      adj_close: p * 0.95,
      volume: 20_000_000,
    };
  });
  const dividends = Array.from({ length: 20 }, (_, q) => ({
    date: new Date(START + (q * 91 + 20) * DAY).toISOString().slice(0, 10),
    amount: 0.51 + q * 0.01, // 0.51 + 6 * 0.01 is 0.5700000000000001
  }));
  return {
    symbol: "MSFT",
    currency: "USD",
    provider: "market_a",
    source: "Yahoo Finance chart API (v8/finance/chart)",
    price_basis: "OHLC adjusted for splits only; adj_close adjusted for splits and dividends",
    retrieved_at: "2025-11-21T21:00:00.000Z",
    rows,
    dividends,
    splits: [{ date: "2020-08-31", numerator: 4, denominator: 1 }],
  };
}

Deno.test("ohlcv chart: years of events are laid out without overlap, the split kept", async () => {
  const svg = await ohlcvChartSvg(fiveYears());
  assert.match(svg, />split 4:1</);
  assert.doesNotMatch(svg, /0\.5700000000000001/);
  assert.match(svg, />dividend 0\.57 USD</);
  const m = /(\d+) of 21 split and dividend rules left unlabelled for room/.exec(svg);
  assert.ok(m, "the caption counts the labels left out");
  const drawn = (svg.match(/>(?:split \d+:\d+|dividend [\d.]+ USD)</g) ?? []).length;
  assert.equal(drawn + Number(m![1]), 21);
  assert.ok(drawn >= 10, `only ${drawn} labels drawn`);
});

Deno.test("ohlcv chart: a five-year daily volume panel is drawn, not 0-pixel bars", async () => {
  const svg = await ohlcvChartSvg(fiveYears());
  assert.doesNotMatch(svg, /<rect fill="#(?:2e8b57|c0392b)"[^>]*width="0"/);
  const bars = svg.match(/<(?:rect|line)[^>]*(?:fill|stroke)="#(?:2e8b57|c0392b)"/g) ?? [];
  assert.ok(bars.length >= 1000, `${bars.length} volume marks`);
  // a short range keeps its bars as rectangles a day wide
  const short = fiveYears();
  short.rows = short.rows.slice(0, 40);
  short.dividends = [];
  short.splits = [];
  const few = await ohlcvChartSvg(short);
  assert.match(few, /<rect fill="#2e8b57"[^>]*width="(?:[1-9]\d*(?:\.\d+)?)"/);
  assert.doesNotMatch(few, /unlabelled/);
});

Deno.test("movesChart: an index's closes are said in points as price_basis states, not 'currency not stated'", async () => {
  const bars = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(START + i * DAY).toISOString().slice(0, 10),
    close: 5000 + i,
    adj_close: 5000 + i,
  }));
  const basis = "index levels in points, not money; adj_close as Yahoo states it";
  const svg = await movesChart(bars, [], {
    symbol: "^GSPC",
    source: "s",
    asOf: "d",
    currency: null,
    priceBasis: basis,
  });
  assert.match(svg, /Close \(points, adjusted\)|Close \(points, as the provider gives them/);
  const tnx = await movesChart(bars, [], {
    symbol: "^TNX",
    source: "s",
    asOf: "d",
    currency: null,
    priceBasis: "index levels in percent (a Treasury yield), not money",
  });
  assert.match(tnx, /Close \(percent, /);
  // no price_basis: unchanged
  const plain = await movesChart(bars, [], { symbol: "X", source: "s", asOf: "d" });
  assert.match(plain, /Close \(currency not stated, /);
});
