/**
 * filings.* against real SEC recordings in ../shared (cassette `sec`); checked against what the
 * documents themselves say. Skipped with a printed reason when ../shared is absent.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const opts = () => ({ replay: [join(SHARED!, "cassettes", "sec")] });
const ignore = !SHARED;

Deno.test({
  name: "conformance: NVDA filings.recent lists real 10-K/10-Q rows",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const d = dataOf<Any>(
      await envelope("filings.recent", { symbol: "NVDA", forms: "10-K,10-Q", limit: 5 }, opts()),
    );
    assert.equal(d.cik, "0001045810");
    assert.equal(d.count, 5);
    for (const f of d.filings) {
      assert.match(f.accession_no, /^\d{10}-\d{2}-\d{6}$/);
      assert.match(
        f.url,
        /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1045810\/\d{18}\/nvda-\d{8}\.htm$/,
      );
      assert.ok(["10-K", "10-Q"].includes(f.form));
    }
  },
});

Deno.test({
  name: "conformance: TSLA older submissions page is read when the recent block runs out",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const d = dataOf<Any>(
      await envelope("filings.recent", { symbol: "TSLA", forms: "10-K", limit: 12 }, opts()),
    );
    // The recent block reaches back to 2018; older 10-Ks come from -submissions-001.json.
    assert.ok(d.filings.some((f: Any) => f.filed_at < "2018-01-01"));
  },
});

Deno.test({
  name: "conformance: NVDA FY2024 income statement matches the 10-K (revenue 60,922 million)",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const d = dataOf<Any>(
      await envelope("filings.statement", {
        symbol: "NVDA",
        accession: "0001045810-24-000029",
        statement: "income",
      }, opts()),
    );
    assert.equal(d.periods.length, 3);
    assert.equal(d.periods[0], "2023-01-30 to 2024-01-28");
    const rev = d.rows.find((r: Any) => r.concept === "us-gaap:Revenues");
    assert.equal(rev.values["2023-01-30 to 2024-01-28"].reported, 60922);
    assert.equal(rev.values["2022-01-31 to 2023-01-29"].reported, 26974);
    const ni = d.rows.find((r: Any) => r.concept === "us-gaap:NetIncomeLoss");
    assert.equal(ni.values["2023-01-30 to 2024-01-28"].reported, 29760);
    assert.equal(rev.calculation_parent, "us-gaap:GrossProfit");
    assert.ok(d.rows.every((r: Any) => Number.isInteger(r.level)));
    // The same figure appears in the primary document's text.
    const doc = await Deno.readTextFile(
      join(SHARED!, "sec/NVDA/10-K/0001045810-24-000029/nvda-20240128.htm"),
    );
    assert.ok(doc.includes("60,922"));
  },
});

Deno.test({
  name: "conformance: AAPL 10-Q statement totals equal the R page cells of the same filing",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const acc = "0000320193-25-000057";
    const st = dataOf<Any>(
      await envelope(
        "filings.statement",
        { symbol: "AAPL", accession: acc, statement: "balance" },
        opts(),
      ),
    );
    const list = dataOf<Any>(
      await envelope("filings.reports", { symbol: "AAPL", accession: acc }, opts()),
    );
    const name = list.reports.find((r: Any) =>
      /BALANCE SHEETS \(Unaudited\)$/.test(r.short_name)
    ).short_name;
    const rep = dataOf<Any>(
      await envelope(
        "filings.report",
        { symbol: "AAPL", accession: acc, report: name, max_rows: 0 },
        opts(),
      ),
    );
    for (
      const concept of [
        "us-gaap:Assets",
        "us-gaap:Liabilities",
        "us-gaap:CashAndCashEquivalentsAtCarryingValue",
      ]
    ) {
      const row = st.rows.find((r: Any) => r.concept === concept);
      const cells = rep.rows.find((r: Any) => r.concept === concept);
      assert.ok(row && cells, concept);
      assert.equal(row.values["2025-03-29"].reported, cells.values[0].number, concept);
      assert.equal(row.values["2024-09-28"].reported, cells.values[1].number, concept);
    }
    // Report numbers equal the R file's own cells.
    const html = await Deno.readTextFile(join(SHARED!, "sec/AAPL/10-Q", acc, "R4.htm"));
    const cash = rep.rows.find((r: Any) =>
      r.concept === "us-gaap:CashAndCashEquivalentsAtCarryingValue"
    );
    assert.ok(html.includes(cash.values[0].text.replace("$ ", "$ ")));
    assert.equal(cash.values[0].number, 28162);
  },
});

Deno.test({
  name: "conformance: NVDA 10-K sections are found with realistic sizes and offsets",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const d = dataOf<Any>(
      await envelope(
        "filings.sections",
        { symbol: "NVDA", accession: "0001045810-24-000029" },
        opts(),
      ),
    );
    const by = Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s]));
    for (const k of ["business", "risk_factors", "mda", "financial_statements", "segments"]) {
      assert.equal(by[k].available, true, k);
    }
    assert.ok(by.business.char_count > 20_000);
    assert.ok(by.risk_factors.char_count > 50_000);
    assert.ok(by.mda.char_count > 20_000);
    assert.ok(d.item_ids.includes("part_ii_item_7a"));
    const mda = dataOf<Any>(
      await envelope("filings.read", {
        accession: "0001045810-24-000029",
        section: "mda",
        max_chars: 500,
      }, opts()),
    );
    assert.match(mda.text, /^Item 7\. Management's Discussion and Analysis/);
    assert.equal(mda.truncated, true);
  },
});

Deno.test({
  name: "conformance: AAPL 10-Q maps MD&A to Part I Item 2 and risk factors to Part II Item 1A",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const d = dataOf<Any>(
      await envelope(
        "filings.sections",
        { symbol: "AAPL", accession: "0000320193-25-000057" },
        opts(),
      ),
    );
    const by = Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s]));
    assert.equal(by.mda.found_as, "part_i_item_2");
    assert.equal(by.risk_factors.found_as, "part_ii_item_1a");
    assert.equal(by.financial_statements.found_as, "part_i_item_1");
    assert.equal(by.business.available, false);
  },
});

Deno.test({
  name: "conformance: a filing the cassette lacks is ok:false naming the URL",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const env = await envelope("filings.statement", {
      symbol: "NVDA",
      accession: "0001045810-25-000023",
    }, opts());
    assert.equal(env.ok, false);
    assert.match(
      env.error!,
      /https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1045810\/000104581025000023\//,
    );
  },
});

Deno.test({
  name:
    "conformance: CARBO 2017 10-K financial statements start at the auditor's report, not Item 15's index",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const url =
      "https://www.sec.gov/Archives/edgar/data/1009672/000156459018004771/crr-10k_20171231.htm";
    const d = dataOf<Any>(await envelope("filings.sections", { url }, opts()));
    const byKey = Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s]));
    const fs = byKey.financial_statements;
    // Item 8 points to pages F-3 … F-25; Item 15 only lists them
    assert.match(fs.cross_reference, /pages F-3 through F-25/);
    assert.ok(fs.char_count > 50_000, `financial statements are ${fs.char_count} characters`);
    const read = dataOf<Any>(
      await envelope(
        "filings.read",
        { url, section: "financial_statements", max_chars: 300 },
        opts(),
      ),
    );
    assert.match(
      read.text,
      /^REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM\nTo the Board/,
    );
    // pages F-3 through F-25 end with the last note, before the exhibit index
    const all = dataOf<Any>(
      await envelope(
        "filings.read",
        { url, section: "financial_statements", max_chars: 0 },
        opts(),
      ),
    );
    assert.match(all.text, /phantom shares/);
    assert.doesNotMatch(all.text, /Exhibit Index|Restated Certificate of Incorporation/);
    // the segment note is a table-row heading ("13. | Segment Information")
    assert.equal(byKey.segments.available, true);
    const seg = dataOf<Any>(
      await envelope("filings.read", { url, section: "segments", max_chars: 400 }, opts()),
    );
    assert.match(seg.text, /^13\. \| Segment Information\nThe Company has two operating segments/);
  },
});

Deno.test({
  name:
    "conformance: AAPL Q3 FY2023 10-Q has no FilingSummary.xml; its schema comes from the inline document's schemaRef",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const d = dataOf<Any>(
      await envelope("filings.statement", {
        symbol: "AAPL",
        accession: "0000320193-23-000077",
        statement: "income",
      }, opts()),
    );
    assert.equal(d.instance_file, "aapl-20230701_htm.xml");
    const rev = d.rows.find((r: Any) =>
      r.concept === "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    );
    // the quarter's net sales as the 10-Q prints them
    assert.equal(rev.values["2023-04-02 to 2023-07-01"].reported, 81797);
    const html = await Deno.readTextFile(
      join(SHARED!, "sec/AAPL/10-Q/0000320193-23-000077/aapl-20230701.htm"),
    );
    assert.ok(html.includes("81,797"));
    assert.match(html, /schemaRef[^>]*aapl-20230701\.xsd/);
  },
});

Deno.test({
  name: "conformance: AAPL's 2000 10-Q, a plain-text SGML submission, is read item by item",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const url =
      "https://www.sec.gov/Archives/edgar/data/320193/000091205700023442/0000912057-00-023442-index.html";
    const d = dataOf<Any>(await envelope("filings.sections", { url }, opts()));
    assert.equal(d.filing.form, "10-Q");
    assert.ok(d.item_ids.includes("part_ii_item_1"));
    const by = Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s]));
    assert.equal(by.risk_factors.available, false); // no Item 1A in 2000
    const mda = dataOf<Any>(
      await envelope("filings.read", { url, section: "mda", max_chars: 0 }, opts()),
    );
    assert.match(
      mda.text,
      /^ITEM 2\. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS\n/,
    );
    assert.doesNotMatch(mda.text, /LEGAL PROCEEDINGS/);
    const fs = dataOf<Any>(
      await envelope(
        "filings.read",
        { url, section: "financial_statements", max_chars: 0 },
        opts(),
      ),
    );
    // the statement of operations as the filing prints it: net sales $1,945 million
    assert.match(fs.text, /^ITEM 1\. FINANCIAL STATEMENTS\nAPPLE COMPUTER, INC\./);
    assert.match(fs.text, /Net sales \| \$ 1,945 \| \$ 1,530/);
    const raw = await Deno.readTextFile(
      join(SHARED!, "sec/AAPL/10-Q/0000912057-00-023442/0000912057-00-023442.txt"),
    );
    assert.match(raw, /Net sales\s+\$\s+1,945\s+\$\s+1,530/);
  },
});

Deno.test({
  name:
    "conformance: AAPL 10-Q item numbers are the 10-Q's: item 1 the statements, item 2 MD&A, item 7 refused",
  ignore,
  fn: async () => {
    if (!sharedOrSkip("SEC conformance")) return;
    const read = (section: string) =>
      envelope(
        "filings.read",
        { symbol: "AAPL", accession: "0000320193-25-000057", section, max_chars: 60 },
        opts(),
      );
    const one = dataOf<Any>(await read("item 1"));
    assert.equal(one.section.key, "financial_statements");
    assert.match(one.text, /^Item 1\. Financial Statements/);
    const two = dataOf<Any>(await read("Item 2."));
    assert.equal(two.form_item, "Part I, Item 2");
    assert.match(two.text, /^Item 2\. Management/);
    const risk = dataOf<Any>(await read("item 1a"));
    assert.equal(risk.form_item, "Part II, Item 1A");
    const seven = await read("item 7");
    assert.equal(seven.ok, false);
    assert.match(seven.error!, /Item 7 of a 10-Q is not one of the sections/);
  },
});
