/**
 * Methods other than POST and GET on a real `finance serve`. HEAD on the GET endpoints answered
 * 404 "no such endpoint" (a monitor probing HEAD /health was told the server has no health
 * endpoint); it is answered as GET, without a body (RFC 9110). TRACE, CONNECT, OPTIONS and
 * made-up methods get an envelope that echoes none of the request's headers (TRACE must not
 * reflect the token), and nothing runs.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, spawnFinance } from "./_spawn.ts";

Deno.test("attack4: HEAD is answered as GET; TRACE, CONNECT and others reflect nothing", async () => {
  const s = await spawnFinance(["serve"], { FINANCE_ADAPTER_TOKEN: "t0ken-s3cret" });
  try {
    const auth = "Authorization: Bearer t0ken-s3cret";
    for (const path of ["/health", "/openapi.json"]) {
      const head = await rawRequest(s.port, `HEAD ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}`);
      assert.equal(head.status, 200, `HEAD ${path}`);
      assert.equal(head.body, "", `HEAD ${path} has no body`);
      assert.match(head.headers["content-type"], /json/);
    }
    const docs = await rawRequest(s.port, "HEAD /docs HTTP/1.1\r\nHost: 127.0.0.1");
    assert.equal(docs.status, 200, "HEAD /docs needs no token, as GET /docs");
    // HEAD still needs the token where GET does
    const bare = await rawRequest(s.port, "HEAD /health HTTP/1.1\r\nHost: 127.0.0.1");
    assert.equal(bare.status, 401);
    for (
      const line of [
        "TRACE /health",
        "TRACE /commands/formula.cagr",
        "CONNECT 127.0.0.1:22",
        "OPTIONS *",
        "OPTIONS /commands/formula.cagr",
        "DELETE /commands/formula.cagr",
        "PROPFIND /",
      ]
    ) {
      const res = await rawRequest(
        s.port,
        `${line} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\nX-Probe: reflected-value`,
      );
      assert.ok([400, 404, 405].includes(res.status), `${line}: ${res.status}`);
      const env = envelopeOf(res);
      assert.equal(env.ok, false, line);
      assert.doesNotMatch(res.body, /t0ken-s3cret|reflected-value|Bearer/, line);
    }
    assert.ok(s.alive());
  } finally {
    await s.stop();
  }
});
