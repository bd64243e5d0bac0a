/**
 * What a person reads in sheets and compact lines: numbers in full without an exponent or
 * binary residue, no NaN, and the envelope's warnings kept in the sheet itself (a CSV saved to a
 * file loses stderr). Also a price far below a cent is not printed as 0.00.
 */
import assert from "node:assert/strict";
import { renderOutput } from "../../adapters/render.ts";
import { money } from "../../adapters/views/model.ts";
import { linkify } from "../../adapters/views/html.ts";
import { loadCommand } from "../../commands/registry.ts";
import type { Envelope } from "../../core/envelope.ts";
import { join } from "node:path";
import { FIXTURES, run } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const ok = (data: unknown, warnings: string[] = []): Envelope =>
  ({ ok: true, data, error: null, warnings }) as unknown as Envelope;

/** A CSV line split into cells (no quoted commas in these cases). */
const cells = (line: string) => line.split(",");

Deno.test("csv/tsv: small numbers are positional, not 1e-7; NaN and Infinity are empty cells", () => {
  const env = ok({
    rows: [
      { symbol: "AAA", weight: 1e-7, score: NaN, ratio: Infinity, big: 1.5e21 },
      { symbol: "BBB", weight: -3.25e-7, score: 0.1 + 0.2, ratio: -0, big: 12 },
    ],
  });
  for (const mode of ["csv", "tsv"] as const) {
    const out = renderOutput(env, mode).out;
    const sep = mode === "csv" ? "," : "\t";
    const [head, a, b] = out.split("\n").map((l) => l.split(sep));
    assert.deepEqual(head, ["symbol", "weight", "score", "ratio", "big"]);
    // the old sheet printed 1e-7, NaN, Infinity and 1.5e+21
    assert.deepEqual(a, ["AAA", "0.0000001", "", "", "1500000000000000000000"], out);
    assert.deepEqual(b, ["BBB", "-0.000000325", "0.3", "0", "12"], out);
    assert.ok(!/NaN|Infinity|\de[+-]\d/.test(out), out);
  }
});

Deno.test("csv: a computed figure still reads back as the exact JSON value", () => {
  const out =
    renderOutput(ok({ rows: [{ ev: 1627.2079069823367, pv: 0.9174311926605504 }] }), "csv")
      .out;
  const [, row] = out.split("\n");
  assert.deepEqual(cells(row).map(Number), [1627.2079069823367, 0.9174311926605504]);
});

Deno.test("compact: no NaN, no Infinity, no exponent", () => {
  const out =
    renderOutput(ok({ value: NaN, tiny: 2.5e-9, rows: [{ a: Infinity, b: 1e-7 }] }), "compact")
      .out;
  assert.ok(!/NaN|Infinity|\de[+-]\d/.test(out), out);
  assert.match(out, /tiny=0\.0000000025/);
  assert.match(out, /b=0\.0000001/);
});

Deno.test("csv/tsv: the envelope's warnings are a last column of every row, and still on stderr", async () => {
  // sector.table's warning is the unit of two columns (no currency stated): a sheet saved to a
  // file used to lose it, since it only went to stderr
  const out = await run("sector.table", { key: "technology", table: "top_etfs" }, {
    fetch: fakeMarket(),
    now: "2023-11-22T20:00:00Z",
  });
  const env = out.envelope;
  assert.ok(env.ok && env.warnings.length > 0, "the fixture answers with warnings");
  const def = await loadCommand("sector.table");
  for (const mode of ["csv", "tsv"] as const) {
    const r = renderOutput(env, mode, { view: def.view });
    const lines = r.out.split("\n");
    const sep = mode === "csv" ? "," : "\t";
    assert.ok(lines[0].endsWith(`${sep}warnings`), lines[0]);
    for (const line of lines.slice(1)) {
      for (const w of env.warnings) assert.ok(line.includes(w), `${mode} row lacks "${w}"`);
    }
    // stderr keeps them for a terminal reader
    assert.match(r.err, /^warning: /);
  }
  // the text view is unchanged: warnings once at the end
  const text = renderOutput(env, "text", { view: def.view }).out;
  assert.ok(!/\bwarnings\b.*\|/.test(text));
});

