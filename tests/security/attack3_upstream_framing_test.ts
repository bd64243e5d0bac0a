/**
 * A hostile server answering a guarded (pinned) download with framing a smuggler would use:
 * Content-Length beside Transfer-Encoding, two Content-Lengths, endless headers, or no HTTP at
 * all. The pinned hop's parser refuses each, so no smuggled body is read; before, the failure
 * was told as "the network request failed (offline or unreachable)" and retried (the same
 * server asked again and again). Now it says the answer is not valid HTTP, and is not retried.
 * The server is on loopback; the guard pins the hop to it as it would a public address.
 */
import assert from "node:assert/strict";
import { HttpClient } from "../../core/http.ts";
import { ProviderError } from "../../core/errors.ts";

const ANSWERS: Record<string, string | "endless headers"> = {
  "Content-Length with Transfer-Encoding":
    "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
  "two Content-Lengths": "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\nhello",
  "not HTTP": "SSH-2.0-OpenSSH_9.0\r\n",
  "endless headers": "endless headers",
};

/** A raw TCP server answering every connection with `answer`; counts connections. */
function hostile(answer: string) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const state = { connections: 0 };
  const enc = new TextEncoder();
  (async () => {
    for await (const conn of listener) {
      state.connections++;
      (async () => {
        try {
          await conn.read(new Uint8Array(8192));
          if (answer === "endless headers") {
            await conn.write(enc.encode("HTTP/1.1 200 OK\r\n"));
            const line = enc.encode(`X-A: ${"a".repeat(8000)}\r\n`);
            for (let i = 0; i < 10_000; i++) await conn.write(line);
          } else {
            await conn.write(enc.encode(answer));
          }
        } catch { /* the client hung up */ }
        try {
          conn.close();
        } catch { /* closed */ }
      })();
    }
  })().catch(() => {});
  return {
    port: (listener.addr as Deno.NetAddr).port,
    get connections() {
      return state.connections;
    },
    close: () => listener.close(),
  };
}

Deno.test("attack3: a pinned download refuses smuggling-style answers as invalid HTTP, once", async () => {
  for (const [what, answer] of Object.entries(ANSWERS)) {
    const server = hostile(answer);
    // the guard a network surface runs: it pins the hop to the address it checked
    const client = new HttpClient({
      politeness: false,
      backoffBaseMs: 1,
      urlGuard: () => ({ address: "127.0.0.1", family: 4 }),
    });
    try {
      const err = await client.request({
        provider: "document",
        url: `http://files.example:${server.port}/report.pdf`,
        retries: 2,
        timeoutMs: 5000,
      }).then(() => null, (e) => e);
      assert.ok(err instanceof ProviderError, `${what}: ${err}`);
      assert.match(err.message, /not valid HTTP/, `${what}: ${err.message}`);
      assert.doesNotMatch(err.message, /offline|unreachable/, what);
      assert.doesNotMatch(err.message, /hello/, what);
      assert.equal(server.connections, 1, `${what}: asked ${server.connections} times`);
    } finally {
      server.close();
    }
  }
});
