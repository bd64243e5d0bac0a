/**
 * A statement's scale does not reach rates and ratios printed without "%" or "x" (an effective
 * tax rate of 21.0 is not 21 million), and Indian lakh and crore digit groups ("1,23,45,678")
 * are read as the one number they can be, not left out; a column stating its own scale
 * ("Revenue (in millions)" in a table "in thousands") is in that one.
 */
import assert from "node:assert/strict";
import { cellScales, columnScale, rowScale } from "../../analysis/document/table_scale.ts";
import { parseNumber } from "../../analysis/document/table_figures.ts";

Deno.test("rowScale: rates and ratios without a percent sign are not scaled", () => {
  const text = "(In millions, except per share data)";
  for (
    const label of [
      "Effective tax rate",
      "Return on equity",
      "Return on average tangible common equity",
      "ROIC",
      "Net interest margin",
      "Net debt to EBITDA",
      "Net debt/Adjusted EBITDA",
      "Book-to-bill",
      "Loan-to-value",
      "Leverage (x)",
    ]
  ) {
    assert.equal(rowScale([label, "21.0", "20.5"], 1e6, text), null, label);
  }
  // dollars keep the statement's scale
  for (
    const label of [
      "Income tax expense",
      "Interest rate swaps",
      "Total debt",
      "Return of capital",
      "Gross margin",
    ]
  ) {
    assert.equal(rowScale([label, "21.0", "20.5"], 1e6, text), 1e6, label);
  }
  assert.equal(columnScale("Effective Tax Rate", 1e6, text), null);
  assert.equal(columnScale("Tax Expense", 1e6, text), 1e6);
});

Deno.test("parseNumber: Indian digit groups are one number", () => {
  assert.equal(parseNumber("1,23,45,678"), 12345678);
  assert.equal(parseNumber("₹ 1,23,456.78"), 123456.78);
  assert.equal(parseNumber("(12,34,567)"), -1234567);
  // as before: groups of three, and a run that fits neither stays null
  assert.equal(parseNumber("1,234,567"), 1234567);
  assert.equal(parseNumber("1,23,4567"), null);
  assert.equal(parseNumber("12,34"), null);
});

Deno.test("cellScales: a column stating its own scale is in that one, not the table's", () => {
  const scales = cellScales(
    {
      header: ["", "Revenue (in millions)", "Units (in thousands)", "Cost"],
      rows: [["Widgets", "1,234", "56", "789"]],
      values: [[null, 1234, 56, 789]],
      scale: { multiplier: 1e3, text: "(in thousands)" },
    } as Parameters<typeof cellScales>[0],
  );
  assert.deepEqual(scales, [[null, 1e6, 1e3, 1e3]]);
  assert.equal(columnScale("Units (in thousands)", 1e6, "(in millions)"), 1e3);
  // the statement itself standing in a header is no column's own
  assert.equal(columnScale("(In thousands) 2024", 1e3, "(In thousands)"), 1e3);
});
