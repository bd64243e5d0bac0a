/**
 * document.scan over a 190-page 10-K against bare pdf.js text extraction of the same pages
 * (target: scan at most 1.3x), and OCR seconds per page. Skips without ../shared.
 */
import { join } from "node:path";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { execute } from "../core/runner.ts";
import { Session } from "../core/session.ts";
import { loadConfig } from "../core/config.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const shared = join(root, "..", "shared", "fixtures");
const pdf = join(shared, "pdf", "BOEING_2022_10K.pdf");
const scanned = join(root, "tests", "fixtures", "document", "scanned.pdf");
const ignore = !existsSync(pdf);
if (ignore) console.log("skipped document benches: ../shared/fixtures is absent");

function session() {
  return new Session({
    config: loadConfig({ FINANCE_CACHE: "off", FINANCE_DOCUMENT_ROOTS: `${root}:${shared}` }),
  });
}

Deno.bench({
  name: "bare pdf.js getTextContent, 190 pages",
  group: "scan",
  baseline: true,
  ignore,
  async fn() {
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(Deno.readFileSync(pdf)),
      verbosity: 0,
    }).promise;
    for (let i = 1; i <= doc.numPages; i++) await (await doc.getPage(i)).getTextContent();
    await doc.destroy();
  },
});

Deno.bench({
  name: 'document.scan query="effective tax rate", 190 pages',
  group: "scan",
  ignore,
  async fn() {
    const s = session();
    const out = await execute("document.scan", { source: pdf, query: "effective tax rate" }, {
      session: s,
      surface: "library",
    });
    s.close();
    if (!out.envelope.ok) throw new Error(String(out.envelope.error));
  },
});

Deno.bench({
  name: "document.ocr, 1 page (seconds per page)",
  group: "ocr",
  n: 3,
  warmup: 1,
  async fn() {
    const s = session();
    const out = await execute("document.ocr", { source: scanned, max_pages: 1 }, {
      session: s,
      surface: "library",
    });
    s.close();
    if (!out.envelope.ok) throw new Error(String(out.envelope.error));
  },
});
