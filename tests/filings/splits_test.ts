/**
 * Share splits read from company facts (analysis/filings/splits.ts) and filings.history's rows
 * of per-share figures and share counts put on one basis with them.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { type Concepts, type FactRow, filingPeriods } from "../../analysis/filings/facts.ts";
import { shareBasis, splitRatio } from "../../analysis/filings/splits.ts";
import { buildHistory } from "../../analysis/filings/history.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

// Three 10-Ks of a company whose fiscal year is the calendar year: A (FY2019, filed 2020-02-20),
// B (FY2020, filed 2021-02-20), C (FY2021, filed 2022-02-20), and a 4-for-1 split in mid-2021.
const A = "0000000001-20-000001";
const B = "0000000001-21-000001";
const C = "0000000001-22-000001";
const FILED: Record<string, string> = { [A]: "2020-02-20", [B]: "2021-02-20", [C]: "2022-02-20" };
const FY: Record<string, number> = { [A]: 2019, [B]: 2020, [C]: 2021 };

function year(y: number, val: number, accn: string): FactRow {
  return {
    start: `${y}-01-01`,
    end: `${y}-12-31`,
    val,
    accn,
    fy: FY[accn],
    fp: "FY",
    form: "10-K",
    filed: FILED[accn],
  };
}

function instant(y: number, val: number, accn: string): FactRow {
  const { start: _start, ...r } = year(y, val, accn);
  return r;
}

function company(extra: Record<string, Record<string, FactRow[]>> = {}): Concepts {
  const concepts: Concepts = {
    Revenues: {
      units: {
        USD: [
          year(2018, 800, A),
          year(2019, 900, A),
          year(2019, 900, B),
          year(2020, 1000, B),
          year(2020, 1000, C),
          year(2021, 1200, C),
        ],
      },
    },
    EarningsPerShareBasic: {
      units: {
        "USD/shares": [
          year(2018, 3.0, A),
          year(2019, 4.0, A),
          year(2019, 4.0, B),
          year(2020, 5.0, B),
          year(2020, 1.25, C),
          year(2021, 1.5, C),
        ],
      },
    },
    WeightedAverageNumberOfSharesOutstandingBasic: {
      units: {
        shares: [
          year(2018, 100_000_000, A),
          year(2019, 100_000_000, A),
          year(2019, 100_000_000, B),
          year(2020, 101_000_000, B),
          year(2020, 404_000_000, C),
          year(2021, 410_000_000, C),
        ],
      },
    },
    // a split leaves preferred shares and par values as they were: no evidence either way
    PreferredStockSharesAuthorized: {
      units: { shares: [instant(2020, 2_000_000, B), instant(2020, 2_000_000, C)] },
    },
  };
  for (const [tag, units] of Object.entries(extra)) concepts[tag] = { units };
  return concepts;
}

const history = (concepts: Concepts, asOf: string | null = null) => {
  const taxonomies = { "us-gaap": concepts };
  const filings = filingPeriods(
    Object.values(concepts).flatMap((c) => Object.values(c.units)),
  );
  return buildHistory(taxonomies, filings, {
    statement: "income",
    period: "annual",
    years: 10,
    asOf,
    basis: "latest",
  })!;
};

Deno.test("splitRatio: share splits and reverse splits within tolerance, other ratios null", () => {
  assert.equal(splitRatio(4.002, 0.02), 4);
  assert.equal(splitRatio(0.1, 0.02), 0.1);
  assert.equal(splitRatio(1.004, 0.02), 1);
  assert.equal(splitRatio(1.5, 0.02), 1.5);
  assert.equal(splitRatio(3.7, 0.02), null);
  assert.equal(splitRatio(0, 0.02), null);
});

Deno.test("shareBasis: a 4-for-1 split placed between the two filings around it", () => {
  const basis = shareBasis({ "us-gaap": company() });
  assert.equal(basis.splits.length, 1);
  assert.equal(basis.splits[0].ratio, 4);
  assert.equal(basis.splits[0].before.accession_no, B);
  assert.equal(basis.splits[0].after.accession_no, C);
  assert.equal(basis.factor(A), 4);
  assert.equal(basis.factor(B), 4);
  assert.equal(basis.factor(C), 1);
  // before C was filed there was no split to see
  const then = shareBasis({ "us-gaap": company() }, "2021-12-31");
  assert.deepEqual(then.splits, []);
  assert.equal(then.factor(A), 1);
});

Deno.test("shareBasis: a 1-for-10 reverse split divides share counts", () => {
  const concepts = company();
  concepts.EarningsPerShareBasic.units["USD/shares"][4].val = 50;
  concepts.WeightedAverageNumberOfSharesOutstandingBasic.units.shares[4].val = 10_100_000;
  const basis = shareBasis({ "us-gaap": concepts });
  assert.equal(basis.splits[0].ratio, 0.1);
  assert.equal(basis.factor(B), 0.1);
});

Deno.test("shareBasis: a restatement that moves EPS by about 5/4 is not a split", () => {
  const concepts = company();
  // FY2020 restated from 5.00 to 6.30 (0.79x, near a 5-for-4 split's 0.8) with shares unchanged
  concepts.EarningsPerShareBasic.units["USD/shares"][4].val = 6.3;
  concepts.EarningsPerShareBasic.units["USD/shares"][5].val = 6.0;
  concepts.WeightedAverageNumberOfSharesOutstandingBasic.units.shares[4].val = 101_000_000;
  concepts.WeightedAverageNumberOfSharesOutstandingBasic.units.shares[5].val = 102_000_000;
  const basis = shareBasis({ "us-gaap": concepts });
  assert.deepEqual(basis.splits, []);
  assert.equal(basis.factor(A), 1);
  assert.equal(basis.factor(B), 1);
});

Deno.test("shareBasis: a change contradicted by an unchanged repeat leaves the basis unknown", () => {
  // FY2020's basic EPS repeats unchanged in C while its shares quadrupled: no one basis fits
  const concepts = company({
    EarningsPerShareDiluted: { "USD/shares": [year(2020, 5.0, B), year(2020, 5.0, C)] },
  });
  const basis = shareBasis({ "us-gaap": concepts });
  assert.equal(basis.factor(B), null);
  assert.equal(basis.factor(A), null);
  assert.equal(basis.factor(C), 1);
  assert.deepEqual(basis.splits, []);
});

Deno.test("filings.history: per-share figures and share counts on the latest share basis, cited", () => {
  const h = history(company());
  assert.deepEqual(h.columns.map((c) => c.label), ["FY2018", "FY2019", "FY2020", "FY2021"]);
  const eps = h.rows.find((r) => r.key === "eps_basic")!;
  // FY2018 was last reported by A and FY2019 by B, both before the split
  assert.deepEqual(eps.cells.map((c) => c.value), [0.75, 1, 1.25, 1.5]);
  const fy18 = eps.cells[0];
  assert.match(fy18.derived!, /^3 as reported ÷ 4 \(share splits after 2020-02-20/);
  assert.equal(fy18.sources![0].value, 3);
  assert.equal(fy18.sources![0].accession_no, A);
  assert.equal(fy18.accession_no, A);
  // FY2020: 5.00 first, 1.25 after the split: the same figure, not a restatement
  assert.equal(eps.cells[2].restated, false);
  assert.equal(eps.cells[2].derived, null);
  const shares = h.rows.find((r) => r.key === "shares_basic")!;
  assert.deepEqual(shares.cells.map((c) => c.value), [
    400_000_000,
    400_000_000,
    404_000_000,
    410_000_000,
  ]);
  // money is never touched
  const revenue = h.rows.find((r) => r.key === "revenue")!;
  assert.deepEqual(revenue.cells.map((c) => c.value), [800, 900, 1000, 1200]);
  assert.ok(revenue.cells.every((c) => c.derived === null));
  assert.equal(h.warnings.length, 1);
  assert.match(h.warnings[0], /4-for-1 split between 0000000001-21-000001 \(filed 2021-02-20\)/);
});

Deno.test("filings.history: a restatement beyond a split's rounding is still marked", () => {
  const concepts = company();
  concepts.EarningsPerShareBasic.units["USD/shares"][4].val = 1.4; // 5.00 / 4 = 1.25
  const eps = history(concepts).rows.find((r) => r.key === "eps_basic")!;
  assert.equal(eps.cells[2].restated, true);
});

Deno.test("filings.history: values on an unknown share basis keep their number, with a note and a warning", () => {
  const h = history(company({
    EarningsPerShareDiluted: { "USD/shares": [year(2020, 5.0, B), year(2020, 5.0, C)] },
  }));
  const eps = h.rows.find((r) => r.key === "eps_basic")!;
  assert.equal(eps.cells[0].value, 3);
  assert.match(eps.cells[0].note!, /^share basis unknown/);
  assert.ok(h.warnings.some((w) => /cannot be told/.test(w)));
});

Deno.test("filings.history as_of: only splits filed by then count", () => {
  const h = history(company(), "2021-12-31");
  const eps = h.rows.find((r) => r.key === "eps_basic")!;
  assert.deepEqual(eps.cells.map((c) => c.value), [3, 4, 5]);
  assert.deepEqual(h.warnings, []);
});

// The same company as a recorded company facts answer (tests/fixtures/facts, ticker SPLT).
const replay = { replay: [join(FIXTURES, "facts")] };

Deno.test("filings.facts: split_adjusted and a warning for a concept a split restates", async () => {
  const e = await envelope<Any>("filings.facts", { symbol: "SPLT", concept: "eps_basic" }, replay);
  const d = dataOf<Any>(e);
  assert.deepEqual(d.rows.map((r: Any) => r.last_reported.value), [3, 4, 1.25, 1.5]);
  assert.deepEqual(d.rows.map((r: Any) => r.split_adjusted), [0.75, 1, 1.25, 1.5]);
  // 5.00 then 1.25 after the 4-for-1 split: the same figure
  assert.equal(d.rows[2].restated, false);
  assert.equal(d.restated_count, 0);
  assert.ok(
    e.warnings.some((w) => /2 period\(s\) were last reported before a share split/.test(w)),
  );
  const { render } = await import("../../adapters/render.ts");
  const text = render(e, "text", { view: "facts", width: 200 });
  assert.match(
    text,
    /FY2018\s+2018-01-01\s+2018-12-31\s+3\.00\s+3\.00\s+0\.75\s+0009990004-20-000001\s+2020-02-20 10-K/,
  );
});

Deno.test("filings.facts: a concept in shares no split rule covers is warned about, not adjusted", async () => {
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "SPLT", concept: "PreferredStockSharesAuthorized" },
    replay,
  );
  const d = dataOf<Any>(e);
  assert.ok(d.rows.every((r: Any) => r.split_adjusted === null));
  assert.ok(e.warnings.some((w) => /whether this concept follows a split is not known/.test(w)));
});

Deno.test("filings.history text view: split-adjusted cells explained with the value as reported", async () => {
  const e = await envelope<Any>("filings.history", { symbol: "SPLT" }, replay);
  const { render } = await import("../../adapters/render.ts");
  const text = render(e, "text", { view: "history", width: 200 });
  assert.match(text, /EPS, basic \(USD per share\)\s+0\.75 \[1\]\s+1\.00 \[2\]\s+1\.25\s+1\.50/);
  assert.match(text, /\[1\] 3 as reported ÷ 4 \(share splits after 2020-02-20/);
  assert.ok(e.warnings.some((w) => /4-for-1 split between 0009990004-21-000001/.test(w)));
});
