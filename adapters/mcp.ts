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
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
  CallToolRequest,
  GetPromptRequest,
  JSONRPCMessage,
  MessageExtraInfo,
  ReadResourceRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { describeError } from "../core/errors.ts";
import { argumentWordFor, closest } from "../core/suggest.ts";
import { clip } from "../core/args.ts";
import { type Envelope, failure } from "../core/envelope.ts";
import { commandNames, loadCommand } from "../commands/registry.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { VERSION } from "../core/version.ts";
import { ToolCalls } from "./mcp_calls.ts";
import {
  commandTool,
  discoveryTools,
  parseToolSet,
  type ToolSet,
  type ToolSpec,
} from "./mcp_tools.ts";
import { openApiDocument } from "./openapi.ts";
import { fillSteps, inputDescription, type Playbook, PLAYBOOKS, TRUST_RULES } from "./playbooks.ts";
import type { CliIO } from "../core/io.ts";
import { lazyImport } from "../core/lazy.ts";
import { adapterSecrets, internalFailure, requestTimeout } from "./served.ts";
import { type PlotFiles, plotFilesFromEnv } from "./plot_files.ts";
import { answersOwed, StdioLines } from "./mcp_stdio_lines.ts";

export interface McpOptions {
  session?: Session;
  validateData?: boolean;
  /** Time limit of one command call in ms (none by default). */
  timeoutMs?: number;
  /** What tools/list answers (default: the discovery tools and the core commands). */
  tools?: ToolSet;
  /** The cap on chart files calls may write (default: the process's). */
  plotFiles?: PlotFiles;
}

/** The workflow an agent should follow, sent as the server's instructions. */
function instructions(set: ToolSet): string {
  const workflow = set.discovery
    ? `Research commands for public-company analysis: ${commandNames().length} commands over SEC filings and XBRL statements, documents, market data, news, earnings-call transcripts, KPIs, estimates, valuation calculators and backtests. ` +
      `Workflow: 1) finance_search with the request in words to find the command; 2) finance_describe for its arguments and example arguments; 3) finance_run with the command and its arguments (the listed finance_* command tools can be called directly). `
    : "Research commands for public-company analysis, one tool per command. ";
  // the first trust rule says what to cite
  return `${workflow}Every call returns {ok, data, error, warnings}. ${TRUST_RULES.join(" ")}`;
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

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request: CallToolRequest, extra: { signal: AbortSignal }) => {
      let envelope: Envelope;
      try {
        envelope = await calls.call(request.params.name, request.params.arguments, extra.signal);
      } catch (err) {
        // an exception is an envelope too: its text (the engine's words) stays in the log
        envelope = internalFailure(err, adapterSecrets(opts.session, undefined));
      }
      return toolResult(envelope);
    },
  );

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
          text: await openApiText(),
        }],
      };
    }
    const p = PLAYBOOKS.find((x) => uri === `finance://playbooks/${x.name}`);
    if (!p) {
      const uris = [
        "finance://openapi.json",
        ...PLAYBOOKS.map((x) => `finance://playbooks/${x.name}`),
      ];
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `Resource not found: ${clip(uri)}${suggestion(uri, uris)}`,
        { uri: clip(uri) },
      );
    }
    return { contents: [{ uri, mimeType: "text/markdown", text: playbookText(p) }] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PLAYBOOKS.map((p) => ({
      name: p.name,
      description: p.use,
      // optional all: without them the steps keep their placeholders
      arguments: p.arguments.map((a) => ({
        name: a,
        description: inputDescription(p, a),
        required: false,
      })),
    })),
  }));

  server.setRequestHandler(GetPromptRequestSchema, (request: GetPromptRequest) => {
    const p = PLAYBOOKS.find((x) => x.name === request.params.name);
    if (!p) {
      const name = request.params.name;
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown prompt \`${clip(name)}\`${
          suggestion(name, PLAYBOOKS.map((x) => x.name))
        } (prompts/list names the ${PLAYBOOKS.length})`,
      );
    }
    const args = request.params.arguments ?? {};
    refuseUnknownPromptArguments(p, Object.keys(args));
    const filled = Object.entries(args).map(([k, v]) => `${k}: ${v}`).join(", ");
    const inputs = filled ? `Inputs (filled into the steps): ${filled}` : "Inputs: (none given)";
    return {
      description: p.use,
      messages: [{
        role: "user" as const,
        content: {
          type: "text" as const,
          text: `${playbookText(p, fillSteps(p, args))}\n\n${inputs}`,
        },
      }],
    };
  });
  return Promise.resolve(server);
}

let openApiJson: Promise<string> | null = null;

/**
 * The OpenAPI resource's text, written once per process: it is 350 KB, and writing it took 9 ms
 * a read, so a batch of 100 reads held every caller for seconds.
 */
function openApiText(): Promise<string> {
  if (!openApiJson) {
    openApiJson = openApiDocument().then((doc) => JSON.stringify(doc));
    openApiJson.catch(() => openApiJson = null);
  }
  return openApiJson;
}

/** A tools/call result: the envelope as text and as structured content. */
function toolResult(envelope: Envelope) {
  return {
    content: [{ type: "text" as const, text: JSON.stringify(envelope) }],
    structuredContent: envelope as unknown as Record<string, unknown>,
    isError: !envelope.ok,
  };
}

