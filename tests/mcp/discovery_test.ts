import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createMcpServer } from "../../adapters/mcp.ts";
import { CORE_COMMANDS, parseToolSet } from "../../adapters/mcp_tools.ts";
import { commandNames } from "../../commands/registry.ts";
import { testSession } from "../_helpers.ts";

interface Env {
  ok: boolean;
  data: Record<string, unknown> | null;
  error: string | null;
  warnings: string[];
}

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
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    const env = r.structuredContent as unknown as Env;
    assert.equal(r.isError, !env.ok);
    assert.deepEqual(JSON.parse((r.content as { text: string }[])[0].text), env);
    return env;
  };
  return { client, server, call, close: async () => (await client.close(), await server.close()) };
}

Deno.test("discovery: the default tools/list answer stays under 20,000 characters", async () => {
  const { client, close } = await connect();
  const answer = await client.listTools();
  const size = JSON.stringify(answer).length;
  console.log(`default tools/list: ${answer.tools.length} tools, ${size} characters`);
  assert.ok(size <= 20_000, `${size} characters`);
  assert.ok(CORE_COMMANDS.length <= 12);
  // one type per schema node: clients with single-type dialects (Gemini's) map every tool
  assert.doesNotMatch(JSON.stringify(answer), /"type":\[/);
  assert.doesNotMatch(JSON.stringify(answer), /9007199254740991/);
  for (const tool of answer.tools) {
    assert.equal(tool.outputSchema, undefined, tool.name);
    const sentences = (tool.description ?? "").split(/(?<=[.;])\s+(?=[A-Z])/).length;
    assert.ok(sentences <= 2, `${tool.name}: ${sentences} sentences`);
  }
  await close();
});

Deno.test("discovery: every command of the registry is reachable through finance_run and finance_describe", async () => {
  const { call, close } = await connect();
  const names = commandNames();
  assert.ok(names.length >= 76);
  for (const name of names) {
    // an argument no command has: each answers its own usage error, which proves it was reached
    const run = await call("finance_run", { command: name, arguments: { "probe-x": 1 } });
    assert.equal(run.ok, false);
    assert.match(
      run.error!,
      new RegExp(`unknown argument \`probe-x\` for ${name.replace(/\./g, "\\.")}`),
    );
    const described = await call("finance_describe", { command: name });
    assert.equal(described.ok, true, name);
    const data = described.data!;
    assert.equal(data.command, name);
    assert.equal((data.arguments as { type: string }).type, "object");
    assert.ok(Array.isArray(data.citation_fields));
    for (const example of data.examples as { cli: string; arguments: unknown }[]) {
      assert.notEqual(example.arguments, null, `${name}: ${example.cli}`);
    }
  }
  await close();
});

Deno.test("discovery: finance_run answers the envelope and reads string forms of lists, objects and numbers", async () => {
  const { call, close } = await connect();
  const forms = [[-100, 60, 60], "[-100,60,60]", "-100,60,60", "[-100, 60, 60]"];
  for (const cashflows of forms) {
    const env = await call("finance_run", {
      command: "valuation.npv",
      arguments: { cashflows, discount_rate: "10%" },
    });
    assert.equal(env.ok, true, JSON.stringify(cashflows));
    assert.ok(Math.abs((env.data!.npv as number) - 4.1322314) < 1e-6);
  }
  const text = await call("finance_run", {
    command: "formula.cagr",
    arguments: '{"start": "100", "end": "150", "periods": "3"}',
  });
  assert.equal(text.ok, true);
  const flat = await call("finance_run", {
    command: "formula.cagr",
    start: 100,
    end: 150,
    periods: 3,
  });
  assert.deepEqual(flat.data, text.data);
  const scores = await call("finance_run", {
    command: "backtest.factor.weights",
    arguments: {
      factor_name: "value",
      scores: '{"A":3,"B":2,"C":1}',
      direction: "long_only",
      top_pct: "0.34",
    },
  });
  assert.equal(scores.ok, true, scores.error ?? "");
  const pairs = await call("finance_run", {
    command: "backtest.strategy.payload",
    arguments: {
      strategy_id: "sma_cross",
      start_date: "2020-01-01",
      end_date: "2021-01-01",
      parameters: "fast=10,slow=50",
    },
  });
  assert.equal(pairs.ok, true, pairs.error ?? "");
  const bad = await call("finance_run", {
    command: "valuation.npv",
    arguments: { cashflows: "[1,x]", discount_rate: 0.1 },
  });
  assert.match(bad.error!, /cashflows.*"x"/);
  const unknown = await call("finance_run", { command: "valuation.npvv" });
  assert.match(unknown.error!, /did you mean `valuation.npv`/);
  const byTool = await call("finance_run", {
    command: "finance_formula_cagr",
    arguments: { start: 1, end: 2, periods: 1 },
  });
  assert.equal(byTool.ok, true);
  const clash = await call("finance_run", {
    command: "formula.cagr",
    arguments: { start: 1 },
    start: 2,
  });
  assert.match(clash.error!, /`start` is given twice/);
  // a command line in CLI form, as the playbooks and examples write steps
  const line = await call("finance_run", {
    command: "finance valuation.npv cashflows=-100,60,60 discount_rate=10% --output text",
  });
  assert.ok(Math.abs((line.data!.npv as number) - 4.1322314) < 1e-6);
  const positional = await call("finance_run", {
    command: "research.plan CRWD",
    arguments: { style: "fundamental" },
  });
  assert.equal((positional.data as { symbol: string }).symbol, "CRWD");
  const twice = await call("finance_run", {
    command: "formula.cagr start=100",
    arguments: { start: 1, end: 2, periods: 1 },
  });
  assert.match(twice.error!, /`start` is given twice/);
  const stray = await call("finance_run", { command: "valuation.npv oops" });
  assert.match(stray.error!, /unexpected argument "oops"/);
  const notObject = await call("finance_run", { command: "formula.cagr", arguments: [1, 2] });
  assert.match(notObject.error!, /must be a JSON object/);
  await close();
});

Deno.test("discovery: finance_search and finance_describe answer what an agent needs next", async () => {
  const { call, close } = await connect();
  const found = await call("finance_search", { query: "largest daily moves", limit: 3 });
  const results = found.data!.results as {
    command: string;
    tool: string;
    listed: boolean;
    arguments: string[];
  }[];
  assert.equal(results.length, 3);
  assert.equal(results[0].command, "price.moves");
  assert.equal(results[0].tool, "finance_price_moves");
  assert.equal(results[0].listed, true);
  assert.ok(results[0].arguments.includes("threshold"));
  const within = await call("finance_search", { query: "wacc", namespace: "formula" });
  assert.ok(
    (within.data!.results as { command: string }[]).every((r) => r.command.startsWith("formula.")),
  );
  const browse = await call("finance_search", {});
  assert.equal((browse.data!.namespaces as unknown[]).length, 20);
  const weak = await call("finance_search", { query: "insider trading" });
  assert.match(weak.warnings[0], /weak matches only/);
  assert.deepEqual(found.warnings, []);
  const nothing = await call("finance_search", { query: "qqqq zzzz" });
  assert.deepEqual(nothing.data!.results, []);
  assert.match(nothing.warnings[0], /nothing matched/);
  const typo = await call("finance_search", { qeury: "x" });
  assert.match(typo.error!, /did you mean `query`/);
  const badNs = await call("finance_search", { query: "x", namespace: "filing" });
  assert.match(badNs.error!, /did you mean `filings`/);
  const described = await call("finance_describe", { command: "finance_valuation_npv" });
  assert.equal(described.data!.command, "valuation.npv");
  assert.equal(described.data!.listed, false);
  const example = (described.data!.examples as { arguments: Record<string, unknown> }[])[0];
  const replay = await call("finance_run", {
    command: "valuation.npv",
    arguments: example.arguments,
  });
  assert.equal(replay.ok, true);
  assert.equal((described.data!.data as Record<string, unknown>).npv, "number");
  await close();
});

Deno.test("discovery: tool sets by namespace, command and core; unknown names are refused", async () => {
  const set = parseToolSet("core,valuation,formula.cagr");
  assert.ok(set.discovery && !set.outputSchemas);
  assert.ok(set.commands.includes("valuation.irr") && set.commands.includes("formula.cagr"));
  assert.ok(set.commands.includes("market.quote"));
  const filings = commandNames().filter((c) => c.startsWith("filings."));
  assert.deepEqual(parseToolSet("filings", true).commands, filings);
  assert.equal(parseToolSet("filings", true).outputSchemas, true);
  assert.throws(() => parseToolSet("filing"), /unknown tool set `filing`; did you mean `filings`/);
  const { client, call, close } = await connect("valuation");
  const { tools } = await client.listTools();
  assert.equal(tools.length, 3 + commandNames().filter((c) => c.startsWith("valuation.")).length);
  const other = await call("finance_market_status", { market: 1 });
  assert.match(other.error!, /market/, "an unlisted command tool is still answered by name");
  await close();
});

Deno.test("discovery: a client's cancellation aborts the running command's requests", async () => {
  let started!: () => void;
  const fetchStarted = new Promise<void>((resolve) => started = resolve);
  let aborted = false;
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_, reject) => {
      started();
      init?.signal?.addEventListener("abort", () => {
        aborted = true;
        reject(new DOMException("aborted", "AbortError"));
      });
    });
  const server = await createMcpServer({
    session: testSession({ fetch: hanging }),
    tools: parseToolSet("core"),
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "finance-test", version: "0.0.0" });
  await client.connect(b);
  const controller = new AbortController();
  const call = client.callTool(
    { name: "finance_run", arguments: { command: "market.quote", arguments: { symbol: "AAPL" } } },
    undefined,
    { signal: controller.signal },
  );
  await fetchStarted;
  controller.abort();
  await assert.rejects(call);
  await client.ping(); // answered after the cancellation notification was handled
  assert.equal(aborted, true, "the provider request saw the client's cancellation");
  await client.close();
  await server.close();
});

