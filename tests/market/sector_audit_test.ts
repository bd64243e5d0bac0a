/**
 * sector.*, industry.*, market.regime and market.sector_heat on inputs nobody tuned them on:
 * keys Yahoo spells another way, an industry list that does not add up, breadth from fewer
 * benchmarks than the rules assume, a VIX from another day, an ETF missing bars in the window.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { chartBody, fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const opts = { fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" };

Deno.test("sector keys: another classification's name or a typo names Yahoo's key", async () => {
  // "financials" went to Yahoo as is and came back a bare "not known" list of keys
  const fin = (await run("sector.overview", { key: "financials" }, opts)).envelope;
  assert.equal(fin.ok, false);
  assert.match(fin.error!, /Yahoo calls this sector 'financial-services'/);
  const typo = (await run("sector.table", { key: "tecnology" }, opts)).envelope;
  assert.match(typo.error!, /did you mean 'technology'/);
  const gics = (await run("industry.keys", { sector: "Health Care" }, opts)).envelope;
  assert.match(gics.error!, /Yahoo calls this sector 'healthcare'/);
  // Yahoo's own name still reads
  const ok = (await run("sector.overview", { key: "Technology" }, opts)).envelope;
  assert.equal((dataOf(ok) as Any).key, "technology");
});

Deno.test("industry keys: an unknown key names the closest key the sector pages list", async () => {
  const e = (await run("industry.overview", { key: "semiconductor" }, opts)).envelope;
  assert.equal(e.ok, false);
  assert.match(
    e.error!,
    /industry 'semiconductor' is not known to Yahoo.*; did you mean 'semiconductors'/,
  );
  const t = (await run("industry.table", { key: "semi-conductors" }, opts)).envelope;
  assert.match(t.error!, /did you mean 'semiconductors' \(sector technology\)/);
});

Deno.test("sector.industries: weights that do not sum to 100% and a short list are said", async () => {
  // the fake page lists one industry (33% of the sector) and states 12
  const e = (await run("sector.industries", { key: "technology" }, opts)).envelope;
  assert.equal((dataOf(e) as Any).count, 1);
  assert.ok(
    e.warnings.some((w) => /industries sum to 33%, not 100%: some industries are missing/.test(w)),
    e.warnings.join("\n"),
  );
  assert.ok(e.warnings.some((w) => /page states 12 industries but lists 1/.test(w)));
});

type Drift = [number, number, { until?: string; from?: string; skip?: string[] }?];

/** Yahoo's chart endpoint drifting each symbol as told; other symbols answer Yahoo's 404. */
function charts(drifts: Record<string, Drift>): typeof fetch {
  const base = fakeMarket();
  return (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const m = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (!m) return base(input, init);
    const sym = decodeURIComponent(m[1]);
    const d = drifts[sym];
    const span = d?.[2] ?? {};
    const p1 = Math.max(
      Number(url.searchParams.get("period1")),
      span.from ? Date.parse(span.from) / 1000 : 0,
    );
    const p2 = Math.min(
      Number(url.searchParams.get("period2")),
      span.until ? Date.parse(span.until) / 1000 + 86_400 : Infinity,
    );
    const body = d ? chartBody(sym, p1, p2, d[0], d[1], span.skip ?? []) : {
      chart: { result: null, error: { code: "Not Found", description: "No data found" } },
    };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: d ? 200 : 404,
        headers: { "content-type": "application/json" },
      }),
    );
  };
}

const NOW = "2025-11-21T21:00:00Z";

Deno.test("market.regime: breadth from two benchmarks, one up and one down, is not constructive", async () => {
  // IWM has no bars: SPY up, QQQ down. Before, 1 of 2 counted as constructive and the call was
  // risk_on at the full confidence, with nothing saying breadth rested on two of three
  const fetch = charts({ SPY: [500, 0.001], QQQ: [400, -0.0012], "^VIX": [14, 0] });
  const e = (await run("market.regime", {}, { fetch, now: NOW })).envelope;
  const d = dataOf(e) as Any;
  const breadth = d.signals.find((s: Any) => s.name === "breadth");
  assert.equal(breadth.total_benchmarks, 2);
  assert.equal(breadth.value, "mixed");
  assert.equal(d.regime, "mixed");
  assert.ok(
    e.warnings.some((w) => /breadth is read from 2 of 3 benchmarks \(IWM /.test(w)),
    e.warnings.join("\n"),
  );
  // 0.45 + 0.15 (SPY above) + 0.1 (VIX known) - 0.1 (breadth from 2 of 3)
  assert.equal(d.confidence, 0.6);
  // all three present: the 2-of-3 rule as before
  const full = charts({
    SPY: [500, 0.001],
    QQQ: [400, 0.0012],
    IWM: [200, -0.0008],
    "^VIX": [14, 0],
  });
  const f = dataOf((await run("market.regime", {}, { fetch: full, now: NOW })).envelope) as Any;
  assert.equal(f.signals.find((s: Any) => s.name === "breadth").value, "constructive");
});

Deno.test("market.regime: a VIX close from another day than SPY's is said", async () => {
  const fetch = charts({
    SPY: [500, 0.001],
    QQQ: [400, 0.0012],
    IWM: [200, 0.0008],
    "^VIX": [14, 0, { until: "2025-11-07" }],
  });
  const e = (await run("market.regime", {}, { fetch, now: NOW })).envelope;
  assert.ok(
    e.warnings.some((w) =>
      /the VIX close used \(14\) is from 2025-11-07, SPY's last bar from 2025-11-21/.test(w)
    ),
    e.warnings.join("\n"),
  );
});

const ETFS: Record<string, Drift> = {
  XLK: [200, 0.004],
  XLC: [90, 0.003],
  XLY: [190, 0.002],
  XLP: [80, 0.0005],
  XLE: [85, -0.002],
  XLF: [50, 0.001],
  XLV: [140, -0.0005],
  XLI: [130, 0.0015],
  XLB: [90, -0.001],
  XLU: [75, 0.0025],
  XLRE: [40, 0.0001],
};

Deno.test("market.sector_heat: an ETF missing bars inside the window is said; so is one too short to rank", async () => {
  const drifts = {
    ...ETFS,
    // two sessions missing mid-window: its 20-bar return starts two sessions earlier
    XLE: [85, -0.002, { skip: ["2025-11-05", "2025-11-06"] }] as Drift,
    // a single bar: no return, dropped without a word before
    XLRE: [40, 0.0001, { from: "2025-11-21" }] as Drift,
  };
  const e = (await run("market.sector_heat", { lookback_days: 20 }, {
    fetch: charts(drifts),
    now: NOW,
  })).envelope;
  const d = dataOf(e) as Any;
  assert.equal(d.count, 10);
  assert.ok(
    e.warnings.some((w) =>
      /return windows start on different dates .*XLE from 2025-10-22 against 2025-10-24/.test(w)
    ),
    e.warnings.join("\n"),
  );
  assert.ok(e.warnings.some((w) => /^XLRE: 1 bar\(s\), too few for a return; left out$/.test(w)));
  assert.ok(
    e.warnings.some((w) => /ranking covers 10 of 11 sector ETFs \(no return for XLRE/.test(w)),
  );
  // every ETF with all its bars: none of these
  const clean = (await run("market.sector_heat", { lookback_days: 20 }, {
    fetch: charts(ETFS),
    now: NOW,
  })).envelope;
  assert.ok(!clean.warnings.some((w) => /start on different dates|ranking covers/.test(w)));
});
