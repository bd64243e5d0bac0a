/**
 * Daily, weekly and monthly Yahoo bars of exchanges whose local days do not line up with UTC's:
 * Sydney and New Zealand stamp a bar at the session open, which is the day before in UTC;
 * London's currency pairs stamp local midnight, 23:00 UTC the day before in summer. The window
 * asked for is the exchange's local days; listings whose local days already lie within UTC's
 * keep their single request, unchanged. Every answer is written here in the shape of Yahoo's
 * v8 chart answer and holds only the stamps inside the period1..period2 it was asked for.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";
import { renderOutput } from "../../adapters/render.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const sec = (iso: string) => Date.parse(iso) / 1000;

interface Listing {
  zone: string;
  /** Yahoo's gmtoffset (seconds) at the time of the answer. */
  gmtoffset: number;
  /** Today's regular session start, as Yahoo's meta.currentTradingPeriod states it. */
  sessionStart: string;
  /** [stamp (UTC), close] of each bar Yahoo holds. */
  bars: [string, number][];
  /** [stamp (UTC), amount] of each dividend. */
  dividends?: [string, number][];
}

/** A chart answer of `l` holding the stamps from period1 up to period2. */
function chartAnswer(symbol: string, l: Listing, p1: number, p2: number) {
  const bars = l.bars.filter(([t]) => sec(t) >= p1 && sec(t) < p2);
  const close = bars.map(([, c]) => c);
  const divs = (l.dividends ?? []).filter(([t]) => sec(t) >= p1 && sec(t) < p2);
  return {
    chart: {
      result: [{
        meta: {
          currency: "XXX",
          symbol,
          exchangeName: "TST",
          instrumentType: "EQUITY",
          gmtoffset: l.gmtoffset,
          exchangeTimezoneName: l.zone,
          regularMarketPrice: 10,
          currentTradingPeriod: {
            regular: { start: sec(l.sessionStart), gmtoffset: l.gmtoffset },
          },
        },
        timestamp: bars.map(([t]) => sec(t)),
        events: divs.length
          ? {
            dividends: Object.fromEntries(
              divs.map(([t, amount]) => [String(sec(t)), { amount, date: sec(t) }]),
            ),
          }
          : undefined,
        indicators: {
          quote: [{ open: close, high: close, low: close, close, volume: close.map(() => 100) }],
          adjclose: [{ adjclose: close }],
        },
      }],
      error: null,
    },
  };
}

/** Yahoo for `listings` (the handshake from the shared fake); every chart URL is logged. */
function yahoo(listings: Record<string, Listing>, charts: URL[]): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    const symbol = decodeURIComponent(u.pathname).replace("/v8/finance/chart/", "");
    const l = listings[symbol];
    if (!u.pathname.startsWith("/v8/finance/chart/") || !l) return rest(input, init);
    charts.push(u);
    const body = chartAnswer(
      symbol,
      l,
      Number(u.searchParams.get("period1")),
      Number(u.searchParams.get("period2")),
    );
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  };
}

/** period1 and period2 of each chart request for `symbol`, as ISO instants. */
const asked = (charts: URL[], symbol: string) =>
  charts.filter((u) => decodeURIComponent(u.pathname).endsWith(`/${symbol}`)).map((u) =>
    ["period1", "period2"].map((k) =>
      new Date(Number(u.searchParams.get(k)) * 1000).toISOString().replace(".000Z", "Z")
    )
  );

const dates = (s: Any) => s.rows.map((r: Any) => r.date);

// ASX in summer (AEDT, UTC+11): a session opens at 10:00, 23:00 UTC the day before.
const ASX: Listing = {
  zone: "Australia/Sydney",
  gmtoffset: 39_600,
  sessionStart: "2024-01-31T23:00:00Z",
  bars: [
    ["2023-12-28T23:00:00Z", 9], // Friday 2023-12-29 in Sydney (before the window)
    // Monday 2024-01-01 is a holiday: no bar
    ["2024-01-01T23:00:00Z", 10], // Tuesday 2024-01-02
    ["2024-01-02T23:00:00Z", 11],
    ["2024-01-03T23:00:00Z", 12],
    ["2024-01-04T23:00:00Z", 13], // Friday 2024-01-05
    ["2024-01-07T23:00:00Z", 14], // Monday 2024-01-08
    ["2024-01-08T23:00:00Z", 15], // Tuesday 2024-01-09 (after the window)
  ],
};

/** A listing stamping at `hhmm` UTC on each of `days` (a zone whose days match UTC's). */
const utcDays = (zone: string, gmtoffset: number, hhmm: string, days: string[]): Listing => ({
  zone,
  gmtoffset,
  sessionStart: `2024-01-31T${hhmm}:00Z`,
  bars: days.map((d, i) => [`${d}T${hhmm}:00Z`, 20 + i]),
});

const WEEK = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08", "2024-01-09"];

