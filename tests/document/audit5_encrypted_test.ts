/**
 * Encrypted PDFs: one that opens without a password (copying or printing restricted, as many
 * investor-relations PDFs are) is read, its streams counted decrypted against the inflation cap;
 * one that needs a password is said to need it.
 */
import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";
import { dataOf, envelope } from "../_helpers.ts";
import { encryptedPdf, type Revision } from "../fixtures/document/audit5/encrypted.ts";
import { pdfEncryption } from "../../providers/pdf_text_a/decrypt.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const REVISIONS: Revision[] = [2, 3, 4, 6];
const line = (r: number, p: number) =>
  `BT /F1 12 Tf 72 700 Td (Revision ${r} page ${p} revenue grew.) Tj ET\n`;

async function saved(bytes: Uint8Array): Promise<string> {
  const path = await Deno.makeTempFile({ prefix: "audit5_enc_", suffix: ".pdf" });
  await Deno.writeFile(path, bytes);
  return path;
}

Deno.test("pdfEncryption: the empty user password opens RC4 40/128-bit, AES-128 and AES-256 files, and their streams decrypt", () => {
  for (const r of REVISIONS) {
    const bytes = encryptedPdf(r, "", 1, (p) => line(r, p));
    const text = new TextDecoder("latin1").decode(bytes);
    const found = pdfEncryption(text);
    assert.equal(found.kind, "open", `revision ${r}`);
    if (found.kind !== "open") continue;
    const start = text.indexOf("stream\n") + 7;
    const end = text.indexOf("\nendstream");
    const clear = found.decryptor.decrypt(4, 0, bytes.subarray(start, end))!;
    assert.equal(new TextDecoder().decode(inflateSync(clear)), line(r, 1), `revision ${r}`);
  }
  for (const r of [2, 3, 4] as const) {
    const text = new TextDecoder("latin1").decode(encryptedPdf(r, "secret", 1, (p) => line(r, p)));
    assert.equal(pdfEncryption(text).kind, "password", `revision ${r}`);
  }
});

Deno.test("document.read: an encrypted PDF that opens without a password is counted decrypted, not as a compression bomb", async () => {
  const filler = "% a comment line that pads the page's content stream\n".repeat(2000); // ~100 KB
  for (const r of REVISIONS) {
    const source = await saved(encryptedPdf(r, "", 2, (p) => line(r, p) + filler));
    const env = { FINANCE_MAX_PDF_STREAM_BYTES: "400000" };
    // before: each encrypted stream failed to inflate and counted as up to 264 KB
    const d: Any = dataOf(await envelope("document.read", { source }, { env }));
    assert.equal(
      d.text,
      `Revision ${r} page 1 revenue grew.\n\nRevision ${r} page 2 revenue grew.`,
      `revision ${r}`,
    );
    // the cap still holds for what the streams inflate to once decrypted (other bytes: the
    // text model of the file above is remembered)
    const other = await saved(encryptedPdf(r, "", 2, (p) => line(r, p) + filler + "%\n"));
    const small = await envelope("document.read", { source: other }, {
      env: { FINANCE_MAX_PDF_STREAM_BYTES: "150000" },
    });
    assert.equal(small.ok, false, `revision ${r}`);
    assert.match(String(small.error), /inflates to more than 150000 bytes/);
  }
});

Deno.test("document.scan: a PDF that needs a password says so", async () => {
  for (const r of [2, 3, 4] as const) {
    const source = await saved(encryptedPdf(r, "secret", 1, (p) => line(r, p)));
    const env = await envelope("document.scan", { source, query: "revenue" });
    assert.equal(env.ok, false);
    assert.match(String(env.error), /is password-protected/);
  }
});
