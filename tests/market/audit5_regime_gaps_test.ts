/**
 * market.regime and market.sector_heat on gappy bars: a history with a month of bars missing
 * gives a "200-day" average over more than 200 sessions' time, and a benchmark whose bars end
 * earlier than SPY's puts a return of other days into breadth. Yahoo's v8 chart answers are
 * faked (weekday bars at 14:30 UTC) through market.ohlcv's chain.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";
import { gapNote } from "../../analysis/market/regime.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2025-11-21T21:00:00Z";

/** Weekdays from `from` to `to` (inclusive), as ISO dates. */
function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 864e5) {
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

interface Spec {
  start: number;
  drift: number;
  skip?: string[];
  until?: string;
}

function charts(specs: Record<string, Spec>): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const sym = decodeURIComponent(m[1]);
    const s = specs[sym];
    const p2 = Math.min(
      Number(url.searchParams.get("period2")),
      s?.until ? Date.parse(s.until) / 1000 + 86_400 : Infinity,
    );
    const body = s
      ? chartBody(sym, Number(url.searchParams.get("period1")), p2, s.start, s.drift, s.skip)
      : {
        chart: { result: null, error: { code: "Not Found", description: "No data found" } },
      };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: s ? 200 : 404,
        headers: { "content-type": "application/json" },
      }),
    );
  };
}

Deno.test("gapNote: names the longest run of weekdays without a bar and the measures over it", () => {
  const rows = [...weekdays("2025-01-02", "2025-03-31"), ...weekdays("2025-05-01", "2025-06-30")]
    .map((date) => ({ date }));
  const note = gapNote("SPY", rows, [
    { label: "20-bar return", bars: 21 },
    { label: "50-day average", bars: 50 },
    { label: "200-day average", bars: 200 },
  ]);
  assert.ok(note, "a month without bars is said");
  assert.match(note!, /^SPY: 22 weekdays in a row without a bar between 2025-03-31 and 2025-05-01/);
  assert.match(note!, /its 50-day average, 200-day average span that gap/);
  assert.ok(!/20-bar return/.test(note!), note!);
  // an unbroken series, a holiday and a long weekend are no gap
  const calm = weekdays("2025-01-02", "2025-06-30").filter((d) => d !== "2025-04-18")
    .map((date) => ({ date }));
  assert.equal(gapNote("SPY", calm, [{ label: "200-day average", bars: 200 }]), null);
});

Deno.test("market.regime: SPY with a month of bars missing says its 200-day average spans it", async () => {
  const fetch = charts({
    SPY: { start: 500, drift: 0.001, skip: weekdays("2025-06-02", "2025-06-30") },
    QQQ: { start: 400, drift: 0.0012 },
    IWM: { start: 200, drift: 0.0008 },
    "^VIX": { start: 14, drift: 0 },
  });
  const e = (await run("market.regime", {}, { fetch, now: NOW })).envelope;
  const d = dataOf(e) as Any;
  assert.ok(
    e.warnings.some((w) =>
      /^SPY: 21 weekdays in a row without a bar between 2025-05-30 and 2025-07-01: its 200-day average spans that gap/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
  assert.ok(!e.warnings.some((w) => /^QQQ: \d+ weekdays in a row/.test(w)), e.warnings.join("\n"));
  // 0.45 + 0.15 (SPY above) + 0.2 (constructive) + 0.1 (VIX known) - 0.1 (SPY's bars gapped)
  assert.equal(d.confidence, 0.8);
});

Deno.test("market.regime: a benchmark whose bars end a week before SPY's is said", async () => {
  const fetch = charts({
    SPY: { start: 500, drift: 0.001 },
    QQQ: { start: 400, drift: 0.0012 },
    IWM: { start: 200, drift: 0.0008, until: "2025-11-14" },
    "^VIX": { start: 14, drift: 0 },
  });
  const e = (await run("market.regime", {}, { fetch, now: NOW })).envelope;
  assert.ok(
    e.warnings.some((w) =>
      /IWM's last bar is from 2025-11-14, SPY's from 2025-11-21: breadth compares returns that end on different days/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("market.sector_heat: an ETF with two weeks of bars missing in its window is said", async () => {
  const specs: Record<string, Spec> = {};
  for (const s of ["XLK", "XLC", "XLY", "XLP", "XLE", "XLF", "XLV", "XLI", "XLB", "XLRE", "XLU"]) {
    specs[s] = { start: 100, drift: 0.001 };
  }
  specs.XLE = { start: 100, drift: 0.002, skip: weekdays("2025-11-03", "2025-11-14") };
  const e =
    (await run("market.sector_heat", { lookback_days: 20 }, { fetch: charts(specs), now: NOW }))
      .envelope;
  assert.ok(
    e.warnings.some((w) =>
      /^XLE: 10 weekdays in a row without a bar between 2025-10-31 and 2025-11-17: its 20-bar return spans that gap/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("market.regime: a close of 0 is left out, not read as an infinite return", async () => {
  const base = charts({
    SPY: { start: 500, drift: 0.001 },
    QQQ: { start: 400, drift: 0.0012 },
    IWM: { start: 200, drift: 0.0008 },
    "^VIX": { start: 14, drift: 0 },
  });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const res = await base(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes("/v8/finance/chart/QQQ")) return res;
    const body = await res.json();
    const r = body.chart.result[0];
    const q = r.indicators.quote[0];
    // the bar the 60-bar return starts from, zeroed as a provider's placeholder
    const k = q.close.length - 61;
    q.close[k] =
      q.open[k] =
      q.high[k] =
      q.low[k] =
        0;
    r.indicators.adjclose[0].adjclose[k] = 0;
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
  const e = (await run("market.regime", {}, { fetch, now: NOW })).envelope;
  const d = dataOf(e) as Any;
  const qqq = d.signals.find((s: Any) => s.name === "breadth").inputs.find((i: Any) =>
    i.symbol === "QQQ"
  );
  assert.ok(Number.isFinite(qqq.return_pct) && qqq.return_pct < 20, JSON.stringify(qqq));
  assert.ok(
    // the bars now leave Yahoo's 0 placeholder out where they are read, and say so
    e.warnings.some((w) => /^QQQ: Yahoo gave a price of 0 in 1 bar\(s\)/.test(w)),
    e.warnings.join("\n"),
  );
});
