/**
 * Attacks on how a real `finance serve` reads a request: request smuggling (Content-Length beside
 * Transfer-Encoding, two Content-Lengths, obfuscated Transfer-Encoding, bare LF, folded headers)
 * must be refused with one answer and the request hidden behind it never run; a `Host` header
 * with a port trick or a trailing dot must not be read as an allowed name (before,
 * `localhost:80@evil.example` and `127.0.0.1:1:2` were read as `localhost` and `127.0.0.1`);
 * an HTTP/2 header block continued without end (the servers speak h2c to a client that starts
 * with its preface) is cut off, and one trickled, or a connection kept by pings alone, is closed
 * at the header timeout as on HTTP/1.1.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";

/** Sends bytes as they are and reads everything the server answers until it closes (or 1.5 s). */
async function exchange(s: Spawned, bytes: string): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  let text = "";
  const timer = setTimeout(() => {
    try {
      conn.close();
    } catch { /* closed */ }
  }, 1500);
  try {
    await conn.write(new TextEncoder().encode(bytes));
    const buf = new Uint8Array(65536);
    while (true) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
  } finally {
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* closed */ }
  }
  return text;
}

const statuses = (raw: string) => [...raw.matchAll(/HTTP\/1\.[01] (\d{3})/g)].map((m) => m[1]);

const POST = "POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
  "Content-Type: application/json\r\n";
// the request a smuggler hides in the body: answered, it would show /health's version
const HIDDEN = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
const BODY = '{"start":100,"end":150,"periods":3}';

