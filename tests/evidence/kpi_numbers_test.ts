/**
 * KPI figures read with their sign, period span, scale and currency as the document states them:
 * a dash in the current column is no figure (never the prior year's), a loss is negative, "8-10%"
 * is a range (not -10%), nine months are not a quarter nor a year, crore and lakh scale rupees, a
 * decimal comma is not read as a thousands comma, and a euro caption does not make "$" euros.
 * Small made-up sentences and tables, each failing on the reader before.
 */
import assert from "node:assert/strict";
import { extractKpis, type KpiHit, METRICS } from "../../analysis/evidence/kpi.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));
const read = (text: string, ...keys: string[]) => extractKpis(text, only(...keys));
const one = (text: string, key: string): KpiHit => {
  const hits = read(text, key);
  assert.equal(hits.length, 1, `${key} in ${text}: ${JSON.stringify(hits.map((h) => h.value))}`);
  return hits[0];
};

Deno.test("kpi numbers: a dash or n/m in the current column is no figure, not the prior year's", () => {
  for (const dash of ["—", "$ —", "–", "-", "n/m", "N/A", "— %"]) {
    const text = `(In millions)\n | 2024 | 2023\nFree cash flow | ${dash} | $ 1,100\n` +
      `Gross margin | ${dash} | 40.0 %\n`;
    assert.deepEqual(
      read(text, "free_cash_flow", "gross_margin").map((h) => h.value.raw),
      [],
      dash,
    );
  }
  // the figure after a dash in a later column is still the first column's when the first has one
  const [fcf] = read(
    "(In millions)\n | 2024 | 2023\nFree cash flow | $ 900 | —\n",
    "free_cash_flow",
  );
  assert.equal(fcf.value.number, 900e6);
});

Deno.test("kpi numbers: table cells with a minus sign, a euro sign or a footnote mark", () => {
  const text = "(In millions)\n | 2024 | 2023\n" +
    "Free cash flow | $ −1,234 | $ 1,100\n" +
    "Total revenue | € 5,678 (1) | € 5,000\n";
  const hits = read(text, "free_cash_flow", "revenue");
  assert.deepEqual(hits.map((h) => [h.metric, h.value.number, h.value.unit]), [
    ["free_cash_flow", -1234e6, "USD"],
    ["revenue", 5678e6, "EUR"],
  ]);
  // "€ 1.234" may be 1,234 written with a decimal comma's dot: not read as 1.234
  assert.deepEqual(
    read("(In millions)\n | 2024 | 2023\nTotal revenue | € 1.234 | € 1.100\n", "revenue"),
    [],
  );
  // a loss per share printed without its sign is below zero; "diluted" after a comma is not whose
  const [loss] = read(
    "(In millions, except per share amounts)\n | 2024 | 2023\nNet loss per share, diluted | $ 0.12 | $ 0.20\n",
    "eps",
  );
  assert.deepEqual([loss.value.number, loss.qualifier], [-0.12, null]);
});

Deno.test("kpi numbers: under a per-share heading only the per-share rows are EPS", () => {
  const text = "(In thousands, except per share amounts)\n | 2017 | 2016\n" +
    "Net loss per share computation:\n" +
    "Net loss | $ (253,116) | $ (80,127)\n" +
    "Revenues | $ 33,102 | $ 20,651\n" +
    "Basic | $ (9.49) | $ (3.29)\n" +
    "Diluted | $ (9.49) | $ (3.29)\n";
  assert.deepEqual(
    read(text, "eps").map((h) => [h.qualifier, h.value.number]),
    [["Basic", -9.49], [null, -9.49]],
  );
});

Deno.test("kpi numbers: a loss or a negative amount in prose is negative", () => {
  const cases: [string, string, number][] = [
    ["Free cash flow was -$120 million in the quarter.", "free_cash_flow", -120e6],
    ["Free cash flow was −$120 million in the quarter.", "free_cash_flow", -120e6],
    ["Free cash flow was $(120) million in the quarter.", "free_cash_flow", -120e6],
    ["Free cash flow was negative $120 million in the quarter.", "free_cash_flow", -120e6],
    ["GAAP net loss per diluted share was $0.12 in the quarter.", "eps", -0.12],
    ["Net loss per share was $(0.12) in the quarter.", "eps", -0.12],
    ["Diluted EPS was a loss of $0.12 in the quarter.", "eps", -0.12],
    ["Diluted EPS was -$0.12 in the quarter.", "eps", -0.12],
  ];
  for (const [text, key, want] of cases) {
    const hit = one(text, key);
    assert.equal(hit.value.number, want, text);
    assert.equal(hit.qualifier, null, text);
  }
  // a range's dash is not a minus, and a profit stays positive
  const [range] = read(
    "We expect free cash flow of $1.1-$1.2 billion in fiscal 2025.",
    "free_cash_flow",
  );
  assert.deepEqual([range.value.number, range.value.high], [1.1e9, 1.2e9]);
  assert.equal(one("Diluted EPS was $0.12 in the quarter.", "eps").value.number, 0.12);
});

