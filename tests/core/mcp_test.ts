import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../adapters/mcp.ts";
import { CORE_COMMANDS, parseToolSet } from "../../adapters/mcp_tools.ts";
import { COMMAND_COUNT, testSession } from "../_helpers.ts";

async function connect(tools?: string) {
  const server = await createMcpServer({
    session: testSession(),
    validateData: true,
    tools: parseToolSet(tools),
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "finance-test", version: "0.0.0" });
  await client.connect(b);
  return { client, server };
}

Deno.test("mcp: by default the SDK client lists the discovery tools and the core commands", async () => {
  const { client, server } = await connect();
  const { tools } = await client.listTools();
  const names = tools.map((t: { name: string }) => t.name);
  assert.deepEqual(names.slice(0, 3), ["finance_search", "finance_describe", "finance_run"]);
  assert.equal(tools.length, 3 + CORE_COMMANDS.length);
  const tool = tools.find((t: { name: string }) => t.name === "finance_filings_statement")!;
  assert.equal(tool.inputSchema.type, "object");
  assert.ok(tool.inputSchema.properties && "statement" in tool.inputSchema.properties);
  assert.equal(tool.annotations?.readOnlyHint, true);
  assert.equal(tool.annotations?.openWorldHint, true);
  assert.equal(tool.outputSchema, undefined);
  assert.match(client.getInstructions() ?? "", /finance_search.*finance_describe.*finance_run/s);
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

Deno.test("mcp: --tools all lists every command with output schemas and annotations", async () => {
  const { client, server } = await connect("all");
  const { tools } = await client.listTools();
  assert.equal(tools.length, COMMAND_COUNT);
  assert.ok(!tools.some((t: { name: string }) => t.name === "finance_search"));
  const tool = tools.find((t: { name: string }) => t.name === "finance_filings_statement")!;
  assert.equal(tool.outputSchema?.type, "object");
  assert.doesNotMatch(JSON.stringify(tools), /"type":\[/, "one type per schema node");
  assert.match(tool.description ?? "", /CLI form: finance filings.statement/);
  const calc = tools.find((t: { name: string }) => t.name === "finance_formula_cagr")!;
  assert.equal(calc.annotations?.openWorldHint, false);
  const ok = await client.callTool({
    name: "finance_formula_cagr",
    arguments: { start: 100, end: 150, periods: 3 },
  });
  assert.equal(ok.isError, false);
  assert.equal((ok.structuredContent as { ok: boolean }).ok, true);
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
