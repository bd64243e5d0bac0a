/**
 * KPI prose read the way a filing or a call states it: a list of names and figures stated
 * "respectively" pairs each name with the figure in its place; an outlook said in any of the
 * usual ways is marked forward-looking, and a benchmark (guidance, consensus) is never the
 * result; a rate's change is not its level.
 */
import assert from "node:assert/strict";
import { extractKpis, METRICS } from "../../analysis/evidence/kpi.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));
const read = (text: string, ...keys: string[]) =>
  extractKpis(text, only(...keys)).map((h) => [h.metric, h.value.number]);

Deno.test("'respectively' with the metric in the list of names takes the figure in its place", () => {
  const metrics = ["revenue", "free_cash_flow", "eps", "gross_margin", "operating_margin"];
  const cases: [string, [string, number][]][] = [
    [
      "Revenue, operating income and net income were $5.2 billion, $1.1 billion and $0.8 billion, respectively.",
      [["revenue", 5.2e9]],
    ],
    [
      "Net income and revenue were $1.1 billion and $5.2 billion, respectively.",
      [["revenue", 5.2e9]],
    ],
    [
      "In the third quarter, net income and revenue were $1.1 billion and $5.2 billion, respectively.",
      [["revenue", 5.2e9]],
    ],
    [
      "Free cash flow and revenue were $1.1 billion and $5.2 billion, respectively.",
      [["revenue", 5.2e9], ["free_cash_flow", 1.1e9]],
    ],
    [
      "Revenue and free cash flow were $5.2 billion and $1.1 billion, respectively.",
      [["revenue", 5.2e9], ["free_cash_flow", 1.1e9]],
    ],
    // a per-share amount is never the list's amount in billions
    [
      "Revenue and EPS were $5.2 billion and $1.10, respectively.",
      [["revenue", 5.2e9], ["eps", 1.1]],
    ],
    [
      "Operating margin and gross margin were 21% and 45%, respectively.",
      [["gross_margin", 45], ["operating_margin", 21]],
    ],
    [
      "Revenue and gross margin were $5.2 billion and 45%, respectively.",
      [["revenue", 5.2e9], ["gross_margin", 45]],
    ],
    [
      "Revenue and operating income were, respectively, $5.2 billion and $1.1 billion.",
      [["revenue", 5.2e9]],
    ],
  ];
  for (const [text, want] of cases) {
    const got = read(text, ...metrics).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    assert.deepEqual(got, want.sort((a, b) => a[0].localeCompare(b[0])), text);
  }
  // one metric's figures by qualifier stay as they were
  const split = extractKpis(
    "Data center and gaming revenue were $3.2 billion and $2.1 billion, respectively.",
    only("revenue"),
  );
  assert.deepEqual(split.map((h) => [h.qualifier, h.value.number]), [
    ["Data center", 3.2e9],
    ["gaming", 2.1e9],
  ]);
});

Deno.test("an outlook stated in the usual ways is forward-looking, never the period's result", () => {
  for (
    const text of [
      "Fourth quarter revenue is projected at $2.1 billion to $2.3 billion.",
      "For Q4, revenue is anticipated to be in the range of $2.1 billion to $2.3 billion.",
      "Q4 revenue: $2.1 billion to $2.3 billion (guidance).",
      "We are targeting revenue of $2.1 to $2.3 billion for Q4.",
      "Revenue is estimated to be between $2.1 billion and $2.3 billion in the fourth quarter.",
      "We are guiding to Q4 revenue of $2.1 to $2.3 billion.",
      "Our Q4 guide calls for revenue of $2.1 to $2.3 billion.",
      "For fiscal 2025, the Company forecasts revenue of $8.5 billion to $8.7 billion.",
      "Revenue should be in the range of $2.1 billion to $2.3 billion for the fourth quarter.",
      "Q4 revenue is forecasted at $2.1 to $2.3 billion.",
      "We currently expect Q4 revenue of $2.1 to $2.3 billion.",
      "We're expecting revenue of $2.1 to $2.3 billion for Q4.",
      "Fourth quarter 2024 revenue guidance: $2.1 billion to $2.3 billion.",
      "Revenue will range from $2.1 billion to $2.3 billion.",
    ]
  ) {
    const hits = extractKpis(text, only("revenue"));
    assert.equal(hits.length, 1, text);
    assert.equal(hits[0].forward_looking, true, text);
    assert.equal(hits[0].qualifier, null, text);
    // the range, low end and high end, not one end as a point
    assert.deepEqual([hits[0].value.number, hits[0].value.high], [
      /8\.5/.test(text) ? 8.5e9 : 2.1e9,
      /8\.7/.test(text) ? 8.7e9 : 2.3e9,
    ], text);
  }
});

