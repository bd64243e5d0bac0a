/**
 * document.tables reads an HTML page in the page's own encoding, as document.read does: a
 * windows-1252 release (undeclared, or declared by the server) and a UTF-16 page with a byte
 * order mark. It decoded every page as UTF-8: "—", "’" and "£" became U+FFFD, and a UTF-16
 * page's cells came out with a NUL beside every character.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const PAGE = "<html><body><p>(in thousands)</p><table>" +
  "<tr><th>Segment</th><th>2024</th><th>2023</th></tr>" +
  "<tr><td>Caf\u00e9 division \u2014 Europe</td><td>\u00a31,234</td><td>\u00a31,100</td></tr>" +
  "<tr><td>Owners\u2019 \u201ccore\u201d tools</td><td>567</td><td>(89)</td></tr>" +
  "</table></body></html>";

/** windows-1252 bytes of PAGE. */
function cp1252(s: string): Uint8Array<ArrayBuffer> {
  const high = new TextDecoder("windows-1252").decode(
    Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i),
  );
  return Uint8Array.from(
    s,
    (c) => c.charCodeAt(0) < 0x100 ? c.charCodeAt(0) : 0x80 + high.indexOf(c),
  );
}

function utf16le(s: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(2 + s.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < s.length; i++) {
    out[2 + 2 * i] = s.charCodeAt(i) & 0xff;
    out[3 + 2 * i] = s.charCodeAt(i) >> 8;
  }
  return out;
}

const serve = (body: Uint8Array<ArrayBuffer>, type = "text/html"): typeof fetch => () =>
  Promise.resolve(new Response(body, { headers: { "content-type": type } }));

const tables = (body: Uint8Array<ArrayBuffer>, type?: string) =>
  envelope<Any>("document.tables", { source: "https://ir.example.com/release.html" }, {
    fetch: serve(body, type),
  });

function assertTable(d: Any) {
  assert.equal(d.count, 1);
  const t = d.tables[0];
  assert.deepEqual(t.rows[0], ["Caf\u00e9 division \u2014 Europe", "\u00a31,234", "\u00a31,100"]);
  assert.deepEqual(t.rows[1], ["Owners\u2019 \u201ccore\u201d tools", "567", "(89)"]);
  assert.deepEqual(t.values[0].slice(1), [1234, 1100]);
  assert.deepEqual(t.values[1].slice(1), [567, -89]);
}

Deno.test("document.tables: an undeclared windows-1252 page's cells keep their dashes, quotes and £, said", async () => {
  const env = await tables(cp1252(PAGE));
  const d = dataOf<Any>(env);
  // before: "Caf\ufffd division \ufffd Europe", "\ufffd1,234"
  assertTable(d);
  assert.ok(
    env.warnings.some((w: string) => /byte\(s\) of the page are not UTF-8.*windows-1252/.test(w)),
    env.warnings.join("\n"),
  );
});

Deno.test("document.tables: the server's charset=ISO-8859-1 is used, with nothing to warn", async () => {
  const env = await tables(cp1252(PAGE), "text/html; charset=ISO-8859-1");
  assertTable(dataOf<Any>(env));
  assert.ok(!env.warnings.some((w: string) => /UTF-8/.test(w)), env.warnings.join("\n"));
});

Deno.test("document.tables: a UTF-16 page with a byte order mark is read", async () => {
  const env = await tables(utf16le(PAGE));
  // before: every cell a run of letters and NULs, no figure read
  assertTable(dataOf<Any>(env));
});
