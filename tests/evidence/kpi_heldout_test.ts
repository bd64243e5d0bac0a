/**
 * KPI rows on documents nobody tuned the reader on: each figure the company's own for the metric,
 * with its sign, currency and scale as stated, an outlook marked, a change or an effect never
 * taken for the level. Small made-up sentences and tables, each failing on the reader before.
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

Deno.test("kpi held-out: a decline is a negative growth figure", () => {
  assert.equal(
    one("Mortgage revenue of $148 million was down 17% in the quarter.", "revenue_growth").value
      .number,
    -17,
  );
  assert.equal(
    one("Revenue declined 5% year over year to $3.2 billion.", "revenue_growth").value.number,
    -5,
  );
  assert.equal(
    one(
      "Automotive sales revenue decreased $2.74 billion, or 15%, in the quarter.",
      "revenue_growth",
    ).value.number,
    -15,
  );
  assert.equal(
    one("The result was a 65% decrease in revenues.", "revenue_growth").value.number,
    -65,
  );
  assert.equal(one("Revenue grew (5)% in the quarter.", "revenue_growth").value.number, -5);
  // a rise stays positive, and "declined to 5%" is where growth came to, not a fall of 5%
  assert.equal(one("Revenue grew 8% to $1.1 billion.", "revenue_growth").value.number, 8);
  assert.equal(one("Revenue growth declined to 5% this year.", "revenue_growth").value.number, 5);
});

Deno.test("kpi held-out: an amount carries the currency it was stated in", () => {
  const unit = (text: string) => one(text, "revenue").value;
  assert.deepEqual(unit("Revenue of C$1.2 billion grew 8%."), {
    raw: "C$1.2 billion",
    number: 1.2e9,
    unit: "CAD",
  });
  assert.equal(unit("Revenue was €3.4 billion, up 6%.").unit, "EUR");
  assert.equal(unit("Net sales of EUR 3.4bn rose 6%.").number, 3.4e9);
  assert.equal(unit("Revenue reached RMB 1.2 billion in the quarter.").unit, "CNY");
  assert.equal(unit("Revenue of £512 million was in line.").unit, "GBP");
  assert.equal(unit("Revenue was HK$5.6 billion.").unit, "HKD");
  assert.equal(unit("Revenue was US$5.6 billion.").unit, "USD");
});

Deno.test("kpi held-out: a scale stated once before reaches an amount without one", () => {
  const [scaled] = read(
    "(Dollars in millions, except per-share amounts)\nRevenue was $1,234 for the quarter.",
    "revenue",
  );
  assert.equal(scaled.value.number, 1_234e6);
  assert.match(scaled.note!, /in millions as stated before it/);
  // no caption: the amount is kept but marked as of unknown scale
  const [bare] = read("Revenue was $1,234 for the quarter.", "revenue");
  assert.equal(bare.confidence, "low");
  assert.match(bare.note!, /without a scale/);
  // "in millions of customers" is not a scale
  const [count] = read("We serve customers in millions of homes. Revenue was $1,234.", "revenue");
  assert.equal(count.value.number, 1_234);
  // a range's low end takes its high end's scale
  const [range] = read("We expect revenue of $4.9 to $5.1 billion for fiscal 2025.", "revenue");
  assert.equal(range.value.number, 4.9e9);
  assert.equal(range.value.high, 5.1e9);
  assert.equal(range.note, null);
});

Deno.test("kpi held-out: a margin is its level, not the basis-point change beside it", () => {
  assert.deepEqual(
    one("Gross margin expanded 150 basis points to 45.2% in the quarter.", "gross_margin").value,
    { raw: "45.2%", number: 45.2, unit: "percent" },
  );
  assert.equal(
    one("Operating margin improved 120 bps year over year to 18%.", "operating_margin").value
      .number,
    18,
  );
  // a change alone is a change, with its sign
  assert.deepEqual(one("Operating margin declined 120 bps.", "operating_margin").value, {
    raw: "120 bps",
    number: -1.2,
    unit: "percentage_points",
  });
});

Deno.test("kpi held-out: constant-currency and organic growth keep their basis", () => {
  assert.equal(
    one("Revenue grew 12% on a constant currency basis.", "revenue_growth").qualifier,
    "constant currency",
  );
  assert.equal(one("Revenue grew 5% organically.", "revenue_growth").qualifier, "organic");
  const hits = read(
    "Revenue grew 8% to $1.1 billion; excluding currency, revenue grew 10%.",
    "revenue_growth",
  );
  assert.deepEqual(hits.map((h) => [h.value.number, h.qualifier]), [
    [8, null],
    [10, "excluding currency"],
  ]);
});

Deno.test("kpi held-out: a press release's outlook and a change to guidance are not results", () => {
  const [outlook] = read(
    "The Company now expects fiscal 2025 net sales of $11.5 billion to $11.6 billion.",
    "revenue",
  );
  assert.equal(outlook.forward_looking, true);
  // "raising guidance by $131 million" is neither revenue nor a result
  assert.deepEqual(
    read("We are raising our full year revenue guidance by $131 million.", "revenue"),
    [],
  );
  // the raise is not EPS; the new midpoint is the outlook's figure
  const [eps] = read("We also raised our midpoint earnings per share by $0.22 to $7.57.", "eps");
  assert.equal(eps.value.number, 7.57);
  // a result set against an outlook stays a result
  const [beat] = read(
    "Revenue of $22.1 billion was well above our outlook of $20 billion.",
    "revenue",
  );
  assert.equal(beat.forward_looking, false);
});

Deno.test("kpi held-out: a figure named for another measure, an effect or a cost is not the metric's", () => {
  assert.deepEqual(read("Revenue was down 3% and EPS was $1.20.", "revenue"), []);
  assert.deepEqual(
    read(
      "The net effect on our gross margin was an unfavorable impact of 2.7% and 7.5% in fiscal years 2024 and 2023, respectively.",
      "gross_margin",
    ),
    [],
  );
  assert.deepEqual(
    read(
      "Cost of energy generation and storage revenue increased $2.55 billion, or 52%, in the year.",
      "revenue_growth",
    ),
    [],
  );
  assert.deepEqual(
    read(
      "We could be subject to penalties of up to €20 million or 4% of worldwide revenue.",
      "revenue",
    ),
    [],
  );
  assert.deepEqual(
    read(
      "Segment gross loss was $56.4 million, or (34)% of revenues, compared to gross loss of $84.9 million.",
      "revenue",
    ),
    [],
  );
  // an aside describing the metric does not hand its figure to another
  const [rpo] = read(
    "Revenue allocated to remaining performance obligations, which includes deferred revenue and amounts to be invoiced, was $1.1 billion.",
    "rpo",
  );
  assert.equal(rpo.value.number, 1.1e9);
  // a figure just before a later mention of the metric is that mention's
  const [growth] = read(
    "Our businesses, almost 75% of our revenue, drove growth, delivering 17% revenue growth despite the 21% decline in the market.",
    "revenue_growth",
  );
  assert.equal(growth.value.number, 17);
});

Deno.test("kpi held-out: table columns read in the order the header gives, in its scale and currency", () => {
  // the current quarter is the second column: the first is not taken for it
  const swapped = "Results\n(in millions)\n | Q4 2023 | Q4 2024 | Change\n" +
    "Total revenue | $ 1,100 | $ 1,234 | 12 %\n";
  assert.deepEqual(read(swapped, "revenue"), []);
  // newest first, named by quarter: the first column is that quarter's
  const [q] = read(
    "Results\n(in millions)\n | Fourth Quarter Fiscal 2024 | Fourth Quarter Fiscal 2023\nTotal revenue | $ 1,234 | $ 1,100\n",
    "revenue",
  );
  assert.equal(q.period, "Q4 2024");
  assert.equal(q.value.number, 1_234e6);
  // a header in words whose first column is the prior period
  const prior =
    "Results\n(in millions)\n | Prior Year | Current Year\nTotal revenue | $ 900 | $ 1,000\n";
  assert.deepEqual(read(prior, "revenue"), []);
  // segments as columns: the first is a segment's, not the company's
  const parts =
    "Segments\n(in millions)\n | Cloud | Devices | Consolidated\nRevenue | $ 700 | $ 300 | $ 1,000\n";
  assert.deepEqual(read(parts, "revenue"), []);
  // "$" under "(in thousands of Canadian dollars)" is Canadian dollars, in thousands
  const [cad] = read(
    "Results\n(in thousands of Canadian dollars)\n | 2025 | 2024\nTotal revenue | $ 5,000 | $ 4,000\n",
    "revenue",
  );
  assert.deepEqual([cad.value.number, cad.value.unit], [5e6, "CAD"]);
});

Deno.test("kpi held-out: citations reopen the exact sentence", () => {
  const text = "Intro line.\n\nRevenue of €3.4 billion declined 5% year over year. EPS was $1.20.";
  for (const h of extractKpis(text, METRICS)) {
    assert.equal(text.slice(h.start_char, h.end_char), h.sentence);
  }
});

Deno.test("kpi.history: a series with points in two currencies is warned", async () => {
  const { mixedUnits } = await import("../../commands/kpi/history.ts");
  const point = (unit: string) => ({ value: { unit } });
  assert.deepEqual(mixedUnits([{ metric: "revenue", points: [point("USD"), point("USD")] }]), []);
  const w = mixedUnits([
    { metric: "revenue", points: [point("USD"), point("EUR")] },
    { metric: "gross_margin", points: [point("percent")] },
  ]);
  assert.equal(w.length, 1);
  assert.match(w[0], /^revenue: its points are in USD and EUR/);
});
