/**
 * Two ways around the request cap of a real `finance mcp --http`: a GET /mcp that opens an event
 * stream a stateless server never writes to (held open for ever, outside every time limit), and
 * a JSON-RPC batch that starts as many tool calls at once as fit in one request body while
 * taking one of the FINANCE_MAX_CONNECTIONS slots.
 */
import assert from "node:assert/strict";
import { envelopeOf, parseResponse, rawRequest, spawnFinance } from "./_spawn.ts";
import { countingServer } from "./_net.ts";

const MCP_HEADERS = [
  "Host: 127.0.0.1",
  "Content-Type: application/json",
  "Accept: application/json, text/event-stream",
];

Deno.test("attack: GET /mcp holds no event stream open; it is answered 405 with an envelope", async () => {
  const s = await spawnFinance(["mcp", "--http"]);
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    await conn.write(
      new TextEncoder().encode(
        "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n",
      ),
    );
    // read the status line and headers (an event stream sends them and then nothing)
    let text = "";
    const buf = new Uint8Array(65536);
    while (!text.includes("\r\n\r\n")) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    const head = parseResponse(text);
    assert.equal(head.status, 405, `GET /mcp answered ${text.slice(0, 200)}`);
    assert.match(head.headers["content-type"] ?? "", /application\/json/);
    const length = Number(head.headers["content-length"]);
    while (new TextEncoder().encode(parseResponse(text).body).length < length) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    const env = envelopeOf(parseResponse(text));
    assert.equal(env.ok, false);
    assert.match(env.error!, /POST/);
    assert.ok(s.alive());
  } finally {
    conn.close();
    await s.stop();
  }
});

Deno.test("attack: a JSON-RPC batch takes one request slot per call", async () => {
  const target = countingServer("127.0.0.1");
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_MAX_CONNECTIONS: "3",
    FINANCE_ALLOW_PRIVATE_URLS: "1",
  });
  const call = (id: number) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: {
      name: "finance_run",
      arguments: {
        command: "document.read",
        arguments: { source: `http://127.0.0.1:${target.port}/${id}.html` },
      },
    },
  });
  const post = (body: unknown) =>
    rawRequest(s.port, ["POST /mcp HTTP/1.1", ...MCP_HEADERS].join("\r\n"), JSON.stringify(body));
  try {
    const batch = await post(Array.from({ length: 12 }, (_, i) => call(i + 1)));
    // more calls than the server has slots: no retry would let it in, so 400 and no retry-after
    assert.equal(batch.status, 400, batch.body.slice(0, 300));
    assert.match(envelopeOf(batch).error!, /batch of 12 calls.*has 3.*at most 3 calls at once/);
    assert.equal(target.hits, 0, `the batch started ${target.hits} calls past the cap`);

    // a batch within the cap runs, and its slots are given back
    const small = await post([call(21), call(22), call(23)]);
    assert.equal(small.status, 200, small.body.slice(0, 300));
    assert.equal(JSON.parse(small.body).length, 3);
    assert.equal(target.hits, 3);
    const again = await post([call(31), call(32), call(33)]);
    assert.equal(again.status, 200, "the slots of the last batch were released");
    assert.ok(s.alive());
  } finally {
    await s.stop();
    await target.close();
  }
});
