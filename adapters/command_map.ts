/**
 * Builds `commands/map.ts`, the `CommandMap` type that makes `finance()` typed: for every command,
 * the arguments a caller may pass (the zod input type) and the `data` it returns (the zod output
 * type). It is written as plain TypeScript from the commands' JSON Schemas, so a program that
 * type-checks against it loads neither zod nor a single command file, and the published package
 * has no inferred ("slow") types in its public API. `deno task docs` writes it; a test fails when
 * the committed file differs from a fresh one, and another checks it against `z.input`/`z.output`.
 */
import type { CommandDef } from "../core/command.ts";
import { loadAllCommands } from "../commands/registry.ts";
import { argsJsonSchema, dataJsonSchema, type JsonSchema, oneOfGroups } from "./jsonschema.ts";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function comment(text: string, indent: string): string[] {
  const clean = text.replace(/\*\//g, "*\\/").replace(/\s+/g, " ").trim();
  return clean ? [`${indent}/** ${clean} */`] : [];
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  if (unique.includes("unknown")) return "unknown";
  return unique.length ? unique.join(" | ") : "never";
}

/** Wraps a union or intersection so it can take `[]` after it. */
function group(type: string): string {
  return /[|&]/.test(type) && !/^\{[\s\S]*\}$/.test(type) ? `(${type})` : type;
}

/** The TypeScript type of one JSON Schema, indented for nested objects. */
export function schemaType(schema: JsonSchema, indent = ""): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((v) => JSON.stringify(v)));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return union(alternatives.map((alt) => schemaType(alt, indent)));
  const types = Array.isArray(schema.type)
    ? schema.type as string[]
    : schema.type
    ? [schema.type as string]
    : [];
  if (!types.length) return "unknown";
  return union(types.map((type) => typeOf(type, schema, indent)));
}

function typeOf(type: string, schema: JsonSchema, indent: string): string {
  switch (type) {
    case "string":
    case "boolean":
    case "null":
      return type;
    case "number":
    case "integer":
      return "number";
    case "array": {
      const items = schema.items as JsonSchema | undefined;
      return items ? `${group(schemaType(items, indent))}[]` : "unknown[]";
    }
    case "object":
      return objectType(schema, indent);
    default:
      return "unknown";
  }
}

function objectType(schema: JsonSchema, indent: string, notes?: Map<string, string>): string {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const extra = schema.additionalProperties;
  const rest = extra === undefined || extra === false
    ? null
    : extra === true
    ? "unknown"
    : schemaType(extra as JsonSchema, indent);
  const names = Object.keys(props);
  if (!names.length) {
    if (rest === null) return extra === false ? "Record<string, never>" : "Record<string, unknown>";
    const keys = schema.propertyNames as JsonSchema | undefined;
    const keyType = keys && Array.isArray(keys.enum) ? schemaType(keys) : "string";
    return keyType === "string"
      ? `Record<string, ${rest}>`
      : `Partial<Record<${keyType}, ${rest}>>`;
  }
  const inner = indent + "  ";
  const lines = ["{"];
  for (const name of names) {
    const p = props[name];
    const note = notes?.get(name) ?? (typeof p.description === "string" ? p.description : "");
    if (notes) lines.push(...comment(note, inner));
    const optional = required.has(name) ? "" : "?";
    lines.push(`${inner}${key(name)}${optional}: ${schemaType(p, inner)};`);
  }
  // an index signature must admit every named member's type
  if (rest !== null) lines.push(`${inner}[key: string]: unknown;`);
  lines.push(`${indent}}`);
  return lines.join("\n");
}

/** The argument type of one command: descriptions kept, old names marked deprecated. */
function argsType(def: CommandDef, indent: string): string {
  const schema = argsJsonSchema(def);
  const notes = new Map<string, string>();
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, p] of Object.entries(props)) {
    notes.set(name, typeof p.description === "string" ? p.description : "");
  }
  for (const [alias, canonical] of Object.entries(def.aliases ?? {})) {
    notes.set(alias, `@deprecated Use \`${canonical}\`.`);
  }
  for (const [synonym, canonical] of Object.entries(def.synonyms ?? {})) {
    notes.set(synonym, `Another name of \`${canonical}\` (give one of the two).`);
  }
  const type = objectType(schema, indent, notes);
  // the arguments of which one must be given (a filing's symbol, accession or url): a union
  const groups = oneOfGroups(def);
  if (!groups.length) return type;
  const branches = groups.map((names) =>
    `{ ${names.map((n) => `${key(n)}: ${schemaType(props[n] ?? {}, indent)}`).join("; ")} }`
  );
  return `${type} & (${branches.join(" | ")})`;
}

/** The text of `commands/map.ts`. */
export async function commandMapText(): Promise<string> {
  const defs = [...await loadAllCommands()].sort((a, b) => a.name.localeCompare(b.name));
  const out = [
    "// Generated from the command schemas by `deno task docs` (adapters/command_map.ts); do not",
    "// edit. A test fails when this file is stale.",
    "",
    "/**",
    " * Every command by name: `args` is what a caller may pass (defaults optional, amounts and",
    " * rates also as text such as `2.5B` or `8%`), `data` is what a successful envelope carries.",
    " *",
    " * @module",
    " */",
    "",
    "/** Command name → its arguments and the `data` of its successful envelope. */",
    "export interface CommandMap {",
  ];
  for (const def of defs) {
    out.push(...comment(def.summary + ".", "  "));
    out.push(`  ${JSON.stringify(def.name)}: {`);
    out.push(`    args: ${argsType(def, "    ")};`);
    out.push(`    data: ${schemaType(dataJsonSchema(def), "    ")};`);
    out.push("  };");
  }
  out.push("}", "");
  return await formatted(out.join("\n"));
}

/** The text as `deno fmt` (with this project's settings) leaves it. */
async function formatted(text: string): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext", "ts", "--line-width", "100", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  if (code !== 0) throw new Error(`deno fmt failed: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}
