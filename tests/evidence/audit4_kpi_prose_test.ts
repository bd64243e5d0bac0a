/**
 * KPI prose, fourth audit: words of an outlook govern the year they name, not an earlier year's
 * results in the same sentence (a release's headline run into its highlights); figures listed by
 * year "respectively" take the year in their place; "lakh crore" and "mn" are scales; "$1.25
 * basic" is the basic figure.
 */
import assert from "node:assert/strict";
import { extractKpis, METRICS } from "../../analysis/evidence/kpi.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));
const hits = (text: string, ...keys: string[]) => extractKpis(text, only(...keys));

Deno.test("a headline's 'provides outlook for fiscal 2024' does not make fiscal 2023 results an outlook", () => {
  // a results release's headline without a full stop runs into its first highlights, as a PDF
  // gives it
  const text = "Packco reports fiscal 2023 results and provides outlook for fiscal 2024\n" +
    "Fiscal 2023 Full Year Highlights\n" +
    "Net sales of $14,694 million, in line with the prior year; Adjusted Free Cash Flow of $848 million.";
  const got = hits(text, "revenue", "free_cash_flow");
  const revenue = got.find((h) => h.metric === "revenue")!;
  assert.equal(revenue.value.number, 14_694e6);
  assert.equal(revenue.period, "FY 2023");
  assert.equal(revenue.forward_looking, false);
  assert.match(revenue.note ?? "", /later year/);
  const fcf = got.find((h) => h.metric === "free_cash_flow")!;
  assert.equal(fcf.value.number, 848e6);
  assert.equal(fcf.forward_looking, false);

  // the outlook's own figures stay forward-looking, and a year named before the words counts
  const mixed = hits(
    "Fiscal 2023 net sales of $14.7 billion; fiscal 2024 adjusted EPS is expected to be $0.70 to $0.74.",
    "revenue",
    "eps",
  );
  assert.deepEqual(
    mixed.map((h) => [h.metric, h.period, h.forward_looking]),
    [["revenue", "FY 2023", false], ["eps", "FY 2024", true]],
  );
  const expects = hits(
    "For fiscal 2023, revenue was $14.7 billion and the Company expects fiscal 2024 revenue of $15 billion.",
    "revenue",
  );
  assert.deepEqual(expects.map((h) => [h.value.number, h.forward_looking]), [
    [14.7e9, false],
    [15e9, true],
  ]);
});

Deno.test("words of an outlook without a year, or of the figure's own year, still govern it", () => {
  for (
    const text of [
      "We expect net sales of $15 billion in fiscal 2024.",
      "Fiscal 2024 net sales are expected to be $15 billion.",
      "Packco provides outlook: net sales of $15 billion for fiscal 2024.",
      "Our outlook for fiscal 2024: first quarter net sales of $3.5 billion.",
    ]
  ) {
    const [h] = hits(text, "revenue");
    assert.equal(h?.forward_looking, true, text);
  }
});

Deno.test("figures listed 'respectively' by year take the year in their place", () => {
  const cases: [string, number, string][] = [
    [
      "Net sales were $274.5 billion, $365.8 billion and $394.3 billion in 2020, 2021 and 2022, respectively.",
      274.5e9,
      "FY 2020",
    ],
    [
      "Net sales were $394.3 billion, $365.8 billion and $274.5 billion in 2022, 2021 and 2020, respectively.",
      394.3e9,
      "FY 2022",
    ],
    [
      "In 2020, 2021 and 2022, net sales were $274.5 billion, $365.8 billion and $394.3 billion, respectively.",
      274.5e9,
      "FY 2020",
    ],
    [
      "Revenue for fiscal 2021, 2022 and 2023 was $16.68 billion, $26.91 billion and $26.97 billion, respectively.",
      16.68e9,
      "FY 2021",
    ],
    [
      "Revenue for the fourth quarter of 2022 and 2023 was $1.2 billion and $1.4 billion, respectively.",
      1.2e9,
      "Q4 2022",
    ],
    ["Diluted EPS was $0.95 and $1.20 in 2022 and 2023, respectively.", 0.95, "FY 2022"],
  ];
  for (const [text, number, period] of cases) {
    const [h] = hits(text, "revenue", "eps");
    assert.equal(h?.value.number, number, text);
    assert.equal(h.period, period, text);
  }
  // part of a year the sentence does not name: the year said, the period left open
  const [q] = hits(
    "Revenue for the three months ended March 31, 2022 and 2023 was $1.2 billion and $1.4 billion, respectively.",
    "revenue",
  );
  assert.equal(q.value.number, 1.2e9);
  assert.equal(q.period, null);
  assert.match(q.note ?? "", /2022 figure of a list stated "respectively" by year/);
  // a range is one figure, not a list of two years' figures
  const [r] = hits(
    "Revenue is expected to be $850 to $950 million in 2024 and 2025, respectively.",
    "revenue",
  );
  assert.notEqual(r?.period, "FY 2024");
});

