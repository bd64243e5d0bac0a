/**
 * Grey pages without a canvas. A scanned page is nearly always a few images (one full-page
 * picture, or a picture behind 1-bit image masks that carry the text) drawn without rotation.
 * For such a page the pixels pdf.js has already decoded are painted straight into the grey PGM
 * Tesseract reads, exactly where and how pdf.js would draw them onto a canvas: same device
 * rectangles (pdf.js rounds them to whole pixels; the canvas keeps its matrix in 32-bit floats,
 * so this does too), nearest-neighbour sampling where pdf.js turns smoothing off, 1:1 copies, the
 * same grey formula. Drawing onto a 300-dpi RGBA canvas cost about 150 MB of native memory for one
 * A4 page (the canvas, then a full-page canvas per image mask); this costs the grey page only.
 *
 * Anything this does not reproduce exactly returns null and the caller renders the page with
 * pdf.js as before: any operator other than images, masks, transforms, save/restore and fill
 * colours (text, paths, clips, forms, shadings, annotations, marked content), rotated, skewed or
 * mirrored placement, smoothed scaling other than 1:1, images shrunk more than 2x, masks used
 * more than once, transparency, blend modes, soft masks and transfer functions.
 */

// deno-lint-ignore no-explicit-any
type Any = any;

/** pdf.js's ImageKind values. */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

type Matrix = [number, number, number, number, number, number];

interface Draw {
  kind: "image" | "mask";
  /** Object id in page.objs (or page.commonObjs when it starts with g_). */
  id: string;
  /** The canvas matrix when the operator ran, as 32-bit floats. */
  ctm: Matrix;
  /** Grey level of the fill colour (masks). */
  grey: number;
}

const f = Math.fround;

/** Rounds a matrix to the 32-bit floats the canvas keeps. */
function f32(m: number[]): Matrix {
  return [f(m[0]), f(m[1]), f(m[2]), f(m[3]), f(m[4]), f(m[5])];
}

function isIdentity(m: Matrix): boolean {
  return m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0;
}

/**
 * `ctx.transform(...n)` on a canvas whose matrix is `m`: Skia's SkMatrix::setConcat(m, n) in
 * 32-bit floats (a scale-and-translate pair multiplies in floats, others in doubles rounded).
 */
function concat(m: Matrix, next: number[]): Matrix {
  const n = f32(next);
  if (isIdentity(m)) return n;
  if (isIdentity(n)) return m;
  if (m[1] === 0 && m[2] === 0 && n[1] === 0 && n[2] === 0) {
    return [
      f(m[0] * n[0]),
      0,
      0,
      f(m[3] * n[3]),
      f(f(m[0] * n[4]) + m[4]),
      f(f(m[3] * n[5]) + m[5]),
    ];
  }
  return [
    f(m[0] * n[0] + m[2] * n[1]),
    f(m[1] * n[0] + m[3] * n[1]),
    f(m[0] * n[2] + m[2] * n[3]),
    f(m[1] * n[2] + m[3] * n[3]),
    f(f(m[0] * n[4] + m[2] * n[5]) + m[4]),
    f(f(m[1] * n[4] + m[3] * n[5]) + m[5]),
  ];
}

/** `ctx.scale(sx, sy)`: Skia's preScale, in floats. */
function scale(m: Matrix, sx: number, sy: number): Matrix {
  sx = f(sx);
  sy = f(sy);
  return [f(m[0] * sx), f(m[1] * sx), f(m[2] * sy), f(m[3] * sy), m[4], m[5]];
}

/** pdf.js's getImageSmoothingEnabled at a device scale of 1. */
function smoothing(m: Matrix, interpolate: unknown): boolean {
  if (interpolate) return true;
  const a = m[0] ** 2 + m[1] ** 2;
  const b = m[0] * m[2] + m[1] * m[3];
  const c = m[2] ** 2 + m[3] ** 2;
  const first = (a + c) / 2;
  const second = Math.sqrt(first ** 2 - (a * c - b ** 2));
  const x = f(Math.sqrt(first + second || 1));
  const y = f(Math.sqrt(first - second || 1));
  const actual = f(96 / 72);
  return x <= actual && y <= actual;
}

/** True when pdf.js would shrink the image in halving steps first (more than 2x smaller). */
function shrinksInSteps(m: Matrix): boolean {
  // the inverse of an axis-aligned matrix scales by 1/a and 1/d
  return 1 / Math.abs(m[0]) > 2 || 1 / Math.abs(m[3]) > 2;
}

