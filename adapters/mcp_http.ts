/** `finance mcp --http`: MCP over Streamable HTTP on 127.0.0.1, beside the command adapter. */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { createMcpServer, refuseProtoArguments } from "./mcp.ts";
import { clip } from "../core/args.ts";
import { redactText } from "../core/redact.ts";
import {
  type AdapterHandler,
  adapterSecrets,
  createHandler,
  internalFailure,
  listen,
  parsePort,
  requestTimeout,
} from "./http.ts";
import { type ClientInfo, type GuardOptions, reply, RequestGuard } from "./guard.ts";
import { duplicateKey, duplicateKeyMessage } from "./json_keys.ts";
import { guardOptionsFromEnv } from "./guard_env.ts";
import { processPlotFiles } from "./plot_files.ts";
import { weakTokenProblem } from "./bearer_token.ts";
import { withCors } from "./cors.ts";
import { failure } from "../core/envelope.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { connectionLimitsFromEnv, longAnswer, PIECED_BODY_BYTES } from "./connections.ts";
import type { CliIO } from "../core/io.ts";
import type { ToolSet } from "./mcp_tools.ts";

/**
 * Serves `/mcp` (stateless Streamable HTTP) and the command adapter on one port, both behind the
 * same checks as `finance serve`: Host, Origin, token, content type, body size and time, request
 * cap, and the per-call time limit.
 */
export async function serveMcpHttp(
  argv: string[],
  io: CliIO,
  tools?: ToolSet,
): Promise<number> {
  const session = getDefaultSession();
  const env = session.config.env;
  let portText = env("FINANCE_MCP_PORT") ?? "8766";
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--port") portText = argv[++i] ?? "";
    else if (argv[i].startsWith("--port=")) portText = argv[i].slice(7);
    else {
      io.err(`unknown option ${argv[i]}; finance mcp --http [--port N]`);
      return 2;
    }
  }
  const port = parsePort(portText, "FINANCE_MCP_PORT");
  if (typeof port === "string") {
    io.err(port);
    return 2;
  }
  const opts = guardOptionsFromEnv(env);
  if (typeof opts === "string") {
    io.err(opts);
    return 2;
  }
  // it binds loopback only, so a weak token is warned, not refused (finance serve refuses it
  // beyond loopback)
  const weak = opts.token ? weakTokenProblem(opts.token) : null;
  if (weak) io.err(`finance mcp --http: warning: ${weak}`);
  // a bad value must not leave calls without a time limit
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
  // a client that goes away stops its work on both doors, as on `finance serve`
  const handler = createMcpHttpHandler({
    ...opts,
    session,
    timeoutMs,
    tools,
    cancelOnDisconnect: true,
  });
  return await listen(
    "127.0.0.1",
    port,
    "finance mcp --http",
    "FINANCE_MCP_PORT",
    io,
    handler,
    (addr) => io.err(`finance MCP (Streamable HTTP) on http://${addr}/mcp`),
    limits,
  );
}

/** What the MCP HTTP server is built from: the guard's settings, the session and the tools. */
export interface McpHttpOptions extends GuardOptions {
  session?: Session;
  /** Time limit of one command or tool call in ms (default 120 s). */
  timeoutMs?: number;
  tools?: ToolSet;
  /**
   * The `/commands` routes stop a call whose client goes away (needs Deno's no-legacy-abort, as
   * `createHandler`'s option of the same name); `/mcp` always stops its calls then.
   */
  cancelOnDisconnect?: boolean;
}

/**
 * The MCP HTTP server's request handler: `/mcp` and the command adapter's routes, both behind
 * the same Host, Origin and token checks. Origins in `allowedOrigins` get CORS headers and
 * preflight answers on `/mcp` as on `/commands`; any other page's request is refused (403).
 */
