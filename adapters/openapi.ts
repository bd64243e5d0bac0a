/**
 * The OpenAPI 3.1 document of the HTTP adapter, generated from the command definitions.
 *
 * Every command's argument and result schemas live once under `components/schemas`
 * (`<command>.args`, `<command>.data`) and operations refer to them; shapes that repeat (a
 * filing reference, backtest metrics, an argument several commands declare alike) are stored once
 * more and referred to by `$ref`, named after the field they first occur as. The responses listed
 * are the ones the adapter really sends (adapters/http.ts). Each request body carries the
 * command's CLI examples as named Example Objects (adapters/openapi_examples.ts). Served
 * gzip-compressed to clients that accept it.
 */
import type { CommandDef } from "../core/command.ts";
import { loadAllCommands } from "../commands/registry.ts";
import { VERSION } from "../core/version.ts";
import { longAnswer } from "./connections.ts";
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
      "The request never reached the command: 400 the body is not JSON or not a JSON object, or the path is not valid percent-encoding; 401 the server has a token (FINANCE_ADAPTER_TOKEN) and the request did not send it; 403 the request came from a web page whose origin is not in FINANCE_ALLOWED_ORIGINS; 404 no such command (the error names the closest one); 405 a method other than POST; 408 the body did not arrive within FINANCE_BODY_TIMEOUT_MS (default 10 s); 413 the body is over the limit (FINANCE_MAX_BODY_BYTES, default 1 MB); 415 the body is not declared application/json; 421 the Host header names a host this server does not answer to (FINANCE_ALLOWED_HOSTS); 422 also a plot_path past the server's chart-file caps (FINANCE_MAX_PLOT_FILES, FINANCE_MAX_PLOT_BYTES); 429 with Retry-After: too many wrong tokens from one address (FINANCE_MAX_TOKEN_FAILURES) or too many requests in progress from one client (FINANCE_MAX_REQUESTS_PER_CLIENT, default 64); 400 also a request sent on a connection after its 413.",
  },
  ServerError: {
    status: "5XX",
    description:
      "500: the adapter could not start (for example its replay folder is missing); 503: too many requests in progress at once (FINANCE_MAX_CONNECTIONS, default 256), retry after the Retry-After seconds; also, before any request is read, too many open connections (FINANCE_MAX_OPEN_CONNECTIONS, default 1024) or too many from one address (FINANCE_MAX_CONNECTIONS_PER_CLIENT, default 256).",
  },
};

function failureResponse(description: string): JsonSchema {
  return { description, content: { "application/json": { schema: ref("Failure") } } };
}

function operation(def: CommandDef, examples?: Record<string, unknown>): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    "200": {
      description: "The command ran (`ok: false` when it failed).",
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
        content: {
          "application/json": {
            schema: ref(`${def.name}.args`),
            ...(examples ? { examples } : {}),
          },
        },
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

/** A schema that says only its type (`{"type": "integer"}`, `{"type": "null"}`). */
const typeOnly = (s: JsonSchema) =>
  Object.keys(s).length === 1 && (typeof s.type === "string" || Array.isArray(s.type));

/**
 * A copy without what says nothing: the safe-integer bounds zod writes on every `z.int()`,
 * `propertyNames: {type: string}` (JSON keys are strings), an `anyOf` of bare types written as
 * one `type` list (`["integer", "null"]`), and in result schemas `additionalProperties: false`
 * (a client must accept new result fields). What a value may be stays exactly the same.
 */
export function trimSchema(schema: JsonSchema, result: boolean): JsonSchema {
  const out = mapChildren(schema, (child) => trimSchema(child, result));
  if (out.minimum === -SAFE_INT) delete out.minimum;
  if (out.maximum === SAFE_INT) delete out.maximum;
  const names = out.propertyNames as JsonSchema | undefined;
  if (names && Object.keys(names).length === 1 && names.type === "string") {
    delete out.propertyNames;
  }
  if (result && out.additionalProperties === false) delete out.additionalProperties;
  const alts = out.anyOf as JsonSchema[] | undefined;
  if (alts && out.type === undefined && alts.every(typeOnly)) {
    const types = [...new Set(alts.flatMap((a) => a.type as string | string[]))];
    delete out.anyOf;
    return { type: types.length === 1 ? types[0] : types, ...out };
  }
  return out;
}

/** Keywords whose value is a schema, and those whose value is a list or a map of schemas. */
const ONE = ["items", "additionalProperties", "not", "propertyNames", "contains"];
const LIST = ["anyOf", "oneOf", "allOf", "prefixItems"];
const MAP = ["properties", "patternProperties", "$defs"];

/** The schemas directly inside a schema, each with the path segment it adds. */
function children(node: JsonSchema): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  for (const key of MAP) {
    const map = node[key] as Record<string, JsonSchema> | undefined;
    for (const [k, v] of Object.entries(map ?? {})) out.push([key === "properties" ? k : key, v]);
  }
  for (const key of ONE) {
    const v = node[key];
    if (v && typeof v === "object") out.push([key === "items" ? "item" : key, v as JsonSchema]);
  }
  for (const key of LIST) {
    (node[key] as JsonSchema[] | undefined)?.forEach((v) => out.push([key, v]));
  }
  return out;
}

