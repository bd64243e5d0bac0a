/** document.* at the edges of their arguments (found by argument fuzzing). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const F = (name: string) => join(FIXTURES, "document", name);

Deno.test("document.read: a PDF read with format=html is refused, never its bytes answered as text", async () => {
  for (const name of ["document.read", "document.scan"]) {
    const env = await envelope(name, { source: F("prose.pdf"), format: "html" });
    assert.equal(env.ok, false, `${name}: ${JSON.stringify(env.data)?.slice(0, 120)}`);
    assert.equal(env.data, null);
    assert.match(
      env.error!,
      /was read as format=html but it is a PDF.*pass format=pdf or drop format=/,
    );
  }
  // the same file with format=pdf, or none, is read
  const d = dataOf<{ format: string }>(
    await envelope("document.read", { source: F("prose.pdf"), format: "pdf" }),
  );
  assert.equal(d.format, "pdf");
});

Deno.test("document.window: start_char and a match_id at another offset are refused, not one of them taken", async () => {
  const env = await envelope("document.window", {
    source: F("prose.pdf"),
    start_char: 100,
    match_id: "char_5_10",
  });
  assert.equal(env.ok, false);
  assert.match(env.error!, /start_char=100 and match_id=char_5_10 .*give only one/);
  // both naming the same offset agree
  const same = await envelope("document.window", {
    source: F("prose.pdf"),
    start_char: 5,
    match_id: "char_5_10",
  });
  assert.equal(same.ok, true, same.error ?? "");
});

Deno.test("document.window: a match_id whose end is before its start says so", async () => {
  const env = await envelope("document.window", { source: F("prose.pdf"), match_id: "char_20_10" });
  assert.equal(env.ok, false);
  assert.match(env.error!, /END not before its START \(char_10_20\)/);
});

Deno.test("document.scan: a query typed in full-width letters finds the ASCII text, at its offsets", async () => {
  type Scan = { matches: { start_char: number; end_char: number; text: string }[] };
  const ascii = dataOf<Scan>(
    await envelope("document.scan", { source: F("prose.pdf"), query: "Risk Factors" }),
  );
  const wide = dataOf<Scan>(
    await envelope("document.scan", {
      source: F("prose.pdf"),
      query: "Ｒｉｓｋ\u3000Ｆａｃｔｏｒｓ",
    }),
  );
  assert.ok(ascii.matches.length > 0);
  assert.deepEqual(
    wide.matches.map((m) => [m.start_char, m.end_char, m.text]),
    ascii.matches.map((m) => [m.start_char, m.end_char, m.text]),
  );
});

Deno.test("document.ocr: an HTML page is refused with advice that fits the command (it has no format=)", async () => {
  const env = await envelope("document.ocr", { source: F("filing.html") });
  assert.equal(env.ok, false);
  assert.match(
    env.error!,
    /filing\.html is an HTML page.*not a PDF: document\.ocr reads the pages of a PDF; read an HTML page's text with document\.read/,
  );
  assert.doesNotMatch(env.error!, /format=/);
});

Deno.test("document.tables: pages= on an HTML page is said to select nothing, the page being read whole", async () => {
  const env = await envelope("document.tables", { source: F("filing.html"), pages: "2" });
  assert.equal(env.ok, true, env.error ?? "");
  assert.ok(
    env.warnings.some((w) =>
      /^pages=2 select pages of a PDF; .*filing\.html is an HTML page, read whole/.test(w)
    ),
    JSON.stringify(env.warnings),
  );
  const plain = await envelope("document.tables", { source: F("filing.html") });
  assert.ok(!plain.warnings.some((w) => w.startsWith("pages=")));
});

Deno.test("document.scan: start_char past the end of the text is refused, never an empty scan", async () => {
  const env = await envelope("document.scan", {
    source: F("prose.pdf"),
    query: "Risk Factors",
    start_char: 999_999,
  });
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  assert.match(
    env.error!,
    /start_char=999999 is past the end of the document text \(\d+ characters\)/,
  );
  const cut = await envelope("document.scan", {
    source: F("prose.pdf"),
    query: "Risk Factors",
    start_char: 60,
    max_chars: 50,
  });
  assert.match(cut.error!, /past the end of the first 50 characters scanned \(max_chars=50\)/);
});