Deno.test("market.ohlcv: an ASX window holds its first Sydney day; New York, Copenhagen, Tokyo ask once, unchanged", async () => {
  const charts: URL[] = [];
  const fetch = yahoo({
    "BHP.AX": ASX,
    "AAPL": utcDays("America/New_York", -18_000, "14:30", WEEK),
    "ORSTED.CO": utcDays("Europe/Copenhagen", 3_600, "08:00", WEEK),
    // 09:00 in Tokyo is 00:00 UTC: the UTC day already starts with it
    "7203.T": utcDays("Asia/Tokyo", 32_400, "00:00", WEEK),
  }, charts);
  const out = await run("market.ohlcv", {
    symbols: "BHP.AX,AAPL,ORSTED.CO,7203.T",
    start_date: "2024-01-02",
    end_date: "2024-01-08",
    provider: "market_a",
  }, { fetch, now: "2024-02-01T00:00:00Z" });
  const d = dataOf(out.envelope) as Any;
  const days = ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-08"];
  // Sydney's dates: its first day (stamped 2024-01-01 23:00 UTC) is there; nothing is dated
  // on the weekend or the New Year holiday, nor outside the window
  assert.deepEqual(dates(d.symbols["BHP.AX"]), days);
  assert.equal(d.symbols["BHP.AX"].rows[0].close, 10);
  assert.deepEqual(dates(d.symbols.AAPL), days);
  assert.deepEqual(dates(d.symbols["ORSTED.CO"]), days);
  assert.deepEqual(dates(d.symbols["7203.T"]), days);
  // one request each from UTC midnight to UTC midnight, as recorded cassettes hold them
  const utc = [["2024-01-02T00:00:00Z", "2024-01-09T00:00:00Z"]];
  assert.deepEqual(asked(charts, "AAPL"), utc);
  assert.deepEqual(asked(charts, "ORSTED.CO"), utc);
  assert.deepEqual(asked(charts, "7203.T"), utc);
  // Sydney asked again from its own midnight (13:00 UTC the day before)
  assert.deepEqual(asked(charts, "BHP.AX"), [
    ...utc,
    ["2024-01-01T13:00:00Z", "2024-01-09T00:00:00Z"],
  ]);
  // the CSV shows the local dates
  const csv = renderOutput(out.envelope, "csv").out;
  assert.match(csv, /^BHP\.AX,2024-01-02,10,/m);
  assert.doesNotMatch(csv, /BHP\.AX,2024-01-0[167],/);

  // a window sized for the last N bars keeps its estimated start: no second request
  const last: URL[] = [];
  const few = await run("market.ohlcv", { symbols: "BHP.AX", limit: 3, provider: "market_a" }, {
    fetch: yahoo({ "BHP.AX": ASX }, last),
    now: "2024-01-08T12:00:00Z",
  });
  assert.deepEqual(dates(dataOf(few.envelope)), ["2024-01-04", "2024-01-05", "2024-01-08"]);
  assert.equal(last.length, 1);
});

Deno.test("market.ohlcv: New Zealand's Friday and its dividend are kept; its weekend is not invented", async () => {
  // NZDT (UTC+13): a 10:00 open is 21:00 UTC the day before
  const nzx: Listing = {
    zone: "Pacific/Auckland",
    gmtoffset: 46_800,
    sessionStart: "2024-01-31T21:00:00Z",
    bars: [
      ["2024-01-03T21:00:00Z", 4], // Thursday 2024-01-04
      ["2024-01-04T21:00:00Z", 5], // Friday 2024-01-05
      ["2024-01-07T21:00:00Z", 8], // Monday 2024-01-08
      ["2024-01-08T21:00:00Z", 9], // Tuesday 2024-01-09
    ],
    dividends: [["2024-01-04T21:00:00Z", 0.1]],
  };
  const charts: URL[] = [];
  const out = await run("market.ohlcv", {
    symbols: "AIR.NZ",
    start_date: "2024-01-05",
    end_date: "2024-01-09",
    provider: "market_a",
  }, { fetch: yahoo({ "AIR.NZ": nzx }, charts), now: "2024-02-01T00:00:00Z" });
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(dates(d), ["2024-01-05", "2024-01-08", "2024-01-09"]);
  assert.deepEqual(d.dividends, [{ date: "2024-01-05", amount: 0.1 }]);
  assert.deepEqual(asked(charts, "AIR.NZ").at(-1), [
    "2024-01-04T11:00:00Z",
    "2024-01-10T00:00:00Z",
  ]);

  // when the wider request fails, the days the first answer holds are kept and the possibly
  // missing first day is named
  const failing = yahoo({ "AIR.NZ": nzx }, []);
  const flaky: typeof fetch = (input, init) =>
    String(input).includes("period1=1704366000")
      ? Promise.resolve(new Response("", { status: 500 }))
      : failing(input, init);
  const partial = await run("market.ohlcv", {
    symbols: "AIR.NZ",
    start_date: "2024-01-05",
    end_date: "2024-01-09",
    provider: "market_a",
  }, { fetch: flaky, now: "2024-02-01T00:00:00Z" });
  assert.deepEqual(dates(dataOf(partial.envelope)), ["2024-01-08", "2024-01-09"]);
  assert.ok(
    partial.envelope.warnings.some((w) =>
      /AIR\.NZ: the bar of 2024-01-05 .*may be missing/.test(w)
    ),
    partial.envelope.warnings.join("\n"),
  );
});

