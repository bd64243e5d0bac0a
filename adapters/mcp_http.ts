/** `finance mcp --http`: MCP over Streamable HTTP on 127.0.0.1, beside the command adapter. */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMcpServer } from "./mcp.ts";
import { createHandler, listen, parsePort, requestTimeout } from "./http.ts";
import { type ClientInfo, guardOptionsFromEnv, reply, RequestGuard } from "./guard.ts";
import { failure } from "../core/envelope.ts";
import { getDefaultSession } from "../core/session.ts";
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
  const guard = new RequestGuard(opts);
  const adapter = createHandler({ ...opts, session, timeoutMs });
  const open = async () => {
    const server = await createMcpServer({ session, timeoutMs, tools });
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
  return await listen(
    "127.0.0.1",
    port,
    "finance mcp --http",
    "FINANCE_MCP_PORT",
    io,
    (req, info) => {
      const path = req.url.slice(req.url.indexOf("/", req.url.indexOf("//") + 2));
      return path === "/mcp" || path.startsWith("/mcp?") ? mcp(req, info) : adapter(req, info);
    },
    (addr) => io.err(`finance MCP (Streamable HTTP) on http://${addr}/mcp`),
    limits,
  );
}
