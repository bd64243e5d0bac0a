/**
 * A KPI figure is tied to its metric, period and scale, or left out: table rows read one at a
 * time (EPS from its per-share row, the current column, the table's scale), deferred revenue is
 * not revenue, a customer count is the number on the customer noun, "respectively" pairs are two
 * figures, outlook lists and bounds are marked, a prior year's figure is not the current one.
 * The fixtures are written here, shaped like a 10-Q's text and a call's.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { extractKpis, markAmbiguous, METRICS } from "../../analysis/evidence/kpi.ts";
import { dedupe, filingRows, type KpiRow } from "../../commands/kpi/_documents.ts";
import type { Context } from "../../core/context.ts";

const only = (...keys: string[]) => METRICS.filter((m) => keys.includes(m.key));

/** A 10-Q's statement of operations and margin table as filings.read gives them. */
const TEN_Q = [
  "Item 1. Financial Statements",
  "Example Devices Inc.",
  "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS (Unaudited)",
  "(In millions, except number of shares, which are reflected in thousands, and per-share amounts)",
  "Three Months Ended | Six Months Ended",
  "March 29, 2025 | March 30, 2024 | March 29, 2025 | March 30, 2024",
  "Total net sales | 9,535 | 9,075 | 21,965 | 21,032",
  "Net income | $ 2,478 | $ 2,363 | $ 6,111 | $ 5,755",
  "Earnings per share:",
  "Basic | $ 1.66 | $ 1.53 | $ 4.06 | $ 3.72",
  "Diluted | $ 1.65 | $ 1.52 | $ 4.05 | $ 3.71",
  "See accompanying Notes to Condensed Consolidated Financial Statements.",
  "Gross Margin",
  "Products and Services gross margin percentage for the three- and six-month periods ended March 29, 2025 and March 30, 2024 were as follows (dollars in millions):",
  "Three Months Ended | Six Months Ended",
  "March 29, 2025 | March 30, 2024 | March 29, 2025 | March 30, 2024",
  "Gross margin:",
  "Products | $ 2,468 | $ 2,446 | $ 6,319 | $ 6,248",
  "Total gross margin | $ 4,486 | $ 4,227 | $ 10,314 | $ 9,712",
  "Gross margin percentage:",
  "Products | 35.9% | 36.6% | 37.9% | 38.3%",
  "Services | 75.7% | 74.6% | 75.4% | 73.7%",
  "Total gross margin percentage | 47.1% | 46.6% | 47.0% | 46.2%",
  "Accounts Receivable",
  "As of March 29, 2025, the Company had two customers that individually represented 10% or more of total trade receivables.",
  "As of March 29, 2025 and September 28, 2024, the Company had total deferred revenue of $1.4 billion and $1.3 billion, respectively.",
].join("\n");

Deno.test("a 10-Q's tables: EPS from the diluted per-share row, not net income's last column", () => {
  const hits = extractKpis(TEN_Q, only("eps"), 100);
  assert.ok(hits.length > 0, "the per-share rows give EPS");
  assert.ok(hits.every((h) => h.value.number < 10), JSON.stringify(hits.map((h) => h.value)));
  const diluted = hits.find((h) => h.qualifier === null)!;
  assert.equal(diluted.value.number, 1.65);
  assert.equal(diluted.period, "2025-03-29");
  assert.equal(diluted.sentence, "Diluted | $ 1.65 | $ 1.52 | $ 4.05 | $ 3.71");
  // the citation is the row's line in the text
  assert.equal(TEN_Q.slice(diluted.start_char - 100, diluted.end_char - 100), diluted.sentence);
  assert.equal(hits.find((h) => h.qualifier === "Basic")?.value.number, 1.66);
});

Deno.test("a 10-Q's tables: the total gross margin is the company's; a segment's row says whose", () => {
  const hits = extractKpis(TEN_Q, only("gross_margin"));
  assert.deepEqual(
    hits.map((h) => [h.qualifier, h.value.number]),
    [["Products", 35.9], ["Services", 75.7], [null, 47.1]],
  );
  // money in a table stated "in millions" is scaled, and a row whose name is not revenue's is
  // not revenue
  const rev = extractKpis("(In millions)\nTotal revenue | $ 9,535 | $ 9,075", only("revenue"));
  assert.equal(rev[0].value.number, 9_535e6);
  assert.deepEqual(extractKpis("Total revenue | $ 9,535 | $ 9,075", only("revenue")), []);
});