Deno.test("'lakh crore' and 'mn' are scales of an amount", () => {
  const read = (text: string) => hits(text, "revenue").map((h) => [h.value.number, h.value.unit]);
  assert.deepEqual(read("Revenue was ₹12 lakh crore in FY24."), [[12e12, "INR"]]);
  assert.deepEqual(read("Revenue was Rs 1.2 lakh crores in FY24."), [[1.2e12, "INR"]]);
  assert.deepEqual(read("Revenue was ₹12 lakh in FY24."), [[12e5, "INR"]]);
  assert.deepEqual(read("Revenue was £520mn in the first half."), [[520e6, "GBP"]]);
  assert.deepEqual(read("Revenue was €3.4 mn in the quarter."), [[3.4e6, "EUR"]]);
  const [h] = hits("Revenue was $520mn in the quarter.", "revenue");
  assert.equal(h.confidence, "high");
});

Deno.test("a per-share figure followed by 'basic' is the basic one", () => {
  const read = (text: string) =>
    hits(text, "eps").map((h) => [h.value.number, h.qualifier?.toLowerCase() ?? null]);
  assert.deepEqual(read("Earnings per share of $1.25 basic and $1.20 diluted."), [[1.25, "basic"]]);
  assert.deepEqual(read("EPS was $1.25 (basic) in the quarter."), [[1.25, "basic"]]);
  assert.deepEqual(read("Diluted EPS was $1.20 in the quarter."), [[1.2, null]]);
});

Deno.test("a year's figure of a 'respectively' list is never given the document's period", async () => {
  const { periodIn } = await import("../../commands/kpi/_documents.ts");
  const [h] = hits(
    "Revenue for the three months ended March 31, 2022 and 2023 was $1.2 billion and $1.4 billion, respectively.",
    "revenue",
  );
  // read in the 10-Q for the quarter to 2023-03-31, the 2022 figure is not that quarter's
  assert.equal(periodIn(h, "2023-03-31"), null);
  // the 2023 figure's year is the document's: its period holds
  assert.equal(
    periodIn({ ...h, note: h.note!.replace("2022", "2023") }, "2023-03-31"),
    "2023-03-31",
  );
  const [y] = hits(
    "Net sales were $274.5 billion, $365.8 billion and $394.3 billion in 2020, 2021 and 2022, respectively.",
    "revenue",
  );
  assert.equal(periodIn(y, "2022-09-24"), "FY 2020");
});

