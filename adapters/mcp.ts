/**
 * MCP server over the command registry. By default it lists three discovery tools
 * (finance_search, finance_describe, finance_run) and a dozen core commands (adapters/mcp_tools.ts);
 * `--tools all` lists one tool per command, named by the adapter's operationId
 * (`finance_filings_statement`: some clients refuse dots in tool names). Every call answers the
 * envelope as structured content; the OpenAPI document and the playbooks are resources, the
 * playbooks prompts.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type {
  CallToolRequest,
  GetPromptRequest,
  ReadResourceRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { argShape } from "../core/command.ts";
import { cliKind, coerceTextArgs } from "../core/args.ts";
import { type Envelope, failure, success } from "../core/envelope.ts";
import { describeError } from "../core/errors.ts";
import { commandNames, hasCommand, loadCommand, namespaces } from "../core/registry.ts";
import { execute } from "../core/runner.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { closest } from "../core/suggest.ts";
import { VERSION } from "../core/version.ts";
import { CommandSearch, describeCommand } from "./discovery.ts";
import { helpEntries } from "./help.ts";
import {
  commandTool,
  discoveryTools,
  parseToolSet,
  type ToolSet,
  type ToolSpec,
} from "./mcp_tools.ts";
import { openApiDocument, operationId } from "./openapi.ts";
import { PLAYBOOKS, TRUST_RULES } from "./playbooks.ts";
import type { CliIO } from "./cli.ts";
import { lazyImport } from "../core/lazy.ts";

export interface McpOptions {
  session?: Session;
  validateData?: boolean;
  /** What tools/list answers (default: the discovery tools and the core commands). */
  tools?: ToolSet;
}

/** The workflow an agent should follow, sent as the server's instructions. */
function instructions(set: ToolSet): string {
  const workflow = set.discovery
    ? `Research commands for public-company analysis: ${commandNames().length} commands over SEC filings and XBRL statements, documents, market data, news, earnings-call transcripts, KPIs, estimates, valuation calculators and backtests. ` +
      `Workflow: 1) finance_search with the request in words to find the command; 2) finance_describe for its arguments and example arguments; 3) finance_run with the command and its arguments (the listed finance_* command tools can be called directly). `
    : "Research commands for public-company analysis, one tool per command. ";
  return `${workflow}Every call returns {ok, data, error, warnings}: cite what comes back (provider, source, URL or accession, dates, character offsets). ${
    TRUST_RULES.join(" ")
  }`;
}

const toolLists = new Map<string, Promise<ToolSpec[]>>();

/** The tools/list answer of a tool set, built once per process. */
function listTools(set: ToolSet): Promise<ToolSpec[]> {
  const key = JSON.stringify(set);
  let list = toolLists.get(key);
  if (!list) {
    list = (async () => {
      const defs = await Promise.all(set.commands.map(loadCommand));
      return [...(set.discovery ? discoveryTools() : []), ...defs.map((d) => commandTool(d, set))];
    })();
    list.catch(() => toolLists.delete(key));
    toolLists.set(key, list);
  }
  return list;
}

let searchIndex: CommandSearch | null = null;

/** The search index over the help manifest (no command module is loaded to build it). */
function commandSearch(): CommandSearch {
  return searchIndex ??= new CommandSearch(helpEntries());
}

/** A command name from a dotted name or a tool name (`finance_filings_statement`). */
function commandFromName(name: string): string | null {
  if (hasCommand(name)) return name;
  return commandNames().find((c) => operationId(c) === name) ?? null;
}

