/**
 * `finance serve`: a client that goes away while its command waits on a provider stops that
 * work (the upstream request is dropped) and frees its request slot, instead of running on to
 * the time limit.
 */
import assert from "node:assert/strict";
import { readResponse, spawnFinance } from "./_spawn.ts";
import { silentServer, until } from "./_silent_server.ts";

async function send(port: number, body: string): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(
      `POST /commands/document.read HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${
        new TextEncoder().encode(body).length
      }\r\n\r\n${body}`,
    ),
  );
  return conn;
}

Deno.test("serve: a client that goes away stops its command's upstream request and frees its slot", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["serve"], {
    FINANCE_REQUEST_TIMEOUT_MS: "60000",
    FINANCE_ALLOW_PRIVATE_URLS: "1",
    FINANCE_MAX_CONNECTIONS: "1",
  });
  try {
    const conn = await send(
      s.port,
      JSON.stringify({ source: `http://127.0.0.1:${upstream.port}/report.pdf` }),
    );
    await until("the call reached upstream", () => upstream.state.opened === 1, 10_000);
    conn.close();
    // dropped well before the 60 s time limit
    await until("upstream request dropped", () => upstream.state.closed === 1, 10_000);
    // the one request slot is free again: a calculator call is answered
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      const body = '{"start":100,"end":150,"periods":3}';
      await c.write(
        new TextEncoder().encode(
          `POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        ),
      );
      status = (await readResponse(c)).status;
      c.close();
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, "the slot of the departed client was not given back");
    assert.ok(s.alive());
  } finally {
    await s.stop();
    upstream.close();
  }
});
