/**
 * What a caller sees when a call is wrong: one plain message per argument that names it, says
 * what was given and what is expected, and shows the usage line; never zod's own wording, never
 * a value changed without a word.
 */
import assert from "node:assert/strict";
import { main } from "../../adapters/cli.ts";
import { setDefaultSession } from "../../core/session.ts";
import { run, testSession } from "../_helpers.ts";

/** A refused call: ok false, data null, status usage; returns the error. */
async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const r = await run(name, args);
  assert.equal(r.envelope.ok, false, `${name} ${JSON.stringify(args)} answered ok`);
  assert.equal(r.envelope.data, null);
  assert.equal(r.status, "usage", `${name}: ${r.envelope.error}`);
  const error = r.envelope.error!;
  assert.match(error, new RegExp(`\\(usage: finance ${name.replace(".", "\\.")}`), error);
  assert.doesNotMatch(error, /Too (small|big)|Invalid (input|option)|received|\bat \w+ \(/, error);
  return error;
}

Deno.test("audit5 errors: bounds and empty texts in words, with the value given", async () => {
  const years = await refused("price.moves", { symbol: "AAPL", years: 1000 });
  assert.match(years, /argument `years`: must be at most 30, got number 1000/);
  const query = await refused("screen.run", { query: "" });
  assert.match(query, /argument `query`: must not be empty/);
  const limit = await refused("kpi.history", { symbol: "AAPL", limit: "1,000" });
  assert.match(limit, /argument `limit`: must be at most 12, got number 1000/);
});

Deno.test("audit5 errors: one message per argument, not one per failed check", async () => {
  const symbol = await refused("market.quote", { symbol: "" });
  assert.equal(symbol.match(/argument `symbol`/g)?.length, 1, symbol);
  assert.match(symbol, /a ticker symbol is required/);
  const date = await refused("price.moves", { symbol: "AAPL", start_date: "2024/01/31" });
  assert.equal(date.match(/argument `start_date`/g)?.length, 1, date);
  assert.doesNotMatch(date, /not a real calendar date/);
});