/** A copy of a schema with each schema directly inside it passed through `fn`. */
function mapChildren(node: JsonSchema, fn: (child: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  for (const key of MAP) {
    const map = node[key] as Record<string, JsonSchema> | undefined;
    if (map) out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, fn(v)]));
  }
  for (const key of ONE) {
    const v = node[key];
    if (v && typeof v === "object") out[key] = fn(v as JsonSchema);
  }
  for (const key of LIST) {
    const list = node[key] as JsonSchema[] | undefined;
    if (list) out[key] = list.map(fn);
  }
  return out;
}

/** Characters a `{"$ref":"#/components/schemas/<name>"}` takes besides the name. */
const REF_COST = JSON.stringify(ref("")).length;

/** Path segments that name no field. */
const GENERIC = new Set(["item", "data", ...ONE, ...MAP]);

/**
 * The name of a shared schema, from the path of its first occurrence (command, `args` or
 * `data`, then the fields down to it): the shortest tail of the field path (`engine`,
 * `config.engine`) no other schema has taken, else the whole path; a tail that names no field
 * (`item`) is passed over.
 */
function shareName(path: string[], taken: Set<string>): string {
  const [command, kind, ...rest] = path;
  const fields = rest.filter((s) => !LIST.includes(s));
  for (let k = 1; k <= fields.length; k++) {
    const name = fields.slice(-k).join(".");
    if (GENERIC.has(fields[fields.length - k]) && k === 1) continue;
    if (!taken.has(name)) return name;
  }
  const full = [command, fields.length ? kind : kind === "data" ? "result" : "input", ...fields]
    .join(".");
  let name = full;
  for (let i = 2; taken.has(name); i++) name = `${full}${i}`;
  return name;
}

/** A shared schema must save at least this many characters to be given a name. */
const SHARE_GAIN = 100;

/**
 * Stores schemas that occur more than once (anywhere in any command's schemas) under
 * `components/schemas` and replaces each occurrence with a `$ref`, when that saves at least
 * {@link SHARE_GAIN} characters: the shapes saving most go first, then what still repeats
 * inside and around them, until nothing repeated is worth a name. Deterministic: the same
 * commands give the same names.
 */
