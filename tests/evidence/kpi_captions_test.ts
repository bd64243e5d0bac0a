/**
 * Captions that state a currency and a scale together ("(€m)", "(Rs. in crore)", "($000)", "(in
 * $000s)", "RMB'000", "US$m", "(£ million)", "HK$'000") scale the amounts under them, in prose and
 * in tables; a caption's "$000" is no amount. Small made-up captions, each failing on the reader
 * before (amounts left "without a scale", taken unscaled, or read as $0).
 */
import assert from "node:assert/strict";
import { extractKpis, METRICS } from "../../analysis/evidence/kpi.ts";
import { cellValue } from "../../analysis/evidence/kpi_cells.ts";
import { scaleNotes } from "../../analysis/evidence/kpi_captions.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));
const read = (text: string, ...keys: string[]) =>
  extractKpis(text, only(...keys)).map((h) => [h.value.number, h.value.unit, h.confidence]);

Deno.test("kpi captions: a currency and a scale together are one caption", () => {
  const cases: [string, number, string][] = [
    ["(€m)", 1e6, "EUR"],
    ["(Rs. in crore)", 1e7, "INR"],
    ["($000)", 1e3, "USD"],
    ["(in $000s)", 1e3, "USD"],
    ["RMB'000", 1e3, "CNY"],
    ["US$m", 1e6, "USD"],
    ["(£ million)", 1e6, "GBP"],
    ["HK$'000", 1e3, "HKD"],
    ["(₹ in lakhs)", 1e5, "INR"],
    ["(in € millions)", 1e6, "EUR"],
    ["(USD millions)", 1e6, "USD"],
    ["Amounts in crores of rupees", 1e7, "INR"],
  ];
  for (const [text, scale, code] of cases) {
    const [note] = scaleNotes(text);
    assert.ok(note, text);
    assert.equal(note.scale, scale, text);
    assert.equal(note.named ?? (note.currency ?? "USD"), code, text);
  }
  // a word that merely starts like a caption is not one
  assert.deepEqual(scaleNotes("We serve customers in millions of homes."), []);
  assert.deepEqual(scaleNotes("Our teams use $m as shorthand internally? no: figures $5m."), []);
});

Deno.test("kpi captions: amounts in prose under such a caption take its scale", () => {
  assert.deepEqual(
    read("All figures US$m unless stated.\n\nRevenue was $1,234 in the year.", "revenue"),
    [
      [1_234e6, "USD", "high"],
    ],
  );
  assert.deepEqual(read("Revenue (£ million) was £1,234 in the year, up 5%.", "revenue"), [
    [1_234e6, "GBP", "high"],
  ]);
  // the caption's "$000s" is not an amount of $0
  assert.deepEqual(read("(in $000s)\nRevenue was $1,234 in the year.", "revenue"), [
    [1_234e3, "USD", "high"],
  ]);
  // "$" under a Hong Kong dollar caption is Hong Kong dollars
  assert.deepEqual(read("HK$'000\n\nRevenue was $1,234 in the year.", "revenue"), [
    [1_234e3, "HKD", "high"],
  ]);
});

Deno.test("kpi captions: bare table figures under a currency caption are amounts of it", () => {
  assert.deepEqual(
    read(
      "Group results (€m)\n | 2024 | 2023\nRevenue | 1,234 | 1,100\nFree cash flow | € 300 | € 250\n",
      "revenue",
      "free_cash_flow",
    ),
    [[1_234e6, "EUR", "high"], [300e6, "EUR", "high"]],
  );
  assert.deepEqual(
    read("(Rs. in crore)\n | FY2024 | FY2023\nTotal revenue | 5,432 | 4,900\n", "revenue"),
    [[5_432e7, "INR", "high"]],
  );
  assert.deepEqual(read("RMB'000\n | 2024 | 2023\nRevenue | 1,234,567 | 1,100,000\n", "revenue"), [
    [1_234_567e3, "CNY", "high"],
  ]);
  assert.deepEqual(read("HK$'000\n | 2024 | 2023\nRevenue | HK$ 1,234 | 1,100\n", "revenue"), [
    [1_234e3, "HKD", "high"],
  ]);
  assert.deepEqual(
    read("Amounts in ($000)\n | 2024 | 2023\nTotal revenue | $ 5,432 | $ 4,900\n", "revenue"),
    [[5_432e3, "USD", "high"]],
  );
  // a table without a caption naming a currency still leaves its bare figures alone
  assert.deepEqual(read("(In millions)\n | 2024 | 2023\nRevenue | 1,234 | 1,100\n", "revenue"), []);
  assert.equal(cellValue("HK$ 1,234")?.currency, "HKD");
});
