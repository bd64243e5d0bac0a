/**
 * A figure belongs to the metric its own clause names: an amount of another noun ("a $4.5
 * billion charge"), a figure in a clause of causes ("partially offset by ...") is not the
 * metric's; a segment's figure says the segment; one figure rounded two ways is one figure.
 * Small made-up sentences shaped like a 10-Q's MD&A, each failing on the reader before.
 */
import assert from "node:assert/strict";
import { extractKpis, markAmbiguous, METRICS } from "../../analysis/evidence/kpi.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));
const read = (text: string, ...keys: string[]) => extractKpis(text, only(...keys));

Deno.test("kpi clauses: an amount of another noun or in a clause of causes is not revenue", () => {
  // a segment's operating income driven by revenue, offset by a charge: no revenue figure at all
  assert.deepEqual(
    read(
      "The increase in Widgets & Gadgets segment operating income in the first half of fiscal " +
        "year 2026 was driven by the growth in revenue, partially offset by a $4.5 billion " +
        "charge associated with excess inventory in the first quarter of fiscal year 2026.",
      "revenue",
    ).map((h) => h.value.raw),
    [],
  );
  // a reduction in sales is a change, not the level of revenue
  assert.deepEqual(
    read(
      "Sequentially, compute revenue declined 1%, driven by a $4.0 billion reduction in X9 sales.",
      "revenue",
    ).map((h) => h.value.raw),
    [],
  );
  // the growth figure stays
  assert.deepEqual(
    read(
      "Sequentially, compute revenue declined 1%, driven by a $4.0 billion reduction in X9 sales.",
      "revenue_growth",
    ).map((h) => h.value.number),
    [-1],
  );
  // a growth figure after "driven by" is the cause's growth
  assert.deepEqual(
    read("Revenue increased, driven by 20% growth in units shipped.", "revenue_growth"),
    [],
  );
  // "a $1.2 billion non-cash charge" and "a $300 million buyback" name other things
  assert.deepEqual(
    read("Free cash flow included a $1.2 billion non-cash charge this year.", "free_cash_flow"),
    [],
  );
  // the level before the causes is still read
  const [rev] = read(
    "Revenue was $5.1 billion, up 10%, driven by a $300 million increase in services.",
    "revenue",
  );
  assert.equal(rev.value.number, 5.1e9);
});

Deno.test("kpi clauses: a segment named before the metric in its clause makes it the segment's", () => {
  const [seg] = read(
    "Revenue in the Widgets & Gadgets segment grew, and Widgets segment revenue of $2.1 billion " +
      "was up 5%.",
    "revenue",
  );
  assert.equal(seg.qualifier, "Widgets segment");
  const [cause] = read(
    "Operating income of our Gadgets segment rose as revenue was $3.0 billion in the quarter.",
    "revenue",
  );
  assert.equal(cause.qualifier, "Gadgets segment");
  // the company's total stays the company's
  const [total] = read(
    "Total revenue was $9.0 billion, of which the Gadgets segment contributed most.",
    "revenue",
  );
  assert.equal(total.qualifier, null);
  const [before] = read(
    "Revenue was $9.0 billion; Gadgets segment operating income rose 4%.",
    "revenue",
  );
  assert.equal(before.qualifier, null);
});

Deno.test("kpi clauses: a product named with digits is whose revenue it is", () => {
  const [h] = read(
    "In the second quarter, we recognized approximately $650 million of H20 revenue from sales " +
      "to a customer outside of China.",
    "revenue",
  );
  assert.equal(h.qualifier, "H20");
  // a period is no product
  const [q] = read("Q3 revenue was $1.2 billion.", "revenue");
  assert.equal(q.qualifier, null);
  const [fy] = read("FY25 revenue was $1.2 billion.", "revenue");
  assert.equal(fy.qualifier, null);
});

Deno.test("kpi clauses: 'Net income per diluted share' is EPS of nobody in particular", () => {
  const text = "(In millions, except per share data)\n | Jul 27, 2025 | Jul 28, 2024\n" +
    "Net income per diluted share | $ 1.08 | $ 0.67\n";
  const [row] = read(text, "eps");
  assert.deepEqual([row.value.number, row.qualifier], [1.08, null]);
  const [prose] = read("Net income per diluted share was $1.08 in the quarter.", "eps");
  assert.deepEqual([prose.value.number, prose.qualifier], [1.08, null]);
});

Deno.test("kpi clauses: one revenue rounded two ways is not a total and a segment", () => {
  const text = "(In millions)\n | Jul 27, 2025 | Jul 28, 2024\nRevenue | $ 46,743 | $ 30,040\n\n" +
    "Revenue was $46.7 billion, up 56% from a year ago.\n";
  const rows = markAmbiguous(read(text, "revenue").map((h) => ({ ...h, period: "Q2" })));
  assert.deepEqual(rows.map((r) => r.confidence === "low"), [false, false]);
  assert.ok(rows.every((r) => !/likely a segment/.test(r.note ?? "")));
  // a really different figure is still told apart
  const two = markAmbiguous(
    read(text + "Revenue was $41.1 billion in the quarter.\n", "revenue").map((h) => ({
      ...h,
      period: "Q2",
    })),
  );
  assert.deepEqual(two.map((r) => r.confidence === "low"), [false, false, true]);
});