function unknownCommand(name: string): string {
  const guess = closest(name, commandNames());
  return `unknown command \`${name}\`${
    guess ? `; did you mean \`${guess}\`?` : ""
  } (finance_search finds commands by what they do)`;
}

/** Builds an MCP server over the command registry. */
export function createMcpServer(opts: McpOptions = {}): Promise<Server> {
  const set = opts.tools ?? parseToolSet("core");
  const server = new Server(
    { name: "finance", version: VERSION },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: instructions(set),
    },
  );
  const calls = new ToolCalls(set, opts);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await listTools(set) }));

  server.setRequestHandler(CallToolRequestSchema, async (request: CallToolRequest) => {
    const envelope = await calls.call(request.params.name, request.params.arguments);
    return {
      content: [{ type: "text", text: JSON.stringify(envelope) }],
      structuredContent: envelope as unknown as Record<string, unknown>,
      isError: !envelope.ok,
    };
  });

  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: "finance://openapi.json",
        name: "openapi",
        title: "OpenAPI 3.1 document of every command",
        mimeType: "application/json",
      },
      ...PLAYBOOKS.map((p) => ({
        uri: `finance://playbooks/${p.name}`,
        name: p.name,
        title: p.use,
        mimeType: "text/markdown",
      })),
    ],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request: ReadResourceRequest) => {
    const uri = request.params.uri;
    if (uri === "finance://openapi.json") {
      return {
        contents: [{
          uri,
          mimeType: "application/json",
          text: JSON.stringify(await openApiDocument()),
        }],
      };
    }
    const p = PLAYBOOKS.find((x) => uri === `finance://playbooks/${x.name}`);
    if (!p) throw new Error(`no resource ${uri}`);
    return { contents: [{ uri, mimeType: "text/markdown", text: playbookText(p) }] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PLAYBOOKS.map((p) => ({
      name: p.name,
      description: p.use,
      arguments: p.arguments.map((a) => ({ name: a, required: a === "symbol" })),
    })),
  }));

  server.setRequestHandler(GetPromptRequestSchema, (request: GetPromptRequest) => {
    const p = PLAYBOOKS.find((x) => x.name === request.params.name);
    if (!p) throw new Error(`no prompt ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const filled = Object.entries(args).map(([k, v]) => `${k}: ${v}`).join(", ");
    return {
      description: p.use,
      messages: [{
        role: "user" as const,
        content: {
          type: "text" as const,
          text: `${playbookText(p)}\n\nInputs: ${filled || "(none given)"}`,
        },
      }],
    };
  });
  return Promise.resolve(server);
}

/** Answers tools/call: the discovery tools, and any command by its tool name. */
class ToolCalls {
  constructor(private set: ToolSet, private opts: McpOptions) {}

  call(name: string, args: Record<string, unknown> | undefined): Promise<Envelope> {
    if (this.set.discovery) {
      if (name === "finance_search") return Promise.resolve(this.search(args ?? {}));
      if (name === "finance_describe") return this.describe(args ?? {});
      if (name === "finance_run") return this.run(args ?? {});
    }
    const command = commandFromName(name);
    if (!command) return Promise.resolve(failure(`unknown tool ${name}`));
    return this.runCommand(command, args ?? {});
  }

  search(args: Record<string, unknown>): Envelope {
    const bad = unknownKeys(args, ["query", "namespace", "limit"], "finance_search");
    if (bad) return failure(bad);
    const query = String(args.query ?? "").trim();
    const namespace = String(args.namespace ?? "").trim().toLowerCase() || undefined;
    if (namespace && !namespaces().includes(namespace)) {
      const guess = closest(namespace, namespaces());
      return failure(
        `unknown namespace \`${namespace}\`${guess ? `; did you mean \`${guess}\`?` : ""} ` +
          `(namespaces: ${namespaces().join(", ")})`,
      );
    }
    const limit = Math.min(20, Math.max(1, Math.trunc(Number(args.limit ?? 5)) || 5));
    const index = commandSearch();
    const listed = (c: { command: string }) => ({
      ...c,
      listed: this.set.commands.includes(c.command),
    });
    if (!query) {
      if (namespace) {
        return success({ query, namespace, results: index.list(namespace).map(listed) });
      }
      const groups = namespaces().map((ns) => ({
        namespace: ns,
        commands: index.list(ns).map((c) => c.command),
      }));
      return success({ query, namespace: null, namespaces: groups });
    }
    const results = index.search(query, { namespace, limit }).map(listed);
    const warnings = results.length
      ? []
      : ["nothing matched; try other words, or an empty query to list the namespaces"];
    return success({ query, namespace: namespace ?? null, results }, warnings);
  }

  async describe(args: Record<string, unknown>): Promise<Envelope> {
    const bad = unknownKeys(args, ["command"], "finance_describe");
    if (bad) return failure(bad);
    const name = String(args.command ?? "").trim();
    if (!name) return failure("finance_describe: give `command`, e.g. filings.statement");
    const command = commandFromName(name);
    if (!command) return failure(unknownCommand(name));
    try {
      const def = await loadCommand(command);
      const listed = this.set.commands.includes(command);
      return success({
        ...describeCommand(def),
        listed,
        call: listed
          ? `call the tool ${operationId(command)}, or finance_run with command="${command}"`
          : `finance_run with command="${command}" and arguments={...}`,
      });
    } catch (err) {
      return failure(describeError(err));
    }
  }

  run(args: Record<string, unknown>): Promise<Envelope> {
    const { command, arguments: given, ...flat } = args;
    const name = String(command ?? "").trim();
    if (!name) {
      return Promise.resolve(failure("finance_run: give `command`, e.g. market.quote"));
    }
    const resolved = commandFromName(name);
    if (!resolved) return Promise.resolve(failure(unknownCommand(name)));
    let named: unknown = given ?? {};
    if (typeof named === "string") {
      try {
        named = named.trim() ? JSON.parse(named) : {};
      } catch {
        return Promise.resolve(
          failure(
            "finance_run: `arguments` must be an object of named arguments, or its JSON text",
          ),
        );
      }
    }
    if (Object.keys(flat).length) {
      if (!named || typeof named !== "object" || Array.isArray(named)) named = {};
      const clash = Object.keys(flat).find((k) => k in (named as object));
      if (clash) {
        return Promise.resolve(
          failure(`finance_run: \`${clash}\` is given both inside and beside \`arguments\``),
        );
      }
      named = { ...(named as Record<string, unknown>), ...flat };
    }
    return this.runCommand(resolved, named);
  }

  /** Runs a command exactly as the HTTP adapter does, after reading text forms of numbers. */
  async runCommand(name: string, raw: unknown): Promise<Envelope> {
    let args = raw;
    if (args && typeof args === "object" && !Array.isArray(args)) {
      try {
        const def = await loadCommand(name);
        const shape = def.args.shape as Record<string, import("zod").ZodType>;
        args = coerceTextArgs(
          argShape(def),
          args as Record<string, unknown>,
          (key) => cliKind(shape[key]),
        );
      } catch {
        // the runner reports an unknown command itself
      }
    }
    const outcome = await execute(name, args, {
      session: this.opts.session ?? getDefaultSession(),
      surface: "mcp",
      validateData: this.opts.validateData,
    });
    return outcome.envelope;
  }
}

