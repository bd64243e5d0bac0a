/**
 * attack5: an upstream that answers at once and then dribbles its body, a byte every 100 ms, for
 * ever (each byte well inside any read timeout). On `finance serve` and on `finance mcp --http`
 * the call ends at its time limit (FINANCE_REQUEST_TIMEOUT_MS) with an envelope saying so, the
 * upstream connection is closed by the server, and the request slot is free again.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, spawnFinance } from "./_spawn.ts";
import { until } from "./_silent_server.ts";

/** A server that sends headers declaring a large PDF, then one byte every 100 ms. */
function dribbler() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const state = { opened: 0, closed: 0, sent: 0 };
  (async () => {
    for await (const conn of listener) {
      state.opened++;
      (async () => {
        const buf = new Uint8Array(8192);
        await conn.read(buf).catch(() => null);
        const enc = new TextEncoder();
        try {
          await conn.write(enc.encode(
            "HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\nContent-Length: 1000000\r\n\r\n%PDF-1.4\n",
          ));
          while (true) {
            await new Promise((r) => setTimeout(r, 100));
            await conn.write(enc.encode("x"));
            state.sent++;
          }
        } catch {
          // the server closed the connection: what this test waits for
        }
        state.closed++;
        try {
          conn.close();
        } catch { /* closed */ }
      })();
    }
  })();
  return {
    port: (listener.addr as Deno.NetAddr).port,
    state,
    close: () => listener.close(),
  };
}

const SERVERS: [string, string[]][] = [["serve", ["serve"]], ["mcp --http", ["mcp", "--http"]]];

for (const [name, args] of SERVERS) {
  Deno.test(`attack5: a dribbling upstream is cut at the call's time limit and its connection closed (${name})`, async () => {
    const up = dribbler();
    const s = await spawnFinance(args, {
      FINANCE_REQUEST_TIMEOUT_MS: "2000",
      FINANCE_ALLOW_PRIVATE_URLS: "1",
      FINANCE_MAX_CONNECTIONS: "1",
    });
    try {
      const source = `http://127.0.0.1:${up.port}/report.pdf`;
      const res = await rawRequest(
        s.port,
        "POST /commands/document.read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        JSON.stringify({ source }),
      );
      const env = envelopeOf(res);
      assert.equal(env.ok, false);
      assert.equal(env.data, null);
      assert.match(env.error!, /document\.read did not finish within 2000 ms and was stopped/);
      assert.ok(!/\bat \S+:\d+:\d+/.test(env.error!), "no stack trace");
      // the server let go of the upstream: the dribbler's next write fails
      await until("upstream connection closed", () => up.state.closed === up.state.opened, 10_000);
      const sent = up.state.sent;
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(up.state.sent, sent, "nothing more is read from the upstream");
      // the one request slot is free again
      const next = await rawRequest(
        s.port,
        "POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        '{"start":100,"end":150,"periods":3}',
      );
      assert.equal(envelopeOf(next).ok, true, next.body);
    } finally {
      await s.stop();
      up.close();
    }
  });
}
