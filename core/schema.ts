/**
 * Argument types shared by command schemas. Each accepts the typed JSON form (for HTTP and MCP)
 * and the text form a terminal user types (for the CLI), and turns both into one value.
 */
import { z } from "zod";
import { decimalCommaHint, exponentProblem, parseAmount, parseRate } from "./numbers.ts";
import { clip, listFromText, objectFromText, thousandsNote, TICKER_MAX } from "./args.ts";
import { tickerValue } from "./symbols.ts";

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
    if (n === null && /\d\s*%$/.test(v.trim())) {
      ctx.issues.push({
        code: "custom",
        message: `"${
          clip(v)
        }" is a percent, and this argument is an amount: give the amount itself (digits with an optional K, M, B or T suffix)`,
        input: v,
      });
      return z.NEVER;
    }
    if (n === null && exponentProblem(v)) {
      ctx.issues.push({ code: "custom", message: exponentProblem(v), input: v });
      return z.NEVER;
    }
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
    const grouped = thousandsNote(v, items.length);
    if (grouped) note(grouped);
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
  const s = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: (iss) => dateFormHint(iss.input) })
    .refine(
      // a text of another form has had its message from the pattern: one message, not two
      (v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDate(v),
      { error: (iss) => `${JSON.stringify(clip(String(iss.input)))} is not a real calendar date` },
    );
  mark(s, { kind: "date" });
  return description ? s.describe(description) : s;
}

function isCalendarDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** `YYYY-MM-DD` of year, month, day when that date exists, else null. */
function ymd(y: number, m: number, d: number): string | null {
  const text = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${
    String(d).padStart(2, "0")
  }`;
  return isCalendarDate(text) ? text : null;
}

/**
 * Why a date text is refused, and how to write it: `2024/01/31`, `20240131`, `Jan 31 2024` and
 * `31-01-2024` name the one date they can mean; `01/02/2024` says both readings, since only the
 * writer knows whether the day or the month comes first.
 */
export function dateFormHint(input: unknown): string {
  const expected = "expected a date written YYYY-MM-DD, such as 2024-01-31";
  if (typeof input !== "string") return expected;
  const t = input.trim();
  const shown = JSON.stringify(clip(input));
  if (t === "") return `${expected}; got an empty or blank text`;
  const as = (date: string | null) =>
    date ? `${expected}; for ${shown} write ${date}` : `${expected}; ${shown} is no calendar date`;
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) return as(ymd(+m[1], +m[2], +m[3]));
  m = /^(\d{4}-\d{2}-\d{2})[T ]\d{1,2}:\d{2}/.exec(t);
  if (m) return `${expected}: give the date alone (${m[1]} for ${shown}), without a time`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(t);
  if (m) {
    const [a, b, y] = [+m[1], +m[2], +m[3]];
    const dayFirst = a > 12 ? ymd(y, b, a) : null;
    const monthFirst = b > 12 ? ymd(y, a, b) : null;
    if (dayFirst || monthFirst) return as(dayFirst ?? monthFirst);
    const one = ymd(y, b, a);
    const other = ymd(y, a, b);
    if (one && other && one !== other) {
      return `${expected}; ${shown} could be ${one} (day first) or ${other} (month first): write the one you mean`;
    }
    return as(one ?? other);
  }
  // Jan 31 2024, January 31, 2024, 31 Jan 2024
  const monthFirst = /^([A-Za-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(t);
  const dayFirst = /^(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]{3,9})\.?,? (\d{4})$/.exec(t);
  const named = monthFirst
    ? { month: monthFirst[1], day: +monthFirst[2], year: +monthFirst[3] }
    : dayFirst
    ? { month: dayFirst[2], day: +dayFirst[1], year: +dayFirst[3] }
    : null;
  if (named) {
    const month = MONTHS.indexOf(named.month.slice(0, 3).toLowerCase());
    if (month >= 0) return as(ymd(named.year, month + 1, named.day));
  }
  return `${expected}; got ${shown}`;
}

/**
 * Market codes of terminal-style tickers ("SHEL LN", "7203 JT", "700 HK", "BRK/B US Equity") →
 * the exchange suffix to write instead ("" for a US listing, which has none). Only a hint: the
 * text is refused, with the listing to type.
 */
const TERMINAL_MARKETS: Record<string, string> = {
  US: "",
  UN: "",
  UW: "",
  UQ: "",
  LN: "L",
  JT: "T",
  JP: "T",
  HK: "HK",
  GY: "DE",
  GR: "DE",
  FP: "PA",
  NA: "AS",
  IM: "MI",
  SM: "MC",
  SW: "SW",
  SE: "SW",
  CN: "TO",
  CT: "TO",
  AU: "AX",
  AT: "AX",
  KS: "KS",
  CH: "SS",
  CG: "SS",
  CS: "SZ",
  IN: "NS",
  IS: "NS",
};

/**
 * Why a symbol text is refused, and what to give instead: `$AAPL` without the dollar sign,
 * `NASDAQ:AAPL` without the exchange, one symbol where several are written.
 */
export function tickerHint(input: unknown): string {
  if (typeof input !== "string") return "expected a ticker symbol such as AAPL";
  const t = input.trim();
  const shown = JSON.stringify(clip(input));
  if (t === "") return "a ticker symbol is required, such as AAPL; got an empty or blank text";
  if (/^\$[A-Za-z0-9.^=\-]+$/.test(t)) {
    return `${shown} is not a symbol: leave out the "$" (${t.slice(1).toUpperCase()})`;
  }
  const prefixed = /^([A-Za-z]{2,10}):([A-Za-z0-9.^=\-]+)$/.exec(t);
  if (prefixed) {
    return `${shown} is not a symbol: give it without the exchange prefix, as the exchange lists it (${
      tickerValue(prefixed[2])?.symbol ?? prefixed[2].toUpperCase()
    } for a US listing; other markets take a suffix such as SHEL.L or 7203.T)`;
  }
  const terminal = /^([A-Za-z0-9]{1,10})(?:[/.]([A-Za-z]))? ([A-Za-z]{2})(?: (?:equity|eq))?$/i
    .exec(t);
  const market = terminal ? TERMINAL_MARKETS[terminal[3].toUpperCase()] : undefined;
  if (terminal && market !== undefined) {
    const root = terminal[1].toUpperCase();
    const cls = terminal[2] ? `-${terminal[2].toUpperCase()}` : "";
    const typed = `${root}${cls}${market ? `.${market}` : ""}`;
    const yahoo = tickerValue(typed)?.symbol ?? typed;
    return `${shown} is a terminal's spelling (ticker and market code); write the listing as ${yahoo}`;
  }
  if (/[\s,;|]/.test(t)) {
    return `${shown} holds more than one symbol or a space; this argument takes one symbol, such as AAPL (a share class is written BRK-B, BRK.B or BRK/B)`;
  }
  if (t.length > TICKER_MAX) {
    return `${shown} is too long for a ticker symbol (${TICKER_MAX} characters at most)`;
  }
  return `${shown} is not a ticker symbol; write it as the exchange lists it, such as AAPL, BRK-B, SHEL.L or ^VIX`;
}

/**
 * A ticker symbol in its canonical (Yahoo) spelling, however it was typed: brk.b, BRK/B, BRK.B
 * and BRK-B are BRK-B, 700.HK is 0700.HK, EUR/USD is EURUSD=X (core/symbols.ts
 * `tickerValue`, which the CLI's pure path uses too). Each provider then spells it its own way.
 */
export function ticker(description = "Ticker symbol, e.g. AAPL.") {
  const hint = { error: (iss: { input?: unknown }) => tickerHint(iss.input) };
  const s = z.string().min(1, hint).transform((v, ctx) => {
    const read = tickerValue(v);
    if (!read) {
      ctx.issues.push({ code: "custom", message: tickerHint(v), input: v });
      return z.NEVER;
    }
    if (read.note) note(read.note);
    return read.symbol;
  });
  mark(s, { kind: "ticker" });
  return s.describe(description);
}
