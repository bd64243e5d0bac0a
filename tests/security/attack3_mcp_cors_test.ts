/**
 * Attacks on `/mcp` from browser pages, on a real `finance mcp --http`: a page on an origin the
 * operator did not list must get nothing it can read (no preflight pass, no CORS header, 403),
 * and a page on a listed origin gets the same CORS answers `/commands` gives it (before, `/mcp`
 * answered a listed origin's preflight 405 and its calls without CORS headers, so the setting
 * did not reach `/mcp` at all). A session id the client makes up is neither adopted nor echoed.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";

const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
const APP = "http://app.example:5173";

function preflight(s: Spawned, path: string, origin: string) {
  return rawRequest(
    s.port,
    [
      `OPTIONS ${path} HTTP/1.1`,
      "Host: 127.0.0.1",
      `Origin: ${origin}`,
      "Access-Control-Request-Method: POST",
      "Access-Control-Request-Headers: content-type, mcp-protocol-version",
    ].join("\r\n"),
  );
}

function post(s: Spawned, origin: string | null, extra: string[] = []) {
  return rawRequest(
    s.port,
    [
      "POST /mcp HTTP/1.1",
      "Host: 127.0.0.1",
      ...(origin === null ? [] : [`Origin: ${origin}`]),
      "Content-Type: application/json",
      "Accept: application/json, text/event-stream",
      ...extra,
    ].join("\r\n"),
    LIST,
  );
}

Deno.test("attack3: /mcp answers a listed origin with CORS, like /commands, and refuses any other page", async () => {
  const s = await spawnFinance(["mcp", "--http"], { FINANCE_ALLOWED_ORIGINS: APP });
  try {
    // the listed origin: its preflight passes with the MCP headers allowed, its call is readable
    const pre = await preflight(s, "/mcp", APP);
    assert.equal(pre.status, 204, pre.body);
    assert.equal(pre.headers["access-control-allow-origin"], APP);
    assert.match(pre.headers["access-control-allow-headers"] ?? "", /mcp-protocol-version/);
    assert.match(pre.headers["access-control-allow-headers"] ?? "", /content-type/);
    const call = await post(s, APP);
    assert.equal(call.status, 200, call.body);
    assert.equal(call.headers["access-control-allow-origin"], APP);
    assert.ok(JSON.parse(call.body).result.tools.length > 0);
    // /commands beside it gives the same answers
    const cmdPre = await preflight(s, "/commands/formula.cagr", APP);
    assert.equal(cmdPre.status, 204);
    assert.equal(cmdPre.headers["access-control-allow-origin"], APP);

    // any other page: refused at the preflight and at the call, with nothing to read
    for (const evil of ["http://evil.example", "null", "http://app.example:5174", `${APP}.evil`]) {
      const p = await preflight(s, "/mcp", evil);
      assert.equal(p.status, 403, `${evil} preflight`);
      assert.equal(p.headers["access-control-allow-origin"], undefined, evil);
      const c = await post(s, evil);
      assert.equal(c.status, 403, `${evil} call`);
      assert.equal(c.headers["access-control-allow-origin"], undefined, evil);
      assert.match(envelopeOf(c).error!, /FINANCE_ALLOWED_ORIGINS/);
      assert.ok(!c.body.includes('"tools"'), evil);
    }
  } finally {
    await s.stop();
  }
});

Deno.test("attack3: with no origin listed, /mcp gives a page nothing, preflight or call", async () => {
  const s = await spawnFinance(["mcp", "--http"]);
  try {
    const p = await preflight(s, "/mcp", "http://evil.example");
    assert.equal(p.status, 403);
    assert.equal(p.headers["access-control-allow-origin"], undefined);
    const c = await post(s, "http://evil.example");
    assert.equal(c.status, 403);
    assert.equal(c.headers["access-control-allow-origin"], undefined);
    // a client that is no page (no Origin) is served
    const ok = await post(s, null);
    assert.equal(ok.status, 200, ok.body);
  } finally {
    await s.stop();
  }
});

Deno.test("attack3: /mcp adopts no session id a client makes up (stateless), nor echoes it", async () => {
  const s = await spawnFinance(["mcp", "--http"]);
  try {
    const fixed = "attacker-chosen-session-0000";
    const res = await post(s, null, [`Mcp-Session-Id: ${fixed}`]);
    assert.equal(res.status, 200, res.body);
    assert.equal(res.headers["mcp-session-id"], undefined, "no session is handed out");
    assert.ok(!JSON.stringify(res.headers).includes(fixed));
    assert.ok(!res.body.includes(fixed));
    // a second client naming the same id gets its own answer, nothing of the first
    const other = await post(s, null, [`Mcp-Session-Id: ${fixed}`]);
    assert.equal(other.status, 200);
    assert.equal(other.headers["mcp-session-id"], undefined);
    // no event stream to attach to under that id either
    const get = await rawRequest(
      s.port,
      `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${fixed}`,
    );
    assert.equal(get.status, 405);
    assert.ok(!get.body.includes(fixed));
  } finally {
    await s.stop();
  }
});
