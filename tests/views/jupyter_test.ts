/** Notebook display: the same views as the text output, as escaped HTML; charts with a PNG. */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  escapeMarkdown,
  figure,
  JUPYTER_DISPLAY,
  type MimeBundle,
  show,
} from "../../adapters/jupyter.ts";
import { success } from "../../core/envelope.ts";
import { envelope, FIXTURES } from "../_helpers.ts";

const bundle = (d: unknown) => (d as Record<symbol, () => MimeBundle>)[JUPYTER_DISPLAY]();

Deno.test("show: a statement is an HTML table of line items by period, totals bold, with its filing", async () => {
  const env = await envelope("filings.statement", { symbol: "ACME" }, {
    replay: [join(FIXTURES, "filings", "cassette")],
  });
  const html = String(bundle(show(env, { command: "filings.statement" }))["text/html"]);
  assert.match(html, /<th[^>]*>12 months to<br>2023-12-31<\/th>/);
  assert.match(html, /<td[^>]*>Revenues<\/td><td[^>]*text-align:right[^>]*>1,200<\/td>/);
  assert.match(html, /<tr style="font-weight:bold[^"]*"><td[^>]*>Gross profit<\/td>/);
  assert.match(html, /USD millions/);
  assert.match(
    html,
    /href="https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1234567\/000123456724000010\/acme-20231231\.htm"/,
  );
  // the plain-text fallback is the CLI's text view
  assert.match(String(bundle(show(env))["text/plain"]), /Gross profit\s+300\s+240/);
});

Deno.test("show: a document scan marks the match in its context; every text is escaped", async () => {
  const env = await envelope("document.scan", {
    source: join(FIXTURES, "document", "prose.pdf"),
    query: "effective tax rate",
  });
  const html = String(bundle(show(env, { title: "document.scan" }))["text/html"]);
  assert.match(html, /page 1 · chars 23–41/);
  assert.match(html, /Our <mark>effective tax rate<\/mark> was 21\.0%/);
  const hostile = success({ note: "<script>alert(1)</script>" }, [
    "record it with FINANCE_RECORD=<dir>",
  ]);
  const out = String(bundle(show(hostile))["text/html"]);
  assert.ok(!out.includes("<script>"));
  assert.match(out, /FINANCE_RECORD=&lt;dir&gt;/);
  assert.equal(
    escapeMarkdown("FINANCE_RECORD=<dir> *x* a|b"),
    "FINANCE\\_RECORD=&lt;dir&gt; \\*x\\* a\\|b",
  );
});

Deno.test("figure: a chart carries inline SVG and a PNG copy", async () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="red"/></svg>';
  const b = bundle(await figure(svg, "red box"));
  assert.equal(b["image/svg+xml"], svg);
  const png = Uint8Array.from(atob(String(b["image/png"])), (c) => c.charCodeAt(0));
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
  assert.equal(b["text/plain"], "red box");
});

Deno.test("show: maxRows keeps the first rows of a list and says how many there are", async () => {
  const env = await envelope("filings.recent", { symbol: "ACME", limit: 10 }, {
    replay: [join(FIXTURES, "filings", "cassette")],
  });
  const html = String(bundle(show(env, { command: "filings.recent", maxRows: 2 }))["text/html"]);
  assert.match(html, /showing 2 of 5/);
  assert.equal(html.split("<li ").length - 1, 2);
  const all = String(bundle(show(env, { command: "filings.recent" }))["text/html"]);
  assert.equal(all.split("<li ").length - 1, 5);
});
