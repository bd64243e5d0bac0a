/**
 * OCR pages painted without a canvas (providers/ocr_a/raster.ts) must be the very image pdf.js
 * draws onto a canvas, byte for byte, or not be painted at all (the canvas then renders the
 * page). Checked on generated scans (grey, RGB and 1-bit images at 1:1, 1.5x and 2x, image masks
 * in fill colours, an A4 page, pages that must go to the canvas) at several resolutions, and on
 * every page of the shared scanned results page.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { loadPdfJs, pdfjsAssetDir } from "../../providers/pdf_text_a/client.ts";
import { toPgm } from "../../providers/ocr_a/client.ts";
import { imagePage, pgmHeader } from "../../providers/ocr_a/raster.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

interface XObject {
  width: number;
  height: number;
  /** DeviceGray 8-bit, DeviceRGB 8-bit, DeviceGray 1-bit, or an image mask (1-bit). */
  kind: "gray" | "rgb" | "bits" | "mask";
  data: Uint8Array;
  /**
   * More entries of the dictionary (/Decode, /SMask {Im1}, ...), or with `dict` the whole of it
   * after /Type /XObject (a form, another colour space). `{ImN}` and `{ObjN}` name the page's
   * image N and extra object N.
   */
  extra?: string;
  dict?: string;
}

interface Page {
  width: number;
  height: number;
  content: string;
  images: XObject[];
  rotate?: number;
  /** MediaBox when it is not [0 0 width height]; a CropBox. */
  box?: string;
  crop?: string;
  /** More page resources (ExtGState, Properties); plain objects the page refers to. */
  resources?: string;
  objects?: string[];
  /** Entries of the document catalog (an /OCProperties naming this page's objects). */
  catalog?: string;
}

