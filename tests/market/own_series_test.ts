/**
 * A fundamentals answer whose series name another symbol in meta.symbol (a redirect, a cached
 * answer of another request) is not shown as the requested company's: fundamentals.statement
 * fails naming both, and valuation.multiples takes no revenue from it. Conformance: every
 * recorded Yahoo fundamentals answer names its own symbol and reads as that symbol's, and
 * fails when asked under another one.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { ownSeries } from "../../providers/market_a/client.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const series = (symbol: string | null, type = "annualTotalRevenue") => ({
  meta: symbol === null ? { type: [type] } : { symbol: [symbol], type: [type] },
});

Deno.test("ownSeries: keeps the symbol's series and those naming none", () => {
  const warned: string[] = [];
  const all = [series("TSCO.L"), series(null, "annualNetIncome")];
  assert.deepEqual(ownSeries("tsco.l", all, (m) => warned.push(m)), all);
  assert.deepEqual(warned, []);
});

Deno.test("ownSeries: refuses an answer all of another symbol, naming both", () => {
  assert.throws(
    () => ownSeries("MSFT", [series("AAPL"), series("AAPL", "annualNetIncome")], () => {}),
    /fundamentals of MSFT: Yahoo answered with the figures of AAPL, not of MSFT; they are not shown as MSFT's/,
  );
});

Deno.test("ownSeries: drops the series of another symbol beside the symbol's, and says so", () => {
  const warned: string[] = [];
  const own = series("MSFT");
  const kept = ownSeries("MSFT", [own, series("AAPL", "annualNetIncome")], (m) => warned.push(m));
  assert.deepEqual(kept, [own]);
  assert.deepEqual(warned, [
    "fundamentals of MSFT: 1 of Yahoo's 2 series were of AAPL, not of MSFT; they are left out",
  ]);
});

const AAPL_SERIES = readFileSync(join(FIXTURES, "market", "timeseries_AAPL.json"), "utf8");
const json = (body: string) => () =>
  new Response(body, { headers: { "content-type": "application/json" } });

Deno.test("fundamentals.statement: Apple's figures answered for MSFT fail, naming both", async () => {
  const out = await run("fundamentals.statement", { symbol: "MSFT" }, {
    fetch: fakeMarket(undefined, { "fundamentals-timeseries": json(AAPL_SERIES) }),
    now: "2025-01-15T12:00:00Z",
  });
  assert.equal(out.envelope.ok, false);
  assert.equal(out.envelope.data, null);
  assert.match(out.envelope.error!, /Yahoo answered with the figures of AAPL, not of MSFT/);
});

const RS = () => join(SHARED!, "yahoo", "yfinance-rs");

Deno.test({
  name: "conformance: every recorded fundamentals answer reads as its own symbol's, and no other's",
  ignore: !SHARED || !existsSync(RS()),
  async fn() {
    if (!sharedOrSkip("yfinance-rs fundamentals")) return;
    const files = readdirSync(RS()).filter((f) => /^timeseries_(income|balance|cash)/.test(f));
    assert.ok(files.length >= 6, files.join(", "));
    for (const f of files) {
      const body = readFileSync(join(RS(), f), "utf8");
      const raw = JSON.parse(body).timeseries.result as Any[];
      const symbol = raw[0].meta.symbol[0] as string;
      assert.ok(f.includes(`_${symbol}.json`), `${f}: ${symbol}`);
      const statement = f.includes("balance")
        ? "balance"
        : f.includes("cash")
        ? "cashflow"
        : "income";
      const period = f.includes("quarterly") ? "quarterly" : "annual";
      const fetch = fakeMarket(undefined, { "fundamentals-timeseries": json(body) });
      const own = await run("fundamentals.statement", { symbol, statement, period }, {
        fetch,
        now: "2025-10-01T12:00:00Z",
      });
      const d = dataOf(own.envelope) as Any;
      assert.equal(d.symbol, symbol, f);
      assert.ok(d.count > 0, f);
      const other = symbol === "MSFT" ? "AAPL" : "MSFT";
      const wrong = await run("fundamentals.statement", { symbol: other, statement, period }, {
        fetch,
        now: "2025-10-01T12:00:00Z",
      });
      assert.equal(wrong.envelope.ok, false, f);
      assert.match(
        wrong.envelope.error!,
        new RegExp(`figures of ${symbol.replace(".", "\\.")}, not of ${other}`),
        f,
      );
    }
  },
});

Deno.test("market.ohlcv: bars Yahoo answers for another symbol are said, naming both", async () => {
  const px = [500, 501];
  const body = {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol: "META",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          exchangeTimezoneName: "America/New_York",
        },
        timestamp: [1704205800, 1704292200],
        indicators: {
          quote: [{ open: px, high: px, low: px, close: px, volume: [10, 10] }],
          adjclose: [{ adjclose: px }],
        },
      }],
      error: null,
    },
  };
  const out = await run("market.ohlcv", {
    symbols: "FB",
    start_date: "2024-01-02",
    end_date: "2024-01-03",
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/FB": () => Response.json(body) }),
    now: "2024-01-04T12:00:00Z",
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.symbol, "FB");
  assert.equal(d.count, 2);
  assert.ok(
    out.envelope.warnings.some((w) =>
      /^FB: Yahoo answered with the bars of META, another symbol/.test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
});
