/**
 * PDF bombs against a real `finance serve`: a 1 KB page that asks for a huge canvas, an image
 * that declares billions of pixels, a stream that inflates far past its size, a document with
 * too many pages. Each is refused with ok:false naming the cap and the setting that raises it,
 * before anything large is allocated; the server stays alive and under 1 GiB.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { buildPdf } from "./_pdf.ts";
import { envelopeOf, ONE_GIB, rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";

function call(s: Spawned, name: string, args: unknown) {
  return rawRequest(
    s.port,
    `POST /commands/${name} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json`,
    JSON.stringify(args),
  ).then(envelopeOf);
}

/** zlib stream of `size` zero bytes, compressed chunk by chunk (never held whole). */
async function zeroBomb(size: number): Promise<Uint8Array> {
  const chunk = new Uint8Array(1 << 20);
  let left = size;
  const source = new ReadableStream<BufferSource>({
    pull(c) {
      if (left <= 0) return c.close();
      const n = Math.min(left, chunk.length);
      c.enqueue(chunk.subarray(0, n));
      left -= n;
    },
  });
  return new Uint8Array(
    await new Response(source.pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
}

Deno.test("attack: PDF bombs are refused, naming the cap and its setting", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance-pdf-" });
  const pixel = { width: 1, height: 1, data: new Uint8Array([128]) };
  const files: Record<string, Uint8Array> = {
    // a scanned-looking page (an image, no text) one million points on a side
    "canvas.pdf": buildPdf([{
      width: 1_000_000,
      height: 1_000_000,
      content: "q 1000000 0 0 1000000 0 0 cm /Im1 Do Q",
      image: pixel,
    }]),
    "image.pdf": buildPdf([{
      content: "q 612 0 0 792 0 0 cm /Im1 Do Q",
      image: { width: 100_000, height: 100_000, data: new Uint8Array(16) },
    }]),
    "bomb.pdf": buildPdf([{}], { compress: await zeroBomb(64 * 1024 * 1024) }),
    "pages.pdf": buildPdf(Array.from({ length: 60 }, () => ({}))),
  };
  for (const [name, bytes] of Object.entries(files)) {
    assert.ok(bytes.length < 200_000, `${name} is ${bytes.length} bytes`);
    await Deno.writeFile(join(dir, name), bytes);
  }
  const s = await spawnFinance(["serve"], {
    FINANCE_DOCUMENT_ROOTS: dir,
    FINANCE_MAX_PDF_STREAM_BYTES: String(20 * 1024 * 1024),
    FINANCE_MAX_PDF_PAGES: "50",
  });
  try {
    const cases: [string, string, RegExp][] = [
      ["document.ocr", "canvas.pdf", /FINANCE_MAX_OCR_PIXELS/],
      ["document.read", "canvas.pdf", /FINANCE_MAX_OCR_PIXELS/],
      ["document.read", "image.pdf", /100000 × 100000 pixels.*FINANCE_MAX_PDF_IMAGE_PIXELS/],
      ["document.read", "bomb.pdf", /more than 20971520 bytes.*FINANCE_MAX_PDF_STREAM_BYTES/],
      ["document.tables", "bomb.pdf", /FINANCE_MAX_PDF_STREAM_BYTES/],
      ["document.read", "pages.pdf", /60 pages, over the 50-page cap.*FINANCE_MAX_PDF_PAGES/],
    ];
    for (const [name, file, error] of cases) {
      const env = await call(s, name, { source: join(dir, file) });
      assert.equal(env.ok, false, `${name} ${file}`);
      assert.match(env.error!, error, `${name} ${file}: ${env.error}`);
      assert.ok(s.alive(), `server died on ${file}: ${s.stderr()}`);
      assert.ok(s.rss() < ONE_GIB, `server RSS ${s.rss()} after ${file}`);
    }
    // under the caps the same kind of file reads normally
    const fine = await call(s, "document.read", { source: join(dir, "pages.pdf"), max_pages: 2 });
    assert.equal(fine.ok, false); // still 60 pages: the cap is on the document, not the read
    await Deno.writeFile(join(dir, "ok.pdf"), buildPdf(Array.from({ length: 3 }, () => ({}))));
    const ok = await call(s, "document.read", { source: join(dir, "ok.pdf") });
    assert.equal(ok.ok, true, ok.error ?? "");
    assert.match(JSON.stringify(ok.data), /Page 3 text/);
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
