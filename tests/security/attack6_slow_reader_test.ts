/**
 * A long answer read slowly: the idle timeout ran from when the answer was handed to Deno, so a
 * client still reading an 8 MB answer when it passed got it cut short (5.3 of 8 MB, then the
 * connection closed). A long answer now goes to Deno in pieces, each moving the idle deadline:
 * it arrives whole, and a client that stops reading is still closed after the idle timeout.
 */
import assert from "node:assert/strict";
import { DEFAULT_LIMITS, longAnswer, serveConnections } from "../../adapters/connections.ts";

const LIMITS = { ...DEFAULT_LIMITS, headerTimeoutMs: 300, idleTimeoutMs: 300 };

function server() {
  return serveConnections({
    hostname: "127.0.0.1",
    port: 0,
    limits: LIMITS,
    handler: () => Promise.resolve(longAnswer(`${"x".repeat(8 << 20)}END`)),
    onError: () => new Response("error", { status: 500 }),
    onListen: () => {},
    warn: (line) => assert.fail(line),
  });
}

async function ask(port: number): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  return conn;
}

Deno.test("attack: a long answer read slowly, past the idle timeout, arrives whole", async () => {
  const s = server();
  const conn = await ask(s.addr.port);
  try {
    const buf = new Uint8Array(65536);
    let total = 0, tail = "";
    const started = performance.now();
    while (true) {
      const n = await conn.read(buf).catch(() => null);
      if (n === null) break;
      total += n;
      tail = (tail + new TextDecoder().decode(buf.subarray(0, n))).slice(-3);
      if (tail === "END") break;
      await new Promise((r) => setTimeout(r, 5));
    }
    // the read took longer than the idle timeout, and nothing was cut
    assert.ok(performance.now() - started > LIMITS.idleTimeoutMs);
    assert.equal(tail, "END", `${total} bytes read`);
    assert.ok(total > 8 << 20);
  } finally {
    conn.close();
    s.close();
    await s.finished;
  }
});

Deno.test("attack: a client that stops reading a long answer is still closed", async () => {
  const s = server();
  const conn = await ask(s.addr.port);
  try {
    for (let i = 0; i < 100 && s.open() > 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(s.open(), 0);
  } finally {
    conn.close();
    s.close();
    await s.finished;
  }
});

Deno.test("longAnswer: a short body is a plain response; a long one says its length", async () => {
  const short = longAnswer("{}", { headers: { "content-type": "application/json" } });
  assert.equal(await short.text(), "{}");
  const long = longAnswer("é".repeat(70_000));
  assert.equal(long.headers.get("content-length"), String(140_000));
  assert.equal(await long.text(), "é".repeat(70_000));
});

Deno.test("MCP over HTTP: a long answer (every tool's definition) is given in pieces, whole", async () => {
  const { createMcpHttpHandler } = await import("../../adapters/mcp_http.ts");
  const { testSession } = await import("../_helpers.ts");
  const { parseToolSet } = await import("../../adapters/mcp_tools.ts");
  const session = testSession();
  try {
    const handler = createMcpHttpHandler({ session, tools: parseToolSet("all") });
    const post = (body: unknown) =>
      handler(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify(body),
        }),
      );
    const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const length = Number(res.headers.get("content-length"));
    assert.ok(length > 64 * 1024, `content-length ${res.headers.get("content-length")}`);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    const text = await res.text();
    assert.equal(new TextEncoder().encode(text).byteLength, length);
    assert.ok(JSON.parse(text).result.tools.length > 70);
  } finally {
    session.close();
  }
});
