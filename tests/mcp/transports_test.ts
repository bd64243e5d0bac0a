/**
 * The same session from the official SDK client over both real transports: `finance mcp` as a
 * child process over stdio, and `finance mcp --http` over Streamable HTTP on loopback. Only pure
 * calculators run, so nothing leaves the machine.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ROOT } from "../_helpers.ts";

const ENV = { FINANCE_CACHE: "off", NO_COLOR: "1" };

/** Search, describe and run, as an agent following the server's instructions would. */
async function session(transport: Transport): Promise<void> {
  const client = new Client({ name: "finance-test", version: "0.0.0" });
  await client.connect(transport);
  try {
    assert.match(client.getInstructions() ?? "", /finance_search/);
    const { tools } = await client.listTools();
    assert.ok(JSON.stringify({ tools }).length <= 20_000);
    assert.ok(tools.some((t: { name: string }) => t.name === "finance_run"));
    const found = await client.callTool({
      name: "finance_search",
      arguments: { query: "net present value of cash flows" },
    });
    const first = (found.structuredContent as { data: { results: { command: string }[] } })
      .data.results[0].command;
    assert.equal(first, "valuation.npv");
    const described = await client.callTool({
      name: "finance_describe",
      arguments: { command: first },
    });
    assert.equal(described.isError, false);
    const run = await client.callTool({
      name: "finance_run",
      arguments: { command: first, arguments: { cashflows: "-100,60,60", discount_rate: "10%" } },
    });
    assert.equal(run.isError, false);
    const npv = (run.structuredContent as { data: { npv: number } }).data.npv;
    assert.ok(Math.abs(npv - 4.1322314) < 1e-6);
  } finally {
    await client.close();
  }
}

Deno.test("transports: the SDK client over stdio (finance mcp)", async () => {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", "mod.ts", "mcp"],
    cwd: ROOT,
    env: { ...Deno.env.toObject(), ...ENV },
    stderr: "pipe",
  });
  await session(transport);
});

Deno.test("transports: finance mcp ends quietly when its stdin closes", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "mod.ts", "mcp"],
    cwd: ROOT,
    env: ENV,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0);
  assert.equal(new TextDecoder().decode(out.stderr), "");
});

Deno.test("transports: FINANCE_MCP_TOOLS=all over stdio lists every command", async () => {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", "mod.ts", "mcp"],
    cwd: ROOT,
    env: { ...Deno.env.toObject(), ...ENV, FINANCE_MCP_TOOLS: "all" },
    stderr: "pipe",
  });
  const client = new Client({ name: "finance-test", version: "0.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  assert.ok(tools.length >= 76);
  assert.ok(!tools.some((t: { name: string }) => t.name === "finance_search"));
  await client.close();
});

Deno.test("transports: the SDK client over Streamable HTTP (finance mcp --http)", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "mod.ts", "mcp", "--http", "--port", "0"],
    cwd: ROOT,
    env: ENV,
    stdout: "null",
    stderr: "piped",
  }).spawn();
  try {
    const url = await listeningUrl(child.stderr);
    await session(new StreamableHTTPClientTransport(new URL(url)));
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
});

/** Reads stderr until the server says where it listens; keeps draining it afterwards. */
async function listeningUrl(stderr: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stderr.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`finance mcp --http ended before listening: ${text}`);
    text += decoder.decode(value, { stream: true });
    const m = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text);
    if (m) {
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })();
      return m[1];
    }
  }
}
