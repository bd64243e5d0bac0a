/**
 * MCP for agents: how long a client waits for `finance mcp` to answer initialize and tools/list
 * (a fresh process each time, default tool set against `--tools all`), and one finance_search
 * over the help manifest in process.
 */
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CommandSearch } from "../adapters/discovery.ts";
import { helpEntries } from "../adapters/help.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

async function listOnce(extra: string[]) {
  const client = new Client({ name: "bench", version: "0.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: ["run", "-A", "mod.ts", "mcp", ...extra],
      cwd: root,
      env: { ...Deno.env.toObject(), FINANCE_CACHE: "off" },
    }),
  );
  await client.listTools();
  await client.close();
}

Deno.bench({
  name: "finance mcp: initialize + tools/list (default: discovery + core)",
  group: "mcp start",
  baseline: true,
  fn: async () => await listOnce([]),
});

Deno.bench({
  name: "finance mcp --tools all: initialize + tools/list",
  group: "mcp start",
  fn: async () => await listOnce(["--tools", "all"]),
});

const search = new CommandSearch(helpEntries());

Deno.bench({
  name: "finance_search: build the index over the help manifest",
  group: "search",
  fn: () => {
    new CommandSearch(helpEntries());
  },
});

Deno.bench({
  name: "finance_search: one request",
  group: "search",
  fn: () => {
    search.search("what did the CFO say about margins");
  },
});