/**
 * pdf.js's drawImageAtIntegerCoords for a source of `w` x `h` drawn onto the unit rectangle at
 * (destX, destY, destW, destH) under `m`: the whole-pixel rectangle it draws into, or null when
 * the placement is not an upright, unmirrored rectangle.
 */
function integerRect(
  m: Matrix,
  destX: number,
  destY: number,
  destW: number,
  destH: number,
): { x: number; y: number; w: number; h: number } | null {
  const [a, b, c, d, tx, ty] = m;
  if (b !== 0 || c !== 0 || !(a > 0) || !(d > 0)) return null;
  const x = Math.round(destX * a + tx);
  const y = Math.round(destY * d + ty);
  const w = Math.abs(Math.round((destX + destW) * a + tx) - x) || 1;
  const h = Math.abs(Math.round((destY + destH) * d + ty) - y) || 1;
  return { x, y, w, h };
}

/**
 * Source index for destination pixels `from` to `to` (0 is the first) of `n` starting at device
 * pixel `at`, drawn from `src` source pixels with nearest-neighbour sampling as Skia does it: the
 * pixel centre mapped through the inverse matrix in 32-bit floats, and a mapped centre that is a
 * whole number (as rounded in floats) takes the pixel before it. Subtracting 1/65536 instead
 * picks the wrong pixel when the float lands a few millionths above the boundary (at 4.17x,
 * every sixth source column). Only the visible pixels are mapped: a tiny image drawn a hundred
 * million pixels wide costs what its part on the page costs.
 */
function nearest(src: number, n: number, at: number, from: number, to: number): Int32Array {
  const out = new Int32Array(Math.max(0, to - from));
  const inv = f(1 / f(n / src));
  const tx = f(-at * inv);
  for (let i = from; i < to; i++) {
    const s = Math.ceil(f(f((at + i + 0.5) * inv) + tx)) - 1;
    out[i - from] = s < 0 ? 0 : s >= src ? src - 1 : s;
  }
  return out;
}

const GATE_OK = new Set(["LW", "LC", "LJ", "ML", "D", "RI", "FL", "CA"]);

/** The draws of a page made only of upright images and masks, or null. */
function plan(ops: { fnArray: number[]; argsArray: Any[] }, OPS: Any, base: Matrix): Draw[] | null {
  let ctm = base;
  let grey = 0; // the default fill colour is black
  const stack: { ctm: Matrix; grey: number }[] = [];
  const draws: Draw[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    switch (fn) {
      case OPS.dependency:
        break;
      case OPS.save:
        stack.push({ ctm, grey });
        break;
      case OPS.restore: {
        const top = stack.pop();
        if (top) ({ ctm, grey } = top);
        break;
      }
      case OPS.transform:
        ctm = concat(ctm, args);
        break;
      case OPS.setFillRGBColor: {
        const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(args[0]));
        if (!m) return null;
        grey = luma(parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16));
        break;
      }
      case OPS.setGState:
        for (const [key, value] of args[0] as [string, unknown][]) {
          if (GATE_OK.has(key)) continue;
          if (key === "ca" && value === 1) continue;
          if (key === "BM" && value === "source-over") continue;
          if (key === "SMask" && value === false) continue;
          return null;
        }
        break;
      case OPS.paintImageXObject:
        if (typeof args[0] !== "string") return null;
        draws.push({ kind: "image", id: args[0], ctm, grey });
        break;
      case OPS.paintImageMaskXObject:
        if (typeof args[0]?.data !== "string" || args[0].count > 1) return null;
        draws.push({ kind: "mask", id: args[0].data, ctm, grey });
        break;
      default:
        return null;
    }
  }
  return draws;
}

/** ITU-R BT.601 luma in integers, as toPgm computes it from a canvas. */
function luma(r: number, g: number, b: number): number {
  return (r * 77 + g * 150 + b * 29) >> 8;
}

/** A decoded image or mask of the page, once pdf.js has it. */
function object(page: Any, id: string): Promise<Any> {
  const objs = id.startsWith("g_") ? page.commonObjs : page.objs;
  return new Promise((resolve) => objs.get(id, resolve));
}

/** A page painted in horizontal bands: rows y0 to y1 into `rows` (width bytes a row). */
export interface GreyPage {
  width: number;
  height: number;
  /**
   * Pixels written to paint one row, at most (the row itself and every draw across it): a page
   * of 2,000 masks over each other costs 2,000 times its width, so its bands are made that much
   * shorter for a stopped call to be noticed between them.
   */
  rowCost?: number;
  paint(y0: number, y1: number, rows: Uint8Array): void;
}

