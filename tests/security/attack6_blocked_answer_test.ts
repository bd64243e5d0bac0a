/**
 * Attack follow-up: a computation that held the server's thread past the idle timeout. The
 * connection layer's clock moves only with its sweep, so the deadline set when that request's
 * answer was handed over was already past, and the sweep that ran next closed the connection
 * before Deno wrote the answer: the caller got an empty reply instead of its envelope. A sweep
 * that comes far later than its interval now gives such connections a fresh idle time.
 */
import assert from "node:assert/strict";
import { DEFAULT_LIMITS, serveConnections } from "../../adapters/connections.ts";

async function readAll(conn: Deno.Conn): Promise<string> {
  const chunks: Uint8Array[] = [];
  const buf = new Uint8Array(16384);
  const dec = new TextDecoder();
  try {
    while (true) {
      const n = await conn.read(buf);
      if (n === null) break;
      chunks.push(buf.slice(0, n));
      if (dec.decode(chunks.at(-1)!).includes("answered after the hold")) break;
    }
  } catch {
    // a reset: what was read is the answer
  }
  return chunks.map((c) => dec.decode(c)).join("");
}

Deno.test("attack: an answer after the thread was held past the idle timeout still reaches its caller", async () => {
  const server = serveConnections({
    hostname: "127.0.0.1",
    port: 0,
    limits: { ...DEFAULT_LIMITS, headerTimeoutMs: 300, idleTimeoutMs: 300 },
    handler: async () => {
      // a command that read something first, then held the thread in a long computation
      await new Promise((r) => setTimeout(r, 20));
      const until = performance.now() + 2_000;
      while (performance.now() < until) { /* held */ }
      // an answer long enough that Deno writes it over several turns of the event loop
      return new Response(`${"x".repeat(4 << 20)}answered after the hold`);
    },
    onError: () => new Response("error", { status: 500 }),
    onListen: () => {},
    warn: (line) => assert.fail(line),
  });
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
  try {
    await conn.write(
      new TextEncoder().encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
    );
    const text = await readAll(conn);
    assert.match(text, /^HTTP\/1\.1 200/);
    assert.match(text, /answered after the hold/);
  } finally {
    try {
      conn.close();
    } catch { /* closed by the server */ }
    server.close();
    await server.finished;
  }
});
