/** `finance mcp --http`: MCP over Streamable HTTP on 127.0.0.1, beside the command adapter. */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMcpServer } from "./mcp.ts";
import {
  type AdapterHandler,
  adapterSecrets,
  createHandler,
  internalFailure,
  listen,
  parsePort,
  requestTimeout,
} from "./http.ts";
import {
  type ClientInfo,
  type GuardOptions,
  guardOptionsFromEnv,
  processPlotFiles,
  reply,
  RequestGuard,
} from "./guard.ts";
import { withCors } from "./cors.ts";
import { failure } from "../core/envelope.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { connectionLimitsFromEnv } from "./connections.ts";
import type { CliIO } from "./cli.ts";
import type { ToolSet } from "./mcp_tools.ts";

/**
 * Serves `/mcp` (stateless Streamable HTTP) and the command adapter on one port, both behind the
 * same checks as `finance serve`: Host, Origin, token, content type, body size and time, request
 * cap, and the per-call time limit.
 */
export async function serveMcpHttp(
  argv: string[],
  io: CliIO,
  tools?: ToolSet,
): Promise<number> {
  const session = getDefaultSession();
  const env = session.config.env;
  let portText = env("FINANCE_MCP_PORT") ?? "8766";
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port") portText = argv[++i] ?? "";
    else if (argv[i].startsWith("--port=")) portText = argv[i].slice(7);
    else {
      io.err(`unknown option ${argv[i]}; finance mcp --http [--port N]`);
      return 2;
    }
  }
  const port = parsePort(portText, "FINANCE_MCP_PORT");
  if (typeof port === "string") {
    io.err(port);
    return 2;
  }
  const opts = guardOptionsFromEnv(env);
  if (typeof opts === "string") {
    io.err(opts);
    return 2;
  }
  // a bad value must not leave calls without a time limit
  const timeoutMs = requestTimeout(env);
  if (typeof timeoutMs === "string") {
    io.err(timeoutMs);
    return 2;
  }
  const limits = connectionLimitsFromEnv(env);
  if (typeof limits === "string") {
    io.err(limits);
    return 2;
  }
  const handler = createMcpHttpHandler({ ...opts, session, timeoutMs, tools });
  return await listen(
    "127.0.0.1",
    port,
    "finance mcp --http",
    "FINANCE_MCP_PORT",
    io,
    handler,
    (addr) => io.err(`finance MCP (Streamable HTTP) on http://${addr}/mcp`),
    limits,
  );
}

/** What the MCP HTTP server is built from: the guard's settings, the session and the tools. */
export interface McpHttpOptions extends GuardOptions {
  session?: Session;
  /** Time limit of one command or tool call in ms (default 120 s). */
  timeoutMs?: number;
  tools?: ToolSet;
}

/**
 * The MCP HTTP server's request handler: `/mcp` and the command adapter's routes, both behind
 * the same Host, Origin and token checks. Origins in `allowedOrigins` get CORS headers and
 * preflight answers on `/mcp` as on `/commands`; any other page's request is refused (403).
 */
export function createMcpHttpHandler(opts: McpHttpOptions = {}): AdapterHandler {
  const session = opts.session ?? getDefaultSession();
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const tools = opts.tools;
  // the two doors share one cap on chart files, as they share the count of wrong tokens
  const plotFiles = opts.plotFiles ?? processPlotFiles;
  // one guard for both doors: one set of request slots (FINANCE_MAX_CONNECTIONS) for the server
  const guard = new RequestGuard(opts);
  const adapter = createHandler({ ...opts, session, timeoutMs, plotFiles, guard });
  const open = async () => {
    const server = await createMcpServer({ session, timeoutMs, tools, plotFiles });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport;
  };
  const mcp = async (req: Request, info?: ClientInfo): Promise<Response> => {
    const refused = guard.admit(req, undefined, info);
    if (refused) return refused;
    let parsedBody: unknown;
    if (req.method === "POST") {
      const busy = guard.contentType(req) ?? guard.enter();
      if (busy) return busy;
      let slots = 1;
      try {
        const text = await guard.body(req);
        if (typeof text !== "string") return text;
        try {
          parsedBody = JSON.parse(text);
        } catch {
          return reply(failure("request body is not valid JSON (an MCP JSON-RPC message)"), 400);
        }
        // a JSON-RPC batch runs its calls at once: each takes a request slot, as a request would
        if (Array.isArray(parsedBody) && parsedBody.length > 1) {
          guard.release();
          slots = 0;
          const refused = guard.enter(parsedBody.length);
          if (refused) return refused;
          slots = parsedBody.length;
        }
        return await (await open()).handleRequest(req, { parsedBody });
      } finally {
        guard.release(slots);
      }
    }
    if (req.method === "GET") {
      // stateless: no server-sent event stream to open, so none is held open for ever (the MCP
      // transport's answer when a server offers no stream)
      return reply(
        failure("GET /mcp opens no event stream here (stateless MCP); POST JSON-RPC messages"),
        405,
        { allow: "POST" },
      );
    }
    return await (await open()).handleRequest(req);
  };
  // an exception escaping the MCP transport is an envelope, its text in the log without keys
  const guarded = async (req: Request, info?: ClientInfo): Promise<Response> => {
    try {
      return await mcp(req, info);
    } catch (err) {
      return reply(internalFailure(err, adapterSecrets(session, opts.token)), 500);
    }
  };
  const mcpRoute = withCors(opts.allowedOrigins ?? [], guarded);
  return (req, info) => {
    const path = req.url.slice(req.url.indexOf("/", req.url.indexOf("//") + 2));
    return path === "/mcp" || path.startsWith("/mcp?") ? mcpRoute(req, info) : adapter(req, info);
  };
}