/** A PDF of the given pages; image i is /Im{i}, text uses Helvetica as /F1. */
function pdf(pages: Page[]): Uint8Array {
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (b: Uint8Array | string) => {
    const bytes = typeof b === "string" ? enc.encode(b) : b;
    chunks.push(bytes);
    size += bytes.length;
  };
  let next = 4;
  let catalog = "";
  const pageIds: number[] = [];
  const bodies: [number, (Uint8Array | string)[]][] = [];
  for (const p of pages) {
    const pageId = next++;
    const contentId = next++;
    const imageIds = p.images.map(() => next++);
    const objectIds = (p.objects ?? []).map(() => next++);
    const refs = (text: string) =>
      text.replace(
        /\{(Im|Obj)(\d+)\}/g,
        (_, kind, i) => `${(kind === "Im" ? imageIds : objectIds)[Number(i)]} 0 R`,
      );
    pageIds.push(pageId);
    const xobjects = imageIds.map((id, i) => `/Im${i} ${id} 0 R`).join(" ");
    bodies.push([pageId, [
      `<< /Type /Page /Parent 2 0 R /MediaBox [${p.box ?? `0 0 ${p.width} ${p.height}`}]${
        p.crop ? ` /CropBox [${p.crop}]` : ""
      }${
        p.rotate ? ` /Rotate ${p.rotate}` : ""
      } /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R >> /XObject << ${xobjects} >> ${
        refs(p.resources ?? "")
      } >> >>`,
    ]]);
    (p.objects ?? []).forEach((o, i) => bodies.push([objectIds[i], [refs(o)]]));
    catalog += refs(p.catalog ?? "");
    const content = enc.encode(p.content);
    bodies.push([contentId, [
      `<< /Length ${content.length} >>\nstream\n`,
      content,
      "\nendstream",
    ]]);
    p.images.forEach((im, i) => {
      const kind = im.kind === "gray"
        ? "/ColorSpace /DeviceGray /BitsPerComponent 8"
        : im.kind === "rgb"
        ? "/ColorSpace /DeviceRGB /BitsPerComponent 8"
        : im.kind === "bits"
        ? "/ColorSpace /DeviceGray /BitsPerComponent 1"
        : "/ImageMask true /BitsPerComponent 1";
      const dict = im.dict ??
        `/Subtype /Image /Width ${im.width} /Height ${im.height} ${kind} ${im.extra ?? ""}`;
      bodies.push([imageIds[i], [
        `<< /Type /XObject ${refs(dict)} /Length ${im.data.length} >>\nstream\n`,
        im.data,
        "\nendstream",
      ]]);
    });
  }
  const objects: [number, (Uint8Array | string)[]][] = [
    [1, [`<< /Type /Catalog /Pages 2 0 R ${catalog} >>`]],
    [2, [
      `<< /Type /Pages /Kids [${
        pageIds.map((id) => `${id} 0 R`).join(" ")
      }] /Count ${pages.length} >>`,
    ]],
    [3, ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]],
    ...bodies,
  ];
  push("%PDF-1.4\n");
  for (const [id, body] of objects) {
    offsets[id] = size;
    push(`${id} 0 obj\n`);
    for (const b of body) push(b);
    push("\nendobj\n");
  }
  const xref = size;
  push(`xref\n0 ${next}\n0000000000 65535 f \n`);
  for (let id = 1; id < next; id++) push(`${String(offsets[id]).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${next} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Deterministic noise with some structure (runs of equal pixels, as in a scan). */
function noise(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  let value = 0;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    if ((x >>> 16) % 5 === 0) value = (x >>> 8) & 255;
    out[i] = value;
  }
  return out;
}

function image(kind: XObject["kind"], width: number, height: number, seed: number): XObject {
  const size = kind === "gray"
    ? width * height
    : kind === "rgb"
    ? width * height * 3
    : ((width + 7) >> 3) * height;
  return { kind, width, height, data: noise(size, seed) };
}

/** An image with its own dictionary (after /Type /XObject) and `bytes` bytes of noise. */
function raw(dict: string, bytes: number, seed: number): XObject {
  return { kind: "gray", width: 0, height: 0, dict, data: noise(bytes, seed) };
}

/** A 16-colour palette. */
const PALETTE = Array.from(noise(48, 99), (b) => b.toString(16).padStart(2, "0")).join("");

const place = (i: number, x: number, y: number, w: number, h: number) =>
  `q ${w} 0 0 ${h} ${x} ${y} cm /Im${i} Do Q`;

/** A page of 306 x 396 points (1275 x 1650 pixels at 300 dpi). */
const SMALL = { width: 306, height: 396 };

const cases: [string, Page][] = [
  ["grey 150 dpi, 2x", {
    ...SMALL,
    images: [image("gray", 637, 825, 1)],
    content: place(0, 0, 0, 306, 396),
  }],
  ["RGB 200 dpi, 1.5x (centres on pixel boundaries)", {
    ...SMALL,
    images: [image("rgb", 850, 1100, 2)],
    content: place(0, 0, 0, 306, 396),
  }],
  ["1-bit 300 dpi, 1:1", {
    ...SMALL,
    images: [image("bits", 1275, 1650, 3)],
    content: place(0, 0, 0, 306, 396),
  }],
  ["grey background and masks in fill colours (1:1 and 2x)", {
    ...SMALL,
    images: [
      image("gray", 637, 825, 4),
      image("mask", 600, 720, 5),
      image("mask", 200, 100, 6),
    ],
    content: [
      place(0, 0, 0, 306, 396),
      `0.2 0.3 0.4 rg ${place(1, 14.4, 50.4, 144, 172.8)}`,
      `0.5 g ${place(2, 180, 300, 96, 48)}`,
    ].join("\n"),
  }],
  ["a mask at a fractional position", {
    ...SMALL,
    images: [image("gray", 637, 825, 7), image("mask", 100, 60, 13)],
    content: `${place(0, 0, 0, 306, 396)}\n1 0 0 rg ${place(1, 30.13, 20.7, 48.2, 28.9)}`,
  }],
  // 1000 device pixels from 240 source pixels: every 25th pixel centre falls exactly on a source
  // boundary, where the floats land just above or just below it depending on the position
  ["RGB 72 dpi at 4.17x, centres on boundaries, inside the page", {
    ...SMALL,
    images: [image("rgb", 240, 173, 14)],
    content: place(0, 30.1, 40.3, 240, 173),
  }],
  ["RGB 72 dpi at 4.17x, centres on boundaries, past the right and top edges", {
    ...SMALL,
    images: [image("rgb", 240, 173, 15)],
    content: place(0, 115.902, 309.256, 240, 173),
  }],
  ["A4, grey 150 dpi over a fractional page size", {
    width: 595.276,
    height: 841.89,
    images: [image("gray", 1240, 1754, 8)],
    content: place(0, 0, 0, 595.276, 841.89),
  }],
  ["an image placed off the page's edges", {
    ...SMALL,
    images: [image("gray", 400, 400, 9)],
    content: place(0, -40, 300, 200, 200),
  }],
  // what a direct painting could get wrong: each is painted exactly or left to the canvas
  ["a page turned 180 degrees, the image mirrored both ways (upright on the device)", {
    ...SMALL,
    rotate: 180,
    images: [image("gray", 637, 825, 16), image("mask", 600, 720, 17)],
    content:
      `q -306 0 0 -396 306 396 cm /Im0 Do Q\n0 0 1 rg q -144 0 0 -172.8 291.6 345.6 cm /Im1 Do Q`,
  }],
  ["a MediaBox away from the origin, a smaller fractional CropBox", {
    ...SMALL,
    box: "100 -50 406 346",
    crop: "120.3 -31.7 350.1 330.2",
    images: [image("gray", 637, 825, 18)],
    content: place(0, 100, -50, 306, 396),
  }],
  ["a page drawn in 1/300 inch units (two transforms)", {
    ...SMALL,
    images: [image("rgb", 850, 1100, 19)],
    content: `q 0.24 0 0 0.24 0 0 cm q 1 0 0 1 0 0 cm ${place(0, 0, 0, 1275, 1650)} Q Q`,
  }],
  ["inverted 1-bit and grey images (/Decode [1 0])", {
    ...SMALL,
    images: [
      { ...image("bits", 1275, 825, 20), extra: "/Decode [1 0]" },
      { ...image("gray", 637, 412, 21), extra: "/Decode [1 0]" },
    ],
    content: `${place(0, 0, 198, 306, 198)}\n${place(1, 0, 0, 306, 198)}`,
  }],
  ["an inverted mask (/Decode [1 0]) in a CMYK fill colour", {
    ...SMALL,
    images: [image("gray", 637, 825, 22), {
      ...image("mask", 600, 720, 23),
      extra: "/Decode [1 0]",
    }],
    content: `${place(0, 0, 0, 306, 396)}\n0.1 0.7 0.2 0.1 k ${place(1, 14.4, 50.4, 144, 172.8)}`,
  }],
  ["4-bit indexed, 16-bit grey, CMYK and Lab images", {
    ...SMALL,
    images: [
      raw(
        `/Subtype /Image /Width 637 /Height 412 /ColorSpace [/Indexed /DeviceRGB 15 <${PALETTE}>] /BitsPerComponent 4`,
        319 * 412,
        24,
      ),
      raw(
        "/Subtype /Image /Width 300 /Height 200 /ColorSpace /DeviceGray /BitsPerComponent 16",
        600 * 200,
        25,
      ),
      raw(
        "/Subtype /Image /Width 300 /Height 200 /ColorSpace /DeviceCMYK /BitsPerComponent 8",
        1200 * 200,
        26,
      ),
      raw(
        "/Subtype /Image /Width 300 /Height 200 /ColorSpace [/Lab << /WhitePoint [0.9505 1 1.089] >>] /BitsPerComponent 8",
        900 * 200,
        27,
      ),
    ],
    content: [
      place(0, 0, 198, 306, 198),
      place(1, 0, 0, 144, 96),
      place(2, 144, 0, 144, 96),
      place(3, 0, 96, 144, 96),
    ].join("\n"),
  }],
  ["an opaque soft mask and a colour key that matches nothing", {
    ...SMALL,
    images: [
      { ...image("gray", 637, 412, 28), extra: "/SMask {Im1}" },
      {
        ...raw(
          "/Subtype /Image /Width 637 /Height 412 /ColorSpace /DeviceGray /BitsPerComponent 8",
          0,
          0,
        ),
        data: new Uint8Array(637 * 412).fill(255),
      },
      { ...image("rgb", 637, 412, 29), extra: "/Mask [256 300 256 300 256 300]" },
    ],
    content: `${place(0, 0, 198, 306, 198)}\n${place(2, 0, 0, 306, 198)}`,
  }],
  ["an invisible text layer over the scan (render mode 3)", {
    ...SMALL,
    images: [image("gray", 637, 825, 30)],
    content: `${place(0, 0, 0, 306, 396)}\nBT 3 Tr /F1 12 Tf 72 72 Td (Total 1,234) Tj ET`,
  }],
  ["a soft mask with transparent pixels (canvas)", {
    ...SMALL,
    images: [
      { ...image("gray", 637, 825, 31), extra: "/SMask {Im1}" },
      image("gray", 637, 825, 32),
    ],
    content: place(0, 0, 0, 306, 396),
  }],
  ["a colour key that matches (canvas)", {
    ...SMALL,
    images: [{ ...image("gray", 637, 825, 33), extra: "/Mask [0 40]" }],
    content: place(0, 0, 0, 306, 396),
  }],
  ["a smoothed enlargement, /Interpolate true (canvas)", {
    ...SMALL,
    images: [{ ...image("gray", 240, 173, 34), extra: "/Interpolate true" }],
    content: place(0, 30.1, 40.3, 240, 173),
  }],
  ["a hidden optional-content layer (canvas)", {
    ...SMALL,
    images: [image("gray", 637, 825, 35), image("mask", 600, 720, 36)],
    content: `${place(0, 0, 0, 306, 396)}\n/OC /L1 BDC ${place(1, 14.4, 50.4, 144, 172.8)} EMC`,
    resources: "/Properties << /L1 {Obj0} >>",
    objects: ["<< /Type /OCG /Name (hidden) >>"],
    catalog: "/OCProperties << /OCGs [{Obj0}] /D << /OFF [{Obj0}] >> >>",
  }],
  ["an image inside a form XObject (canvas)", {
    ...SMALL,
    images: [
      image("gray", 637, 825, 37),
      {
        ...raw("/Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Im0 {Im0} >> >>", 0, 0),
        data: new TextEncoder().encode("/Im0 Do"),
      },
    ],
    content: "q 306 0 0 396 0 0 cm /Im1 Do Q",
  }],
  ["a mask drawn twice in two colours (canvas)", {
    ...SMALL,
    images: [image("gray", 637, 825, 38), image("mask", 600, 720, 39)],
    content: `${place(0, 0, 0, 306, 396)}\n1 0 0 rg ${place(1, 14.4, 50.4, 144, 172.8)}\n0 0 1 rg ${
      place(1, 158.4, 50.4, 144, 172.8)
    }`,
  }],
  ["a mirrored image on an upright page (canvas)", {
    ...SMALL,
    images: [image("gray", 637, 825, 40)],
    content: "q -306 0 0 396 306 0 cm /Im0 Do Q",
  }],
  ["a skewed image (canvas)", {
    ...SMALL,
    images: [image("gray", 637, 825, 41)],
    content: "q 306 12 0 396 0 0 cm /Im0 Do Q",
  }],
  ["a transfer function (canvas)", {
    ...SMALL,
    images: [image("gray", 637, 825, 42)],
    content: `/G0 gs ${place(0, 0, 0, 306, 396)}`,
    resources: "/ExtGState << /G0 << /TR {Obj0} >> >>",
    objects: ["<< /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0] /N 1 >>"],
  }],
  ["text (canvas)", {
    ...SMALL,
    images: [image("gray", 637, 825, 10)],
    content: `${place(0, 0, 0, 306, 396)}\nBT /F1 12 Tf 72 72 Td (Total) Tj ET`,
  }],
  ["a rotated page (canvas)", {
    ...SMALL,
    rotate: 90,
    images: [image("gray", 637, 825, 11)],
    content: place(0, 0, 0, 306, 396),
  }],
  ["a smoothed scale other than 1:1 (canvas)", {
    ...SMALL,
    images: [image("gray", 1000, 1300, 12)],
    content: place(0, 0, 0, 306, 396),
  }],
];

async function openPdf(bytes: Uint8Array) {
  const pdfjs = await loadPdfJs();
  const doc = await pdfjs.getDocument({
    data: bytes,
    wasmUrl: pdfjsAssetDir("wasm"),
    standardFontDataUrl: pdfjsAssetDir("standard_fonts"),
    disableWorker: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  return { pdfjs, doc };
}

/** The page painted in bands of `band` rows, as PGM bytes; or null. */
async function painted(bytes: Uint8Array, n: number, dpi: number, band: number) {
  const { pdfjs, doc } = await openPdf(bytes.slice());
  try {
    const page = await doc.getPage(n);
    const grey = await imagePage(page, page.getViewport({ scale: dpi / 72 }), pdfjs.OPS);
    if (!grey) return null;
    const header = pgmHeader(grey.width, grey.height);
    const out = new Uint8Array(header.length + grey.width * grey.height);
    out.set(header);
    const rows = new Uint8Array(band * grey.width);
    for (let y = 0; y < grey.height; y += band) {
      const y1 = Math.min(grey.height, y + band);
      grey.paint(y, y1, rows);
      out.set(rows.subarray(0, (y1 - y) * grey.width), header.length + y * grey.width);
    }
    return out;
  } finally {
    await doc.destroy();
  }
}

/** The page drawn by pdf.js onto a canvas, as the OCR provider did before, as PGM bytes. */
async function rendered(bytes: Uint8Array, n: number, dpi: number) {
  const { doc } = await openPdf(bytes.slice());
  try {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext("2d");
    context.fillStyle = "white";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport } as Any).promise;
    return toPgm(canvas.data(), canvas.width, canvas.height);
  } finally {
    await doc.destroy();
  }
}

function differing(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

Deno.test("ocr raster: image-only pages paint exactly what the canvas draws, or go to the canvas", async () => {
  const fast: string[] = [];
  for (const [name, page] of cases) {
    const bytes = pdf([page]);
    for (const dpi of [300, 217, 150]) {
      const mine = await painted(bytes, 1, dpi, 97);
      if (!mine) continue;
      fast.push(`${name} @${dpi}`);
      assert.equal(differing(mine, await rendered(bytes, 1, dpi)), 0, `${name} at ${dpi} dpi`);
    }
  }
  // the usual scans are painted without a canvas at the OCR resolution
  for (
    const name of [
      "grey 150 dpi, 2x",
      "RGB 200 dpi, 1.5x (centres on pixel boundaries)",
      "1-bit 300 dpi, 1:1",
      "grey background and masks in fill colours (1:1 and 2x)",
      "A4, grey 150 dpi over a fractional page size",
      "an image placed off the page's edges",
      "RGB 72 dpi at 4.17x, centres on boundaries, inside the page",
      "RGB 72 dpi at 4.17x, centres on boundaries, past the right and top edges",
      "a page turned 180 degrees, the image mirrored both ways (upright on the device)",
      "a MediaBox away from the origin, a smaller fractional CropBox",
      "a page drawn in 1/300 inch units (two transforms)",
      "inverted 1-bit and grey images (/Decode [1 0])",
      "an inverted mask (/Decode [1 0]) in a CMYK fill colour",
      "4-bit indexed, 16-bit grey, CMYK and Lab images",
      "an opaque soft mask and a colour key that matches nothing",
    ]
  ) assert.ok(fast.includes(`${name} @300`), `${name} was not painted: ${fast.join("; ")}`);
  // and what it cannot reproduce is left to the canvas
  for (const name of cases.map(([n]) => n).filter((n) => n.endsWith("(canvas)"))) {
    assert.ok(!fast.some((f) => f.startsWith(name)), `${name} was painted`);
  }
});

Deno.test({
  name:
    "ocr raster: every page of the shared scanned results page is painted as the canvas draws it",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("scanned results page, painted against the canvas")) return;
    const bytes = await Deno.readFile(join(SHARED!, "ocr", "Financial_results.pdf"));
    for (const n of [1, 2, 3, 4]) {
      const mine = await painted(bytes, n, 300, 256);
      assert.ok(mine, `page ${n} went to the canvas`);
      assert.equal(differing(mine, await rendered(bytes, n, 300)), 0, `page ${n}`);
    }
  },
});

Deno.test("ocr raster: an image or mask drawn a hundred million points wide costs what its visible part costs", async () => {
  const huge = (i: number) => `q 100000000 0 0 100000000 -50000000 -50000000 cm /Im${i} Do Q`;
  const before = Deno.memoryUsage().rss;
  // a 2x2 image over the whole page and far beyond it
  const picture = pdf([{
    ...SMALL,
    images: [image("gray", 637, 825, 43), image("gray", 2, 2, 44)],
    content: `${place(0, 0, 0, 306, 396)}\n${huge(1)}`,
  }]);
  const mine = await painted(picture, 1, 300, 97);
  assert.ok(mine, "the huge image went to the canvas");
  assert.equal(differing(mine, await rendered(picture, 1, 300)), 0);
  // an 8x8 mask the same size (pdf.js's canvas cannot make its fill canvas, so no comparison)
  const mask = pdf([{
    ...SMALL,
    images: [image("gray", 637, 825, 45), image("mask", 8, 8, 46)],
    content: `${place(0, 0, 0, 306, 396)}\n0 0 1 rg ${huge(1)}`,
  }]);
  const masked = await painted(mask, 1, 300, 97);
  assert.ok(masked, "the huge mask went to the canvas");
  assert.ok(masked.includes(luma(0, 0, 255)), "the mask's fill colour is not on the page");
  // mapping every device pixel of the drawn rectangle took 2 x 1.7 GB for each
  const grown = Deno.memoryUsage().rss - before;
  assert.ok(grown < 512 * 1024 * 1024, `memory grew by ${grown} bytes`);
});

function luma(r: number, g: number, b: number): number {
  return (r * 77 + g * 150 + b * 29) >> 8;
}

Deno.test("ocr raster: fifty masks over each other are painted as drawn, in bands as short as their work", async () => {
  const masks = Array.from({ length: 50 }, (_, i) => image("mask", 8, 8, 50 + i));
  const bytes = pdf([{
    ...SMALL,
    images: masks,
    content: masks.map((_, i) => `${(i % 10) / 10} g ${place(i, 0, 0, 306, 396)}`).join("\n"),
  }]);
  const mine = await painted(bytes, 1, 72, 7);
  assert.ok(mine, "the masks went to the canvas");
  assert.equal(differing(mine, await rendered(bytes, 1, 72)), 0);
  // each row writes the page row and all fifty masks across it: the provider's bands of about
  // a megabyte of writes are fifty-one times shorter than a megabyte of rows
  const { pdfjs, doc } = await openPdf(bytes.slice());
  try {
    const page = await doc.getPage(1);
    const grey = await imagePage(page, page.getViewport({ scale: 1 }), pdfjs.OPS);
    assert.equal(grey?.rowCost, 51 * grey!.width);
  } finally {
    await doc.destroy();
  }
});

Deno.test("ocr raster: forty pages of images and masks at random sizes and places are painted as the canvas draws them", async () => {
  let x = 7;
  const rnd = () => (x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)];
  const num = (v: number) => String(Math.round(v * 1000) / 1000);
  const kinds: XObject["kind"][] = ["gray", "rgb", "bits", "mask", "mask"];
  let direct = 0;
  for (let t = 0; t < 40; t++) {
    const width = 50 + rnd() * 200;
    const height = 50 + rnd() * 200;
    const images: XObject[] = [];
    const content: string[] = [];
    for (let i = 0; i < 1 + Math.floor(rnd() * 3); i++) {
      const im = image(
        pick(kinds),
        1 + Math.floor(rnd() * 300),
        1 + Math.floor(rnd() * 300),
        t * 10 + i,
      );
      images.push(im);
      // points per source pixel: 1:1 at 300 dpi, enlargements, shrinks the canvas smooths
      const across = pick([0.24, 0.5, 1, 1.5, 2, 3, 7.3]) * (0.9 + rnd() * 0.2);
      const down = pick([0.24, 0.5, 1, 2, 3]) * (0.9 + rnd() * 0.2);
      const colour = im.kind === "mask" ? pick(["", "0.5 g ", "1 0 0 rg ", "0.2 0.3 0.4 rg "]) : "";
      content.push(
        colour + place(
          i,
          Number(num(-20 + rnd() * width)),
          Number(num(-20 + rnd() * height)),
          Number(num(im.width * across)),
          Number(num(im.height * down)),
        ),
      );
    }
    const bytes = pdf([{
      width: Number(num(width)),
      height: Number(num(height)),
      images,
      content: content.join("\n"),
    }]);
    const dpi = pick([300, 217, 150, 400, 288]);
    const mine = await painted(bytes, 1, dpi, 1 + Math.floor(rnd() * 100));
    if (!mine) continue;
    direct++;
    assert.equal(
      differing(mine, await rendered(bytes, 1, dpi)),
      0,
      `page ${t} at ${dpi} dpi: ${content.join("; ")}`,
    );
  }
  assert.ok(direct >= 10, `only ${direct} of 40 pages were painted without the canvas`);
});

Deno.test("a page the canvas cannot draw fails with a plain message, not the library's text", async () => {
  // a mask drawn twice goes to the canvas; drawn 7,680 points wide (mostly off the page), pdf.js
  // asks for a fill surface larger than the canvas library makes
  const bytes = pdf([{
    ...SMALL,
    images: [image("mask", 64, 64, 51)],
    content: `0 g ${place(0, 0, 0, 7680, 7680)}\n1 0 0 rg ${place(0, 0, 0, 7680, 7680)}`,
  }]);
  const dir = await Deno.makeTempDir({ prefix: "finance-ocr-canvas-" });
  try {
    const file = join(dir, "huge-mask.pdf");
    await Deno.writeFile(file, bytes);
    const env = await envelope("document.ocr", { source: file });
    if (env.ok) return; // a canvas library that can make the surface draws the page
    assert.doesNotMatch(env.error!, /internal error|skia|surface failed/i, env.error!);
    assert.match(env.error!, /page 1 could not be drawn for OCR/, env.error!);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
