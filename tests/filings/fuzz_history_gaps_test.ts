/**
 * filings.history rows that stop before the latest columns (a company that moved a line to a tag
 * the line item does not read) are warned, not shown as "not reported" (found by fuzzing).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { trailingGaps } from "../../analysis/filings/fact_gaps.ts";
import { lineItem } from "../../analysis/filings/facts_items.ts";

const FACTS = join(FIXTURES, "facts");

/** The FCTS facts cassette without the company's FY2023 annual revenue. */
async function withoutLatestRevenue(): Promise<string> {
  const dir = await Deno.makeTempDir();
  for (const e of Deno.readDirSync(FACTS)) {
    if (e.isFile) await Deno.copyFile(join(FACTS, e.name), join(dir, e.name));
  }
  const file = join(dir, "CIK0009990001.json");
  const facts = JSON.parse(await Deno.readTextFile(file));
  const usd = facts.facts["us-gaap"].Revenues.units.USD;
  facts.facts["us-gaap"].Revenues.units.USD = usd.filter((r: { end: string; start?: string }) =>
    !(r.end === "2023-12-31" && r.start?.startsWith("2023-01"))
  );
  await Deno.writeTextFile(file, JSON.stringify(facts));
  return dir;
}

Deno.test("filings.history: a line with values up to FY2022 and none in FY2023 is warned, its cell still empty", async () => {
  const dir = await withoutLatestRevenue();
  try {
    type Data = {
      columns: { label: string }[];
      rows: { key: string; cells: { value: number | null }[] }[];
    };
    const env = await envelope<Data>("filings.history", { symbol: "FCTS" }, { replay: [dir] });
    const d = dataOf(env);
    const revenue = d.rows.find((r) => r.key === "revenue")!;
    assert.equal(d.columns.at(-1)!.label, "FY2023");
    assert.equal(revenue.cells.at(-1)!.value, null);
    const w = env.warnings.find((x) => x.includes("none in the latest"));
    assert.ok(w, JSON.stringify(env.warnings));
    assert.match(w, /revenue \(last in FY2022, tag Revenues; empty in FY2023\)/);
    // the unchanged cassette warns nothing of the kind
    const whole = await envelope("filings.history", { symbol: "FCTS" }, { replay: [FACTS] });
    assert.ok(!whole.warnings.some((x) => x.includes("none in the latest")));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("trailingGaps: one value before the gap, a noted empty cell, and no gap are not warned", () => {
  const cell = (value: number | null, note: string | null = null) => ({ value, tag: "T", note });
  const labels = ["A", "B", "C", "D"];
  assert.deepEqual(
    trailingGaps([{ key: "k", cells: [cell(1), cell(2), cell(null), cell(null)] }], labels),
    [{ key: "k", missing: ["C", "D"], last: "B", tag: "T" }],
  );
  assert.deepEqual(
    trailingGaps([{ key: "k", cells: [cell(null), cell(2), cell(null)] }], labels),
    [],
  );
  assert.deepEqual(
    trailingGaps([{ key: "k", cells: [cell(1), cell(2), cell(null, "two values")] }], labels),
    [],
  );
  assert.deepEqual(trailingGaps([{ key: "k", cells: [cell(1), cell(2)] }], labels), []);
});

Deno.test("short_term_investments reads the pre-2018 and the debt-securities tags after the usual ones", () => {
  const tags = lineItem("short_term_investments")!.tags["us-gaap"];
  assert.deepEqual(tags.slice(0, 3), [
    "MarketableSecuritiesCurrent",
    "ShortTermInvestments",
    "AvailableForSaleSecuritiesDebtSecuritiesCurrent",
  ]);
  assert.ok(tags.includes("AvailableForSaleSecuritiesCurrent"));
  assert.ok(tags.includes("DebtSecuritiesCurrent"));
});
