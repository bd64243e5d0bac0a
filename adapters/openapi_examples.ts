/**
 * Request examples of the OpenAPI document: each command's CLI examples
 * (`finance formula.cagr start=100 end=150 periods=3`) as the JSON body POST /commands/<command>
 * takes (`{"start": 100, "end": 150, "periods": 3}`), one named Example Object per line.
 *
 * The command line is read by finance_describe's reader (adapters/discovery.ts
 * `exampleArguments`), so the CLI, MCP and HTTP show the same arguments; this module only writes
 * the text values that reader keeps as JSON types where the argument's schema takes them (a
 * number, a JSON array or object), and names older argument spellings by their current name.
 * Loaded by adapters/openapi.ts when it builds the document, not before.
 */
import type { CommandDef } from "../core/command.ts";
import { numberText } from "../core/args.ts";
import { exampleArguments, shellWords } from "./discovery.ts";
import { argsJsonSchema, type JsonSchema } from "./jsonschema.ts";

/** An OpenAPI 3.1 Example Object. */
export interface ExampleObject {
  summary: string;
  description?: string;
  value: Record<string, unknown>;
}

/** Said of an example that names a local file: the adapters read one only inside these folders. */
export const LOCAL_FILE_NOTE =
  "Names a local file: over HTTP it is read only inside the folders FINANCE_DOCUMENT_ROOTS lists (else ok:false, refused).";

/** A local path as the examples write one (./10-K.pdf, ../x, /abs, ~/x, file://); URLs are not. */
const LOCAL_PATH = /^(?:\.{1,2}\/|\/|~\/|file:\/\/)/;

/** Whether a value's schema admits a JSON type (`number` admits `integer` too), in any branch. */
function admits(schema: JsonSchema | undefined, type: "number" | "array" | "object"): boolean {
  if (!schema || typeof schema !== "object") return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes(type) || (type === "number" && types.includes("integer"))) return true;
  return ["anyOf", "oneOf"].some((key) =>
    ((schema[key] as JsonSchema[] | undefined) ?? []).some((s) => admits(s, type))
  );
}

/** JSON text of an array or object, or undefined when the text is not one. */
function jsonText(text: string, type: "array" | "object"): unknown {
  const t = text.trim();
  if (!(type === "array" ? /^\[[\s\S]*\]$/ : /^\{[\s\S]*\}$/).test(t)) return undefined;
  try {
    const value = JSON.parse(t);
    const isArray = Array.isArray(value);
    if (type === "array" ? isArray : value && typeof value === "object" && !isArray) return value;
  } catch {
    // not JSON: the text stays as given, which the command reads itself
  }
  return undefined;
}

/**
 * A text value as the JSON type its argument's schema takes: a number for "100" or "0.45"
 * where the schema admits a number, the array or object a JSON text writes where it admits
 * one. Anything else (2.2B, 10%, AAPL,MSFT) stays text, as the HTTP adapter takes it.
 */
function typed(value: unknown, schema: JsonSchema | undefined): unknown {
  if (typeof value !== "string" || !schema) return value;
  if (admits(schema, "number")) {
    const n = numberText(value);
    // "1,000" reads as 1000, but only a plain decimal is rewritten, so the value shows as typed
    if (n !== null && /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(value.trim())) return n;
  }
  for (const type of ["array", "object"] as const) {
    if (admits(schema, type)) {
      const parsed = jsonText(value, type);
      if (parsed !== undefined) return parsed;
    }
  }
  return value;
}

/**
 * The JSON body of one CLI example, or null when the line is of another command or cannot be
 * read. Keys in the order the command declares its arguments; arguments the command gathers
 * (backtest.run's strategy parameters) after them, as given.
 */
export function exampleBody(def: CommandDef, cli: string): Record<string, unknown> | null {
  const args = exampleArguments(def, cli);
  if (!args) return null;
  const props = (argsJsonSchema(def).properties ?? {}) as Record<string, JsonSchema>;
  const aliases = def.aliases ?? {};
  const named: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const name = Object.hasOwn(aliases, key) && !(aliases[key] in args) ? aliases[key] : key;
    named[name] = typed(value, props[name]);
  }
  const order = Object.keys(props);
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i < 0 ? order.length : i;
  };
  return Object.fromEntries(
    Object.entries(named).sort(([a], [b]) => rank(a) - rank(b)),
  );
}

/**
 * A command's request examples by name (`example_1`, ...): `summary` the CLI line, `value` the
 * JSON body; a line whose body an earlier one already gives is left out. Undefined when the
 * command has none.
 */
export function requestExamples(def: CommandDef): Record<string, ExampleObject> | undefined {
  const out: Record<string, ExampleObject> = {};
  const seen = new Set<string>();
  for (const cli of def.examples ?? []) {
    if (shellWords(cli)[1] !== def.name) continue;
    const value = exampleBody(def, cli);
    if (!value) continue;
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    const local = Object.values(value).some((v) => typeof v === "string" && LOCAL_PATH.test(v));
    out[`example_${seen.size}`] = {
      summary: cli,
      ...(local ? { description: LOCAL_FILE_NOTE } : {}),
      value,
    };
  }
  return seen.size ? out : undefined;
}
