/**
 * Small hostile documents that held the event loop for minutes: patterns that retry a search to
 * the end of the text from every tag no `>` (or `-->`, `</a>`, `</tr>`) follows, a number pattern
 * whose digit runs could be split two ways, a blank run retried from each of its characters, and
 * loops that redo work on the whole text per tag or line. No deadline interrupts a single
 * RegExp.exec, so each case runs in a child process that must finish well within a limit the old
 * code missed by minutes (speed itself is measured in bench/, not here). The in-process tests
 * pin the readings that the rewrites keep.
 */
import assert from "node:assert/strict";
import { nestingDepth } from "../../analysis/document/html.ts";
import { joinLines } from "../../analysis/document/pdf_layout.ts";
import { MAX_SENTENCE, sentences, values } from "../../analysis/evidence/kpi.ts";
import { opensGuidance } from "../../analysis/evidence/kpi_attach.ts";
import { htmlToText } from "../../analysis/filings/html.ts";
import { parseCellNumber } from "../../analysis/filings/rfile_markup.ts";
import { parseReport } from "../../analysis/filings/rfile.ts";
import { unpiped } from "../../analysis/filings/section_clean.ts";
import { irLinks, MAX_IR_PAGE_CHARS } from "../../providers/company_ir/crawl.ts";
import { cellText } from "../../providers/company_ir/exhibits.ts";

const ROOT = new URL("../../", import.meta.url);
const LIMIT_MS = 30_000;

/**
 * Runs `code` (JavaScript with `mod` bound to the imported module `path` and `input` to the
 * text `make` builds) in a child deno, and asserts it finished within LIMIT_MS; the old code
 * took minutes on each of these inputs, the new one well under a second.
 */
async function finishes(what: string, path: string, make: string, code: string): Promise<void> {
  const url = new URL(path, ROOT).href;
  const script = `const mod = await import(${JSON.stringify(url)});
const input = ${make};
${code}
console.log("finished");`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=js", script],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(LIMIT_MS),
  }).spawn();
  const out = await child.output();
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(
    out.success && text.includes("finished"),
    `${what}: not finished within ${LIMIT_MS} ms (${out.signal ?? out.code}) ${
      new TextDecoder().decode(out.stderr).slice(0, 400)
    }`,
  );
}

Deno.test("nestingDepth: a megabyte of tags or comments that never close reads in one pass", async () => {
  await finishes(
    "unclosed tags",
    "analysis/document/html.ts",
    `"<html><body><p>hello</p>" + "<a ".repeat(350_000)`,
    `if (mod.nestingDepth(input) !== 3) throw new Error("depth");`,
  );
  await finishes(
    "unclosed comments",
    "analysis/document/html.ts",
    `"<div>" + "<!--".repeat(250_000) + "<p>"`,
    `if (mod.nestingDepth(input) !== 2) throw new Error("depth");`,
  );
});

Deno.test("nestingDepth reads tags as before", () => {
  assert.equal(nestingDepth("<div><p>a<a "), 2); // a tag no `>` ends is no tag
  assert.equal(nestingDepth("<div><!-- <div> --><div><!-- <div><div>"), 4); // open comment: tags
  assert.equal(nestingDepth("<div></ div><div/ ><svg><g/ ><g></svg>"), 5); // "</ div>" and "/ >" are not closes
  assert.equal(nestingDepth("<div><SCRIPT><div></Script ><div><style>"), 2);
  assert.equal(nestingDepth("<a:b.c-d><x:y"), 1);
});

Deno.test("irLinks: a page of opened links and unclosed tags reads in one pass", async () => {
  await finishes(
    "opened hrefs",
    "providers/company_ir/crawl.ts",
    `'<a href="'.repeat(25_000) + ">"`,
    `mod.irLinks(input, "https://ir.example.com/");`,
  );
  await finishes(
    "a tag of many anchors",
    "providers/company_ir/crawl.ts",
    `"<a " + '<a href="/q1-2024-presentation.pdf" x'.repeat(30_000) + ">Q1</a>"`,
    `if (mod.irLinks(input, "https://ir.example.com/").documents.length !== 1) throw new Error("n");`,
  );
});

