import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { type FakeLog, fakeMarket, offline } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2023-11-22T20:00:00Z";

Deno.test("market.ohlcv market_a: inclusive end, splits, dividends, adjusted and raw closes", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  const out = await run("market.ohlcv", {
    symbols: "msft",
    start_date: "2023-11-17",
    end_date: "2023-11-21",
    provider: "market_a",
  }, { fetch: fakeMarket(log), now: NOW });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.provider, "market_a");
  assert.deepEqual(d.rows.map((r: Any) => r.date), ["2023-11-17", "2023-11-20", "2023-11-21"]);
  assert.equal(d.rows[0].close, 371);
  assert.equal(d.rows[0].adj_close, 184);
  assert.deepEqual(d.splits, [{ date: "2023-11-20", ratio: 2, numerator: 2, denominator: 1 }]);
  assert.deepEqual(d.dividends, [{ date: "2023-11-21", amount: 0.75 }]);
  assert.equal(d.attempts, undefined);
  // Yahoo's period2 is exclusive: the request asks for the day after end_date.
  const chart = new URL(log.urls.find((u) => u.includes("/v8/finance/chart/"))!);
  assert.equal(
    chart.searchParams.get("period2"),
    String(Date.parse("2023-11-22T00:00:00Z") / 1000),
  );
});

Deno.test("market.ohlcv auto falls back to stooq and reports each attempt", async () => {
  const out = await run("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2023-11-17",
    end_date: "2023-11-20",
    include_attempts: true,
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/": () => new Response("", { status: 500 }) }),
    now: NOW,
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.provider, "stooq");
  assert.deepEqual(d.rows.map((r: Any) => r.date), ["2023-11-17", "2023-11-20"]);
  assert.deepEqual(d.attempts.map((a: Any) => [a.provider, a.success]), [
    ["market_a", false],
    ["stooq", true],
  ]);
  assert.match(d.attempts[0].error, /HTTP 500/);
});

Deno.test("market.ohlcv fails with every attempt named when the network is down", async () => {
  const out = await run("market.ohlcv", { symbols: "AAPL", include_attempts: true }, {
    fetch: offline,
    now: NOW,
  });
  assert.equal(out.envelope.ok, false);
  assert.equal(out.envelope.data, null);
  const err = out.envelope.error!;
  for (const p of ["market_a:", "stooq:", "broker_a: skipped", "market_b: skipped"]) {
    assert.ok(err.includes(p), `${p} missing from: ${err}`);
  }
});

Deno.test("market.ohlcv broker_a follows next_page_token; missing keys name the variable", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  const out = await run("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2023-11-20",
    end_date: "2023-11-21",
    provider: "alpaca",
  }, {
    fetch: fakeMarket(log),
    env: { ALPACA_API_KEY_ID: "id123456", ALPACA_API_SECRET_KEY: "sec123456" },
    now: NOW,
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.count, 2);
  assert.ok(log.urls[1].includes("page_token=TOKEN2"));
  const missing = await run("market.ohlcv", { symbols: "MSFT", provider: "broker_a" }, {
    fetch: offline,
    now: NOW,
  });
  assert.equal(missing.envelope.ok, false);
  assert.match(missing.envelope.error!, /ALPACA_API_KEY_ID/);
});

