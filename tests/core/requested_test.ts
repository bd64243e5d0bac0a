/**
 * Context.requested(): each command call's own record of the requests its providers made, with
 * no key, token, crumb or cookie in it; and the `source_urls` market-data commands cite from it
 * (the data endpoints, never Yahoo's cookie and crumb handshake).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { makeContext } from "../../core/call_context.ts";
import type { Context } from "../../core/context.ts";
import { failure } from "../../core/envelope.ts";
import { runLeanTokens } from "../../adapters/lean.ts";
import { execute } from "../../core/runner.ts";
import { FIXTURES, run, testSession } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const NOW = "2024-05-01T12:00:00Z";
const MARKET_NOW = "2023-11-22T20:00:00Z";

/** A context of one call on `session`, as the runner makes it (no nested calls needed). */
function contextOn(session: ReturnType<typeof testSession>, warnings: string[] = []): Context {
  return makeContext(
    session,
    "library",
    warnings,
    new AbortController().signal,
    () => Promise.resolve(failure("no nested calls in this test")),
  );
}

/** A network answering every URL with its own path, after `delayMs`. */
function echoNetwork(delayMs = 0): typeof fetch {
  return async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    return new Response(JSON.stringify({ path: url.pathname }), {
      headers: { "content-type": "application/json" },
    });
  };
}

/** True for a step of Yahoo's handshake, which no citation should name. */
const handshake = (u: string) =>
  /\/\/(fc|consent|guce)\.|\/getcrumb|\/\/finance\.yahoo\.com\/quote\//.test(u);

Deno.test("requested(): the call's requests, keys, tokens and crumbs removed", async () => {
  const session = testSession({
    fetch: echoNetwork(),
    now: NOW,
    env: { ESTIMATES_A_API_KEY: "ENVKEY-7f3a9c" },
  });
  try {
    const ctx = contextOn(session);
    await ctx.http.request({
      provider: "fake_a",
      url:
        "https://api.example.com/v1/data?symbol=AAPL&apikey=SECRET123&crumb=CRUMB99&token=TOK456",
      headers: { cookie: "A3=COOKIEVALUE", authorization: "Bearer BEARERVALUE" },
      secrets: ["SECRET123"],
    });
    // a key from the environment written into a path is blanked as in cache keys
    await ctx.http.request({
      provider: "fake_b",
      url: "https://api.example.com/v2/ENVKEY-7f3a9c/prices?s=msft",
    });
    const seen = ctx.requested();
    assert.deepEqual(seen, [
      {
        provider: "fake_a",
        url: "https://api.example.com/v1/data?symbol=AAPL",
        retrieved_at: NOW.replace("Z", ".000Z"),
        via: "network",
      },
      {
        provider: "fake_b",
        url: "https://api.example.com/v2/***/prices?s=msft",
        retrieved_at: NOW.replace("Z", ".000Z"),
        via: "network",
      },
    ]);
    const text = JSON.stringify(seen);
    for (
      const secret of ["SECRET123", "CRUMB99", "TOK456", "COOKIEVALUE", "BEARERVALUE", "ENVKEY"]
    ) {
      assert.ok(!text.includes(secret), `${secret} leaked: ${text}`);
    }
    assert.ok(!/apikey|crumb|token=/i.test(text), text);
  } finally {
    session.close();
  }
});

Deno.test("requested(): a replayed answer says so", async () => {
  const session = testSession({ replay: [join(FIXTURES, "evidence", "bars")] });
  try {
    const ctx = contextOn(session);
    await ctx.http.request({ provider: "stooq", url: "https://stooq.com/q/d/l/?s=exsw.us&i=d" });
    assert.deepEqual(ctx.requested().map((r) => [r.url, r.via]), [
      ["https://stooq.com/q/d/l/?s=exsw.us&i=d", "replay"],
    ]);
  } finally {
    session.close();
  }
});

Deno.test("requested(): two calls running side by side each see only their own", async () => {
  const session = testSession({ fetch: echoNetwork(5), now: NOW });
  try {
    const one = contextOn(session);
    const two = contextOn(session);
    const ask = (ctx: Context, path: string) =>
      ctx.http.request({ provider: "fake_a", url: `https://api.example.com${path}` });
    // interleaved: one's requests start before and after two's
    await Promise.all([
      ask(one, "/one/1"),
      ask(two, "/two/1"),
      ask(one, "/one/2"),
      ask(two, "/two/2"),
    ]);
    assert.deepEqual(one.requested().map((r) => new URL(r.url).pathname).sort(), [
      "/one/1",
      "/one/2",
    ]);
    assert.deepEqual(two.requested().map((r) => new URL(r.url).pathname).sort(), [
      "/two/1",
      "/two/2",
    ]);
  } finally {
    session.close();
  }
});

