/**
 * An unexpected exception in a command ("ReferenceError: cikOf is not defined") never reaches an
 * envelope as its own text, on any surface: the CLI printed it, the library and notebooks
 * returned it. Each surface here runs a stub command that throws, and checks that the envelope
 * names the command and a reference (no exception text, no stack), and that the log line on
 * standard error has the same reference with the exception's text.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { COMMANDS } from "../../commands/index.ts";
import { defineCommand } from "../../core/command.ts";
import { setDefaultSession } from "../../core/session.ts";
import { main } from "../../adapters/cli.ts";
import { createHandler } from "../../adapters/http.ts";
import { createMcpServer } from "../../adapters/mcp.ts";
import { createMcpHttpHandler } from "../../adapters/mcp_http.ts";
import { show } from "../../adapters/jupyter.ts";
import { finance } from "../../mod.ts";
import { testSession } from "../_helpers.ts";

const NAME = "test.internal_boom";
const RAW = "cikOf is not defined";

const boom = defineCommand({
  name: NAME,
  summary: "throws an unexpected exception",
  usage: `finance ${NAME}`,
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.object({}),
  run: () => {
    throw new ReferenceError(`${RAW}\n    at recent (file:///srv/finance/commands/x.ts:1:1)`);
  },
});

/**
 * Runs `fn` with the stub command registered and console.error captured: its result and the log
 * lines. The stub leaves the registry after it (the test modules of a run share one registry).
 */
async function logged<T>(fn: () => Promise<T>): Promise<{ value: T; log: string }> {
  const lines: string[] = [];
  const original = console.error;
  COMMANDS[NAME] = () => Promise.resolve({ default: boom });
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    return { value: await fn(), log: lines.join("\n") };
  } finally {
    console.error = original;
    delete COMMANDS[NAME];
  }
}

/** The envelope hides the exception under a reference the log line carries with its text. */
function assertHidden(envelope: { ok: boolean; data: unknown; error: string | null }, log: string) {
  assert.equal(envelope.ok, false);
  assert.equal(envelope.data, null);
  const error = envelope.error ?? "";
  assert.ok(!error.includes(RAW), `the envelope quotes the exception: ${error}`);
  assert.doesNotMatch(error, /ReferenceError|\bat recent\b|\/srv\//);
  const ref = /internal error in (?:[\w. ]+) \(reference ([\w-]+)\)/.exec(error)?.[1];
  assert.ok(ref, `no reference in: ${error}`);
  const line = log.split("\n").find((l) => l.includes(`[${ref}]`));
  assert.ok(line, `no log line for ${ref}: ${log}`);
  assert.ok(line.includes(`ReferenceError: ${RAW}`), line);
  assert.doesNotMatch(line, /\bat recent\b/, "no stack in the log line either");
}

Deno.test("internal error on the CLI: a reference in the envelope, the text in the log", async () => {
  const out: string[] = [];
  const err: string[] = [];
  setDefaultSession(testSession());
  try {
    const { value: code, log } = await logged(() =>
      main([NAME], { out: (t) => out.push(t), err: (t) => err.push(t) })
    );
    assert.equal(code, 1);
    assertHidden(JSON.parse(out.join("\n")), `${log}\n${err.join("\n")}`);
  } finally {
    setDefaultSession(null);
  }
});

Deno.test("internal error in the library and its notebook view: a reference, the text in the log", async () => {
  Deno.env.set("FINANCE_CACHE", "off");
  const { value: env, log } = await logged(() => finance(NAME as never));
  assertHidden(env, log);
  const view = show(env);
  assert.ok(!JSON.stringify(view).includes(RAW), "the notebook view quotes the exception");
});

Deno.test("internal error over HTTP: a reference, the text in the server's log", async () => {
  const handler = createHandler({ session: testSession() });
  const { value: res, log } = await logged(async () =>
    await handler(
      new Request(`http://127.0.0.1/commands/${NAME}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    )
  );
  assertHidden(await res.json(), log);
});

Deno.test("internal error over MCP (the stdio server): a reference, the text in the log", async () => {
  const server = await createMcpServer({ session: testSession() });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(b);
  try {
    const { value: result, log } = await logged(() =>
      client.callTool({ name: "finance_run", arguments: { command: NAME } })
    );
    const text = (result as { content: { text: string }[] }).content[0].text;
    assertHidden(JSON.parse(text), log);
  } finally {
    await client.close();
    await server.close();
  }
});

Deno.test("internal error over MCP HTTP: a reference, the text in the server's log", async () => {
  const handler = createMcpHttpHandler({ session: testSession() });
  const { value: res, log } = await logged(async () =>
    await handler(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "finance_run", arguments: { command: NAME } },
        }),
      }),
    )
  );
  const body = await res.text();
  const json = body.startsWith("{") ? body : /^data: (.*)$/m.exec(body)?.[1] ?? body;
  const text = JSON.parse(json).result.content[0].text;
  assertHidden(JSON.parse(text), log);
});

Deno.test("hideInternals: an exception quoted inside a message or a warning is hidden too", async () => {
  const { hideInternals } = await import("../../core/errors.ts");
  const env = {
    error:
      "market data (auto): no bars for AAPL: market_a: internal error: TypeError: x.at is not a function",
    warnings: [
      "older filings page 2 could not be read, so the list stops at 40 filing(s) (limit 100): internal error: ReferenceError: cikOf is not defined",
      "a warning without one",
    ],
  };
  const { log } = await logged(() => Promise.resolve(hideInternals(env, "filings.recent")));
  assert.match(
    env.error,
    /^market data \(auto\): no bars for AAPL: market_a: internal error in filings\.recent \(reference /,
  );
  assert.doesNotMatch(env.error, /TypeError|x\.at/);
  assert.match(
    env.warnings[0],
    /^older filings page 2 could not be read.*\(limit 100\): internal error in filings\.recent \(reference /,
  );
  assert.doesNotMatch(env.warnings[0], /cikOf/);
  assert.equal(env.warnings[1], "a warning without one");
  assert.match(log, /TypeError: x\.at is not a function/);
  assert.match(log, /ReferenceError: cikOf is not defined/);
});

Deno.test("errorText: a surface's own unexpected failure is a reference; an expected one is its words", async () => {
  const { errorText, UsageError } = await import("../../core/errors.ts");
  const { value, log } = await logged(() =>
    Promise.resolve(errorText(new TypeError(`${RAW}\n    at x (y.ts:1)`), "the CLI"))
  );
  assert.match(value, /^internal error in the CLI \(reference [\w-]+\)/);
  assert.ok(!value.includes(RAW));
  assert.ok(log.includes(`TypeError: ${RAW}`));
  assert.equal(
    errorText(new UsageError("unknown option --kind"), "the CLI"),
    "unknown option --kind",
  );
});
