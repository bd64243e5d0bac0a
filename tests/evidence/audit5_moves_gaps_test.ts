/**
 * price.moves across gaps in the bars: a week without bars, or a bar left out for want of an
 * adjusted close, is not one session; a "1 trading day" move across either covers more time, and
 * it must say so. Yahoo's v8 chart answers are faked here (weekday bars at 14:30 UTC).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";
import { detectMoves, weekdaysAfter } from "../../analysis/evidence/moves.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** New York weekdays from 2025-01-02, stamped 14:30 UTC, leaving out `skip`. */
function stamps(n: number, skip: string[] = []): number[] {
  const out: number[] = [];
  for (let d = Date.parse("2025-01-02T14:30:00Z"); out.length < n; d += 864e5) {
    const wd = new Date(d).getUTCDay();
    const day = new Date(d).toISOString().slice(0, 10);
    if (wd !== 0 && wd !== 6 && !skip.includes(day)) out.push(d / 1000);
  }
  return out;
}

function chart(symbol: string, ts: number[], closes: number[], adj: (number | null)[]) {
  return {
    chart: {
      result: [{
        meta: {
          currency: "USD",
          symbol,
          exchangeName: "NYQ",
          instrumentType: "EQUITY",
          gmtoffset: -18000,
          timezone: "EST",
          exchangeTimezoneName: "America/New_York",
          regularMarketPrice: closes.at(-1),
          regularMarketTime: ts.at(-1),
          dataGranularity: "1d",
        },
        timestamp: ts,
        indicators: {
          quote: [{
            open: closes,
            high: closes,
            low: closes,
            close: closes,
            volume: closes.map(() => 1_000_000),
          }],
          adjclose: [{ adjclose: adj }],
        },
      }],
      error: null,
    },
  };
}

/** A calm series of `n` bars (±0.5) with `jump` added from bar `at` on. */
function calm(n: number, at: number, jump: number): number[] {
  return Array.from({ length: n }, (_, i) => 100 + (i % 2) * 0.5 + (i >= at ? jump : 0));
}

function fetchOf(charts: Record<string, unknown>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(u.pathname);
    const body = m ? charts[decodeURIComponent(m[1])] : undefined;
    return body ? Promise.resolve(json(body)) : rest(input, init);
  };
}

async function moves(symbol: string, charts: Record<string, unknown>) {
  return (await run("price.moves", {
    symbol,
    start_date: "2025-01-02",
    end_date: "2025-03-31",
    threshold: "5%",
    provider: "market_a",
  }, { fetch: fetchOf(charts), now: "2025-04-01T12:00:00Z" })).envelope;
}

Deno.test("weekdaysAfter counts Monday to Friday after the first date up to the second", () => {
  assert.equal(weekdaysAfter("2025-02-07", "2025-02-10"), 1); // Fri → Mon
  assert.equal(weekdaysAfter("2025-02-07", "2025-02-17"), 6);
  assert.equal(weekdaysAfter("2025-02-08", "2025-02-09"), 0); // Sat → Sun
  assert.equal(weekdaysAfter("1969-12-31", "1970-01-02"), 2);
});