Deno.test("irLinks reads links as the pattern did, and says when a page is cut", () => {
  const page = [
    '<a href="/a.pdf" title="Q1 > 2024">Q1 2024 Investor Presentation</a>', // `>` in a value
    '<a data-x="1" href="/b.pdf" data-href="/q2-2024-earnings-presentation.pdf">Q2 2024</a>',
    '<A HREF = "/q3-2024-earnings-presentation.pdf">Q3 2024 <b>Results</b></A>',
    '<abbr href="/no.pdf">x</abbr><a href="">empty</a>',
  ].join("\n");
  const { documents, warnings } = irLinks(page, "https://ir.example.com/");
  assert.deepEqual(documents.map((d) => [d.url, d.title]), [
    ["https://ir.example.com/a.pdf", '2024">Q1 2024 Investor Presentation'],
    ["https://ir.example.com/q2-2024-earnings-presentation.pdf", "Q2 2024"],
    ["https://ir.example.com/q3-2024-earnings-presentation.pdf", "Q3 2024 Results"],
  ]);
  assert.deepEqual(warnings, []);
  const big = "x".repeat(MAX_IR_PAGE_CHARS) + page;
  const cut = irLinks(big, "https://ir.example.com/");
  assert.deepEqual(cut.documents, []);
  assert.match(cut.warnings[0], /only the first 16000000 of 16000\d+ characters were read/);
});

Deno.test("cellText: a cell of unclosed tags reads in one pass", async () => {
  await finishes(
    "unclosed tags",
    "providers/company_ir/exhibits.ts",
    `"<td>Exhibit " + "<a ".repeat(350_000)`,
    `if (!mod.cellText(input).startsWith("Exhibit <a")) throw new Error("text");`,
  );
  assert.equal(cellText("<b>a</b><>b<i"), "a b<i"); // `<>` is a tag to this pattern; `<i` is not
});

Deno.test("filings htmlToText: script and style tags that never close read in one pass", async () => {
  await finishes(
    "unclosed scripts",
    "analysis/filings/html.ts",
    `"<p>a</p>" + "<script>".repeat(125_000) + "<style>x".repeat(125_000)`,
    `mod.htmlToText(input);`,
  );
  assert.equal(htmlToText("<p>a<script>b</script>c<style>d<p>e").text.trim(), "acd\ne"); // a style never closed is text
});

Deno.test("R pages: a long digit run and rows that never close read in one pass", async () => {
  await finishes(
    "digits",
    "analysis/filings/rfile_markup.ts",
    `"1".repeat(1_000_000) + "x"`,
    `if (mod.parseCellNumber(input) !== null) throw new Error("number");`,
  );
  await finishes(
    "unclosed rows, cells and tables",
    "analysis/filings/rfile.ts",
    `'<table class="report"><tr><td>' + "<td>".repeat(100_000) + "<tr>".repeat(100_000) + "<table ".repeat(50_000)`,
    `mod.parseReport(input); mod.reportText(input);`,
  );
});

Deno.test("parseCellNumber reads figures as before", () => {
  const cases: [string, number | null][] = [
    ["1,234", 1234],
    ["(1,234.5)", -1234.5],
    ["-.5%", -0.5],
    [",5", 5],
    ["1,", null],
    ["5.", null],
    ["1.2.3", null],
    ["(5", null],
    ["$ 40,315 [1]", 40315],
  ];
  for (const [text, want] of cases) assert.equal(parseCellNumber(text), want, text);
  const html = '<table class="report"><tr><th class="tl">T</th></tr>' +
    '<tr><td class="pl">Revenue</td><td>(1,2)</td></tr><TR><td>x</td><td>3</td>';
  assert.deepEqual(parseReport(html).rows.map((r) => r.values.map((v) => v.number)), [[-12]]);
});