Deno.test("deferred revenue, backlog, cost of revenue and a share of revenue are not revenue", () => {
  assert.deepEqual(extractKpis(TEN_Q, only("revenue", "revenue_growth")), []);
  for (
    const text of [
      "Unearned revenue was $2.1 billion at quarter end.",
      "Our revenue backlog reached $4.5 billion.",
      "Cost of automotive sales revenue decreased $2.40 billion in the quarter.",
      "R&D expenses as a percentage of revenue increased from 4% to 7% in the quarter.",
      "Of the total deferred revenue balance, we expect to recognize $831 million of revenue in the next 12 months.",
    ]
  ) assert.deepEqual(extractKpis(text, only("revenue", "revenue_growth")), [], text);
  const [kept] = extractKpis(
    "Revenue was $5.2 billion, while deferred revenue was $1.1 billion.",
    only("revenue"),
  );
  assert.equal(kept.value.raw, "$5.2 billion");
});

Deno.test("a customer count is the number on the customer noun: not a day, a model or a name", () => {
  const count = (text: string) =>
    extractKpis(text, only("large_customers")).map((h) => h.value.number);
  assert.deepEqual(count(TEN_Q), []);
  assert.deepEqual(
    count("Emergency SOS launched for iPhone 14 customers in the US and Canada in November."),
    [],
  );
  assert.deepEqual(
    count(
      "The latest survey from 451 Research shows customer satisfaction of 98% among customers.",
    ),
    [],
  );
  assert.deepEqual(count("Qualifying customers may lease a vehicle for up to 48 months."), []);
  assert.deepEqual(
    count("We ended the quarter with 485 customers with more than $1 million in ARR."),
    [485],
  );
  assert.deepEqual(count("Customers with more than $1 million in ARR grew to 485."), [485]);
});

Deno.test("'X and Y ... are A and B respectively' is two figures; a second mention keeps its own", () => {
  const text =
    "GAAP and non-GAAP gross margins are expected to be 76.3% and 77% respectively, plus or minus 50 basis-points.";
  const hits = extractKpis(text, only("gross_margin"));
  assert.deepEqual(hits.map((h) => [h.qualifier, h.value.number, h.value.high]), [
    ["GAAP", 76.3, undefined],
    ["non-GAAP", 77, undefined],
  ]);
  assert.ok(hits.every((h) => h.forward_looking));
  // a range still needs its words: "between 43.5% and 44.5%"
  const [range] = extractKpis(
    "We expect gross margin to be between 43.5% and 44.5%.",
    only("gross_margin"),
  );
  assert.equal(range.value.high, 44.5);
  const two =
    "GAAP gross margins expanded sequentially to 76% and non-GAAP gross margins to 76.7% on strong data center growth.";
  const both = extractKpis(two, only("gross_margin"));
  assert.deepEqual(both.map((h) => [h.qualifier, h.value.number]), [["GAAP", 76], [
    "non-GAAP",
    76.7,
  ]]);
  // both survive the commands' de-duplication of one sentence's rows
  const rows = both.map((h) => ({ ...h, doc_ref: 0 }) as unknown as KpiRow);
  assert.equal(dedupe(rows).length, 2);
});

Deno.test("items under a guidance lead-in are outlook; a minimum is a bound; an effect on EPS is not EPS", () => {
  const text = [
    "We estimate the 53rd week was a benefit of approximately $0.23 to our reported adjusted earnings per share for the year.",
    "Despite continued uncertainty, we're pleased to provide our 2021 guidance.",
    "Comparable store sales growth of 1% to 3%.",
    "Income tax rate of 24% to 26%.",
    "And a minimum of $600 million of free cash flow.",
    "Finally, free cash flow for the year was a record $702 million.",
  ].join("\n");
  const hits = extractKpis(text, only("revenue_growth", "free_cash_flow", "eps"));
  assert.ok(!hits.some((h) => h.metric === "eps"), "the 53rd week's $0.23 is not EPS");
  const growth = hits.find((h) => h.metric === "revenue_growth")!;
  assert.equal(growth.forward_looking, true);
  const [floor, result] = hits.filter((h) => h.metric === "free_cash_flow");
  assert.equal(floor.forward_looking, true);
  assert.deepEqual(floor.value, {
    raw: "a minimum of $600 million",
    number: 600e6,
    unit: "USD",
    bound: "at_least",
  });
  assert.match(floor.note!, /lower bound/);
  assert.equal(result.forward_looking, false);
  assert.equal(result.value.number, 702e6);
});

