/**
 * `/mcp` of a real `finance mcp --http`, as a hostile network caller meets it: every method but
 * POST (DELETE, PUT, PATCH, OPTIONS, HEAD, a made-up one, GET with or without an event-stream
 * Accept) is answered 405 with our envelope and nosniff, never the MCP SDK's own text; Host and
 * Origin are checked on every method, the CORS preflight included; a compressed body is refused
 * before it is read; and every answer of /mcp, the SDK's JSON-RPC ones too, carries nosniff.
 */
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import {
  envelopeOf,
  rawRequest,
  type RawResponse,
  readResponse,
  type Spawned,
  spawnFinance,
} from "./_spawn.ts";

const TOKEN = "audit6-mcp-secret-token";
const AUTH = `Authorization: Bearer ${TOKEN}`;
const MCP = ["Content-Type: application/json", "Accept: application/json, text/event-stream"];
const PING = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

function send(s: Spawned, method: string, headers: string[], body = ""): Promise<RawResponse> {
  return rawRequest(s.port, [`${method} /mcp HTTP/1.1`, ...headers].join("\r\n"), body);
}

/** The answer is our envelope (ok false), with nosniff, and says what to send instead. */
function assertEnvelope(res: RawResponse, status: number, error: RegExp, what: string) {
  assert.equal(res.status, status, `${what}: ${res.status} ${res.body.slice(0, 200)}`);
  assert.equal(res.headers["x-content-type-options"], "nosniff", what);
  assert.match(res.headers["content-type"] ?? "", /application\/json/, what);
  if (res.body) {
    const env = envelopeOf(res);
    assert.equal(env.ok, false, what);
    assert.equal(env.data, null, what);
    assert.match(env.error!, error, what);
    assert.ok(!res.body.includes("jsonrpc"), `${what}: the SDK's answer leaked: ${res.body}`);
    assert.ok(!res.body.includes(TOKEN), what);
  }
}

Deno.test("audit6 mcp: every method but POST is answered 405 with an envelope that says to POST", async () => {
  const s = await spawnFinance(["mcp", "--http"], { FINANCE_ADAPTER_TOKEN: TOKEN });
  const ok = ["Host: 127.0.0.1", AUTH, ...MCP];
  try {
    for (const method of ["DELETE", "PUT", "PATCH", "OPTIONS", "FOO", "GET"]) {
      const res = await send(s, method, ok, method === "GET" ? "" : PING);
      assertEnvelope(res, 405, /POST JSON-RPC messages/, method);
      assert.equal(res.headers["allow"], "POST", method);
    }
    // DELETE ends a session elsewhere: here there is none, and the answer says so
    const del = await send(s, "DELETE", [...ok, "Mcp-Session-Id: never-issued-0001"]);
    assertEnvelope(del, 405, /keeps none \(stateless MCP\)/, "DELETE with a session id");
    assert.ok(!del.body.includes("never-issued-0001"));
    // GET without an event-stream Accept, and with one
    const plain = await send(s, "GET", ["Host: 127.0.0.1", AUTH, "Accept: application/json"]);
    assertEnvelope(plain, 405, /no event stream.*POST/, "GET application/json");
    const sse = await send(s, "GET", ["Host: 127.0.0.1", AUTH, "Accept: text/event-stream"]);
    assertEnvelope(sse, 405, /no event stream.*POST/, "GET text/event-stream");
    // HEAD: the status and headers of GET, no body
    const head = await send(s, "HEAD", ["Host: 127.0.0.1", AUTH]);
    assertEnvelope(head, 405, /./, "HEAD");
    // without the token, every method is refused before anything else, as an envelope
    for (const method of ["DELETE", "PUT", "GET", "POST"]) {
      const res = await send(s, method, ["Host: 127.0.0.1", ...MCP], PING);
      assertEnvelope(res, 401, /Bearer/, `${method} without a token`);
    }
    assert.ok(s.alive());
  } finally {
    await s.stop();
  }
});