Deno.test("filing sections: lines of blanks and of item headings read in one pass", async () => {
  const clean = `const ct = await import(${
    JSON.stringify(new URL("analysis/filings/section_clean.ts", ROOT).href)
  });
const doc = ct.cleanDocument({ text: input, anchors: new Map(), links: [] });`;
  await finishes(
    "blanks",
    "analysis/filings/xref.ts",
    `"Item 1. Business\\n" + "a" + " ".repeat(500_000) + "!\\n" + "a" + "\\u00a0\\t".repeat(250_000) + "x"`,
    `${clean}\nmod.readCrossReferenceIndex(doc);`,
  );
  await finishes(
    "blanks (sections)",
    "analysis/filings/canonical.ts",
    `"a" + " ".repeat(1_000_000) + "!"`,
    `${clean}\nmod.locateSections(doc, "10-K");`,
  );
  await finishes(
    "item headings",
    "analysis/filings/canonical.ts",
    `"Item 1A. Risk Factors\\n".repeat(140_000)`,
    `${clean}\nmod.locateSections(doc, "10-K");`,
  );
});

Deno.test("unpiped reads a line as replacing \\s*|\\s* with a space did", () => {
  for (
    const line of [
      "a | b",
      "Item 1.\t|\u00a0Business |",
      " | | x",
      "no pipe  here ",
      "|",
      "a\u2003|\u3000b\ufeff| c",
    ]
  ) assert.equal(unpiped(line), line.replace(/\s*\|\s*/g, " "), JSON.stringify(line));
});

Deno.test("joinLines: two megabytes of lines join in one pass", async () => {
  await finishes(
    "hyphenated lines",
    "analysis/document/pdf_layout.ts",
    `Array.from({ length: 700_000 }, () => "ab-")`,
    `if (mod.joinLines(input).length !== 1_400_001) throw new Error("length");`,
  );
  await finishes(
    "blank lines",
    "analysis/document/pdf_layout.ts",
    `"x\\n\\n".repeat(700_000).split("\\n")`,
    `mod.joinLines(input);`,
  );
  assert.equal(
    joinLines(["", "co-", "operate", "A-", "B", "\u{1D41A}-", "b", "-", "c"]),
    "cooperate\nA-\nB\n\u{1D41A}b\n-\nc",
  );
  // a compound's own hyphen stays when its line is joined on; a broken word's goes
  assert.equal(
    joinLines(["a well-", "known brand, self-", "insured, busi-", "ness"]),
    "a well-known brand, self-insured, business",
  );
});

Deno.test("KPI extraction: a megabyte with no sentence break, digit runs and long words reads in linear time", async () => {
  await finishes(
    "one endless sentence of growth figures",
    "analysis/evidence/kpi.ts",
    `"Revenue grew 1% and " + "revenue grew 1% ".repeat(60_000)`,
    `if (mod.extractKpis(input, mod.METRICS).length === 0) throw new Error("no hits");`,
  );
  await finishes(
    "a digit run",
    "analysis/evidence/kpi.ts",
    `"Revenue was x" + "1".repeat(1_000_000) + "x."`,
    `if (mod.values(input).length !== 0) throw new Error("values");`,
  );
  await finishes(
    "a long word before a customer count",
    "analysis/evidence/kpi.ts",
    `"We have " + "a".repeat(1_000_000) + " 1,200 customers."`,
    `mod.extractKpis(input, mod.METRICS);`,
  );
  await finishes(
    "guidance repeated without a full stop",
    "analysis/evidence/kpi_attach.ts",
    `"guidance ".repeat(120_000)`,
    `if (mod.opensGuidance(input, false)) throw new Error("opens");`,
  );
});

