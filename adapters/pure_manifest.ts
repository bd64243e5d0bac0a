/**
 * Builds `commands/pure.json`, the manifest the CLI uses to run pure calculators without loading
 * zod (adapters/pure.ts). Everything in it is derived from the command definitions: argument kinds
 * from the zod schemas, and the location of each `compute` found by looking for the very same
 * function among the exports of the modules under `analysis/calculators/`.
 */
import type { z } from "zod";
import { loadAllCommands } from "../commands/registry.ts";
import type { CommandDef } from "../core/command.ts";
import { builtKind, cliKind } from "../core/schema.ts";
import type { PureArg, PureKind, PureManifest } from "./pure.ts";

const CALCULATORS = new URL("../analysis/calculators/", import.meta.url);

/** Where each exported computation lives: function → module path and export name. */
async function computeLocations(): Promise<Map<unknown, { module: string; name: string }>> {
  const found = new Map<unknown, { module: string; name: string }>();
  const files: string[] = [];
  for await (const entry of Deno.readDir(CALCULATORS)) {
    if (entry.isFile && entry.name.endsWith(".ts")) files.push(entry.name);
  }
  for (const file of files.sort()) {
    const mod = await import(new URL(file, CALCULATORS).href);
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value === "function") {
        found.set(value, { module: `analysis/calculators/${file}`, name });
      }
    }
  }
  return found;
}

/**
 * Why a command's arguments cannot be read by the pure path, or their manifest form. With
 * `coerced`, arguments the CLI turns into numbers or booleans are listed with that (`cli`).
 */
function argSpec(schema: z.ZodType, coerced = false): PureArg | string {
  // deno-lint-ignore no-explicit-any
  let s: any = schema;
  let optional = false;
  let dflt: { value: unknown } | null = null;
  for (;;) {
    const def = s._zod.def;
    if (def.type === "optional") {
      optional = true;
      s = def.innerType;
    } else if (def.type === "default") {
      dflt = { value: def.defaultValue };
      s = def.innerType;
    } else break;
  }
  const kind = kindOf(s);
  if (typeof kind === "string") return kind;
  const cli = cliKind(schema);
  if (cli !== "passthrough" && !coerced) return "the CLI would coerce it";
  const spec: PureArg = cli === "passthrough" || cli === "string" ? { ...kind } : { ...kind, cli };
  if (dflt) return { ...spec, default: JSON.parse(JSON.stringify(dflt.value)) };
  return optional ? spec : { ...spec, required: true };
}

function kindOf(schema: z.ZodType): PureKind | string {
  const built = builtKind(schema);
  if (built?.kind === "amount") return { kind: "amount" };
  if (built?.kind === "rate") return { kind: "rate", name: built.name };
  if (built?.kind === "ticker") return { kind: "ticker" };
  if (built?.kind === "date") return { kind: "date" };
  if (built?.kind === "comma_text") return { kind: "comma_text" };
  if (built?.kind === "json_object") return { kind: "json_object" };
  if (built?.kind === "list") {
    const item = kindOf(built.item);
    return typeof item === "string" ? item : { kind: "list", item };
  }
  // deno-lint-ignore no-explicit-any
  const def = (schema as any)._zod.def;
  if (def.type === "enum" && (def.checks ?? []).length === 0) {
    const values = Object.values(def.entries as Record<string, unknown>);
    if (values.every((v) => typeof v === "string")) {
      return { kind: "enum", values: values as string[] };
    }
  }
  if (def.type === "string" && !def.format) {
    const out: PureKind & { kind: "string" } = { kind: "string", trim: false };
    for (const check of def.checks ?? []) {
      const c = check._zod.def;
      if (c.check === "min_length") out.min = c.minimum;
      else if (c.check === "max_length") out.max = c.maximum;
      else if (c.check === "overwrite" && c.tx(" a B\t") === "a B") out.trim = true;
      else return `a string argument with a ${c.check} check`;
    }
    // checks run in order: a trim after a length check would change the meaning
    const order = (def.checks ?? []).map((c: { _zod: { def: { check: string } } }) =>
      c._zod.def.check
    );
    if (out.trim && order.indexOf("overwrite") > 0) {
      return "a string trimmed after its length check";
    }
    return out;
  }
  if (def.type === "boolean") return { kind: "boolean" };
  if (def.type === "number" && (!def.format || def.format === "safeint")) {
    const out: PureKind & { kind: "number" } = { kind: "number" };
    if (def.format === "safeint") out.integer = true;
    for (const check of def.checks ?? []) {
      const c = check._zod.def;
      if (c.check === "greater_than" && c.inclusive) out.min = c.value;
      else if (c.check === "less_than" && c.inclusive) out.max = c.value;
      else return `a number argument with a ${c.check} check`;
    }
    return out;
  }
  return `a ${def.type} argument is not one of amount, rate, list, enum, ticker, string, ` +
    "number, boolean, date, comma_text or json_object";
}

