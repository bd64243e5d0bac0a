/**
 * The OpenAPI 3.1 document of the HTTP adapter, generated from the command definitions.
 *
 * Every command's argument and result schemas live once under `components/schemas`
 * (`<command>.args`, `<command>.data`) and operations refer to them; object schemas that several
 * commands share (a filing reference, backtest metrics, a bar source) are stored once more and
 * referred to by `$ref`, named after the first place they occur. The responses listed are the
 * ones the adapter really sends (adapters/http.ts).
 */
import type { CommandDef } from "../core/command.ts";
import { loadAllCommands } from "../core/registry.ts";
import { VERSION } from "../core/version.ts";
import { argsJsonSchema, dataJsonSchema, type JsonSchema } from "./jsonschema.ts";

/** `finance_<name with dots as underscores>`. */
export function operationId(name: string): string {
  return `finance_${name.replace(/\./g, "_")}`;
}

/** The address `finance serve` listens on by default. */
export const DEFAULT_SERVER = "http://127.0.0.1:8765";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Schemas every operation shares: the failed envelope and the warnings list. */
const COMMON: Record<string, JsonSchema> = {
  Warnings: {
    type: "array",
    items: { type: "string" },
    description: "Non-fatal issues: stale cache, reinterpreted input, partial sources.",
  },
  Failure: {
    type: "object",
    description: "A failed call: `error` says what went wrong and what to do; `data` is null.",
    required: ["ok", "data", "error", "warnings"],
    additionalProperties: false,
    properties: {
      ok: { const: false },
      data: { type: "null" },
      error: { type: "string" },
      warnings: ref("Warnings"),
    },
  },
  Success: {
    type: "object",
    description: "A completed call; each operation names the schema of its `data`.",
    required: ["ok", "data", "error", "warnings"],
    properties: {
      ok: { const: true },
      data: {},
      error: { type: "null" },
      warnings: ref("Warnings"),
    },
  },
};

/**
 * Responses other than 200, as adapters/http.ts sends them: every one an ok:false envelope.
 * 422 is listed on its own (it concerns the operation's arguments); the other 4xx answers,
 * which never reach a command, share one entry.
 */
const ERRORS: Record<string, { status: string; description: string }> = {
  InvalidArguments: {
    status: "422",
    description:
      "The arguments were refused: an unknown or missing argument, a value of the wrong type, or a combination the command does not accept. The error names the argument and shows the usage line.",
  },
  RequestError: {
    status: "4XX",
    description:
      "The request never reached the command: 400 the body is not JSON or not a JSON object, or the path is not valid percent-encoding; 401 the server has a token (FINANCE_ADAPTER_TOKEN) and the request did not send it; 403 the request came from a web page whose origin is not in FINANCE_ALLOWED_ORIGINS; 404 no such command (the error names the closest one); 405 a method other than POST; 408 the body did not arrive within FINANCE_BODY_TIMEOUT_MS (default 10 s); 413 the body is over the limit (FINANCE_MAX_BODY_BYTES, default 1 MB); 415 the body is not declared application/json; 421 the Host header names a host this server does not answer to (FINANCE_ALLOWED_HOSTS).",
  },
  ServerError: {
    status: "5XX",
    description:
      "500: the adapter could not start (for example its replay folder is missing); 503: too many requests in progress at once (FINANCE_MAX_CONNECTIONS, default 256), retry after the Retry-After seconds.",
  },
};

function failureResponse(description: string): JsonSchema {
  return { description, content: { "application/json": { schema: ref("Failure") } } };
}