Deno.test("audit5 errors: dates in other forms say how to write them", async () => {
  const cases: [string, RegExp][] = [
    ["2024/01/31", /YYYY-MM-DD.*"2024\/01\/31" write 2024-01-31/],
    ["20240131", /write 2024-01-31/],
    ["31-01-2024", /write 2024-01-31/],
    ["01/31/2024", /write 2024-01-31/],
    ["Jan 31 2024", /write 2024-01-31/],
    ["31 January 2024", /write 2024-01-31/],
    ["01/02/2024", /could be 2024-02-01 \(day first\) or 2024-01-02 \(month first\)/],
    ["2024-01-31T10:00:00Z", /give the date alone \(2024-01-31/],
    ["2024-02-30", /"2024-02-30" is not a real calendar date/],
    ["soon", /expected a date written YYYY-MM-DD.*got "soon"/],
  ];
  for (const [text, expected] of cases) {
    const error = await refused("market.ohlcv", { symbols: "AAPL", end_date: text });
    assert.match(error, /argument `end_date`/);
    assert.match(error, expected, `${text}: ${error}`);
  }
});

Deno.test("audit5 errors: symbols with a $, an exchange prefix or two names say the fix", async () => {
  const dollar = await refused("market.quote", { symbol: "$AAPL" });
  assert.match(dollar, /"\$AAPL" is not a symbol: leave out the "\$" \(AAPL\)/);
  const prefixed = await refused("symbol.profile", { symbol: "NASDAQ:AAPL" });
  assert.match(prefixed, /without the exchange prefix.*\(AAPL for a US listing/);
  const two = await refused("calendar.company", { symbol: "AAPL MSFT" });
  assert.match(two, /"AAPL MSFT" holds more than one symbol/);
});

Deno.test("audit5 errors: a value of the wrong kind says the kind expected", async () => {
  const list = await refused("valuation.npv", { cashflows: 5, discount_rate: 0.1 });
  assert.match(list, /argument `cashflows`: expected a list: a JSON array.*got number 5/);
  const amount = await refused("formula.cagr", { start: [100], end: 150, periods: 3 });
  assert.match(amount, /argument `start`: expected a number such as 1500.*got a list \[100\]/);
  const rate = await refused("valuation.npv", { cashflows: [-100, 60], discount_rate: [1] });
  assert.match(rate, /expected a rate such as 0.08 or 8%/);
  const bool = await refused("filings.recent", { symbol: "AAPL", classify: "maybe" });
  assert.match(bool, /argument `classify`: expected true or false, got "maybe"/);
  const text = await refused("market.quote", { symbol: { s: "AAPL" } });
  assert.match(text, /argument `symbol`: expected text, got an object/);
  // the argument's name once, not again inside the message
  const named = await refused("formula.capm", { risk_free: "abc", beta: 1, market_return: 0.1 });
  assert.doesNotMatch(named, /risk_free`: risk_free:/);
  assert.match(named, /argument `risk_free`: invalid rate "abc"/);
});

Deno.test("audit5 errors: a misspelt choice gets the closest one", async () => {
  const error = await refused("filings.statement", { symbol: "AAPL", statement: "incme" });
  assert.match(error, /got "incme"; did you mean "income"\?/);
});

Deno.test("audit5 errors: a coercing number schema takes no list and no empty text", async () => {
  // z.coerce.number read [5] as 5 and "" as 0 (then "Too small")
  const list = await refused("market.sector_heat", { lookback_days: [5] });
  assert.match(list, /argument `lookback_days`: expected (whole )?number, got a list \[5\]/);
  const empty = await refused("market.sector_heat", { lookback_days: "" });
  assert.match(empty, /argument `lookback_days`: expected (whole )?number, got ""/);
});

Deno.test("audit5 errors: an empty or blank text argument is refused, not read as left out", async () => {
  // sources.test source="" tested every source; provider="" ran the default provider
  const source = await refused("sources.test", { source: "" });
  assert.match(source, /argument `source` is empty; leave it out/);
  const provider = await refused("market.ohlcv", { symbols: "AAPL", provider: "  " });
  assert.match(
    provider,
    /argument `provider` is blank \(only spaces\); leave it out to use its default \(auto\)/,
  );
  const key = await refused("sector.overview", { key: "" });
  assert.match(key, /argument `key` is empty; give a value/);
});

Deno.test("audit5 errors: the CLI's lean path refuses an empty value like the runner", async () => {
  setDefaultSession(testSession());
  try {
    const out: string[] = [];
    const code = await main(["market.ohlcv", "AAPL", "provider="], {
      out: (t) => out.push(t),
      err: () => {},
    });
    const env = JSON.parse(out.join("\n"));
    assert.equal(code, 2);
    assert.equal(env.ok, false);
    assert.match(env.error, /argument `provider` is empty/);
  } finally {
    setDefaultSession(null);
  }
});

Deno.test("audit5 errors: a percent where a plain number or an amount is meant says so", async () => {
  const fraction = await refused("backtest.factor.weights", {
    factor_name: "momentum",
    scores: { AAPL: 1, MSFT: 2 },
    top_pct: "20%",
  });
  assert.match(
    fraction,
    /argument `top_pct`: expected number, got "20%": .*not a percent \(Fraction/,
  );
  const amount = await refused("formula.cagr", { start: "5%", end: 150, periods: 3 });
  assert.match(amount, /argument `start`: "5%" is a percent, and this argument is an amount/);
});

Deno.test("audit5 errors: a command's own refusal of the call shows the usage line", async () => {
  // the rule `required` cannot state (one of query, symbol or sector) is the command's to check
  const error = await refused("news.search", { max_records: 10 });
  assert.match(error, /needs one of query=, symbol= or sector=/);
});

Deno.test("audit5 errors: a missing argument is named with what it is", async () => {
  const error = await refused("price.moves", {});
  assert.match(
    error,
    /missing required argument `symbol` \(Ticker whose daily bars are scanned, e\.g\. AAPL\.\)/,
  );
});

Deno.test("audit5 errors: an argument under another common name gets the name it means", async () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["market.quote", { ticker: "AAPL" }, "symbol"],
    ["market.ohlcv", { symbols: "AAPL", interval: "1d" }, "timeframe"],
    ["market.ohlcv", { symbols: "AAPL", from: "2024-01-01" }, "start_date"],
    ["market.ohlcv", { symbols: "AAPL", until: "2024-01-31" }, "end_date"],
    ["filings.recent", { symbol: "AAPL", count: 5 }, "limit"],
    ["document.scan", { file: "./10k.pdf", query: "tax" }, "source"],
  ];
  for (const [name, args, meant] of cases) {
    const error = await refused(name, args);
    assert.match(error, new RegExp(`did you mean \`${meant}\`\\?`), error);
  }
});
