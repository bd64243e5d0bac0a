/**
 * List arguments that commands read as comma-separated text (symbols, metrics) also take a JSON
 * array, as an agent sends them over HTTP or MCP, with the same answer.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";
import { createHandler } from "../../mod.ts";

const bars = { replay: [join(FIXTURES, "backtest", "cassette")] };
const SMA = {
  strategy: "sma_cross",
  start_date: "2023-03-01",
  end_date: "2023-06-30",
  provider: "market_a",
  params: { fast: 5, slow: 20 },
};

Deno.test("backtest.run: symbols as a JSON array answers as the comma-separated text does", async () => {
  const text = await envelope("backtest.run", { ...SMA, symbols: "AAPL,MSFT" }, bars);
  const array = await envelope("backtest.run", { ...SMA, symbols: ["AAPL", "MSFT"] }, bars);
  assert.equal(text.ok, true);
  assert.equal(JSON.stringify(array), JSON.stringify(text));
});

Deno.test("kpi.extract: metrics as a JSON array; an unknown key in it is still named", async () => {
  const url =
    "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";
  const replay = { replay: [join(FIXTURES, "evidence", "transcripts")] };
  const base = { symbol: "EXSW", source: url };
  const text = await envelope("kpi.extract", { ...base, metrics: "arr,nrr" }, replay);
  const array = await envelope("kpi.extract", { ...base, metrics: ["arr", "nrr"] }, replay);
  assert.equal(text.ok, true);
  assert.equal(JSON.stringify(array), JSON.stringify(text));
  const bad = await envelope("kpi.extract", { ...base, metrics: ["arr", "nrrr"] }, replay);
  assert.equal(bad.ok, false);
  assert.match(bad.error!, /unknown metric nrrr/);
  const wrong = await envelope("kpi.extract", { ...base, metrics: [1, 2] }, replay);
  assert.equal(wrong.ok, false);
  assert.match(wrong.error!, /metrics/);
});

Deno.test("HTTP: a JSON array for symbols is not a 422", async () => {
  const handler = createHandler();
  const res = await handler(
    new Request("http://127.0.0.1/commands/backtest.strategy.payload", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        strategy_id: "sma_cross",
        start_date: "2023-01-01",
        end_date: "2023-12-31",
        symbols: ["AAPL", "MSFT"],
      }),
    }),
  );
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.ok, true);
  assert.match(JSON.stringify(body.data), /AAPL/);
  assert.match(JSON.stringify(body.data), /MSFT/);
});
