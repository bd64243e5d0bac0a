/**
 * urlNamesSymbol: which requests of a multi-symbol call belong to which symbol. A symbol that
 * holds `=` (EURUSD=X, GC=F) was cut at it and matched none of its own requests, so its series
 * lost its source URLs and took another symbol's retrieval time.
 */
import assert from "node:assert/strict";

const assertFalse = (v: boolean) => assert.equal(v, false);
import { urlNamesSymbol } from "../../core/symbols.ts";

const chart = (s: string) =>
  `https://query2.finance.yahoo.com/v8/finance/chart/${s}?interval=1d&period1=1&period2=2`;

Deno.test("urlNamesSymbol: a symbol holding '=' names its own chart request, raw or escaped", () => {
  assert(urlNamesSymbol(chart("EURUSD=X"), "EURUSD=X"));
  assert(urlNamesSymbol(chart("EURUSD%3DX"), "eurusd=x"));
  assert(urlNamesSymbol(chart("GC=F"), "GC=F"));
  // neither half of it, nor another symbol's request
  assertFalse(urlNamesSymbol(chart("EURUSD=X"), "EURUSD"));
  assertFalse(urlNamesSymbol(chart("EURUSD=X"), "X"));
  assertFalse(urlNamesSymbol(chart("AAPL"), "EURUSD=X"));
});

Deno.test("urlNamesSymbol: query values and comma lists, whole items only", () => {
  assert(urlNamesSymbol("https://stooq.com/q/d/l/?s=aapl.us&i=d", "AAPL.US"));
  assert(urlNamesSymbol("https://x.example/v7/finance/quote?symbols=AAPL,MSFT", "msft"));
  assert(urlNamesSymbol("https://x.example/v7/finance/quote?symbols=AAPL%2CGC%3DF", "GC=F"));
  assertFalse(urlNamesSymbol("https://stooq.com/q/d/l/?s=aapl.us&i=d", "AAPL"));
  assertFalse(urlNamesSymbol("https://stooq.com/q/d/l/?s=aapl.us&i=d", "s"));
  // a name in the fragment is not a request's
  assertFalse(urlNamesSymbol("https://x.example/chart#MSFT", "MSFT"));
  // a malformed escape is compared as it is, without throwing
  assertFalse(urlNamesSymbol("https://x.example/chart/%E0%A4%A?s=%ZZ", "MSFT"));
});
