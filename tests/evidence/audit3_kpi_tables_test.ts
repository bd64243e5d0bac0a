/**
 * KPI table rows whose first column is not the period's result (an outlook, a change, another
 * measure, no header at all) and prose figures whose words run over lines: each is marked or
 * left out, never given as the period's reported figure. Fixtures written here, shaped like a
 * filing's text (cells joined by " | ") and a release's lines.
 */
import assert from "node:assert/strict";
import { extractKpis, METRICS } from "../../analysis/evidence/kpi.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));
const table = (header: string, ...rows: string[]) => ["(In millions)", header, ...rows].join("\n");

Deno.test("a table whose first column is an outlook is forward-looking, not the result", () => {
  for (
    const header of [
      " | Outlook Q4 2024 | Q3 2024",
      " | Guidance | Actual",
      " | Low | High",
      " | Q4 2024 Guidance | Q3 2024",
    ]
  ) {
    const hits = extractKpis(table(header, "Total revenue | $ 4,640 | $ 5,200"), only("revenue"));
    assert.equal(hits.length, 1, header);
    assert.equal(hits[0].forward_looking, true, header);
    assert.match(hits[0].note ?? "", /outlook/, header);
  }
  // a result's columns stay results
  const [actual] = extractKpis(
    table(" | Q3 2024 | Q3 2023", "Total revenue | $ 5,200 | $ 4,640"),
    only("revenue"),
  );
  assert.deepEqual([actual.value.number, actual.period, actual.forward_looking], [
    5.2e9,
    "Q3 2024",
    false,
  ]);
});

Deno.test("a first column of changes gives no figure; a change column after the periods is read past", () => {
  for (const header of [" | % Change | Q3 2024 | Q3 2023", " | Change | 2024 | 2023"]) {
    assert.deepEqual(
      extractKpis(table(header, "Total revenue | 12% | $ 5,200 | $ 4,640"), only("revenue")),
      [],
      header,
    );
  }
  const [rev] = extractKpis(
    table(" | 2024 | 2023 | 2024 vs 2023", "Total revenue | $ 5,200 | $ 4,640 | 12%"),
    only("revenue"),
  );
  assert.deepEqual([rev.value.number, rev.period, rev.confidence], [5.2e9, "FY 2024", "high"]);
});

Deno.test("a Non-GAAP column is qualified as such; a GAAP column is the reported figure", () => {
  const [adj] = extractKpis(
    table(" | Q3 2024 Non-GAAP | Q3 2024 GAAP", "Gross margin | 46% | 45%"),
    only("gross_margin"),
  );
  assert.deepEqual([adj.qualifier, adj.value.number, adj.period], ["Non-GAAP", 46, "Q3 2024"]);
  const [gaap] = extractKpis(
    table(" | Q3 2024 GAAP | Q3 2024 Non-GAAP", "Gross margin | 45% | 46%"),
    only("gross_margin"),
  );
  assert.deepEqual([gaap.qualifier, gaap.value.number, gaap.period], [null, 45, "Q3 2024"]);
});

Deno.test("a table without a header of periods: the first column is flagged, not trusted", () => {
  const [row] = extractKpis(table("Total revenue | $ 4,640 | $ 5,200"), only("revenue"));
  assert.equal(row.confidence, "low");
  assert.match(row.note ?? "", /no header of periods/);
  // one figure alone is the table's only column
  const [alone] = extractKpis(table("Total revenue | $ 4,640"), only("revenue"));
  assert.equal(alone.confidence, "medium");
  // an abbreviated month is a date header ("Jul 27, 2025")
  const [dated] = extractKpis(
    table(" | Jul 27, 2025 | Jul 28, 2024", "Revenue | $ 46,743 | $ 30,040"),
    only("revenue"),
  );
  assert.deepEqual([dated.period, dated.confidence], ["2025-07-27", "high"]);
});

Deno.test("prose over line breaks: a quarter named across lines, a share of net sales, a range in one scale", () => {
  const [q] = extractKpis(
    "Ulta Beauty Announces Fourth Quarter\nFiscal 2022 Results\nNet Sales of $3.2 Billion Compared to $2.7 Billion in the Year-Ago Quarter\n",
    only("revenue"),
  );
  assert.equal(q.period, "Q4 2022");
  // the period named after the comparison is the base's, not the figure's
  const [eps] = extractKpis(
    "Diluted earnings per share increased 23.5% to $6.68, including a $0.02 benefit due to\nincome tax accounting, compared to $5.41 including a\n$0.05 benefit, in the fourth\nquarter of fiscal 2021.",
    only("eps"),
  );
  assert.deepEqual([eps.value.number, eps.period], [6.68, null]);
  assert.deepEqual(
    extractKpis(
      "Gross profit was flat. As a percentage\nof net sales, SG&A expenses decreased to 23.6% compared to 23.8% in the fourth\nquarter of fiscal 2021, primarily due to higher sales.",
      only("revenue_growth", "revenue"),
    ),
    [],
  );
  const [fcf] = extractKpis("Adjusted Free Cash Flow of $850-950 million.", only("free_cash_flow"));
  assert.deepEqual([fcf.value.number, fcf.value.high, fcf.forward_looking], [850e6, 950e6, true]);
  // a year before the measure's adjectives is the figure's year
  const [year] = extractKpis(
    "2021 adjusted earnings per share of $7.52 to $7.62 per share is up 7.8% to 9.3% from 2020.",
    only("eps"),
  );
  assert.deepEqual([year.period, year.forward_looking], ["FY 2021", true]);
});

Deno.test("kpi.history: a margin's change in points is never the period's point", async () => {
  const { lineUp } = await import("../../commands/kpi/history.ts");
  const doc = {
    doc_ref: 1,
    kind: "filing_section" as const,
    title: null,
    period: "2024-09-30",
    published_at: "2024-10-30",
    url: "u1",
    accession_no: null,
    section: "mda",
    source: "filings_a",
  };
  const row = (start: number, number: number, unit: string) => ({
    metric: "gross_margin",
    label: "Gross Margin",
    qualifier: null,
    value: { raw: `${number}`, number, unit },
    period: "Q3 2024",
    comparison: null,
    forward_looking: false,
    note: null,
    sentence: "s",
    start_char: start,
    end_char: start + 1,
    matched_term: "gross margin",
    confidence: "high" as const,
    doc_ref: 1,
    url: "u1",
    accession_no: null,
    section: "mda",
    speaker: null,
    part: null,
  });
  const [series] = lineUp(["gross_margin"], [doc], [
    row(0, 1.5, "percentage_points"),
    row(10, 45.2, "percent"),
  ]);
  assert.deepEqual(series.points.map((p) => [p.value.number, p.value.unit]), [[45.2, "percent"]]);
  // from the sentence itself
  const [hit] = extractKpis(
    "Gross margin expanded 150 basis points to 45.2% in the third quarter of 2024.",
    only("gross_margin"),
  );
  assert.deepEqual([hit.value.number, hit.value.unit], [45.2, "percent"]);
});