function share(
  schemas: Record<string, JsonSchema>,
  reserved: string[],
): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = { ...schemas };
  const taken = new Set([...reserved, ...Object.keys(schemas)]);
  const shared: string[] = [];
  for (;;) {
    const seen = new Map<string, { count: number; path: string[] }>();
    const count = (node: JsonSchema, path: string[], top: boolean) => {
      if (!top && typeof node.$ref !== "string") {
        const key = JSON.stringify(node);
        const hit = seen.get(key);
        if (hit) hit.count++;
        else seen.set(key, { count: 1, path });
      }
      for (const [segment, child] of children(node)) count(child, [...path, segment], false);
    };
    for (const [name, schema] of Object.entries(out)) {
      const at = name.lastIndexOf(".");
      count(schema, [name.slice(0, at), name.slice(at + 1)], true);
    }
    // characters saved by storing a shape once under `name` and referring to it `uses` times
    const gain = (key: string, uses: number, name: string) =>
      (uses - 1) * key.length - uses * (REF_COST + name.length) - name.length - 4;
    const candidates = [...seen]
      .filter(([key, { count }]) => count > 1 && gain(key, count, "") > SHARE_GAIN)
      .sort((a, b) =>
        gain(b[0], b[1].count, "") - gain(a[0], a[1].count, "") || (a[0] < b[0] ? -1 : 1)
      );
    // shapes chosen in one round never contain one another, so replacing one leaves the
    // others' counts as they were
    const chosen = new Map<string, string>();
    for (const [key, { count, path }] of candidates) {
      if ([...chosen.keys()].some((k) => k.includes(key) || key.includes(k))) continue;
      const name = shareName(path, taken);
      if (gain(key, count, name) <= SHARE_GAIN) continue;
      taken.add(name);
      chosen.set(key, name);
    }
    if (!chosen.size) break;
    const replace = (node: JsonSchema, top: boolean): JsonSchema => {
      const name = top ? undefined : chosen.get(JSON.stringify(node));
      return name ? ref(name) : mapChildren(node, (child) => replace(child, false));
    };
    for (const [name, schema] of Object.entries(out)) out[name] = replace(schema, true);
    for (const [key, name] of chosen) {
      out[name] = replace(JSON.parse(key), true);
      shared.push(name);
    }
  }
  // the commands' own schemas first, then the shared ones by name
  const own = Object.keys(schemas).map((name) => [name, out[name]]);
  const rest = shared.sort().map((name) => [name, out[name]]);
  return Object.fromEntries([...own, ...rest]);
}

/** Options of {@link openApiDocument}. */
export interface OpenApiOptions {
  /** The address clients should call, e.g. the origin a request came to. */
  server?: string;
}

let cached: Promise<JsonSchema> | null = null;

async function build(): Promise<JsonSchema> {
  const defs = [...await loadAllCommands()].sort((a, b) => a.name.localeCompare(b.name));
  // the CLI examples as request bodies, read as finance_describe reads them (loaded here: the
  // reader's module imports this one)
  const { requestExamples } = await import("./openapi_examples.ts");
  const paths: Record<string, JsonSchema> = {};
  const commandSchemas: Record<string, JsonSchema> = {};
  for (const def of defs) {
    paths[`/commands/${def.name}`] = operation(def, requestExamples(def));
    commandSchemas[`${def.name}.args`] = trimSchema(argsJsonSchema(def), false);
    commandSchemas[`${def.name}.data`] = trimSchema(dataJsonSchema(def), true);
  }
  const schemas: Record<string, JsonSchema> = {
    ...COMMON,
    ...share(commandSchemas, Object.keys(COMMON)),
  };
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

/** Whether an Accept-Encoding header value accepts gzip (`gzip` or `*`, not at q=0). */
export function acceptsGzip(header: string | null): boolean {
  let gzip: boolean | undefined;
  let star = false;
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") gzip = accepted;
    else if (coding === "*") star = accepted;
  }
  return gzip ?? star;
}

let lastGzip: { server: string; bytes: Uint8Array<ArrayBuffer> } | null = null;

/**
 * `GET /openapi.json`: the document with `servers` set to the address the request came to,
 * gzip-compressed when the client accepts it (about a fifth of its size; browsers, curl
 * --compressed and openapi-typescript all do). The last compressed copy is kept, so repeated
 * fetches of one server's document are not compressed again.
 */
export async function openApiResponse(req: Request): Promise<Response> {
  const server = new URL(req.url).origin;
  const body = JSON.stringify(await openApiDocument({ server }));
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    // as every other answer of the server: it names the Host the request came with
    "x-content-type-options": "nosniff",
    vary: "accept-encoding",
  };
  // in pieces, each moving the connection's idle deadline: a slow reader still gets it whole
  if (!acceptsGzip(req.headers.get("accept-encoding"))) return longAnswer(body, { headers });
  if (lastGzip?.server !== server) {
    const stream = new Blob([body]).stream().pipeThrough(new CompressionStream("gzip"));
    lastGzip = { server, bytes: await new Response(stream).bytes() };
  }
  return longAnswer(lastGzip.bytes, { headers: { ...headers, "content-encoding": "gzip" } });
}
