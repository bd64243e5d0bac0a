/**
 * finance: a research toolkit for public-company analysis. Every command returns the envelope
 * `{ok, data, error, warnings}`; the same commands serve the CLI, HTTP, MCP and notebooks.
 *
 * Run as a script, this module is the `finance` command line.
 *
 * @example
 * ```ts
 * import { finance } from "./mod.ts";
 * const result = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
 * if (result.ok) console.log(result.data.cagr_pct); // typed from the command's schema
 * else console.error(result.error);
 * ```
 * @module
 */
import type { Envelope } from "./core/envelope.ts";
import type { CommandMap } from "./commands/map.ts";
import type {
  CliApi,
  ConfigApi,
  HttpApi,
  JsonSchemaApi,
  JupyterApi,
  OpenApiApi,
  RegistryApi,
  RunnerApi,
  SessionApi,
  SessionRef,
} from "./core/library_api.ts";
import { lazyImport } from "./core/lazy.ts";
import { closest } from "./core/suggest.ts";

// Implementations load on first use: run as a script for a pure calculation, this module loads
// none of them (see adapters/pure.ts).
const load = <T>(path: string) => lazyImport<T>(new URL(path, import.meta.url));
// the runner finds commands through the registry, which registers itself with core when loaded
const runner = () =>
  Promise.all([load<unknown>("./commands/registry.ts"), load<RunnerApi>("./core/runner.ts")])
    .then(([, api]) => api);
const sessionModule = () => load<SessionApi>("./core/session.ts");
const configModule = () => load<ConfigApi>("./core/config.ts");
const errorsModule = () => load<typeof import("./core/errors.ts")>("./core/errors.ts");

export type { Envelope, Failure, Success } from "./core/envelope.ts";
export type { CommandMap } from "./commands/map.ts";

/** Every command name, e.g. `"filings.statement"`. */
export type CommandName = keyof CommandMap;
/** The named arguments of command `N`, as {@link finance} takes them. */
export type CommandArgs<N extends CommandName> = CommandMap[N]["args"];
/** The `data` of a successful envelope of command `N`. */
export type CommandData<N extends CommandName> = CommandMap[N]["data"];

/**
 * The parameters after the command name: `args` may be left out when the command has no
 * required argument.
 */
export type FinanceParams<N extends CommandName> = Record<string, never> extends CommandArgs<N>
  ? [args?: CommandArgs<N>, options?: FinanceOptions]
  : [args: CommandArgs<N>, options?: FinanceOptions];

/** `string`, but not a string literal: a literal command name must be a {@link CommandName}. */
export type DynamicName<S extends string> = string extends S ? S : never;

/** Per-call options of {@link finance}. */
export interface FinanceOptions {
  /** Answer every request from these cassette folders; nothing touches the network. */
  replay?: string | string[];
  /** Record live responses into this cassette folder. */
  record?: string;
  /** Fixed "now" (ISO date or date-time) for relative ranges such as `years=3`. */
  now?: string;
  /** Give up after this many milliseconds. */
  timeoutMs?: number;
}

/**
 * Sessions made for distinct options, least recently used first. A few are kept (each holds
 * its cassettes' index and parsed answers); the one that falls out is closed once its calls
 * have finished. {@link closeSessions} closes them all.
 */
const MAX_SESSIONS = 4;
interface Kept {
  session: SessionRef;
  calls: number;
  evicted: boolean;
}
const kept = new Map<string, Kept>();
/** The settings when the library first used the process-wide session. */
let defaultFingerprint: string | null = null;
/** The settings at the previous call, to tell when one changed. */
let lastSettings: Record<string, string> | null = null;

/** A session for one call, and what to do when the call ends. */
interface Lease {
  session: SessionRef;
  release(): void;
  /** Warnings for the envelope (a setting changed since the previous call). */
  notes: string[];
}

/**
 * The session for a call's options. The settings (FINANCE_REPLAY, FINANCE_NOW, keys, ...) are
 * read again on every call: a change (`Deno.env.set` in a later notebook cell) builds a session
 * with the new value and is said once in the envelope's warnings.
 */
