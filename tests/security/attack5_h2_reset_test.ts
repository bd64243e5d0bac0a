/**
 * attack5: HTTP/2 rapid reset (CVE-2023-44487) on both servers, which speak h2c to a client that
 * starts with the preface. Thousands of streams, each a POST of a document.read whose upstream
 * never answers, each reset the moment it is sent: the server must cut the connection off early,
 * start (almost) none of the calls, keep its memory, and go on answering other clients.
 *
 * "Cut off early" is read from the server's own GOAWAY frame (its last stream id says how many
 * streams it took), not from how many frames the client managed to write: the kernel buffers
 * half a megabyte of frames on loopback, so under load the whole attack is written before the
 * server reads any of it.
 */
import assert from "node:assert/strict";
import { rawRequest, spawnFinance } from "./_spawn.ts";
import { silentServer } from "./_silent_server.ts";

function frame(type: number, flags: number, stream: number, payload: Uint8Array): Uint8Array {
  const f = new Uint8Array(9 + payload.length);
  f.set([payload.length >> 16, (payload.length >> 8) & 255, payload.length & 255, type, flags]);
  new DataView(f.buffer).setUint32(5, stream & 0x7fffffff);
  f.set(payload, 9);
  return f;
}

/** An HPACK literal header field without indexing, new name (no Huffman coding). */
function literal(name: string, value: string): number[] {
  const [nb, vb] = [new TextEncoder().encode(name), new TextEncoder().encode(value)];
  return [0x00, nb.length, ...nb, vb.length, ...vb]; // names and values here are under 127 bytes
}

const SERVERS: [string, string[]][] = [["serve", ["serve"]], ["mcp --http", ["mcp", "--http"]]];
const STREAMS = 3000;

for (const [name, args] of SERVERS) {
  Deno.test(`attack5: HTTP/2 rapid reset is cut off and starts no work (${name})`, async () => {
    const upstream = silentServer();
    const s = await spawnFinance(args, { FINANCE_ALLOW_PRIVATE_URLS: "1" });
    const before = s.rss();
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    let closed = false;
    // the server's GOAWAY: the last stream it took, and why (11: ENHANCE_YOUR_CALM)
    let goaway: { last: number; code: number } | null = null;
    const reading = (async () => {
      const buf = new Uint8Array(65536);
      let held = new Uint8Array(0);
      for (;;) {
        const n = await conn.read(buf).catch(() => null);
        if (n === null) break;
        const more = new Uint8Array(held.length + n);
        more.set(held);
        more.set(buf.subarray(0, n), held.length);
        held = more;
        while (held.length >= 9) {
          const length = (held[0] << 16) | (held[1] << 8) | held[2];
          if (held.length < 9 + length) break;
          if (held[3] === 7 && length >= 8) {
            const view = new DataView(held.buffer, held.byteOffset + 9, 8);
            goaway = { last: view.getUint32(0) & 0x7fffffff, code: view.getUint32(4) };
          }
          held = held.slice(9 + length);
        }
      }
      closed = true;
    })();
    let sent = 0;
    try {
      await conn.write(new TextEncoder().encode("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
      await conn.write(frame(4, 0, 0, new Uint8Array())); // SETTINGS
      const head = new Uint8Array([
        0x83, // :method POST
        0x86, // :scheme http
        ...literal(":path", "/commands/document.read"),
        ...literal(":authority", "127.0.0.1"),
        ...literal("content-type", "application/json"),
      ]);
      const body = new TextEncoder().encode(
        JSON.stringify({ source: `http://127.0.0.1:${upstream.port}/report.pdf` }),
      );
      const cancel = new Uint8Array([0, 0, 0, 8]); // RST_STREAM, CANCEL
      try {
        for (; sent < STREAMS && !closed && !goaway; sent++) {
          const id = 1 + 2 * sent;
          await conn.write(frame(1, 4, id, head)); // HEADERS, END_HEADERS
          await conn.write(frame(0, 1, id, body)); // DATA, END_STREAM
          await conn.write(frame(3, 0, id, cancel));
        }
      } catch {
        // the server closed the connection: what is wanted
      }
      await Promise.race([reading, new Promise((r) => setTimeout(r, 5000))]);
      assert.ok(closed, "the connection was not closed");
      const told = goaway as { last: number; code: number } | null;
      assert.ok(told, "the server closed the connection without a GOAWAY saying why");
      assert.equal(told.code, 11, `GOAWAY error code ${told.code}, not ENHANCE_YOUR_CALM (11)`);
      // stream ids are odd: the last one taken is 2n - 1 for n streams
      const taken = (told.last + 1) / 2;
      assert.ok(taken <= 100, `the server took ${taken} of the ${STREAMS} reset streams`);
      assert.ok(upstream.state.opened <= 20, `${upstream.state.opened} calls reached the upstream`);
      assert.ok(s.alive());
      assert.ok(s.rss() - before < 100 * 1024 * 1024, `memory grew by ${s.rss() - before} bytes`);
      const health = await rawRequest(s.port, "GET /health HTTP/1.1\r\nHost: 127.0.0.1");
      assert.equal(health.status, 200);
    } finally {
      try {
        conn.close();
      } catch { /* closed by the server */ }
      await s.stop();
      upstream.close();
    }
  });
}