Deno.test("price.moves: a 1-session move across a week without bars says it spans the gap", async () => {
  // no bars from Monday 2025-02-10 to Friday 2025-02-14; the price is 10% higher after
  const skip = ["2025-02-10", "2025-02-11", "2025-02-12", "2025-02-13", "2025-02-14"];
  const ts = stamps(50, skip);
  const at = ts.findIndex((t) => new Date(t * 1000).toISOString().startsWith("2025-02-17"));
  const closes = calm(ts.length, at, 10);
  const env = await moves("TSTG", { TSTG: chart("TSTG", ts, closes, closes) });
  const d = dataOf(env) as Any;
  assert.equal(d.count, 1, JSON.stringify(d.moves));
  const m = d.moves[0];
  assert.equal(m.start_date, "2025-02-07");
  assert.equal(m.end_date, "2025-02-17");
  assert.equal(m.trading_days, 1);
  assert.equal(m.calendar_days, 10);
  assert.equal(m.longest_gap_weekdays, 5);
  assert.equal(m.weekdays_without_bar, 5);
  assert.ok(
    env.warnings.some((w) =>
      /^1 move\(s\) span a gap in the bars \(2025-02-07 to 2025-02-17: 10 calendar days, 5 weekdays in a row without a bar\)/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
});

Deno.test("price.moves: a move across a bar left out for its missing adjusted close counts 2 sessions", async () => {
  const ts = stamps(50);
  const closes = calm(50, 31, 12);
  closes[30] = 106; // halfway: the 12% comes in two steps of about 6%
  const adj: (number | null)[] = closes.slice();
  adj[30] = null; // Yahoo left out this bar's adjusted close: oneBasis drops the bar
  const env = await moves("TSTH", { TSTH: chart("TSTH", ts, closes, adj) });
  const d = dataOf(env) as Any;
  const m = d.moves.find((x: Any) => x.return_pct > 10);
  assert.ok(m, JSON.stringify(d.moves));
  // the window runs from bar 29 to bar 31 over the bar left out: two sessions, not one
  assert.equal(m.trading_days, 2);
  assert.equal(m.longest_gap_weekdays, 0);
  assert.ok(
    env.warnings.some((w) => /span a gap in the bars .*2 sessions with 1 unpriced/.test(w)),
    env.warnings.join("\n"),
  );
});

Deno.test("price.moves: an unbroken series has no gap warning and zero gap fields", async () => {
  const ts = stamps(50);
  const closes = calm(50, 30, 10);
  const env = await moves("TSTI", { TSTI: chart("TSTI", ts, closes, closes) });
  const d = dataOf(env) as Any;
  assert.equal(d.count, 1);
  assert.equal(d.moves[0].trading_days, 1);
  assert.equal(d.moves[0].longest_gap_weekdays, 0);
  assert.ok(!env.warnings.some((w) => /gap in the bars/.test(w)), env.warnings.join("\n"));
});

Deno.test("detectMoves: two rows of one day are one session, not a move within the day", () => {
  const r = detectMoves([
    { date: "2026-01-05", close: 100, volume: 1 },
    { date: "2026-01-06", close: 100, volume: 1 },
    { date: "2026-01-06", close: 112, volume: 1 },
    { date: "2026-01-07", close: 112, volume: 1 },
  ], { days: 1, thresholdPct: 5, limit: 5 });
  assert.equal(r.total, 1);
  assert.equal(r.moves[0].start_date, "2026-01-05");
  assert.equal(r.moves[0].end_date, "2026-01-06");
  assert.equal(r.bars, 3);
});

Deno.test("price.moves: a close a hundredfold below the one before is said to look like a change of unit", async () => {
  const ts = stamps(50);
  // a USD series whose closes drop from about 100 to about 1 and stay: cents written as dollars?
  const closes = calm(50, 0, 0).map((c, i) => (i >= 30 ? Math.round(c) / 100 : c));
  const env = await moves("TSTU", { TSTU: chart("TSTU", ts, closes, closes) });
  const d = dataOf(env) as Any;
  assert.equal(d.moves[0].return_pct, -99, JSON.stringify(d.moves[0]));
  assert.ok(
    env.warnings.some((w) =>
      /^1 move\(s\) change the close about a hundredfold or more \(2025-02-12 to 2025-02-13: 100\.5 → 1\)/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
  // a 40% drop is a move, not a unit
  const drop = calm(50, 30, -40);
  const e2 = await moves("TSTV", { TSTV: chart("TSTV", ts, drop, drop) });
  assert.ok(!e2.warnings.some((w) => /hundredfold/.test(w)), e2.warnings.join("\n"));
});

Deno.test("price.moves: weekly bars read as daily are said not to be daily sessions", async () => {
  // one bar a week (Mondays) for a year: a "1 trading day" window is a week
  const ts: number[] = [];
  for (let d = Date.parse("2024-01-01T14:30:00Z"); ts.length < 52; d += 7 * 864e5) {
    ts.push(d / 1000);
  }
  const closes = ts.map((_, i) => 100 * (i % 2 ? 1.1 : 1));
  const env = (await run("price.moves", {
    symbol: "TSTW",
    start_date: "2024-01-01",
    end_date: "2024-12-31",
    threshold: "5%",
    provider: "market_a",
  }, {
    fetch: fetchOf({ TSTW: chart("TSTW", ts, closes, closes) }),
    now: "2025-01-02T12:00:00Z",
  })).envelope;
  const d = dataOf(env) as Any;
  assert.ok(d.count > 0);
  assert.equal(d.moves[0].longest_gap_weekdays, 4);
  assert.ok(
    env.warnings.some((w) =>
      /^51 of the 51 steps from one bar to the next skip 3 or more weekdays: these are not daily bars/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
});