async function lease(options: FinanceOptions): Promise<Lease> {
  const [{ getDefaultSession, Session }, { loadConfig, currentSettings }] = await Promise.all([
    sessionModule(),
    configModule(),
  ]);
  // no await below: concurrent first calls with the same options share one session
  const settings = currentSettings();
  const notes = settingsChanged(settings, options);
  const fingerprint = JSON.stringify(settings);
  if (!options.replay && !options.record && !options.now) {
    defaultFingerprint ??= fingerprint;
    if (fingerprint === defaultFingerprint) {
      return { session: getDefaultSession(), release: () => {}, notes };
    }
  }
  const replay = replayText(options.replay);
  const key = JSON.stringify([replay, options.record ?? "", options.now ?? "", fingerprint]);
  let entry = kept.get(key);
  if (entry) kept.delete(key); // put back below as the most recent
  else {
    const overrides: Record<string, string> = {};
    if (replay) overrides.FINANCE_REPLAY = replay;
    if (options.record) overrides.FINANCE_RECORD = options.record;
    if (options.now) overrides.FINANCE_NOW = options.now;
    const session = new Session({ config: loadConfig(undefined, overrides) });
    entry = { session, calls: 0, evicted: false };
  }
  kept.set(key, entry);
  for (const [oldKey, old] of kept) {
    if (kept.size <= MAX_SESSIONS) break;
    kept.delete(oldKey);
    retire(old);
  }
  const mine = entry;
  mine.calls++;
  return {
    session: mine.session,
    notes,
    release: () => {
      if (--mine.calls === 0 && mine.evicted) mine.session.close();
    },
  };
}

function replayText(replay: FinanceOptions["replay"]): string {
  return replay ? (Array.isArray(replay) ? replay.join(":") : replay) : "";
}

/** Marks a session as no longer kept; it closes now, or when its last call ends. */
function retire(entry: Kept): void {
  entry.evicted = true;
  if (entry.calls === 0) entry.session.close();
}

/** A warning naming each setting changed since the previous call (secret values not shown). */
function settingsChanged(now: Record<string, string>, options: FinanceOptions): string[] {
  const before = lastSettings;
  lastSettings = now;
  if (!before) return [];
  const given = new Set([
    ...(options.replay ? ["FINANCE_REPLAY"] : []),
    ...(options.record ? ["FINANCE_RECORD"] : []),
    ...(options.now ? ["FINANCE_NOW"] : []),
  ]);
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])]
    .filter((n) => before[n] !== now[n] && !given.has(n)).sort();
  if (!names.length) return [];
  const shown = (n: string, v: string | undefined) =>
    v === undefined
      ? "unset"
      : /KEY|SECRET|TOKEN|PASSWORD|AGENT/i.test(n)
      ? "(value hidden)"
      : JSON.stringify(v);
  const changes = names.map((n) => `${n} ${shown(n, before[n])} → ${shown(n, now[n])}`);
  return [
    `the environment changed since the previous call (${changes.join("; ")}): this call and ` +
    `later ones use the new ${names.length > 1 ? "settings" : "setting"}`,
  ];
}

/**
 * Closes the sessions the library made for per-call options (replay, record, now) and for
 * changed settings, letting go of their cache files, cassette indexes and parsed answers; a
 * later call makes a new one. The process-wide session (calls without options) stays open.
 * Only a few such sessions are kept at a time anyway; this lets a long-running notebook or
 * server free them at once.
 *
 * @example
 * ```ts
 * import { closeSessions, finance } from "@finance/finance";
 * const replay = "../shared/fixtures/cassettes/yahoo";
 * await finance("market.quote", { symbol: "AAPL" }, { replay });
 * closeSessions();
 * ```
 */
export function closeSessions(): void {
  for (const entry of kept.values()) retire(entry);
  kept.clear();
}

