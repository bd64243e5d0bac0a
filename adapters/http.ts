/**
 * The HTTP adapter: a plain `(Request) => Promise<Response>` handler, so it mounts in
 * Deno.serve, in another app, or in a test without a socket.
 */
import { failure } from "../core/envelope.ts";
import { hasCommand } from "../commands/registry.ts";
import { execute } from "../core/runner.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { closest } from "../core/suggest.ts";
import { clip, reservedKeyIn, reservedMessage } from "../core/args.ts";
import { redactUrl } from "../core/redact.ts";
import { commandNames } from "../commands/registry.ts";
import { openApiResponse } from "./openapi.ts";
import { DOCS_HEADERS, docsPage } from "./api_docs.ts";
import { withCors } from "./cors.ts";
import { AnswerMemo } from "./answer_memo.ts";
import { longAnswer, PIECED_BODY_BYTES } from "./connections.ts";
import { pureEntry, runPureArgs, runPureArgsNow } from "./pure.ts";
import { describeError } from "../core/errors.ts";
import { type ClientInfo, type GuardOptions, reply, RequestGuard } from "./guard.ts";
import { duplicateKey, duplicateKeyMessage } from "./json_keys.ts";
import { guardOptionsFromEnv } from "./guard_env.ts";
import { processPlotFiles } from "./plot_files.ts";
import { weakTokenProblem } from "./bearer_token.ts";
import type { CliIO } from "../core/io.ts";
import { adapterSecrets, internalFailure, requestTimeout } from "./served.ts";
import { VERSION } from "../core/version.ts";
import {
  type ConnectionLimits,
  connectionLimitsFromEnv,
  DEFAULT_LIMITS,
  serveConnections,
  type Serving,
} from "./connections.ts";

// both doors (this one and MCP) use these; kept importable from here for existing callers
export { adapterSecrets, internalFailure, requestTimeout };

export interface HandlerOptions extends GuardOptions {
  session?: Session;
  /** Per-request time limit in ms for commands that do I/O (default 120 s). */
  timeoutMs?: number;
  /** Surface name passed to commands (mcp reuses this handler as "mcp"). */
  surface?: "http" | "mcp";
  /** Check result schemas (tests). */
  validateData?: boolean;
  /**
   * Browser origins allowed to call the adapter, with CORS headers and preflight answers (none by
   * default); the same list as `allowedOrigins`.
   */
  corsOrigins?: string[];
  /**
   * Stop a command's work when its client goes away (`req.signal`). Needs Deno's
   * `no-legacy-abort` behaviour (deno.json's `unstable` list, as `finance serve` runs): under the
   * legacy one Deno aborts that signal after every response and warns about it on stderr.
   */
  cancelOnDisconnect?: boolean;
  /**
   * The guard to share with another door of the same server (`finance mcp --http`'s `/mcp`), so
   * the two count one set of request slots; by default the handler makes its own.
   */
  guard?: RequestGuard;
  /**
   * Where pure calculators' answers are kept by body text (adapters/answer_memo.ts); null keeps
   * none. By default the handler makes its own, except when it checks result schemas.
   */
  memo?: AnswerMemo | null;
}

/** A JSON escape of a letter of `__proto__` (`\u005f`, `\u0070`, ...), in any case. */
const PROTO_ESCAPE = /\\u00(5f|7[024]|6f)/i;

const NO_ENDPOINT = "use POST /commands/<command>, GET /openapi.json, GET /docs or GET /health";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * A 200 answer from its JSON text, with the headers `reply` (adapters/guard.ts) gives, set the
 * same way after the body (Deno keeps such a response lazy until it is sent).
 */
function replyText(text: string): Response {
  // a long answer goes in pieces, each moving its connection's idle deadline (connections.ts)
  if (text.length > PIECED_BODY_BYTES) {
    return longAnswer(text, {
      headers: { "content-type": JSON_TYPE, "x-content-type-options": "nosniff" },
    });
  }
  const res = new Response(text);
  const h = res.headers;
  h.set("content-type", JSON_TYPE);
  h.append("x-content-type-options", "nosniff");
  return res;
}

