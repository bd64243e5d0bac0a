/**
 * Work that would outlive its caller: deeply nested HTML (linkedom's parse grows with the square
 * of the depth and cannot be interrupted; 3 MB of nested tags used to freeze the adapter for
 * minutes and end in "internal error: RangeError"), and a long PDF read past its time limit,
 * after which the server's CPU time must stop growing (read from /proc/<pid>/stat).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { nestingDepth } from "../../analysis/document/html.ts";
import { htmlBlocks } from "../../analysis/evidence/transcript_html.ts";
import { buildPdf } from "./_pdf.ts";
import { envelopeOf, ONE_GIB, rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";

function call(s: Spawned, name: string, args: unknown) {
  return rawRequest(
    s.port,
    `POST /commands/${name} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json`,
    JSON.stringify(args),
  );
}

const DEEP = "<html><body>" + "<div>".repeat(600_000) + "x</body></html>"; // 3 MB

Deno.test("nesting depth: one pass, implied closes, comments and scripts skipped", () => {
  assert.equal(nestingDepth("<html><body><div><p>a<p>b</div></body></html>"), 4);
  assert.equal(nestingDepth("<ul><li>a<li>b<li>c</ul>"), 2);
  // "<span/>" opens a span, as the HTML parser reads it; inside svg the slash closes
  assert.equal(nestingDepth("<div><br><img src=x><span/></div>"), 2);
  assert.equal(nestingDepth("<div/><div/><div/>x"), 3);
  assert.equal(nestingDepth("<svg><path/><path/><g/></svg>"), 1);
  assert.equal(nestingDepth("<svg><path/></svg><div/><div/>"), 2);
  assert.equal(nestingDepth("<div><!-- <div><div> --><script>'<div><div>'</script></div>"), 1);
  assert.equal(nestingDepth("<table><tr><td>1<td>2<tr><td>3</table>"), 3);
  assert.equal(nestingDepth(DEEP, 1000), 1001); // stops counting past the cap
});

Deno.test("transcript pages: the same depth check before linkedom", async () => {
  await assert.rejects(() => htmlBlocks(DEEP), /more than 1000 levels deep/);
  // written self-closed, the same nesting (it stalled the parser for 94 s before)
  const slashed = "<html><body>" + "<div/>".repeat(300_000) + "x</body></html>";
  await assert.rejects(() => htmlBlocks(slashed), /more than 1000 levels deep/);
});

Deno.test("attack: 3 MB of nested tags is refused at once, naming the setting (served and local)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance-deep-" });
  const file = join(dir, "deep.html");
  await Deno.writeTextFile(file, DEEP);
  const hits: string[] = [];
  const hostile = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    hits.push(req.url);
    return new Response(DEEP, { headers: { "content-type": "text/html" } });
  });
  const s = await spawnFinance(["serve"], {
    FINANCE_DOCUMENT_ROOTS: dir,
    FINANCE_ALLOW_PRIVATE_URLS: "1",
  });
  try {
    const sources = [file, `http://127.0.0.1:${hostile.addr.port}/deep.html`];
    for (const source of sources) {
      for (const name of ["document.read", "document.tables", "document.scan"]) {
        const args = name === "document.scan" ? { source, query: "revenue" } : { source };
        const env = envelopeOf(await call(s, name, args));
        assert.equal(env.ok, false, `${name} ${source}`);
        assert.match(env.error!, /FINANCE_MAX_HTML_DEPTH/, `${name}: ${env.error}`);
        assert.doesNotMatch(env.error!, /internal error|RangeError/);
      }
    }
    assert.ok(hits.length >= 1);
    assert.ok(s.alive());
    assert.ok(s.rss() < ONE_GIB, `RSS ${s.rss()}`);
  } finally {
    await s.stop();
    await hostile.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("attack: a read stopped at its time limit stops using CPU", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance-long-" });
  const file = join(dir, "long.pdf");
  const text = "BT /F1 9 Tf " +
    Array.from({ length: 60 }, (_, i) => `72 ${760 - i * 12} Td (line ${i} of a long page) Tj`)
      .join(" ") +
    " ET";
  await Deno.writeFile(file, buildPdf(Array.from({ length: 4000 }, () => ({ content: text }))));
  const s = await spawnFinance(["serve"], {
    FINANCE_DOCUMENT_ROOTS: dir,
    FINANCE_REQUEST_TIMEOUT_MS: "1500",
  });
  try {
    const env = envelopeOf(await call(s, "document.read", { source: file, max_pages: 0 }));
    assert.equal(env.ok, false);
    assert.match(env.error!, /did not finish within 1500 ms/);
    // give the stopped work one second to notice, then CPU time must stay (nearly) flat
    await new Promise((r) => setTimeout(r, 1000));
    const before = s.cpuTicks();
    await new Promise((r) => setTimeout(r, 1000));
    const used = s.cpuTicks() - before;
    assert.ok(used < 20, `server used ${used} clock ticks of CPU in the second after stopping`);
    assert.ok(s.alive());
  } finally {
    await s.stop();
    await Deno.remove(dir, { recursive: true });
  }
});
