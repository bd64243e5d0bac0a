/**
 * Named-argument handling that needs no schema library: CLI tokens to named arguments, aliases,
 * unknown names with the closest valid one. The runner and the CLI use it with a command's
 * definition; the CLI's pure-calculation path (adapters/pure.ts) uses it with the generated manifest,
 * so both paths read arguments the same way.
 */
import type { z } from "zod";
import { UsageError } from "./errors.ts";
import { argumentWordFor, closest } from "./suggest.ts";

/** What argument handling needs to know about a command. */
export interface ArgShape {
  /** Dotted command name. */
  name: string;
  /** Usage line, quoted in errors. */
  usage: string;
  /** Argument names in schema order. */
  keys: string[];
  /** Names that may be given positionally, in order. */
  positional: string[];
  /** Alias → canonical argument name (older names and current synonyms alike). */
  aliases?: Record<string, string>;
  /** The aliases that are current names (`start` for `start_date`): used without a warning. */
  synonyms?: string[];
  /** Unknown keys are gathered into this object argument. */
  extra_into?: string;
}

/**
 * A ticker symbol (AAPL, BRK-B, ^VIX, EURUSD=X, SAP.DE): letters and digits, a caret only in
 * front, and ".", "-" or "=" only between them, so "..", "." or "AAPL." (which a URL path would
 * read as another resource: fool.com/quote/nyse/../) never reaches a provider. It is the test of
 * a symbol after its reading (symbols.ts tickerValue): BRK/B and "RDS A" are read into BRK-B and
 * RDS-A first, and what still does not fit is refused.
 */
export const TICKER_PATTERN = /^\^?[A-Za-z0-9]+(?:[.=\-][A-Za-z0-9]+)*$/;
/** Longest ticker accepted. */
export const TICKER_MAX = 32;

/** What the CLI turns a text token into for one argument. */
export type CliKind = "string" | "number" | "integer" | "boolean" | "passthrough";

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*)=(.*)$/s;

/** Yahoo's `=` symbol forms: `EURUSD=X` (currency pair), `GC=F` (future). */
const EQ_SYMBOL = /^[A-Za-z0-9.^\-]{1,20}=[A-Za-z]{1,2}$/;

/**
 * A `key=value` token whose key names no argument of the command and that reads as a symbol
 * (`EURUSD=X`, `GC=F`) is a positional value, not an unknown argument.
 */
function isSymbolToken(shape: ArgShape, token: string, key: string): boolean {
  if (!shape.positional.length || !EQ_SYMBOL.test(token)) return false;
  // Commands that gather unknown keys (backtest.run: rebalance=M) read them as arguments; only
  // an upper-case Yahoo pair or future (EURUSD=X, GC=F) is a symbol there.
  if (shape.extra_into && !/^[A-Z0-9.^\-]+=[XF]$/.test(token)) return false;
  if (shape.keys.includes(key) || Object.hasOwn(shape.aliases ?? {}, key)) return false;
  // a misspelt argument with a short value (limt=ab, sectoin=x) is that argument, not a symbol:
  // it is refused naming the argument meant, not taken for a ticker with a hint to name it
  return key.length < 4 || !closest(key, [...shape.keys, ...Object.keys(shape.aliases ?? {})]);
}

/**
 * For a word given where the command takes no (more) positional arguments: the named argument
 * it most likely is, as a hint ("did you mean symbol=AAPL? "), or "" — a date for a date
 * argument (`date`, else the first `…_date`), a ticker-like word for a command with `symbol`,
 * any other text for one with `query`, when that argument is not given by name or position.
 */
function namedGuess(shape: ArgShape, args: Record<string, unknown>, word: string): string {
  // every positional slot is taken (this word is one too many), so none of them is free
  const free = (name: string) =>
    shape.keys.includes(name) && !Object.hasOwn(args, name) && !shape.positional.includes(name) &&
    !Object.entries(shape.aliases ?? {}).some(([a, c]) => c === name && Object.hasOwn(args, a));
  // 2026-02-26 also has a ticker's shape: a date argument is the one it fits
  const isDate = /^\d{4}-\d{2}-\d{2}$/.test(word);
  if (isDate) {
    const date = ["date", ...shape.keys.filter((k) => k.endsWith("_date"))].find(free);
    if (date) return `did you mean ${date}=${word}? `;
  }
  if (!isDate && free("symbol") && word.length <= TICKER_MAX && TICKER_PATTERN.test(word)) {
    return `did you mean symbol=${word}? `;
  }
  if (free("query")) return `did you mean query=${JSON.stringify(clip(word))}? `;
  return "";
}