Deno.test("audit6 mcp: Host and Origin are checked on every method, the CORS preflight included", async () => {
  const app = "http://app.example:5173";
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_ADAPTER_TOKEN: TOKEN,
    FINANCE_ALLOWED_ORIGINS: app,
  });
  try {
    for (const method of ["POST", "GET", "DELETE", "PUT", "OPTIONS", "FOO"]) {
      const rebound = await send(s, method, ["Host: attacker.example", AUTH, ...MCP], PING);
      assertEnvelope(rebound, 421, /FINANCE_ALLOWED_HOSTS/, `${method} foreign host`);
      const page = await send(
        s,
        method,
        ["Host: 127.0.0.1", "Origin: http://evil.example", AUTH, ...MCP],
        PING,
      );
      assertEnvelope(page, 403, /FINANCE_ALLOWED_ORIGINS/, `${method} foreign origin`);
    }
    // a preflight under a rebound host name is refused like any request (it passed before)
    const preflight = (host: string, origin: string) =>
      send(s, "OPTIONS", [
        `Host: ${host}`,
        `Origin: ${origin}`,
        "Access-Control-Request-Method: POST",
      ]);
    const rebound = await preflight("attacker.example", app);
    assertEnvelope(rebound, 421, /FINANCE_ALLOWED_HOSTS/, "preflight, foreign host");
    assert.equal(rebound.headers["access-control-allow-origin"], undefined);
    // a page not listed gets an envelope, not an empty 403
    const evil = await preflight("127.0.0.1", "http://evil.example");
    assertEnvelope(evil, 403, /FINANCE_ALLOWED_ORIGINS/, "preflight, foreign origin");
    assert.ok(evil.body.length > 0, "the refusal is an envelope");
    assert.equal(evil.headers["access-control-allow-origin"], undefined);
    // the listed page's preflight still passes
    const listed = await preflight("127.0.0.1", app);
    assert.equal(listed.status, 204);
    assert.equal(listed.headers["access-control-allow-origin"], app);
  } finally {
    await s.stop();
  }
});

Deno.test("audit6 mcp: a gzip or deflate body is refused before it is read (415, send it uncompressed)", async () => {
  const s = await spawnFinance(["mcp", "--http"], { FINANCE_MAX_BODY_BYTES: "100000" });
  try {
    const ok = ["Host: 127.0.0.1", ...MCP];
    // a compression bomb: 50 MB of JSON whitespace in about 50 KB
    const bomb = gzipSync(new TextEncoder().encode(PING + " ".repeat(50_000_000)));
    assert.ok(bomb.length < 100_000);
    for (const coding of ["gzip", "deflate", "br", "GZIP", "gzip, identity"]) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      try {
        const head = [
          "POST /mcp HTTP/1.1",
          ...ok,
          `Content-Encoding: ${coding}`,
          `Content-Length: ${bomb.length}`,
          "Connection: close",
        ].join("\r\n");
        await conn.write(new TextEncoder().encode(`${head}\r\n\r\n`));
        await conn.write(bomb).catch(() => 0);
        const res = await readResponse(conn);
        assertEnvelope(res, 415, /uncompressed, without Content-Encoding/, coding);
        assert.equal(res.headers["accept-encoding"], "identity", coding);
      } finally {
        try {
          conn.close();
        } catch { /* closed by the server */ }
      }
    }
    // plain JSON, or identity, is read as before
    const plain = await send(s, "POST", [...ok, "Content-Encoding: identity"], PING);
    assert.equal(plain.status, 200, plain.body);
    assert.deepEqual(JSON.parse(plain.body).result, {});
    assert.ok(s.alive());
    assert.ok(s.rss() < 1024 ** 3);
  } finally {
    await s.stop();
  }
});

Deno.test("audit6 mcp: the SDK's own JSON-RPC answers carry nosniff too", async () => {
  const s = await spawnFinance(["mcp", "--http"]);
  try {
    const noAccept = await send(
      s,
      "POST",
      ["Host: 127.0.0.1", "Content-Type: application/json"],
      PING,
    );
    assert.equal(noAccept.status, 406);
    assert.equal(noAccept.headers["x-content-type-options"], "nosniff");
    const notRpc = await send(s, "POST", ["Host: 127.0.0.1", ...MCP], '{"<script>":1}');
    assert.equal(notRpc.status, 400);
    assert.equal(notRpc.headers["x-content-type-options"], "nosniff");
    const notification = await send(
      s,
      "POST",
      ["Host: 127.0.0.1", ...MCP],
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    );
    assert.equal(notification.status, 202);
    assert.equal(notification.headers["x-content-type-options"], "nosniff");
    const answered = await send(s, "POST", ["Host: 127.0.0.1", ...MCP], PING);
    assert.equal(answered.status, 200);
    assert.equal(answered.headers["x-content-type-options"], "nosniff");
  } finally {
    await s.stop();
  }
});