/**
 * Runs a command by name and returns its envelope. Never throws: a failure is `ok: false` with
 * an `error` that says what to do.
 *
 * With a literal command name, the name, the argument names and their types are checked, and
 * `data` has the command's type once `ok` is checked:
 *
 * ```ts
 * const r = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
 * if (r.ok) console.log(r.data.cagr_pct);
 * ```
 *
 * A name only known at run time (a `string`) is accepted too; its `data` is `unknown`.
 *
 * @param command Dotted command name, e.g. `filings.statement` (see {@link commands}).
 * @param params Named arguments, as in the HTTP adapter's JSON body, then per-call options
 *   (replay, record, clock, time limit).
 */
export function finance<N extends CommandName>(
  command: N,
  ...params: FinanceParams<N>
): Promise<Envelope<CommandData<N>>>;
/**
 * Runs a command whose name is only known at run time.
 *
 * @param command Dotted command name held in a `string` variable.
 * @param args Named arguments.
 * @param options Replay, record, clock and time limit for this call.
 */
export function finance<S extends string>(
  command: DynamicName<S>,
  args?: Record<string, unknown>,
  options?: FinanceOptions,
): Promise<Envelope<unknown>>;
export async function finance(
  command: string,
  args: Record<string, unknown> = {},
  options: FinanceOptions = {},
): Promise<Envelope<unknown>> {
  const envelope = await call(command, args, options);
  return inJupyter() ? await displayable(envelope, command) : envelope;
}

/** {@link finance} without the notebook display. */
async function call(
  command: string,
  args: Record<string, unknown>,
  options: FinanceOptions,
): Promise<Envelope<unknown>> {
  const fail = (error: string): Envelope<unknown> => ({
    ok: false,
    data: null,
    error,
    warnings: [],
  });
  const refused = refusedCall(command, options);
  if (refused) return fail(refused);
  const read = readArgs(command, args);
  if ("error" in read) return fail(read.error);
  let leased: Lease;
  let run: RunnerApi;
  try {
    [leased, run] = await Promise.all([lease(options), runner()]);
  } catch (err) {
    return fail(await startError(err));
  }
  try {
    const envelope = await run.runCommand(command, read.args as Record<string, unknown>, {
      session: leased.session,
      surface: "library",
      timeoutMs: options.timeoutMs,
    });
    if (leased.notes.length) envelope.warnings = [...leased.notes, ...envelope.warnings];
    return envelope;
  } catch (err) {
    // the runner answers every failure itself; this is the net under it
    return fail(`${command} failed: ${(await errorsModule()).errorText(err, command)}`);
  } finally {
    leased.release();
  }
}

/** True inside the Deno Jupyter kernel: elsewhere `Deno.jupyter` is absent or its getter throws. */
function inJupyter(): boolean {
  try {
    return typeof (Deno as unknown as { jupyter?: unknown }).jupyter === "object";
  } catch {
    return false;
  }
}

/**
 * In a notebook, an envelope left as a cell's last expression (`await finance(...)`) shows as
 * `show()` renders it (the command's own view: tables with units, citations, warnings) instead
 * of an object dump. The display method is a non-enumerable symbol: JSON, spreads and equality
 * checks do not see it. When the display module cannot load, the envelope is returned as is.
 */
async function displayable(envelope: Envelope<unknown>, command: string): Promise<Envelope> {
  try {
    const { show, JUPYTER_DISPLAY } = await load<JupyterApi>("./adapters/jupyter.ts");
    const name = typeof command === "string" ? command : undefined;
    Object.defineProperty(envelope, JUPYTER_DISPLAY, {
      value: () => show(envelope, { command: name })[JUPYTER_DISPLAY](),
      enumerable: false,
      configurable: true,
    });
  } catch {
    // the plain object still shows, as the kernel prints any value
  }
  return envelope;
}