Deno.test("discovery: finance_run answers the envelope the HTTP adapter answers for the same call", async () => {
  const { createHandler } = await import("../../adapters/http.ts");
  const session = testSession();
  const http = createHandler({ session, validateData: true });
  const { call, close } = await connect();
  const cases: [string, Record<string, unknown>][] = [
    ["valuation.npv", { cashflows: [-100, 60, 60], discount_rate: 0.1 }],
    ["valuation.npv", { cashflows: "-100,60,60", discount_rate: "10" }],
    ["formula.cagr", { start: 100, end: 150, periods: 3 }],
    ["formula.cagr", { start: -1, end: 150, periods: 3 }],
    ["formula.margin", { numerator: 1, denominator: 0 }],
    ["sources.test", { bogus: 1 }],
    ["research.plan", { symbol: "CRWD" }],
    // numbers and booleans as text, as clients that send every value as a string do
    ["backtest.strategy.payload", {
      strategy_id: "sma_cross",
      start_date: "2020-01-01",
      end_date: "2021-01-01",
      symbols: "AAPL",
      warmup_bars: "30",
      drop_missing: "true",
      leverage: "1.5",
    }],
    ["backtest.strategy.payload", { strategy_id: "sma_cross", warmup_bars: "thirty" }],
  ];
  for (const [command, args] of cases) {
    const res = await http(
      new Request(`http://127.0.0.1/commands/${command}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(args),
      }),
    );
    const viaHttp = await res.json();
    const viaMcp = await call("finance_run", { command, arguments: args });
    assert.deepEqual(viaMcp, viaHttp, `${command} ${JSON.stringify(args)}`);
    if (args.warmup_bars === "30") {
      const run = (viaMcp.data as { run_args: Record<string, unknown> }).run_args;
      assert.equal(run.warmup_bars, 30);
      assert.equal(run.drop_missing, true);
    }
    if (args.warmup_bars === "thirty") assert.match(viaMcp.error!, /warmup_bars/);
  }
  await close();
});
