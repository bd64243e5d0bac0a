/**
 * Argument types shared by command schemas. Each accepts the typed JSON form (for HTTP and MCP)
 * and the text form a terminal user types (for the CLI), and turns both into one value.
 */
import { z } from "zod";
import { decimalCommaHint, parseAmount, parseRate } from "./numbers.ts";
import { clip, listFromText, objectFromText, TICKER_MAX, TICKER_PATTERN } from "./args.ts";

export { cliKind, parseBooleanText } from "./args.ts";
export type { CliKind } from "./args.ts";

/**
 * What each argument type built here is, keyed by its zod definition (shared by the copies that
 * `.describe()` makes): the manifest generator reads it to describe pure calculators' arguments.
 */
export type BuiltKind =
  | { kind: "amount" }
  | { kind: "rate"; name: string }
  | { kind: "list"; item: z.ZodType }
  | { kind: "ticker" }
  | { kind: "date" }
  | { kind: "comma_text" }
  | { kind: "json_object" };

const builtKinds = new WeakMap<object, BuiltKind>();

function mark<T extends z.ZodType>(schema: T, kind: BuiltKind): T {
  builtKinds.set(schema._zod.def, kind);
  return schema;
}

/** The kind of an argument type built by this module, or null. */
export function builtKind(schema: z.ZodType): BuiltKind | null {
  return builtKinds.get(schema._zod.def) ?? null;
}

let noteSink: string[] | null = null;

/** Runs `fn` while collecting the notes that argument parsing emits (e.g. rate reinterpretation). */
export function collectParseNotes<T>(fn: () => T): { value: T; notes: string[] } {
  const previous = noteSink;
  const notes: string[] = [];
  noteSink = notes;
  try {
    return { value: fn(), notes };
  } finally {
    noteSink = previous;
  }
}

function note(text: string) {
  noteSink?.push(text);
}

/** A number that also accepts `2.5B`, `120M`, `1,234` as text. */
export function amount(description?: string) {
  const s = z.union([z.number(), z.string()]).transform((v, ctx) => {
    if (typeof v === "number") return v;
    const n = parseAmount(v);
    if (n === null) {
      ctx.issues.push({
        code: "custom",
        message: `invalid number "${
          clip(v)
        }" (use digits with an optional K, M, B or T suffix; a negative as -5 or (5))${
          decimalCommaHint(v)
        }`,
        input: v,
      });
      return z.NEVER;
    }
    return n;
  });
  mark(s, { kind: "amount" });
  return description ? s.describe(description) : s;
}

/**
 * A rate: `0.08`, `8%`; a bare number above 1 is read as a percent, with a warning. `name` (the
 * argument's name) makes that warning say which argument it is about.
 */
export function rate(description?: string, name = "rate") {
  const s = z.union([z.number(), z.string()]).transform((v, ctx) => {
    const r = parseRate(v, name);
    if (typeof r === "string") {
      ctx.issues.push({ code: "custom", message: r.replace(/^rate: /, ""), input: v });
      return z.NEVER;
    }
    if (r.note) note(r.note);
    return r.value;
  });
  mark(s, { kind: "rate", name });
  return description ? s.describe(description) : s;
}

/** A list given as a JSON array, or as text: a JSON array or comma-separated items. */
export function list<T extends z.ZodType>(item: T, description?: string) {
  const s = z.union([z.array(item), z.string()]).transform((v, ctx) => {
    if (Array.isArray(v)) return v as z.output<T>[];
    const items = listFromText(v);
    // "-100,,60,60": an empty item would shift every later one a place (year 2's flow read as
    // year 1's), so it is refused, not dropped
    const gap = items.findIndex((x) => x === "");
    if (gap >= 0) {
      ctx.issues.push({
        code: "custom",
        message: `item ${
          gap + 1
        } is empty (two commas in a row): write 0 for a period without a value, or remove the extra comma`,
        input: v,
      });
      return z.NEVER;
    }
    const parsed = z.array(item).safeParse(items);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.issues.push({ code: "custom", message: issue.message, input: v });
      }
      return z.NEVER;
    }
    return parsed.data;
  });
  mark(s, { kind: "list", item });
  return description ? s.describe(description) : s;
}

/**
 * Comma-separated text that also accepts a JSON array of strings (what an agent sends for
 * `symbols` or `metrics`); the command reads one text either way: `["AAPL","MSFT"]` is `AAPL,MSFT`.
 */
export function commaText(description?: string) {
  const s = z.union([z.array(z.string()), z.string()]).transform((v) =>
    Array.isArray(v) ? v.join(",") : v
  );
  mark(s, { kind: "comma_text" });
  return description ? s.describe(description) : s;
}

/** A JSON object given as an object, or as text: JSON or comma-separated `key=value` pairs. */
export function jsonObject(description?: string) {
  const s = z.union([z.record(z.string(), z.unknown()), z.string()]).transform((v, ctx) => {
    if (typeof v !== "string") return v as Record<string, unknown>;
    const parsed = objectFromText(v);
    if (parsed) return parsed;
    ctx.issues.push({
      code: "custom",
      message: `expected a JSON object such as {"key": 1} or key=value pairs, got "${clip(v)}"`,
      input: v,
    });
    return z.NEVER;
  });
  mark(s, { kind: "json_object" });
  return description ? s.describe(description) : s;
}

/** A calendar date `YYYY-MM-DD` that exists. */
export function isoDate(description?: string) {
  const s = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected a date YYYY-MM-DD").refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { message: "not a real calendar date" },
  );
  mark(s, { kind: "date" });
  return description ? s.describe(description) : s;
}

/** A non-empty ticker symbol, upper-cased. */
export function ticker(description = "Ticker symbol, e.g. AAPL.") {
  const s = z.string().trim().min(1, "a ticker symbol is required").max(TICKER_MAX).regex(
    TICKER_PATTERN,
    "expected a ticker symbol such as AAPL, BRK-B or ^VIX",
  ).transform((v) => v.toUpperCase());
  mark(s, { kind: "ticker" });
  return s.describe(description);
}
