/**
 * Notebook display with the mistakes a researcher makes in a cell: `show()` of a call not
 * awaited, of `r.data` instead of the envelope, of nothing, of an envelope saved without its
 * warnings; `figure()` of a chart helper's promise or of something that is not SVG; `cite()` of
 * a whole envelope. Each used to throw a TypeError in the cell (a stack trace, no result) or to
 * show a broken image; each now shows what happened and what to pass.
 */
import assert from "node:assert/strict";
import { finance } from "../../mod.ts";
import {
  cite,
  type Displayable,
  ENVELOPE_MIME,
  figure,
  fmt,
  JUPYTER_DISPLAY,
  markdown,
  show,
} from "../../jupyter.ts";
import type { Envelope } from "../../core/envelope.ts";

const bundle = (d: Displayable) => d[JUPYTER_DISPLAY]() as Record<string, unknown>;
/** A text output with its line wrapping undone. */
const flat = (v: unknown) => String(v).replace(/\s+/g, " ");
const SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10"/></svg>`;
/** show() as untyped notebook code calls it. */
const showAny = show as unknown as (value: unknown, options?: unknown) => Displayable;

Deno.test("audit8 show: a Promise, nothing, or bare data is shown with what to pass, never a TypeError", async () => {
  const pending = finance("formula.cagr", { start: 100, end: 150, periods: 3 });
  const p = bundle(showAny(pending));
  assert.match(flat(p["text/plain"]), /not awaited; write show\(await finance\(\.\.\.\)\)/);
  assert.match(String(p["text/html"]), />failed</);
  await pending;

  for (const nothing of [undefined, null]) {
    const b = bundle(showAny(nothing));
    assert.match(flat(b["text/plain"]), /pass the envelope that finance\(\) returned/);
  }

  const r = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
  assert.ok(r.ok);
  const data = bundle(showAny(r.data, { title: "growth" }));
  const text = flat(data["text/plain"]);
  assert.match(text, /^growth: ok/);
  assert.match(text, /cagr_pct/);
  assert.match(text, /not an envelope .* pass the whole result of finance\(\)/);
  assert.match(flat(data["text/html"]), /not an envelope/);
});

Deno.test("audit8 show: an envelope missing its warnings or error (saved elsewhere) still shows", () => {
  const ok = bundle(showAny({ ok: true, data: { price: 1 }, error: null }));
  assert.match(String(ok["text/plain"]), /price/);
  const failed = bundle(showAny({ ok: false, data: null }));
  assert.match(flat(failed["text/plain"]), /the envelope names no error/);
  // the raw envelope still travels with the output, as it was shown
  const env: Envelope = { ok: false, data: null, error: "boom", warnings: ["w"] };
  assert.deepEqual(bundle(show(env))[ENVELOPE_MIME], env);
  const json = bundle(showAny({ ok: true, data: 1 }, { json: true }));
  assert.equal(JSON.parse(String(json["text/plain"])).warnings.length, 0);
});

Deno.test("audit8 figure: a chart's promise is awaited; what is not SVG says what to pass", async () => {
  const fromPromise = bundle(await figure(Promise.resolve(SVG), "bars"));
  assert.equal(fromPromise["image/svg+xml"], SVG);
  assert.equal(typeof fromPromise["image/png"], "string");
  assert.equal(fromPromise["text/plain"], "bars");

  const figureAny = figure as unknown as (svg: unknown, caption?: string) => Promise<Displayable>;
  for (const bad of [undefined, "not svg", 42, { svg: SVG }]) {
    const b = bundle(await figureAny(bad, "revenue"));
    assert.equal(b["image/svg+xml"], undefined, `${JSON.stringify(bad)} shown as an image`);
    assert.match(String(b["text/plain"]), /^revenue: figure\(\) needs a chart's SVG text/);
    assert.doesNotMatch(String(b["text/plain"]), /Cannot read properties/);
  }
  const rejected = bundle(await figure(Promise.reject(new Error("no rows to draw")), "moves"));
  assert.equal(rejected["text/plain"], "moves: the chart could not be drawn (no rows to draw)");
});

Deno.test("audit8 cite: an envelope cites its data; a failed one says it has nothing to cite", () => {
  const data = {
    provider: "filings_a",
    accession_no: "0001234567-24-000010",
    filing_date: "2024-02-20",
  };
  const env: Envelope = { ok: true, data, error: null, warnings: [] };
  assert.equal(cite(env), cite(data));
  assert.match(cite(env), /accession 0001234567-24-000010/);
  const failed: Envelope = { ok: false, data: null, error: "x", warnings: [] };
  assert.equal(cite(failed), "[no citation: the call failed]");
});

Deno.test("audit8 fmt and markdown: a value's own unit (null included) and text of any kind", () => {
  assert.equal(fmt(1.2e9, "EUR"), "1.20B EUR");
  assert.equal(fmt(1.25, null), "1.25");
  assert.equal(fmt(1.2e9, "$"), "$1.20B");
  const m = bundle(markdown(undefined as unknown as string));
  assert.equal(m["text/plain"], "");
});
