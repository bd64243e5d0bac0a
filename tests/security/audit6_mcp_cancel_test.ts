/**
 * Cancellation on a real `finance mcp --http`: a call cancelled by notifications/cancelled (in
 * its own batch, or in a request of its own as MCP clients send it) and a call whose client went
 * away stop their work: the upstream request of the call is dropped, the request slots are given
 * back, and nothing waits for the time limit. Before, a batch holding a call and its
 * cancellation was never answered (its slots held for ever), a cancellation sent apart reached
 * a server that did not hold the call, and a client that went away left its call running.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readResponse, type Spawned, spawnFinance } from "./_spawn.ts";
import { silentServer, until } from "./_silent_server.ts";

const HEADERS = [
  "Host: 127.0.0.1",
  "Content-Type: application/json",
  "Accept: application/json, text/event-stream",
];

function readCall(id: number | string, port: number, path = "report.pdf") {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name: "finance_run",
      arguments: {
        command: "document.read",
        arguments: { source: `http://127.0.0.1:${port}/${path}` },
      },
    },
  };
}

/** Sends one POST on a connection of its own and leaves it open. */
async function open(s: Spawned, body: unknown): Promise<Deno.Conn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  const text = JSON.stringify(body);
  await conn.write(
    new TextEncoder().encode(
      `POST /mcp HTTP/1.1\r\n${HEADERS.join("\r\n")}\r\nContent-Length: ${
        new TextEncoder().encode(text).length
      }\r\n\r\n${text}`,
    ),
  );
  return conn;
}

async function post(s: Spawned, body: unknown) {
  const conn = await open(s, body);
  try {
    return await readResponse(conn);
  } finally {
    conn.close();
  }
}

const LIMIT = {
  FINANCE_REQUEST_TIMEOUT_MS: "30000",
  FINANCE_ALLOW_PRIVATE_URLS: "1",
  FINANCE_MAX_CONNECTIONS: "2",
};

Deno.test("audit6 mcp: a call and its cancellation in one batch are answered at once, slots back", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["mcp", "--http"], LIMIT);
  try {
    const started = performance.now();
    const res = await Promise.race([
      post(s, [
        readCall(7, upstream.port),
        {
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: { requestId: 7, reason: "user" },
        },
      ]),
      new Promise<null>((r) => setTimeout(() => r(null), 10_000)),
    ]);
    assert.ok(res, "the batch was never answered");
    assert.ok(performance.now() - started < 5000);
    assert.equal(res.status, 200, res.body);
    // one request in the batch: its answer alone (the transport's way)
    const parsed = JSON.parse(res.body);
    const answer = Array.isArray(parsed) ? parsed[0] : parsed;
    assert.equal(answer.id, 7);
    assert.equal(answer.error.code, -32800);
    assert.match(answer.error.message, /cancelled: notifications\/cancelled \(user\)/);
    // the slots of the batch were given back: two requests fit in FINANCE_MAX_CONNECTIONS=2
    const [a, b] = await Promise.all([
      post(s, { jsonrpc: "2.0", id: 1, method: "ping" }),
      post(s, { jsonrpc: "2.0", id: 2, method: "ping" }),
    ]);
    assert.equal(a.status, 200, a.body);
    assert.equal(b.status, 200, b.body);
    // the upstream request, if it was started, was dropped
    await until("upstream closed", () => upstream.state.closed === upstream.state.opened, 5000);
  } finally {
    await s.stop();
    upstream.close();
  }
});

Deno.test("audit6 mcp: a call after its own cancellation in a batch never runs (no work outside a slot)", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["mcp", "--http"], LIMIT);
  try {
    const res = await post(s, [
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 4 } },
      readCall(4, upstream.port),
    ]);
    assert.equal(res.status, 200, res.body);
    const parsed = JSON.parse(res.body);
    const answer = Array.isArray(parsed) ? parsed[0] : parsed;
    assert.equal(answer.error.code, -32800);
    // the call was answered at once; it must not go on reading upstream behind the answer
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(upstream.state.opened, 0, "the cancelled call ran after its answer");
  } finally {
    await s.stop();
    upstream.close();
  }
});

Deno.test("audit6 mcp: notifications/cancelled in a request of its own stops the call", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["mcp", "--http"], LIMIT);
  try {
    const conn = await open(s, readCall("call-1", upstream.port));
    await until("the call reached upstream", () => upstream.state.opened === 1, 10_000);
    const cancel = await post(s, {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: "call-1", reason: "timed out" },
    });
    assert.equal(cancel.status, 202, cancel.body);
    const started = performance.now();
    const answer = await readResponse(conn);
    conn.close();
    assert.ok(performance.now() - started < 5000, "the call ran on after its cancellation");
    assert.equal(answer.status, 200);
    const error = JSON.parse(answer.body).error;
    assert.equal(JSON.parse(answer.body).id, "call-1");
    assert.equal(error.code, -32800);
    assert.match(error.message, /cancelled.*from another request/);
    await until("upstream request dropped", () => upstream.state.closed === 1, 5000);
    // a cancellation naming no call in progress changes nothing
    const stray = await post(s, {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 999 },
    });
    assert.equal(stray.status, 202);
  } finally {
    await s.stop();
    upstream.close();
  }
});

