/** `finance mcp --http`: MCP over Streamable HTTP on 127.0.0.1, beside the command adapter. */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createMcpServer } from "./mcp.ts";
import { createHandler } from "./http.ts";
import { getDefaultSession } from "../core/session.ts";
import type { CliIO } from "./cli.ts";
import type { ToolSet } from "./mcp_tools.ts";

/** Serves `/mcp` (stateless Streamable HTTP) and the command adapter on one port. */
export async function serveMcpHttp(argv: string[], io: CliIO, tools?: ToolSet): Promise<number> {
  const session = getDefaultSession();
  let port = Number(session.config.env("FINANCE_MCP_PORT") ?? 8766);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port") port = Number(argv[++i]);
  }
  const adapter = createHandler({ session });
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port,
    onListen: ({ port }) => io.err(`finance MCP (Streamable HTTP) on http://127.0.0.1:${port}/mcp`),
  }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname !== "/mcp") return adapter(req);
    const mcp = await createMcpServer({ session, tools });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await mcp.connect(transport);
    return await transport.handleRequest(req);
  });
  await server.finished;
  return 0;
}