export function createMcpHttpHandler(opts: McpHttpOptions = {}): AdapterHandler {
  const session = opts.session ?? getDefaultSession();
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const tools = opts.tools;
  // the two doors share one cap on chart files, as they share the count of wrong tokens
  const plotFiles = opts.plotFiles ?? processPlotFiles;
  // one guard for both doors: one set of request slots (FINANCE_MAX_CONNECTIONS) for the server
  const guard = new RequestGuard(opts);
  const adapter = createHandler({ ...opts, session, timeoutMs, plotFiles, guard });
  // tool calls in progress, for a notifications/cancelled that comes in another request
  const inFlight = new InFlight();
  const secrets = () => adapterSecrets(session, opts.token);
  const mcp = async (req: Request, info?: ClientInfo): Promise<Response> => {
    const refused = guard.admit(req, undefined, info);
    if (refused) return refused;
    if (req.method !== "POST") return notServed(req.method);
    const busy = guard.contentType(req) ?? guard.contentEncoding(req) ?? guard.enter();
    if (busy) return busy;
    let slots = 1;
    try {
      const text = await guard.body(req);
      if (typeof text !== "string") return text;
      let parsedBody: unknown;
      try {
        parsedBody = JSON.parse(text);
      } catch {
        return reply(failure("request body is not valid JSON (an MCP JSON-RPC message)"), 400);
      }
      const twice = duplicateKey(text);
      const wrong = twice ? duplicateKeyMessage(twice) : messagesProblem(parsedBody);
      if (wrong) return reply(failure(wrong), 400);
      // a JSON-RPC batch runs its calls at once: each takes a request slot, as a request would
      if (Array.isArray(parsedBody) && parsedBody.length > 1) {
        guard.release();
        slots = 0;
        const refused = guard.enter(parsedBody.length);
        if (refused) return refused;
        slots = parsedBody.length;
      }
      const server = await createMcpServer({ session, timeoutMs, tools, plotFiles });
      return await exchange(server, req, parsedBody, inFlight, caller(req, info), secrets);
    } finally {
      guard.release(slots);
    }
  };
  // an exception escaping the MCP transport is an envelope, its text in the log without keys
  const guarded = async (req: Request, info?: ClientInfo): Promise<Response> => {
    try {
      return await mcp(req, info);
    } catch (err) {
      return reply(internalFailure(err, secrets()), 500);
    }
  };
  const cors = withCors(opts.allowedOrigins ?? [], guarded);
  // Host and Origin are checked before the CORS preflight answer too (every method is checked)
  const mcpRoute = async (req: Request, info?: ClientInfo) =>
    pieced(nosniff(guard.admit(req, "no-token", info) ?? await cors(req, info)));
  return (req, info) => {
    const path = req.url.slice(req.url.indexOf("/", req.url.indexOf("//") + 2));
    return path === "/mcp" || path.startsWith("/mcp?") ? mcpRoute(req, info) : adapter(req, info);
  };
}

/** JSON-RPC's request id. */
type Id = string | number;

/** The most messages the MCP transport takes in one batch (its MAX_BATCH_SIZE). */
export const MAX_BATCH_MESSAGES = 100;

/** The code of a call's answer when the client cancelled it (LSP's RequestCancelled). */
export const REQUEST_CANCELLED = -32800;

const SEND_HOW =
  "POST JSON-RPC messages with content-type application/json and Accept: application/json, text/event-stream";

/** The answer to any method but POST: /mcp is stateless, so no stream to open, no session to end. */
function notServed(method: string): Response {
  const why = method === "GET" || method === "HEAD"
    ? "GET /mcp opens no event stream here (stateless MCP)"
    : method === "DELETE"
    ? "DELETE /mcp ends a session, and this server keeps none (stateless MCP): there is nothing to end"
    : `${clip(method)} is not a method of /mcp`;
  return reply(failure(`${why}; ${SEND_HOW}`), 405, { allow: "POST" });
}

/**
 * What is wrong with a body's JSON-RPC messages that the transport would answer badly: an empty
 * batch (accepted as nothing), a batch over its limit (after taking as many request slots), a
 * numeric id JSON cannot carry back exactly (the answer would name another id), and two
 * requests of one batch with the same id (one answer was lost). Null when none is.
 */
function messagesProblem(body: unknown): string | null {
  const messages = Array.isArray(body) ? body : [body];
  if (Array.isArray(body) && body.length === 0) {
    return `an empty JSON-RPC batch holds no message; ${SEND_HOW}`;
  }
  if (messages.length > MAX_BATCH_MESSAGES) {
    return `a JSON-RPC batch holds at most ${MAX_BATCH_MESSAGES} messages here and this one holds ${messages.length}; send them in several requests`;
  }
  const ids = new Set<string>();
  for (const m of messages) {
    if (m === null || typeof m !== "object" || Array.isArray(m) || !("id" in m)) continue;
    const id = (m as { id: unknown }).id;
    if (typeof id === "number" && !Number.isSafeInteger(id)) {
      return `the JSON-RPC id ${
        clip(String(id))
      } is not a whole number the answer can carry back exactly (at most 2^53 - 1); send the id as a string or a smaller whole number`;
    }
    if (!("method" in m) || (typeof id !== "number" && typeof id !== "string")) continue;
    const key = `${typeof id}:${id}`;
    if (ids.has(key)) {
      return `two requests of the batch have the id ${
        clip(JSON.stringify(id))
      }: their answers are told apart by id, so give each request its own`;
    }
    ids.add(key);
  }
  return null;
}

