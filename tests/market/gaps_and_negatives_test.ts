/**
 * Bars that stop for more than a week inside the window (a suspension, a long closure, bars the
 * provider lacks) are said in a warning: the rows alone do not show it, and a change from one
 * bar to the next across it spans that whole time. Holidays (Christmas, Easter) are no gap.
 * Conformance: Stooq's recorded USD/PLN history, whose early years have such holes. And a price
 * below zero, which only a future or an index can have, is Yahoo's error elsewhere: left null.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { dayNumber, innerGaps } from "../../analysis/market/bar_notes.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** Weekdays from `from` to `to` (YYYY-MM-DD), both included, less `skip`. */
function weekdays(from: string, to: string, skip: string[] = []): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    const d = new Date(t);
    const day = d.toISOString().slice(0, 10);
    if (d.getUTCDay() % 6 !== 0 && !skip.includes(day)) out.push(day);
  }
  return out;
}

Deno.test("innerGaps: a two-week suspension is named, with its days", () => {
  const dates = [...weekdays("2024-03-01", "2024-03-08"), ...weekdays("2024-03-25", "2024-03-29")];
  const note = innerGaps("XYZ", dates, "1d");
  assert.ok(note);
  assert.match(
    note,
    /^XYZ: the 1d bars stop for more than a week once inside the window \(2024-03-08 to 2024-03-25, 17 days\)/,
  );
  assert.match(note, /spans that whole time$/);
});

Deno.test("innerGaps: holidays, weekends, a full week of bars and intraday nights are no gap", () => {
  // Christmas, New Year and Good Friday closures
  const daily = weekdays("2023-12-18", "2024-04-05", ["2023-12-25", "2024-01-01", "2024-03-29"]);
  assert.equal(innerGaps("AAPL", daily, "1d"), null);
  const weekly = ["2024-01-01", "2024-01-08", "2024-01-15", "2024-01-22"];
  assert.equal(innerGaps("AAPL", weekly, "1wk"), null);
  const monthly = ["2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01"];
  assert.equal(innerGaps("AAPL", monthly, "1mo"), null);
  const intraday = ["2024-01-05T20:55:00Z", "2024-01-16T14:30:00Z"];
  assert.equal(innerGaps("AAPL", intraday, "5m"), null);
  assert.equal(innerGaps("AAPL", ["2024-01-02"], "1d"), null);
});

Deno.test("innerGaps: a missing week in weekly bars and a missing month in monthly bars", () => {
  const weekly = innerGaps("XYZ", ["2024-01-01", "2024-01-08", "2024-01-29"], "1wk");
  assert.match(weekly!, /\(2024-01-08 to 2024-01-29, 21 days\)/);
  const monthly = innerGaps("XYZ", ["2024-01-01", "2024-02-01", "2024-04-01"], "1mo");
  assert.match(monthly!, /\(2024-02-01 to 2024-04-01, 60 days\)/);
});

Deno.test("innerGaps: many gaps are counted, the first three and the longest shown", () => {
  const dates = [
    "2024-01-02",
    "2024-01-15",
    "2024-02-01",
    "2024-02-12",
    "2024-03-15",
    "2024-04-01",
  ];
  const note = innerGaps("XYZ", dates, "1d")!;
  assert.match(note, /5 times inside the window/);
  assert.match(note, /; …; the longest 2024-02-12 to 2024-03-15, 32 days\)/);
});

/** A daily chart answer shaped like Yahoo's for `days` (New York, 09:30 open stamps). */
function chart(symbol: string, days: string[]) {
  const ts = days.map((d) => Date.parse(`${d}T14:30:00Z`) / 1000);
  const px = days.map((_, i) => 100 + i);
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol,
          exchangeName: "NYQ",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          exchangeTimezoneName: "America/New_York",
        },
        timestamp: ts,
        indicators: {
          quote: [{ open: px, high: px, low: px, close: px, volume: px.map(() => 1000) }],
          adjclose: [{ adjclose: px }],
        },
      }],
      error: null,
    },
  };
}