Deno.test("audit6 mcp: the SDK client's abort stops the call on the server", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["mcp", "--http"], LIMIT);
  const client = new Client({ name: "audit6", version: "0.0.0" });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${s.port}/mcp`)),
    );
    const abort = new AbortController();
    const call = client.callTool(
      {
        name: "finance_run",
        arguments: {
          command: "document.read",
          arguments: { source: `http://127.0.0.1:${upstream.port}/report.pdf` },
        },
      },
      undefined,
      { signal: abort.signal },
    );
    const settled = call.then(() => "answered", () => "rejected");
    await until("the call reached upstream", () => upstream.state.opened === 1, 10_000);
    abort.abort("the user gave up");
    assert.equal(await settled, "rejected");
    // the server dropped the upstream request long before its 30 s limit
    await until("upstream request dropped", () => upstream.state.closed === 1, 5000);
    // and both request slots (FINANCE_MAX_CONNECTIONS=2) are free again
    const [a, b] = await Promise.all([
      post(s, { jsonrpc: "2.0", id: 1, method: "ping" }),
      post(s, { jsonrpc: "2.0", id: 2, method: "ping" }),
    ]);
    assert.equal(a.status, 200, a.body);
    assert.equal(b.status, 200, b.body);
  } finally {
    await client.close().catch(() => {});
    await s.stop();
    upstream.close();
  }
});

Deno.test("audit6 mcp: an id two calls in progress share is ambiguous: the cancellation stops neither", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["mcp", "--http"], {
    ...LIMIT,
    FINANCE_MAX_CONNECTIONS: "3",
    FINANCE_REQUEST_TIMEOUT_MS: "2500",
  });
  try {
    const one = await open(s, readCall(5, upstream.port, "a.pdf"));
    const two = await open(s, readCall(5, upstream.port, "b.pdf"));
    await until("both calls reached upstream", () => upstream.state.opened === 2, 10_000);
    const cancel = await post(s, {
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: 5 },
    });
    assert.equal(cancel.status, 202);
    // each ends at its time limit, with its own answer, neither cancelled by the other client
    for (const conn of [one, two]) {
      const res = await readResponse(conn);
      conn.close();
      const result = JSON.parse(res.body).result;
      assert.ok(result, res.body);
      assert.match(result.structuredContent.error, /did not finish within 2500 ms/);
    }
  } finally {
    await s.stop();
    upstream.close();
  }
});

Deno.test("audit6 mcp: a client that goes away stops its call and frees its slot", async () => {
  const upstream = silentServer();
  const s = await spawnFinance(["mcp", "--http"], { ...LIMIT, FINANCE_MAX_CONNECTIONS: "1" });
  try {
    const conn = await open(s, readCall(3, upstream.port));
    await until("the call reached upstream", () => upstream.state.opened === 1, 10_000);
    conn.close();
    // the call's upstream request is dropped long before the 30 s time limit
    const took = await until("upstream request dropped", () => upstream.state.closed === 1, 5000);
    assert.ok(took < 5000);
    // and its slot is free again (FINANCE_MAX_CONNECTIONS=1)
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await post(s, { jsonrpc: "2.0", id: 1, method: "ping" })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, "the slot of the departed client was not given back");
    assert.ok(s.alive());
  } finally {
    await s.stop();
    upstream.close();
  }
});

Deno.test("audit6 mcp: a body that never finishes is answered 408 and holds no slot", async () => {
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_BODY_TIMEOUT_MS: "600",
    FINANCE_MAX_CONNECTIONS: "1",
  });
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    // declared 10 000 bytes, sends 20, then nothing (the connection stays open)
    await conn.write(
      new TextEncoder().encode(
        `POST /mcp HTTP/1.1\r\n${
          HEADERS.join("\r\n")
        }\r\nContent-Length: 10000\r\n\r\n{"jsonrpc":"2.0","i`,
      ),
    );
    const res = await readResponse(conn);
    conn.close();
    assert.equal(res.status, 408);
    assert.match(JSON.parse(res.body).error, /FINANCE_BODY_TIMEOUT_MS/);
    assert.equal(res.headers["x-content-type-options"], "nosniff");
    const after = await post(s, { jsonrpc: "2.0", id: 1, method: "ping" });
    assert.equal(after.status, 200, after.body);
  } finally {
    await s.stop();
  }
});