/** Who may cancel a call from another request: the same address with the same credentials. */
function caller(req: Request, info?: ClientInfo): string {
  const addr = info?.remoteAddr as Deno.NetAddr | undefined;
  return `${addr?.hostname ?? ""}\n${req.headers.get("authorization") ?? ""}`;
}

/**
 * The calls in progress, by caller and id, for notifications/cancelled sent in a request of its
 * own (as MCP clients send it, while the call's request waits). Stateless MCP has no session to
 * tell two clients apart: clients at one address with one token share ids, so an id two calls
 * in progress share is ambiguous and cancels neither.
 */
class InFlight {
  readonly #calls = new Map<string, Set<(reason: string) => void>>();

  add(who: string, id: Id, cancel: (reason: string) => void): () => void {
    const key = `${who}\n${typeof id}:${id}`;
    let set = this.#calls.get(key);
    if (!set) this.#calls.set(key, set = new Set());
    set.add(cancel);
    return () => {
      set.delete(cancel);
      if (!set.size && this.#calls.get(key) === set) this.#calls.delete(key);
    };
  }

  cancel(who: string, id: Id, reason: string): void {
    const set = this.#calls.get(`${who}\n${typeof id}:${id}`);
    if (set?.size === 1) { for (const cancel of set) cancel(reason); }
  }
}

type Message = Record<string, unknown>;

function isCancel(m: Message): m is Message & { params: { requestId: Id; reason?: unknown } } {
  const id = (m.params as { requestId?: unknown } | undefined)?.requestId;
  return m.method === "notifications/cancelled" &&
    (typeof id === "string" || typeof id === "number");
}

/**
 * One POST to /mcp through a fresh stateless transport. Calls stop (their signals abort) when the
 * client cancels them (notifications/cancelled, in this request or another) or goes away; a
 * cancelled call is answered with an error, so the request's answer is never left waiting for it.
 * Errors the SDK makes of an exception (a message of the engine's or the schema library's) are
 * answered in words, without secrets.
 */
async function exchange(
  server: Server,
  req: Request,
  body: unknown,
  inFlight: InFlight,
  who: string,
  secrets: () => string[],
): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  refuseProtoArguments(transport);
  const messages = (Array.isArray(body) ? body : [body]) as Message[];
  const requests = new Map<Id, string>();
  for (const m of messages) {
    if (
      m && typeof m.method === "string" && (typeof m.id === "string" || typeof m.id === "number")
    ) {
      requests.set(m.id, m.method);
    }
  }
  const answered = new Set<Id>();
  let listedChars = 0;
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    const m = message as Message;
    const id = m.id as Id | undefined;
    if (id !== undefined && ("result" in m || "error" in m)) {
      if (answered.has(id)) return Promise.resolve();
      answered.add(id);
      if ("error" in m) message = plainError(m, requests.get(id), secrets) as JSONRPCMessage;
      else {
        listedChars += listedLength(requests.get(id), m.result);
        if (listedChars > MAX_RESOURCE_CHARS) message = tooMuchRead(id) as JSONRPCMessage;
      }
    }
    return send(message, options);
  };
  const deliver = transport.onmessage!;
  const cancel = (id: Id, reason: string) => {
    if (answered.has(id)) return;
    // the SDK aborts the call's signal, and sends nothing for it: the answer is ours to give
    deliver({
      jsonrpc: "2.0",
      method: "notifications/cancelled",
      params: { requestId: id, reason },
    });
    transport.send({
      jsonrpc: "2.0",
      id,
      error: {
        code: REQUEST_CANCELLED,
        message: `request ${clip(String(id))} was cancelled: ${reason}`,
      },
    }).catch(() => {});
  };
  transport.onmessage = (message: JSONRPCMessage, extra?: MessageExtraInfo) => {
    const m = message as Message;
    if (!isCancel(m)) {
      // a call whose cancellation came first in the batch is answered already: it never runs
      // (it would have run on, outside any request slot, after the answer)
      if (m.method !== undefined && answered.has(m.id as Id)) return;
      return deliver(message, extra);
    }
    const id = m.params.requestId;
    const reason = `notifications/cancelled${
      typeof m.params.reason === "string" ? ` (${clip(m.params.reason)})` : ""
    }`;
    if (requests.has(id)) cancel(id, reason);
    else inFlight.cancel(who, id, reason);
  };
  const registered = [...requests.keys()].map((id) =>
    inFlight.add(who, id, (reason) => cancel(id, `${reason} from another request`))
  );
  let gone = () => {};
  const closed = new Promise<null>((resolve) => gone = () => resolve(null));
  req.signal.addEventListener("abort", gone, { once: true });
  try {
    // a client gone while its body was read has nothing run for it
    const res = req.signal.aborted
      ? null
      : await Promise.race([transport.handleRequest(req, { parsedBody: body }), closed]);
    if (res) return res;
    // the client went away: closing the server aborts every call's signal; nobody reads this
    await server.close().catch(() => {});
    return reply(failure("the client closed the connection; its calls were stopped"), 400);
  } finally {
    req.signal.removeEventListener("abort", gone);
    for (const done of registered) done();
  }
}