/** The path of a request URL without building a URL object (the adapter's hot path). */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  const stop = end < 0 ? hash : hash < 0 ? end : Math.min(end, hash);
  return stop < 0 ? url.slice(start) : url.slice(start, stop);
}

/** An adapter's request handler; `info` (from Deno's server) names the client. */
export type AdapterHandler = (req: Request, info?: ClientInfo) => Promise<Response>;

/** Creates the adapter's request handler. */
export function createHandler(opts: HandlerOptions = {}): AdapterHandler {
  const origins = [...(opts.allowedOrigins ?? []), ...(opts.corsOrigins ?? [])];
  const guard = opts.guard ?? new RequestGuard({ ...opts, allowedOrigins: origins });
  // an exception anywhere below is an envelope, its text in the log without keys
  const fail = (err: unknown) =>
    reply(internalFailure(err, adapterSecrets(opts.session, opts.token)), 500);
  const handle = routes(opts, guard, fail);
  // no async layer here: a call's way through is one promise for its body and one for its answer
  const core = (req: Request, info?: ClientInfo): Promise<Response> => {
    try {
      const path = pathOf(req.url);
      const refused = guard.admit(req, page(req, path), info);
      return refused ? Promise.resolve(refused) : handle(req, path);
    } catch (err) {
      return Promise.resolve(fail(err));
    }
  };
  if (!origins.length) return core;
  // a preflight is answered by the CORS layer, before the routes: the Host and Origin checks
  // come first for it too (the token cannot: browsers send none on a preflight)
  const cors = withCors(origins, core);
  return (req: Request, info?: ClientInfo) => {
    const refused = guard.admit(req, "no-token", info);
    return refused ? Promise.resolve(refused) : cors(req, info);
  };
}

/**
 * The /docs page holds no data (it fetches /openapi.json with the reader's token), so it needs no
 * token: a browser cannot send a bearer token when it navigates. Host and Origin still apply.
 */
function page(req: Request, path: string): "no-token" | undefined {
  return path === "/docs" && (req.method === "GET" || req.method === "HEAD")
    ? "no-token"
    : undefined;
}