/**
 * Splits CLI tokens into named arguments using the positional names, then turns text into numbers
 * and booleans where `kindOf(argument)` says the schema wants them.
 */
export function tokensToArgs(
  shape: ArgShape,
  tokens: string[],
  kindOf: (key: string) => CliKind,
): Record<string, unknown> {
  const args: Record<string, unknown> = Object.create(null);
  const positional: string[] = [];
  for (const token of tokens) {
    const m = KEY.exec(token);
    if (m && isSymbolToken(shape, token, m[1])) {
      positional.push(token);
    } else if (m) {
      const [, key, value] = m;
      const slot = shape.positional[positional.length];
      if (
        slot && !shape.extra_into && /\s/.test(value) && !shape.keys.includes(key) &&
        !Object.hasOwn(shape.aliases ?? {}, key) &&
        !closest(key, [...shape.keys, ...Object.keys(shape.aliases ?? {})])
      ) {
        // a query such as `region=us AND sector="Technology"` given positionally reads as key=value
        throw new UsageError(
          `unknown argument \`${clip(key)}\` for ${shape.name}; a value holding "=" goes by its ` +
            `name: ${slot}='${token}' (usage: ${shape.usage})`,
        );
      }
      if (Object.hasOwn(args, key)) {
        throw new UsageError(
          `${shape.name}: \`${key}\` is given twice; give each argument once (usage: ${shape.usage})`,
        );
      }
      args[key] = value;
    } else if (/^=/.test(token)) {
      throw new UsageError(
        `${shape.name}: "${
          clip(token)
        }" has no argument name before "="; write name=value (usage: ${shape.usage})`,
      );
    } else {
      positional.push(token);
    }
  }
  if (positional.length > shape.positional.length) {
    const extra = positional[shape.positional.length];
    throw new UsageError(
      `${shape.name}: unexpected argument "${clip(extra)}"${
        shape.positional.length ? ` (takes ${shape.positional.length} positional)` : ""
      }; ${namedGuess(shape, args, extra)}use name=value (usage: ${shape.usage})`,
    );
  }
  positional.forEach((value, i) => {
    const name = shape.positional[i];
    const aliasUsed = Object.entries(shape.aliases ?? {}).find(([a, c]) => c === name && a in args);
    if (Object.hasOwn(args, name) || aliasUsed) {
      throw new UsageError(
        `${shape.name}: \`${name}\` is given both positionally and as ${name}=; give it once`,
      );
    }
    args[name] = value;
  });
  return coerce(shape, args, kindOf);
}

