/**
 * Conformance of audit13_units_test.ts on the real documents it was drawn from; skipped with a
 * printed reason when ../shared/fixtures is absent: Amcor's EPS rows in cents under "$ million",
 * its scale text, the Investor Presentation's "(% of Net Sales)" table, AMD's stacked repurchase
 * headings.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const tables = async (file: string, pages: string) => {
  const env = await envelope(
    "document.tables",
    { source: join(SHARED ?? "", "pdf", file), pages, max_rows: 0 },
    { env: { FINANCE_DOCUMENT_ROOTS: SHARED! } },
  );
  const d: Any = dataOf(env);
  return { d, warnings: [...env.warnings, ...d.warnings] as string[] };
};

Deno.test({
  name: "conformance: Amcor p1's EPS rows in cents take no '$ million' scale, said per row",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("Amcor earnings release tables")) return;
    const { d, warnings } = await tables("AMCOR_2023Q4_EARNINGS.pdf", "1");
    assert.ok(d.tables.length >= 1);
    for (const t of d.tables) {
      assert.equal(t.scale?.text, "$ million");
      const eps = t.rows.findIndex((r: string[]) => /^EPS/.test(r[0]));
      assert.equal(t.row_scales[eps], null);
      assert.equal(t.row_scales[0], 1e6);
    }
    assert.ok(
      warnings.some((w) => /does not apply to row\(s\) "EPS \(diluted US cents\)"/.test(w)),
    );
  },
});

Deno.test({
  name: "conformance: the Investor Presentation's '(% of Net Sales)' table says it is percentages",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("Investor_Presentation p7")) return;
    const { d, warnings } = await tables("Investor_Presentation.pdf", "7");
    assert.equal(d.tables[0].scale, null);
    assert.ok(
      warnings.some((w) =>
        /"Key Financial Ratios \(% of Net Sales\)" says its figures are percentages/.test(w)
      ),
      warnings.join("\n"),
    );
  },
});

Deno.test({
  name: "conformance: AMD p49's stacked repurchase headings are attached to their columns",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("AMD 10-K p49")) return;
    const { d } = await tables("AMD_2022_annualreport.pdf", "49");
    assert.deepEqual(d.tables[0].header.slice(1), [
      "Total Number of Shares Repurchased",
      "Average Price Paid per Share",
      "Total Number of Shares Repurchased as Part of Publicly Announced Program",
      "Maximum Dollar Value of Shares That May Yet be Purchased Under the Program",
    ]);
  },
});
