/**
 * Attack: a server answers in a content coding the client did not ask for (it asks for gzip and
 * deflate). Before, a pinned hop (the network surfaces' user URLs) handed brotli, zstd or gzip
 * applied twice on as the document's own bytes, and Deno's fetch (CLI and providers) zstd,
 * stacked codings, x-gzip and even the deflate the client asks for (Deno 2.9 does not decode it):
 * `ok:true` with binary garbage as the text. Now deflate and x-gzip are decoded on both paths,
 * under the same cap, and any other coding fails the request, naming it.
 */
import assert from "node:assert/strict";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { HttpClient, type PinnedAddress } from "../../core/http.ts";
import { ProviderError } from "../../core/errors.ts";

const HTML = "<html><body><p>Revenue was 100</p></body></html>";

const BODIES: Record<string, Uint8Array<ArrayBuffer>> = {
  br: new Uint8Array(brotliCompressSync(new TextEncoder().encode(HTML))),
  "gzip, gzip": new Uint8Array(gzipSync(gzipSync(HTML))),
  zstd: new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x05, 0x29, 0, 0, 1, 2, 3]),
  compress: new Uint8Array([0x1f, 0x9d, 0x90, 1, 2, 3]),
  gzip: new Uint8Array(gzipSync(HTML)),
  "X-GZIP": new Uint8Array(gzipSync(HTML)),
  deflate: new Uint8Array(deflateSync(HTML)),
  identity: new TextEncoder().encode(HTML),
};

function encodingServer() {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const coding = new URL(req.url).searchParams.get("e")!;
    return new Response(BODIES[coding], {
      headers: { "content-encoding": coding, "content-type": "text/html" },
    });
  });
}

/** The pinned hop a network surface takes: the checked address, here loopback. */
const pinned = (): PinnedAddress => ({ address: "127.0.0.1", family: 4 });

async function read(port: number, coding: string, pin: boolean): Promise<string> {
  const client = new HttpClient({ politeness: false });
  const host = pin ? "doc.public.test" : "127.0.0.1";
  const res = await client.request({
    provider: "document",
    url: `http://${host}:${port}/?e=${encodeURIComponent(coding)}`,
    retries: 0,
    ...(pin ? { guard: pinned } : {}),
  });
  return res.text();
}

for (const pin of [true, false]) {
  const how = pin ? "a pinned hop (network surfaces)" : "Deno's fetch (CLI, providers)";
  Deno.test(`attack: a body in a coding not asked for is refused, not read as text (${how})`, async () => {
    const server = encodingServer();
    try {
      // brotli: Deno's fetch decodes it (in bounded pieces); a pinned hop never does
      const refused = pin ? ["br", "gzip, gzip", "zstd", "compress"] : ["gzip, gzip", "zstd"];
      for (const coding of refused) {
        await assert.rejects(
          read(server.addr.port, coding, pin),
          (err: unknown) =>
            err instanceof ProviderError &&
            err.message.includes(`content encoding \`${coding}\``) &&
            err.message.includes("not asked for"),
          coding,
        );
      }
      // deflate is asked for: Deno's fetch leaves it (and x-gzip) encoded, so the client decodes it
      for (const coding of ["gzip", "X-GZIP", "deflate", "identity", ...(pin ? [] : ["br"])]) {
        assert.equal(await read(server.addr.port, coding, pin), HTML, coding);
      }
    } finally {
      await server.shutdown();
    }
  });
}

Deno.test("attack: a deflate bomb decoded by the client is counted in decompressed bytes (Deno's fetch)", async () => {
  const bomb = new Uint8Array(deflateSync(new Uint8Array(64 * 1024 * 1024)));
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(bomb, { headers: { "content-encoding": "deflate" } }),
  );
  try {
    const client = new HttpClient({ politeness: false });
    await assert.rejects(
      client.request({
        provider: "document",
        url: `http://127.0.0.1:${server.addr.port}/bomb`,
        retries: 0,
        maxBytes: 1024 * 1024,
      }),
      (err: unknown) =>
        err instanceof ProviderError && /larger than the 1048576-byte/.test(err.message),
    );
  } finally {
    await server.shutdown();
  }
});

Deno.test("encodings: a redirect whose unread body names another coding is still followed (pinned hop)", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (req) =>
      new URL(req.url).pathname === "/moved"
        ? new Response("x".repeat(100), {
          status: 301,
          headers: { location: "/doc", "content-encoding": "zstd" },
        })
        : new Response(HTML, { headers: { "content-type": "text/html" } }),
  );
  try {
    const client = new HttpClient({ politeness: false });
    const res = await client.request({
      provider: "document",
      url: `http://doc.public.test:${server.addr.port}/moved`,
      retries: 0,
      guard: pinned,
    });
    assert.equal(res.text(), HTML);
  } finally {
    await server.shutdown();
  }
});
