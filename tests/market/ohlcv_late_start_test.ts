/**
 * Bars that begin long after the window's start were given without a word: market.ohlcv QQQ
 * start_date=2025-01-01 over a history from 2026-01-20, price.moves EXSW years=1 over 45 bars.
 * Both now say where the bars start and how far after the start asked; a first bar a weekend or
 * a holiday after it is no late start, and a window sized for `limit` bars is said only when
 * it holds fewer (a listing younger than the window).
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** Stooq's CSV of weekday bars from `from` to `to`, rising 0.5% a day with a jump on day 20. */
function stooqCsv(from: string, to: string): string {
  const lines = ["Date,Open,High,Low,Close,Volume"];
  let close = 100;
  let i = 0;
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    close = Math.round(close * (i++ === 20 ? 1.08 : 1.005) * 100) / 100;
    lines.push(`${day.toISOString().slice(0, 10)},${close},${close},${close},${close},1000000`);
  }
  return lines.join("\n") + "\n";
}

const fakeStooq = (from: string, to: string) =>
  fakeMarket(undefined, {
    "s=newc.us": () =>
      new Response(stooqCsv(from, to), { headers: { "content-type": "text/csv" } }),
  });

const late = (warnings: string[]) =>
  warnings.filter((w) => /the bars start at .* days after/.test(w));

Deno.test("market.ohlcv: bars starting long after start_date are said", async () => {
  const opts = { fetch: fakeStooq("2026-01-20", "2026-06-18"), now: "2026-06-19T22:00:00Z" };
  const args = { symbols: "NEWC", end_date: "2026-06-18", provider: "stooq" };
  const env = await envelope("market.ohlcv", { ...args, start_date: "2025-01-01" }, opts);
  assert.equal(dataOf<Any>(env).start_date, "2025-01-01");
  assert.deepEqual(late(env.warnings), [
    "NEWC: the bars start at 2026-01-20, 384 days after start_date 2025-01-01: the provider has no earlier bars (a listing that began trading then, a provider whose history starts there, or a shorter recording), so the rows cover less than the window asked",
  ]);
  // years= is a start too
  const years = await envelope("market.ohlcv", { ...args, years: 1 }, opts);
  assert.match(
    late(years.warnings)[0],
    /^NEWC: the bars start at 2026-01-20, \d+ days after start_date 2025-06-18/,
  );
  // a window sized for 200 bars that holds 108: the listing is younger than it
  const sized = await envelope("market.ohlcv", args, opts);
  assert.equal(dataOf<Any>(sized).count, 108);
  assert.match(late(sized.warnings)[0], /after the start of the window sized for 200 bars/);
});

Deno.test("market.ohlcv: a first bar a weekend or holiday after the start is no late start", async () => {
  const opts = { fetch: fakeStooq("2026-01-20", "2026-06-18"), now: "2026-06-19T22:00:00Z" };
  const args = { symbols: "NEWC", end_date: "2026-06-18", provider: "stooq" };
  // Saturday 2026-01-17, Monday the 19th a holiday: the first bar is three days on
  for (const start of ["2026-01-17", "2026-01-20"]) {
    const env = await envelope("market.ohlcv", { ...args, start_date: start }, opts);
    assert.deepEqual(late(env.warnings), [], start);
  }
  // a window of 50 bars inside the history: it begins before its first kept bar by design
  const sized = await envelope("market.ohlcv", { ...args, limit: 50 }, opts);
  assert.deepEqual(late(sized.warnings), []);
});

Deno.test("price.moves: a scan whose bars start long after its start says so, once", async () => {
  const opts = { fetch: fakeStooq("2026-01-01", "2026-03-04"), now: "2026-03-10T21:00:00Z" };
  const env = await envelope("price.moves", {
    symbol: "NEWC",
    years: 1,
    threshold: "5%",
    provider: "stooq",
  }, opts);
  const d = dataOf<Any>(env);
  assert.equal(d.start_date, "2026-01-01");
  assert.deepEqual(late(env.warnings), [
    "NEWC: the bars start at 2026-01-01, 298 days after the scan's start 2025-03-09 (years=1): the provider has no earlier bars (a listing that began trading then, a provider whose history starts there, or a shorter recording), so the rows cover less than the window asked",
  ]);
  // bars from within the baselines' lead only: the scan itself starts on time
  const lead = fakeStooq("2025-12-20", "2026-03-04");
  const onTime = await envelope("price.moves", {
    symbol: "NEWC",
    start_date: "2026-01-02",
    end_date: "2026-03-04",
    threshold: "5%",
    provider: "stooq",
  }, { fetch: lead, now: "2026-03-10T21:00:00Z" });
  assert.deepEqual(late(onTime.warnings), []);
});
