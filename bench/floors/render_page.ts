// Renders one PDF page as the OCR provider does (pdf.js onto @napi-rs/canvas at 300 dpi, grey
// PGM), so the bare tesseract floor reads the very image the OCR path reads.
import { createCanvas } from "@napi-rs/canvas";
import { loadPdfJs, pdfjsAssetDir } from "../../providers/pdf_text_a/client.ts";
import { toPgm } from "../../providers/ocr_a/client.ts";

const [file, pageNo, out] = Deno.args;
const pdfjs = await loadPdfJs();
const doc = await pdfjs.getDocument({
  data: Deno.readFileSync(file),
  wasmUrl: pdfjsAssetDir("wasm"),
  standardFontDataUrl: pdfjsAssetDir("standard_fonts"),
  disableWorker: true,
  isEvalSupported: false,
  verbosity: 0,
}).promise;
const page = await doc.getPage(Number(pageNo));
const viewport = page.getViewport({ scale: 300 / 72 });
const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
const context = canvas.getContext("2d");
context.fillStyle = "white";
context.fillRect(0, 0, canvas.width, canvas.height);
// deno-lint-ignore no-explicit-any
await page.render({ canvas, canvasContext: context, viewport } as any).promise;
Deno.writeFileSync(out, toPgm(canvas.data(), canvas.width, canvas.height));
await doc.destroy();