function routes(
  opts: HandlerOptions,
  guard: RequestGuard,
  fail: (err: unknown) => Response,
): (req: Request, path: string) => Promise<Response> {
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const plotFiles = opts.plotFiles ?? processPlotFiles;
  // result schemas are checked by the runner alone: a handler that checks them keeps no memo
  const memo = opts.validateData ? null : opts.memo === undefined ? new AnswerMemo() : opts.memo;

  /** The pages: GET (and HEAD) of /health, /openapi.json and /docs. */
  const pages = async (req: Request, path: string): Promise<Response | null> => {
    if (path === "/health") {
      const cache = await (opts.session ?? getDefaultSession()).cacheStatus();
      // the shared backend's address may carry its password as a query (redis://h?password=)
      if (cache.shared?.url) cache.shared = { ...cache.shared, url: redactUrl(cache.shared.url) };
      return reply({ ok: true, version: VERSION, commands: commandNames().length, cache });
    }
    if (path === "/openapi.json") return await openApiResponse(req);
    if (path === "/docs") return new Response(docsPage(), { headers: DOCS_HEADERS });
    return null;
  };

  /** A command's call from its body's text, once every check on the way in passed. */
  const call = async (req: Request, name: string, text: string): Promise<Response> => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return reply(
        failure(
          'request body is not valid JSON; send a JSON object such as {} or {"symbol":"AAPL"}',
        ),
        400,
      );
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return reply(
        failure("request body must be a JSON object of named arguments (use {} for none)"),
        400,
      );
    }
    // only a body that spells the key is walked: the hot path pays one substring search, and
    // a regular expression when the body holds an escape (JSON reads `"\u005f_proto__"` as
    // the same key: an escaped _, p, r, o or t sends the body to the walk too)
    const reserved = text.includes("__proto__") ||
        (text.includes("\\u") && PROTO_ESCAPE.test(text))
      ? reservedKeyIn(body)
      : null;
    if (reserved !== null) return reply(failure(reservedMessage(reserved)), 422);
    const twice = duplicateKey(text);
    if (twice) return reply(failure(duplicateKeyMessage(twice)), 422);
    // pure calculators skip the runner: no schema library, context, timer or signal (and no
    // promise once the calculator's module is loaded)
    if (!opts.validateData && pureEntry(name)) {
      const now = runPureArgsNow(name, body);
      const envelope = now === undefined ? await runPureArgs(name, body) : now;
      if (envelope) {
        const answer = JSON.stringify(envelope);
        // a research plan's body is a caller's question: its answer time would tell another
        // caller that the same question was asked, so it is not kept
        if (name !== "research.plan") memo?.set(name, text, answer);
        return replyText(answer);
      }
    }
    // a call that writes a chart file takes a place under the process's cap first
    const plot = plotFiles.claim(body);
    if (plot && "refused" in plot) return reply(failure(plot.refused), 422);
    let outcome;
    try {
      outcome = await execute(name, body, {
        session: opts.session,
        surface: opts.surface ?? "http",
        // a client that goes away stops the work (finance serve); embedded, without the
        // setting, the time limit and the request cap bound it
        signal: opts.cancelOnDisconnect ? req.signal : undefined,
        timeoutMs,
        validateData: opts.validateData,
      });
    } finally {
      await plot?.settle(outcome?.envelope);
    }
    // refused arguments are the client's to fix (422); a command that ran answers 200
    return reply(outcome.envelope, outcome.status === "usage" ? 422 : 200);
  };

  return (req: Request, path: string): Promise<Response> => {
    // HEAD is answered as GET (RFC 9110 9.3.2; Deno sends the headers without the body): a
    // monitor probing HEAD /health was told the endpoint does not exist
    const method = req.method;
    if (method === "GET" || method === "HEAD") {
      const answer = path === "/health" || path === "/openapi.json" || path === "/docs"
        ? pages(req, path)
        : null;
      if (answer) return answer.then((res) => res ?? reply(failure(NO_ENDPOINT), 404)).catch(fail);
    }
    const refused = commandRefusal(method, path);
    if (typeof refused !== "string") return Promise.resolve(refused);
    const name = refused;
    const busy = guard.contentType(req) ?? guard.contentEncoding(req) ?? guard.enter();
    if (busy) return Promise.resolve(busy);
    let read: Promise<string | Response>;
    try {
      read = guard.body(req);
    } catch (err) {
      guard.release();
      return Promise.resolve(fail(err));
    }
    const release = (res: Response) => {
      guard.release();
      return res;
    };
    const failed = (err: unknown) => {
      guard.release();
      return fail(err);
    };
    return read.then((text) => {
      try {
        if (typeof text !== "string") return release(text);
        // the same text answered before by a pure calculator passed every check below then
        const known = memo?.get(name, text);
        if (known !== undefined) return release(replyText(known));
        return call(req, name, text).then(release, failed);
      } catch (err) {
        return failed(err);
      }
    }, failed);
  };
}

/**
 * The command a request names (`POST /commands/<name>`), or the answer refusing it: no such
 * endpoint, not percent-encoding, another method, no such command.
 */
