/**
 * Pure calculations on the command line without the schema library.
 *
 * Loading zod and the runner costs more than the whole calculation, so `finance formula.margin …`
 * would take several times as long as starting Deno. For commands that declare a `compute`
 * (core/command.ts), `deno task docs` writes `commands/pure.json`: each command's usage,
 * positionals, argument kinds (derived from its zod schema) and the module under
 * `analysis/calculators/` that exports the computation. This module reads arguments with that
 * manifest and runs the computation, producing the envelope the runner would.
 *
 * It only answers calls it can read completely. Anything else (an unknown or missing argument, a
 * value it cannot read, a computation that throws) returns null, and the caller runs the command
 * the ordinary way, so every error message still comes from the one schema. A test compares this
 * path with the runner on every manifest command.
 */
import manifest from "../commands/pure.json" with { type: "json" };
import {
  type ArgShape,
  listFromText,
  normalizeArgShape,
  objectFromText,
  thousandsNote,
  tokensToArgs,
} from "../core/args.ts";
import { tickerValue } from "../core/symbols.ts";
import { type Envelope, isJsonSafe, jsonSafe, success } from "../core/envelope.ts";
import { parseAmount, parseRate } from "../core/numbers.ts";
import { lazyImport } from "../core/lazy.ts";
import type { Compute } from "../core/command.ts";

/** How one argument is read. */
export type PureKind =
  | { kind: "amount" }
  | { kind: "rate"; name: string }
  | { kind: "list"; item: PureKind }
  | { kind: "enum"; values: string[] }
  | { kind: "ticker" }
  | { kind: "string"; trim: boolean; min?: number; max?: number }
  | { kind: "number"; integer?: boolean; min?: number; max?: number }
  | { kind: "boolean" }
  | { kind: "date" }
  | { kind: "comma_text" }
  | { kind: "json_object" };

/**
 * One argument: its kind, whether it is required or has a default (else optional), and how the
 * CLI turns its text into a number or boolean before the schema reads it (`cli`), if it does.
 */
export type PureArg = PureKind & {
  required?: boolean;
  default?: unknown;
  cli?: "number" | "integer" | "boolean";
};

/** One command of the manifest. */
export interface PureEntry {
  usage: string;
  positional: string[];
  aliases?: Record<string, string>;
  /** The aliases that are current names, used without a warning. */
  synonyms?: string[];
  /** Module path from the project root, e.g. `analysis/calculators/formula.ts`. */
  module: string;
  /** Name of the computation exported by `module`. */
  export: string;
  /** The command's text view (generic when absent). */
  view?: string;
  /** Arguments in schema order. */
  args: Record<string, PureArg>;
}

/** The generated manifest. */
export interface PureManifest {
  note: string;
  commands: Record<string, PureEntry>;
}

const MANIFEST = manifest as PureManifest;

/** The manifest entry of `name`, if it is a pure calculator. */
export function pureEntry(name: string): PureEntry | null {
  return Object.hasOwn(MANIFEST.commands, name) ? MANIFEST.commands[name] : null;
}

/**
 * Runs a pure calculator from CLI tokens. Returns null when the call should go through the
 * runner instead (the command is not in the manifest, or anything about the call is not plain).
 */
export async function runPureTokens(name: string, tokens: string[]): Promise<Envelope | null> {
  const entry = pureEntry(name);
  if (!entry) return null;
  const shape = shapeOf(name, entry);
  let named: Record<string, unknown>;
  const notes: string[] = [];
  try {
    named = normalizeArgShape(shape, tokensToArgs(shape, tokens, () => "passthrough"), notes);
  } catch {
    return null;
  }
  return await runPure(entry, named, notes);
}

/**
 * Runs a pure calculator from named arguments as they arrive over HTTP (a JSON object). Returns
 * null when the call should go through the runner instead, as {@link runPureTokens} does.
 */
export async function runPureArgs(name: string, raw: unknown): Promise<Envelope | null> {
  const entry = pureEntry(name);
  if (!entry) return null;
  if (!computations.has(computationKey(entry)) && !await loadComputation(entry)) return null;
  return runPureArgsNow(name, raw) ?? null;
}

/**
 * {@link runPureArgs} without a promise, for the adapter's hot path: the envelope, null when the
 * call should go through the runner, or undefined when the computation's module is not loaded yet
 * (call {@link runPureArgs} once).
 */
export function runPureArgsNow(name: string, raw: unknown): Envelope | null | undefined {
  const entry = pureEntry(name);
  if (!entry) return null;
  const compute = computations.get(computationKey(entry));
  if (!compute) return undefined;
  let named: Record<string, unknown>;
  const notes: string[] = [];
  try {
    named = normalizeArgShape(shapeOf(name, entry), raw, notes);
  } catch {
    return null;
  }
  return computeNow(entry, compute, named, notes);
}

/** The argument shape of a manifest entry (names, positionals, aliases), built once per command. */
export function shapeOf(name: string, entry: PureEntry): ArgShape {
  let shape = shapes.get(entry);
  if (!shape) {
    shape = {
      name,
      usage: entry.usage,
      keys: Object.keys(entry.args),
      positional: entry.positional,
      aliases: entry.aliases,
      ...(entry.synonyms ? { synonyms: entry.synonyms } : {}),
    };
    shapes.set(entry, shape);
  }
  return shape;
}

const shapes = new WeakMap<PureEntry, ArgShape>();

