/**
 * Attacks on a real `finance mcp --http` on loopback: the same Host, Origin, content-type, token,
 * body and time checks as `finance serve`, on `/mcp` and on its `/commands` routes; a tool call
 * that hangs on a hostile server is stopped at the time limit; `finance mcp` over stdio ends with
 * exit 0 when its input closes.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";
import {
  envelopeOf,
  ONE_GIB,
  rawRequest,
  readResponse,
  type Spawned,
  spawnFinance,
} from "./_spawn.ts";

const MCP_HEADERS = [
  "Content-Type: application/json",
  "Accept: application/json, text/event-stream",
];

function rpc(method: string, params: unknown, id = 1): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params });
}

function mcpPost(s: Spawned, headers: string[], body: string) {
  return rawRequest(s.port, ["POST /mcp HTTP/1.1", ...headers].join("\r\n"), body);
}

const LIST = rpc("tools/list", {});

Deno.test("attack: /mcp and its /commands routes refuse foreign hosts, pages, forms and no token", async () => {
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_ADAPTER_TOKEN: "t0ken",
    FINANCE_MAX_BODY_BYTES: "5000",
  });
  const auth = "Authorization: Bearer t0ken";
  try {
    const ok = await mcpPost(s, ["Host: 127.0.0.1", auth, ...MCP_HEADERS], LIST);
    assert.equal(ok.status, 200, ok.body);
    assert.ok(
      JSON.parse(ok.body).result.tools.some((t: { name: string }) => t.name === "finance_search"),
    );

    const cases: [string, string[], string, number, RegExp][] = [
      ["rebinding", ["Host: attacker.example", auth, ...MCP_HEADERS], LIST, 421, /ALLOWED_HOSTS/],
      [
        "page",
        ["Host: 127.0.0.1", "Origin: http://evil.example", auth, ...MCP_HEADERS],
        LIST,
        403,
        /ALLOWED_ORIGINS/,
      ],
      [
        "text/plain",
        ["Host: 127.0.0.1", auth, "Content-Type: text/plain"],
        LIST,
        415,
        /content-type/,
      ],
      ["no token", ["Host: 127.0.0.1", ...MCP_HEADERS], LIST, 401, /Bearer/],
      [
        "big",
        ["Host: 127.0.0.1", auth, ...MCP_HEADERS],
        LIST + " ".repeat(6000),
        413,
        /FINANCE_MAX_BODY_BYTES/,
      ],
    ];
    for (const [what, headers, body, status, error] of cases) {
      const res = await mcpPost(s, headers, body);
      assert.equal(res.status, status, what);
      assert.match(envelopeOf(res).error!, error, what);
    }
    // the command routes beside /mcp: token, Host and content type apply there too
    const cmd = (headers: string[]) =>
      rawRequest(
        s.port,
        ["POST /commands/formula.cagr HTTP/1.1", ...headers].join("\r\n"),
        '{"start":100,"end":150,"periods":3}',
      );
    assert.equal((await cmd(["Host: 127.0.0.1", "Content-Type: application/json"])).status, 401);
    assert.equal(
      (await cmd(["Host: evil.test", auth, "Content-Type: application/json"])).status,
      421,
    );
    assert.equal((await cmd(["Host: 127.0.0.1", auth, "Content-Type: text/plain"])).status, 415);
    const good = await cmd(["Host: 127.0.0.1", auth, "Content-Type: application/json"]);
    assert.equal(envelopeOf(good).ok, true);
    const broken = await rawRequest(
      s.port,
      `POST /commands/%ZZ HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\nContent-Type: application/json`,
      "{}",
    );
    assert.equal(broken.status, 400);
    assert.equal(envelopeOf(broken).ok, false);
    assert.ok(s.alive());
    assert.ok(s.rss() < ONE_GIB);
  } finally {
    await s.stop();
  }
});

Deno.test("attack: a tool call stuck on a server that never answers is stopped at the time limit", async () => {
  // the hostile party: accepts the connection, reads the request, never answers
  const held: Deno.Conn[] = [];
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  (async () => {
    for await (const c of listener) held.push(c);
  })();
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_REQUEST_TIMEOUT_MS: "1500",
    FINANCE_ALLOW_PRIVATE_URLS: "1",
  });
  try {
    const call = rpc("tools/call", {
      name: "finance_document_read",
      arguments: { source: `http://127.0.0.1:${port}/report.pdf` },
    });
    const res = await mcpPost(s, ["Host: 127.0.0.1", ...MCP_HEADERS], call);
    assert.equal(res.status, 200);
    const result = JSON.parse(res.body).result;
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.ok, false);
    assert.match(result.structuredContent.error, /did not finish within 1500 ms/);
    assert.ok(s.alive());
  } finally {
    await s.stop();
    listener.close();
    for (const c of held) c.close();
  }
});

Deno.test("attack: a client trickling its /mcp body is answered 408 and frees its slot", async () => {
  const s = await spawnFinance(["mcp", "--http"], {
    FINANCE_BODY_TIMEOUT_MS: "500",
    FINANCE_MAX_CONNECTIONS: "1",
  });
  try {
    const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
    await c.write(
      new TextEncoder().encode(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n${
          MCP_HEADERS.join("\r\n")
        }\r\nContent-Length: 500\r\n\r\n{"jsonrpc"`,
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const busy = await mcpPost(s, ["Host: 127.0.0.1", ...MCP_HEADERS], LIST);
    assert.equal(busy.status, 503);
    assert.match(envelopeOf(busy).error!, /FINANCE_MAX_CONNECTIONS/);
    const cut = await readResponse(c);
    c.close();
    assert.equal(cut.status, 408);
    assert.match(envelopeOf(cut).error!, /FINANCE_BODY_TIMEOUT_MS/);
    const after = await mcpPost(s, ["Host: 127.0.0.1", ...MCP_HEADERS], LIST);
    assert.equal(after.status, 200);
    assert.ok(s.alive());
  } finally {
    await s.stop();
  }
});

Deno.test("mcp over stdio: closing its input ends it with exit 0", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), "mcp"],
    env: { FINANCE_CACHE: "off", NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(
    new TextEncoder().encode(
      rpc("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      }) + "\n",
    ),
  );
  await w.close();
  const out = await child.output();
  assert.match(new TextDecoder().decode(out.stdout), /"serverInfo"/);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
});