/** The manifest for every command that declares a `compute`. Throws when one cannot be listed. */
export async function pureManifest(defs?: CommandDef[]): Promise<PureManifest> {
  const all = defs ?? await loadAllCommands();
  const where = await computeLocations();
  const out: PureManifest = {
    note: "Generated by `deno task docs` from the command definitions; do not edit. " +
      "The CLI runs these pure calculators without loading zod (adapters/pure.ts).",
    commands: {},
  };
  for (const def of all) {
    if (!def.compute) continue;
    const problems: string[] = [];
    if (def.side_effects !== "pure_calculation") problems.push("it is not a pure calculation");
    if (def.extra_into) problems.push("it gathers extra arguments");
    const loc = where.get(def.compute);
    if (!loc) problems.push("its compute is not exported by a module under analysis/calculators/");
    const args: Record<string, PureArg> = {};
    for (const [key, schema] of Object.entries(def.args.shape as Record<string, z.ZodType>)) {
      const spec = argSpec(schema);
      if (typeof spec === "string") problems.push(`argument ${key}: ${spec}`);
      else args[key] = spec;
    }
    if (problems.length) {
      throw new Error(`${def.name} declares compute but ${problems.join("; ")}`);
    }
    out.commands[def.name] = {
      usage: def.usage,
      positional: def.positional,
      ...(def.aliases || def.synonyms ? { aliases: { ...def.aliases, ...def.synonyms } } : {}),
      ...(def.synonyms ? { synonyms: Object.keys(def.synonyms) } : {}),
      module: loc!.module,
      export: loc!.name,
      ...(def.view ? { view: def.view } : {}),
      args,
    };
  }
  return out;
}

/** The manifest as the text of `commands/pure.json`. */
export async function pureManifestText(): Promise<string> {
  return JSON.stringify(await pureManifest(), null, 2) + "\n";
}

/**
 * The manifest of commands that declare `lean` (adapters/lean.ts): commands with I/O that the CLI
 * runs without zod. Every argument must be of a kind the manifest can read, and `lean` must name
 * an exported function. Throws when one cannot be listed.
 */
export async function leanManifest(defs?: CommandDef[]): Promise<PureManifest> {
  const all = defs ?? await loadAllCommands();
  const out: PureManifest = {
    note: "Generated by `deno task docs` from the command definitions; do not edit. " +
      "The CLI runs these commands without loading zod (adapters/lean.ts).",
    commands: {},
  };
  for (const def of all) {
    if (!def.lean) continue;
    const problems: string[] = [];
    const [module, name] = def.lean.split("#");
    const mod = await import(new URL(`../${module}`, import.meta.url).href).catch(() => ({}));
    if (typeof (mod as Record<string, unknown>)[name] !== "function") {
      problems.push(`${def.lean} is not an exported function`);
    }
    if (def.extra_into) problems.push("it gathers extra arguments");
    const args: Record<string, PureArg> = {};
    for (const [key, schema] of Object.entries(def.args.shape as Record<string, z.ZodType>)) {
      const spec = argSpec(schema, true);
      if (typeof spec === "string") problems.push(`argument ${key}: ${spec}`);
      else args[key] = spec;
    }
    if (problems.length) throw new Error(`${def.name} declares lean but ${problems.join("; ")}`);
    out.commands[def.name] = {
      usage: def.usage,
      positional: def.positional,
      ...(def.aliases ? { aliases: def.aliases } : {}),
      module,
      export: name,
      ...(def.view ? { view: def.view } : {}),
      args,
    };
  }
  return out;
}

/** The lean manifest as the text of `commands/lean.json`. */
export async function leanManifestText(): Promise<string> {
  return JSON.stringify(await leanManifest(), null, 2) + "\n";
}
