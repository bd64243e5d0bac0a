/**
 * Charts that say what they draw: a fund's capital-gain distributions are marked beside its
 * dividends (market.ohlcv returns them; only dividends were marked, so a drop on a distribution
 * date went unexplained); the volume axis names what it counts (shares, a future's contracts)
 * or claims no unit (a cryptocurrency's volume, which Yahoo counts in the quote currency, read
 * "Volume (millions)" as if shares); a backtest chart always draws its source line from the
 * result's provenance (a library call without a subtitle drew none).
 */
import assert from "node:assert/strict";
import { ohlcvChartSvg, volumeAxis } from "../../analysis/charts/ohlcv.ts";
import { backtestChartSvg, sourceLine } from "../../analysis/charts/backtest.ts";
import { skiaReady } from "../../analysis/charts/png.ts";

const DAY = 86_400_000;

function bars(n: number, volume: number | null) {
  return Array.from({ length: n }, (_, i) => {
    const p = 500 + Math.sin(i / 4) * 10;
    return {
      date: new Date(Date.parse("2024-01-02T00:00:00Z") + i * DAY).toISOString().slice(0, 10),
      open: p,
      high: p + 2,
      low: p - 2,
      close: p + 1,
      adj_close: p * 0.98,
      volume,
    };
  });
}

Deno.test("ohlcv chart: a fund's capital-gain distribution is marked with its amount", async () => {
  const svg = await ohlcvChartSvg({
    symbol: "VFIAX",
    currency: "USD",
    provider: "market_a",
    source: "Yahoo Finance chart API",
    rows: bars(60, 3_000_000),
    dividends: [{ date: "2024-01-20", amount: 1.6 }],
    capital_gains: [{ date: "2024-02-10", amount: 14.25 }],
  });
  assert.ok(svg.includes("capital gain 14.25 USD"), "capital gain label");
  assert.ok(svg.includes("dividend 1.6 USD"));
  assert.ok(!skiaReady(svg).includes("<foreignObject"));
});

Deno.test("ohlcv chart: the volume axis names its unit, or claims none", async () => {
  const label = async (symbol: string, volume: number, extra = {}) => {
    const svg = await ohlcvChartSvg({ symbol, currency: "USD", rows: bars(10, volume), ...extra });
    return /Volume \([^)]*\)/.exec(svg)?.[0];
  };
  assert.equal(await label("AAPL", 50_000_000), "Volume (millions of shares)");
  assert.equal(await label("ES=F", 1_500_000), "Volume (millions of contracts)");
  assert.equal(await label("BTC-USD", 30_000_000_000), "Volume (billions; unit not stated)");
  assert.equal(await label("EURUSD=X", 5_000), "Volume (unit not stated)");
  assert.equal(await label("^GSPC", 3_000_000_000), "Volume (billions; unit not stated)");
  // the data's own unit, when it states one
  assert.equal(
    await label("BTC-USD", 30_000_000_000, { volume_unit: "USD" }),
    "Volume (billions of USD)",
  );
  assert.deepEqual(volumeAxis({ symbol: "TINY" }, [{ volume: 5_000 }]), {
    label: "Volume (shares)",
    div: 1,
  });
});

function curve() {
  return Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.parse("2023-03-01T00:00:00Z") + i * DAY).toISOString().slice(0, 10),
    equity: 100_000 + i * 100,
    benchmark: 100_000 + i * 50,
    drawdown_pct: 0,
  }));
}

Deno.test("backtest chart: the source line is drawn from the result's sources", async () => {
  const src = {
    provider: "market_a",
    source: "Yahoo Finance chart API",
    currency: "USD",
    price_adjustment: "total_return",
    first_date: "2023-03-01",
    last_date: "2023-03-30",
    rows: 30,
  };
  const svg = await backtestChartSvg(curve(), {
    title: "sma_cross on AAPL, MSFT",
    sources: { AAPL: src, MSFT: src },
  });
  assert.ok(
    svg.includes(
      "Source: AAPL, MSFT: market_a (Yahoo Finance chart API), total_return adjusted, bars " +
        "2023-03-01 to 2023-03-30",
    ),
    svg.slice(-600),
  );
  // the axis takes the currency the sources share
  assert.ok(svg.includes("Portfolio value (USD)"));
});

Deno.test("backtest chart: without sources or a subtitle, it says no source was given", async () => {
  const svg = await backtestChartSvg(curve(), { title: "sma_cross on AAPL" });
  assert.ok(svg.includes("Source: not given"), svg.slice(-400));
  assert.equal(
    sourceLine({ sources: { X: {} } }),
    "Source: X: provider not stated",
  );
});