const PROTO_ARGUMENT =
  "unknown argument `__proto__` in the tool's arguments: JavaScript objects reserve the name, and it would be dropped without a word; rename it";

/**
 * Answers, on a connected transport, a tools/call whose `arguments` has a top-level `__proto__`
 * key with the refusal every other door gives: the SDK's schema drops that key while copying
 * the arguments, so the call would run without it and without a word.
 */
export function refuseProtoArguments(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    const m = message as { id?: unknown; method?: unknown; params?: { arguments?: unknown } };
    const args = m.params?.arguments;
    if (
      m.method === "tools/call" && (typeof m.id === "string" || typeof m.id === "number") &&
      args !== null && typeof args === "object" && Object.hasOwn(args, "__proto__")
    ) {
      transport.send({
        jsonrpc: "2.0",
        id: m.id,
        result: toolResult(failure(PROTO_ARGUMENT)),
      }).catch(() => {});
      return;
    }
    deliver(message, extra);
  };
}

/** MCP's code for a resource that does not exist (the specification's, not JSON-RPC's). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * Refuses, as JSON-RPC's invalid params, an argument the prompt does not take: it would fill
 * nothing, and the caller would not learn that (`ticker` for `symbol`, `start` for
 * `start_date`).
 */
function refuseUnknownPromptArguments(p: Playbook, given: string[]): void {
  const unknown = given.find((name) => !p.arguments.includes(name));
  if (unknown === undefined) return;
  const guess = argumentWordFor(unknown, p.arguments) ?? closest(unknown, p.arguments);
  throw new McpError(
    ErrorCode.InvalidParams,
    `unknown argument \`${clip(unknown)}\` for prompt \`${p.name}\`${
      guess ? `; did you mean \`${guess}\`?` : ""
    } (it takes ${p.arguments.join(", ")})`,
  );
}

function suggestion(name: string, names: string[]): string {
  const guess = closest(name, names);
  return guess ? `; did you mean \`${guess}\`?` : "";
}

function playbookText(p: Playbook, steps: string[] = p.steps): string {
  return [
    `# ${p.name}`,
    p.use,
    "",
    "Steps, in order:",
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    "Each step is a command line: fill in the placeholders and pass the line as finance_run's " +
    "command (or call the command's finance_<namespace>_<name> tool when it is listed); " +
    "finance_describe shows a command's arguments.",
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
  // the same rule as the HTTP servers': a bad value is said, never replaced by the default
  const timeoutMs = requestTimeout(session.config.env);
  if (typeof timeoutMs === "string") {
    io.err(`finance mcp: ${timeoutMs}`);
    return 2;
  }
  const plotFiles = plotFilesFromEnv(session.config.env);
  if (typeof plotFiles === "string") {
    io.err(`finance mcp: ${plotFiles}`);
    return 2;
  }
  // the HTTP doors' limits on one message and on requests at once, read the same way
  const env = session.config.env;
  const maxBytes = positive(env, "FINANCE_MAX_BODY_BYTES", 1_000_000);
  const maxInFlight = positive(env, "FINANCE_MAX_CONNECTIONS", 256);
  for (const v of [maxBytes, maxInFlight]) {
    if (typeof v === "string") {
      io.err(`finance mcp: ${v}`);
      return 2;
    }
  }
  const server = await createMcpServer({ session, tools, timeoutMs, plotFiles });
  const { stdin, stdout } = await import("node:process");
  const { PassThrough } = await import("node:stream");
  // the SDK reads each line itself, leniently and without a size limit: the lines pass through
  // this stream first, and one that is too long, not UTF-8, names a key twice or holds a lone
  // surrogate is answered here and never reaches the SDK (see mcp_stdio_lines.ts)
  const lines = new PassThrough();
  const transport = new StdioServerTransport(lines, stdout);
  await server.connect(transport);
  refuseProtoArguments(transport);
  // lines refused here never reach the server: their answers are not counted as owed
  const sendUncounted = transport.send.bind(transport);
  const settled = answersOwed(transport, maxInFlight as number);
  const reader = new StdioLines(
    maxBytes as number,
    (line) => lines.write(line),
    (refusal) => sendUncounted(refusal).catch(() => {}),
  );
  stdin.on("data", (chunk: Uint8Array) => reader.push(chunk));
  // the client closing our stdin ends the session (the SDK transport only reports close())
  const ended = await new Promise<"closed" | "stdin ended">((resolve) => {
    transport.onclose = () => resolve("closed");
    stdin.once("end", () => {
      reader.end();
      lines.end();
      resolve("stdin ended");
    });
  });
  // a client done writing still reads: the calls running are answered first (each ends by its
  // time limit at the latest); a closed transport has nobody to answer, and they stop now
  if (ended === "stdin ended") await settled();
  await server.close();
  return 0;
}

/** A setting that must be a positive whole number, its default, or what is wrong with it. */
function positive(
  env: (name: string) => string | undefined,
  name: string,
  fallback: number,
): number | string {
  const raw = env(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : `${name} must be a positive whole number, not ${raw}`;
}
