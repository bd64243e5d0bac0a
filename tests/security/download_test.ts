/**
 * Resource bombs on downloads: an endless body, a gzip bomb and a lying Content-Length stop at
 * the cap with an error naming it and the setting that raises it, while the process stays
 * small; the largest real filings and PDFs still pass under the default caps.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { HttpClient } from "../../core/http.ts";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../../core/http.ts";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "../../providers/pdf_text_a/client.ts";
import { runCommand } from "../../core/runner.ts";
import { sharedOrSkip } from "../_helpers.ts";
import { adapterCall, countingServer, liveSession } from "./_net.ts";

const MiB = 1024 * 1024;

/** An HTML page that never ends: 64 KiB of text per pull, forever. */
function endless(): Response {
  const chunk = new TextEncoder().encode("<p>" + "x".repeat(64 * 1024 - 7) + "</p>\n");
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("<html><body>"));
    },
    pull(c) {
      c.enqueue(chunk);
    },
  });
  return new Response(body, { headers: { "content-type": "text/html" } });
}

/** `megabytes` MiB of HTML, gzip-compressed (a few tens of KiB on the wire). */
async function gzipBomb(megabytes: number): Promise<Uint8Array> {
  const block = new TextEncoder().encode("<p>".padEnd(MiB, " "));
  const cs = new CompressionStream("gzip");
  const writer = cs.writable.getWriter();
  const writing = (async () => {
    await writer.write(new TextEncoder().encode("<html><body>"));
    for (let i = 0; i < megabytes; i++) await writer.write(block);
    await writer.close();
  })();
  const bytes = new Uint8Array(await new Response(cs.readable).arrayBuffer());
  await writing;
  return bytes;
}

const rssMiB = () => Math.round(Deno.memoryUsage().rss / MiB);

Deno.test("downloads: an endless body stops at FINANCE_MAX_DOCUMENT_BYTES", async () => {
  const server = countingServer("127.0.0.1", endless);
  try {
    const env = { FINANCE_ALLOW_PRIVATE_URLS: "1", FINANCE_MAX_DOCUMENT_BYTES: String(8 * MiB) };
    const out = await adapterCall(
      "document.read",
      { source: `http://127.0.0.1:${server.port}/endless.html` },
      liveSession(env),
    );
    assert.equal(out.ok, false);
    assert.match(out.error ?? "", /larger than the 8388608-byte limit \(8 MiB\)/);
    assert.match(out.error ?? "", /raise FINANCE_MAX_DOCUMENT_BYTES/);
    assert.ok(rssMiB() < 1024, `RSS ${rssMiB()} MiB`);
  } finally {
    await server.close();
  }
});

Deno.test("downloads: a gzip bomb is counted in decompressed bytes", async () => {
  const bomb = await gzipBomb(64);
  assert.ok(bomb.length < MiB, "the bomb is small on the wire");
  const server = countingServer("127.0.0.1", () =>
    new Response(bomb.slice(), {
      headers: { "content-type": "text/html", "content-encoding": "gzip" },
    }));
  try {
    const env = { FINANCE_ALLOW_PRIVATE_URLS: "1", FINANCE_MAX_DOCUMENT_BYTES: String(8 * MiB) };
    // through the library (Deno's fetch decompresses)
    const lib = await runCommand("document.read", {
      source: `http://127.0.0.1:${server.port}/bomb.html`,
    }, { session: liveSession(env) });
    assert.equal(lib.ok, false);
    assert.match(lib.error ?? "", /8388608-byte limit.*FINANCE_MAX_DOCUMENT_BYTES/);
    // through a pinned hop (node:http, decompressed by the client itself)
    const client = new HttpClient({ politeness: false });
    await assert.rejects(
      client.request({
        provider: "test",
        url: `http://bomb.example:${server.port}/`,
        retries: 0,
        maxBytes: 8 * MiB,
        maxBytesSetting: "FINANCE_MAX_DOCUMENT_BYTES",
        guard: () => ({ address: "127.0.0.1", family: 4 }),
      }),
      /larger than the 8388608-byte limit.*FINANCE_MAX_DOCUMENT_BYTES/,
    );
    assert.ok(rssMiB() < 1024, `RSS ${rssMiB()} MiB`);
  } finally {
    await server.close();
  }
});

Deno.test("downloads: the client's own cap and a too-large Content-Length", async () => {
  const huge = countingServer("127.0.0.1", () => {
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array(64 * 1024));
      },
    });
    return new Response(body, { headers: { "content-length": String(10 * 1024 * MiB) } });
  });
  try {
    const client = new HttpClient({ politeness: false, maxResponseBytes: 2 * MiB });
    await assert.rejects(
      client.request({ provider: "test", url: `http://127.0.0.1:${huge.port}/`, retries: 0 }),
      /larger than the 2097152-byte limit \(2 MiB\); raise FINANCE_MAX_RESPONSE_BYTES/,
    );
    assert.ok(rssMiB() < 1024);
  } finally {
    await huge.close();
  }
});

Deno.test("downloads: the largest real 10-K and PDF read under the default caps", {
  ignore: !sharedOrSkip("default caps against real documents"),
}, async () => {
  const shared = sharedOrSkip("default caps against real documents")!;
  const files: { path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const e of Deno.readDirSync(dir)) {
      const p = join(dir, e.name);
      if (e.isDirectory) walk(p);
      else if (e.isFile) files.push({ path: p, size: Deno.statSync(p).size });
    }
  };
  walk(shared);
  const largest = (re: RegExp) =>
    files.filter((f) => re.test(f.path)).sort((a, b) => b.size - a.size)[0];
  const pdf = largest(/\.pdf$/i), tenK = largest(/\/10-K\/.*\.html?$/i);
  const biggest = files.reduce((a, b) => (b.size > a.size ? b : a));
  assert.ok(biggest.size < DEFAULT_MAX_DOCUMENT_BYTES, `${biggest.path} fits the document cap`);
  assert.ok(biggest.size < DEFAULT_MAX_RESPONSE_BYTES);
  // served gzip-encoded from a local server and read as a user would, with default caps
  const server = countingServer("127.0.0.1", (req) => {
    const path = new URL(req.url).pathname.endsWith(".pdf") ? pdf.path : tenK.path;
    const body = Deno.readFileSync(path);
    const gz = new Response(body).body!.pipeThrough(new CompressionStream("gzip"));
    return new Response(gz, {
      headers: {
        "content-type": path.endsWith(".pdf") ? "application/pdf" : "text/html",
        "content-encoding": "gzip",
      },
    });
  });
  try {
    const session = liveSession({ FINANCE_ALLOW_PRIVATE_URLS: "1" });
    for (const name of ["doc.pdf", "doc.htm"]) {
      const out = await runCommand("document.read", {
        source: `http://127.0.0.1:${server.port}/${name}`,
        max_chars: 2000,
      }, { session });
      assert.equal(out.ok, true, `${name}: ${out.error}`);
    }
  } finally {
    await server.close();
  }
});
