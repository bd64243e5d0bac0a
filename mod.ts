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
  OpenApiApi,
  RegistryApi,
  RunnerApi,
  SessionApi,
  SessionRef,
} from "./core/library_api.ts";
import { lazyImport } from "./core/lazy.ts";

// Implementations load on first use: run as a script for a pure calculation, this module loads
// none of them (see core/pure.ts).
const load = <T>(path: string) => lazyImport<T>(new URL(path, import.meta.url));
const runner = () => load<RunnerApi>("./core/runner.ts");
const sessionModule = () => load<SessionApi>("./core/session.ts");
const configModule = () => load<ConfigApi>("./core/config.ts");

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

const sessions = new Map<string, SessionRef>();

async function sessionFor(options: FinanceOptions): Promise<SessionRef> {
  const [{ getDefaultSession, Session }, { loadConfig }] = await Promise.all([
    sessionModule(),
    configModule(),
  ]);
  // no await below: concurrent first calls with the same options share one session
  if (!options.replay && !options.record && !options.now) return getDefaultSession();
  const replay = options.replay
    ? (Array.isArray(options.replay) ? options.replay.join(":") : options.replay)
    : "";
  const key = JSON.stringify([replay, options.record ?? "", options.now ?? ""]);
  let session = sessions.get(key);
  if (!session) {
    const env: Record<string, string | undefined> = Deno.env.toObject();
    if (replay) env.FINANCE_REPLAY = replay;
    if (options.record) env.FINANCE_RECORD = options.record;
    if (options.now) env.FINANCE_NOW = options.now;
    session = new Session({ config: loadConfig(env) });
    sessions.set(key, session);
  }
  return session;
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
  let session: SessionRef;
  let run: RunnerApi;
  try {
    [session, run] = await Promise.all([sessionFor(options), runner()]);
  } catch (err) {
    return { ok: false, data: null, error: startError(err), warnings: [] };
  }
  return await run.runCommand(command, args, {
    session,
    surface: "library",
    timeoutMs: options.timeoutMs,
  });
}

/** Why the library could not start, with the fix when it is the usual one. */
function startError(err: unknown): string {
  const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
  if (/not a dependency|not in import map|Relative import path/.test(message)) {
    return `finance could not load its own modules (${message}); a project that imports finance needs "links": ["<path to finance>"] in its deno.json so that Deno reads finance's dependencies (README: From a research repository)`;
  }
  return message;
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
  const run = (command: string, args?: Record<string, unknown>, more: FinanceOptions = {}) =>
    finance(command as DynamicName<string>, args, { ...options, ...more });
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
  const { loadAllCommands } = await load<RegistryApi>("./core/registry.ts");
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

/**
 * The HTTP adapter as a `(Request) => Promise<Response>` handler, for embedding in another
 * `Deno.serve` app: `Deno.serve(createHandler())`.
 */
export function createHandler(options: AdapterOptions = {}): (req: Request) => Promise<Response> {
  type Handler = (req: Request) => Promise<Response>;
  const handler: Promise<Handler> = (async () => {
    const { createHandler } = await load<HttpApi>("./adapters/http.ts");
    return createHandler({
      session: await sessionFor({ replay: options.replay }),
      token: options.token,
      maxBodyBytes: options.maxBodyBytes,
      timeoutMs: options.timeoutMs,
      corsOrigins: options.corsOrigins,
    });
  })().catch((err) => {
    // A session that cannot start (say, a replay folder that does not exist) answers every
    // request with an envelope that says why, instead of a bare 500.
    const error = `the adapter could not start: ${
      err instanceof Error ? err.message : String(err)
    }`;
    return () =>
      Promise.resolve(
        Response.json({ ok: false, data: null, error, warnings: [] }, { status: 500 }),
      );
  });
  return async (req) => (await handler)(req);
}

if (import.meta.main) {
  // named through lazyImport so a program that imports this module neither loads nor
  // type-checks the command line
  const { main } = await load<CliApi>("./adapters/cli.ts");
  Deno.exit(await main(Deno.args));
}
