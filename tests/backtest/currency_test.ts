/**
 * A portfolio adds its symbols' holdings into one equity: backtest.run and backtest.tune refuse
 * symbols priced in two currencies (no conversion is made) and name a symbol whose provider
 * states no currency; market.ohlcv states a currency only where the provider's answer or the
 * listing tells it. And a year of a market that trades every day is 365 bars, not 252.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { oneCurrency, type SourceInfo } from "../../analysis/backtest/data.ts";
import { dataOf, envelope, FIXTURES, run } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

function sources(currencies: Record<string, string | null>): Record<string, SourceInfo> {
  return Object.fromEntries(
    Object.entries(currencies).map(([sym, currency]) => [sym, {
      provider: "market_a",
      source: null,
      currency,
      rows: 10,
      first_date: "2023-01-03",
      last_date: "2023-01-17",
      price_adjustment: "total_return",
      provider_price_basis: null,
      source_urls: [],
    }]),
  );
}

Deno.test("oneCurrency: two currencies refused, an unstated one named, one currency passes", () => {
  assert.throws(
    () =>
      oneCurrency(sources({ AAPL: "USD", MSFT: "USD", "SAP.DE": "EUR" }), [
        "AAPL",
        "MSFT",
        "SAP.DE",
      ]),
    /priced in 2 currencies \(AAPL, MSFT in USD; SAP\.DE in EUR\).*converts nothing/,
  );
  // pence and pounds are two units
  assert.throws(
    () => oneCurrency(sources({ "SHEL.L": "GBp", "BP.L": "GBP" }), ["SHEL.L", "BP.L"]),
    /SHEL\.L in GBp; BP\.L in GBP; GBp is a hundredth of GBP/,
  );
  assert.match(
    oneCurrency(sources({ AAPL: "USD", "CDR.PL": null }), ["AAPL", "CDR.PL"])!,
    /states no currency for CDR\.PL; the portfolio assumes it is priced in USD like AAPL/,
  );
  assert.match(
    oneCurrency(sources({ A: null, B: null }), ["A", "B"])!,
    /no currency for A, B; the portfolio assumes all its symbols are priced in one currency/,
  );
  assert.equal(oneCurrency(sources({ AAPL: "USD", MSFT: "USD" }), ["AAPL", "MSFT"]), null);
  assert.equal(oneCurrency(sources({ "CDR.PL": null }), ["CDR.PL"]), null, "one symbol: no sum");
});

/** The project's backtest cassette with MSFT's chart answers restated in `currency`. */
async function cassetteWithMsftIn(currency: string): Promise<string> {
  const from = join(FIXTURES, "backtest", "cassette");
  const dir = await Deno.makeTempDir({ prefix: "finance-currency-" });
  await Deno.mkdir(join(dir, "bodies"));
  await Deno.copyFile(join(from, "index.json"), join(dir, "index.json"));
  for await (const f of Deno.readDir(join(from, "bodies"))) {
    let text = await Deno.readTextFile(join(from, "bodies", f.name));
    if (f.name.startsWith("chart-MSFT")) {
      const body = JSON.parse(text);
      body.chart.result[0].meta.currency = currency;
      text = JSON.stringify(body);
    }
    await Deno.writeTextFile(join(dir, "bodies", f.name), text);
  }
  return dir;
}

const RUN = {
  strategy: "sma_cross",
  symbols: "AAPL,MSFT",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
  params: { fast: 5, slow: 20 },
};

