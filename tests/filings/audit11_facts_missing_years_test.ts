/**
 * filings.facts period=annual says when fiscal years inside its series have no value: a company
 * that tagged a line with its own extension tag for some years leaves a hole the rows do not show,
 * and a change read across it spans several years. And a value last reported rounded (a later
 * filing in millions) is said, since first and last differ while restated is false. Against invented company facts shaped as SEC's
 * companyfacts answer, then NVIDIA's recorded capital expenditure (FY2013-FY2021 missing: NVIDIA
 * tagged it with its own tag then), skipped when ../shared is absent.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { missingYears } from "../../analysis/filings/fact_gaps.ts";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const CIK = 9991101;
const PADDED = String(CIK).padStart(10, "0");

/** One 10-K a year, FY2017-FY2024, each reporting its year and the one before. */
function fact(year: number, val: number, filedYear: number) {
  const acc = `000${CIK}-${String(filedYear).slice(2)}-000010`;
  return {
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    val,
    accn: acc,
    fy: filedYear - 1,
    fp: "FY",
    form: "10-K",
    filed: `${filedYear}-02-20`,
    ...(year === filedYear - 1 ? { frame: `CY${year}` } : {}),
  };
}
const reported = (years: number[], value: (y: number) => number) =>
  years.flatMap((
    y,
  ) => [fact(y, value(y), y + 1), ...(y > 2017 ? [fact(y - 1, value(y - 1), y + 1)] : [])]);

const ALL = [2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024];
const companyFacts = {
  cik: CIK,
  entityName: "HOLLOW PIPE CO",
  facts: {
    "us-gaap": {
      Revenues: {
        label: "Revenues",
        description: "Revenue",
        units: { USD: reported(ALL, (y) => 1_000_000 * (y - 2000)) },
      },
      // FY2020 printed in thousands first, then in millions; FY2021 restated
      NetIncomeLoss: {
        label: "Net Income (Loss)",
        description: "Net income",
        units: {
          USD: [
            fact(2020, 12_345_678_000, 2021),
            fact(2020, 12_346_000_000, 2022),
            fact(2021, 20_000_000_000, 2022),
            fact(2021, 21_500_000_000, 2023),
            fact(2022, 23_000_000_000, 2023),
          ],
        },
      },
      // FY2020-FY2022 tagged with the company's own extension tag (not in company facts)
      PaymentsToAcquirePropertyPlantAndEquipment: {
        label: "Payments to Acquire Property, Plant, and Equipment",
        description: "Capital expenditure",
        units: {
          USD: [
            fact(2018, 50_000, 2019),
            fact(2019, 60_000, 2020),
            fact(2023, 90_000, 2024),
            fact(2024, 95_000, 2025),
          ],
        },
      },
    },
  },
};

const sec: typeof fetch = (input) => {
  const url = String(input instanceof Request ? input.url : input);
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    );
  if (url.endsWith("/files/company_tickers.json")) {
    return json({ "0": { cik_str: CIK, ticker: "HPIP", title: "HOLLOW PIPE CO" } });
  }
  if (url.endsWith(`/companyfacts/CIK${PADDED}.json`)) return json(companyFacts);
  return Promise.resolve(new Response("Not Found", { status: 404 }));
};

const holes = (w: string[]) => w.filter((x) => /fiscal year\(s\) inside the series/.test(x));

Deno.test("filings.facts period=annual: fiscal years missing inside the series are said", async () => {
  const env = await envelope<Any>(
    "filings.facts",
    { symbol: "HPIP", concept: "capex", period: "annual" },
    { fetch: sec },
  );
  const d = dataOf<Any>(env);
  assert.deepEqual(d.rows.map((r: Any) => r.fiscal_year), [2018, 2019, 2023, 2024]);
  const w = holes(env.warnings);
  assert.equal(w.length, 1, env.warnings.join("; "));
  assert.match(w[0], /^3 fiscal year\(s\) inside the series have no value of /);
  assert.match(w[0], /PaymentsToAcquirePropertyPlantAndEquipment in USD \(FY2020-FY2022\)/);
  assert.match(w[0], /missing, not zero/);
  // a series without a hole says nothing
  const revenue = await envelope<Any>(
    "filings.facts",
    { symbol: "HPIP", concept: "Revenues", period: "annual" },
    { fetch: sec },
  );
  assert.equal(dataOf<Any>(revenue).count, ALL.length);
  assert.deepEqual(holes(revenue.warnings), []);
});

Deno.test("missing years are told by dates: 52/53-week years are no hole, two years on is one", () => {
  const rows = [
    { end: "2021-01-31", fiscal_year: 2021 },
    { end: "2022-01-30", fiscal_year: 2022 }, // 364 days
    { end: "2023-02-05", fiscal_year: 2023 }, // 371 days: a 53-week year
    { end: "2025-02-02", fiscal_year: 2025 }, // FY2024 missing
    { end: "2029-01-28", fiscal_year: null }, // three years missing, no label
  ];
  const gaps = missingYears(rows);
  assert.deepEqual(gaps.map((g) => g.years), [1, 3]);
  assert.equal(gaps[0].after.end, "2023-02-05");
});

Deno.test({
  name: "conformance: NVDA capex annual says FY2013-FY2021 are missing, not zero",
  ignore: !SHARED,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const env = await envelope<Any>(
      "filings.facts",
      { symbol: "NVDA", concept: "capex", period: "annual" },
      { replay: [join(SHARED!, "cassettes", "sec")] },
    );
    const d = dataOf<Any>(env);
    const years = d.rows.map((r: Any) => r.fiscal_year);
    assert.ok(years.includes(2012) && years.includes(2022) && !years.includes(2015), years);
    const w = holes(env.warnings);
    assert.equal(w.length, 1, env.warnings.join("; "));
    assert.match(w[0], /^9 fiscal year\(s\) .*\(FY2013-FY2021\)/);
  },
});

Deno.test("filings.facts: a value a later filing rounds is said, not taken for a restatement", async () => {
  const env = await envelope<Any>(
    "filings.facts",
    { symbol: "HPIP", concept: "NetIncomeLoss", period: "annual" },
    { fetch: sec },
  );
  const d = dataOf<Any>(env);
  const [fy20, fy21] = d.rows;
  assert.deepEqual([fy20.first_reported.value, fy20.last_reported.value, fy20.restated], [
    12_345_678_000,
    12_346_000_000,
    false,
  ]);
  assert.equal(fy21.restated, true);
  const w = env.warnings.filter((x: string) => /rounded, not restated/.test(x));
  assert.equal(w.length, 1, env.warnings.join("; "));
  // one period: the restated FY2021 is not counted among the roundings
  assert.match(w[0], /^1 period\(s\) are last reported rounded, not restated \(the latest: /);
  assert.match(w[0], /2020-01-01\.\.2020-12-31, 12,345,678,000 in \S+, 12,346,000,000 in /);
});

Deno.test({
  name: "conformance: NVDA revenue FY2015 reported later in millions is a rounding, said",
  ignore: !SHARED,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const env = await envelope<Any>(
      "filings.facts",
      { symbol: "NVDA", concept: "revenue", period: "annual" },
      { replay: [join(SHARED!, "cassettes", "sec")] },
    );
    const row = dataOf<Any>(env).rows.find((r: Any) => r.end === "2015-01-25");
    assert.equal(row.first_reported.value, 4_681_507_000);
    assert.equal(row.last_reported.value, 4_682_000_000);
    assert.equal(row.restated, false);
    assert.ok(
      env.warnings.some((w: string) => /^2 period\(s\) are last reported rounded/.test(w)),
      env.warnings.join("; "),
    );
  },
});