/**
 * Characters of resource text and tool lists one request's answers may carry. The OpenAPI
 * resource is 350 KB: a batch of 100 reads of it (7 KB sent) made 35 MB to write, and held every
 * caller for seconds; a client needs it once.
 */
export const MAX_RESOURCE_CHARS = 4_000_000;

/** The JSON length of each tools/list answer (the same list object every time), once. */
const listLengths = new WeakMap<object, number>();

/**
 * The characters a resources/read or tools/list answer carries (`--tools all` lists about 362,000);
 * 0 for other answers, which are small or bounded by their own caps.
 */
function listedLength(method: string | undefined, result: unknown): number {
  if (method === "tools/list") {
    const tools = (result as { tools?: unknown } | null)?.tools;
    if (!tools || typeof tools !== "object") return 0;
    let n = listLengths.get(tools);
    if (n === undefined) listLengths.set(tools, n = JSON.stringify(tools).length);
    return n;
  }
  if (method !== "resources/read") return 0;
  const contents = (result as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents)) return 0;
  let n = 0;
  for (const c of contents) {
    const text = (c as { text?: unknown; blob?: unknown } | null)?.text ??
      (c as { blob?: unknown } | null)?.blob;
    if (typeof text === "string") n += text.length;
  }
  return n;
}

function tooMuchRead(id: Id): Message {
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: SERVER_LIMIT,
      message:
        `the tool lists and resources read by this request pass ${MAX_RESOURCE_CHARS} characters: list the tools and read each resource once, and the others in another request`,
    },
  };
}

/** JSON-RPC's code for a limit of this server (the implementation-defined range). */
const SERVER_LIMIT = -32000;

/** The SDK's code for an exception thrown while a request was handled. */
const INTERNAL_ERROR = -32603;

/**
 * An error answer as a caller should read it: an exception's text (a schema library's issue
 * list, an engine message) becomes what was wrong with the params, or an internal error with a
 * reference to the log; no text carries a secret.
 */
function plainError(m: Message, method: string | undefined, keys: () => string[]): Message {
  const secrets = keys();
  const error = m.error as { code?: unknown; message?: unknown; data?: unknown };
  const text = typeof error?.message === "string" ? error.message : "";
  if (error?.code !== INTERNAL_ERROR) {
    return { ...m, error: { ...error, message: redactText(text, secrets) } };
  }
  const issues = schemaIssues(text);
  const message = issues
    ? `invalid params for ${clip(method ?? "the request")}: ${issues}`
    : internalFailure(new Error(text), secrets).error!;
  return {
    ...m,
    error: {
      code: issues ? INVALID_PARAMS : INTERNAL_ERROR,
      message: redactText(message, secrets),
    },
  };
}

const INVALID_PARAMS = -32602;

/** A schema library's issue list (JSON text) in words, or null when the text is not one. */
function schemaIssues(text: string): string | null {
  if (!text.startsWith("[")) return null;
  try {
    const issues = JSON.parse(text) as { path?: unknown[]; message?: string }[];
    if (!Array.isArray(issues) || !issues.length) return null;
    return issues.slice(0, 3).map((i) =>
      `${(i.path ?? []).map(String).join(".").slice(0, 100) || "params"}: ${
        String(i.message ?? "invalid").slice(0, 200)
      }`
    ).join("; ");
  } catch {
    return null;
  }
}

/**
 * A long JSON answer (every tool's definition, a command's long result) goes to Deno in pieces,
 * each moving the connection's idle deadline, so a slow reader gets it whole (connections.ts).
 */
async function pieced(res: Response): Promise<Response> {
  if (!res.body || !/^application\/json/i.test(res.headers.get("content-type") ?? "")) return res;
  const bytes = await res.bytes();
  return bytes.byteLength > PIECED_BODY_BYTES
    ? longAnswer(bytes, { status: res.status, headers: res.headers })
    : new Response(bytes, { status: res.status, headers: res.headers });
}

/** Every answer of /mcp carries nosniff: a browser never reads one (which may echo) as HTML. */
function nosniff(res: Response): Response {
  if (res.headers.get("x-content-type-options") === "nosniff") return res;
  try {
    res.headers.set("x-content-type-options", "nosniff");
    return res;
  } catch {
    const headers = new Headers(res.headers);
    headers.set("x-content-type-options", "nosniff");
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  }
}
