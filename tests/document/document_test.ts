import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { scaleIn } from "../../analysis/document/table_scale.ts";
import { streamTables } from "../../analysis/document/tables.ts";
import { clearModels, modelBuilds } from "../../analysis/document/load.ts";
import type { TextRun } from "../../analysis/document/pdf_layout.ts";

const F = (name: string) => join(FIXTURES, "document", name);
// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("document.read: PDF text in reading order with page offsets and hyphenation rejoined", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("prose.pdf") }));
  assert.equal(d.format, "pdf");
  assert.equal(d.page_count, 2);
  assert.match(d.text, /non-recurring and are excluded/);
  assert.equal(d.pages[1].start_char, d.pages[0].end_char + 2);
  assert.ok(d.text.slice(d.pages[1].start_char).startsWith("Risk Factors"));
  const cut: Any = dataOf(
    await envelope("document.read", { source: F("prose.pdf"), max_chars: 50 }),
  );
  assert.equal(cut.truncated, true);
  assert.ok(cut.returned_chars <= 50);
});

Deno.test("document.read: two columns are read left column first, title kept on top", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("two_column.pdf") }));
  const t: string = d.text;
  assert.ok(t.startsWith("Quarterly Letter to Shareholders\n"));
  assert.ok(t.indexOf("Left column ends here today.") < t.indexOf("Right column starts with the"));
  assert.ok(!/period\.\s+steady/.test(t), "columns must not interleave");
});

Deno.test("document.read: HTML visible text, table rows with cell separators, no script/hidden/XBRL header", async () => {
  const d: Any = dataOf(await envelope("document.read", { source: F("filing.html") }));
  assert.equal(d.format, "html");
  assert.match(d.text, /Our effective tax rate was 21\.0% for fiscal 2024\./);
  assert.match(d.text, /Revenue \| \$ \| 12,500/);
  assert.ok(!d.text.includes("do not show"));
  assert.ok(!d.text.includes("hidden"));
  assert.ok(!d.text.includes("HiddenFact"));
});

Deno.test("document.scan: match ids reopen the same passage with document.window", async () => {
  const s: Any = dataOf(
    await envelope("document.scan", {
      source: F("prose.pdf"),
      query: "effective tax rate",
      window: 80,
    }),
  );
  assert.equal(s.count, 2);
  const second = s.matches.find((m: Any) => m.page === 2);
  assert.equal(second.text, "Effective\nTax Rate");
  assert.equal(second.score, 100);
  assert.ok(second.context.includes(second.text));
  assert.deepEqual(s.warnings, []);
  const w: Any = dataOf(
    await envelope("document.window", {
      source: F("prose.pdf"),
      match_id: second.match_id,
      chars: 30,
    }),
  );
  assert.ok(w.text.includes("Effective\nTax Rate"), w.text);
  assert.equal(w.page, 2);
  const next: Any = dataOf(
    await envelope("document.window", {
      source: F("prose.pdf"),
      start_char: w.end_char,
      direction: "next",
      chars: 20,
    }),
  );
  assert.equal(next.start_char, w.end_char);
});

Deno.test("document.window: a span that runs past the text's end shows the part the text has, said", async () => {
  const whole: Any = dataOf(
    await envelope("document.read", { source: F("prose.pdf"), max_pages: 0, max_chars: 0 }),
  );
  const length = whole.text.length;
  const e = await envelope("document.window", {
    source: F("prose.pdf"),
    match_id: `char_${length - 40}_${length + 5000}`,
    chars: 200,
  });
  const w: Any = dataOf(e);
  assert.ok(w.text.length > 0, "not an empty window at the end");
  assert.equal(w.end_char, length);
  assert.ok(e.warnings.some((x) => /past the end of the document text/.test(x)), e.warnings.join());
});

Deno.test("document.scan: no match inside a longer word; number formatting and hyphenation tolerated", async () => {
  const arr: Any = dataOf(
    await envelope("document.scan", { source: F("prose.pdf"), query: "arr" }),
  );
  assert.equal(arr.count, 0);
  const num: Any = dataOf(
    await envelope("document.scan", {
      source: F("prose.pdf"),
      query: "operating income was 9285 million",
    }),
  );
  assert.equal(num.matches[0].score, 100);
  const hy: Any = dataOf(
    await envelope("document.scan", { source: F("prose.pdf"), query: "non-recurring" }),
  );
  assert.equal(hy.matches[0].page, 1);
  const topics: Any = dataOf(
    await envelope("document.scan", { source: F("prose.pdf"), topics: ["risk"] }),
  );
  assert.ok(topics.matches.some((m: Any) => m.query === "customer concentration risk"));
});

