/**
 * The process-wide budget of response bytes being read at once (FINANCE_MAX_BUFFERED_BYTES):
 * many concurrent downloads of large bodies from a loopback server, with a small budget. The
 * bytes held stay under the budget, memory stays bounded, the reads past it fail as "busy"
 * envelopes, and a read that declared its length and got it reserved is never failed half-read.
 */
import assert from "node:assert/strict";
import { HttpClient } from "../../core/http.ts";
import { bufferedBytes } from "../../core/transport.ts";
import { ProviderError } from "../../core/errors.ts";
import { adapterCall, countingServer, liveSession } from "./_net.ts";

const MiB = 1024 * 1024;
const PIECE = new Uint8Array(256 * 1024).fill(97);

/** A body of `size` bytes sent in 256 KiB pieces with a pause between them. */
function slowBody(size: number, pauseMs = 2): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= size) return controller.close();
      await new Promise((r) => setTimeout(r, pauseMs));
      const n = Math.min(PIECE.length, size - sent);
      controller.enqueue(PIECE.subarray(0, n));
      sent += n;
    },
  });
}

/** Streams `?size=` bytes (chunked, no length), or with Content-Length when `?declared=1`. */
function streamingServer() {
  return countingServer("127.0.0.1", (req) => {
    const q = new URL(req.url).searchParams;
    const size = Number(q.get("size"));
    const headers: Record<string, string> = { "content-type": "application/octet-stream" };
    if (q.get("declared")) headers["content-length"] = String(size);
    return new Response(slowBody(size, Number(q.get("pause") ?? 2)), { headers });
  });
}

/** Samples bufferedBytes() and the resident set until stopped; returns the peaks. */
function sampler() {
  const peak = { buffered: 0, rss: Deno.memoryUsage().rss };
  const timer = setInterval(() => {
    peak.buffered = Math.max(peak.buffered, bufferedBytes());
    peak.rss = Math.max(peak.rss, Deno.memoryUsage().rss);
  }, 2);
  return { peak, stop: () => clearInterval(timer) };
}

Deno.test("budget: 32 concurrent 16 MiB downloads hold at most the 32 MiB budget", async () => {
  const server = streamingServer();
  const budget = 32 * MiB;
  const client = new HttpClient({ politeness: false, maxBufferedBytes: budget });
  const base = Deno.memoryUsage().rss;
  const watch = sampler();
  try {
    const outcomes = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        client.request({
          provider: "test",
          url: `http://127.0.0.1:${server.port}/big?size=${16 * MiB}&n=${i}`,
          retries: 0,
          maxBytes: 64 * MiB,
        }).then((r) => r.body.length, (e) => e as Error)),
    );
    watch.stop();
    const read = outcomes.filter((o) => typeof o === "number");
    const refused = outcomes.filter((o) => o instanceof Error) as Error[];
    assert.ok(read.length >= 1, "some downloads are read whole");
    for (const n of read) assert.equal(n, 16 * MiB);
    assert.ok(refused.length >= 1, "the downloads past the budget are refused");
    for (const e of refused) {
      assert.ok(e instanceof ProviderError, String(e));
      assert.match(e.message, /busy reading other answers.*retry shortly/);
      assert.match(e.message, /FINANCE_MAX_BUFFERED_BYTES/);
    }
    assert.ok(watch.peak.buffered <= budget, `held ${watch.peak.buffered} bytes at once`);
    // without the budget the 32 bodies would hold 512 MiB at once
    const grew = watch.peak.rss - base;
    assert.ok(grew < 300 * MiB, `resident memory grew by ${Math.round(grew / MiB)} MiB`);
    assert.equal(bufferedBytes(), 0, "every read gave its bytes back");
  } finally {
    watch.stop();
    await server.close();
  }
});

Deno.test("budget: a read whose declared length was reserved is not failed half-read", async () => {
  const server = streamingServer();
  const budget = 24 * MiB;
  const client = new HttpClient({ politeness: false, maxBufferedBytes: budget });
  try {
    const url = (q: string) => `http://127.0.0.1:${server.port}/x?${q}`;
    // the victim declares 12 MiB and trickles it; the flood has no length and arrives fast
    const victim = client.request({
      provider: "test",
      url: url(`size=${12 * MiB}&declared=1&pause=20`),
      retries: 0,
    });
    await new Promise((r) => setTimeout(r, 100));
    const flood = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        client.request({
          provider: "test",
          url: url(`size=${8 * MiB}&pause=0&n=${i}`),
          retries: 0,
        }).then(() => "read", (e) => (e as Error).message)),
    );
    assert.ok(flood.some((m) => /busy reading other answers/.test(m)), flood.join("\n"));
    const res = await victim;
    assert.equal(res.body.length, 12 * MiB);
    // a declared answer larger than what is free is refused before any byte is read
    const flooded = client.request({
      provider: "test",
      url: url(`size=${12 * MiB}&declared=1&pause=5`),
    });
    await new Promise((r) => setTimeout(r, 100));
    await assert.rejects(
      client.request({ provider: "test", url: url(`size=${20 * MiB}&declared=1`), retries: 0 }),
      /busy reading other answers/,
    );
    await flooded;
    assert.equal(bufferedBytes(), 0);
  } finally {
    await server.close();
  }
});

Deno.test("budget: on the adapter, refused downloads are envelopes saying retry shortly", async () => {
  const server = streamingServer();
  const session = liveSession({
    FINANCE_ALLOW_PRIVATE_URLS: "1",
    FINANCE_MAX_BUFFERED_BYTES: String(8 * MiB),
  });
  try {
    const envelopes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        adapterCall("document.read", {
          source: `http://127.0.0.1:${server.port}/doc.txt?size=${4 * MiB}&n=${i}`,
        }, session)),
    );
    const busy = envelopes.filter((e) => !e.ok && /busy reading other answers/.test(e.error ?? ""));
    assert.ok(busy.length >= 1, JSON.stringify(envelopes.map((e) => e.error)));
    for (const e of busy) {
      assert.match(e.error!, /retry shortly/);
      assert.doesNotMatch(e.error!, /\bat .*\.ts:\d+|BufferBudgetExceeded/);
    }
    assert.equal(bufferedBytes(), 0);
  } finally {
    session.close();
    await server.close();
  }
});
