/**
 * A period "restated" to exactly a thousand times its first value, or to its negative, is a
 * tagging slip in one filing far more often than a restatement: NVIDIA's FY2012 10-K tagged a
 * tax of 937 thousand dollars as 937, its FY2012 10-K a FY2010 figure of 484,000 as 484 (so
 * the latest report is the wrong one there). The latest filed value is still shown, but never
 * as a plain restatement: filings.facts and filings.history say which reports disagree so.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import {
  type Concepts,
  type FactRow,
  filingPeriods,
  scaleSlip,
} from "../../analysis/filings/facts.ts";
import { buildHistory } from "../../analysis/filings/history.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("scaleSlip: powers of a thousand and the negative, within rounding; nothing else", () => {
  assert.equal(scaleSlip(937, 937_000), 1_000);
  assert.equal(scaleSlip(484_000, 484), 1 / 1_000);
  assert.equal(scaleSlip(1_234_567, 1_235), 1 / 1_000); // in thousands, rounded
  assert.equal(scaleSlip(2_000, 2_000_000_000), 1_000_000);
  assert.equal(scaleSlip(306_000, -306_000), -1);
  assert.equal(scaleSlip(1_000, 1_100), null); // a real restatement
  assert.equal(scaleSlip(1_000, 4_000), null);
  assert.equal(scaleSlip(0, 5), null);
});

const K = (y: number) => ({
  accn: `0000000063-${String(y).slice(2)}-000001`,
  fy: y - 1,
  fp: "FY",
  form: "10-K",
  filed: `${y}-02-20`,
});
const over = (start: string, end: string, val: number, y: number): FactRow => ({
  start,
  end,
  val,
  ...K(y),
});

Deno.test("filings.history: a shown revenue restated to a thousand times its first value is warned", () => {
  const revenue: FactRow[] = [
    over("2021-01-01", "2021-12-31", 5_200_000, 2022),
    over("2022-01-01", "2022-12-31", 5_400, 2023), // thousands tagged as units
    over("2021-01-01", "2021-12-31", 5_200_000, 2023),
    over("2022-01-01", "2022-12-31", 5_400_000, 2024), // the next 10-K corrects it
    over("2023-01-01", "2023-12-31", 5_900_000, 2024),
  ];
  const t: Record<string, Concepts> = { "us-gaap": { Revenues: { units: { USD: revenue } } } };
  const h = buildHistory(t, filingPeriods([revenue]), {
    statement: "income",
    period: "annual",
    years: 5,
    asOf: null,
    basis: "latest",
  })!;
  const cell = h.rows.find((r) => r.key === "revenue")!.cells[1];
  assert.equal(cell.value, 5_400_000);
  assert.equal(cell.restated, true);
  // old: restated=true and nothing more, read as a restatement of 99.9%
  const w = h.warnings.filter((x) => /power of a thousand/.test(x));
  assert.equal(w.length, 1, h.warnings.join("\n"));
  assert.match(
    w[0],
    /^1 shown value\(s\) .*revenue FY2022: 5,400 in 0000000063-23-000001 \(10-K\), then 5,400,000 in 0000000063-24-000001 \(10-K\), 1,000 times it\): more likely a tagging slip/,
  );
});

Deno.test({
  name: "conformance: filings.facts NVDA's OCI tax tagged in thousands as units is said as a slip",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts scale slips")) return;
    const e = await envelope<Any>("filings.facts", {
      symbol: "NVDA",
      concept:
        "OtherComprehensiveIncomeUnrealizedHoldingGainLossOnSecuritiesArisingDuringPeriodTax",
      period: "annual",
    }, { replay: [join(SHARED!, "cassettes", "sec")] });
    const d = dataOf<Any>(e);
    const fy2012 = d.rows.find((r: Any) => r.end === "2012-01-29");
    assert.equal(fy2012.first_reported.value, 937);
    assert.equal(fy2012.last_reported.value, 937_000);
    const fy2010 = d.rows.find((r: Any) => r.end === "2010-01-31");
    assert.equal(fy2010.first_reported.value, 484_000);
    assert.equal(fy2010.last_reported.value, 484); // the later report is the slip here
    // old: no warning; restated=true read as restatements
    const w = e.warnings.filter((x: string) => /power of a thousand/.test(x));
    assert.equal(w.length, 1, e.warnings.join("\n"));
    assert.match(w[0], /^4 period\(s\) are restated to a power of a thousand times/);
    assert.match(w[0], /last_reported is the latest filed, not checked to be the right one/);
  },
});
