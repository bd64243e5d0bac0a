/**
 * `finance mcp --http` has two doors, `/mcp` and the `/commands` routes beside it. Before, each
 * had a guard of its own, so the server handled twice FINANCE_MAX_CONNECTIONS requests at once
 * (a client filling one door's slots still had the other's). Now they share one set of slots.
 */
import assert from "node:assert/strict";
import { envelopeOf, rawRequest, spawnFinance } from "./_spawn.ts";

const MCP = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
  "Accept: application/json, text/event-stream";
const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });

Deno.test("attack3: /mcp and /commands of one MCP server share its request slots", async () => {
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_MAX_CONNECTIONS: "1",
    FINANCE_BODY_TIMEOUT_MS: "4000",
  });
  // a /commands request whose body never comes holds the one slot until its body timeout
  const holder = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    await holder.write(
      new TextEncoder().encode(
        "POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const busy = await rawRequest(s.port, MCP, LIST);
    assert.equal(busy.status, 503, busy.body.slice(0, 200));
    assert.match(envelopeOf(busy).error!, /FINANCE_MAX_CONNECTIONS/);
    // and the other way round: a /mcp body that never comes holds the slot for /commands too
    holder.close();
    await new Promise((r) => setTimeout(r, 300));
    const free = await rawRequest(s.port, MCP, LIST);
    assert.equal(free.status, 200, "the slot is given back when its client goes");
    const mcpHolder = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    try {
      await mcpHolder.write(
        new TextEncoder().encode(`${MCP}\r\nContent-Length: 100\r\n\r\n{`),
      );
      await new Promise((r) => setTimeout(r, 300));
      const cmd = await rawRequest(
        s.port,
        "POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
        '{"start":100,"end":150,"periods":3}',
      );
      assert.equal(cmd.status, 503, cmd.body.slice(0, 200));
    } finally {
      mcpHolder.close();
    }
  } finally {
    try {
      holder.close();
    } catch { /* closed above */ }
    await s.stop();
  }
});
