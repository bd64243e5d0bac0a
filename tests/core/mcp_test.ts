import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../adapters/mcp.ts";
import { COMMAND_COUNT, testSession } from "../_helpers.ts";

async function connect() {
  const server = await createMcpServer({ session: testSession(), validateData: true });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "finance-test", version: "0.0.0" });
  await client.connect(b);
  return { client, server };
}

Deno.test("mcp: the SDK client lists every command as a tool with schemas and annotations", async () => {
  const { client, server } = await connect();
  const { tools } = await client.listTools();
  assert.equal(tools.length, COMMAND_COUNT);
  const tool = tools.find((t: { name: string }) => t.name === "finance_filings_statement")!;
  assert.equal(tool.inputSchema.type, "object");
  assert.ok(tool.inputSchema.properties && "statement" in tool.inputSchema.properties);
  assert.equal(tool.annotations?.readOnlyHint, true);
  assert.equal(tool.annotations?.openWorldHint, true);
  const calc = tools.find((t: { name: string }) => t.name === "finance_formula_cagr")!;
  assert.equal(calc.annotations?.openWorldHint, false);
  const resources = await client.listResources();
  assert.ok(resources.resources.some((r: { uri: string }) => r.uri === "finance://openapi.json"));
  const prompts = await client.listPrompts();
  assert.equal(prompts.prompts.length, 4);
  const prompt = await client.getPrompt({
    name: "explain_price_move",
    arguments: { symbol: "AAPL", date: "2024-08-05" },
  });
  assert.match(JSON.stringify(prompt.messages), /price.moves/);
  await client.close();
  await server.close();
});

Deno.test("mcp: calls return the envelope; bad arguments are tool errors naming the argument", async () => {
  const { client, server } = await connect();
  const ok = await client.callTool({ name: "finance_sources_status", arguments: {} });
  assert.equal(ok.isError, false);
  const env = ok.structuredContent as { ok: boolean; data: { count: number } };
  assert.equal(env.ok, true);
  assert.equal(env.data.count, 12);
  const bad = await client.callTool({ name: "finance_sources_test", arguments: { bogus: 1 } });
  assert.equal(bad.isError, true);
  assert.match((bad.structuredContent as { error: string }).error, /`bogus`/);
  await client.close();
  await server.close();
});