Deno.test("market.ohlcv several symbols and argument errors", async () => {
  const out = await run("market.ohlcv", {
    symbols: "MSFT, msft",
    start_date: "2023-11-17",
    end_date: "2023-11-21",
    provider: "stooq",
  }, { fetch: fakeMarket(), now: NOW });
  const d = dataOf(out.envelope) as Any;
  // Duplicates collapse to one symbol, so the one-symbol shape comes back.
  assert.equal(d.symbol, "MSFT");
  assert.equal(d.count, 3);
  const two = await run("market.ohlcv", {
    symbols: "MSFT,ZZZZ",
    start_date: "2023-11-17",
    end_date: "2023-11-21",
    provider: "stooq",
  }, { fetch: fakeMarket(), now: NOW });
  // the symbol no provider serves is left out and named; MSFT's bars stand
  const both = dataOf(two.envelope) as Any;
  assert.deepEqual(Object.keys(both.symbols), ["MSFT"]);
  assert.equal(both.missing[0].symbol, "ZZZZ");
  assert.match(both.missing[0].error, /ZZZZ.*no daily data/);
  const bad = await run("market.ohlcv", { symbols: "MSFT", provider: "nope" }, { now: NOW });
  assert.match(bad.envelope.error!, /unknown market data provider 'nope'; use auto or one of/);
  // a misspelling names the provider it most likely meant
  const typo = await run("market.ohlcv", { symbols: "MSFT", provider: "stoq" }, { now: NOW });
  assert.match(
    typo.envelope.error!,
    /unknown market data provider 'stoq' \(did you mean stooq\?\)/,
  );
  const order = await run("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2023-11-21",
    end_date: "2023-11-01",
  }, { now: NOW });
  assert.match(order.envelope.error!, /after end_date/);
});

Deno.test({
  name: "conformance: AAPL across the 2020 4-for-1 split (yahoo cassette)",
  ignore: !SHARED,
  async fn() {
    const shared = sharedOrSkip("yahoo cassette")!;
    const out = await run("market.ohlcv", {
      symbols: "AAPL",
      start_date: "2020-08-31",
      end_date: "2020-11-06",
      provider: "market_a",
    }, { replay: [join(shared, "cassettes", "yahoo")] });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.rows[0].date, "2020-08-31");
    assert.equal(d.rows.at(-1).date, "2020-11-06");
    assert.deepEqual(d.splits.map((s: Any) => [s.date, s.ratio]), [["2020-08-31", 4]]);
    assert.deepEqual(d.dividends, [{ date: "2020-11-06", amount: 0.205 }]);
    assert.ok(d.rows[0].adj_close < d.rows[0].close);
  },
});

Deno.test({
  name: "conformance: stooq whole history sliced locally",
  ignore: !SHARED,
  async fn() {
    const shared = sharedOrSkip("stooq cassette")!;
    const out = await run("market.ohlcv", {
      symbols: "AAPL",
      start_date: "2024-01-02",
      end_date: "2024-01-05",
      provider: "stooq",
    }, { replay: [join(shared, "cassettes", "stooq")] });
    const d = dataOf(out.envelope) as Any;
    assert.deepEqual(d.rows.map((r: Any) => r.date), [
      "2024-01-02",
      "2024-01-03",
      "2024-01-04",
      "2024-01-05",
    ]);
  },
});

Deno.test("market.ohlcv: years= sizes the window like start_date (and not both)", async () => {
  const opts = { replay: [join(FIXTURES, "evidence", "bars")], now: "2026-03-10T21:00:00Z" };
  const byYears = await envelope("market.ohlcv", {
    symbols: "EXSW",
    years: 1,
    provider: "stooq",
  }, opts);
  const byStart = await envelope("market.ohlcv", {
    symbols: "EXSW",
    start_date: "2025-03-10",
    provider: "stooq",
  }, opts);
  assert.equal(byYears.ok, true, byYears.error ?? "");
  assert.deepEqual(byYears.data, byStart.data);
  const both = await envelope("market.ohlcv", {
    symbols: "EXSW",
    years: 1,
    start_date: "2025-03-10",
    provider: "stooq",
  }, opts);
  assert.equal(both.ok, false);
  assert.match(both.error!, /start_date or years/);
});

