/**
 * The PDF preflight counts what every compressed stream decodes to, however its filter is
 * written: through an indirect reference, abbreviated, behind an ASCII encoding, with LZW or
 * run-length coding; a stream compressed twice over is refused (its size cannot be bounded
 * before pdf.js decodes it whole). Small files built here; the server-level attack is in
 * pdf_caps_test.ts.
 */
import assert from "node:assert/strict";
import { preflightPdf } from "../../providers/pdf_text_a/preflight.ts";

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (b: Uint8Array) => String.fromCharCode(...b);

/** zlib stream of `size` zero bytes. */
async function zeros(size: number): Promise<Uint8Array> {
  return new Uint8Array(
    await new Response(
      new Blob([new Uint8Array(size)]).stream().pipeThrough(new CompressionStream("deflate")),
    ).arrayBuffer(),
  );
}

/** A file holding one stream object with `dict` entries and `data`, plus `extra` objects. */
function file(dict: string, data: Uint8Array | string, extra = ""): Uint8Array {
  const body = typeof data === "string" ? data : text(data);
  return latin1(
    `%PDF-1.4\n1 0 obj\n<< ${dict} /Length ${body.length} >>\nstream\n${body}\nendstream\nendobj\n${extra}%%EOF\n`,
  );
}

const limits = { pages: 100, streamBytes: 1024 * 1024, imagePixels: 1e8 };
const refused = (bytes: Uint8Array, re: RegExp) =>
  assert.rejects(() => preflightPdf(bytes, "x.pdf", limits), re);

Deno.test("PDF preflight: a bomb behind an indirect, abbreviated or ASCII-encoded filter is counted", async () => {
  const bomb = await zeros(4 * 1024 * 1024);
  await refused(file("/Filter /FlateDecode", bomb), /inflates to more than 1048576 bytes/);
  await refused(
    file("/Filter 5 0 R", bomb, "5 0 obj\n/FlateDecode\nendobj\n"),
    /inflates to more than/,
  );
  await refused(file("/Filter /Fl", bomb), /inflates to more than/);
  const hex = Array.from(bomb, (b) => b.toString(16).padStart(2, "0")).join("") + ">";
  await refused(file("/Filter [/ASCIIHexDecode /FlateDecode]", hex), /inflates to more than/);
  // a reference the file does not hold in the open (an object stream) is refused, not guessed
  await refused(file("/Filter 9 0 R", bomb), /reference this check cannot read/);
  // a stream keyword ended by a lone CR is a stream too
  await refused(
    latin1(`1 0 obj\n<< /Filter /FlateDecode >>\nstream\r${text(bomb)}\nendstream\n`),
    /inflates to more than/,
  );
});

Deno.test("PDF preflight: a stream compressed twice over is refused; LZW and run-length are counted", async () => {
  await refused(
    file("/Filter [/FlateDecode /FlateDecode]", await zeros(1000)),
    /compressed 2 times over \(FlateDecode, FlateDecode\)/,
  );
  // run-length: 257 − 129 = 128 bytes from each pair, 20,000 pairs = 2.5 MB
  const rl = "\x81\x00".repeat(20_000) + "\x80";
  await refused(file("/Filter /RunLengthDecode", rl), /inflates to more than/);
  // LZW: a clear code, then codes that each repeat the previous string one byte longer
  const bits: number[] = [];
  const put = (code: number, width: number) => {
    for (let k = width - 1; k >= 0; k--) bits.push((code >> k) & 1);
  };
  let next = 258;
  let width = 9;
  put(256, 9);
  put(0, 9);
  for (let i = 0; i < 3000; i++) {
    put(next, width); // the string just added: grows by one each time
    next++;
    if (next + 1 >= 1 << width && width < 12) width++;
    if (next >= 4095) break;
  }
  const bytes = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((b, i) => (bytes[i >> 3] |= b << (7 - (i & 7))));
  await refused(file("/Filter /LZWDecode", bytes), /inflates to more than/);
  // an ordinary small stream passes
  const small = new Uint8Array(
    await new Response(
      new Blob([latin1("BT (Revenue) Tj ET")]).stream().pipeThrough(
        new CompressionStream("deflate"),
      ),
    ).arrayBuffer(),
  );
  await preflightPdf(file("/Filter /FlateDecode", small), "x.pdf", limits);
});
