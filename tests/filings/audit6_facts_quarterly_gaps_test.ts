/**
 * filings.facts period=quarterly lists three-month periods as reported. A cash-flow figure is
 * reported year to date in 10-Qs (Q1, then six and nine months) and only as the year in the
 * 10-K, so the quarterly rows are all first quarters: read as a quarterly series, the other
 * quarters would be taken for missing data or, summed, for the year. Said, with what derives
 * them. The company is invented; its facts are shaped as SEC's companyfacts answer.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const f = (n: string, fy: number, fp: string, form: string, filed: string) => ({
  accn: `0000000065-${n}`,
  fy,
  fp,
  form,
  filed,
});
const Q1 = f("23-000001", 2023, "Q1", "10-Q", "2023-05-01");
const Q2 = f("23-000002", 2023, "Q2", "10-Q", "2023-08-01");
const Q3 = f("23-000003", 2023, "Q3", "10-Q", "2023-11-01");
const K = f("24-000001", 2023, "FY", "10-K", "2024-02-20");

const cash = [
  { start: "2023-01-01", end: "2023-03-31", val: 100, ...Q1 },
  { start: "2023-01-01", end: "2023-06-30", val: 250, ...Q2 },
  { start: "2023-01-01", end: "2023-09-30", val: 390, ...Q3 },
  { start: "2023-01-01", end: "2023-12-31", val: 560, ...K },
];
const eps = [
  { start: "2023-01-01", end: "2023-03-31", val: 0.5, ...Q1 },
  { start: "2023-04-01", end: "2023-06-30", val: 0.6, ...Q2 },
  { start: "2023-07-01", end: "2023-09-30", val: 0.7, ...Q3 },
  { start: "2023-01-01", end: "2023-12-31", val: 2.5, ...K },
];

function fakeSec(): typeof fetch {
  const body = {
    cik: 9990065,
    entityName: "Fixture Cash Co",
    facts: {
      "us-gaap": {
        NetCashProvidedByUsedInOperatingActivities: {
          label: "Operating cash flow",
          description: null,
          units: { USD: cash },
        },
        EarningsPerShareDiluted: { label: "EPS", description: null, units: { "USD/shares": eps } },
        Assets: {
          label: "Assets",
          description: null,
          units: { USD: [{ end: "2023-12-31", val: 9_000, ...K }] },
        },
      },
    },
  };
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const json = (b: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(b), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
      );
    if (url.endsWith("/files/company_tickers.json")) {
      return json({ "0": { cik_str: 9990065, ticker: "CASH", title: "Fixture Cash Co" } });
    }
    if (url.includes("/companyfacts/CIK0009990065.json")) return json(body);
    return Promise.resolve(new Response("Not Found", { status: 404 }));
  };
}

const read = (concept: string) =>
  envelope<Any>("filings.facts", { symbol: "CASH", concept, period: "quarterly" }, {
    fetch: fakeSec(),
  });

Deno.test("filings.facts period=quarterly: quarters reported only year to date or in the year are said missing", async () => {
  const e = await read("operating_cash_flow");
  const d = dataOf<Any>(e);
  assert.deepEqual(d.rows.map((r: Any) => r.end), ["2023-03-31"]);
  // old: no warning; one first quarter passed as the quarterly series
  const w = e.warnings.filter((x: string) => /^period=quarterly lists/.test(x));
  assert.equal(w.length, 1, e.warnings.join("\n"));
  assert.match(
    w[0],
    /2 second or third quarter\(s\) only year to date \(the latest: 2023-01-01\.\.2023-09-30, nine months\) and 1 fourth quarter\(s\) only within the fiscal year/,
  );
  assert.match(w[0], /missing here, not zero: filings\.history period=quarterly derives them/);
});

Deno.test("filings.facts period=quarterly: a per-share Q4 is said not derivable; balances say nothing", async () => {
  const e = await read("eps_diluted");
  const w = e.warnings.filter((x: string) => /^period=quarterly lists/.test(x));
  assert.equal(w.length, 1, e.warnings.join("\n"));
  assert.match(w[0], /^period=quarterly lists .*it reports 1 fourth quarter\(s\) only within/);
  assert.match(w[0], /per-share figures and share counts do not subtract/);
  assert.doesNotMatch(w[0], /year to date/);
  // balances have no quarters to miss
  const bal = await read("total_assets");
  assert.ok(!bal.warnings.some((x: string) => /^period=quarterly lists/.test(x)));
});

Deno.test({
  name:
    "conformance: filings.facts AAPL revenue quarterly says its fourth quarters are in the years",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts quarterly gaps")) return;
    const e = await envelope<Any>(
      "filings.facts",
      { symbol: "AAPL", concept: "revenue", period: "quarterly" },
      { replay: [join(SHARED!, "cassettes", "sec")] },
    );
    const d = dataOf<Any>(e);
    assert.ok(d.rows.every((r: Any) => r.period_kind === "quarter"));
    assert.ok(
      e.warnings.some((x: string) => /fourth quarter\(s\) only within the fiscal year/.test(x)),
      e.warnings.join("\n"),
    );
  },
});
