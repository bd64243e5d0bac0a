/**
 * A message never repeats a long argument value whole: an agent that pastes a document into a
 * ticker or a path gets an error naming the argument, the start of the value and its length.
 */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";

const big = "9Z".repeat(3000);

const cases: [string, Record<string, unknown>][] = [
  ["market.regime", { market: big }],
  ["sources.test", { source: big }],
  ["industry.keys", { sector: big }],
  ["formula.capm", { risk_free: big, market_return: "8%", beta: 1 }],
  ["document.read", { source: big }],
  ["filings.read", { accession: big }],
  ["backtest.describe", { strategy: big }],
  ["market.ohlcv", { symbols: [big, "AAPL"] }],
];

for (const [command, args] of cases) {
  Deno.test(`${command}: a 6,000-character value is shortened in the error`, async () => {
    const env = await envelope(command, args);
    assert.equal(env.ok, false);
    const text = [env.error, ...env.warnings].join("\n");
    assert.ok(text.length < 1500, `${text.length} characters: ${text.slice(0, 300)}`);
    assert.match(text, /9Z9Z9Z|9z9z9z/i);
    assert.match(text, /\(6000 characters\)/);
  });
}