Deno.test("kpi clauses: lists stated 'respectively' give the first period's figure or none", () => {
  // the last of a list is the oldest year's, never taken as the company's revenue
  assert.deepEqual(
    read(
      "For the years ended December 31, 2024, 2023 and 2022, we recognized $1.78 billion, " +
        "$1.86 billion and $1.75 billion of direct vehicle leasing revenue, respectively.",
      "revenue",
    ).map((h) => h.value.raw),
    [],
  );
  // a list owned by what follows "respectively, of" is not the revenue named before it
  assert.deepEqual(
    read(
      "For the years ended December 31, 2024, 2023 and 2022, we recognized $12 million, $215 " +
        "million and $683 million, respectively, of leasing revenue and $7 million, $164 million " +
        "and $427 million, respectively, of leasing cost of revenue.",
      "revenue",
    ).map((h) => h.value.raw),
    [],
  );
  // a part the metric "includes" is not its amount
  assert.deepEqual(
    read(
      "(2) Revenue recognized includes $3.7 billion and $585 million related to customer " +
        "advances for fiscal years 2025 and 2024, respectively.",
      "revenue",
    ).map((h) => h.value.raw),
    [],
  );
});

Deno.test("kpi clauses: taxes, costs, volumes and the Internal Revenue Service are not revenue", () => {
  for (
    const text of [
      "We expect to pay approximately $3.81 billion in cash taxes in the third quarter due to " +
      "relief made available by the Internal Revenue Service.",
      "Also affecting gross loss was $47.3 million in production costs that were not offset by " +
      "increases in revenue.",
    ]
  ) assert.deepEqual(read(text, "revenue").map((h) => h.value.raw), [], text);
  for (
    const text of [
      "The decline in ceramic sales volume was largely attributable to a 45% reduction in the " +
      "rig count.",
      "Gross loss was the result of a 56% decline in worldwide proppant sales volumes.",
      "Sales and marketing expenses increased 12% in the year.",
    ]
  ) assert.deepEqual(read(text, "revenue_growth").map((h) => h.value.raw), [], text);
});

Deno.test("kpi clauses: 'the year ended December 31, 2016' is fiscal 2016, not the document's", () => {
  const [h] = read(
    "Segment revenues of $89.4 million for the year ended December 31, 2016 decreased 65% " +
      "compared to $257.4 million in 2015.",
    "revenue",
  );
  assert.equal(h.period, "FY 2016");
  const [g] = read(
    "During the year ended December 31, 2022, we had also recognized $288 million in revenue.",
    "revenue",
  );
  assert.equal(g.period, "FY 2022");
});

Deno.test("kpi clauses: a line of business in -ing or with an aside names whose revenue", () => {
  assert.equal(
    read(
      "Automotive leasing revenue decreased $293 million, or 14%, in the year.",
      "revenue_growth",
    )[0]
      .qualifier,
    "Automotive leasing",
  );
  assert.equal(
    read(
      "Additionally, we recognized $596 million of FSD (Supervised) revenue in 2024.",
      "revenue",
    )[0]
      .qualifier,
    "FSD",
  );
  // a verb in -ing still names nobody
  assert.equal(read("Growing revenue was $5.0 billion.", "revenue")[0].qualifier, null);
});

Deno.test("kpi clauses: an amount after a change's percent and 'or' is the change", () => {
  const text =
    "Weakness in foreign currencies had an unfavorable impact on total net sales, which " +
    "decreased 1% or $1.2 billion during the third quarter of 2023.";
  assert.deepEqual(read(text, "revenue").map((h) => h.value.raw), []);
  assert.deepEqual(read(text, "revenue_growth").map((h) => h.value.number), [-1]);
  // a level after its growth stays the level
  assert.equal(
    read("Revenue grew 8% to $1.1 billion in the quarter.", "revenue")[0].value.number,
    1.1e9,
  );
});

Deno.test("kpi clauses: adjusted diluted EPS says it is adjusted", () => {
  const [eps] = read(
    "Our full year 2020 adjusted diluted earnings per share was $8.51, a new record.",
    "eps",
  );
  assert.deepEqual([eps.value.number, eps.qualifier], [8.51, "adjusted"]);
  const [gaap] = read("Diluted earnings per share was $8.51 for the year.", "eps");
  assert.equal(gaap.qualifier, null);
  const [ng] = read("Non-GAAP diluted EPS was $1.20 in the quarter.", "eps");
  assert.equal(ng.qualifier, "Non-GAAP");
});

Deno.test("kpi clauses: a year just before the metric is the figure's year", () => {
  const [h] = read(
    "Slide 20 walks from the midpoint of our 2021 revenue guidance to the midpoint of our 2022 " +
      "revenue framework, 2022 revenue of $5.3 billion.",
    "revenue",
  );
  assert.deepEqual([h.value.number, h.period], [5.3e9, "FY 2022"]);
  const [r] = read(
    "2021 revenue of between $4.901 billion and $4.921 billion reflects growth of about 19%.",
    "revenue",
  );
  assert.equal(r.period, "FY 2021");
  // a quarter named with its year keeps it
  assert.equal(read("Q4 2024 revenue was $1.2 billion.", "revenue")[0].period, "Q4 2024");
  // an amount is no year
  assert.equal(read("Revenue was $2,024 million in the quarter.", "revenue")[0].period, null);
});
