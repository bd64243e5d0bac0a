/** filings.* against the project's own ACME cassette: every command and its error paths. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const CASSETTE = join(FIXTURES, "filings", "cassette");
const opts = { replay: [CASSETTE] };
// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("filings.recent lists rows with padded CIK, URLs and Eastern/UTC acceptance times", async () => {
  const d = dataOf<Any>(await envelope("filings.recent", { symbol: "acme", limit: 10 }, opts));
  assert.equal(d.cik, "0001234567");
  assert.equal(d.source, "filings_archive");
  assert.equal(d.company_name, "ACME WIDGETS INC");
  // Four recent rows plus the one on the older page.
  assert.equal(d.count, 5);
  assert.equal(d.filings.at(-1).accession_no, "0001234567-15-000005");
  const k = d.filings[1];
  assert.equal(k.form, "10-K");
  assert.equal(
    k.url,
    "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/acme-20231231.htm",
  );
  assert.equal(k.acceptance_datetime, "2024-02-20T08:30:00.000Z");
  // February: EST, five hours behind UTC.
  assert.equal(k.acceptance_datetime_eastern, "2024-02-20T08:30:00.000-05:00");
  assert.equal(k.accepted_at_utc, "2024-02-20T13:30:00.000Z");
  // April: EDT, four hours.
  assert.equal(d.filings[0].accepted_at_utc, "2024-04-25T20:05:10.000Z");
  assert.deepEqual(d.filings[0].items, ["2.02", "9.01"]);
});

Deno.test("filings.recent filters forms exactly, honours limit, classifies 8-K items", async () => {
  const d = dataOf<Any>(
    await envelope("filings.recent", {
      symbol: "ACME",
      forms: "8-K,10-K",
      classify: true,
      limit: 2,
    }, opts),
  );
  assert.deepEqual(d.filings.map((f: Any) => f.form), ["8-K", "10-K"]);
  assert.equal(d.filings[0].event_type, "results_of_operations");
  assert.deepEqual(d.filings[0].events.map((e: Any) => e.item), ["2.02", "9.01"]);
  assert.equal(d.filings[1].event_type, "annual_report");
  const older = dataOf<Any>(
    await envelope("filings.recent", { symbol: "ACME", forms: "10-K" }, opts),
  );
  assert.deepEqual(older.filings.map((f: Any) => f.filed_at), ["2024-02-20", "2015-03-01"]);
});

Deno.test("filings.recent: 10k is the form SEC writes 10-K; a form no one files is said to be one", async () => {
  // forms=10k matched nothing and the answer said ACME had no 10-K in its history
  const typed = await envelope("filings.recent", { symbol: "ACME", forms: "10k" }, opts);
  assert.deepEqual(dataOf<Any>(typed).filings.map((f: Any) => f.filed_at), [
    "2024-02-20",
    "2015-03-01",
  ]);
  assert.ok(typed.warnings.includes("form 10k is read as 10-K, as SEC writes that form type"));
  const slip = await envelope("filings.recent", { symbol: "ACME", forms: "10-K,10-KX" }, opts);
  assert.equal(dataOf<Any>(slip).count, 2);
  assert.ok(
    slip.warnings.some((w) => /^10-KX is not an SEC form type this tool knows/.test(w)),
    slip.warnings.join("\n"),
  );
});

Deno.test("filings.recent: an older page that cannot be read ends the list with a warning", async () => {
  // the same cassette without the older submissions page
  const dir = await Deno.makeTempDir();
  try {
    const index = JSON.parse(await Deno.readTextFile(join(CASSETTE, "index.json")));
    const before = index.entries.length;
    index.entries = index.entries.filter((e: Any) => !/submissions-001\.json$/.test(e.url));
    assert.equal(index.entries.length, before - 1);
    for (const e of index.entries) {
      if (!e.file) continue; // body kept inline
      await Deno.mkdir(join(dir, e.file, ".."), { recursive: true });
      await Deno.copyFile(join(CASSETTE, e.file), join(dir, e.file));
    }
    await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
    const env = await envelope("filings.recent", { symbol: "ACME", forms: "10-K" }, {
      replay: [dir],
    });
    const d = dataOf<Any>(env);
    assert.deepEqual(d.filings.map((f: Any) => f.filed_at), ["2024-02-20"]);
    assert.equal(env.warnings.length, 1);
    assert.match(
      env.warnings[0],
      /older filings page CIK0001234567-submissions-001\.json could not be read, so the list stops at 1 filing\(s\) \(limit 20\): .*no recording/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("filings.recent: unknown ticker is ok:false naming the ticker list", async () => {
  const env = await envelope("filings.recent", { symbol: "NOPE" }, opts);
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  assert.match(env.error!, /NOPE.*company_tickers\.json/);
});

Deno.test("filings.sections finds TOC items, sizes and the segment note", async () => {
  const d = dataOf<Any>(await envelope("filings.sections", { symbol: "ACME" }, opts));
  assert.equal(d.filing.cik, "1234567");
  assert.equal(d.filing.accession_no, "0001234567-24-000010");
  const by = Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s]));
  for (const k of ["business", "risk_factors", "mda", "financial_statements", "segments"]) {
    assert.equal(by[k].available, true, k);
    assert.ok(by[k].char_count > 50, k);
  }
  assert.equal(by.mda.edgar_section, "part_ii_item_7");
  assert.equal(by.business.method, "toc_link");
  // "Items 7 and 7A" is one combined heading: both ids start at the same place.
  assert.ok(d.item_ids.includes("part_ii_item_7a"));
  assert.equal(by.financial_statements.found_as, "part_iv_item_15");
  assert.match(by.financial_statements.cross_reference, /set forth in Item 15/);
});

Deno.test("filings.read returns clean text with citable offsets", async () => {
  const env = await envelope("filings.read", { symbol: "ACME", section: "risk" }, opts);
  const d = dataOf<Any>(env);
  assert.equal(d.section.key, "risk_factors");
  assert.match(d.text, /^Item 1A\. Risk Factors\nDemand for widgets is cyclical/);
  assert.match(d.text, /Steel prices \| High/);
  // The running footer and the page number are gone.
  assert.doesNotMatch(d.text, /Form 10-K \| 4|Table of Contents/);
  assert.equal(d.end_char - d.start_char, d.char_count);
  const mda = dataOf<Any>(
    await envelope("filings.read", { symbol: "ACME", section: "mda", max_chars: 40 }, opts),
  );
  assert.equal(mda.truncated, true);
  assert.equal(mda.returned_chars <= 40, true);
  // Currency cells join their number; "%" cells join theirs.
  const full = dataOf<Any>(
    await envelope("filings.read", { symbol: "ACME", section: "mda", max_chars: 0 }, opts),
  );
  assert.match(full.text, /Revenue \| \$ 1,200 \| \$ 1,000/);
  assert.match(full.text, /Margin \| 25% \| \(3\)%/);
  const seg = dataOf<Any>(
    await envelope("filings.read", { symbol: "ACME", section: "segments" }, opts),
  );
  assert.match(seg.text, /^Note 2\. Segment Information/);
  assert.doesNotMatch(seg.text, /Subsequent Events/);
});

Deno.test("filings.read: item numbers as the form numbers them ('Item 1A.', 'item 7'), an unmapped item refused naming the map", async () => {
  for (
    const [section, key] of [
      ["Item 1A.", "risk_factors"],
      ["item1a", "risk_factors"],
      [
        "ITEM 7",
        "mda",
      ],
      ["Part II, Item 7", "mda"],
      ["8", "financial_statements"],
    ]
  ) {
    const d = dataOf<Any>(
      await envelope("filings.read", { symbol: "ACME", section, max_chars: 20 }, opts),
    );
    assert.equal(d.section.key, key, section);
  }
  const four = await envelope("filings.read", { symbol: "ACME", section: "item 4" }, opts);
  assert.equal(four.ok, false);
  assert.match(
    four.error!,
    /Item 4 of a 10-K is not one of the sections filings\.read reads \(business = Item 1, risk_factors = Item 1A, mda = Item 7/,
  );
  // a 10-Q's Part II Item 1 (legal proceedings) is never read as Part I Item 1
  const legal = await envelope("filings.read", { symbol: "ACME", section: "part ii item 1" }, opts);
  assert.equal(legal.ok, false);
  assert.match(legal.error!, /argument `section`/);
});

Deno.test("filings.read offsets reopen the same passage in document.window and document.scan", async () => {
  const mda = dataOf<Any>(
    await envelope("filings.read", { symbol: "ACME", section: "mda", max_chars: 0 }, opts),
  );
  const win = dataOf<Any>(
    await envelope("document.window", {
      source: mda.document_url,
      start_char: mda.start_char,
      chars: mda.end_char - mda.start_char,
      direction: "next",
    }, opts),
  );
  assert.equal(win.engine, "edgar-html");
  assert.equal(win.start_char, mda.start_char);
  assert.equal(win.text.slice(0, 200), mda.text.slice(0, 200));
  const scan = dataOf<Any>(
    await envelope("document.scan", {
      source: mda.document_url,
      query: mda.text.split("\n")[0],
      max_pages: 0,
    }, opts),
  );
  assert.ok(
    scan.matches.some((m: Any) => m.start_char === mda.start_char),
    JSON.stringify(scan.matches.map((m: Any) => m.start_char)),
  );
});

Deno.test("filings.read: a filing the cassette lacks fails naming the URL", async () => {
  const env = await envelope(
    "filings.read",
    { accession: "0001234567-23-000030", form: "10-Q" },
    opts,
  );
  assert.equal(env.ok, false);
  assert.match(env.error!, /000123456723000030\/acme-20230930\.htm/);
});

Deno.test("filings.statement builds rows from XBRL with labels, signs and non-dimensional facts", async () => {
  const d = dataOf<Any>(
    await envelope(
      "filings.statement",
      { accession: "000123456724000010", statement: "income" },
      opts,
    ),
  );
  assert.equal(d.role, "http://acme.example/role/Ops");
  assert.deepEqual(d.periods, ["2023-01-01 to 2023-12-31", "2022-01-01 to 2022-12-31"]);
  assert.deepEqual(d.rows.map((r: Any) => r.concept), [
    "us-gaap:Revenues",
    "acme:RoyaltyIncome",
    "us-gaap:CostOfRevenue",
    "us-gaap:GrossProfit",
    "us-gaap:EarningsPerShareBasic",
  ]);
  const [rev, roy, cost] = d.rows;
  // The segment fact (900) and the quarter (310) are not the statement's values.
  assert.equal(rev.values["2023-01-01 to 2023-12-31"].raw, 1200000000);
  assert.equal(rev.values["2023-01-01 to 2023-12-31"].reported, 1200);
  assert.equal(rev.calculation_parent, "us-gaap:GrossProfit");
  assert.equal(roy.level, 2);
  assert.equal(roy.parent, "us-gaap:Revenues");
  assert.equal(roy.balance, "credit");
  assert.equal(roy.values["2022-01-01 to 2022-12-31"].raw, null);
  assert.equal(cost.label, "Less: cost of revenue");
  assert.equal(cost.values["2022-01-01 to 2022-12-31"].preferred_sign, -1);
  assert.equal(d.rows[4].values["2023-01-01 to 2023-12-31"].unit, "USD/shares");
  assert.equal(d.rows[4].values["2023-01-01 to 2023-12-31"].reported, 1.25);
});

Deno.test("filings.statement: query, include_abstract, max_rows and the missing statement", async () => {
  const all = dataOf<Any>(
    await envelope("filings.statement", { symbol: "ACME", include_abstract: true }, opts),
  );
  assert.equal(all.rows[0].abstract, true);
  const q = dataOf<Any>(
    await envelope("filings.statement", { symbol: "ACME", query: "cost", max_rows: 1 }, opts),
  );
  assert.equal(q.count, 1);
  assert.equal(q.rows[0].concept, "us-gaap:CostOfRevenue");
  const cut = dataOf<Any>(
    await envelope("filings.statement", { symbol: "ACME", max_rows: 2 }, opts),
  );
  assert.equal(cut.truncated, true);
  const bal = await envelope("filings.statement", { symbol: "ACME", statement: "balance" }, opts);
  assert.equal(bal.ok, false);
  assert.match(bal.error!, /no balance statement/);
});

Deno.test("filings.reports and filings.report read FilingSummary and the R page", async () => {
  const list = dataOf<Any>(
    await envelope("filings.reports", { symbol: "ACME", query: "statements" }, opts),
  );
  assert.equal(list.count, 2);
  assert.deepEqual(list.reports[0], {
    short_name: "Consolidated Statements of Operations",
    long_name: "0000002 - Statement - Consolidated Statements of Operations",
    category: "Statements",
    file_name: "R2.htm",
    url: "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/R2.htm",
  });
  const d = dataOf<Any>(
    await envelope("filings.report", {
      symbol: "ACME",
      report: "consolidated statements of operations",
      max_rows: 0,
    }, opts),
  );
  assert.equal(d.report.file_name, "R2.htm");
  assert.doesNotMatch(d.text, /Definition of revenues/);
  const cost = d.rows.find((r: Any) => r.concept === "us-gaap:CostOfRevenue");
  assert.deepEqual(cost.context, ["Costs"]);
  assert.deepEqual(cost.values[0], {
    column: "12 Months Ended Dec. 31, 2023",
    text: "(900)",
    number: -900,
    scaled: -900000000,
    unit: "USD",
  });
  const widgets = d.rows.filter((r: Any) => r.context[0] === "Widgets");
  assert.equal(widgets[0].values[1].number, null);
  const shares = d.rows.find((r: Any) => /shares/.test(r.label));
  assert.equal(shares.values[0].scaled, 120000);
  const eps = d.rows.find((r: Any) => /per share/.test(r.label));
  assert.equal(eps.values[0].scaled, 1.25);
  const q = dataOf<Any>(
    await envelope(
      "filings.report",
      { symbol: "ACME", report: "R2.htm", query: "widgets revenue" },
      opts,
    ),
  );
  assert.equal(q.row_count, 1);
  // an R number picks exactly that page; one that does not exist is refused, never guessed
  const byNumber = await envelope("filings.report", { symbol: "ACME", report: "R2" }, opts);
  assert.equal(dataOf<Any>(byNumber).report.file_name, "R2.htm");
  const noSuch = await envelope("filings.report", { symbol: "ACME", report: "R9" }, opts);
  assert.equal(noSuch.ok, false);
  assert.match(noSuch.error!, /"R9" matches no report/);
  // the contract's name for the argument (name=) reads the same page, without a warning
  const oldName = await envelope("filings.report", { symbol: "ACME", name: "R2" }, opts);
  assert.equal(dataOf<Any>(oldName).report.file_name, "R2.htm");
  assert.ok(!oldName.warnings.some((w) => /older name/.test(w)), oldName.warnings.join("\n"));
  // "income" is the statement of operations, not the comprehensive income statement that
  // merely holds the word; the other pages holding it are named in a warning
  const income = await envelope("filings.report", { symbol: "ACME", report: "income" }, opts);
  assert.equal(dataOf<Any>(income).report.file_name, "R2.htm");
  assert.ok(
    income.warnings.some((w) => /also matches R3 Consolidated Statements of Comprehensive/.test(w)),
    income.warnings.join("; "),
  );
  const missing = await envelope(
    "filings.report",
    { symbol: "ACME", report: "Balance Sheets" },
    opts,
  );
  assert.equal(missing.ok, false);
  assert.match(missing.error!, /report not available: "Balance Sheets"/);
});

Deno.test("filings.*: resolution errors are clear", async () => {
  const none = await envelope("filings.sections", {}, opts);
  assert.equal(none.ok, false);
  assert.match(none.error!, /symbol|accession|url/);
  const bad = await envelope("filings.sections", { accession: "12-34" }, opts);
  assert.match(bad.error!, /not an accession number/);
  const agent = await envelope("filings.sections", { accession: "0009999999-24-000001" }, opts);
  assert.equal(agent.ok, false);
  assert.match(agent.error!, /could not be resolved.*symbol=/);
  const other = await envelope("filings.sections", {
    symbol: "ACME",
    accession: "0001234567-99-000001",
  }, opts);
  assert.match(other.error!, /not among ACME's filings/);
  const url = await envelope("filings.sections", { url: "https://example.com/x.htm" }, opts);
  assert.match(url.error!, /not an SEC archive URL/);
});

Deno.test("filings.*: a URL inside the filing folder resolves the filing", async () => {
  const d = dataOf<Any>(
    await envelope("filings.reports", {
      url: "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/R2.htm",
    }, opts),
  );
  assert.equal(d.filing.accession_no, "0001234567-24-000010");
  assert.equal(d.filing.filing_url.endsWith("/acme-20231231.htm"), true);
  // the same URL with its own company's symbol, and with another company's: refused, never
  // one company's filing answered under another's name
  const url =
    "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/acme-20231231.htm";
  const same = await envelope("filings.sections", { symbol: "acme", url }, opts);
  assert.equal(same.ok, true, same.error ?? "");
  const other = await envelope("filings.sections", { symbol: "BETA", url }, opts);
  assert.equal(other.ok, false);
  assert.match(
    other.error!,
    /symbol BETA \(CIK 7654321\) and url \(a filing of CIK 1234567\) name different companies/,
  );
});

Deno.test("filings.reports: a filing with no XBRL report is sent where its form can be read", async () => {
  // an 8-K was sent to filings.read, which refuses 8-Ks ("has no section map")
  const eightK = await envelope("filings.reports", {
    symbol: "ACME",
    accession: "0001234567-24-000020",
  }, opts);
  assert.equal(eightK.ok, false);
  assert.match(
    eightK.error!,
    /\(8-K\) has no FilingSummary\.xml .*; use document\.scan on https:\/\/www\.sec\.gov\/\S+acme-8k\.htm, or on an exhibit its index lists .*-index\.html$/,
  );
  assert.doesNotMatch(eightK.error!, /filings\.read/);
  const twentyF = await envelope("filings.reports", {
    url: "https://www.sec.gov/Archives/edgar/data/2000024/000200002425000011/skb-20241231x20f.htm",
  }, { replay: [join(FIXTURES, "filings", "layouts4")] });
  assert.match(
    twentyF.error!,
    /\(20-F\) has no FilingSummary\.xml .*; use filings\.read or document\.scan on /,
  );
});

Deno.test("filings.reports/report: an unrecorded FilingSummary is a missing recording, never 'no XBRL report'", async () => {
  // the project's cassette without its FilingSummary.xml recording for the 10-K
  const dir = await Deno.makeTempDir();
  try {
    const index = JSON.parse(await Deno.readTextFile(join(CASSETTE, "index.json")));
    index.entries = index.entries.filter((e: { url: string }) =>
      e.url !==
        "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/FilingSummary.xml"
    );
    for (const e of index.entries as { file?: string }[]) {
      if (!e.file) continue;
      await Deno.mkdir(join(dir, e.file, ".."), { recursive: true });
      await Deno.copyFile(join(CASSETTE, e.file), join(dir, e.file));
    }
    await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
    const calls: [string, Record<string, unknown>][] = [
      ["filings.reports", { symbol: "ACME" }],
      ["filings.report", { symbol: "ACME", report: "R2" }],
    ];
    for (const [name, args] of calls) {
      const env = await envelope(name, args, { replay: [dir] });
      assert.equal(env.ok, false, name);
      assert.match(env.error!, /no recording for GET \S+000123456724000010\/FilingSummary\.xml/);
      assert.doesNotMatch(env.error!, /has no FilingSummary/);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