function commandRefusal(method: string, path: string): string | Response {
  if (!path.startsWith("/commands/") || path.indexOf("/", 10) >= 0 || path.length === 10) {
    return reply(
      // the method is the caller's text too (any token up to Deno's header limit, ~90 KB)
      failure(`no such endpoint ${clip(method)} ${path.slice(0, 200)}; ${NO_ENDPOINT}`),
      404,
    );
  }
  let name = path.slice(10);
  if (name.includes("%")) {
    try {
      name = decodeURIComponent(name);
    } catch {
      return reply(
        failure(
          `the command name in ${path.slice(0, 200)} is not valid percent-encoding; ${NO_ENDPOINT}`,
        ),
        400,
      );
    }
  }
  if (method !== "POST") {
    return reply(failure(`use POST for /commands/${clip(name)}`), 405, { allow: "POST" });
  }
  if (!hasCommand(name)) {
    const guess = closest(name, commandNames());
    return reply(
      failure(`unknown command \`${clip(name)}\`${guess ? `; did you mean \`${guess}\`?` : ""}`),
      404,
    );
  }
  return name;
}

/** `finance serve [--port N] [--host H]`. */
export async function serveFromCli(argv: string[], io: CliIO): Promise<number> {
  const session = getDefaultSession();
  const env = session.config.env;
  let portText = env("FINANCE_PORT") ?? "8765";
  let hostname = "127.0.0.1";
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port") portText = argv[++i] ?? "";
    else if (argv[i].startsWith("--port=")) portText = argv[i].slice(7);
    else if (argv[i] === "--host") hostname = argv[++i];
    else if (argv[i].startsWith("--host=")) hostname = argv[i].slice(7);
    else {
      io.err(`unknown option ${argv[i]}; finance serve [--port N] [--host ADDRESS]`);
      return 2;
    }
  }
  const port = parsePort(portText, "FINANCE_PORT");
  if (typeof port === "string") {
    io.err(port);
    return 2;
  }
  const guard = guardOptionsFromEnv(env, [hostname]);
  if (typeof guard === "string") {
    io.err(guard);
    return 2;
  }
  const loopback = hostname === "127.0.0.1" || hostname === "localhost" || hostname === "::1";
  if (!loopback && !guard.token) {
    io.err(
      `refusing to bind ${hostname} without FINANCE_ADAPTER_TOKEN: set it, and clients send Authorization: Bearer <token>`,
    );
    return 2;
  }
  const weak = guard.token ? weakTokenProblem(guard.token) : null;
  if (weak && !loopback) {
    io.err(`refusing to bind ${hostname}: ${weak}`);
    return 2;
  }
  // on loopback the token guards against local pages and users only: said, not refused
  if (weak) io.err(`finance serve: warning: ${weak}`);
  const timeoutMs = requestTimeout(env);
  if (typeof timeoutMs === "string") {
    io.err(timeoutMs);
    return 2;
  }
  const limits = connectionLimitsFromEnv(env);
  if (typeof limits === "string") {
    io.err(limits);
    return 2;
  }
  const handler = createHandler({ ...guard, session, timeoutMs, cancelOnDisconnect: true });
  return await listen(
    hostname,
    port,
    "finance serve",
    "FINANCE_PORT",
    io,
    handler,
    (addr) => io.err(`finance adapter listening on http://${addr}`),
    limits,
  );
}

/** A port from `--port` or a setting: a whole number from 0 to 65535, or what is wrong with it. */
export function parsePort(text: string, setting: string): number | string {
  const port = Number(text);
  return /^\s*\d+\s*$/.test(text) && port <= 65535
    ? port
    : `invalid port \`${
      text.slice(0, 40)
    }\`: use a whole number from 0 to 65535 (--port N or ${setting})`;
}

/**
 * Starts the server (adapters/connections.ts: Deno's HTTP server under a layer that times request
 * headers and caps open connections); a port in use or a refused address is one clear line (exit
 * 1), and an exception escaping the handler still answers an envelope.
 */
export async function listen(
  hostname: string,
  port: number,
  what: string,
  portSetting: string,
  io: CliIO,
  handler: AdapterHandler,
  onListen: (addr: string) => void,
  limits: ConnectionLimits = DEFAULT_LIMITS,
): Promise<number> {
  let server: Serving;
  try {
    server = serveConnections({
      hostname,
      port,
      limits,
      handler,
      onListen: ({ hostname, port }) =>
        onListen(`${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`),
      onError: (err) => reply(internalFailure(err, adapterSecrets(undefined, undefined)), 500),
      warn: (line) => io.err(`${what}: ${line}`),
    });
  } catch (err) {
    if (err instanceof Deno.errors.AddrInUse) {
      io.err(
        `${what}: port ${port} on ${hostname} is already in use; stop the other server or pick another port with --port N (or ${portSetting})`,
      );
    } else if (err instanceof Deno.errors.AddrNotAvailable) {
      io.err(`${what}: cannot listen on ${hostname}: the address is not on this machine`);
    } else if (err instanceof Deno.errors.PermissionDenied) {
      io.err(
        `${what}: not allowed to listen on ${hostname}:${port} (ports below 1024 need privileges)`,
      );
    } else {
      io.err(`${what}: cannot listen on ${hostname}:${port}: ${describeError(err)}`);
    }
    return 1;
  }
  await server.finished;
  return 0;
}
