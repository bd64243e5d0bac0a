/**
 * The runner: every call from every surface goes through `execute`. It validates the
 * arguments, builds the context, runs the command, and always answers an envelope.
 */
import type { z } from "zod";
import { argShape, type CommandDef } from "./command.ts";
import { cliKind, clip, coerceTextArgs, normalizeArgShape } from "./args.ts";
import { type Envelope, failure, isJsonSafe, jsonSafe, success } from "./envelope.ts";
import { describeError, FinanceError, UsageError } from "./errors.ts";
import { withCallScope } from "./call_scope.ts";
import { loadCommand } from "./registry.ts";
import { collectParseNotes } from "./schema.ts";
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
    warnings.push(...notes);
    parsed = value.data;
  } catch (err) {
    return {
      envelope: failure(describeError(err), warnings),
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
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const signal = controller.signal;
    const ctx = makeContext(
      session,
      opts.surface ?? "library",
      warnings,
      signal,
      (c, a, call) =>
        runCommand(c, a, { ...opts, session, signal, inProcess: call.inProcess ?? false }),
    );
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
              new FinanceError(
                `${name} did not finish within ${opts.timeoutMs} ms and was stopped`,
              ),
            );
          }, opts.timeoutMs);
        }),
      );
    }
    const data = await Promise.race(limits);
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
      envelope: failure(describeError(err), warnings),
      status: err instanceof UsageError ? "usage" : "failed",
    };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
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
  return coerceTextArgs(argShape(def), args, (key) => cliKind(shape[key]));
}

function formatIssues(def: CommandDef, error: z.ZodError, args: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const issue of error.issues.slice(0, 3)) {
    const key = String(issue.path[0] ?? "");
    if (issue.code === "unrecognized_keys") {
      parts.push(`unknown argument(s) ${issue.keys.map((k) => `\`${k}\``).join(", ")}`);
      continue;
    }
    if (key && (!(key in args) || args[key] === undefined) && issue.path.length === 1) {
      parts.push(`missing required argument \`${key}\``);
      continue;
    }
    let message = issue.message;
    if (issue.code === "invalid_type") {
      const got = args[key];
      message = `expected ${issue.expected}, got ${describeValue(got)}`;
    } else if (issue.code === "invalid_union") {
      message = `invalid value ${describeValue(args[key])}`;
    } else if (issue.code === "invalid_value" && "values" in issue) {
      message = `expected one of ${
        (issue.values as unknown[]).map((v) => JSON.stringify(v)).join(", ")
      }, got ${describeValue(args[key])}`;
    }
    const sub = issue.path.slice(1).join(".");
    parts.push(`argument \`${key}${sub ? `.${sub}` : ""}\`: ${message}`);
  }
  return `${def.name}: ${parts.join("; ")} (usage: ${def.usage})`;
}

function describeValue(v: unknown): string {
  if (v === undefined) return "nothing";
  if (typeof v === "string") return `"${clip(v)}"`;
  if (Array.isArray(v)) return "an array";
  if (v === null) return "null";
  if (typeof v === "object") return "an object";
  return `${typeof v} ${String(v)}`;
}