Deno.test("document.scan: start_char/end_char bound the scan; HTML works the same way", async () => {
  const all: Any = dataOf(
    await envelope("document.scan", { source: F("prose.pdf"), query: "effective tax rate" }),
  );
  const p2 = all.matches.find((m: Any) => m.page === 2);
  const bounded: Any = dataOf(
    await envelope("document.scan", {
      source: F("prose.pdf"),
      query: "effective tax rate",
      start_char: p2.start_char - 5,
    }),
  );
  assert.equal(bounded.count, 1);
  assert.equal(bounded.matches[0].match_id, p2.match_id);
  const h: Any = dataOf(
    await envelope("document.scan", { source: F("filing.html"), query: "warrant liability" }),
  );
  assert.equal(h.matches[0].text, "warrant liability");
});

Deno.test("document.tables: stream table with parsed numbers (parentheses, dashes, decimals)", async () => {
  const d: Any = dataOf(
    await envelope("document.tables", { source: F("stream_table.pdf"), flavor: "stream" }),
  );
  assert.equal(d.count, 1);
  const t = d.tables[0];
  assert.deepEqual(t.header, ["", "2024", "2023"]);
  assert.deepEqual(t.rows[1], ["Cost of sales", "(7,300)", "(6,900)"]);
  assert.deepEqual(t.values[1], [null, -7300, -6900]);
  assert.deepEqual(t.values[3], [null, null, 45]);
  assert.deepEqual(t.values[4], [null, 1234.5, 987]);
  assert.equal(t.values[0][1], 12500);
});

Deno.test("table cells: several numbers run together are no number; one number with a no-break thousands space is", async () => {
  const { multiNumber, parseNumber } = await import("../../analysis/document/table_figures.ts");
  // AMCOR's EBITDA bridge as ruled boxes read it, Boeing's equity columns run together
  assert.equal(parseNumber("109 3 103 35"), null);
  assert.equal(parseNumber("($24) ($9,359)"), null);
  assert.equal(parseNumber("$1 $6"), null);
  assert.equal(multiNumber("109 3 103 35"), true);
  assert.equal(parseNumber("$ (1,234)"), -1234);
  assert.equal(parseNumber("( 24 )"), -24);
  assert.equal(parseNumber("12 %"), 12);
  assert.equal(parseNumber("1\u00a0234\u00a0567"), 1234567);
  assert.equal(multiNumber("Q4 2024"), false);
});

Deno.test("document.tables: lattice table from ruling lines; HTML tables with spans", async () => {
  const d: Any = dataOf(
    await envelope("document.tables", { source: F("ruled_table.pdf"), flavor: "lattice" }),
  );
  assert.equal(d.tables[0].flavor, "lattice");
  assert.deepEqual(d.tables[0].header, ["Segment", "Revenue", "Margin"]);
  // auto mode keeps the ruled reading where it reads the figures as well as the text alignment
  const auto: Any = dataOf(await envelope("document.tables", { source: F("ruled_table.pdf") }));
  assert.equal(auto.tables[0].flavor, "lattice");
  assert.deepEqual(d.tables[0].values[1], [null, -150, -2]);
  const h: Any = dataOf(await envelope("document.tables", { source: F("filing.html") }));
  assert.deepEqual(h.tables[0].rows[1], ["Net loss", "(1,050)", "—"]);
  assert.deepEqual(h.tables[0].values[1], [null, -1050, null]);
  const bad = await envelope("document.tables", { source: F("stream_table.pdf"), pages: "x-2" });
  assert.equal(bad.ok, false);
});

Deno.test("document.tables: max_pages caps the pages searched, as in the other document commands", async () => {
  const all: Any = dataOf(await envelope("document.tables", { source: F("prose.pdf") }));
  assert.deepEqual(all.pages, [1, 2]);
  const first: Any = dataOf(
    await envelope("document.tables", { source: F("prose.pdf"), max_pages: 1 }),
  );
  assert.deepEqual(first.pages, [1]);
  const none = await envelope("document.tables", {
    source: F("prose.pdf"),
    pages: "2-end",
    max_pages: 1,
  });
  assert.equal(none.ok, false);
  assert.match(none.error!, /pages="2-end" with max_pages=1 selects no page of this 2-page PDF/);
});

