/**
 * Commands with I/O on the command line without the schema library.
 *
 * Loading zod, the runner and a command's schemas costs a cold `finance backtest.tune` more than
 * its hundred simulations. For commands that declare `lean` (core/command.ts), `deno task docs`
 * writes `commands/lean.json`: each command's usage, positionals, argument kinds (derived from its
 * zod schema) and the zod-free function that does what its `run` does. This module reads the
 * arguments with that manifest, as adapters/pure.ts does for calculators, and runs the function in a
 * context built as the runner builds it, producing the envelope the runner would. A command it
 * runs that calls another (`ctx.call`) goes the lean way too when that one is listed.
 *
 * It only answers calls it can read completely and that succeed. Anything else (an unknown or
 * missing argument, a value it cannot read, a run that throws) returns null, and the caller
 * runs the command the ordinary way, so every error message still comes from the one schema
 * and the one runner. A test compares both paths (tests/core/lean_test.ts).
 */
import manifest from "../commands/lean.json" with { type: "json" };
// the lean commands read providers without the registry: the clients register here
import "../providers/clients.ts";
import { type CliKind, coerceTextArgs, normalizeArgShape, tokensToArgs } from "../core/args.ts";
import { type PureEntry, type PureManifest, readArgs, shapeOf } from "./pure.ts";
import { type Envelope, failure, isJsonSafe, jsonSafe, success } from "../core/envelope.ts";
import { describeError, HandOver, UsageError } from "../core/errors.ts";
import { loadDefaultSession, type Session } from "../core/session_core.ts";
import { makeContext } from "../core/call_context.ts";
import type { CallOptions, Context } from "../core/context.ts";
import type { Surface } from "../core/access.ts";
import { finishCall } from "../core/redact.ts";
import { lazyImport } from "../core/lazy.ts";

const MANIFEST = manifest as PureManifest;

type LeanRun = (args: Record<string, unknown>, ctx: Context) => Promise<unknown>;

/** The manifest entry of `name`, if the CLI can run it without zod. */
export function leanEntry(name: string): PureEntry | null {
  return Object.hasOwn(MANIFEST.commands, name) ? MANIFEST.commands[name] : null;
}

/** Where a lean call runs: the runner's options that apply to it. */
export interface LeanOptions {
  /** The process-wide session by default. */
  session?: Session;
  surface?: Surface;
  /** Aborts the call (a calling command's signal). */
  signal?: AbortSignal;
  /** The data stays in the process: as `RunOptions.inProcess`. */
  inProcess?: boolean;
  /** A call another command made (`ctx.call`): its refusals show no usage line, as the runner's. */
  nested?: boolean;
}

/** A lean answer: the envelope, how the call ended (as the runner's Outcome), its text view. */
export interface LeanAnswer {
  envelope: Envelope;
  status: "ok" | "failed" | "usage";
  view?: string;
}

/**
 * Runs a command from CLI tokens. Null when the call should go through the runner instead (the
 * command is not in the manifest, anything about the arguments is not plain, or the command's
 * lean function hands the call over). A command that runs and fails answers here, as the runner
 * would: running it again through the runner would ask a failing provider twice.
 */
export async function runLeanTokens(
  name: string,
  tokens: string[],
  opts: LeanOptions = {},
): Promise<LeanAnswer | null> {
  const entry = leanEntry(name);
  if (!entry) return null;
  const shape = shapeOf(name, entry);
  let raw: Record<string, unknown>;
  try {
    raw = tokensToArgs(shape, tokens, cliKindOf(entry));
  } catch {
    return null;
  }
  const answer = await runLean(name, raw, opts);
  return answer ? { ...answer, view: entry.view } : null;
}

/**
 * Runs a command from named arguments (what the CLI read, or what a command passes to
 * `ctx.call`). Null when the call should go through the runner instead.
 */
export async function runLeanArgs(
  name: string,
  raw: Record<string, unknown>,
  opts: LeanOptions = {},
): Promise<Envelope | null> {
  return (await runLean(name, raw, opts))?.envelope ?? null;
}