Deno.test("source_urls: concurrent command calls on one session cite only their own data", async () => {
  const session = testSession({ fetch: fakeMarket(), now: MARKET_NOW });
  try {
    const [quote, bars] = await Promise.all([
      execute("market.quote", { symbol: "AAPL" }, { session, validateData: true }),
      execute("market.ohlcv", {
        symbols: "MSFT",
        start_date: "2023-11-17",
        end_date: "2023-11-21",
        provider: "market_a",
      }, { session, validateData: true }),
    ]);
    const q = quote.envelope.data as { source_urls: string[] };
    const b = bars.envelope.data as { source_urls: string[] };
    assert.deepEqual(q.source_urls, [
      "https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL",
    ]);
    assert.equal(b.source_urls.length, 1, b.source_urls.join(" "));
    assert.match(
      b.source_urls[0],
      /^https:\/\/query2\.finance\.yahoo\.com\/v8\/finance\/chart\/MSFT\?/,
    );
  } finally {
    session.close();
  }
});

Deno.test("source_urls: market.quote cites the quote endpoint, not the handshake, on both paths", async () => {
  const env = await run("market.quote", { symbol: "AAPL" }, {
    fetch: fakeMarket(),
    now: MARKET_NOW,
  });
  assert.equal(env.status, "ok", env.envelope.error ?? "");
  const data = env.envelope.data as { source_urls: string[] };
  assert.deepEqual(data.source_urls, [
    "https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL",
  ]);
  // the CLI's lean path (its own direct request and handshake) cites the same
  const session = testSession({ fetch: fakeMarket(), now: MARKET_NOW });
  try {
    const lean = await runLeanTokens("market.quote", ["AAPL"], { session, surface: "cli" });
    assert.ok(lean, "the lean path answered");
    assert.deepEqual(
      (lean.envelope.data as { source_urls: string[] }).source_urls,
      data.source_urls,
    );
  } finally {
    session.close();
  }
});

Deno.test("source_urls: price.moves cites the Stooq CSV it scanned, with its retrieval time", async () => {
  const env = await run("price.moves", {
    symbol: "EXSW",
    window: "1d",
    threshold: "5%",
    years: 1,
    provider: "stooq",
  }, { replay: [join(FIXTURES, "evidence", "bars")] });
  assert.equal(env.status, "ok", env.envelope.error ?? "");
  const data = env.envelope.data as { source_urls: string[]; retrieved_at: string | null };
  assert.deepEqual(data.source_urls, ["https://stooq.com/q/d/l/?s=exsw.us&i=d"]);
  assert.match(data.retrieved_at ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
});

Deno.test("source_urls: screen.run and fundamentals.statement cite their data endpoints", async () => {
  const opts = { fetch: fakeMarket(), now: MARKET_NOW };
  const screen = await run("screen.run", { query: "day_gainers", count: 2 }, opts);
  const urls = (screen.envelope.data as { source_urls: string[] }).source_urls;
  assert.deepEqual(urls, [
    "https://query2.finance.yahoo.com/v1/finance/screener/predefined/saved?lang=en-US&region=US&scrIds=day_gainers&count=2",
  ]);
  const stmt = await run("fundamentals.statement", { symbol: "AAPL" }, opts);
  const s = (stmt.envelope.data as { source_urls: string[] }).source_urls;
  assert.equal(s.length, 1, s.join(" "));
  assert.match(
    s[0],
    /^https:\/\/query1\.finance\.yahoo\.com\/ws\/fundamentals-timeseries\/v1\/finance\/timeseries\/AAPL\?/,
  );
  for (const u of [...urls, ...s]) {
    assert.ok(!handshake(u) && !/crumb=/.test(u), u);
  }
});

Deno.test("source_urls: each symbol of a market.ohlcv call cites its own requests", async () => {
  const env = await run("market.ohlcv", {
    symbols: "AAPL,MSFT",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    provider: "market_a",
  }, { replay: [join(FIXTURES, "backtest", "cassette")] });
  assert.equal(env.status, "ok", env.envelope.error ?? "");
  const symbols = (env.envelope.data as {
    symbols: Record<string, { source_urls: string[] }>;
  }).symbols;
  for (const [symbol, other] of [["AAPL", "MSFT"], ["MSFT", "AAPL"]]) {
    const urls = symbols[symbol].source_urls;
    assert.ok(urls.length >= 1, `${symbol}: no source_urls`);
    for (const u of urls) {
      assert.ok(u.startsWith("https://") && u.includes(`/chart/${symbol}`), u);
      assert.ok(!u.includes(`/chart/${other}`) && !handshake(u), u);
    }
  }
});

Deno.test("source_urls: estimates.consensus cites FMP's URL without the API key", async () => {
  const env = await run("estimates.consensus", { symbol: "AAPL" }, {
    fetch: fakeMarket(),
    now: MARKET_NOW,
    env: { ESTIMATES_A_API_KEY: "fmpkey-123456" },
  });
  assert.equal(env.status, "ok", env.envelope.error ?? "");
  const urls = (env.envelope.data as { source_urls: string[] }).source_urls;
  assert.deepEqual(urls, [
    "https://financialmodelingprep.com/stable/analyst-estimates?symbol=AAPL&period=annual&page=0&limit=10",
  ]);
  assert.ok(!JSON.stringify(env.envelope).includes("fmpkey-123456"));
});