function coerce(
  shape: ArgShape,
  args: Record<string, unknown>,
  kindOf: (key: string) => CliKind,
): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  const aliases = shape.aliases ?? {};
  for (const [key, value] of Object.entries(args)) {
    const canonical = shape.keys.includes(key)
      ? key
      : Object.hasOwn(aliases, key)
      ? aliases[key]
      : null;
    if (!canonical) {
      out[key] = value;
      continue;
    }
    const kind = kindOf(canonical);
    if (typeof value !== "string") {
      // a JSON 1 or 0 for a boolean is what the command line's classify=1 reads as
      out[key] = kind === "boolean" && (value === 1 || value === 0) ? value === 1 : value;
      continue;
    }
    if (kind === "number" || kind === "integer") {
      const n = numberText(value);
      out[key] = n ?? value;
    } else if (kind === "boolean") {
      const b = parseBooleanText(value);
      out[key] = b === null ? value : b;
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * Decimal digits as a person writes a number: an optional sign, commas only between groups of
 * three digits (1,000), an optional fraction and exponent (2.5e-3). Not `Number()`'s wider
 * grammar, which reads "0x0A" as 10, "0b11" as 3 and, with commas dropped, "1,0" as 10.
 */
const NUMBER_TEXT = /^[+-]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** The number `text` writes, or null when it writes none (or one beyond a double's range). */
export function numberText(text: string): number | null {
  const t = text.trim();
  if (!NUMBER_TEXT.test(t)) return null;
  const n = Number(t.replace(/,/g, ""));
  return Number.isFinite(n) ? n : null;
}

/** Looks through wrappers (optional, default, pipe) to decide how the CLI coerces text. */
export function cliKind(schema: z.ZodType): CliKind {
  // deno-lint-ignore no-explicit-any
  let s: any = schema;
  for (let i = 0; i < 20 && s; i++) {
    const def = s._zod?.def;
    if (!def) return "passthrough";
    switch (def.type) {
      case "optional":
      case "default":
      case "prefault":
      case "nullable":
      case "readonly":
      case "catch":
        s = def.innerType;
        continue;
      case "pipe":
        s = def.in;
        continue;
      case "number":
        return def.format && /int/.test(def.format) ? "integer" : "number";
      case "int":
        return "integer";
      case "boolean":
        return "boolean";
      default:
        return "passthrough";
    }
  }
  return "passthrough";
}

/** The booleans a terminal user may type. */
export function parseBooleanText(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (["true", "1", "yes", "y", "on"].includes(t)) return true;
  if (["false", "0", "no", "n", "off"].includes(t)) return false;
  return null;
}

/**
 * Applies aliases, rejects unknown arguments with the closest name, gathers extras. An alias is
 * an older name of an argument: using one adds a note to `notes` that names the current one; a
 * synonym (an alias listed in `synonyms`) is another current name and adds none.
 */
export function normalizeArgShape(
  shape: ArgShape,
  raw: unknown,
  notes?: string[],
): Record<string, unknown> {
  if (raw === null || raw === undefined) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) {
    throw new UsageError(
      `${shape.name}: arguments must be a JSON object of named arguments, not ${
        Array.isArray(raw) ? "an array" : typeof raw
      }`,
    );
  }
  const known = keySet(shape);
  const aliases = shape.aliases ?? {};
  // null prototypes: a key named __proto__ is data here, never an object's prototype
  const out: Record<string, unknown> = Object.create(null);
  let extras: Record<string, unknown> | undefined;
  // the name an argument was given by when it was not its own name, for the message when it is
  // given twice
  let givenAs: Map<string, string> | undefined;
  for (const key in raw as Record<string, unknown>) {
    if (!Object.hasOwn(raw as object, key)) continue;
    const value = (raw as Record<string, unknown>)[key];
    // own aliases only: `constructor` or `toString` must not find Object.prototype's
    const canonical = known.has(key) ? key : Object.hasOwn(aliases, key) ? aliases[key] : null;
    if (canonical) {
      if (Object.hasOwn(out, canonical)) {
        const [first, second] = [givenAs?.get(canonical) ?? canonical, key];
        throw new UsageError(
          `${shape.name}: \`${first}\` and \`${second}\` name the same argument; give only one of them`,
        );
      }
      out[canonical] = value;
      if (canonical !== key) {
        (givenAs ??= new Map()).set(canonical, key);
        if (!shape.synonyms?.includes(key)) notes?.push(deprecatedName(key, canonical));
      }
      continue;
    }
    // `Strategy=` or `END_DATE=` is the command's own argument typed in another case, not a
    // parameter to gather: refused with the name (gathered, it was "no parameter `Strategy`")
    const folded = shape.extra_into && !known.has(key) ? caseFolded(key, known, aliases) : null;
    if (folded) {
      throw new UsageError(
        `unknown argument \`${
          clip(key)
        }\` for ${shape.name}; did you mean \`${folded}\`? (usage: ${shape.usage})`,
      );
    }
    if (shape.extra_into && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
      (extras ??= Object.create(null) as Record<string, unknown>)[key] = value;
      continue;
    }
    const near = closest(key, [...known, ...Object.keys(aliases)]) ??
      argumentWordFor(key, known);
    const guess = near && Object.hasOwn(aliases, near) ? aliases[near] : near;
    // a command that tunes over a grid takes a strategy's parameters only inside it: slow=60
    // beside grid= is a parameter fixed at one value, written as a list of one in the grid
    const inGrid = !guess && known.has("grid") && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
      ? `; a strategy parameter goes inside grid=, as a list of the values to try (one value fixes it): grid='{"${
        clip(key)
      }":[${typeof value === "number" || /^-?\d+(\.\d+)?$/.test(String(value)) ? value : "…"}]}'`
      : "";
    throw new UsageError(
      `unknown argument \`${clip(key)}\` for ${shape.name}${
        guess ? `; did you mean \`${guess}\`?` : inGrid
      } (usage: ${shape.usage})`,
    );
  }
  if (shape.extra_into && extras) {
    const target = out[shape.extra_into];
    let base: Record<string, unknown> = {};
    if (typeof target === "string" && target.trim()) {
      try {
        base = JSON.parse(target);
      } catch {
        throw new UsageError(`${shape.name}: ${shape.extra_into} must be a JSON object`);
      }
    } else if (target && typeof target === "object") base = target as Record<string, unknown>;
    out[shape.extra_into] = { ...base, ...extras };
  }
  return out;
}

/** The argument `key` names in another letter case (`Start_Date`), or null. */
function caseFolded(
  key: string,
  known: Set<string>,
  aliases: Record<string, string>,
): string | null {
  const lower = key.toLowerCase();
  if (lower === key) return null;
  if (known.has(lower)) return lower;
  return Object.hasOwn(aliases, lower) ? aliases[lower] : null;
}

const keySets = new WeakMap<ArgShape, Set<string>>();

/** A shape's argument names as a set, built once per shape. */
function keySet(shape: ArgShape): Set<string> {
  let set = keySets.get(shape);
  if (!set) {
    set = new Set(shape.keys);
    keySets.set(shape, set);
  }
  return set;
}

/** The warning for an argument given by an older name. */
export function deprecatedName(alias: string, canonical: string): string {
  return `\`${alias}\` is an older name of \`${canonical}\`; use \`${canonical}\` (the old name may be removed in a later version)`;
}

/**
 * Where arguments that arrived as parsed JSON (HTTP bodies, MCP calls) hold a `__proto__` key
 * inside an argument's object value: the path to it (`scores`, `rows[2].meta`), or null. Such a
 * key is an own property of a parsed object, but schemas drop it from records without a word (a
 * score for `__proto__` would vanish from a ranking), and merged into another object it would
 * replace that object's prototype: it is refused instead.
 *
 * Every value is walked (a key behind 200,000 numbers is still found), without recursion (deep
 * nesting cannot overflow the stack) and cheaply: only objects and arrays are pushed, and the
 * path is kept as the keys of the open levels, made into text only on a hit. The body cap (1 MB
 * by default) bounds the work of a network caller.
 */
export function reservedKeyIn(value: unknown): string | null {
  // a top-level `__proto__` is an argument name, refused as unknown with the closest name
  if (value === null || typeof value !== "object") return null;
  // pending containers, each with its key in its parent and its depth; `trail[d]` is the key
  // of the open container at depth d (depth-first order keeps the trail right)
  const stack: object[] = [];
  const keys: (string | number)[] = [];
  const depths: number[] = [];
  const trail: (string | number)[] = [];
  const push = (v: unknown, key: string | number, depth: number) => {
    if (v !== null && typeof v === "object") {
      stack.push(v);
      keys.push(key);
      depths.push(depth);
    }
  };
  const children = (v: object, depth: number) => {
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) push(v[i], i, depth);
    } else {
      const own = Object.keys(v);
      for (let i = own.length - 1; i >= 0; i--) {
        push((v as Record<string, unknown>)[own[i]], own[i], depth);
      }
    }
  };
  // the top level: its values are the arguments (an array's items are their own path)
  if (Array.isArray(value)) push(value, "", 0);
  else children(value, 0);
  while (stack.length) {
    const v = stack.pop()!;
    const depth = depths.pop()!;
    trail[depth] = keys.pop()!;
    if (!Array.isArray(v) && Object.hasOwn(v, "__proto__")) return pathOf(trail, depth);
    children(v, depth + 1);
  }
  return null;
}

/** `a.b[2].c` from the keys of the open levels 0..depth. */
function pathOf(trail: (string | number)[], depth: number): string {
  let path = "";
  for (let d = 0; d <= depth; d++) {
    const k = trail[d];
    path += typeof k === "number" ? `[${k}]` : path ? `.${k}` : k;
  }
  return path;
}

/** The refusal of a `__proto__` key found by {@link reservedKeyIn} at `path`. */
export function reservedMessage(path: string): string {
  return `${
    clip(path)
  }: the key \`__proto__\` is not accepted (JavaScript objects reserve the name, and it would be dropped without a word); rename it`;
}

/** Cuts long user text for error messages. */
export function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * The items of a list argument given as text, as many MCP and HTTP clients send every value:
 * a JSON array (`[-100, 60, 60]`, `["10-K","10-Q"]`), the same without JSON quoting
 * (`[AAPL, MSFT]`), or comma-separated (`-100,60,60`).
 */
export function listFromText(text: string): unknown[] {
  // a value quoted once more than needed ("[1,2]" with its quotes) is unwrapped once
  const t = text.trim().replace(/^(["'])(\[.*\])\1$/s, "$2");
  if (!t.startsWith("[") || !t.endsWith("]")) return splitText(t);
  try {
    const parsed = JSON.parse(t);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // not JSON: read the bracketed items as comma-separated text
  }
  return splitText(t.slice(1, -1)).map((item) => item.replace(/^(["'])(.*)\1$/s, "$2"));
}

/**
 * `1,234` or `284,163` typed as a list is read as items (1 and 234), as the comma says; but it
 * could be one number written with thousands separators, so the reading is said, with how to pass
 * one number. Only digit groups of exactly three after the first can be that.
 */
export function thousandsNote(text: string, count: number): string | null {
  const t = text.trim();
  const inner = /^\[(.*)\]$/s.exec(t)?.[1].trim();
  if (inner !== undefined) return bracketedThousands(t, inner, count);
  if (!GROUPED.test(t)) return null;
  const one = t.replace(/,/g, "");
  return `"${
    clip(t)
  }" was read as ${count} items separated by commas; if you meant the one number ${one}, pass it as [${one}] (JSON array) or ${one} without separators`;
}

/** A number written with thousands separators: 1,234 or -284,163.5. */
const GROUPED = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * The same caution inside brackets: `[1,234, 5]` is three items to JSON, but its items are
 * separated by ", " beside a tight `1,234`, which reads as one number with a separator. Tight
 * commas throughout (`[1,234,5]`, `[1,234]`) are a plain JSON list.
 */
function bracketedThousands(t: string, inner: string, count: number): string | null {
  if (!/,\s/.test(inner)) return null;
  const tight = inner.split(/,\s+/).map((s) => s.trim()).filter((s) => GROUPED.test(s));
  if (!tight.length) return null;
  let fixed = inner;
  for (const g of tight) fixed = fixed.replace(g, g.replace(/,/g, ""));
  return `"${clip(t)}" was read as ${count} items separated by commas; if ${tight.join(" and ")} ${
    tight.length > 1 ? "are numbers" : "is one number"
  } written with thousands separators, pass [${clip(fixed)}]`;
}

/**
 * Comma-separated items, trimmed; a trailing (or leading) comma adds nothing, but an empty item
 * between two others is kept as "" for the caller to refuse (it would shift the items after it).
 */
function splitText(text: string): string[] {
  const items = text.split(",").map((s) => s.trim());
  while (items.length && items[0] === "") items.shift();
  while (items.length && items.at(-1) === "") items.pop();
  return items;
}

/**
 * An object argument given as text: JSON (`{"fast": 20}`) or comma-separated `key=value` pairs
 * (`fast=20,slow=100`; numbers and true/false are read as such). Null when it is neither.
 */
export function objectFromText(text: string): Record<string, unknown> | null {
  const t = text.trim();
  if (t === "") return {};
  if (t.startsWith("{")) {
    try {
      const parsed = JSON.parse(t);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const pair of splitText(t)) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*[=:]\s*(.+)$/s.exec(pair);
    if (!m || Object.hasOwn(out, m[1])) return null;
    const n = numberText(m[2]);
    const b = /^(true|false)$/i.test(m[2]) ? m[2].toLowerCase() === "true" : null;
    out[m[1]] = b ?? n ?? m[2];
  }
  return { ...out };
}

/**
 * Turns text values into numbers and booleans where the schema wants them, as the CLI does, for
 * clients that send every argument as a string (MCP).
 */
export function coerceTextArgs(
  shape: ArgShape,
  args: Record<string, unknown>,
  kindOf: (key: string) => CliKind,
  opts: { keepBlank?: boolean } = {},
): Record<string, unknown> {
  const out = coerce(shape, args, kindOf);
  if (!opts.keepBlank) {
    // an empty or blank text (`provider=""`) is for the schemas to judge: a caller without them
    // (the CLI's lean path) hands the call over to the runner, which refuses it where the command
    // would read it as left out
    for (const key in out) {
      const v = out[key];
      if (typeof v === "string" && v.trim() === "" && kindOf(key) === "passthrough") {
        throw new UsageError(`${shape.name}: argument \`${key}\` is empty (usage: ${shape.usage})`);
      }
    }
  }
  return out;
}
