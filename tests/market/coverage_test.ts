/**
 * market.status by exchange and time zone (weekends, holidays, early closes), and sector.* and
 * estimates.* against real recorded answers from ../shared when present.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, FIXTURES, run, SHARED, sharedOrSkip } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const fixture = (name: string) => readFileSync(join(FIXTURES, "market", name), "utf8");
const json = (body: string, status = 200) => () =>
  new Response(body, { status, headers: { "content-type": "application/json" } });

/** market.status of one region answered by one markettime fixture. */
async function status(region: string, file: string) {
  const fetch = fakeMarket(undefined, { [`region=${region}`]: json(fixture(file)) });
  const out = await run("market.status", { market: region }, {
    fetch,
    now: "2025-11-21T12:00:00Z",
  });
  return dataOf(out.envelope) as Any;
}

Deno.test("market.status: a US holiday is a closed weekday with no session", async () => {
  const d = await status("US", "markettime_US_holiday.json");
  assert.equal(d.state, "closed");
  assert.equal(d.timezone, "America/New_York");
  assert.equal(d.local_date, "2025-11-27");
  assert.equal(d.weekday, "Thu");
  assert.equal(d.local_time, "12:00");
  assert.equal(d.closed_reason, "holiday");
  assert.equal(d.session_close_local, "2025-11-26 16:00");
  assert.equal(d.session_open_local, "2025-11-28 09:30");
  assert.equal(d.early_close, null);
});

Deno.test("market.status: the day after Thanksgiving closes early (13:00 New York)", async () => {
  const d = await status("US", "markettime_US_early.json");
  assert.equal(d.state, "open");
  assert.equal(d.closed_reason, null);
  assert.equal(d.session_open_local, "2025-11-28 09:30");
  assert.equal(d.session_close_local, "2025-11-28 13:00");
  assert.equal(d.session_hours, 3.5);
  assert.equal(d.regular_session_hours, 6.5);
  assert.equal(d.early_close, true);
});

Deno.test("market.status: London on a Saturday is closed for the weekend", async () => {
  const d = await status("GB", "markettime_GB_weekend.json");
  assert.equal(d.market, "GB");
  assert.equal(d.timezone, "Europe/London");
  assert.equal(d.weekday, "Sat");
  assert.equal(d.closed_reason, "weekend");
  assert.equal(d.session_open_local, "2025-11-24 08:00");
});

Deno.test("market.status: Tokyo open on a full session is no early close", async () => {
  const d = await status("JP", "markettime_JP_open.json");
  assert.equal(d.state, "open");
  assert.equal(d.local_time, "11:00");
  assert.equal(d.session_hours, 6.5);
  assert.equal(d.early_close, false);
});

Deno.test("market.status: 01:00 in Hong Kong is Friday there though Thursday in UTC", async () => {
  const d = await status("HK", "markettime_HK_night.json");
  assert.equal(d.as_of, "2025-11-20T17:00:00Z");
  assert.equal(d.local_date, "2025-11-21");
  assert.equal(d.weekday, "Fri");
  // A session opens later that local day: closed outside hours, not a holiday.
  assert.equal(d.closed_reason, "outside_hours");
});

Deno.test("market.status: a US evening is outside hours; a bad region is refused", async () => {
  const d = await status("US", "markettime_US.json");
  assert.equal(d.closed_reason, "outside_hours");
  assert.equal(d.weekday, "Tue");
  const bad = await run("market.status", { market: "USA" }, { fetch: fakeMarket() });
  assert.equal(bad.envelope.ok, false);
  assert.match(bad.envelope.error!, /two-letter region code/);
});

Deno.test({
  name: "conformance: sector.* on Yahoo's real technology sector answer",
  ignore: !SHARED,
  async fn() {
    const body = readFileSync(
      join(
        sharedOrSkip("yahoo sector answer")!,
        "yahoo",
        "SwiftYFinance",
        "domain-technology-sector.json",
      ),
      "utf8",
    );
    const raw = JSON.parse(body);
    const fetch = fakeMarket(undefined, { "/v1/finance/sectors/technology": json(body) });
    const ov = dataOf(
      (await run("sector.overview", { key: "technology" }, { fetch })).envelope,
    ) as Any;
    assert.equal(ov.name ?? ov.sector_name ?? raw.data.name, raw.data.name);
    const perf = raw.data.performance.ytdChangePercent.raw;
    assert.equal(ov.performance.ytd_change_pct, Math.round(perf * 1e6) / 1e4);
    const companies = dataOf(
      (await run("sector.table", { key: "technology", table: "top_companies", limit: 100 }, {
        fetch,
      })).envelope,
    ) as Any;
    assert.equal(companies.count, raw.data.topCompanies.length);
    assert.equal(companies.rows[0].symbol, raw.data.topCompanies[0].symbol);
    const inds = dataOf(
      (await run("sector.industries", { key: "technology" }, { fetch })).envelope,
    ) as Any;
    // Yahoo's first row is the "All Industries" aggregate, with no key: it is not an industry.
    const keyed = raw.data.industries.filter((i: Any) => i.key);
    assert.equal(keyed.length, raw.data.industries.length - 1);
    assert.equal(inds.industries.length, keyed.length);
    assert.ok(!inds.industries.some((i: Any) => i.name === "All Industries"));
    assert.ok(inds.industries.every((i: Any) => typeof i.key === "string" && i.name));
  },
});

Deno.test({
  name: "conformance: estimates.consensus and estimates.compare on FMP's real answer",
  ignore: !SHARED,
  async fn() {
    const body = readFileSync(
      join(
        sharedOrSkip("FMP estimates")!,
        "estimates",
        "extracted",
        "fmp-stable-analyst-estimates-AAPL.json",
      ),
      "utf8",
    );
    const raw = JSON.parse(body)[0];
    const fetch = fakeMarket(undefined, { "financialmodelingprep.com": json(body) });
    const env = { ESTIMATES_A_API_KEY: "fmp-test-key" };
    const d = dataOf(
      (await run("estimates.consensus", { symbol: "AAPL", limit: 1 }, { fetch, env })).envelope,
    ) as Any;
    assert.equal(d.estimates.length, 1);
    assert.equal(d.estimates[0].date, raw.date);
    assert.deepEqual(d.estimates[0].revenue, {
      avg: raw.revenueAvg,
      low: raw.revenueLow,
      high: raw.revenueHigh,
    });
    assert.equal(d.estimates[0].analyst_count.eps, raw.numAnalystsEps);
    assert.ok(!JSON.stringify(d).includes("fmp-test-key"));
  },
});

Deno.test("industry.*: an industry Yahoo does not know is refused with where to look", async () => {
  const fetch = fakeMarket(undefined, {
    "/v1/finance/industries/quantum-widgets": json(
      '{"data":null,"error":{"code":"Not Found","description":"Industry not found"}}',
      404,
    ),
  });
  const out = await run("industry.overview", { key: "Quantum Widgets" }, { fetch });
  assert.equal(out.envelope.ok, false);
  assert.match(
    out.envelope.error!,
    /industry 'quantum-widgets' is not known to Yahoo.*sector\.keys/,
  );
  const ok = dataOf(
    (await run("industry.overview", { key: "Semiconductors" }, {
      fetch: fakeMarket(),
    })).envelope,
  ) as Any;
  assert.equal(ok.sector_key, "technology");
});