Deno.test("a release's bullets: each its own item, with the period of the heading above the list", async () => {
  const { markAmbiguous } = await import("../../analysis/evidence/kpi.ts");
  const text = await Deno.readTextFile(
    new URL("../fixtures/evidence/audit4/segment_release.txt", import.meta.url),
  );
  const got = extractKpis(text, only("revenue", "free_cash_flow"), 0, { own: ["Packco"] });
  const at = (raw: string) => got.find((h) => h.value.raw.replace(/\s+/g, " ") === raw)!;
  // the headline's outlook words do not reach the highlights; the heading gives their year
  const sales = at("$12,400 million");
  assert.equal(sales.forward_looking, false);
  assert.equal(sales.period, "FY 2023");
  assert.equal(at("$810 million").period, "FY 2023");
  // the outlook list's items stay forward-looking, and "growth over fiscal 2023" is its base
  const fcf = at("$850 million to $950 million");
  assert.equal(fcf.forward_looking, true);
  assert.notEqual(fcf.period, "FY 2023");
  // "for the Packco Group" is the company's own figure, not a part's
  assert.equal(at("$3,100 million").qualifier, null);
  // the segments' figures after their tables' headings are marked as likely segments', the
  // company's as the company's (fiscal year and twelve months to its end are one period)
  const rows = markAmbiguous(
    got.filter((h) => h.metric === "revenue").map((h) => ({
      ...h,
      period: h.period ?? "Q4 2023",
    })),
  );
  const row = (n: number) => rows.find((r) => r.value.number === n)!;
  assert.match(row(12_400e6).note ?? "", /taken as the company's/);
  assert.match(row(3_100e6).note ?? "", /taken as the company's/);
  for (const n of [9_300e6, 3_150e6, 2_350e6, 750e6]) {
    assert.equal(row(n).confidence, "low", String(n));
    assert.match(row(n).note ?? "", /likely a segment's/);
  }
});

Deno.test("a qualifier naming the company as a whole is no part of it; 'Consumer Group' is", () => {
  const q = (text: string) =>
    extractKpis(text, only("revenue"), 0, { own: ["Packco"] }).map((h) => h.qualifier);
  assert.deepEqual(q("Net sales for the Packco Group were $3,100 million in Q4 2023."), [null]);
  assert.deepEqual(q("Revenue for the Group was £3,100 million in H1 2023."), [null]);
  assert.notDeepEqual(q("Consumer Group revenue was $1,100 million in Q4 2023."), [null]);
});

Deno.test("MD&A years: the later year's figure kept in a comparison, a bare year is the figure's", () => {
  const read = (text: string) =>
    hits(text, "revenue", "revenue_growth").map((h) => [h.value.number, h.period]);
  // before: nothing (the current figure was taken as the prior year's)
  assert.deepEqual(
    read("Revenue was $5.2 billion in 2023 compared to $4.8 billion in 2022."),
    [[5.2e9, "FY 2023"]],
  );
  // the earlier year's figure before a comparison with a later one is still left out
  assert.deepEqual(read("Revenue was $4.8 billion in 2022 compared to $5.2 billion in 2023."), []);
  // before: no period, so a 2023 10-K gave the 2022 figure its own year
  assert.deepEqual(read("Revenue was $4.8 billion in 2022."), [[4.8e9, "FY 2022"]]);
  assert.deepEqual(read("In 2022, revenue was $4.8 billion."), [[4.8e9, "FY 2022"]]);
  assert.deepEqual(read("Revenue grew 8% in 2022."), [[8, "FY 2022"]]);
  // two years after a figure name neither
  assert.deepEqual(read("Revenue was $4.8 billion in 2022 and 2021."), [[4.8e9, null]]);
});

Deno.test("sales counted in units (a deck's 'Sales Volumes' slide, 'unit sales') are no revenue growth", () => {
  // a slide's table as a PDF's text layer gives it: cells apart by two spaces, no full stops
  const slide = "Sales Volumes\nQ1 FY'21\nMarket\nNumber  Growth %  % to Total sales\n" +
    "Domestic  67,027  -82.1%  87.5%\nExports  9,572  -66.0%  12.5%\nTotal Sales  76,599  -81.0%  100.0%";
  // before: -82.1% as the company's revenue growth
  assert.deepEqual(hits(slide, "revenue_growth"), []);
  assert.deepEqual(
    hits("Revenue grew 5%, and unit sales grew 3%.", "revenue_growth").map((h) => h.value.number),
    [5],
  );
  assert.deepEqual(
    hits("Sales grew 5% on higher volumes.", "revenue_growth").map((h) => h.value.number),
    [5],
  );
});

Deno.test("'to $293.6 million from net sales of $303.4 million': the base's measure is no part", () => {
  const [h] = hits(
    "Net sales for the 13-week fiscal quarter ended November 2, 2024 decreased 3.2 percent to $293.6 million from net sales of $303.4 million for the prior year 13-week fiscal quarter ended October 28, 2023.",
    "revenue",
  );
  // before: qualifier "net sales", as if a part of the company's
  assert.equal(h.value.number, 293.6e6);
  assert.equal(h.qualifier, null);
  assert.deepEqual(
    hits("We generated $20.8 billion in revenue from services.", "revenue").map((x) => x.qualifier),
    ["services"],
  );
});

Deno.test("EPS in cents: '70.5 cps', '12 cents', '67-71 cents per share' are per-share amounts", () => {
  const read = (text: string) =>
    hits(text, "eps").map((h) => [h.value.number, h.value.high ?? null, h.value.unit]);
  // in the unit written (cents), never turned into dollars of a currency nobody named
  assert.deepEqual(read("GAAP diluted EPS of 70.5 cps in fiscal 2023."), [[70.5, null, "cents"]]);
  assert.deepEqual(read("Diluted EPS was 12 cents in the quarter."), [[12, null, "cents"]]);
  assert.deepEqual(read("Fiscal 2024 outlook: Adjusted EPS of 67-71 cents per share."), [
    [67, 71, "cents"],
  ]);
  // the sentence's own currency; a note when none is stated
  assert.deepEqual(read("Revenue was C$5 billion and diluted EPS was 12 cents."), [
    [12, null, "CAD cents"],
  ]);
  const [h] = hits("Diluted EPS was 12 cents in the quarter.", "eps");
  assert.match(h.note ?? "", /cents of a currency the sentence does not name/);
  // a dividend in cents is no EPS
  assert.deepEqual(read("The board declared a dividend of 24 cents per share."), []);
});

Deno.test("a headline's outlook and a lead-in of results: the quarter's EPS is a result", () => {
  const text = "Packco reports fiscal 2023 results and provides outlook for fiscal 2024\n" +
    "June 2023 quarter:\nGAAP diluted EPS of 12.1 cps; Adjusted EPS of 19.0 cps\n" +
    "Fiscal 2023 Full Year Highlights\n• Net sales of $12,400 million;";
  const got = hits(text, "eps", "revenue");
  assert.deepEqual(got.map((x) => [x.metric, x.value.number, x.forward_looking]), [
    ["eps", 12.1, false],
    ["eps", 19, false],
    ["revenue", 12_400e6, false],
  ]);
  // the quarter's figures do not take the heading of the next list's year
  assert.notEqual(got[0].period, "FY 2023");
  assert.notEqual(got[0].period, "FY 2024");
  assert.equal(got[2].period, "FY 2023");
  // a lead-in that opens an outlook list still does
  const outlook = hits(
    "Fiscal 2024 Outlook\nFor fiscal 2024, Packco expects:\nNet sales of $13 billion",
    "revenue",
  );
  assert.equal(outlook[0]?.forward_looking, true);
});

Deno.test("'Basic and diluted EPS were $1.25 and $1.20, respectively': each its own", () => {
  const read = (text: string) =>
    hits(text, "eps").map((h) => [h.value.number, h.qualifier?.toLowerCase() ?? null]);
  // before: $1.25 (the basic figure) as the diluted EPS, $1.20 left out
  assert.deepEqual(read("Basic and diluted EPS were $1.25 and $1.20, respectively."), [
    [1.25, "basic"],
    [1.2, null],
  ]);
  assert.deepEqual(read("Diluted and basic EPS were $1.20 and $1.25, respectively."), [
    [1.2, null],
    [1.25, "basic"],
  ]);
});

Deno.test("MD&A: a year after the metric's name, after 'year over year', or a year list before the figures", () => {
  const read = (text: string) =>
    hits(text, "revenue", "revenue_growth", "operating_margin").map((h) => [
      h.value.number,
      h.period,
    ]);
  // before: no period (a 10-K's own year given to each)
  assert.deepEqual(read("Operating margin for 2023 was 21%, compared with 23% in 2022."), [
    [21, "FY 2023"],
  ]);
  assert.deepEqual(read("Revenue grew 12% year over year in 2022 and 8% in 2021."), [
    [12, "FY 2022"],
  ]);
  assert.deepEqual(
    read("Total revenue for fiscal years 2022 and 2023 was $4.8 billion and $5.2 billion."),
    [[4.8e9, "FY 2022"]],
  );
  // a list of years after the figures without "respectively" pairs nothing
  assert.deepEqual(
    read("Revenue was $4.8 billion and $5.2 billion, up from 2020 and 2021 levels."),
    [[4.8e9, null]],
  );
});

Deno.test("'we delivered 31 aircraft to customers' is no count of customers", () => {
  // before: 31 large customers, from a 10-K's deliveries
  assert.deepEqual(
    hits("During 2022, we delivered 31 aircraft to\ncustomers.", "large_customers"),
    [],
  );
  assert.deepEqual(
    hits("We added 31 new customers in the quarter.", "large_customers").map((h) => h.value.number),
    [31],
  );
});

Deno.test("a row of figures flattened from a PDF table is no prose figure of the name on the next line", () => {
  // before: $58,158 (the 2020 total, in millions) as the revenue of "Revenues increased by ..."
  const text = "(Dollars in millions)\nYears ended December 31,  2022  2021  2020\n" +
    "Total  $66,608  $62,286  $58,158\nRevenues increased by $4,322 million in 2022 compared with 2021.";
  assert.deepEqual(hits(text, "revenue"), []);
  // a sentence wrapped over lines keeps its figures
  assert.deepEqual(
    hits(
      "Revenue for the quarter was\n$5.2 billion, up 8% year over year.",
      "revenue",
      "revenue_growth",
    )
      .map((h) => h.value.number),
    [5.2e9, 8],
  );
});
