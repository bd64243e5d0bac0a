/**
 * The runner: every call from every surface goes through `execute`. It validates the
 * arguments, builds the context, runs the command, and always answers an envelope.
 */
import type { z } from "zod";
import { argShape, type CommandDef, loadCommand } from "./command.ts";
import { cliKind, clip, coerceTextArgs, normalizeArgShape } from "./args.ts";
import { type Envelope, failure, isJsonSafe, jsonSafe, success } from "./envelope.ts";
import { describeError, FinanceError, UsageError } from "./errors.ts";
import { withCallScope } from "./call_scope.ts";
import { timeLimitMessage } from "./cancel.ts";
import { type BuiltKind, builtKind, collectParseNotes, dateFormHint } from "./schema.ts";
import { closest } from "./suggest.ts";
import { getDefaultSession, type Session } from "./session.ts";
import type { Surface } from "./access.ts";
import { finishCall } from "./redact.ts";
import { makeContext } from "./call_context.ts";

/** Options of one command call. */
export interface RunOptions {
  /** Session to run in (cache, replay, clock); the process-wide one by default. */
  session?: Session;
  /** Where the call comes from; decides which local files and URLs it may read. */
  surface?: Surface;
  /** Check `data` against the command's result schema (tests turn this on). */
  validateData?: boolean;
  /** Give up after this many ms (the envelope says so). */
  timeoutMs?: number;
  /** Aborts the call. */
  signal?: AbortSignal;
  /**
   * The data stays in this process (a command calling another): it is used as returned when it
   * is already JSON-safe, not copied, and only the error and warnings are redacted. Whatever of
   * it leaves the process leaves in the calling command's envelope, which is copied and redacted.
   */
  inProcess?: boolean;
  /**
   * Set on a call a command makes to another: its refusals keep their own words (the calling
   * command's message quotes them, and the usage line to show is the caller's, not this one's).
   */
  nested?: boolean;
}

/** An envelope plus how it ended: `usage` means the call itself was malformed (CLI exit 2). */
export interface Outcome {
  envelope: Envelope;
  status: "ok" | "failed" | "usage";
}

/** Runs a command and returns its envelope. Never throws. */
export async function runCommand<T = unknown>(
  name: string,
  args: Record<string, unknown> = {},
  opts: RunOptions = {},
): Promise<Envelope<T>> {
  return (await execute(name, args, opts)).envelope as Envelope<T>;
}

/** Runs a command and reports how it ended. Never throws. Keys never leave in the envelope. */
export async function execute(
  name: string,
  rawArgs: unknown,
  opts: RunOptions = {},
): Promise<Outcome> {
  const outcome = await executeRaw(name, rawArgs, opts);
  let secrets: string[] = [];
  try {
    secrets = (opts.session ?? getDefaultSession()).secrets();
  } catch {
    // no session (a bad FINANCE_REPLAY): query keys are still redacted by pattern
  }
  finishCall(outcome.envelope, secrets, rawArgs, { name, ...opts });
  return outcome;
}

