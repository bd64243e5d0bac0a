/**
 * attack5: `finance mcp --http` serves the command adapter's `/commands` routes beside `/mcp`.
 * A client of those routes that goes away while its command waits on an upstream stopped
 * nothing there (only `finance serve` passed the client's signal on): the call ran on to its
 * time limit, holding its request slot, so clients that sent calls and left could hold every
 * slot. Now the upstream request is dropped and the slot given back, as on `finance serve`.
 */
import assert from "node:assert/strict";
import { readResponse, spawnFinance } from "./_spawn.ts";
import { silentServer, until } from "./_silent_server.ts";

async function post(port: number, path: string, body: string): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${
        new TextEncoder().encode(body).length
      }\r\n\r\n${body}`,
    ),
  );
  return conn;
}

Deno.test("attack5: on finance mcp --http, a /commands client that goes away stops its upstream request and frees its slot", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_REQUEST_TIMEOUT_MS: "60000",
    FINANCE_ALLOW_PRIVATE_URLS: "1",
    FINANCE_MAX_CONNECTIONS: "1",
  });
  try {
    const conn = await post(
      s.port,
      "/commands/document.read",
      JSON.stringify({ source: `http://127.0.0.1:${upstream.port}/report.pdf` }),
    );
    await until("the call reached upstream", () => upstream.state.opened === 1, 10_000);
    conn.close();
    // dropped well before the 60 s time limit
    await until("upstream request dropped", () => upstream.state.closed === 1, 10_000);
    // the one request slot is free again, for either door
    for (
      const [path, body] of [
        ["/commands/formula.cagr", '{"start":100,"end":150,"periods":3}'],
        ["/mcp", '{"jsonrpc":"2.0","id":1,"method":"ping"}'],
      ]
    ) {
      let status = 0;
      for (let i = 0; i < 40 && status !== 200; i++) {
        const c = await post(s.port, path, body);
        status = (await readResponse(c)).status;
        c.close();
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(status, 200, `${path}: the slot of the departed client was not given back`);
    }
    assert.ok(s.alive());
  } finally {
    await s.stop();
    upstream.close();
  }
});
