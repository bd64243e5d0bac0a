/**
 * OCR stopped at its time limit stops using CPU: document.ocr on many pages of printed text, and
 * document.read / document.scan on scanned pages (an image, no text layer), each through a real
 * `finance serve` with FINANCE_REQUEST_TIMEOUT_MS. With the native `tesseract` binary its
 * per-page process must be killed at the deadline (no child left); with FINANCE_TESSERACT=off
 * the process running tesseract.js must be (Deno ends a busy Worker only once its wasm call
 * returns: a terminated worker ran on for seconds). Then the server's CPU stays nearly flat.
 */
import { join } from "node:path";
import { buildPdf, type PdfPage } from "./_pdf.ts";
import { spawnFinance } from "./_spawn.ts";
import assert from "node:assert/strict";
import { stoppedCall } from "./_cpu.ts";

const NATIVE = await (async () => {
  try {
    const out = await new Deno.Command("tesseract", {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.success;
  } catch {
    return false;
  }
})();
if (!NATIVE) {
  console.log(
    "skipped native OCR CPU tests: no `tesseract` binary (apt-get install tesseract-ocr)",
  );
}

/** A page of 60 lines of printed text (Helvetica 9 pt): real work for OCR. */
function textPage(i: number): PdfPage {
  const lines = Array.from(
    { length: 60 },
    (_, k) =>
      `${k ? "0 -12 Td " : "54 760 Td "}(Page ${i} line ${k}: revenue rose ${
        (k * 37 + i) % 100
      } percent to ${k * 1234 + i} thousand dollars in the quarter) Tj`,
  );
  return { content: `BT /F1 9 Tf ${lines.join(" ")} ET` };
}

/**
 * A scanned-looking page: one grey image of word-like dark blocks on white, drawn over the whole
 * page, and no text layer (so read and scan send it to OCR).
 */
function scanPage(seed: number): PdfPage {
  const width = 600;
  const height = 780;
  const data = new Uint8Array(width * height).fill(255);
  let x = seed * 7919 + 1;
  const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let row = 20; row + 8 < height - 20; row += 13) {
    let col = 30;
    while (col < width - 40) {
      const word = 10 + Math.floor(rand() * 40);
      for (let y = row; y < row + 8; y++) {
        for (let c = col; c < Math.min(col + word, width - 30); c++) {
          if (rand() < 0.7) data[y * width + c] = 20;
        }
      }
      col += word + 6;
    }
  }
  return {
    content: "q 612 0 0 792 0 0 cm /Im1 Do Q",
    image: { width, height, data },
  };
}

async function stoppedOcr(
  engine: "native" | "wasm",
  cases: { name: string; file: string; args: Record<string, unknown> }[],
  timeoutMs: number,
) {
  const dir = await Deno.makeTempDir({ prefix: "finance-cpu-ocr-" });
  await Deno.writeFile(
    join(dir, "text.pdf"),
    buildPdf(Array.from({ length: 40 }, (_, i) => textPage(i + 1))),
  );
  await Deno.writeFile(
    join(dir, "scan.pdf"),
    buildPdf(Array.from({ length: 40 }, (_, i) => scanPage(i + 1))),
  );
  const s = await spawnFinance(["serve"], {
    FINANCE_DOCUMENT_ROOTS: dir,
    FINANCE_REQUEST_TIMEOUT_MS: String(timeoutMs),
    ...(engine === "wasm" ? { FINANCE_TESSERACT: "off" } : {}),
    PATH: Deno.env.get("PATH") ?? "",
  });
  try {
    for (const c of cases) {
      const args = { source: join(dir, c.file), ...c.args };
      const { children } = await stoppedCall(s, c.name, args, timeoutMs);
      if (engine === "native") {
        // the limit fell while a page's tesseract process ran: that process was killed
        assert.ok(children.has("tesseract"), `${c.name}: no tesseract process seen`);
      } else {
        // tesseract.js runs in a child deno process, killed at the limit
        assert.ok(children.has("deno"), `${c.name}: no tesseract.js process seen`);
      }
    }
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
}

const CASES = [
  { name: "document.ocr", file: "text.pdf", args: { max_pages: 0 } },
  { name: "document.read", file: "scan.pdf", args: { max_pages: 0 } },
  { name: "document.scan", file: "scan.pdf", args: { query: "revenue" } },
];

Deno.test({
  name: "cpu: native tesseract is killed at the time limit (ocr, read and scan of scans)",
  ignore: !NATIVE,
  async fn() {
    // long enough for a cold start (pdf.js, the canvas, the first page's render) to reach
    // tesseract on a loaded machine: a 2.5 s limit fell before any tesseract ran under CI's load
    await stoppedOcr("native", CASES, 6000);
  },
});

Deno.test("cpu: the tesseract.js process is killed at the time limit (FINANCE_TESSERACT=off)", async () => {
  await stoppedOcr("wasm", CASES, 3000);
});