/** setTimeout's largest delay: above it the timer fires at once, with a warning. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Why a call cannot be made as given (the command name or an option), or null. */
function refusedCall(command: unknown, options: unknown): string | null {
  if (typeof command !== "string" || !command.trim()) {
    return `finance(): the first argument is the command name, e.g. "formula.cagr", not ${
      describeValue(command)
    } (commands() lists them)`;
  }
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    return `finance(): options must be an object such as {replay, record, now, timeoutMs}, not ${
      describeValue(options)
    }`;
  }
  const o = options as Record<string, unknown>;
  const timeout = o.timeoutMs;
  if (
    timeout !== undefined &&
    (typeof timeout !== "number" || !Number.isFinite(timeout) || timeout <= 0 ||
      timeout > MAX_TIMEOUT_MS)
  ) {
    return `finance(): options.timeoutMs must be a number of milliseconds above 0 (at most ${MAX_TIMEOUT_MS}), not ${
      describeValue(timeout)
    }; leave it out for no time limit`;
  }
  // A misspelt option would otherwise be dropped without a word: `{ replays: dir }` would go
  // to the live providers, `{ timeout: 5000 }` would run with no time limit. Notebook cells are
  // not type-checked, so the names are checked here.
  for (const name of Object.keys(o)) {
    if (OPTION_NAMES.includes(name)) continue;
    const near = closest(name, OPTION_NAMES) ?? OPTION_WORDS[name.toLowerCase()];
    return `finance(): unknown option \`${name.slice(0, 60)}\`${
      near ? `; did you mean \`${near}\`?` : ""
    } (options: ${OPTION_NAMES.join(", ")})`;
  }
  const replay = o.replay;
  if (
    replay !== undefined && typeof replay !== "string" &&
    !(Array.isArray(replay) && replay.every((r) => typeof r === "string"))
  ) {
    return `finance(): options.replay must be a cassette folder or a list of them, not ${
      describeValue(replay)
    }`;
  }
  // an empty folder name would leave replay off and send the call to the live providers
  if (replay !== undefined && ![replay].flat().some((r) => r.trim())) {
    return "finance(): options.replay names no cassette folder (it is empty); give a folder such as " +
      '"tests/fixtures/filings/cassette", or leave replay out to use the live providers';
  }
  for (const name of ["record", "now"]) {
    const v = o[name];
    if (v instanceof Date && name === "now") {
      return "finance(): options.now must be text, not a Date; pass now.toISOString() " +
        '(or a date such as "2024-06-28")';
    }
    if (v !== undefined && typeof v !== "string") {
      return `finance(): options.${name} must be text, not ${describeValue(v)}`;
    }
    if (typeof v === "string" && !v.trim()) {
      return `finance(): options.${name} is empty; ${
        name === "record"
          ? "give the cassette folder to record into"
          : 'give a date such as "2024-06-28"'
      }, or leave it out`;
    }
  }
  if (typeof o.now === "string" && !validNow(o.now)) {
    return `finance(): options.now must be an ISO date or date-time such as "2024-06-28" or ` +
      `"2024-06-28T21:00:00Z", not ${describeValue(o.now)}`;
  }
  return null;
}

/** The options {@link finance} reads; any other name is refused. */
const OPTION_NAMES = ["replay", "record", "now", "timeoutMs"];
/** Other names callers give an option, for "did you mean". */
const OPTION_WORDS: Record<string, string> = {
  cassette: "replay",
  cassettes: "replay",
  replay_dir: "replay",
  timeout: "timeoutMs",
  timeout_ms: "timeoutMs",
  clock: "now",
  as_of: "now",
  today: "now",
};

/** An ISO date or date-time that names a real instant (`2024-02-30` does not). */
function validNow(text: string): boolean {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
      .exec(text.trim());
  if (!m || Number.isNaN(new Date(text.trim()).getTime())) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.getUTCMonth() === Number(m[2]) - 1 && day.getUTCDate() === Number(m[3]);
}

/**
 * A plain arguments object read once, so that a getter that throws is a failure naming the
 * argument rather than a rejected promise; anything else is passed on for the runner to judge.
 */
function readArgs(command: string, args: unknown): { args: unknown } | { error: string } {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return { args };
  if (args instanceof Map) {
    return {
      error: `${command}: the arguments are a Map; pass a plain object such as ` +
        '{ symbol: "AAPL" } (Object.fromEntries(map) makes one)',
    };
  }
  let key = "";
  try {
    const proto = Object.getPrototypeOf(args);
    if (proto !== Object.prototype && proto !== null) return { args };
    const entries: [string, unknown][] = [];
    for (key of Object.keys(args)) {
      const value = (args as Record<string, unknown>)[key];
      // a Date would be refused as "an object": say how to write the date instead
      if (value instanceof Date) {
        return {
          error: `${command}: argument \`${key}\` is a Date; pass the date as text such as ` +
            `"2024-06-28" (date.toISOString().slice(0, 10) gives its UTC day)`,
        };
      }
      entries.push([key, value]);
    }
    return { args: Object.fromEntries(entries) };
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      error: key
        ? `${command}: argument \`${key}\` could not be read (${why}); pass plain values`
        : `${command}: the arguments could not be read (${why}); pass a plain object`,
    };
  }
}

