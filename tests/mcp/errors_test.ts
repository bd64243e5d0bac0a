/**
 * MCP answers to mistakes an agent makes: a misspelt tool gets the closest name, an unknown
 * prompt or resource the protocol's error codes (-32602, -32002) with a suggestion, prompt
 * arguments say what they fill in (and are optional, as prompts/get treats them; an unknown one is
 * -32602 with the closest), and
 * finance_run's arguments sent as `args` are pointed to `arguments`.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../adapters/mcp.ts";
import { parseToolSet } from "../../adapters/mcp_tools.ts";
import { PLAYBOOKS } from "../../adapters/playbooks.ts";
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

Deno.test("mcp: prompts/get fills each given argument into its placeholders in every step", async () => {
  const { client, close } = await connect();
  const textOf = async (name: string, args: Record<string, string>) => {
    const r = await client.getPrompt({ name, arguments: args });
    return (r.messages[0].content as { text: string }).text;
  };
  try {
    const move = await textOf("explain_price_move", { symbol: "AAPL", date: "2024-05-03" });
    assert.match(move, /1\. price\.moves AAPL window=1d/);
    assert.match(move, /price\.context AAPL date=2024-05-03 /);
    assert.match(move, /news\.search symbol=AAPL /);
    assert.doesNotMatch(move, /SYMBOL|YYYY-MM-DD/);
    // an argument not given leaves its placeholder
    const half = await textOf("explain_price_move", { symbol: "MSFT" });
    assert.match(half, /price\.context MSFT date=YYYY-MM-DD /);
    const metric = await textOf("extract_metric_from_10k", { symbol: "AAPL", metric: "revenue" });
    assert.match(metric, /filings\.statement AAPL .*query=revenue\n/);
    assert.match(metric, /document\.scan <filing URL> query=revenue window=600/);
    const screen = await textOf("screen_and_contextualize_equities", { screen: "day_gainers" });
    assert.match(screen, /screen\.run day_gainers count=25/);
    assert.match(screen, /symbol\.snapshot SYMBOL for each hit/, "each hit's symbol stays");
    const test = await textOf("run_reproducible_backtest", {
      strategy: "sma_cross",
      symbols: "AAPL,MSFT",
      start_date: "2020-01-02",
      end_date: "2023-12-29",
    });
    assert.match(test, /backtest\.describe sma_cross\n/);
    assert.match(test, /backtest\.run sma_cross AAPL,MSFT 2020-01-02 2023-12-29 params=/);
    assert.match(test, /backtest\.tune sma_cross AAPL,MSFT 2020-01-02 2023-12-29 grid=/);
    // a value is filled in as given, never read as another placeholder or a replacement pattern
    const odd = await textOf("run_reproducible_backtest", { strategy: "$& END", end_date: "X" });
    assert.match(odd, /backtest\.describe \$& END\n/);
  } finally {
    await close();
  }
});

Deno.test("mcp: every prompt argument fills a placeholder its steps hold", () => {
  for (const p of PLAYBOOKS) {
    assert.deepEqual(Object.keys(p.placeholders).sort(), [...p.arguments].sort(), p.name);
    for (const [name, placeholders] of Object.entries(p.placeholders)) {
      for (const placeholder of placeholders) {
        assert.ok(
          p.steps.some((s) => s.includes(placeholder)),
          `${p.name}.${name}: ${placeholder}`,
        );
      }
    }
  }
});

Deno.test("mcp: prompts/get refuses an unknown argument with -32602 and the closest one", async () => {
  const { client, close } = await connect();
  const refusal = (name: string, args: Record<string, string>, pattern: RegExp) =>
    assert.rejects(
      client.getPrompt({ name, arguments: args }),
      (err: { code?: number; message: string }) => {
        assert.equal(err.code, -32602);
        assert.match(err.message, pattern);
        return true;
      },
    );
  try {
    await refusal(
      "explain_price_move",
      { bogus: "x" },
      /unknown argument `bogus`.*takes symbol, date/,
    );
    await refusal("explain_price_move", { symbl: "AAPL" }, /did you mean `symbol`\?/);
    await refusal("explain_price_move", { ticker: "AAPL" }, /did you mean `symbol`\?/);
    await refusal(
      "run_reproducible_backtest",
      { start: "2020-01-02" },
      /did you mean `start_date`\?/,
    );
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
