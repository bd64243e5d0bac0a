/**
 * yahooQuote (analysis/market/company.ts) reads Yahoo's quote row as market.quote does, and
 * says in the call's warnings what it left out: a price below zero (an error in Yahoo's data) is nulled
 * with a warning naming it, not returned as a bare null a reader takes for a missing field.
 */
import assert from "node:assert/strict";
import { yahooQuote } from "../../analysis/market/company.ts";
import type { Context } from "../../core/context.ts";

/** The least of a call's context yahooQuote uses: one quote row, a clock, the warnings. */
function stub(row: Record<string, unknown>, warnings: string[]): Context {
  return {
    clock: { now: () => new Date("2025-02-21T15:00:00Z") },
    warn: (m: string) => warnings.push(m),
    provider: () => Promise.resolve({ quotes: () => Promise.resolve([row]) }),
  } as unknown as Context;
}

Deno.test("yahooQuote: a negative price is null, and the call's warnings say why", async () => {
  const warnings: string[] = [];
  const q = await yahooQuote(
    stub({
      symbol: "EXSW",
      quoteType: "EQUITY",
      currency: "USD",
      longName: "Example Software Inc.",
      regularMarketPrice: -3.5,
      regularMarketPreviousClose: 41.5,
      regularMarketTime: 1740150000,
    }, warnings),
    "EXSW",
  );
  assert.equal(q.price, null);
  assert.ok(warnings.some((w) => /EXSW/.test(w) && /below zero/.test(w)), warnings.join("\n"));
});