Deno.test("KPI sentences: a run past MAX_SENTENCE is read in pieces cut at spaces, offsets kept", () => {
  const text = "Intro. " + "word ".repeat(1_000) + "end.";
  const pieces = sentences(text);
  assert.ok(pieces.length >= 3);
  for (const p of pieces) {
    assert.ok(p.text.length <= MAX_SENTENCE);
    assert.equal(text.slice(p.start, p.end), p.text);
  }
  assert.deepEqual(pieces.map((p) => p.text).join(" ").split(/\s+/).length, 1_002);
});

Deno.test("KPI values read percents as before", () => {
  const read = (s: string) => values(s).map((v) => [v.raw, v.number, v.kind]);
  assert.deepEqual(read("margin of 12.5% versus 5-3% and .5% and -2%"), [
    ["12.5%", 12.5, "percent"],
    ["5", 5, "count"],
    ["-3%", -3, "percent"],
    ["5%", 5, "percent"],
    ["-2%", -2, "percent"],
  ]);
  assert.deepEqual(read("Q3 revenue of $4.2 billion, up 150 basis points"), [
    ["$4.2 billion", 4.2e9, "money"],
    ["150 basis points", 1.5, "percent"],
  ]);
});

Deno.test("opensGuidance reads lead-ins as the patterns did", () => {
  assert.equal(
    opensGuidance("We are pleased to provide our full-year 2025 guidance.", false),
    true,
  );
  assert.equal(opensGuidance("Our guidance for the fourth quarter is as follows", false), true);
  assert.equal(opensGuidance("Our guidance. It is as follows", false), false);
  assert.equal(opensGuidance("For Q4 we expect the following:", false), true);
  assert.equal(opensGuidance("We expect. The following:", false), false);
  assert.equal(opensGuidance("Our guidance is as follows", true), false);
});

Deno.test("transcripts: thousands of hand-overs to different bare names read in linear time", async () => {
  // each bare name line once searched the whole text, and built a Unicode pattern, for itself
  const make = `(() => {
  const U = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", l = "abcdefghijklmnopqrstuvwxyz";
  const name = (i) => U[i % 26] + l[(i / 26 | 0) % 26] + l[(i / 676 | 0) % 26] + " " +
    U[(i / 17576 | 0) % 26] + l[i % 23] + l[i % 19];
  const parts = [];
  for (let i = 0; i < 40000; i++) {
    parts.push("I now hand over to " + name(i) + ".", name(i), "Thanks. Revenue grew " + i + " percent.");
  }
  return parts.join("\\n\\n");
})()`;
  await finishes(
    "hand-overs",
    "analysis/evidence/transcript.ts",
    make,
    `const html = await import(${
      JSON.stringify(new URL("analysis/evidence/transcript_html.ts", ROOT).href)
    });
const parsed = mod.parseTranscript(html.textBlocks(input));
if (!parsed.label_warnings.some((w) => w.includes("64 different names"))) throw new Error("warning");`,
  );
});

Deno.test("transcripts: thousands of hand-overs to thousands of labelled and numbered speakers read in linear time", async () => {
  // each hand-over was once compared with every speaker: quadratic (62 s for this text)
  const make = `(() => {
  const parts = [];
  const c = (n) => String.fromCharCode(97 + n % 26);
  for (let i = 0; i < 8000; i++) {
    const name = "Jo" + c(i) + c(i / 26 | 0) + c(i / 676 | 0) + " Doe -- Analyst";
    parts.push("Operator", "Our next question comes from Jane Doe.", name, "Revenue grew " + i + "%.");
    parts.push("Speaker " + (i % 1000), "Thanks.");
  }
  return parts.join("\\n\\n");
})()`;
  await finishes(
    "labelled speakers",
    "analysis/evidence/transcript.ts",
    make,
    `const html = await import(${
      JSON.stringify(new URL("analysis/evidence/transcript_html.ts", ROOT).href)
    });
const parsed = mod.parseTranscript(html.textBlocks(input));
if (parsed.turns.length !== 24000) throw new Error("turns " + parsed.turns.length);`,
  );
});
