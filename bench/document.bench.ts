/**
 * Documents, cold (a fresh process per iteration, so nothing is served from a cache) and side by
 * side with their floors: document.scan of a 190-page 10-K against bare pdf.js text extraction
 * (goal ≤ 1.3x), document.read of an HTML exhibit against a bare linkedom parse, and
 * document.ocr of a scanned page against the native tesseract binary reading the same rendered
 * page (goal ≤ 1.5x; one OpenMP thread for both). PDF and HTML benches need ../shared; the OCR
 * bench needs `tesseract` on PATH. OCR CPU and peak memory (goal ≤ 2x) against the same floor:
 * `deno run -A bench/ocr_memory.ts`.
 */
import { join } from "node:path";
import { deno, installed, ROOT, run, SHARED } from "./_spawn.ts";

const tenK = SHARED ? join(SHARED, "pdf", "BOEING_2022_10K.pdf") : "";
const html = SHARED ? join(SHARED, "ir", "BuckleInc.8-K.EX99.1.html") : "";
if (!SHARED) console.log("skipped scan and HTML benches: ../shared/fixtures is absent");
const roots = { FINANCE_DOCUMENT_ROOTS: `${ROOT}:${SHARED ?? ROOT}` };

Deno.bench({
  name: "bare pdf.js text of 190 pages",
  group: "scan cold",
  baseline: true,
  ignore: !SHARED,
  n: 3,
  warmup: 1,
  fn: async () => await deno(["run", "-A", "bench/floors/pdfjs_text.ts", tenK]),
});

Deno.bench({
  name: 'finance document.scan query="effective tax rate", 190 pages (goal ≤ 1.3x)',
  group: "scan cold",
  ignore: !SHARED,
  n: 3,
  warmup: 1,
  fn: async () =>
    await deno(
      ["run", "-A", "mod.ts", "document.scan", tenK, "query=effective tax rate"],
      roots,
    ),
});

Deno.bench({
  name: "bare linkedom parse and text of an 8-K exhibit",
  group: "html cold",
  baseline: true,
  ignore: !SHARED,
  fn: async () => await deno(["run", "-A", "bench/floors/linkedom_text.ts", html]),
});

Deno.bench({
  name: "finance document.read of the same exhibit (floor comparison, no goal)",
  group: "html cold",
  ignore: !SHARED,
  fn: async () => await deno(["run", "-A", "mod.ts", "document.read", html], roots),
});

// The real scanned results page when ../shared is there (the page the goal is about), else the
// project's generated one-page scan, where start-up and rendering weigh more.
const scanned = SHARED
  ? join(SHARED, "ocr", "Financial_results.pdf")
  : join(ROOT, "tests", "fixtures", "document", "scanned.pdf");
const runs = SHARED ? 2 : 5;
const native = installed("tesseract");
if (!native) console.log("skipped OCR benches: the tesseract binary is not installed");
const dir = native ? await Deno.makeTempDir({ prefix: "finance-bench-" }) : "";
const image = join(dir, "page.pgm");
if (native) await deno(["run", "-A", "bench/floors/render_page.ts", scanned, "1", image]);

Deno.bench({
  name: "bare tesseract on the rendered page (one thread)",
  group: "ocr cold",
  baseline: true,
  ignore: !native,
  n: runs,
  warmup: 1,
  fn: async () =>
    await run("tesseract", [image, join(dir, "out"), "-l", "eng"], { OMP_THREAD_LIMIT: "1" }),
});

Deno.bench({
  name: "finance document.ocr, same page, native tesseract (goal ≤ 1.5x)",
  group: "ocr cold",
  ignore: !native,
  n: runs,
  warmup: 1,
  fn: async () =>
    await deno(["run", "-A", "mod.ts", "document.ocr", scanned, "max_pages=1"], roots),
});

Deno.bench({
  name: "finance document.ocr, same page, tesseract.js (FINANCE_TESSERACT=off; no goal)",
  group: "ocr cold",
  ignore: !native,
  n: 1,
  warmup: 0,
  fn: async () =>
    await deno(["run", "-A", "mod.ts", "document.ocr", scanned, "max_pages=1"], {
      ...roots,
      FINANCE_TESSERACT: "off",
    }),
});