async function runLean(
  name: string,
  raw: Record<string, unknown>,
  opts: LeanOptions,
): Promise<Omit<LeanAnswer, "view"> | null> {
  const entry = leanEntry(name);
  if (!entry) return null;
  const shape = shapeOf(name, entry);
  const notes: string[] = [];
  let args: Record<string, unknown> | null;
  try {
    const named = coerceTextArgs(shape, normalizeArgShape(shape, raw, notes), cliKindOf(entry));
    args = readArgs(entry, named, notes);
  } catch {
    return null;
  }
  if (!args) return null;
  let run: LeanRun;
  let session: Session;
  try {
    run = await leanRun(entry);
    session = opts.session ?? await loadDefaultSession(); // no cache modules without a cache
  } catch {
    return null;
  }
  const warnings = notes;
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const signal = controller.signal;
    const surface = opts.surface ?? "library";
    const ctx = makeContext(
      session,
      surface,
      warnings,
      signal,
      // The inner call can be stopped only when this one can: without a signal from the caller
      // this call's is never aborted, and the inner call needs no scope for it.
      (command, a, call) =>
        callAnother(command, a, call, {
          session,
          surface,
          signal: opts.signal ? signal : undefined,
        }),
    );
    // A call scope only matters when something can stop the call (a calling command's signal;
    // the lean path sets no time limit). The CLI's own call has neither, and cancel.ts's
    // AsyncLocalStorage would load Deno's Node layer, about 8 ms of every start.
    const work = () => run(args, ctx);
    const data = opts.signal
      ? await (await callScopeModule()).withCallScope(name, signal, undefined, work)
      : await work();
    // as the runner does: a copy unless the data stays in the process and needs none
    const safe = opts.inProcess && isJsonSafe(data) ? data : jsonSafe(data, warnings);
    const envelope = success(safe, warnings);
    return {
      envelope: finishCall(envelope, session.secrets(), raw, { name, ...opts }),
      status: "ok",
    };
  } catch (err) {
    if (err instanceof HandOver) return null;
    // as the runner ends a command that throws: a refused call shows the command's usage line
    const text = describeError(err);
    const usage = err instanceof UsageError && !opts.nested && !text.includes("(usage: ");
    const envelope = failure(usage ? `${text} (usage: ${entry.usage})` : text, warnings);
    return {
      envelope: finishCall(envelope, session.secrets(), raw, { name, ...opts }),
      status: err instanceof UsageError ? "usage" : "failed",
    };
  } finally {
    opts.signal?.removeEventListener("abort", onAbort);
  }
}

function cliKindOf(entry: PureEntry): (key: string) => CliKind {
  return (key) => entry.args[key]?.cli ?? "passthrough";
}

const runs = new Map<string, LeanRun>();

async function leanRun(entry: PureEntry): Promise<LeanRun> {
  const key = `${entry.module}#${entry.export}`;
  let run = runs.get(key);
  if (!run) {
    const mod = await lazyImport<Record<string, unknown>>(
      new URL(`../${entry.module}`, import.meta.url),
    );
    const fn = mod[entry.export];
    if (typeof fn !== "function") throw new Error(`${key} is not a function`);
    runs.set(key, run = fn as LeanRun);
  }
  return run;
}

type Runner = typeof import("../core/runner.ts");
const callScopeModule = () =>
  lazyImport<typeof import("../core/call_scope.ts")>(
    new URL("../core/call_scope.ts", import.meta.url),
  );

/** `ctx.call` on the lean path: lean when it can be, else the runner, with the same options. */
async function callAnother(
  command: string,
  args: Record<string, unknown>,
  call: CallOptions,
  where: { session: Session; surface: Surface; signal?: AbortSignal },
): Promise<Envelope> {
  const inProcess = call.inProcess ?? false;
  const lean = await runLeanArgs(command, args, { ...where, inProcess, nested: true });
  if (lean) return lean;
  // the runner finds commands through the registry, which registers itself when loaded
  const [, { runCommand }] = await Promise.all([
    lazyImport(new URL("../commands/registry.ts", import.meta.url)),
    lazyImport<Runner>(new URL("../core/runner.ts", import.meta.url)),
  ]);
  return await runCommand(command, args, { ...where, inProcess, nested: true });
}