Deno.test("backtest.run and backtest.tune refuse a portfolio priced in two currencies", async () => {
  const dir = await cassetteWithMsftIn("EUR");
  try {
    const replay = { replay: [dir] };
    const ran = await envelope("backtest.run", RUN, replay);
    assert.equal(ran.ok, false);
    assert.equal(ran.data, null);
    assert.match(ran.error!, /AAPL in USD; MSFT in EUR/);
    const { params: _p, ...rest } = RUN;
    const tuned = await envelope("backtest.tune", {
      ...rest,
      grid: { fast: [5, 10], slow: [20] },
    }, replay);
    assert.equal(tuned.ok, false);
    assert.match(tuned.error!, /AAPL in USD; MSFT in EUR/);
    // the same bars in one currency run
    const alone = await envelope("backtest.run", { ...RUN, symbols: "MSFT" }, replay);
    assert.equal(alone.ok, true, alone.error ?? "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** Alpha Vantage's daily series for any symbol: three weekdays of January 2024. */
function alphaVantage(urls: string[]): typeof fetch {
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    urls.push(url);
    const symbol = new URL(url).searchParams.get("symbol")!;
    const day = (close: number) => ({
      "1. open": String(close - 1),
      "2. high": String(close + 1),
      "3. low": String(close - 2),
      "4. close": String(close),
      "5. adjusted close": String(close),
      "6. volume": "1000",
    });
    return Promise.resolve(Response.json({
      "Meta Data": { "2. Symbol": symbol },
      "Time Series (Daily)": {
        "2024-01-04": day(103),
        "2024-01-03": day(102),
        "2024-01-02": day(101),
      },
    }));
  };
}

Deno.test("market.ohlcv from Alpha Vantage states USD only for US listings", async () => {
  const urls: string[] = [];
  const opts = {
    fetch: alphaVantage(urls),
    env: { ALPHA_VANTAGE_API_KEY: "demo-key-123456" },
    now: "2024-01-10T00:00:00Z",
  };
  const args = { start_date: "2024-01-01", end_date: "2024-01-05", provider: "market_b" };
  const us = dataOf(await envelope("market.ohlcv", { ...args, symbols: "AAPL" }, opts)) as Any;
  const london = await envelope("market.ohlcv", { ...args, symbols: "SHEL.L" }, opts);
  const d = dataOf(london) as Any;
  assert.ok(urls.some((u) => u.includes("symbol=SHEL.LON")), urls.join("\n"));
  const series = (x: Any) => x.series?.[0] ?? x;
  assert.equal(series(us).currency, "USD");
  assert.equal(series(d).currency, null, "a London listing's unit is not stated");
  // a portfolio of the two runs, and says what it assumed
  const out = await run("backtest.run", {
    strategy: "buy_hold",
    symbols: "AAPL,SHEL.L",
    start_date: "2024-01-03",
    end_date: "2024-01-04",
    provider: "market_b",
    warmup_bars: 0,
  }, opts);
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  assert.ok(
    out.envelope.warnings.some((w) => /no currency for SHEL\.L.*priced in USD like AAPL/.test(w)),
    out.envelope.warnings.join("\n"),
  );
});

Deno.test("backtest.run on bars of every day (crypto) annualises with 365 a year and says so", async () => {
  const days = Array.from({ length: 60 }, (_, i) => Date.UTC(2024, 0, 1) + i * 86_400_000);
  const close = days.map((_, i) => 40_000 * 1.001 ** i);
  const chart = {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "BTC-USD",
          exchangeName: "CCC",
          instrumentType: "CRYPTOCURRENCY",
          gmtoffset: 0,
          exchangeTimezoneName: "UTC",
          regularMarketPrice: close.at(-1),
          regularMarketTime: days.at(-1)! / 1000,
        },
        timestamp: days.map((d) => d / 1000),
        indicators: {
          quote: [{ open: close, high: close, low: close, close, volume: close.map(() => 1) }],
          adjclose: [{ adjclose: close }],
        },
      }],
      error: null,
    },
  };
  const { fakeMarket } = await import("../market/_fake.ts");
  const out = await run("backtest.run", {
    strategy: "buy_hold",
    symbols: "BTC-USD",
    start_date: "2024-01-01",
    end_date: "2024-02-29",
    provider: "market_a",
    warmup_bars: 0,
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/BTC-USD": () => Response.json(chart) }),
    now: "2024-03-01T00:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const d = out.envelope.data as Any;
  assert.equal(d.metrics.periods_per_year, 365);
  assert.ok(
    out.envelope.warnings.some((w) =>
      /^2\d% of the bars fall on weekends.*365 bars a year, not 252$/.test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
});