async function executeRaw(
  name: string,
  rawArgs: unknown,
  opts: RunOptions,
): Promise<Outcome> {
  const warnings: string[] = [];
  let def: CommandDef;
  try {
    def = await loadCommand(name);
  } catch (err) {
    return { envelope: failure(describeError(err)), status: "usage" };
  }
  let parsed: unknown;
  try {
    const args = textFormsRead(def, normalizeArgs(def, rawArgs, warnings));
    const { value, notes } = collectParseNotes(() => def.args.safeParse(args));
    if (!value.success) throw new UsageError(formatIssues(def, value.error, args));
    const blank = blankTextArg(def, args);
    if (blank) throw new UsageError(blank);
    warnings.push(...notes);
    parsed = value.data;
  } catch (err) {
    return {
      envelope: failure(usageMessage(def, err, opts), warnings),
      status: err instanceof UsageError ? "usage" : "failed",
    };
  }

  let session: Session;
  try {
    session = opts.session ?? getDefaultSession();
  } catch (err) {
    return { envelope: failure(describeError(err), warnings), status: "failed" };
  }
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  // a caller's signal aborted before the call started fires no event: the call stops at once
  if (opts.signal?.aborted) controller.abort();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const signal = controller.signal;
    const ctx = makeContext(
      session,
      opts.surface ?? "library",
      warnings,
      signal,
      (c, a, call) =>
        runCommand(c, a, {
          ...opts,
          session,
          signal,
          inProcess: call.inProcess ?? false,
          nested: true,
        }),
    );
    const started = performance.now();
    const work = withCallScope(
      name,
      controller.signal,
      opts.timeoutMs,
      () => def.run(parsed as z.output<typeof def.args>, ctx),
    );
    const limits: Promise<unknown>[] = [work];
    if (opts.timeoutMs) {
      limits.push(
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            controller.abort();
            reject(
              new FinanceError(timeLimitMessage(name, opts.timeoutMs)),
            );
          }, opts.timeoutMs);
        }),
      );
    }
    const data = await Promise.race(limits);
    // work that never yielded (a backtest's bar loop) outran the timer, which could not fire:
    // its answer came after the deadline and is refused as the timer would have
    if (opts.timeoutMs && performance.now() - started > opts.timeoutMs) {
      throw new FinanceError(timeLimitMessage(name, opts.timeoutMs));
    }
    const safe = opts.inProcess && isJsonSafe(data) ? data : jsonSafe(data, warnings);
    if (opts.validateData) {
      const check = def.data.safeParse(safe);
      if (!check.success) {
        const first = check.error.issues[0];
        return {
          envelope: failure(
            `internal error: ${name} returned data that does not match its schema at ${
              first.path.join(".") || "data"
            }: ${first.message}`,
            warnings,
          ),
          status: "failed",
        };
      }
    }
    return { envelope: success(safe, warnings), status: "ok" };
  } catch (err) {
    return {
      envelope: failure(usageMessage(def, err, opts), warnings),
      status: err instanceof UsageError ? "usage" : "failed",
    };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * The message of a failure: a usage error (the call itself is wrong: a rule `required` cannot
 * state, a value the command cannot take) shows the command's usage line when it does not yet.
 */
function usageMessage(def: CommandDef, err: unknown, opts: RunOptions): string {
  const text = describeError(err);
  // the lean path (adapters/lean.ts) adds the same line to the commands it runs
  if (!(err instanceof UsageError) || opts.nested || text.includes("(usage: ")) {
    return text;
  }
  return `${text} (usage: ${def.usage})`;
}

/**
 * Applies aliases and synonyms (a warning in `notes` for each older name used), rejects unknown
 * arguments with the closest name, gathers extras.
 */
export function normalizeArgs(
  def: CommandDef,
  raw: unknown,
  notes?: string[],
): Record<string, unknown> {
  return normalizeArgShape(argShape(def), raw, notes);
}

/**
 * Numbers and booleans given as text ("10", "true"), as many MCP and HTTP clients send every
 * value, read as the CLI reads them; text that is not one stays text for the schema to refuse.
 */
function textFormsRead(def: CommandDef, args: Record<string, unknown>): Record<string, unknown> {
  const shape = def.args.shape as Record<string, z.ZodType>;
  const read = coerceTextArgs(argShape(def), args, (key) => cliKind(shape[key]), {
    keepBlank: true,
  });
  // a schema that coerces (z.coerce.number) would read [1] as 1 and "" as 0: only a number, or
  // text that reads as one, is taken
  for (const key in read) {
    const value = read[key];
    if (value === undefined || typeof value === "number" || !isCoercedNumber(shape[key])) continue;
    const word = cliKind(shape[key]) === "integer" ? "whole number" : "number";
    throw new UsageError(
      `${def.name}: argument \`${key}\`: expected ${word}, got ${
        describeValue(value)
      } (usage: ${def.usage})`,
    );
  }
  return read;
}

/**
 * The refusal of an empty or blank text given for a text argument that its schema lets through
 * (`provider=""`, `key="  "`): a command would read it as left out, or look for "" itself, and
 * answer something the caller did not ask for. Null when there is none.
 */
function blankTextArg(def: CommandDef, args: Record<string, unknown>): string | null {
  const shape = def.args.shape as Record<string, z.ZodType>;
  for (const key in args) {
    const v = args[key];
    if (typeof v !== "string" || v.trim() !== "" || key === def.extra_into) continue;
    if (!isPlainText(shape[key])) continue;
    const absent = shape[key].safeParse(undefined);
    const fallback = absent.success && absent.data !== undefined
      ? ` to use its default (${clip(String(absent.data))})`
      : "";
    return `${def.name}: argument \`${key}\` is ${v === "" ? "empty" : "blank (only spaces)"}; ${
      absent.success ? `leave it out${fallback}, or give a value` : "give a value"
    } (usage: ${def.usage})`;
  }
  return null;
}

/** Wrappers an argument's schema is looked through (optional, default and their kin). */
const WRAPPERS = new Set(["optional", "default", "prefault", "nullable", "readonly"]);

/** The schema and each schema it wraps, outermost first (at most ten). */
// deno-lint-ignore no-explicit-any
function* layers(schema: z.ZodType | undefined): Generator<any> {
  // deno-lint-ignore no-explicit-any
  let s: any = schema;
  for (let i = 0; i < 10 && s; i++) {
    yield s;
    const def = s._zod?.def;
    if (!def || !WRAPPERS.has(def.type)) return;
    s = def.innerType;
  }
}

/** The definition under the wrappers (undefined when there is none). */
// deno-lint-ignore no-explicit-any
function innermost(schema: z.ZodType | undefined): any {
  let last;
  for (const s of layers(schema)) last = s;
  return last?._zod?.def;
}

/** A text schema (z.string with its checks), through optional and default. */
function isPlainText(schema: z.ZodType | undefined): boolean {
  return innermost(schema)?.type === "string";
}

/** A number schema that coerces its input (z.coerce.number), through optional and default. */
function isCoercedNumber(schema: z.ZodType | undefined): boolean {
  const def = innermost(schema);
  return def?.type === "number" && def.coerce === true;
}

function formatIssues(def: CommandDef, error: z.ZodError, args: Record<string, unknown>): string {
  const parts: string[] = [];
  // one message per argument: the first issue says what is wrong (an empty ticker fails both
  // "required" and its pattern; a slashed date both its form and its calendar check)
  const seen = new Set<string>();
  for (const issue of error.issues) {
    if (parts.length >= 3) break;
    const key = String(issue.path[0] ?? "");
    if (issue.code === "unrecognized_keys") {
      parts.push(`unknown argument(s) ${issue.keys.map((k) => `\`${k}\``).join(", ")}`);
      continue;
    }
    const sub = issue.path.slice(1).map((p) => typeof p === "number" ? `[${p}]` : `.${String(p)}`)
      .join("");
    const where = `${key}${sub}`;
    if (seen.has(where)) continue;
    seen.add(where);
    const shape = def.args.shape as Record<string, z.ZodType>;
    if (key && (!(key in args) || args[key] === undefined) && issue.path.length === 1) {
      // what the argument is, in its description's first sentence
      const about = shape[key]?.description?.split(
        /(?<!\b(?:e\.g|i\.e|etc|vs|incl)\.)(?<=\.)\s+(?=[A-Z(])/,
      )[0];
      parts.push(
        `missing required argument \`${key}\`${
          about ? ` (${about.length > 100 ? `${about.slice(0, 100)}…` : about})` : ""
        }`,
      );
      continue;
    }
    const message = plainIssue(issue, valueAt(args, issue.path), key ? shape[key] : undefined, key);
    parts.push(key ? `argument \`${where}\`: ${message}` : message);
  }
  return `${def.name}: ${parts.join("; ")} (usage: ${def.usage})`;
}