Deno.test("market.ohlcv: a suspension inside the window is said, the bars kept as they are", async () => {
  const days = [...weekdays("2024-01-08", "2024-01-12"), ...weekdays("2024-02-05", "2024-02-09")];
  const out = await run("market.ohlcv", {
    symbols: "XYZ",
    start_date: "2024-01-08",
    end_date: "2024-02-09",
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, {
      "/v8/finance/chart/": () => Response.json(chart("XYZ", days)),
    }),
    now: "2024-02-12T12:00:00Z",
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.count, 10);
  assert.ok(
    out.envelope.warnings.some((w) =>
      /^XYZ: the 1d bars stop for more than a week once inside the window \(2024-01-12 to 2024-02-05, 24 days\)/
        .test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
});

const USDPLN = () => join(SHARED!, "stooq", "usdpln_d.csv");

Deno.test({
  name: "conformance: Stooq's recorded USD/PLN history names its holes of 1984, none later",
  ignore: !SHARED || !existsSync(USDPLN()),
  async fn() {
    if (!sharedOrSkip("Stooq USD/PLN gaps")) return;
    const csv = readFileSync(USDPLN(), "utf8");
    const fetch = fakeMarket(undefined, {
      "stooq.com": () => new Response(csv, { headers: { "content-type": "text/csv" } }),
    });
    const early = await run("market.ohlcv", {
      symbols: "USDPLN=X",
      start_date: "1984-01-01",
      end_date: "1984-12-31",
      provider: "stooq",
    }, { fetch, now: "2025-01-10T12:00:00Z" });
    assert.equal(early.envelope.ok, true, early.envelope.error ?? "");
    const d = dataOf(early.envelope) as Any;
    assert.equal(d.currency, "PLN");
    // a currency pair has no splits or dividends for Stooq to adjust for
    assert.equal(d.price_basis, "prices as traded: a currency pair has no splits or dividends");
    const note = early.envelope.warnings.find((w) => /stop for more than a week/.test(w));
    assert.ok(note, early.envelope.warnings.join("\n"));
    assert.match(note, /\(1984-02-20 to 1984-03-01, 10 days; /);
    const later = await run("market.ohlcv", {
      symbols: "USDPLN=X",
      start_date: "2015-01-01",
      end_date: "2019-12-31",
      provider: "stooq",
    }, { fetch, now: "2025-01-10T12:00:00Z" });
    assert.equal(later.envelope.ok, true, later.envelope.error ?? "");
    assert.ok(!later.envelope.warnings.some((w) => /stop for more than a week/.test(w)));
  },
});

Deno.test("market.ohlcv: a share's price below zero is Yahoo's error, left null and said; a future's is kept", async () => {
  const days = weekdays("2020-04-20", "2020-04-22");
  const body = chart("XYZ", days);
  const q = body.chart.result[0].indicators.quote[0];
  q.low = [100, -5, 101];
  const share = await run("market.ohlcv", {
    symbols: "XYZ",
    start_date: days[0],
    end_date: days[2],
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/": () => Response.json(body) }),
    now: "2020-04-23T12:00:00Z",
  });
  const d = dataOf(share.envelope) as Any;
  assert.deepEqual(d.rows.map((r: Any) => r.low), [100, null, 101]);
  assert.ok(
    share.envelope.warnings.some((w) =>
      /^XYZ: Yahoo gave a price below zero in 1 bar\(s\) \(2020-04-21\): XYZ cannot trade below zero/
        .test(w)
    ),
    share.envelope.warnings.join("\n"),
  );
  // West Texas crude's front month settled at -37.63 on 2020-04-20
  const oil = chart("CL=F", days);
  Object.assign(oil.chart.result[0].meta, { instrumentType: "FUTURE", exchangeName: "NYM" });
  oil.chart.result[0].indicators.quote[0].close = [-37.63, 10.01, 13.78];
  const future = await run("market.ohlcv", {
    symbols: "CL=F",
    start_date: days[0],
    end_date: days[2],
    provider: "market_a",
  }, {
    fetch: fakeMarket(undefined, { "/v8/finance/chart/": () => Response.json(oil) }),
    now: "2020-04-23T12:00:00Z",
  });
  const f = dataOf(future.envelope) as Any;
  assert.equal(f.rows[0].close, -37.63);
  assert.ok(!future.envelope.warnings.some((w) => /below zero/.test(w)));
});

Deno.test("market.quote: a share's day low below zero is Yahoo's error, left null and said", async () => {
  const body = JSON.parse(
    readFileSync(join(FIXTURES, "market", "quote_AAPL.json"), "utf8"),
  );
  body.quoteResponse.result[0].regularMarketDayLow = -1;
  const out = await run("market.quote", { symbol: "AAPL" }, {
    fetch: fakeMarket(undefined, { "/v7/finance/quote": () => Response.json(body) }),
    now: "2024-01-05T15:00:00Z",
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.day_low, null);
  assert.equal(d.price, 190.5);
  assert.ok(
    out.envelope.warnings.some((w) =>
      /^AAPL: Yahoo's regularMarketDayLow -1 is below zero, which no price of AAPL can be/.test(w)
    ),
    out.envelope.warnings.join("\n"),
  );
});

Deno.test("dayNumber: the day count Date.parse gives, for every day of 1800-2199, with or without a time", () => {
  for (let t = Date.UTC(1800, 0, 1); t < Date.UTC(2200, 0, 1); t += 86_400_000) {
    const iso = new Date(t).toISOString();
    const want = Math.round(t / 86_400_000);
    if (dayNumber(iso.slice(0, 10)) !== want || dayNumber(iso) !== want) {
      assert.equal(dayNumber(iso), want, iso);
    }
  }
  // not YYYY-MM-DD: read by Date.parse, so a month 13 is no day at all
  assert.ok(Number.isNaN(dayNumber("2024-13-01")));
});