function operation(def: CommandDef): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    "200": {
      description: "The command ran: `ok: true` with `data`, or `ok: false` with `error`.",
      content: {
        "application/json": {
          schema: {
            oneOf: [
              {
                allOf: [ref("Success"), {
                  required: ["data"],
                  properties: { data: ref(`${def.name}.data`) },
                }],
              },
              ref("Failure"),
            ],
          },
        },
      },
    },
  };
  for (const [name, { status }] of Object.entries(ERRORS)) {
    responses[status] = { $ref: `#/components/responses/${name}` };
  }
  return {
    post: {
      operationId: operationId(def.name),
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      tags: [def.name.split(".")[0]],
      requestBody: {
        required: true,
        content: { "application/json": { schema: ref(`${def.name}.args`) } },
      },
      responses,
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

const SAFE_INT = 9007199254740991;

/**
 * A copy without what says nothing: the safe-integer bounds zod writes on every `z.int()`, and
 * in result schemas `additionalProperties: false` (a client must accept new result fields).
 */
function trim(schema: unknown, result: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((item) => trim(item, result));
  if (!schema || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "minimum" && value === -SAFE_INT) continue;
    if (key === "maximum" && value === SAFE_INT) continue;
    if (result && key === "additionalProperties" && value === false) continue;
    out[key] = key === "properties"
      ? Object.fromEntries(
        Object.entries(value as JsonSchema).map(([k, v]) => [k, trim(v, result)]),
      )
      : trim(value, result);
  }
  return out;
}

/** Schemas of at least this many characters (as JSON) are stored once when they repeat. */
const SHARE_MIN = 160;

function isObjectSchema(node: unknown): node is JsonSchema {
  return !!node && typeof node === "object" && !Array.isArray(node) &&
    (node as JsonSchema).type === "object";
}

/** Child schemas of a schema, with the name each adds to a path. */
function children(node: JsonSchema): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  const props = node.properties as Record<string, JsonSchema> | undefined;
  for (const [k, v] of Object.entries(props ?? {})) out.push([k, v]);
  if (node.items && typeof node.items === "object") out.push(["item", node.items as JsonSchema]);
  const extra = node.additionalProperties;
  if (extra && typeof extra === "object") out.push(["value", extra as JsonSchema]);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = node[key] as JsonSchema[] | undefined;
    list?.forEach((v, i) => out.push([`${key}${i}`, v]));
  }
  return out;
}

/**
 * Stores object schemas that occur more than once (anywhere in any command's schemas) under
 * `components/schemas`, named after their first occurrence, and replaces each occurrence with a
 * `$ref`. Deterministic: the same commands give the same names.
 */
function share(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const seen = new Map<string, { count: number; path: string }>();
  const count = (node: JsonSchema, path: string, top: boolean) => {
    if (!top && isObjectSchema(node)) {
      const key = JSON.stringify(node);
      if (key.length >= SHARE_MIN) {
        const hit = seen.get(key);
        if (hit) hit.count++;
        else seen.set(key, { count: 1, path });
      }
    }
    for (const [name, child] of children(node)) count(child, `${path}.${name}`, false);
  };
  for (const [name, schema] of Object.entries(schemas)) count(schema, name, true);

  const names = new Map<string, string>();
  const taken = new Set(Object.keys(schemas));
  for (const [key, { count, path }] of seen) {
    if (count < 2) continue;
    // `x.anyOf0` is mostly the object half of a nullable field: named after the field itself
    const short = path.replace(/\.(anyOf|oneOf|allOf)\d+/g, "");
    let name = taken.has(short) ? path : short;
    for (let i = 2; taken.has(name); i++) name = `${path}${i}`;
    taken.add(name);
    names.set(key, name);
  }

  const shared: Record<string, JsonSchema> = {};
  const replace = (node: JsonSchema, top: boolean): JsonSchema => {
    if (!top && isObjectSchema(node)) {
      const key = JSON.stringify(node);
      const name = names.get(key);
      if (name) {
        if (!(name in shared)) {
          shared[name] = {}; // reserve first: a schema never contains itself
          shared[name] = replace(node, true);
        }
        return ref(name);
      }
    }
    const out: JsonSchema = { ...node };
    if (node.properties) {
      out.properties = Object.fromEntries(
        Object.entries(node.properties as Record<string, JsonSchema>).map((
          [k, v],
        ) => [k, replace(v, false)]),
      );
    }
    if (node.items && typeof node.items === "object") {
      out.items = replace(node.items as JsonSchema, false);
    }
    if (node.additionalProperties && typeof node.additionalProperties === "object") {
      out.additionalProperties = replace(node.additionalProperties as JsonSchema, false);
    }
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      const list = node[key] as JsonSchema[] | undefined;
      if (list) out[key] = list.map((v) => replace(v, false));
    }
    return out;
  };
  const out: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(schemas)) out[name] = replace(schema, true);
  // a shape shared only because its one parent is shared goes back inside that parent
  const uses = new Map<string, number>();
  const countRefs = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(countRefs);
    if (!node || typeof node !== "object") return;
    const target = (node as JsonSchema).$ref;
    if (typeof target === "string") uses.set(target, (uses.get(target) ?? 0) + 1);
    Object.values(node).forEach(countRefs);
  };
  countRefs([out, shared]);
  const once = new Set(
    Object.keys(shared).filter((name) => uses.get(ref(name).$ref) === 1),
  );
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== "object") return node;
    const target = (node as JsonSchema).$ref;
    if (typeof target === "string") {
      const name = target.slice("#/components/schemas/".length);
      if (once.has(name)) return inline(shared[name]);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
  };
  const kept = Object.keys(shared).filter((name) => !once.has(name)).sort();
  return {
    ...inline(out) as Record<string, JsonSchema>,
    ...Object.fromEntries(kept.map((name) => [name, inline(shared[name]) as JsonSchema])),
  };
}