Deno.test("a prior year's figure is not the current one; a segment named after the figure is its qualifier", () => {
  const growth = extractKpis(
    "In constant currency, we grew services revenue double digits on top of growing 24% during the December quarter a year ago.",
    only("revenue_growth"),
  );
  assert.deepEqual(growth, []);
  const base = extractKpis(
    "Company gross margin was 43%, up from 42% last year.",
    only("gross_margin"),
  );
  assert.deepEqual(base.map((h) => [h.qualifier, h.value.number]), [[null, 43]]);
  const [services] = extractKpis(
    "We set an all-time revenue record of $20.8 billion in services, which was better than expected.",
    only("revenue"),
  );
  assert.equal(services.qualifier, "services");
  const [topic] = extractKpis(
    "Moving to services, we generated $20.8 billion in revenue, a new all-time record.",
    only("revenue"),
  );
  assert.equal(topic.qualifier, "services");
  const [auto] = extractKpis(
    "We estimate the data center revenue contribution of the automotive vertical was $1 billion this year.",
    only("revenue"),
  );
  assert.equal(auto.qualifier, "automotive vertical");
});

Deno.test("another company's figure quoted on a call is flagged and kept out of the company's rows", () => {
  const text =
    "Microsoft recently noted that GitHub revenue growth accelerated to 40% year-over-year. Our revenue grew 22% year over year.";
  const rows = markAmbiguous(
    extractKpis(text, only("revenue_growth"), 0, { own: ["NVDA", "NVIDIA", "Colette", "Kress"] }),
  );
  const quoted = rows.find((r) => r.value.number === 40)!;
  assert.match(quoted.note!, /another company \(Microsoft\)/);
  assert.equal(quoted.confidence, "low");
  assert.equal(rows.find((r) => r.value.number === 22)!.note, null);
});

Deno.test("kpi filing rows: the company goes along with an accession (its prefix may be an agent's CIK)", async () => {
  const calls: Record<string, unknown>[] = [];
  const ctx = {
    call: (_command: string, args: Record<string, unknown>) => {
      calls.push(args);
      return Promise.resolve({ ok: false, data: null, error: "offline", warnings: [] });
    },
    warn: () => {},
  } as unknown as Context;
  await assert.rejects(
    filingRows(ctx, { symbol: "TSLA", accession: "0001628280-25-035806" }, only("revenue"), 0),
  );
  assert.ok(calls.length > 0);
  for (const a of calls) {
    assert.equal(a.symbol, "TSLA");
    assert.equal(a.accession, "0001628280-25-035806");
  }
});

Deno.test({
  name:
    "conformance: NVIDIA's outlook pairs GAAP and non-GAAP margins; AAP's guidance list is outlook",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("KPI conformance on recorded calls");
    if (!root) return;
    const nv = await envelope("kpi.extract", {
      symbol: "NVDA",
      source: join(root, "transcripts", "html", "nvidia_q4_fy2024_transcript.html"),
      metrics: "gross_margin,revenue_growth",
      limit: 200,
    }, { env: { FINANCE_DOCUMENT_ROOTS: root } });
    // deno-lint-ignore no-explicit-any
    const kpis = (dataOf(nv) as any).kpis as any[];
    const margin = (n: number) =>
      kpis.find((k) => k.metric === "gross_margin" && k.value.number === n);
    assert.equal(margin(76.3)?.qualifier, "GAAP");
    assert.equal(margin(76.3)?.value.high, undefined);
    assert.equal(margin(77)?.qualifier, "non-GAAP");
    assert.equal(margin(76.7)?.qualifier, "non-GAAP");
    const github = kpis.find((k) => k.qualifier === "GitHub");
    assert.ok(!github || /another company/.test(github.note), JSON.stringify(github));
    const aap = await envelope("kpi.extract", {
      symbol: "AAP",
      source: join(root, "transcripts", "ectsum-motley-fool-text", "AAP_q4_2020.txt"),
      metrics: "revenue_growth,free_cash_flow,eps",
      limit: 200,
    }, { env: { FINANCE_DOCUMENT_ROOTS: root } });
    // deno-lint-ignore no-explicit-any
    const rows = (dataOf(aap) as any).kpis as any[];
    const guide = rows.find((k) => k.value.raw === "1% to 3%");
    assert.equal(guide.forward_looking, true);
    const fcf = rows.find((k) => k.value.number === 600e6);
    assert.equal(fcf.forward_looking, true);
    assert.equal(fcf.value.bound, "at_least");
    assert.ok(!rows.some((k) => k.metric === "eps" && k.value.number === 0.23));
  },
});

Deno.test("a 10-Q's tables: 'Total net sales' is the company's revenue, in the table's millions", () => {
  const text = TEN_Q.replace("Total net sales | 9,535", "Total net sales | $ 9,535");
  const hits = extractKpis(text, only("revenue"), 100);
  const total = hits.find((h) => h.sentence.startsWith("Total net sales"));
  assert.ok(total, JSON.stringify(hits.map((h) => h.sentence)));
  assert.equal(total.value.number, 9535e6);
  assert.equal(total.period, "2025-03-29");
  // the deferred revenue sentence gives no revenue
  assert.ok(!hits.some((h) => /deferred/.test(h.sentence)));
});