Deno.test("document.ocr and auto OCR in scan: image-only page read offline", async () => {
  const o: Any = dataOf(await envelope("document.ocr", { source: F("scanned.pdf"), max_pages: 1 }));
  assert.match(o.text, /4,812/);
  assert.match(o.text, /1,207/);
  assert.ok(o.mean_confidence > 60);
  const s = await envelope("document.scan", {
    source: F("scanned.pdf"),
    query: "diluted earnings per share",
  });
  const d: Any = dataOf(s);
  assert.equal(d.matches[0].score, 100);
  assert.ok(s.warnings.some((w) => /OCR/.test(w)), "auto OCR must be said in warnings");
  assert.ok(d.warnings.some((w: string) => /OCR/.test(w)));
});

Deno.test("document safety: missing, directory, non-document, broken PDF, oversize, bad match_id", async () => {
  const cases: [Record<string, unknown>, RegExp, Record<string, string>?][] = [
    [{ source: F("nope.pdf") }, /not found/],
    [{ source: join(FIXTURES, "document") }, /directory/],
    [{ source: F("not_a_document.bin") }, /neither a PDF nor an HTML/],
    [{ source: F("broken.pdf") }, /could not be opened as a PDF \(its structure is not a PDF's\)/],
    [{ source: F("prose.pdf") }, /over the 100-byte limit/, { FINANCE_MAX_DOCUMENT_BYTES: "100" }],
    [{ source: F("filing.html"), format: "pdf" }, /HTML page/],
    [{ source: "ftp://example.com/a.pdf" }, /only local paths and http/],
  ];
  for (const [args, re, env] of cases) {
    const e = await envelope("document.read", args, { env });
    assert.equal(e.ok, false, JSON.stringify(args));
    assert.equal(e.data, null);
    assert.match(String(e.error), re);
  }
  const w = await envelope("document.window", { source: F("prose.pdf"), match_id: "line_3" });
  assert.match(String(w.error), /char_<START>_<END>/);
});

Deno.test("document URLs: fetched through the HTTP client; 404 and HTML-instead-of-PDF fail clearly", async () => {
  const pdf = Deno.readFileSync(F("prose.pdf"));
  const fake: typeof fetch = (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith("/ok.pdf")) {
      return Promise.resolve(new Response(pdf, { headers: { "content-type": "application/pdf" } }));
    }
    if (url.endsWith("/login.pdf")) {
      return Promise.resolve(
        new Response("<html><body>Please sign in</body></html>", {
          headers: { "content-type": "text/html" },
        }),
      );
    }
    return Promise.resolve(new Response("not found", { status: 404 }));
  };
  const ok: Any = dataOf(
    await envelope("document.scan", {
      source: "https://ir.example.com/ok.pdf",
      query: "effective tax rate",
    }, { fetch: fake }),
  );
  assert.equal(ok.matches[0].url, "https://ir.example.com/ok.pdf");
  const ir: Any = dataOf(
    await envelope("ir.read", { source: "https://ir.example.com/ok.pdf", max_pages: 1 }, {
      fetch: fake,
    }),
  );
  assert.match(ir.text, /Annual Report 2024/);
  assert.equal(ir.pages.length, 1);
  const login = await envelope("document.read", { source: "https://ir.example.com/login.pdf" }, {
    fetch: fake,
  });
  assert.match(String(login.error), /HTML page instead of the PDF/);
  const missing = await envelope("document.read", { source: "https://ir.example.com/gone.pdf" }, {
    fetch: fake,
  });
  assert.equal(missing.ok, false);
  assert.match(String(missing.error), /404/);
});

Deno.test("document.tables: a raised, smaller footnote mark joins its row instead of reading as -1", () => {
  const run = (str: string, x: number, y: number, size = 11.5): TextRun => ({
    str,
    x,
    y,
    size,
    width: str.length * size * 0.5,
  });
  const runs = [
    run("Revenue", 54, 700),
    run("1,200", 400, 700),
    run("1,100", 480, 700),
    run("Income tax impact", 54, 680),
    run("(1)", 54 + 17 * 5.75, 684, 7.6), // superscript right after the label
    run("0.64", 400, 680),
    run("0.03", 480, 680),
    run("Other items", 54, 660),
    run("(5)", 400, 660), // a real negative value, full size, on the baseline
    run("2", 480, 660),
  ];
  const [t] = streamTables(runs, 1, 800);
  assert.ok(t, "a table");
  const all = [t.header, ...t.rows];
  const tax = all.find((r) => r[0].startsWith("Income tax impact"))!;
  assert.equal(tax[0], "Income tax impact(1)");
  assert.deepEqual(tax.slice(1), ["0.64", "0.03"]);
  assert.ok(!all.some((r) => r[0] === "(1)"));
  const i = t.rows.findIndex((r) => r[0] === "Other items");
  assert.deepEqual(t.values[i], [null, -5, 2]);
});

Deno.test("document text models are remembered: a window after a scan answers as a cold window", async () => {
  const source = F("prose.pdf");
  const windowArgs = { source, start_char: 10, chars: 20 };
  clearModels();
  const cold: Any = dataOf(await envelope("document.window", windowArgs));
  assert.equal(cold.char_count, 302, "a cold window reads only page 1");
  clearModels();
  const before = modelBuilds();
  const scan: Any = dataOf(await envelope("document.scan", { source, query: "tax" }));
  assert.equal(modelBuilds(), before + 1);
  const warm: Any = dataOf(await envelope("document.window", windowArgs));
  assert.equal(modelBuilds(), before + 1, "the window was cut from the scan's model");
  assert.deepEqual(warm, cold);
  const again: Any = dataOf(await envelope("document.scan", { source, query: "tax" }));
  assert.equal(modelBuilds(), before + 1, "the second scan parsed nothing");
  assert.deepEqual(again, scan);
});

Deno.test("document.tables: the scale a table states is reported; values stay as printed", () => {
  const forms: [string, number | null][] = [
    ["(Dollars in millions, except per share data)", 1e6],
    ["(In thousands, except per share data)", 1e3],
    ["Amounts in USD millions", 1e6],
    ["($000)", 1e3],
    ["(€m)", 1e6],
    ["US$'000", 1e3],
    ["(000s)", 1e3],
    ["(in $ billions)", 1e9],
    ["in the millions of members", null],
    ["Revenue (m)", null],
    ["Note (k)", null],
    ["Three months ended", null],
  ];
  for (const [text, multiplier] of forms) {
    assert.equal(scaleIn([text])?.multiplier ?? null, multiplier, text);
  }
  assert.equal(
    scaleIn(["Revenue up 4% (In thousands, except per share data) audited"])!.text,
    "(In thousands, except per share data)",
    "the statement, not the whole line",
  );
  const run = (str: string, x: number, y: number): TextRun => ({
    str,
    x,
    y,
    size: 10,
    width: str.length * 5,
  });
  const rows = (y: number, label: string) => [
    run(label, 54, y),
    run("1,200", 400, y),
    run("1,100", 480, y),
  ];
  const runs = [
    run("Condensed Consolidated Balance Sheets", 54, 760),
    run("(In thousands)", 54, 748),
    run("2023", 400, 730),
    run("2022", 480, 730),
    ...rows(712, "Cash"),
    ...rows(700, "Receivables"),
    // a second table further down, with no title of its own: the first table's rows are above it
    run("Total liabilities", 54, 640),
    run("3,410,600", 400, 640),
    run("3,229,006", 480, 640),
    run("Equity", 54, 600),
    run("9", 400, 600),
    run("8", 480, 600),
    run("Other", 54, 588),
    run("7", 400, 588),
    run("6", 480, 588),
  ];
  const [first, second] = streamTables(runs, 1, 800);
  assert.deepEqual(first.scale, { multiplier: 1e3, text: "(In thousands)", where: "above" });
  assert.deepEqual(first.values[0], [null, 1200, 1100], "as printed");
  assert.equal(second.scale, null, "another table's rows stand between it and the title");
});

Deno.test("document.scan: a query's numbers match only the same numbers with the same signs", async () => {
  const { scanText, statedNumbers } = await import("../../analysis/document/scan.ts");
  assert.deepEqual(statedNumbers("Commercial Airplanes ($2,370) and 56,608.0, up 18.20%"), [
    "-2370",
    "56608",
    "18.2",
  ]);
  const text = "Total revenues 66,608 in 2022.\nCommercial Airplanes ($2,370) loss.\n" +
    "Total revenues 56,608 in 2021.";
  const doc = {
    source: "t",
    url: null,
    path: null,
    format: "html" as const,
    engine: "test",
    text,
    pages: [{ page: 1, start_char: 0, end_char: text.length, ocr: false, ocr_confidence: null }],
    page_count: 1,
    complete: true,
    warnings: [],
  };
  const scan = (query: string) =>
    scanText(doc, {
      topics: [{ topic: "q", queries: [query] }],
      mode: "fuzzy",
      threshold: 80,
      limit: 10,
      window: 0,
      start: 0,
      end: text.length,
    });
  const revenue = scan("Total revenues 56,608");
  assert.deepEqual(revenue.matches.map((m) => m.text), ["Total revenues 56,608"]);
  assert.equal(revenue.mismatches.length, 1);
  assert.match(revenue.mismatches[0].text, /66,608/);
  // a loss printed in parentheses is not the positive figure, and is the negative one
  assert.equal(scan("Commercial Airplanes 2,370").matches.length, 0);
  assert.equal(scan("Commercial Airplanes (2,370)").matches.length, 1);
  // a query without numbers is as before
  assert.equal(scan("total revenues").matches.length, 2);
});

Deno.test("rowScale: a table's 'in thousands' covers money and shares, not per-share figures, percents or store counts", async () => {
  const { rowScale } = await import("../../analysis/document/table_scale.ts");
  assert.equal(rowScale(["Net sales", "$ 3,226.8", "$ 2,729.4"], 1e6), 1e6);
  assert.equal(rowScale(["Weighted average shares", "49,335", "51,440"], 1e3), 1e3);
  assert.equal(rowScale(["Diluted earnings per share", "$ 6.68", "$ 5.41"], 1e6), null);
  assert.equal(rowScale(["Average daily rate", "$ 260", "$ 231"], 1e6), null);
  assert.equal(rowScale(["Comparable sales", "15.6%", "(4.8%)"], 1e6), null);
  assert.equal(rowScale(["New store openings, net", "12", "6"], 1e6), null);
  assert.equal(rowScale(["Net sales", "1", "2"], null), null);
});

Deno.test("document.tables: a label left of every header column opens its own column instead of taking the first figure", () => {
  const run = (str: string, x: number, y: number, size = 9): TextRun => ({
    str,
    x,
    y,
    size,
    width: str.length * size * 0.5,
  });
  // Boeing's repurchase table: lettered headers over the figures only, periods at the far left
  const runs = [
    run("(a)", 212, 540, 7.2),
    run("(b)", 297, 540, 7.2),
    run("(c)", 392, 540, 7.2),
    run("(d)", 518, 540, 7.2),
    run("10/1/2022 thru 10/31/2022", 19, 520),
    run("4,578", 233, 520),
    run("$138.33", 305, 520),
    run("Total", 19, 506),
    run("25,742", 228, 506),
    run("$169.94", 305, 506),
  ];
  const [t] = streamTables(runs, 1, 800);
  assert.deepEqual(t.rows[0].slice(0, 3), ["10/1/2022 thru 10/31/2022", "4,578", "$138.33"]);
  assert.deepEqual(t.values[1].slice(0, 3), [null, 25742, 169.94]);
  assert.deepEqual(t.header.slice(0, 2), ["", "(a)"]);
});

Deno.test("cellScales: the stated scale covers a cell only where its row, its column and the cell itself are money", async () => {
  const { cellScales, columnScale } = await import("../../analysis/document/table_scale.ts");
  const dollars = "(Dollars in millions, except per share data)";
  // share counts and prices under a statement of dollars; the dollar value column keeps it
  assert.equal(columnScale("(a) Total Number of Shares Purchased", 1e6, dollars), null);
  assert.equal(columnScale("(b) Average Price Paid per Share", 1e6, dollars), null);
  assert.equal(columnScale("(d) Approximate Dollar Value of Shares", 1e6, dollars), 1e6);
  assert.equal(columnScale("% Change", 1e6, dollars), null);
  assert.equal(columnScale("Remaining Contractual Life (in years)", 1e6, dollars), null);
  // a year column, and a column whose header rows hold the statement itself
  assert.equal(columnScale("Years ended December 31, 2022", 1e6, dollars), 1e6);
  assert.equal(columnScale(`2022 ${dollars}`, 1e6, dollars), 1e6);
  // "(In millions, except per share data)" covers share counts; "Dollars in millions" does not
  assert.equal(columnScale("Weighted average shares", 1e6, "(In millions, except per share)"), 1e6);
  const t = {
    header: ["", "2022", "2021", "Change"],
    rows: [
      ["Net sales", "$ 554", "$ 541", "2 %"],
      ["3.25% notes due 2026", "1,000", "1,000", ""],
      ["EARNINGS PER SHARE:", "", "", ""],
      ["Basic", "$ 0.89", "$ 1.05", "(15)%"],
      ["Weighted average diluted shares (in thousands)", "49,854", "49,513", ""],
      ["Treasury shares issued for 401(k) contribution", "1,215", "1,233", ""],
    ],
    values: [
      [null, 554, 541, 2],
      [null, 1000, 1000, null],
      [null, null, null, null],
      [null, 0.89, 1.05, -15],
      [null, 49854, 49513, null],
      [null, 1215, 1233, null],
    ],
    scale: { multiplier: 1e6, text: dollars, where: "header" as const },
  };
  assert.deepEqual(cellScales(t), [
    [null, 1e6, 1e6, null], // the percent change is no money
    [null, 1e6, 1e6, null], // a coupon in the label is no percent row
    [null, null, null, null],
    [null, null, null, null], // "Basic" under "EARNINGS PER SHARE:"
    [null, 1e3, 1e3, null], // the row states its own scale
    [null, 1e6, 1e6, null], // shares issued as a dollar amount
  ]);
});

Deno.test("HTML tables: columns follow the finest header row; a scale stated above the table counts", async () => {
  const { htmlTableBlocks } = await import("../../analysis/document/html.ts");
  const { htmlTable } = await import("../../analysis/document/tables.ts");
  const { rowScale } = await import("../../analysis/document/table_scale.ts");
  const td = (t: string, span = 1) => `<td colspan="${span}">${t}</td>`;
  const html = `<div>CONSOLIDATED STATEMENTS OF INCOME</div>
    <div>(Amounts in Thousands Except Per Share Amounts)</div>
    <table>
    <tr>${td("&#160;", 3)}${td("Thirteen Weeks Ended", 6)}</tr>
    <tr>${td("&#160;", 3)}${td("November 2, 2024", 3)}${td("October 28, 2023", 3)}</tr>
    <tr>${td("&#160;", 3)}${td("&#160;", 3)}${td("&#160;", 3)}</tr>
    <tr>${td("SALES, Net", 3)}${td("$")}${td("293,618")}${td("")}${td("$")}${td("303,457")}${
    td("")
  }</tr>
    <tr>${td("Diluted earnings per share", 3)}${td("$")}${td("0.90")}${td("")}${td("$")}${
    td("1.02")
  }${td("")}</tr>
    </table>`;
  const [block] = await htmlTableBlocks(html);
  assert.deepEqual(block.above.at(0), "(Amounts in Thousands Except Per Share Amounts)");
  const t = htmlTable(block.grid, block.above);
  // one column per date, not both periods in one "Thirteen Weeks Ended" column
  assert.deepEqual(t.rows.find((r) => r[0] === "SALES, Net"), [
    "SALES, Net",
    "$ 293,618",
    "$ 303,457",
  ]);
  assert.deepEqual(t.values[t.rows.findIndex((r) => r[0] === "SALES, Net")], [
    null,
    293618,
    303457,
  ]);
  // the spacer row is gone
  assert.ok(t.rows.every((r) => r.some(Boolean)));
  assert.equal(t.scale?.multiplier, 1000);
  assert.equal(t.scale?.where, "above");
  const eps = t.rows.find((r) => r[0].startsWith("Diluted"))!;
  assert.equal(rowScale(eps, 1000, t.scale!.text), null);
});

Deno.test("document.tables on a scanned page says it has no text layer, not that it has no tables", async () => {
  const e = await envelope("document.tables", { source: F("scanned.pdf") });
  const d: Any = dataOf(e);
  assert.equal(d.count, 0);
  assert.ok(e.warnings.some((w) => /have no text layer \(scanned images\).*document\.ocr/.test(w)));
  assert.ok(!e.warnings.some((w) => /no tables detected/.test(w)));
});