Deno.test("market.ohlcv broker_a states no dividend-adjusted close; a backtest says price return", async () => {
  const opts = {
    fetch: fakeMarket(),
    env: { ALPACA_API_KEY_ID: "id123456", ALPACA_API_SECRET_KEY: "sec123456" },
    now: NOW,
  };
  const out = await run("market.ohlcv", {
    symbols: "MSFT",
    start_date: "2023-11-20",
    end_date: "2023-11-21",
    provider: "broker_a",
  }, opts);
  const d = dataOf(out.envelope) as Any;
  // Alpaca adjusts its bars for splits only: a copy of the close would read as adjusted
  assert.deepEqual(d.rows.map((r: Any) => [r.close, r.adj_close]), [[371, null], [374, null]]);
  const bt = await run("backtest.run", {
    strategy: "buy_hold",
    symbols: "MSFT",
    start_date: "2023-11-20",
    end_date: "2023-11-21",
    provider: "broker_a",
    warmup_bars: 0,
  }, opts);
  assert.equal(bt.envelope.ok, true, bt.envelope.error ?? "");
  const src = (bt.envelope.data as Any).data.sources.MSFT;
  assert.equal(src.price_adjustment, "splits_only", "was labelled total_return");
  assert.ok(
    bt.envelope.warnings.some((w) => /MSFT: .*dividends are not included/.test(w)),
    bt.envelope.warnings.join("\n"),
  );
});

Deno.test("market.ohlcv: bars that stop more than a week before the window's end are named", async () => {
  const { endsEarly } = await import("../../analysis/market/ohlcv_notes.ts");
  const now = new Date("2024-06-01T12:00:00Z");
  assert.equal(endsEarly("A", "2023-11-21", "2023-11-28", now), null, "a week: a holiday closure");
  assert.match(
    endsEarly("A", "2023-11-21", "2023-12-31", now)!,
    /^A: the bars end at 2023-11-21, 40 days before the window's end \(2023-12-31\)/,
  );
  assert.match(endsEarly("A", "2024-05-01", "2030-01-01", now)!, /31 days before today/);
  assert.equal(endsEarly("A", "2024-05-30", "2030-01-01", now), null, "the window runs past today");
  // a monthly bar is dated at the month's first day, a weekly one at its Monday
  assert.equal(endsEarly("A", "2024-05-01", "2024-05-31", now, "1mo"), null);
  assert.equal(endsEarly("A", "2024-05-20", "2024-06-01", now, "1wk"), null);
  assert.match(endsEarly("A", "2024-03-01", "2024-05-31", now, "1mo")!, /91 days/);
  const args = { symbols: "MSFT", start_date: "2023-11-01", provider: "stooq" };
  const late = await run("market.ohlcv", { ...args, end_date: "2023-12-31" }, {
    fetch: fakeMarket(),
    now: "2024-06-01T12:00:00Z",
  });
  assert.equal(late.envelope.ok, true);
  assert.ok(
    late.envelope.warnings.some((w) => /^MSFT: the bars end at 2023-11-21, 40 days before/.test(w)),
    late.envelope.warnings.join("\n"),
  );
  const fresh = await run("market.ohlcv", { ...args, end_date: "2023-11-21" }, {
    fetch: fakeMarket(),
    now: NOW,
  });
  assert.deepEqual(fresh.envelope.warnings.filter((w) => /bars end/.test(w)), []);
});

Deno.test("market.ohlcv: an end_date in the future is said; end_date stays the window asked", async () => {
  // ok, end_date 2030-01-01 and rows ending today read as coverage to 2030, without a word
  const out = await run("market.ohlcv", {
    symbols: "msft",
    start_date: "2023-11-17",
    end_date: "2030-01-01",
    provider: "market_a",
  }, { fetch: fakeMarket(), now: NOW });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.end_date, "2030-01-01");
  assert.ok(d.rows.every((r: Any) => r.date <= "2023-11-22"));
  assert.ok(
    out.envelope.warnings.some((w) =>
      /^end_date 2030-01-01 is in the future \(today is 2023-11-22\): no bar exists past today/
        .test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
  // tomorrow is no future for an exchange ahead of UTC
  const near = await run("market.ohlcv", {
    symbols: "msft",
    start_date: "2023-11-17",
    end_date: "2023-11-23",
    provider: "market_a",
  }, { fetch: fakeMarket(), now: NOW });
  assert.ok(!near.envelope.warnings.some((w) => /is in the future/.test(w)));
});