/** The value at an issue's path in the arguments as given (`rows[2].meta`). */
function valueAt(args: Record<string, unknown>, path: readonly PropertyKey[]): unknown {
  let v: unknown = args;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** zod's own wording ("Too small: expected string to have >=1 characters"), not a schema's. */
const ZOD_WORDING =
  /^(Too (small|big)|Invalid (input|option|string|number|element|key|value|type)\b)/;

/** What a zod type name means to a person. */
const TYPE_WORDS: Record<string, string> = {
  number: "number",
  int: "whole number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  bigint: "a whole number",
};

/** One issue in plain words, with what was given. */
function plainIssue(
  issue: z.core.$ZodIssue,
  got: unknown,
  schema: z.ZodType | undefined,
  key: string,
): string {
  const given = describeValue(got);
  switch (issue.code) {
    case "invalid_type": {
      const word = TYPE_WORDS[issue.expected] ?? issue.expected;
      if (typeof got === "string" && /\d\s*%$/.test(got) && /number/.test(word)) {
        // "20%" where a fraction (0.2) or a count is meant: which one, the description says
        const about = schema?.description;
        return `expected ${word}, got ${given}: this argument takes a plain number, not a percent${
          about ? ` (${clip(about)})` : ""
        }`;
      }
      // a date sent as a JSON number (20240131): say how to write it, as the CLI's text does
      if (typeof got === "number" && schema && builtKindOf(schema)?.kind === "date") {
        return `${dateFormHint(String(got))}; send it as text`;
      }
      return `expected ${word}, got ${given}`;
    }
    case "invalid_union":
      return `expected ${unionExpectation(issue, schema)}, got ${given}`;
    case "invalid_value": {
      const values = issue.values as unknown[];
      const near = typeof got === "string"
        ? closest(got, values.filter((v): v is string => typeof v === "string"))
        : null;
      return `expected one of ${values.map((v) => JSON.stringify(v)).join(", ")}, got ${given}${
        near ? `; did you mean ${JSON.stringify(near)}?` : ""
      }`;
    }
    case "too_small":
    case "too_big":
      if (ZOD_WORDING.test(issue.message)) return sizeIssue(issue, got, given);
      break;
    case "not_multiple_of":
      if (ZOD_WORDING.test(issue.message)) {
        return `must be a multiple of ${issue.divisor}, got ${given}`;
      }
      break;
    case "invalid_format":
      if (ZOD_WORDING.test(issue.message)) return `has the wrong form, got ${given}`;
      break;
  }
  // a schema's own message; said once without the argument's name it may repeat, with the value
  // given when the message does not quote it
  let message = issue.message.replace(new RegExp(`^${escapeRegExp(key)}: `), "");
  if (ZOD_WORDING.test(message)) message = "is not a valid value";
  const quoted = typeof got === "string" ? clip(got) : null;
  const said = /\bgot\b/.test(message) ||
    (quoted !== null && quoted !== "" && message.includes(quoted));
  if (got !== undefined && !said) {
    message += ` (got ${given})`;
  }
  return message;
}

/** "must be at most 250, got 1000", "must not be empty": a size or bound in words. */
function sizeIssue(
  issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig,
  got: unknown,
  given: string,
): string {
  const small = issue.code === "too_small";
  const bound = Number(small ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === "string") {
    if (small && bound <= 1) {
      return typeof got === "string" && got !== ""
        ? `must not be blank (got only spaces)`
        : "must not be empty";
    }
    return `must be ${small ? "at least" : "at most"} ${bound} characters, got ${
      typeof got === "string" ? got.length : given
    }`;
  }
  if (issue.origin === "array" || issue.origin === "set") {
    if (small && bound <= 1) return "must list at least one item";
    return `must list ${small ? "at least" : "at most"} ${bound} items, got ${
      Array.isArray(got) ? got.length : given
    }`;
  }
  const relation = small
    ? inclusive ? "at least" : "greater than"
    : inclusive
    ? "at most"
    : "less than";
  return `must be ${relation} ${bound}, got ${given}`;
}

/** What a union argument takes, from its built kind (amount, rate, list) or its members. */
function unionExpectation(issue: z.core.$ZodIssueInvalidUnion, schema?: z.ZodType): string {
  const kind = schema ? builtKindOf(schema) : null;
  switch (kind?.kind) {
    case "amount":
      return "a number such as 1500, 2.5B or 1,234";
    case "rate":
      return "a rate such as 0.08 or 8%";
    case "list":
      return "a list: a JSON array, or items separated by commas (a,b,c)";
    case "comma_text":
      return "text, or a list of text";
    case "json_object":
      return 'a JSON object such as {"key": 1}, or key=value pairs';
  }
  const types = new Set<string>();
  for (const branch of issue.errors) {
    for (const inner of branch) {
      if (inner.code === "invalid_type") types.add(TYPE_WORDS[inner.expected] ?? inner.expected);
    }
  }
  return types.size ? [...types].join(" or ") : "another kind of value";
}

/** The built kind of an argument's schema, looking through optional and default wrappers. */
function builtKindOf(schema: z.ZodType): BuiltKind | null {
  for (const s of layers(schema)) {
    const kind = builtKind(s);
    if (kind) return kind;
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function describeValue(v: unknown): string {
  if (v === undefined) return "nothing";
  if (typeof v === "string") {
    return v !== "" && v.trim() === "" ? `only spaces "${clip(v)}"` : `"${clip(v)}"`;
  }
  if (Array.isArray(v)) {
    let text: string;
    try {
      // a number JSON read past a double's range (1e400) is Infinity, which JSON writes as null
      text = JSON.stringify(
        v.slice(0, 10),
        (_k, x) => typeof x === "number" && !Number.isFinite(x) ? `${x}` : x,
      ) ?? "";
    } catch {
      text = "";
    }
    const huge = v.findIndex((x) => typeof x === "number" && !Number.isFinite(x));
    const why = huge < 0
      ? ""
      : `: item ${huge + 1} is a number past the largest a double holds (about 1.8e308)`;
    return text ? `a list ${clip(text).replace(/"(-?Infinity)"/g, "$1")}${why}` : `a list${why}`;
  }
  if (v === null) return "null";
  if (typeof v === "object") return "an object";
  return `${typeof v} ${String(v)}`;
}
