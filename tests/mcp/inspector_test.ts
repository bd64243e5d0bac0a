/**
 * The MCP Inspector's command line against `finance mcp`, over stdio and Streamable HTTP. The
 * Inspector is not a dependency (it is fetched from npm), so this runs only when
 * FINANCE_MCP_INSPECTOR names its launcher, e.g. after
 * `npm install --prefix /tmp/inspector @modelcontextprotocol/inspector`:
 * `FINANCE_MCP_INSPECTOR=/tmp/inspector/node_modules/.bin/inspector deno test -A tests/mcp/inspector_test.ts`.
 */
import assert from "node:assert/strict";
import { ROOT } from "../_helpers.ts";

const INSPECTOR = Deno.env.get("FINANCE_MCP_INSPECTOR") ?? "";
const ENV = { FINANCE_CACHE: "off", NO_COLOR: "1" };
if (!INSPECTOR) console.log("skipped MCP Inspector tests: FINANCE_MCP_INSPECTOR is not set");

async function inspector(target: string[], method: string[]): Promise<Record<string, unknown>> {
  const out = await new Deno.Command(INSPECTOR, {
    // --strict (tools/list only) fails on any schema portability error
    args: [
      "--cli",
      ...(method[0] === "tools/list" ? ["--strict"] : []),
      ...target,
      "--method",
      ...method,
    ],
    cwd: ROOT,
    env: ENV,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, err);
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

const STDIO = [
  "--cwd",
  ROOT,
  "-e",
  "FINANCE_CACHE=off",
  Deno.execPath(),
  "run",
  "-A",
  "mod.ts",
  "mcp",
];

async function session(target: string[]) {
  const list = await inspector(target, ["tools/list"]);
  assert.ok(JSON.stringify(list).length <= 20_000);
  const found = await inspector(target, [
    "tools/call",
    "--tool-name",
    "finance_search",
    "--tool-arg",
    "query=net present value of cash flows",
  ]);
  const results = (found.structuredContent as { data: { results: { command: string }[] } }).data
    .results;
  assert.equal(results[0].command, "valuation.npv");
  const run = await inspector(target, [
    "tools/call",
    "--tool-name",
    "finance_run",
    "--tool-arg",
    "command=valuation.npv",
    'arguments={"cashflows":"-100,60,60","discount_rate":"10%"}',
  ]);
  assert.equal(run.isError, false);
  const npv = (run.structuredContent as { data: { npv: number } }).data.npv;
  assert.ok(Math.abs(npv - 4.1322314) < 1e-6);
}

Deno.test({
  name: "inspector: the MCP Inspector CLI over stdio (finance mcp)",
  ignore: !INSPECTOR,
  fn: async () => await session(STDIO),
});

Deno.test({
  name: "inspector: the MCP Inspector CLI over Streamable HTTP (finance mcp --http)",
  ignore: !INSPECTOR,
  fn: async () => {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "mod.ts", "mcp", "--http", "--port", "0"],
      cwd: ROOT,
      env: ENV,
      stdout: "null",
      stderr: "piped",
    }).spawn();
    try {
      const reader = child.stderr.getReader();
      const decoder = new TextDecoder();
      let text = "";
      let url: string | undefined;
      while (!url) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`finance mcp --http ended before listening: ${text}`);
        text += decoder.decode(value, { stream: true });
        url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text)?.[1];
      }
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })();
      await session([url]);
    } finally {
      child.kill("SIGTERM");
      await child.status;
    }
  },
});
