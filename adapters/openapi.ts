/** The OpenAPI 3.1 document of the adapter, generated from the command definitions. */
import type { CommandDef } from "../core/command.ts";
import { loadAllCommands } from "../core/registry.ts";
import { CONTRACT_VERSION } from "../core/version.ts";
import { argsJsonSchema, dataJsonSchema, type JsonSchema } from "./jsonschema.ts";

/** `finance_<name with dots as underscores>`. */
export function operationId(name: string): string {
  return `finance_${name.replace(/\./g, "_")}`;
}

function envelopeSchema(data: JsonSchema): JsonSchema {
  return {
    type: "object",
    required: ["ok", "data", "error", "warnings"],
    additionalProperties: false,
    properties: {
      ok: { type: "boolean", description: "True when the command completed." },
      data: { anyOf: [data, { type: "null" }], description: "Null when ok is false." },
      error: { type: ["string", "null"], description: "What went wrong, when ok is false." },
      warnings: { type: "array", items: { type: "string" }, description: "Non-fatal issues." },
    },
  };
}

function operation(def: CommandDef): JsonSchema {
  return {
    post: {
      operationId: operationId(def.name),
      summary: def.summary,
      description: def.description ?? def.summary,
      tags: [def.name.split(".")[0]],
      requestBody: {
        required: true,
        content: { "application/json": { schema: argsJsonSchema(def) } },
      },
      responses: {
        "200": {
          description: "The result envelope; failure is signalled by ok, not by the status.",
          content: { "application/json": { schema: envelopeSchema(dataJsonSchema(def)) } },
        },
      },
      "x-finance-cli": {
        command: def.name,
        usage: def.usage,
        side_effects: def.side_effects,
        auth_required: def.auth_required,
        citation_fields: def.citation_fields,
      },
    },
  };
}

let cached: JsonSchema | null = null;

/** Builds (once) the OpenAPI 3.1.0 document. */
export async function openApiDocument(): Promise<JsonSchema> {
  if (cached) return cached;
  const defs = await loadAllCommands();
  const paths: Record<string, JsonSchema> = {};
  for (const def of [...defs].sort((a, b) => a.name.localeCompare(b.name))) {
    paths[`/commands/${def.name}`] = operation(def);
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Finance CLI command adapter contract",
      version: CONTRACT_VERSION,
      description:
        "Every finance command as POST /commands/<command>. The body is a JSON object of named arguments; the answer is always the envelope {ok, data, error, warnings} with HTTP 200.",
    },
    servers: [{ url: "local://finance-cli", description: "Adapter-defined address." }],
    paths,
  };
  return cached;
}
