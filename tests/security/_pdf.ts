/**
 * Tiny PDFs written by hand for the attack tests: many pages of text, a page whose MediaBox asks
 * for a huge canvas, an image whose declared size is enormous, a stream that inflates far beyond
 * its size. Offsets in the xref table are exact, so pdf.js reads them without repair.
 */

export interface PdfPage {
  /** Page size in points (default 612 × 792). */
  width?: number;
  height?: number;
  /** Page content operators (default: one line of text). */
  content?: string;
  /** An image XObject painted by the content (`/Im1 Do`). */
  image?: { width: number; height: number; data: Uint8Array; filter?: string };
}

/** Builds a PDF from pages; `extra` are raw objects appended (for stream bombs). */
export function buildPdf(pages: PdfPage[], opts: { compress?: Uint8Array } = {}): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let size = 0;
  const push = (b: Uint8Array | string) => {
    const bytes = typeof b === "string" ? enc.encode(b) : b;
    parts.push(bytes);
    size += bytes.length;
  };
  const object = (n: number, body: (string | Uint8Array)[]) => {
    offsets[n] = size;
    push(`${n} 0 obj\n`);
    for (const b of body) push(b);
    push("\nendobj\n");
  };
  push("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  // 1 catalog, 2 pages, 3 font, then per page: page, content, image
  const first = 4;
  const kids = pages.map((_, i) => `${first + i * 3} 0 R`).join(" ");
  object(1, ["<< /Type /Catalog /Pages 2 0 R >>"]);
  object(2, [`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`]);
  object(3, ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]);
  pages.forEach((p, i) => {
    const n = first + i * 3;
    const w = p.width ?? 612;
    const h = p.height ?? 792;
    const xobject = p.image ? ` /XObject << /Im1 ${n + 2} 0 R >>` : "";
    object(n, [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Contents ${
        n + 1
      } 0 R /Resources << /Font << /F1 3 0 R >>${xobject} >> >>`,
    ]);
    const content = enc.encode(p.content ?? `BT /F1 12 Tf 72 720 Td (Page ${i + 1} text) Tj ET`);
    const bomb = i === 0 && opts.compress;
    const body = bomb ? opts.compress! : content;
    object(n + 1, [
      `<< /Length ${body.length}${bomb ? " /Filter /FlateDecode" : ""} >>\nstream\n`,
      body,
      "\nendstream",
    ]);
    if (p.image) {
      const im = p.image;
      object(n + 2, [
        `<< /Type /XObject /Subtype /Image /Width ${im.width} /Height ${im.height} /ColorSpace /DeviceGray /BitsPerComponent 8${
          im.filter ? ` /Filter /${im.filter}` : ""
        } /Length ${im.data.length} >>\nstream\n`,
        im.data,
        "\nendstream",
      ]);
    } else {
      object(n + 2, ["null"]);
    }
  });
  const count = first + pages.length * 3;
  const xref = size;
  push(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n++) push(`${String(offsets[n]).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(size);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