function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.slice(0, 60));
  if (value === null || value === undefined || typeof value !== "object") return String(value);
  return Array.isArray(value) ? "a list" : "an object";
}

/**
 * Why the library could not start: the usual case (a project that imports finance without
 * linking it) with its fix; an expected failure (a replay folder that does not exist) in its
 * own words; anything else as a reference to the log, never the exception's text.
 */
async function startError(err: unknown): Promise<string> {
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  if (/not a dependency|not in import map|Relative import path/.test(message)) {
    return `finance could not load its own modules (${message}); a project that imports finance needs "links": ["<path to finance>"] in its deno.json so that Deno reads finance's dependencies (README: From a research repository)`;
  }
  return await startWords(err, "finance (library start)");
}

/** errorText's words for a failure to start; a fixed sentence when even core/errors.ts fails. */
async function startWords(err: unknown, where: string): Promise<string> {
  try {
    return (await errorsModule()).errorText(err, where);
  } catch {
    return `internal error in ${where}: finance could not load its own modules; check the installation (deno cache mod.ts) and run again`;
  }
}

/** {@link finance} with options fixed in advance: what {@link session} returns. */
export interface Finance {
  /** Runs a command by literal name, with checked arguments and typed `data`. */
  <N extends CommandName>(command: N, ...params: FinanceParams<N>): Promise<
    Envelope<CommandData<N>>
  >;
  /** Runs a command whose name is only known at run time. */
  <S extends string>(
    command: DynamicName<S>,
    args?: Record<string, unknown>,
    options?: FinanceOptions,
  ): Promise<Envelope<unknown>>;
}

/**
 * A session: {@link finance} with options given once, e.g. the cassettes a notebook replays or
 * a fixed clock. Calls with the same options share one cache and one clock. Options passed to a
 * single call are added to these.
 *
 * @example
 * ```ts
 * import { session } from "@finance/finance";
 * const offline = session({ replay: ["../shared/fixtures/cassettes/yahoo"] });
 * const quote = await offline("market.quote", { symbol: "AAPL" });
 * ```
 */
export function session(options: FinanceOptions): Finance {
  // Checked on each call (an envelope, never a throw): a string spread into an object would
  // otherwise become options named 0, 1, 2 ... and a folder given alone would be dropped.
  const wrong = options === undefined ||
      (typeof options === "object" && options !== null && !Array.isArray(options))
    ? null
    : `session(): options must be an object such as { replay: "tests/fixtures/filings/cassette" }, not ${
      describeValue(options)
    }`;
  const run = (command: string, args?: Record<string, unknown>, more: FinanceOptions = {}) =>
    wrong
      ? Promise.resolve<Envelope<unknown>>({ ok: false, data: null, error: wrong, warnings: [] })
      : finance(command as DynamicName<string>, args, { ...options, ...more });
  return run as Finance;
}

/** What the registry knows about one command, with its schemas as JSON Schema. */
export interface CommandInfo {
  /** Dotted name. */
  name: string;
  /** One line. */
  summary: string;
  /** When to use it and when not. */
  description: string;
  /** CLI usage line. */
  usage: string;
  /** `network_read_only`, `local_or_network_read` or `pure_calculation`. */
  side_effects: string;
  /** `none` or `optional_environment_or_public_provider`. */
  auth_required: string;
  /** Result fields to cite. */
  citation_fields: string[];
  /** Arguments that may be given positionally on the CLI, in order. */
  positional: string[];
  /** JSON Schema of the arguments (the HTTP request body). */
  args_schema: Record<string, unknown>;
  /** JSON Schema of `data` in a successful envelope. */
  data_schema: Record<string, unknown>;
}