Deno.test("market.ohlcv: a London currency pair's first summer day (local midnight, 23:00 UTC) is kept; winter asks once", async () => {
  const fx = (from: string, days: number, bst: boolean): Listing => ({
    zone: "Europe/London",
    gmtoffset: bst ? 3_600 : 0,
    sessionStart: bst ? "2024-07-31T23:00:00Z" : "2024-01-31T00:00:00Z",
    bars: Array.from({ length: days }, (_, i) => {
      const midnight = Date.parse(`${from}T00:00:00Z`) + i * 86_400_000 - (bst ? 3_600_000 : 0);
      return [new Date(midnight).toISOString(), 1.2 + i / 100] as [string, number];
    }),
  });
  const summer: URL[] = [];
  const out = await run("market.ohlcv", {
    symbols: "GBPUSD=X",
    start_date: "2024-07-01",
    end_date: "2024-07-03",
    provider: "market_a",
  }, { fetch: yahoo({ "GBPUSD=X": fx("2024-06-28", 8, true) }, summer), now: "2024-08-01" });
  assert.deepEqual(dates(dataOf(out.envelope)), ["2024-07-01", "2024-07-02", "2024-07-03"]);
  assert.equal(summer.length, 2);

  const winter: URL[] = [];
  const w = await run("market.ohlcv", {
    symbols: "GBPUSD=X",
    start_date: "2024-01-02",
    end_date: "2024-01-03",
    provider: "market_a",
  }, { fetch: yahoo({ "GBPUSD=X": fx("2024-01-01", 4, false) }, winter), now: "2024-02-01" });
  assert.deepEqual(dates(dataOf(w.envelope)), ["2024-01-02", "2024-01-03"]);
  assert.deepEqual(asked(winter, "GBPUSD=X"), [["2024-01-02T00:00:00Z", "2024-01-04T00:00:00Z"]]);
});

Deno.test("market.ohlcv: Sydney's monthly bars (local midnight of the 1st) start with the first month", async () => {
  const monthly: Listing = {
    zone: "Australia/Sydney",
    gmtoffset: 39_600,
    sessionStart: "2024-04-30T00:00:00Z",
    bars: [
      ["2023-12-31T13:00:00Z", 1], // 2024-01-01 00:00 AEDT
      ["2024-01-31T13:00:00Z", 2], // 2024-02-01
      ["2024-02-29T13:00:00Z", 3], // 2024-03-01
      ["2024-03-31T13:00:00Z", 4], // 2024-04-01 (after the window)
    ],
  };
  const out = await run("market.ohlcv", {
    symbols: "BHP.AX",
    timeframe: "1mo",
    start_date: "2024-01-01",
    end_date: "2024-03-31",
    provider: "market_a",
  }, { fetch: yahoo({ "BHP.AX": monthly }, []), now: "2024-05-01T00:00:00Z" });
  const d = dataOf(out.envelope) as Any;
  assert.deepEqual(dates(d), ["2024-01-01", "2024-02-01", "2024-03-01"]);
  assert.equal(d.rows[0].close, 1);
});

Deno.test("market.ohlcv: a listing west of Greenwich stamping late in its day keeps its last day", async () => {
  // 17:00 in Los Angeles in winter (UTC-8) is 01:00 UTC the next day
  const late: Listing = {
    zone: "America/Los_Angeles",
    gmtoffset: -28_800,
    sessionStart: "2024-01-31T01:00:00Z",
    bars: [
      ["2024-01-09T01:00:00Z", 8], // Monday 2024-01-08 in Los Angeles
      ["2024-01-10T01:00:00Z", 9],
      ["2024-01-11T01:00:00Z", 10], // Wednesday 2024-01-10
      ["2024-01-12T01:00:00Z", 11], // after the window
    ],
  };
  const charts: URL[] = [];
  const out = await run("market.ohlcv", {
    symbols: "TSTW",
    start_date: "2024-01-08",
    end_date: "2024-01-10",
    provider: "market_a",
  }, { fetch: yahoo({ "TSTW": late }, charts), now: "2024-02-01T00:00:00Z" });
  assert.deepEqual(dates(dataOf(out.envelope)), ["2024-01-08", "2024-01-09", "2024-01-10"]);
  // widened to the midnight after the last local day
  assert.deepEqual(asked(charts, "TSTW").at(-1), ["2024-01-08T00:00:00Z", "2024-01-11T08:00:00Z"]);
});
