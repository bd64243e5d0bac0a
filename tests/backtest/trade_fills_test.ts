/**
 * A trade closed in two partial sales: its exit price is the size-weighted average of the two
 * fills (neither fill's price), and the row says so (exit_fills, first_exit_date); the text view
 * heads the columns "avg entry"/"avg exit" and lists the fills' dates.
 */
import assert from "node:assert/strict";
import { panelOf } from "./_bars.ts";
import { simulate } from "../../analysis/backtest/engine.ts";
import { simConfig } from "../../analysis/backtest/options.ts";
import { tradeRows } from "../../analysis/backtest/report.ts";
import { TRADE_ROW_SCHEMA } from "../../analysis/backtest/schemas.ts";
import { backtestView } from "../../adapters/views/backtest.ts";
import { blocksText } from "../../adapters/views/text.ts";

const NaNs = (n: number) => Array(n).fill(NaN);

function twoPartSale() {
  // buy all on day 0's signal (fills day 1 at 100), sell half on day 2's (fills day 3 at 120),
  // the rest on day 4's (fills day 5 at 140): the average exit is 130, which no fill was
  const close = [100, 100, 110, 120, 130, 140, 150];
  const panel = panelOf({ ACME: close });
  const w = NaNs(close.length);
  w[0] = 1;
  w[2] = 0.5;
  w[4] = 0;
  const cfg = simConfig({
    timeframe: "1d",
    initial_cash: 10000,
    fees: 0,
    fixed_fees: 0,
    slippage: 0,
    fill: "next_open",
    leverage: 1,
    provider: "auto",
    drop_missing: false,
  });
  const sim = simulate(panel, [Float64Array.from(w)], cfg);
  return { panel, sim };
}

Deno.test("tradeRows: a trade sold in two parts counts its fills and dates the first exit", () => {
  const { panel, sim } = twoPartSale();
  const rows = tradeRows(panel, sim);
  assert.equal(rows.length, 1);
  const r = rows[0];
  assert.equal(r.entry_fills, 1);
  assert.equal(r.entry_date, panel.dates[1]);
  assert.equal(r.last_entry_date, panel.dates[1]);
  assert.equal(r.exit_fills, 2);
  assert.equal(r.first_exit_date, panel.dates[3]);
  assert.equal(r.exit_date, panel.dates[5]);
  // the sale's fills were at 120 and 140; the row's exit price is their size-weighted average
  const sells = sim.orders.filter((o) => o.size < 0).map((o) => o.price);
  assert.deepEqual(sells, [120, 140]);
  assert.ok(Math.abs(r.exit_price! - 130) < 1e-9);
  TRADE_ROW_SCHEMA.parse(r);
});

Deno.test("backtest text view: avg entry/avg exit headers and the partial fills stated", () => {
  const { panel, sim } = twoPartSale();
  const raw = {
    config: { strategy: "custom", symbols: ["ACME"], params: {} },
    data: { symbols: ["ACME"], sources: {} },
    metrics: { total_return_pct: 30 },
    trades: tradeRows(panel, sim),
    truncated: { trades: false },
  };
  const text = blocksText(backtestView(raw), 120).join("\n");
  assert.match(text, /avg entry/);
  assert.match(text, /avg exit/);
  assert.doesNotMatch(text, /exit price/);
  assert.match(text, /size-weighted averages/);
  assert.match(text, new RegExp(`closed in 2 fills, ${panel.dates[3]} to ${panel.dates[5]}`));
  assert.match(text, /1\/2/, "fills: one entry, two exits");
});
