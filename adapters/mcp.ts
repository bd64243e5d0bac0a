/**
 * MCP server: one tool per command (named by the adapter's operationId, e.g.
 * `finance_filings_statement`, because some clients refuse dots in tool names), the envelope as
 * structured content, the OpenAPI document and playbooks as resources, the playbooks as prompts.
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
import type { CommandDef } from "../core/command.ts";
import { loadAllCommands } from "../core/registry.ts";
import { execute } from "../core/runner.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { VERSION } from "../core/version.ts";
import { argsJsonSchema, dataJsonSchema } from "./jsonschema.ts";
import { openApiDocument, operationId } from "./openapi.ts";
import { PLAYBOOKS, TRUST_RULES } from "./playbooks.ts";
import type { CliIO } from "./cli.ts";
import { lazyImport } from "../core/lazy.ts";

export interface McpOptions {
  session?: Session;
  validateData?: boolean;
}

function toolDescription(def: CommandDef): string {
  const parts = [def.summary + ".", def.description ?? ""];
  parts.push(`CLI form: ${def.usage}.`);
  if (def.side_effects === "pure_calculation") {
    parts.push("Deterministic calculator: pass only explicit or previously cited inputs.");
  } else {
    parts.push(
      "Results are source-specific records: cite provider, source, URL or accession and dates; when ok is false, report the error and do not fill in numbers.",
    );
  }
  return parts.filter(Boolean).join(" ");
}

/** Builds an MCP server over the command registry. */
export async function createMcpServer(opts: McpOptions = {}): Promise<Server> {
  const defs = await loadAllCommands();
  const byTool = new Map(defs.map((d) => [operationId(d.name), d]));
  const server = new Server(
    { name: "finance", version: VERSION },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        `Research commands for public-company analysis. Every tool returns {ok, data, error, warnings}. ${
          TRUST_RULES.join(" ")
        }`,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: defs.map((def) => ({
      name: operationId(def.name),
      title: def.name,
      description: toolDescription(def),
      inputSchema: { ...argsJsonSchema(def), type: "object" as const },
      outputSchema: {
        type: "object" as const,
        properties: {
          ok: { type: "boolean" },
          data: { anyOf: [dataJsonSchema(def), { type: "null" }] },
          error: { type: ["string", "null"] },
          warnings: { type: "array", items: { type: "string" } },
        },
        required: ["ok", "data", "error", "warnings"],
      },
      annotations: {
        title: def.summary,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: def.side_effects === "pure_calculation",
        openWorldHint: def.side_effects !== "pure_calculation",
      },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request: CallToolRequest) => {
    const def = byTool.get(request.params.name) ??
      defs.find((d) => d.name === request.params.name);
    if (!def) {
      const envelope = {
        ok: false,
        data: null,
        error: `unknown tool ${request.params.name}`,
        warnings: [],
      };
      return {
        content: [{ type: "text", text: JSON.stringify(envelope) }],
        structuredContent: envelope,
        isError: true,
      };
    }
    const outcome = await execute(def.name, request.params.arguments ?? {}, {
      session: opts.session ?? getDefaultSession(),
      surface: "mcp",
      validateData: opts.validateData,
    });
    const envelope = outcome.envelope as unknown as Record<string, unknown>;
    return {
      content: [{ type: "text", text: JSON.stringify(envelope) }],
      structuredContent: envelope,
      isError: !outcome.envelope.ok,
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
  return server;
}

function playbookText(p: (typeof PLAYBOOKS)[number]): string {
  return [
    `# ${p.name}`,
    p.use,
    "",
    "Steps, in order:",
    ...p.steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    `If it fails: ${p.failure}`,
    "",
    "Rules:",
    ...TRUST_RULES.map((r) => `- ${r}`),
  ].join("\n");
}

/** `finance mcp [--http] [--port N]`. */
export async function mcpFromCli(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes("--http")) {
    const { serveMcpHttp } = await lazyImport<typeof import("./mcp_http.ts")>(
      new URL("./mcp_http.ts", import.meta.url),
    );
    return await serveMcpHttp(argv.filter((a) => a !== "--http"), io);
  }
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const server = await createMcpServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  return 0;
}