Deno.test("kpi numbers: '8-10%' is a range of percents, not minus ten percent", () => {
  const growth = one("We expect revenue growth of 8-10% next year.", "revenue_growth").value;
  assert.deepEqual([growth.number, growth.high], [8, 10]);
  const margin = one("Gross margin was 45–46% in the quarter.", "gross_margin").value;
  assert.deepEqual([margin.number, margin.high], [45, 46]);
  // a minus before a percent that follows no figure is still a minus
  assert.equal(one("Revenue growth was -3% in the quarter.", "revenue_growth").value.number, -3);
});

Deno.test("kpi numbers: six or nine months are not the quarter nor the fiscal year", () => {
  const period = (text: string, key = "revenue") => read(text, key).map((h) => h.period);
  assert.deepEqual(period("Revenue in the first nine months of fiscal 2024 was $3.6 billion."), [
    "9M 2024",
  ]);
  assert.deepEqual(period("For the first half of 2024, revenue was $2.4 billion."), ["H1 2024"]);
  assert.deepEqual(
    period("Revenue for the six months ended June 30, 2024 was $2.4 billion."),
    ["6M 2024"],
  );
  assert.deepEqual(
    period(
      "Third quarter revenue was $1.2 billion, and revenue for the first nine months was $3.4 billion.",
    ),
    ["Q3", "9M"],
  );
  assert.deepEqual(period("Revenue for the third quarter of 2024 was $1.2 billion."), ["Q3 2024"]);
  // a trailing year is neither the quarter nor the fiscal year
  assert.deepEqual(
    period("For the twelve months ended September 30, 2024, revenue was $4.2 billion."),
    ["12M 2024"],
  );
  assert.deepEqual(period("Revenue over the trailing twelve months was $4.2 billion."), ["TTM"]);
  // "three and nine months ... respectively": the first figure is the three months', not nine
  assert.deepEqual(
    period(
      "Revenue for the three and nine months ended September 30, 2024 was $1.2 billion and $3.6 billion, respectively.",
    ),
    [null],
  );
  // two years named: each figure takes the one in its own clause, not the sentence's first
  assert.deepEqual(
    period("Compared to fiscal 2023, revenue in fiscal 2024 grew 12% to $1.2 billion."),
    ["FY 2024"],
  );
  assert.deepEqual(
    period("Revenue in fiscal 2023 was $1.0 billion, and revenue in fiscal 2024 was $1.2 billion."),
    ["FY 2023", "FY 2024"],
  );
  assert.deepEqual(
    period(
      "Compared to the third quarter of 2023, revenue growth was 12% in the third quarter of 2024.",
      "revenue_growth",
    ),
    ["Q3 2024"],
  );
  // the base of a comparison names the earlier period, not the figure's
  assert.deepEqual(
    period(
      "Net sales for the 39-week fiscal period ended November 2, 2024 decreased 4.6 percent to $838.5 million from net sales of $878.7 million for the 39-week fiscal period ended October 28, 2023.",
    ),
    // the earlier figure, named with its metric in the comparison's base, is not read at all
    ["9M 2024"],
  );
  assert.deepEqual(
    period(
      "Gaming revenue for fiscal year 2024 was $10.4 billion, up 15% from fiscal year 2023.",
      "revenue_growth",
    ),
    ["FY 2024"],
  );
  // a period named only in the comparison's base is not the current figure's
  assert.deepEqual(
    period(
      "Revenue was $1.2 billion, compared to revenue of $1.0 billion in the third quarter of 2023.",
    ),
    [null],
  );
  // "the second quarter and first half ... respectively": the first figure is the quarter's
  assert.deepEqual(
    period(
      "Revenue for the second quarter and first half of fiscal year 2024 was $13.51 billion and $20.70 billion, up 101% and 38%, respectively.",
    ),
    ["Q2"],
  );
  // tables: the span above the columns, on a line of its own or in the header cell
  const table = (header: string) =>
    period(`(In millions)\n${header}\nTotal revenue | $ 3,600 | $ 3,000\n`);
  assert.deepEqual(table("Nine Months Ended\nSeptember 30,\n2024 | 2023"), ["9M 2024-09-30"]);
  assert.deepEqual(
    table("Six Months Ended June 30, 2024 | Six Months Ended June 30, 2023"),
    ["6M 2024-06-30"],
  );
  assert.deepEqual(
    table(
      "Nine Months Ended | Three Months Ended\nSeptember 30, | September 30,\n2024 | 2023 | 2024 | 2023",
    ),
    ["9M 2024-09-30"],
  );
  // a quarter whose end the header does not give is not "FY 2024"
  assert.deepEqual(table("Three Months Ended\n2024 | 2023"), [null]);
  // as before: three months to a date, a year of its own
  assert.deepEqual(table("Three Months Ended\nSeptember 30,\n2024 | 2023"), ["2024-09-30"]);
  assert.deepEqual(table("2024 | 2023"), ["FY 2024"]);
  assert.deepEqual(table("Year Ended December 31,\n2024 | 2023"), ["FY 2024"]);
  // twelve months to a quarter's end are a trailing year, not fiscal 2024
  assert.deepEqual(table("Twelve Months Ended\nSeptember 30,\n2024 | 2023"), ["12M 2024-09-30"]);
});

