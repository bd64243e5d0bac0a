/**
 * MCP answers to mistakes an agent makes: a misspelt tool gets the closest name, an unknown
 * prompt or resource the protocol's error codes (-32602, -32002) with a suggestion, prompt
 * arguments say what they fill in (and are optional, as prompts/get treats them), and
 * finance_run's arguments sent as `args` are pointed to `arguments`.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../adapters/mcp.ts";
import { parseToolSet } from "../../adapters/mcp_tools.ts";
import { testSession } from "../_helpers.ts";

async function connect(tools?: string) {
  const server = await createMcpServer({ session: testSession(), tools: parseToolSet(tools) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "finance-test", version: "0.0.0" });
  await client.connect(b);
  return { client, close: async () => (await client.close(), await server.close()) };
}

type Result = { isError?: boolean; structuredContent?: unknown };
const errorOf = (r: Result) => (r.structuredContent as { error: string }).error;

Deno.test("mcp: a misspelt tool name gets the closest one", async () => {
  const { client, close } = await connect();
  try {
    const r = await client.callTool({ name: "finance_serch", arguments: { query: "npv" } });
    assert.equal(r.isError, true);
    assert.match(errorOf(r as Result), /did you mean `finance_search`\?/);
    const c = await client.callTool({ name: "finance_formula_cagrr", arguments: {} });
    assert.match(errorOf(c as Result), /did you mean `finance_formula_cagr`\?/);
  } finally {
    await close();
  }
});

Deno.test("mcp: unknown prompt is -32602 and unknown resource -32002, each with a suggestion", async () => {
  const { client, close } = await connect();
  try {
    await assert.rejects(
      client.getPrompt({ name: "explain_price_moves" }),
      (err: { code?: number; message: string }) => {
        assert.equal(err.code, -32602);
        assert.match(err.message, /did you mean `explain_price_move`/);
        return true;
      },
    );
    await assert.rejects(
      client.readResource({ uri: "finance://openapi.jsn" }),
      (err: { code?: number; message: string }) => {
        assert.equal(err.code, -32002);
        assert.match(err.message, /finance:\/\/openapi\.json/);
        return true;
      },
    );
  } finally {
    await close();
  }
});

Deno.test("mcp: prompt arguments are described and optional, as prompts/get treats them", async () => {
  const { client, close } = await connect();
  try {
    const { prompts } = await client.listPrompts();
    for (const p of prompts) {
      for (const a of p.arguments ?? []) {
        assert.ok((a.description ?? "").length > 10, `${p.name}.${a.name} has a description`);
        assert.notEqual(a.required, true, `${p.name}.${a.name}`);
      }
    }
    const bare = await client.getPrompt({ name: "explain_price_move" });
    assert.match(JSON.stringify(bare.messages), /price\.moves SYMBOL/);
  } finally {
    await close();
  }
});

Deno.test("mcp: finance_run with `args` points to `arguments`", async () => {
  const { client, close } = await connect();
  try {
    const r = await client.callTool({
      name: "finance_run",
      arguments: { command: "formula.cagr", args: { start: 100, end: 150, periods: 3 } },
    });
    assert.equal(r.isError, true);
    const error = errorOf(r as Result);
    assert.match(error, /`arguments`, not `args`/);
    assert.doesNotMatch(error, /unknown argument `args`/);
    const ok = await client.callTool({
      name: "finance_run",
      arguments: { command: "formula.cagr", arguments: { start: 100, end: 150, periods: 3 } },
    });
    assert.equal(ok.isError, false);
  } finally {
    await close();
  }
});