Deno.test("attack3: request smuggling is refused with one answer and the hidden request never runs", async () => {
  const s = await spawnFinance(["serve"]);
  try {
    const cases: Record<string, string> = {
      "CL then TE": POST +
        `Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
      "TE then CL": POST +
        `Transfer-Encoding: chunked\r\nContent-Length: 40\r\n\r\n0\r\n\r\n${HIDDEN}`,
      "two Content-Lengths": POST +
        `Content-Length: ${BODY.length}\r\nContent-Length: 0\r\n\r\n${BODY}${HIDDEN}`,
      "Content-Length list": POST + `Content-Length: ${BODY.length}, 0\r\n\r\n${BODY}${HIDDEN}`,
      "Content-Length with sign": POST + `Content-Length: +${BODY.length}\r\n\r\n${BODY}${HIDDEN}`,
      "space before colon": POST +
        `Transfer-Encoding : chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n${HIDDEN}`,
      "unknown coding": POST + `Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n${HIDDEN}`,
      "chunked not last": POST + `Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${HIDDEN}`,
      "bare LF": POST.replaceAll("\r\n", "\n") +
        `Content-Length: 4\nTransfer-Encoding: chunked\n\n0\n\n${HIDDEN}`,
      "HTTP/1.0 with TE": POST.replace("HTTP/1.1", "HTTP/1.0") +
        `Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n${HIDDEN}`,
      "folded header": POST + `Content-Length: ${BODY.length}\r\nX-A: a\r\n b\r\n\r\n${BODY}`,
    };
    for (const [what, bytes] of Object.entries(cases)) {
      const out = await exchange(s, bytes);
      assert.deepEqual(statuses(out), ["400"], `${what}: ${out.slice(0, 300)}`);
      assert.ok(!out.includes('"version"'), `${what}: the hidden request was answered`);
      assert.ok(!out.includes('"cagr"'), `${what}: the command ran`);
    }
    // a plain pipelined pair is two requests, both answered: the refusals above are not a
    // server that answers one request per connection
    const pair = await exchange(s, POST + `Content-Length: ${BODY.length}\r\n\r\n${BODY}${HIDDEN}`);
    assert.deepEqual(statuses(pair), ["200", "200"]);
    assert.ok(s.alive());
  } finally {
    await s.stop();
  }
});

Deno.test("attack3: Host values with port tricks are refused 421, trailing dots and real ports are not", async () => {
  const s = await spawnFinance(["serve"]);
  try {
    const get = (host: string) => rawRequest(s.port, `GET /openapi.json HTTP/1.1\r\nHost: ${host}`);
    for (
      const host of [
        "localhost:80@evil.example",
        "127.0.0.1:8765@evil.example",
        "127.0.0.1:1:2",
        "localhost:0x50",
        "[::1]evil.example",
        "[::1]:80@evil.example",
        "evil.example.",
        "127.0.0.1.evil.example",
        "localhost..",
      ]
    ) {
      const res = await get(host);
      assert.equal(res.status, 421, `${host}: ${res.body.slice(0, 200)}`);
      assert.match(envelopeOf(res).error!, /FINANCE_ALLOWED_HOSTS/);
      assert.ok(!res.body.includes('"openapi"'), host);
    }
    // the same trick in an absolute-form request line, which names a host of its own
    const absolute = await rawRequest(
      s.port,
      "GET http://localhost:80@evil.example/openapi.json HTTP/1.1\r\nHost: localhost",
    );
    assert.equal(absolute.status, 421, absolute.body.slice(0, 200));
    assert.ok(!absolute.body.includes('"openapi"'), "the document is not served");
    for (
      const host of ["localhost.", "localhost.:8765", "LOCALHOST", "127.0.0.1:8765", "[::1]:8765"]
    ) {
      const res = await get(host);
      assert.equal(res.status, 200, `${host}: ${res.body.slice(0, 200)}`);
    }
  } finally {
    await s.stop();
  }
});

/** One HTTP/2 frame. */
function frame(type: number, flags: number, stream: number, payload: Uint8Array): Uint8Array {
  const f = new Uint8Array(9 + payload.length);
  f.set([payload.length >> 16, (payload.length >> 8) & 255, payload.length & 255, type, flags]);
  new DataView(f.buffer).setUint32(5, stream & 0x7fffffff);
  f.set(payload, 9);
  return f;
}

/** An HPACK literal header field without indexing, new name (no Huffman coding). */
function literal(name: string, value: string): number[] {
  const int7 = (n: number) => {
    if (n < 127) return [n];
    const out = [127];
    for (n -= 127; n >= 128; n >>= 7) out.push((n & 127) | 128);
    return [...out, n];
  };
  const [nb, vb] = [new TextEncoder().encode(name), new TextEncoder().encode(value)];
  return [0x00, ...int7(nb.length), ...nb, ...int7(vb.length), ...vb];
}

Deno.test("attack3: an HTTP/2 header block continued without end (CONTINUATION flood) is cut off", async () => {
  // the servers speak HTTP/2 to a client that starts with its preface (h2c, prior knowledge)
  const s = await spawnFinance(["serve"]);
  const before = s.rss();
  let sent = 0;
  try {
    await Promise.all(Array.from({ length: 8 }, async () => {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      try {
        await conn.write(new TextEncoder().encode("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
        await conn.write(frame(4, 0, 0, new Uint8Array())); // SETTINGS
        // HEADERS (GET / http) without END_HEADERS, then CONTINUATION frames that never end it
        const head = new Uint8Array([0x82, 0x84, 0x86, ...literal(":authority", "127.0.0.1")]);
        await conn.write(frame(1, 0, 1, head));
        const more = frame(9, 0, 1, new Uint8Array(literal("x-a", "a".repeat(16_000))));
        const started = performance.now();
        while (performance.now() - started < 3000 && sent < 256 * 1024 * 1024) {
          await conn.write(more);
          sent += more.length;
        }
      } catch {
        /* the server closed the connection: what is wanted */
      } finally {
        try {
          conn.close();
        } catch { /* closed */ }
      }
    }));
    assert.ok(sent < 64 * 1024 * 1024, `the server took ${sent} bytes of one header block`);
    assert.ok(s.alive());
    assert.ok(s.rss() - before < 200 * 1024 * 1024, `memory grew by ${s.rss() - before} bytes`);
    const health = await rawRequest(s.port, "GET /health HTTP/1.1\r\nHost: 127.0.0.1");
    assert.equal(health.status, 200);
  } finally {
    await s.stop();
  }
});

Deno.test("attack3: HTTP/2 slowloris (a header block trickled, or pings alone) is closed at the header timeout", async () => {
  const s = await spawnFinance(["serve"], {
    FINANCE_HEADER_TIMEOUT_MS: "1000",
    FINANCE_IDLE_TIMEOUT_MS: "1000",
  });
  try {
    for (const mode of ["header block trickled", "pings alone"]) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      const started = performance.now();
      let closedAfter = -1;
      const reading = (async () => {
        const buf = new Uint8Array(65536);
        while (await conn.read(buf).catch(() => null) !== null) { /* frames from the server */ }
        closedAfter = performance.now() - started;
      })();
      try {
        await conn.write(new TextEncoder().encode("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
        await conn.write(frame(4, 0, 0, new Uint8Array())); // SETTINGS
        const trickle = mode === "header block trickled";
        if (trickle) await conn.write(frame(1, 0, 1, new Uint8Array([0x82, 0x84, 0x86])));
        // a header field every 300 ms that never ends the block, or a PING every 300 ms
        for (let i = 0; i < 20 && closedAfter < 0; i++) {
          await new Promise((r) => setTimeout(r, 300));
          await conn.write(
            trickle
              ? frame(9, 0, 1, new Uint8Array(literal("x", "y")))
              : frame(6, 0, 0, new Uint8Array(8)),
          ).catch(() => {});
        }
        await Promise.race([reading, new Promise((r) => setTimeout(r, 1000))]);
        assert.ok(closedAfter > 0, `${mode}: still open after 6 s`);
        assert.ok(closedAfter < 4000, `${mode}: closed after ${Math.round(closedAfter)} ms`);
      } finally {
        try {
          conn.close();
        } catch { /* closed by the server */ }
      }
    }
    assert.ok(s.alive());
  } finally {
    await s.stop();
  }
});