Deno.test("kpi numbers: crore and lakh scale rupees; a decimal comma is not a thousands comma", () => {
  const rupees = one("Revenue of Rs. 1,234 crore grew 12% in the quarter.", "revenue").value;
  assert.deepEqual([rupees.number, rupees.unit], [1234e7, "INR"]);
  assert.equal(one("Revenue was ₹1,23,456 lakh in the quarter.", "revenue").value.number, 123456e5);
  // "€1,5 billion" is not 15 billion, "EUR 1.234,5 million" not 1.234 euros: left out
  assert.deepEqual(read("Revenue was €1,5 billion in the quarter.", "revenue"), []);
  assert.deepEqual(read("Revenue was EUR 1.234,5 million in the quarter.", "revenue"), []);
});

Deno.test("kpi numbers: a euro caption earlier does not make a dollar amount euros", () => {
  const text = "Our euro notes are shown below (in millions of euros).\n" +
    "In the quarter, revenue was $1.2 billion, up 5%.";
  assert.equal(one(text, "revenue").value.unit, "USD");
  // Canadian dollars are still what "$" means under a Canadian-dollar caption
  const cad = one(
    "(in millions of Canadian dollars)\nIn the quarter, revenue was $1,234, up 5%.",
    "revenue",
  );
  assert.deepEqual([cad.value.number, cad.value.unit, cad.value.raw], [1234e6, "CAD", "$1,234"]);
});

Deno.test("kpi numbers: a second table's own caption and span, and a caption in the header cell", () => {
  const two = "Results\n(In millions)\n | 2024 | 2023\nTotal revenue | $ 9,535 | $ 9,075\n\n" +
    "Subsidiary results\n(In thousands)\n | 2024 | 2023\nTotal revenue | $ 12,345 | $ 10,000\n";
  assert.deepEqual(read(two, "revenue").map((h) => h.value.number), [9_535e6, 12_345e3]);
  const spans = "Results\n(In millions)\nThree Months Ended\n2024 | 2023\n" +
    "Total revenue | $ 9,535 | $ 9,075\nNine Months Ended\n2024 | 2023\n" +
    "Total revenue | $ 29,535 | $ 29,075\n";
  assert.deepEqual(read(spans, "revenue").map((h) => [h.value.number, h.period]), [
    [9_535e6, null],
    [29_535e6, "9M 2024"],
  ]);
  const [inHeader] = read(
    "Results\n(In millions) | 2024 | 2023\nTotal revenue | $ 9,535 | $ 9,075\n",
    "revenue",
  );
  assert.equal(inHeader.value.number, 9_535e6);
});

Deno.test("kpi numbers: two-digit fiscal years name the year, not the document's quarter", () => {
  const period = (text: string) => read(text, "revenue").map((h) => h.period);
  assert.deepEqual(period("FY25 revenue was $4.2 billion, up 12%."), ["FY 2025"]);
  assert.deepEqual(period("Revenue for FY'24 was $4.2 billion."), ["FY 2024"]);
  assert.deepEqual(period("Revenue in Q3 FY25 was $1.2 billion."), ["Q3 2025"]);
  assert.deepEqual(period("3Q25 revenue was $1.2 billion."), ["Q3 2025"]);
  assert.deepEqual(
    read(
      "We're expecting adjusted earnings per share in 4Q 2021 to be $1.72 to $1.82 per share compared to 4Q 2020 adjusted earnings per share of $2.",
      "eps",
    ).map((h) => [h.value.number, h.value.high, h.period]),
    // the year-ago figure in the comparison's base is not a result, nor the range's high end one
    [[1.72, 1.82, "Q4 2021"]],
  );
  // the quarter's figure in one clause does not take the year named in the next
  assert.deepEqual(
    period(
      "Revenue was $1.2 billion in the quarter, and we now expect FY25 revenue of $4.5 billion.",
    ),
    [null, "FY 2025"],
  );
  assert.deepEqual(
    period(
      "Revenue was $1.2 billion in the quarter, and we now expect fiscal 2025 revenue of $4.5 billion.",
    ),
    [null, "FY 2025"],
  );
});

