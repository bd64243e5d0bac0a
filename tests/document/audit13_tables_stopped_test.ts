/**
 * A document.tables call stopped at its time limit or cancelled answers so, wherever the stop
 * lands: before the PDF is loaded, in the page loop, while a page's ruling lines are read. Under
 * load a stopped call once answered "internal error in document.tables": pdf.js rejected its
 * pending reads in its own words (a TypeError on a torn-down page), which were not mapped. The
 * tests stop the call at each point and make pdf.js fail there the way it does after teardown.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { execute } from "../../core/runner.ts";
import { FIXTURES, testSession } from "../_helpers.ts";
import { PdfFile } from "../../providers/pdf_text_a/client.ts";
import { Client as Tables } from "../../providers/pdf_tables_a/client.ts";

const PDF = join(FIXTURES, "document", "ruled_table.pdf");

/** Runs document.tables on the fixture with `opts`; the envelope's error. */
async function stoppedError(opts: { signal?: AbortSignal; timeoutMs?: number }) {
  const session = testSession();
  try {
    const out = await execute("document.tables", { source: PDF }, { session, ...opts });
    assert.equal(out.envelope.ok, false, "a stopped call answered ok");
    assert.equal(out.envelope.data, null);
    return out.envelope.error!;
  } finally {
    session.close();
  }
}

/** Replaces `obj[key]` for one test, restored after. */
async function patched<T extends object>(
  obj: T,
  key: keyof T,
  fake: unknown,
  body: () => Promise<void>,
) {
  const real = obj[key];
  (obj as Record<keyof T, unknown>)[key] = fake;
  try {
    await body();
  } finally {
    obj[key] = real;
  }
}

const torn = () => new TypeError("Cannot read properties of null (reading 'getTextContent')");

Deno.test("document.tables cancelled before the PDF is loaded says it was stopped", async () => {
  const c = new AbortController();
  c.abort();
  const error = await stoppedError({ signal: c.signal });
  assert.doesNotMatch(error, /internal error/);
  assert.match(error, /document\.tables (was stopped|did not finish within)/);
});

Deno.test("document.tables cancelled in the page loop: pdf.js's own failure is not internal", async () => {
  const c = new AbortController();
  await patched(PdfFile.prototype, "pageRuns", () => {
    c.abort();
    return Promise.reject(torn());
  }, async () => {
    const error = await stoppedError({ signal: c.signal });
    assert.doesNotMatch(error, /internal error/);
    assert.match(error, /document\.tables was stopped/);
  });
});

Deno.test("document.tables past its deadline while reading a page's lines answers the time limit", async () => {
  await patched(Tables.prototype, "rulings", () => {
    // synchronous past the deadline: the runner's timer cannot fire before the failure lands
    const until = performance.now() + 80;
    while (performance.now() < until) { /* the work runs long */ }
    return Promise.reject(torn());
  }, async () => {
    const error = await stoppedError({ timeoutMs: 40 });
    assert.doesNotMatch(error, /internal error/);
    assert.match(error, /document\.tables did not finish within 40 ms/);
  });
});

Deno.test("document.tables still running: an unexpected failure stays an internal error", async () => {
  await patched(Tables.prototype, "rulings", () => Promise.reject(torn()), async () => {
    const error = await stoppedError({});
    assert.match(error, /internal error/);
  });
});