/** Computations already imported, by module and export (the adapter calls them many times). */
const computations = new Map<string, Compute<Record<string, unknown>, unknown>>();

/** The key of an entry's computation in {@link computations}, built once per entry. */
const keys = new WeakMap<PureEntry, string>();
function computationKey(entry: PureEntry): string {
  let key = keys.get(entry);
  if (key === undefined) {
    key = `${entry.module}#${entry.export}`;
    keys.set(entry, key);
  }
  return key;
}

/** Imports an entry's computation; false when its module or export cannot be used. */
async function loadComputation(entry: PureEntry): Promise<boolean> {
  try {
    const mod = await lazyImport<Record<string, unknown>>(
      new URL(`../${entry.module}`, import.meta.url),
    );
    const fn = mod[entry.export];
    if (typeof fn !== "function") return false;
    computations.set(computationKey(entry), fn as Compute<Record<string, unknown>, unknown>);
    return true;
  } catch {
    return false;
  }
}

async function runPure(
  entry: PureEntry,
  named: Record<string, unknown>,
  notes: string[],
): Promise<Envelope | null> {
  if (!computations.has(computationKey(entry)) && !await loadComputation(entry)) return null;
  return computeNow(entry, computations.get(computationKey(entry))!, named, notes);
}

/** Reads the arguments and runs the computation: the envelope, or null to use the runner. */
function computeNow(
  entry: PureEntry,
  compute: Compute<Record<string, unknown>, unknown>,
  named: Record<string, unknown>,
  notes: string[],
): Envelope | null {
  const args = readArgs(entry, named, notes);
  if (!args) return null;
  const warnings = notes;
  const warn = (m: string) => {
    if (!warnings.includes(m)) warnings.push(m);
  };
  let data: unknown;
  try {
    data = compute(args, { warn });
  } catch {
    return null;
  }
  return success(isJsonSafe(data) ? data : jsonSafe(data, warnings), warnings);
}

/** Reads every argument in schema order, as the zod schema would; null if any is not plain. */
export function readArgs(
  entry: PureEntry,
  named: Record<string, unknown>,
  notes: string[],
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of argList(entry)) {
    const given = named[key];
    if (given === undefined) {
      if (spec.required) return null;
      if ("default" in spec) out[key] = copyOf(spec.default);
      continue;
    }
    const value = readValue(spec, given, notes);
    if (value === undefined) return null;
    out[key] = value;
  }
  return out;
}

const argLists = new WeakMap<PureEntry, [string, PureArg][]>();

/** An entry's arguments in schema order, listed once per command. */
function argList(entry: PureEntry): [string, PureArg][] {
  let list = argLists.get(entry);
  if (!list) {
    list = Object.entries(entry.args);
    argLists.set(entry, list);
  }
  return list;
}

/** A default as the schema hands it out: a fresh copy of an object, a primitive as it is. */
function copyOf(value: unknown): unknown {
  return value !== null && typeof value === "object" ? structuredClone(value) : value;
}

function readValue(spec: PureKind, value: unknown, notes: string[]): unknown {
  switch (spec.kind) {
    case "amount":
      if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
      if (typeof value === "string") return parseAmount(value) ?? undefined;
      return undefined;
    case "rate": {
      if (typeof value === "number" && !Number.isFinite(value)) return undefined;
      if (typeof value !== "number" && typeof value !== "string") return undefined;
      const r = parseRate(value, spec.name);
      if (typeof r === "string") return undefined;
      if (r.note) notes.push(r.note);
      return r.value;
    }
    case "list": {
      const items = typeof value === "string"
        ? listFromText(value)
        : Array.isArray(value)
        ? value
        : undefined;
      if (!items) return undefined;
      // the schema's note (core/schema.ts `list()`): "1,234" may have meant one number
      const grouped = typeof value === "string" ? thousandsNote(value, items.length) : null;
      if (grouped) notes.push(grouped);
      const out: unknown[] = [];
      for (const item of items) {
        const v = readValue(spec.item, item, notes);
        if (v === undefined) return undefined;
        out.push(v);
      }
      return out;
    }
    case "enum":
      return typeof value === "string" && spec.values.includes(value) ? value : undefined;
    case "ticker": {
      // the schema's own reading (core/schema.ts `ticker()`), so both paths give one symbol
      if (typeof value !== "string") return undefined;
      const read = tickerValue(value);
      if (!read) return undefined;
      if (read.note) notes.push(read.note);
      return read.symbol;
    }
    case "string": {
      if (typeof value !== "string") return undefined;
      const t = spec.trim ? value.trim() : value;
      if (spec.min !== undefined && t.length < spec.min) return undefined;
      if (spec.max !== undefined && t.length > spec.max) return undefined;
      return t;
    }
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
      if (spec.integer && !Number.isSafeInteger(value)) return undefined;
      if (spec.min !== undefined && value < spec.min) return undefined;
      if (spec.max !== undefined && value > spec.max) return undefined;
      return value;
    case "boolean":
      return typeof value === "boolean" ? value : undefined;
    case "date": {
      if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
      const d = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value
        ? value
        : undefined;
    }
    case "comma_text":
      if (typeof value === "string") return value;
      return Array.isArray(value) && value.every((v) => typeof v === "string")
        ? value.join(",")
        : undefined;
    case "json_object":
      // objects pass through zod's record schema as copies: only text is read here
      return typeof value === "string" ? objectFromText(value) ?? undefined : undefined;
  }
}