Deno.test("a benchmark's figure (guidance, consensus) is not the result", () => {
  assert.deepEqual(
    read("Revenue exceeded the high end of our guidance of $2.1 billion.", "revenue"),
    [],
  );
  assert.deepEqual(read("Revenue beat the consensus estimate of $2.1 billion.", "revenue"), []);
  const [actual] = extractKpis(
    "Revenue was $2.2 billion, above our guidance of $2.1 billion.",
    only("revenue"),
  );
  assert.equal(actual.value.number, 2.2e9);
  assert.equal(actual.forward_looking, false);
  // a result measured against what was expected stays a result
  assert.equal(
    extractKpis("Revenue was $2.2 billion, which was above what we expected.", only("revenue"))[0]
      .forward_looking,
    false,
  );
});

Deno.test("a margin's percent change is not the margin; its level is, with no comparison", () => {
  const [level] = extractKpis(
    "Gross margin increased 2% year over year to 45%.",
    only("gross_margin"),
  );
  assert.equal(level.value.number, 45);
  assert.equal(level.comparison, null);
  assert.deepEqual(read("Gross margin increased 2% year over year.", "gross_margin"), []);
  assert.deepEqual(
    read("Operating margin declined 10% compared to last year.", "operating_margin"),
    [],
  );
  assert.deepEqual(read("Gross margin was 45%, up 2% from last year.", "gross_margin"), [[
    "gross_margin",
    45,
  ]]);
  // growth stays a change
  const [growth] = extractKpis("Revenue grew 12% year over year.", only("revenue_growth"));
  assert.deepEqual([growth.value.number, growth.comparison], [12, "yoy"]);
});

Deno.test("a period written with a curly apostrophe ('Q1 FY’21') is read with its year", () => {
  const [growth] = extractKpis(
    "In Q1 FY’21, revenue grew 12% year over year.",
    only("revenue_growth"),
  );
  assert.equal(growth.period, "Q1 2021");
  const [rev] = extractKpis("Revenue in Q3’24 was $5.2 billion.", only("revenue"));
  assert.equal(rev.period, "Q3 2024");
});

Deno.test("a figure said to be non-GAAP after the metric's name is qualified, not the GAAP one", () => {
  const q = (text: string, key: string) =>
    extractKpis(text, only(key)).map((h) => [h.qualifier, h.value.number]);
  assert.deepEqual(q("Operating margin, excluding special items, was 30%.", "operating_margin"), [
    ["non-GAAP", 30],
  ]);
  assert.deepEqual(q("Gross margin on a non-GAAP basis was 46%.", "gross_margin"), [
    ["non-GAAP", 46],
  ]);
  assert.deepEqual(q("Diluted EPS was $1.25 on an adjusted basis.", "eps"), [["adjusted", 1.25]]);
  // the GAAP figure beside it keeps no qualifier
  assert.deepEqual(
    q("Operating margin was 25%, or 30% excluding special items.", "operating_margin"),
    [
      [null, 25],
    ],
  );
  assert.deepEqual(q("EPS was $1.10 on a GAAP basis and $1.25 on a non-GAAP basis.", "eps"), [
    [null, 1.1],
  ]);
});

Deno.test("revenue per customer is not revenue; a caption far above states no scale", () => {
  assert.deepEqual(read("Average revenue per customer was $1,234 in the quarter.", "revenue"), []);
  const filler = "We continue to invest in our stores and our people. ".repeat(40);
  const [far] = extractKpis(
    `Segment results (Dollars in millions)\n\n${filler}\n\nTotal revenue was $1,234 in the quarter.`,
    only("revenue"),
  );
  assert.equal(far.confidence, "low");
  assert.match(far.note ?? "", /without a scale/);
  const [near] = extractKpis(
    "(Dollars in millions)\n\nTotal revenue was $1,234 in the quarter.",
    only("revenue"),
  );
  assert.equal(near.value.number, 1234e6);
  // a table pages of prose below a caption is not in its scale
  assert.deepEqual(
    extractKpis(
      `(In millions)\n\n${filler}\n | 2024 | 2023\nTotal revenue | $ 5,200 | $ 4,640`,
      only("revenue"),
    ),
    [],
  );
});

Deno.test("a result and an outlook in one sentence: each figure its own clause's period and kind", () => {
  const rows = (text: string) =>
    extractKpis(text, only("revenue", "operating_margin")).map((h) => [
      h.value.number,
      h.period,
      h.forward_looking,
    ]);
  assert.deepEqual(
    rows("Q3 revenue was $5.2 billion; we now expect full-year revenue of $21 billion."),
    [[5.2e9, "Q3", false], [21e9, "FY", true]],
  );
  assert.deepEqual(
    rows("We delivered revenue of $5.2 billion, and we expect Q4 revenue of $5.5 billion."),
    [[5.2e9, null, false], [5.5e9, "Q4", true]],
  );
  assert.deepEqual(
    rows(
      "Revenue for the quarter was $5.2 billion, and for the full year we expect revenue of $21 billion.",
    ),
    [[5.2e9, null, false], [21e9, "FY", true]],
  );
  // an outlook's second figure without a verb of its own stays an outlook
  assert.deepEqual(
    rows("For Q4, we expect revenue of $5.5 billion, and operating margin of 30%."),
    [
      [5.5e9, "Q4", true],
      [30, "Q4", true],
    ],
  );
  // last quarter's figure is not this one's
  assert.deepEqual(rows("Operating margin was 30% last quarter."), []);
});