/** The command registry: every command with its schemas. */
export async function commands(): Promise<CommandInfo[]> {
  const { loadAllCommands } = await load<RegistryApi>("./commands/registry.ts");
  const { argsJsonSchema, dataJsonSchema } = await load<JsonSchemaApi>("./adapters/jsonschema.ts");
  return (await loadAllCommands()).map((def) => ({
    name: def.name,
    summary: def.summary,
    description: def.description ?? def.summary,
    usage: def.usage,
    side_effects: def.side_effects,
    auth_required: def.auth_required,
    citation_fields: def.citation_fields,
    positional: def.positional,
    args_schema: argsJsonSchema(def),
    data_schema: dataJsonSchema(def),
  }));
}

/**
 * The adapter's OpenAPI 3.1 document (what `GET /openapi.json` serves).
 *
 * @param options `server`: the address to list under `servers` (default `http://127.0.0.1:8765`).
 */
export async function openApiDocument(
  options: { server?: string } = {},
): Promise<Record<string, unknown>> {
  const { openApiDocument } = await load<OpenApiApi>("./adapters/openapi.ts");
  return await openApiDocument(options);
}

/** Options of {@link createHandler}. */
export interface AdapterOptions {
  /** Require `Authorization: Bearer <token>` on every request. */
  token?: string;
  /** Largest request body in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** Per-request time limit in ms (default 120 s). */
  timeoutMs?: number;
  /** Answer provider requests from these cassette folders. */
  replay?: string | string[];
  /** Browser origins allowed to call the adapter (CORS), e.g. `["http://localhost:5173"]`. */
  corsOrigins?: string[];
}

/** The adapter's own session, kept for its lifetime (not one of the library's few). */
async function handlerSession(replay: AdapterOptions["replay"]): Promise<SessionRef> {
  const [{ getDefaultSession, Session }, { loadConfig }] = await Promise.all([
    sessionModule(),
    configModule(),
  ]);
  const dirs = replayText(replay);
  if (!dirs) return getDefaultSession();
  return new Session({ config: loadConfig(undefined, { FINANCE_REPLAY: dirs }) });
}

/** The client a request came from, as `Deno.serve` passes it to its handler. */
export interface ClientAddress {
  /** The client's address and port. */
  remoteAddr: Deno.Addr;
}

/**
 * The HTTP adapter as a `(Request, info?) => Promise<Response>` handler, for embedding in another
 * `Deno.serve` app: `Deno.serve(createHandler())`. `Deno.serve` passes the client's address as
 * `info`, which the limit on failed token attempts counts by.
 */
export function createHandler(
  options: AdapterOptions = {},
): (req: Request, info?: ClientAddress) => Promise<Response> {
  type Handler = (req: Request, info?: ClientAddress) => Promise<Response>;
  const handler: Promise<Handler> = (async () => {
    const { createHandler } = await load<HttpApi>("./adapters/http.ts");
    return createHandler({
      session: await handlerSession(options.replay),
      token: options.token,
      maxBodyBytes: options.maxBodyBytes,
      timeoutMs: options.timeoutMs,
      corsOrigins: options.corsOrigins,
    });
  })().catch(async (err) => {
    // A session that cannot start (say, a replay folder that does not exist) answers every
    // request with an envelope that says why, instead of a bare 500; an unexpected failure's
    // own text goes to the log under a reference, not to every caller.
    const error = `the adapter could not start: ${await startWords(
      err,
      "finance createHandler",
    )}`;
    return () =>
      Promise.resolve(
        Response.json({ ok: false, data: null, error, warnings: [] }, { status: 500 }),
      );
  });
  return async (req, info) => (await handler)(req, info);
}

if (import.meta.main) {
  // named through lazyImport so a program that imports this module neither loads nor
  // type-checks the command line
  const { main } = await load<CliApi>("./adapters/cli.ts");
  Deno.exit(await main(Deno.args));
}