/** Paints device rows y0..y1 of one draw into a band; `cols` pixels of a row at most. */
interface Job {
  paint: (y0: number, y1: number, rows: Uint8Array) => void;
  cols: number;
}

/**
 * The page at `viewport` (pdf.js's, at the OCR resolution) painted from its decoded images, or
 * null when the page needs pdf.js's canvas rendering. Call page.cleanup() after the last band.
 */
export async function imagePage(page: Any, viewport: Any, OPS: Any): Promise<GreyPage | null> {
  const base = f32(viewport.transform);
  if (base[1] !== 0 || base[2] !== 0) return null; // a rotated page
  const ops = await page.getOperatorList();
  const draws = plan(ops, OPS, base);
  if (!draws || draws.length === 0) return null;
  const objects = await Promise.all(draws.map((d) => object(page, d.id)));
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  // every draw is checked before any is painted
  const jobs: Job[] = [];
  for (let i = 0; i < draws.length; i++) {
    const job = draws[i].kind === "image"
      ? imageJob(draws[i], objects[i], width, height)
      : maskJob(draws[i], objects[i], width, height);
    if (!job) return null;
    jobs.push(job);
  }
  return {
    width,
    height,
    rowCost: jobs.reduce((sum, job) => sum + job.cols, width),
    paint(y0, y1, rows) {
      rows.fill(255, 0, (y1 - y0) * width); // pdf.js starts from a white page
      for (const job of jobs) job.paint(y0, y1, rows);
    },
  };
}

/** The header of a binary PGM (8-bit grey). */
export function pgmHeader(width: number, height: number): Uint8Array {
  return new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
}

/** paintInlineImageXObject for an opaque image, or null. */
function imageJob(draw: Draw, img: Any, width: number, height: number): Job | null {
  if (!img || img.bitmap || !img.data) return null;
  const { width: iw, height: ih, kind, data } = img as {
    width: number;
    height: number;
    kind: number;
    data: Uint8Array | Uint8ClampedArray;
  };
  if (!(iw > 0 && ih > 0)) return null;
  const stride = kind === GRAYSCALE_1BPP
    ? (iw + 7) >> 3
    : kind === RGB_24BPP
    ? iw * 3
    : kind === RGBA_32BPP
    ? iw * 4
    : 0;
  if (!stride || data.length < stride * ih) return null;
  if (kind === RGBA_32BPP) {
    for (let k = 3; k < stride * ih; k += 4) if (data[k] !== 255) return null;
  }
  const m = scale(draw.ctm, 1 / iw, -1 / ih);
  if (shrinksInSteps(m)) return null;
  const rect = integerRect(m, 0, -ih, iw, ih);
  if (!rect) return null;
  if (smoothing(m, img.interpolate) && (rect.w !== iw || rect.h !== ih)) return null;
  // the part of the drawn rectangle on the page
  const x0 = Math.max(0, rect.x);
  const x1 = Math.min(width, rect.x + rect.w);
  const top = Math.max(0, rect.y);
  const bottom = Math.min(height, rect.y + rect.h);
  const cols = nearest(iw, rect.w, rect.x, x0 - rect.x, x1 - rect.x);
  const rowsOf = nearest(ih, rect.h, rect.y, top - rect.y, bottom - rect.y);
  const bytes = kind === RGB_24BPP ? 3 : 4;
  const paint = (y0: number, y1: number, rows: Uint8Array) => {
    const from = Math.max(y0, top);
    const to = Math.min(y1, bottom);
    for (let y = from; y < to; y++) {
      const src = rowsOf[y - top] * stride;
      // pdf.js's putBinaryImageData leaves the last 7 pixels of a 1-bit image's last row
      // transparent
      const left = data.length - src;
      const shown = kind !== GRAYSCALE_1BPP || left > stride ? iw : left * 8 - 7;
      let at = (y - y0) * width + x0;
      for (let x = x0; x < x1; x++, at++) {
        const u = cols[x - x0];
        if (kind === GRAYSCALE_1BPP) {
          if (u < shown) rows[at] = (data[src + (u >> 3)] >> (7 - (u & 7))) & 1 ? 255 : 0;
        } else {
          const k = src + u * bytes;
          rows[at] = luma(data[k], data[k + 1], data[k + 2]);
        }
      }
    }
  };
  return { paint, cols: cols.length };
}

