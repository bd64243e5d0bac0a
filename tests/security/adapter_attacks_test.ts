/**
 * Attacks on a real `finance serve` on loopback: DNS rebinding (a foreign Host), a web page's
 * cross-site post (an Origin, a form or text/plain body), a broken path, an oversized or trickled
 * body, a flood of requests, a port already taken. Each ends in an envelope error or a refused
 * connection, with the server alive and under 1 GiB.
 */
import assert from "node:assert/strict";
import {
  envelopeOf,
  ONE_GIB,
  rawRequest,
  readResponse,
  type Spawned,
  spawnFinance,
} from "./_spawn.ts";

const CAGR = '{"start":100,"end":150,"periods":3}';

function post(s: Spawned, path: string, headers: string[], body = CAGR) {
  return rawRequest(s.port, [`POST ${path} HTTP/1.1`, ...headers].join("\r\n"), body);
}

const JSON_TYPE = "Content-Type: application/json";

function stillHealthy(s: Spawned) {
  assert.ok(s.alive(), `server died: ${s.stderr()}`);
  assert.ok(s.rss() < ONE_GIB, `server RSS ${s.rss()} bytes`);
}

Deno.test("attack: DNS rebinding, cross-site posts and broken paths get envelopes (finance serve)", async () => {
  const s = await spawnFinance(["serve"], { FINANCE_ALLOWED_HOSTS: "finance.lan" });
  try {
    const good = await post(s, "/commands/formula.cagr", [`Host: 127.0.0.1:${s.port}`, JSON_TYPE]);
    assert.equal(good.status, 200);
    assert.equal(envelopeOf(good).ok, true);

    // a page on attacker.example whose name now resolves to 127.0.0.1
    for (const host of ["attacker.example", "attacker.example:80", "localhost.attacker.example"]) {
      const res = await post(s, "/commands/formula.cagr", [`Host: ${host}`, JSON_TYPE]);
      assert.equal(res.status, 421, host);
      const env = envelopeOf(res);
      assert.equal(env.ok, false);
      assert.match(env.error!, /FINANCE_ALLOWED_HOSTS/);
    }
    const rebindGet = await rawRequest(s.port, "GET /openapi.json HTTP/1.1\r\nHost: evil.test");
    assert.equal(rebindGet.status, 421);
    for (
      const host of ["localhost", `localhost.:${s.port}`, "[::1]", "finance.lan", "FINANCE.LAN"]
    ) {
      const res = await post(s, "/commands/formula.cagr", [`Host: ${host}`, JSON_TYPE]);
      assert.equal(res.status, 200, host);
    }

    // a cross-site fetch or form post from a page the user visits
    for (const origin of ["http://evil.example", "null", `http://127.0.0.1:${s.port + 1}`]) {
      const res = await post(s, "/commands/formula.cagr", [
        "Host: 127.0.0.1",
        `Origin: ${origin}`,
        JSON_TYPE,
      ]);
      assert.equal(res.status, 403, origin);
      assert.match(envelopeOf(res).error!, /FINANCE_ALLOWED_ORIGINS/);
      assert.equal(res.headers["access-control-allow-origin"], undefined);
    }
    // the /docs page this server serves posts with its own origin
    const own = await post(s, "/commands/formula.cagr", [
      `Host: 127.0.0.1:${s.port}`,
      `Origin: http://127.0.0.1:${s.port}`,
      JSON_TYPE,
    ]);
    assert.equal(own.status, 200);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]) {
      const res = await post(s, "/commands/formula.cagr", [
        "Host: 127.0.0.1",
        `Content-Type: ${type}`,
      ]);
      assert.equal(res.status, 415, type);
      assert.match(envelopeOf(res).error!, /-H 'content-type: application\/json'/);
    }
    const untyped = await post(s, "/commands/formula.cagr", ["Host: 127.0.0.1"]);
    assert.equal(untyped.status, 415);

    const badPath = await post(s, "/commands/%ZZ", ["Host: 127.0.0.1", JSON_TYPE]);
    assert.equal(badPath.status, 400);
    assert.match(envelopeOf(badPath).error!, /percent-encoding/);
    const nested = await post(s, "/commands/a/b", ["Host: 127.0.0.1", JSON_TYPE]);
    assert.equal(nested.status, 404);
    assert.equal(envelopeOf(nested).ok, false);
    stillHealthy(s);
  } finally {
    await s.stop();
  }
});