Deno.test("csv: no warnings, no warnings column; a result's own warnings column is extended, not doubled", () => {
  assert.equal(renderOutput(ok({ rows: [{ a: 1 }] }), "csv").out, "a\n1");
  const own = renderOutput(
    ok({ rows: [{ a: 1, warnings: ["page 3 unreadable"] }] }, ["page 3 unreadable", "stale"]),
    "csv",
  ).out;
  assert.equal(own, "a,warnings\n1,page 3 unreadable | stale");
});

Deno.test("text: a price far below a cent keeps its digits (it printed USD 0.00)", () => {
  assert.equal(money(0.00000002, "USD"), "USD 0.00000002");
  assert.equal(money(0.0000123456, "USD"), "USD 0.00001235");
  const text =
    renderOutput(ok({ symbol: "TOKEN-USD", price: 0.000000034, currency: "USD" }), "text")
      .out;
  assert.match(text, /USD 0\.000000034/);
  // float residue still reads as zero
  assert.equal(money(-1e-9), "0.00");
});

Deno.test("text: estimates.compare's percent_gap (a fraction) reads as a percent, not a bare 0.1", async () => {
  const out = await run("estimates.compare", {
    symbol: "AAPL",
    revenue: 2.2e9,
    consensus_revenue: 2.0e9,
    eps: 0.5,
    consensus_eps: 0.45,
    fiscal_year: 2027,
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const def = await loadCommand("estimates.compare");
  const text = renderOutput(out.envelope, "text", { view: def.view, width: 120 }).out;
  const row = text.split("\n").find((l) => l.startsWith("revenue")) ?? "";
  // the fraction 0.1 and the percent 10 are the same gap: both read 10.00%
  assert.match(row, /200,000,000\s+10\.00%\s+10\.00%/, text);
  assert.ok(!/\s0\.1\s/.test(row), row);
});

const CALL_URL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";

Deno.test("csv: every transcripts.qa turn cites its transcript (date, URL, source), not offsets alone", async () => {
  const out = await run("transcripts.qa", { source: CALL_URL }, {
    replay: [join(FIXTURES, "evidence", "transcripts")],
    now: "2026-02-25T12:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const def = await loadCommand("transcripts.qa");
  const lines = renderOutput(out.envelope, "csv", { view: def.view }).out.split("\n");
  assert.match(
    lines[0],
    /^pair,role,speaker,title,text,start_char,end_char,quarter,published_at,url,source/,
  );
  for (const line of lines.slice(1)) {
    assert.ok(line.includes(`,2025-11-06,${CALL_URL},motley_fool`), line);
  }
});

Deno.test("csv: document.tables rows name the document their cells were read from", async () => {
  const file = join(FIXTURES, "document", "ruled_table.pdf");
  const out = await run("document.tables", { source: file });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const def = await loadCommand("document.tables");
  const lines = renderOutput(out.envelope, "tsv", { view: def.view }).out.split("\n");
  assert.equal(lines[0], "table\tpage\trow\tscale\tunscaled\tsource\tcol_1\tcol_2\tcol_3");
  assert.equal(lines[2], `1\t1\t1\t\t\t${file}\tCloud\t4,200\t31%`);
});

Deno.test("csv: a backtest's equity curve names where its prices came from, per symbol", async () => {
  const out = await run("backtest.run", {
    strategy: "sma_cross",
    symbols: "AAPL,MSFT",
    start_date: "2023-03-01",
    end_date: "2023-06-30",
    provider: "market_a",
    params: { fast: 5, slow: 20 },
  }, { replay: [join(FIXTURES, "backtest", "cassette")], now: "2026-02-25T12:00:00Z" });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const def = await loadCommand("backtest.run");
  const lines = renderOutput(out.envelope, "csv", { view: def.view }).out.split("\n");
  assert.match(lines[0], /^date,equity,benchmark,drawdown_pct,currency,prices/);
  assert.match(
    lines[1],
    /,USD,"AAPL: market_a, Yahoo Finance chart API \(v8\/finance\/chart\), total_return 2023-01-18 to 2023-06-30 \(https:\/\/query2\.finance\.yahoo\.com\/v8\/finance\/chart\/AAPL\?[^ )]*\); MSFT: market_a,/,
  );
});

const R2 = "https://www.sec.gov/Archives/edgar/data/1234567/000123456724000010/R2.htm";

Deno.test("notebook: a URL before a full stop, semicolon or bracket links to the URL, not URL plus punctuation", () => {
  const html = linkify(`See ${R2}; or (${R2}). Also ${R2}.`);
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  // the old links were R2.htm; R2.htm). and R2.htm. : pages that do not exist
  assert.deepEqual(hrefs, [R2, R2, R2]);
  assert.ok(html.includes("</a>; or ("), html);
  assert.ok(html.endsWith("</a>."), html);
  // a bracket the URL opened stays in it
  const wiki = "https://en.wikipedia.org/wiki/Earnings_(accounting)";
  assert.match(linkify(wiki), new RegExp(`href="${wiki.replace(/[()]/g, "\\$&")}"`));
});

Deno.test("compact: a file path (a document's citation) is printed whole, like a URL", () => {
  const path = "/home/analyst/reports/annual/2024/acme-widgets-10k-final.pdf";
  const out = renderOutput(ok({ source: path, format: "pdf", rows: [{ page: 1 }] }), "compact").out;
  assert.ok(out.includes(`source=${path} `), out);
  assert.ok(!out.includes("…"), out);
});

Deno.test("notebook: citations carry the URLs a result was read from, as links; fmt keeps small figures", async () => {
  const { show, JUPYTER_DISPLAY, cite, fmt } = await import("../../adapters/jupyter.ts");
  const url = "https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL";
  const data = { symbol: "AAPL", price: 190.5, provider: "market_a", source_urls: [url] };
  // the citation line named provider and symbol but not the URL
  assert.match(cite(data), new RegExp(`read from ${url.replace(/[?.]/g, "\\$&")}`));
  const env = ok(data);
  const bundle = (show(env) as Record<symbol, () => Record<string, string>>)[JUPYTER_DISPLAY]();
  const html = bundle["text/html"];
  const citations = html.slice(html.indexOf("<b>Citations</b>"));
  assert.ok(citations.includes(`<a href="${url.replace(/&/g, "&amp;")}"`), citations);
  assert.equal(fmt(0.00004), "0.00004", "it printed 0");
  assert.equal(fmt(-1e-12), "0", "residue reads 0, not -0");
  assert.equal(fmt(2_500_000_000, "$"), "$2.50B");
});

Deno.test("csv: a statement cut at max_rows says so in the sheet (the text view did, the sheet did not)", async () => {
  const out = await run("filings.statement", { symbol: "ACME", max_rows: 2 }, {
    replay: [join(FIXTURES, "filings", "cassette")],
    now: "2026-02-25T12:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const def = await loadCommand("filings.statement");
  const r = renderOutput(out.envelope, "csv", { view: def.view });
  const lines = r.out.split("\n");
  assert.equal(lines.length, 3);
  assert.ok(lines[0].endsWith(",warnings"), lines[0]);
  for (const line of lines.slice(1)) assert.match(line, /showing the first 2 line items/);
  assert.match(r.err, /more \(max_rows\)/);
  // a whole statement has no such column
  const whole = await run("filings.statement", { symbol: "ACME" }, {
    replay: [join(FIXTURES, "filings", "cassette")],
    now: "2026-02-25T12:00:00Z",
  });
  assert.ok(!renderOutput(whole.envelope, "csv", { view: def.view }).out.includes("warnings"));
});

Deno.test("csv: a sector's market cap has a currency column saying Yahoo states none", async () => {
  const out = await run("sector.overview", { key: "technology" }, {
    fetch: fakeMarket(),
    now: "2023-11-22T20:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const def = await loadCommand("sector.overview");
  const [head, row] = renderOutput(out.envelope, "csv", { view: def.view }).out.split("\n");
  const at = (k: string) => row.split(",")[head.split(",").indexOf(k)];
  // the text view says "Yahoo names no currency"; the sheet had a bare 20000000000000
  assert.equal(at("overview.market_cap"), "20000000000000");
  assert.equal(at("overview.market_cap_currency"), "not stated");
});

Deno.test("csv: transcripts.read's sheet of speakers names the transcript it lists", async () => {
  const out = await run("transcripts.read", { source: CALL_URL, max_chars: 600 }, {
    replay: [join(FIXTURES, "evidence", "transcripts")],
    now: "2026-02-25T12:00:00Z",
  });
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const def = await loadCommand("transcripts.read");
  const [head, first] = renderOutput(out.envelope, "csv", { view: def.view }).out.split("\n");
  assert.match(head, /^name,title,company,role,turns,source,transcript\.url/);
  assert.ok(first.includes(`,motley_fool,${CALL_URL}`), first);
});