/** Options of {@link openApiDocument}. */
export interface OpenApiOptions {
  /** The address clients should call, e.g. the origin a request came to. */
  server?: string;
}

let cached: Promise<JsonSchema> | null = null;

async function build(): Promise<JsonSchema> {
  const defs = [...await loadAllCommands()].sort((a, b) => a.name.localeCompare(b.name));
  const paths: Record<string, JsonSchema> = {};
  const commandSchemas: Record<string, JsonSchema> = {};
  for (const def of defs) {
    paths[`/commands/${def.name}`] = operation(def);
    commandSchemas[`${def.name}.args`] = trim(argsJsonSchema(def), false) as JsonSchema;
    commandSchemas[`${def.name}.data`] = trim(dataJsonSchema(def), true) as JsonSchema;
  }
  const schemas: Record<string, JsonSchema> = { ...COMMON, ...share(commandSchemas) };
  const responses = Object.fromEntries(
    Object.entries(ERRORS).map(([name, { description }]) => [name, failureResponse(description)]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "finance command adapter",
      version: VERSION,
      license: { name: "MIT", identifier: "MIT" },
      description:
        "Every finance command as POST /commands/<command>. The body is a JSON object of named arguments; the answer is always the envelope {ok, data, error, warnings}. A command that ran answers HTTP 200, with ok:false when it failed; refused arguments answer 422 and requests that never reach a command answer 400, 401, 404, 413 or 415, each with an ok:false envelope.",
    },
    servers: [{ url: DEFAULT_SERVER, description: "finance serve's default address" }],
    security: [{}, { bearer: [] }],
    tags: [...new Set(defs.map((d) => d.name.split(".")[0]))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "Required when the server was started with FINANCE_ADAPTER_TOKEN (always when it binds an address other than loopback): send Authorization: Bearer <token>.",
        },
      },
    },
  };
}

/** Builds (once) the OpenAPI 3.1.0 document; `server` sets the address in `servers`. */
export async function openApiDocument(options: OpenApiOptions = {}): Promise<JsonSchema> {
  cached ??= build().catch((err) => {
    cached = null;
    throw err;
  });
  const doc = await cached;
  if (!options.server) return doc;
  return {
    ...doc,
    servers: [{ url: options.server, description: "The address this document was served from" }],
  };
}