Deno.test("attack: an allowed origin is answered with CORS headers, others are not", async () => {
  const s = await spawnFinance(["serve"], { FINANCE_ALLOWED_ORIGINS: "http://localhost:3000" });
  try {
    const res = await post(s, "/commands/formula.cagr", [
      "Host: localhost",
      "Origin: http://localhost:3000",
      JSON_TYPE,
    ]);
    assert.equal(res.status, 200);
    assert.equal(res.headers["access-control-allow-origin"], "http://localhost:3000");
    const pre = await rawRequest(
      s.port,
      "OPTIONS /commands/formula.cagr HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost:3000\r\nAccess-Control-Request-Method: POST",
    );
    assert.equal(pre.status, 204);
    const other = await post(s, "/commands/formula.cagr", [
      "Host: localhost",
      "Origin: http://localhost:3001",
      JSON_TYPE,
    ]);
    assert.equal(other.status, 403);
  } finally {
    await s.stop();
  }
});

Deno.test("attack: oversized, chunked and trickled bodies, and a request flood (finance serve)", async () => {
  const s = await spawnFinance(["serve"], {
    FINANCE_MAX_BODY_BYTES: "10000",
    FINANCE_BODY_TIMEOUT_MS: "500",
    FINANCE_MAX_CONNECTIONS: "2",
  });
  try {
    const declared = await post(s, "/commands/formula.cagr", [
      "Host: 127.0.0.1",
      JSON_TYPE,
      "Content-Length: 50000000",
    ], "");
    assert.equal(declared.status, 413);
    assert.match(envelopeOf(declared).error!, /FINANCE_MAX_BODY_BYTES/);

    // no length announced: the server counts as it reads and stops at the limit
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    const enc = new TextEncoder();
    await conn.write(enc.encode(
      `POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\n${JSON_TYPE}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
    ));
    const chunk = "x".repeat(4096);
    let answered = "";
    const reading = (async () => {
      const buf = new Uint8Array(8192);
      const n = await conn.read(buf).catch(() => null);
      answered = n ? new TextDecoder().decode(buf.subarray(0, n)) : "";
    })();
    for (let i = 0; i < 64 && !answered; i++) {
      await conn.write(enc.encode(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)).catch(() => 0);
    }
    await reading;
    conn.close();
    assert.match(answered, /^HTTP\/1.1 413/);

    // two trickling clients hold both request slots: the third request is told the server is busy
    const tricklers = await Promise.all([0, 1].map(async () => {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      await c.write(enc.encode(
        `POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\n${JSON_TYPE}\r\nContent-Length: 1000\r\n\r\n{`,
      ));
      return c;
    }));
    await new Promise((r) => setTimeout(r, 100));
    const busy = await post(s, "/commands/formula.cagr", ["Host: 127.0.0.1", JSON_TYPE]);
    assert.equal(busy.status, 503);
    assert.match(envelopeOf(busy).error!, /FINANCE_MAX_CONNECTIONS/);
    // the tricklers are answered at the body deadline with an envelope, and free their slots
    for (const c of tricklers) {
      const res = await readResponse(c);
      assert.equal(res.status, 408);
      assert.match(envelopeOf(res).error!, /FINANCE_BODY_TIMEOUT_MS/);
      c.close();
    }
    const after = await post(s, "/commands/formula.cagr", ["Host: 127.0.0.1", JSON_TYPE]);
    assert.equal(after.status, 200);
    stillHealthy(s);
  } finally {
    await s.stop();
  }
});

Deno.test("attack: clients trickling headers do not stop the server answering others", async () => {
  const s = await spawnFinance(["serve"]);
  const held: Deno.Conn[] = [];
  try {
    const enc = new TextEncoder();
    for (let i = 0; i < 200; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      await c.write(enc.encode("POST /commands/formula.cagr HTTP/1.1\r\nX-Slow: 1"));
      held.push(c);
    }
    for (const c of held) await c.write(enc.encode("\r\nX-Slow: 2")).catch(() => 0);
    const res = await post(s, "/commands/formula.cagr", ["Host: 127.0.0.1", JSON_TYPE]);
    assert.equal(res.status, 200);
    assert.equal(envelopeOf(res).ok, true);
    stillHealthy(s);
  } finally {
    for (const c of held) {
      try {
        c.close();
      } catch { /* already closed */ }
    }
    await s.stop();
  }
});

Deno.test("attack: a port already in use is one clear line, not a stack trace", async () => {
  const s = await spawnFinance(["serve"]);
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        new URL("../../mod.ts", import.meta.url).pathname,
        "serve",
        "--port",
        String(s.port),
      ],
      env: { FINANCE_CACHE: "off", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(out.stderr).trim();
    assert.equal(out.code, 1);
    assert.equal(err.split("\n").length, 1, err);
    assert.match(err, /already in use.*--port/);
    assert.doesNotMatch(err, /at .*\.ts:\d+/);
  } finally {
    await s.stop();
  }
});