Deno.test("kpi numbers: '¥' in a document about renminbi is the yuan", () => {
  const doc = "All amounts are in RMB unless stated otherwise.\n\n" +
    "Total revenue was ¥1.2 billion in the quarter, up 8%.";
  const hit = one(doc, "revenue");
  assert.equal(hit.value.unit, "CNY");
  assert.match(hit.note!, /renminbi/);
  // no word of the renminbi: the yen, as before
  assert.equal(one("Total revenue was ¥1.2 billion in the quarter.", "revenue").value.unit, "JPY");
  // both named: kept as yen, marked low
  const both = one(
    "Our Japanese unit reports in yen and our Chinese unit in RMB.\n\nTotal revenue was ¥1.2 billion in the quarter.",
    "revenue",
  );
  assert.deepEqual([both.value.unit, both.confidence], ["JPY", "low"]);
});

Deno.test("kpi numbers: a restated or footnoted column heading is still a period", () => {
  const rows = (header: string, cells: string) =>
    read(`(In millions)\n${header}\nRevenue | ${cells}\n`, "revenue").map((
      h,
    ) => [h.value.number, h.period]);
  assert.deepEqual(rows(" | 2024 | 2023 (As Restated)", "$ 1,234 | $ 1,100"), [[
    1234e6,
    "FY 2024",
  ]]);
  assert.deepEqual(rows(" | Q3 2024(1) | Q3 2023", "$ 1,234 | $ 1,100"), [[1234e6, "Q3 2024"]]);
  // the earlier year first, restated: its column is not taken for the current one
  assert.deepEqual(rows(" | 2023 (As Restated) | 2024", "$ 1,100 | $ 1,234"), []);
});

Deno.test("kpi.history: a quarter's figure is the point before nine months', and a span is warned", async () => {
  const { lineUp, mixedUnits } = await import("../../commands/kpi/history.ts");
  const doc = (ref: number, period: string) => ({
    doc_ref: ref,
    kind: "filing_section" as const,
    title: null,
    period,
    published_at: `2024-0${ref}-01`,
    url: `u${ref}`,
    accession_no: null,
    section: "mda",
    source: "filings_a",
  });
  const row = (ref: number, start: number, number: number, period: string) => ({
    metric: "revenue",
    label: "Revenue",
    qualifier: null,
    value: { raw: `$${number}`, number, unit: "USD" },
    period,
    comparison: null,
    forward_looking: false,
    note: null,
    sentence: "s",
    start_char: start,
    end_char: start + 1,
    matched_term: "revenue",
    confidence: "high" as const,
    doc_ref: ref,
    url: `u${ref}`,
    accession_no: null,
    section: "mda",
    speaker: null,
    part: null,
  });
  const [series] = lineUp(["revenue"], [doc(1, "2024-06-30"), doc(2, "2024-09-30")], [
    row(1, 0, 2.4e9, "6M 2024"),
    row(1, 10, 1.2e9, "2024-06-30"),
    row(2, 0, 3.6e9, "9M 2024"),
  ]);
  assert.deepEqual(series.points.map((p) => [p.period, p.value.number]), [
    ["2024-06-30", 1.2e9],
    ["9M 2024", 3.6e9],
  ]);
  const warned = mixedUnits([series]);
  assert.equal(warned.length, 1);
  assert.match(warned[0], /^revenue: 9M 2024 is a figure of part of a year/);
});

Deno.test("kpi numbers: a quarterly table's columns of a year's quarters are not the current one", () => {
  const text = "Quarterly Operating Results\nThree Months Ended\n" +
    "March 31 | June 30 | September 30 | December 31\n2017\n" +
    "Earnings per share:\nBasic | $ 1.22 | $ 0.93 | $ 0.69 | $ 0.65\n" +
    "Diluted | $ 1.21 | $ 0.92 | $ 0.68 | $ 0.64\n";
  assert.deepEqual(read(text, "eps"), []);
  assert.deepEqual(read(text.replace("Earnings per share:", "Loss per share:"), "eps"), []);
  // one month and day over years, as before: the first column is the current year's
  const [q] = read(
    "Three Months Ended\nSeptember 30, | September 30,\n2024 | 2023\nDiluted EPS | $ 1.10 | $ 0.90\n",
    "eps",
  );
  assert.deepEqual([q.value.number, q.period], [1.1, "2024-09-30"]);
});
