/**
 * Conformance: Apple's R pages as recorded from EDGAR (the shared SEC cassette). The segment
 * note's embedded tables read as tables; headings end where the statements end them.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const Q = "0000320193-25-000057";
const K = "0000320193-24-000123";

async function report(accession: string, r: string): Promise<Any> {
  const opts = { replay: [join(SHARED!, "cassettes", "sec")] };
  return dataOf<Any>(
    await envelope("filings.report", { symbol: "AAPL", accession, report: r, max_rows: 0 }, opts),
  );
}

const contextOf = (d: Any, label: string) =>
  d.rows.filter((r: Any) => r.label === label && r.table === d.rows[0].table)
    .map((r: Any) => r.context);

Deno.test({
  name: "conformance: Apple's segment note (R17) reads its embedded tables by region",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("R17 embedded tables")) return;
    const d = await report(Q, "R17");
    const sales = d.rows.filter((r: Any) => r.label === "Net sales");
    assert.deepEqual(sales.map((r: Any) => r.context[0]), [
      "Americas",
      "Europe",
      "Greater China",
      "Japan",
      "Rest of Asia Pacific",
    ]);
    assert.deepEqual(sales[0].values[0], {
      column: "Three Months Ended March 29, 2025",
      text: "$ 40,315",
      number: 40315,
      scaled: 40315e6,
      unit: "$",
    });
    const total = d.rows.find((r: Any) => r.label === "Total operating income");
    assert.equal(total.values[2].scaled, 72421e6);
    assert.match(d.text, /Total operating income/);
  },
});

Deno.test({
  name: "conformance: Apple's statements end a heading at its total (R2, R30, 10-K R3)",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("R page headings")) return;
    for (const [acc, r] of [[Q, "R2"], [K, "R3"]]) {
      const d = await report(acc, r);
      assert.deepEqual(contextOf(d, "Research and development"), [["Operating expenses"]]);
      for (const label of ["Operating income", "Provision for income taxes", "Net income"]) {
        assert.deepEqual(contextOf(d, label), [[]], `${r} ${label}`);
      }
    }
    const eps = await report(Q, "R30");
    assert.deepEqual(contextOf(eps, "Basic earnings per share (in dollars per share)"), [[]]);
    assert.deepEqual(contextOf(eps, "Diluted earnings per share (in dollars per share)"), [[]]);
  },
});

Deno.test({
  name:
    'conformance: report=4, "4" and R4.htm all read R4 (a bare 4 matched R5, whose long name holds a 4)',
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("R4 by number")) return;
    for (const r of [4, "4", "R4", "r4.htm"]) {
      const d = await report(Q, r as string);
      assert.equal(d.report.file_name, "R4.htm", String(r));
    }
  },
});
