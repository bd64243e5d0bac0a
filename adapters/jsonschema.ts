/** JSON Schema of command arguments and data, derived from the zod schemas. */
import { z } from "zod";
import type { CommandDef } from "../core/command.ts";

export type JsonSchema = Record<string, unknown>;

const argsCache = new WeakMap<CommandDef, JsonSchema>();

/** Request schema: the arguments as a caller sends them, aliases and synonyms included. */
export function argsJsonSchema(def: CommandDef): JsonSchema {
  const hit = argsCache.get(def);
  if (hit) return hit;
  const schema = z.toJSONSchema(def.args, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  delete schema.$schema;
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [alias, canonical] of Object.entries(def.aliases ?? {})) {
    if (props[canonical] && !props[alias]) {
      const copy = { ...props[canonical] };
      delete copy.default;
      copy.description = `Deprecated: an older name of \`${canonical}\`.`;
      copy.deprecated = true;
      props[alias] = copy;
    }
  }
  for (const [synonym, canonical] of Object.entries(def.synonyms ?? {})) {
    if (props[canonical] && !props[synonym]) {
      const copy = { ...props[canonical] };
      delete copy.default;
      copy.description = `Another name of \`${canonical}\`.`;
      props[synonym] = copy;
    }
  }
  // a default zod leaves out of the document (one on a preprocessed value)
  for (const [name, field] of Object.entries(def.args.shape as Record<string, z.ZodType>)) {
    const value = declaredDefault(field);
    if (value !== undefined && props[name] && props[name].default === undefined) {
      props[name] = { ...props[name], default: value };
    }
  }
  schema.properties = props;
  const groups = oneOfGroups(def);
  if (groups.length) {
    schema[def.exclusiveOneOf ? "oneOf" : "anyOf"] = groups.map((required) => ({ required }));
    schema.description = requireOneOfText(def);
  }
  schema.additionalProperties = false;
  if (def.extra_into) {
    schema.additionalProperties = true;
    schema.description = `Unknown properties are gathered into \`${def.extra_into}\`.`;
  }
  argsCache.set(def, schema);
  return schema;
}

/** The value of a `.default(...)` on an argument, or undefined. */
function declaredDefault(field: z.ZodType): unknown {
  const def = (field as unknown as { _zod?: { def?: { type?: string; defaultValue?: unknown } } })
    ._zod?.def;
  if (def?.type !== "default") return undefined;
  const value = def.defaultValue;
  return typeof value === "function" ? undefined : value;
}

/**
 * The groups of {@link CommandDef.requireOneOf}, each also spelt with the older names and
 * synonyms the command accepts (`accession_no` for `accession`).
 */
export function oneOfGroups(def: CommandDef): string[][] {
  const names = (arg: string) => [
    arg,
    ...Object.entries({ ...def.aliases, ...def.synonyms }).filter(([, c]) => c === arg)
      .map(([a]) => a),
  ];
  const out: string[][] = [];
  for (const group of def.requireOneOf ?? []) {
    let spellings: string[][] = [[]];
    for (const arg of group) {
      spellings = spellings.flatMap((s) => names(arg).map((n) => [...s, n]));
    }
    out.push(...spellings);
  }
  return out;
}

/**
 * {@link CommandDef.requireOneOf} in words, for help and schema descriptions: "Give at least
 * one of: `symbol`, `accession` or `url`."
 */
export function requireOneOfText(def: CommandDef): string | undefined {
  const groups = def.requireOneOf ?? [];
  if (!groups.length) return undefined;
  const named = groups.map((g) => g.map((a) => `\`${a}\``).join(" with "));
  const list = named.length > 1 ? `${named.slice(0, -1).join(", ")} or ${named.at(-1)}` : named[0];
  const how = def.exclusiveOneOf ? "exactly one of" : groups.length > 1 ? "at least one of" : "";
  return how ? `Give ${how}: ${list}.` : `Give ${list}.`;
}

/** Result schema of `data`. */
export function dataJsonSchema(def: CommandDef): JsonSchema {
  const schema = z.toJSONSchema(def.data, {
    io: "output",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

/** One argument as help shows it. */
export interface ArgHelp {
  name: string;
  type: string;
  required: boolean;
  default?: unknown;
  enum?: unknown[];
  description: string;
  positional: boolean;
  aliases: string[];
}

/** Arguments for help text and docs. */
export function describeArgs(def: CommandDef): ArgHelp[] {
  const schema = argsJsonSchema(def);
  const props = schema.properties as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const aliasOf: Record<string, string[]> = {};
  for (const [a, c] of Object.entries({ ...def.aliases, ...def.synonyms })) {
    (aliasOf[c] ??= []).push(a);
  }
  return Object.keys(def.args.shape).map((name) => {
    const p = props[name] ?? {};
    return {
      name,
      type: typeName(p),
      required: required.has(name) && p.default === undefined,
      default: p.default,
      enum: p.enum as unknown[] | undefined,
      description: String(p.description ?? ""),
      positional: def.positional.includes(name),
      aliases: aliasOf[name] ?? [],
    };
  });
}

function typeName(p: JsonSchema): string {
  if (p.enum) return "enum";
  if (p.type) return Array.isArray(p.type) ? p.type.join("|") : String(p.type);
  const alts = (p.anyOf ?? p.oneOf) as JsonSchema[] | undefined;
  if (alts) return [...new Set(alts.map(typeName))].join("|");
  return "any";
}
