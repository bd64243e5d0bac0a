/**
 * Findings of a sweep of every command's examples in every output mode: text lines fit the
 * width (warnings and errors included), a URL is never cut with "…" (in a table cell or a
 * compact line), and a long comma list wraps after a comma instead of overflowing.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { renderOutput } from "../../adapters/render.ts";
import { blocksText, wrap } from "../../adapters/views/text.ts";
import { failure, success } from "../../core/envelope.ts";
import { loadCommand } from "../../commands/registry.ts";
import { FIXTURES, run } from "../_helpers.ts";

const GDELT =
  "https://api.gdeltproject.org/api/v2/doc/doc?query=%22Apple%22+sourcelang%3Aenglish&mode=artlist";
const MISS = `news: no recording for GET ${GDELT} in the replay cassette(s) /tmp/c`;

/** Every line is at most `width` wide unless it is one URL (with a trailing ";" or ","). */
function fits(text: string, width = 100): void {
  for (const line of text.split("\n")) {
    if (/^\s*https?:\/\/\S+$/.test(line)) continue;
    assert.ok(line.length <= width, `line of ${line.length} columns: ${line}`);
  }
}

/** No URL in the text ends in "…". */
function noCutUrl(text: string): void {
  assert.doesNotMatch(text, /https?:\/\/\S*…/);
}

Deno.test("text: a long warning wraps to the width, its URL whole, further lines indented", () => {
  const env = success({ symbol: "AAPL" }, [`news unavailable: ${MISS}; record it while online`]);
  const r = renderOutput(env, "text", { width: 100 });
  fits(r.out);
  const lines = r.out.split("\n");
  const at = lines.findIndex((l) => l.startsWith("warning: news unavailable"));
  assert.ok(at > 0, r.out);
  assert.ok(lines.some((l) => l.startsWith(`  ${GDELT} `)), r.out);
  assert.ok(lines.slice(at + 1).every((l) => l.startsWith("  ")), r.out);
  // the words are all there, in order
  assert.equal(
    lines.slice(at).map((l) => l.trim()).join(" "),
    `warning: news unavailable: ${MISS}; record it while online`,
  );
});

Deno.test("text: a failure's error and warnings on stderr fit the width too", () => {
  const long = "the ticker is not in SEC's list of company tickers; check the symbol, or pass " +
    "accession= or url= of the filing you mean instead";
  const r = renderOutput(failure(`filings_a: ${long}`, [`skipped: ${long}`]), "text", {
    width: 80,
  });
  assert.equal(r.out, "");
  fits(r.err, 80);
  assert.match(r.err, /^error: filings_a: the ticker/);
  assert.match(r.err, /\nwarning: skipped: the ticker/);
});

Deno.test("csv and compact: warnings stay one line each", () => {
  const w = `a warning ${"long ".repeat(40)}end`;
  const csv = renderOutput(success({ rows: [{ a: 1 }] }, [w]), "csv");
  assert.equal(csv.err, `warning: ${w}`);
  const compact = renderOutput(success({ a: 1 }, [w]), "compact");
  assert.ok(compact.out.split("\n").includes(`warning: ${w}`));
});

Deno.test("text: price.context's sources table does not cut a URL in an error cell", () => {
  const data = {
    symbol: "AAPL",
    target_date: "2026-02-24",
    timeline: [],
    sources: [
      { source: "filings", ok: true, count: 1, error: null },
      { source: "news", ok: false, count: 0, error: MISS },
    ],
  };
  const r = renderOutput(success(data), "text", { view: "context", width: 100 });
  fits(r.out);
  noCutUrl(r.out);
  assert.match(r.out, /news: no recording for GET…$/m);
});

Deno.test("text: a prose cell clipped before a URL keeps the words ahead of it", () => {
  const lines = blocksText([{
    kind: "table",
    columns: [{ name: "source" }, { name: "error" }],
    rows: [[{ text: "news" }, { text: `failed: ${GDELT}` }]],
  }], 60);
  noCutUrl(lines.join("\n"));
  assert.ok(lines.some((l) => /^news\s+failed:…$/.test(l)), lines.join("\n"));
});

Deno.test("compact: a value holding a URL is shortened before the URL, not inside it", () => {
  const env = success({
    sources: [{ name: "stooq", ok: false, error: `stooq: no recording for GET ${GDELT}` }],
  });
  const out = renderOutput(env, "compact").out;
  noCutUrl(out);
  assert.match(out, /error=stooq: no recording for GET…$/);
  // a value that is a URL stays whole
  const url = renderOutput(success({ url: GDELT }), "compact").out;
  assert.equal(url, `url=${GDELT}`);
});

Deno.test("wrap: a comma list longer than the width breaks after a comma; URLs stay whole", () => {
  const metrics =
    "metrics=arr,net_new_arr,large_customers,nrr,rpo,revenue_growth,operating_margin,fcf_margin";
  const lines = wrap(`finance kpi.extract CRWD from=both ${metrics} limit=40`, 80);
  for (const l of lines) assert.ok(l.length <= 80, l);
  assert.deepEqual(lines, [
    "finance kpi.extract CRWD from=both",
    "metrics=arr,net_new_arr,large_customers,nrr,rpo,revenue_growth,operating_margin,",
    "fcf_margin limit=40",
  ]);
  const long = `see ${GDELT},${GDELT}`;
  assert.ok(wrap(long, 40).includes(`${GDELT},${GDELT}`));
});

Deno.test("text: research.plan's steps fit 100 columns (a command's metrics list)", async () => {
  const { envelope } = await run("research.plan", { symbol: "CRWD" });
  assert.ok(envelope.ok);
  const out = renderOutput(envelope, "text", { width: 100 }).out;
  fits(out);
  assert.match(out, /operating_margin,\n\s+fcf_margin limit=40/);
});

Deno.test("text: a table caption longer than the width wraps (document.tables)", async () => {
  const { envelope } = await run("document.tables", {
    source: join(FIXTURES, "document", "stream_table.pdf"),
  });
  assert.ok(envelope.ok, envelope.error ?? "");
  const out = renderOutput(envelope, "text", {
    view: (await loadCommand("document.tables")).view,
    width: 100,
  }).out;
  fits(out);
  assert.match(out, /^Table 1 · page 1 · stream .*\(“\(in millions\)”\nabove the table\)$/m);
});
