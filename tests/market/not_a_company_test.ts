/**
 * A currency pair, a cryptocurrency, a futures contract or an index names no company: commands
 * that ask for a company's earnings calls, earnings dates or dividends refuse it before any
 * request, where the provider's empty answer read as "this company has none".
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";
import { notACompany } from "../../analysis/market/company_only.ts";

const NOT_COMPANIES: [string, string][] = [
  ["BTC-USD", "a cryptocurrency"],
  ["EURUSD=X", "a currency pair"],
  ["CL=F", "a futures contract"],
  ["^GSPC", "an index"],
];

Deno.test("notACompany: pairs, coins, contracts and indexes in words; tickers of companies and funds null", () => {
  for (const [symbol, what] of NOT_COMPANIES) assert.equal(notACompany(symbol), what, symbol);
  for (const symbol of ["AAPL", "BRK-B", "VOD.L", "7203.T", "QQQ"]) {
    assert.equal(notACompany(symbol), null, symbol);
  }
});

Deno.test("transcripts, kpi and calendars refuse a symbol that names no company, without a request", async () => {
  let asked = 0;
  const counting: typeof fetch = () => {
    asked++;
    return Promise.reject(new Error("no request expected"));
  };
  const commands: [string, RegExp][] = [
    ["transcripts.search", /which holds no earnings calls/],
    ["transcripts.read", /which holds no earnings calls/],
    ["transcripts.qa", /which holds no earnings calls/],
    ["kpi.extract", /which holds no earnings calls/],
    ["calendar.company", /which has no earnings dates or dividends/],
    ["calendar.earnings", /which has no earnings dates or dividends/],
    ["valuation.multiples", /which has no revenue, earnings or shares/],
    ["estimates.consensus", /which has no analyst estimates/],
  ];
  for (const [command, words] of commands) {
    for (const [symbol, what] of NOT_COMPANIES) {
      const { envelope } = await run(command, { symbol }, {
        fetch: counting,
        env: { ESTIMATES_A_API_KEY: "test-key-123456" },
      });
      assert.equal(envelope.ok, false, `${command} ${symbol}`);
      assert.match(envelope.error!, new RegExp(`is ${what}`), `${command} ${symbol}`);
      assert.match(envelope.error!, words, `${command} ${symbol}`);
    }
  }
  assert.equal(asked, 0);
});