/** paintImageMaskXObject (a mask used once): the fill colour where a bit is 0, or null. */
function maskJob(draw: Draw, img: Any, width: number, height: number): Job | null {
  if (!img || img.bitmap || !img.data) return null;
  const { width: mw, height: mh, data } = img as {
    width: number;
    height: number;
    data: Uint8Array;
  };
  if (!(mw > 0 && mh > 0)) return null;
  const stride = (mw + 7) >> 3;
  // pdf.js's _createMaskCanvas: a canvas the size of the mask's device bounding box...
  const ct = draw.ctm;
  if (ct[1] !== 0 || ct[2] !== 0) return null;
  let toCanvas = transform(ct, [1 / mw, 0, 0, -1 / mh, 0, 0]);
  toCanvas = transform(toCanvas, [1, 0, 0, 1, 0, -mh]);
  const box = new Float32Array([Infinity, Infinity, -Infinity, -Infinity]);
  bbox([0, 0, mw, mh], toCanvas, box);
  const [minX, minY, maxX, maxY] = box;
  const fillW = Math.round(maxX - minX) || 1;
  const fillH = Math.round(maxY - minY) || 1;
  // ...translated to its corner, the mask drawn into it at whole pixels...
  const fillM = concat(f32([1, 0, 0, 1, -minX, -minY]), toCanvas);
  if (shrinksInSteps(fillM)) return null;
  const rect = integerRect(fillM, 0, 0, mw, mh);
  if (!rect) return null;
  if (smoothing(fillM, img.interpolate) && (rect.w !== mw || rect.h !== mh)) return null;
  // ...then filled with the colour over the mask's rectangle: an edge that cuts into a pixel of
  // the drawn rectangle would blend it (Skia snaps rectangle edges to 1/256 of a pixel)
  const snap = (v: number) => Math.round(v * 256) / 256;
  const fx0 = snap(fillM[4]);
  const fx1 = snap(f(mw * fillM[0] + fillM[4]));
  const fy0 = snap(fillM[5]);
  const fy1 = snap(f(mh * fillM[3] + fillM[5]));
  if (fx0 > rect.x || fx1 < rect.x + rect.w || fy0 > rect.y || fy1 < rect.y + rect.h) return null;
  // ...and that canvas drawn onto the page at whole pixels
  const offX = Math.round(minX) + rect.x;
  const offY = Math.round(minY) + rect.y;
  // the part of the drawn rectangle inside both the fill canvas and the page
  const u0 = Math.max(0, -rect.x, -offX);
  const u1 = Math.min(rect.w, fillW - rect.x, width - offX);
  const v0 = Math.max(0, -rect.y, -offY);
  const v1 = Math.min(rect.h, fillH - rect.y, height - offY);
  const cols = nearest(mw, rect.w, rect.x, u0, u1);
  const rowsOf = nearest(mh, rect.h, rect.y, v0, v1);
  const fill = draw.grey;
  const paint = (y0: number, y1: number, rows: Uint8Array) => {
    const from = Math.max(v0, y0 - offY);
    const to = Math.min(v1, y1 - offY);
    for (let v = from; v < to; v++) {
      const src = rowsOf[v - v0] * stride;
      let at = (offY + v - y0) * width + offX + u0;
      for (let u = u0; u < u1; u++, at++) {
        const s = cols[u - u0];
        // past the end of the data pdf.js reads whole bytes as 0 (painted), the last part as 255
        const byte = src + (s >> 3) < data.length
          ? data[src + (s >> 3)]
          : (s >> 3) < (mw >> 3)
          ? 0
          : 255;
        if (!((byte >> (7 - (s & 7))) & 1)) rows[at] = fill;
      }
    }
  };
  return { paint, cols: cols.length };
}

/** pdf.js's Util.transform, in doubles. */
function transform(m1: number[], m2: number[]): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

/** pdf.js's Util.axialAlignedBoundingBox for an upright matrix, into a Float32Array. */
function bbox(rect: number[], m: number[], out: Float32Array): void {
  const x0 = m[0] * rect[0] + m[4];
  const x1 = m[0] * rect[2] + m[4];
  const y0 = m[3] * rect[1] + m[5];
  const y1 = m[3] * rect[3] + m[5];
  out[0] = Math.min(out[0], x0, x1);
  out[1] = Math.min(out[1], y0, y1);
  out[2] = Math.max(out[2], x0, x1);
  out[3] = Math.max(out[3], y0, y1);
}
