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
  schema.properties = props;
  schema.additionalProperties = false;
  if (def.extra_into) {
    schema.additionalProperties = true;
    schema.description = `Unknown properties are gathered into \`${def.extra_into}\`.`;
  }
  argsCache.set(def, schema);
  return schema;
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