function unknownKeys(args: Record<string, unknown>, known: string[], tool: string): string | null {
  const extra = Object.keys(args).find((k) => !known.includes(k));
  if (!extra) return null;
  const guess = closest(extra, known);
  return `unknown argument \`${extra}\` for ${tool}${guess ? `; did you mean \`${guess}\`?` : ""}`;
}

function playbookText(p: (typeof PLAYBOOKS)[number]): string {
  return [
    `# ${p.name}`,
    p.use,
    "",
    "Steps, in order:",
    ...p.steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    "Each step is a command in CLI form: run it with finance_run (command, and its key=value " +
    "words as named arguments) or with the command's own finance_<namespace>_<name> tool when " +
    "it is listed; finance_describe shows a command's arguments.",
    "",
    `If it fails: ${p.failure}`,
    "",
    "Rules:",
    ...TRUST_RULES.map((r) => `- ${r}`),
  ].join("\n");
}

/** `finance mcp [--http] [--port N] [--tools all|core|NAMESPACE,...] [--output-schemas]`. */
export async function mcpFromCli(argv: string[], io: CliIO): Promise<number> {
  const rest: string[] = [];
  let spec: string | undefined;
  let outputSchemas: boolean | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--tools") spec = argv[++i] ?? "";
    else if (argv[i].startsWith("--tools=")) spec = argv[i].slice(8);
    else if (argv[i] === "--output-schemas") outputSchemas = true;
    else rest.push(argv[i]);
  }
  const session = getDefaultSession();
  let tools: ToolSet;
  try {
    tools = parseToolSet(spec ?? session.config.env("FINANCE_MCP_TOOLS"), outputSchemas);
  } catch (err) {
    io.err(`finance mcp: ${describeError(err)}`);
    return 2;
  }
  if (rest.includes("--http")) {
    const { serveMcpHttp } = await lazyImport<typeof import("./mcp_http.ts")>(
      new URL("./mcp_http.ts", import.meta.url),
    );
    return await serveMcpHttp(rest.filter((a) => a !== "--http"), io, tools);
  }
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = await createMcpServer({ session, tools });
  const { stdin } = await import("node:process");
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // the client closing our stdin ends the session (the SDK transport only reports close())
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    stdin.once("end", () => resolve());
  });
  await server.close();
  return 0;
}
