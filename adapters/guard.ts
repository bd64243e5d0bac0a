/**
 * What the HTTP adapter and the MCP HTTP server check before any command runs: the `Host` a
 * request names (DNS rebinding), the `Origin` of a browser page (cross-site requests), the
 * token, the content type, and how large and how slow a request body may be. Every refusal is an
 * envelope with a status that tells HTTP clients what happened.
 */
import { failure } from "../core/envelope.ts";
import { clip } from "../core/args.ts";
import { counted } from "./connections.ts";
import { loneSurrogate, loneSurrogateMessage } from "./well_formed.ts";

/** The doors a server keeps shut by default, and the settings that open them. */
export interface GuardOptions {
  /** When set, every request needs `Authorization: Bearer <token>` (FINANCE_ADAPTER_TOKEN). */
  token?: string;
  /**
   * Host names answered besides IP literals and `localhost` (FINANCE_ALLOWED_HOSTS): exact
   * names, `.example.com` for a domain and its subdomains, or `*` for any.
   */
  allowedHosts?: string[];
  /** Browser origins allowed to call, e.g. `http://localhost:3000` (FINANCE_ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
  /** Largest accepted request body in bytes (FINANCE_MAX_BODY_BYTES, default 1 MB). */
  maxBodyBytes?: number;
  /** Time allowed to receive a request body, in ms (FINANCE_BODY_TIMEOUT_MS, default 10 s). */
  bodyTimeoutMs?: number;
  /** Requests handled at once before answering 503 (FINANCE_MAX_CONNECTIONS, default 256). */
  maxConcurrent?: number;
  /**
   * Wrong tokens counted per client address (FINANCE_MAX_TOKEN_FAILURES a minute, default 10);
   * servers that share one (the MCP server's two doors) share the count.
   */
  tokenFailures?: TokenFailures;
  /** Chart files network callers may have the process write (FINANCE_MAX_PLOT_FILES/_BYTES). */
  plotFiles?: PlotFiles;
}

/** Default chart files (`plot_path`) network callers may have a server process write. */
export const DEFAULT_MAX_PLOT_FILES = 1000;
/** Default bytes of chart files network callers may have a server process write (256 MiB). */
export const DEFAULT_MAX_PLOT_BYTES = 256 * 1024 * 1024;

/**
 * The chart files network callers had this server process write (backtest.run's `plot_path`):
 * each call writes a new file (never replacing one), so without a cap a caller could fill the
 * allowed folders' disk with new names. Past `maxFiles` files, or `maxBytes` bytes, a call that
 * asks for a chart is refused before it runs (the cap is per process: a restart resets it, and
 * files deleted meanwhile are still counted). Calls in progress hold a place, so callers at once
 * cannot pass the count together.
 */
export class PlotFiles {
  readonly maxFiles: number;
  readonly maxBytes: number;
  #files = 0;
  #bytes = 0;
  #pending = 0;

  constructor(maxFiles = DEFAULT_MAX_PLOT_FILES, maxBytes = DEFAULT_MAX_PLOT_BYTES) {
    this.maxFiles = maxFiles;
    this.maxBytes = maxBytes;
  }

  /** Files and bytes written so far. */
  get written(): { files: number; bytes: number } {
    return { files: this.#files, bytes: this.#bytes };
  }

  /**
   * For a call whose arguments ask for a chart file: a refusal when the cap is reached, else a
   * place held until `settle` (call it with the call's envelope). Null when none is asked for.
   */
  claim(
    args: unknown,
  ): { refused: string } | { settle: (envelope: unknown) => Promise<void> } | null {
    const asked = args !== null && typeof args === "object" &&
      typeof (args as Record<string, unknown>).plot_path === "string" &&
      (args as Record<string, unknown>).plot_path !== "";
    if (!asked) return null;
    if (this.#files + this.#pending >= this.maxFiles || this.#bytes >= this.maxBytes) {
      const what = this.#bytes >= this.maxBytes
        ? `its cap of ${this.maxBytes} bytes of chart files (FINANCE_MAX_PLOT_BYTES)`
        : `its cap of ${this.maxFiles} chart files (FINANCE_MAX_PLOT_FILES)`;
      return {
        refused:
          `plot_path refused: this server has reached ${what} written for callers since it started; call again without plot_path (the result carries the equity curve), or ask the operator to raise the setting`,
      };
    }
    this.#pending++;
    let open = true;
    return {
      settle: async (envelope: unknown) => {
        if (!open) return;
        open = false;
        this.#pending--;
        const path = (envelope as { ok?: boolean; data?: { plot_path?: unknown } } | null)
          ?.data?.plot_path;
        if (typeof path !== "string") return;
        this.#files++;
        try {
          this.#bytes += (await Deno.stat(path)).size;
        } catch { /* removed already: counted as a file alone */ }
      },
    };
  }
}

/** The chart-file cap of servers built without settings (the library's handler). */
export const processPlotFiles = new PlotFiles();

/** The chart-file cap from FINANCE_MAX_PLOT_FILES and FINANCE_MAX_PLOT_BYTES, or what is wrong. */
export function plotFilesFromEnv(env: (name: string) => string | undefined): PlotFiles | string {
  const limits: number[] = [];
  for (
    const [name, fallback] of [
      ["FINANCE_MAX_PLOT_FILES", DEFAULT_MAX_PLOT_FILES],
      ["FINANCE_MAX_PLOT_BYTES", DEFAULT_MAX_PLOT_BYTES],
    ] as const
  ) {
    const raw = env(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isSafeInteger(n) || n <= 0) {
      return `${name} must be a positive whole number, not ${raw}`;
    }
    limits.push(n);
  }
  return new PlotFiles(limits[0], limits[1]);
}

/** Where a request came from, as Deno's HTTP server tells a handler. */
export interface ClientInfo {
  remoteAddr: Deno.Addr;
}

/** Default wrong tokens a client may send in a window before it is answered 429. */
export const DEFAULT_MAX_TOKEN_FAILURES = 10;
/** The window wrong tokens are counted in, in ms. */
export const TOKEN_FAILURE_WINDOW_MS = 60_000;
/** Clients whose failures are remembered at once; past it the oldest record is forgotten. */
const MAX_FAILING_CLIENTS = 10_000;

/**
 * Wrong tokens per client address (as the per-client connection cap names clients: an IPv6
 * client by its /64). A client that sent `max` wrong tokens in a window is refused until the
 * window ends, without its token being compared, so guessing goes at `max` tries a minute.
 * Loopback clients are not counted: a reverse proxy on this machine makes every client loopback,
 * so one guesser would lock every caller out; such a proxy limits its own clients.
 */
export class TokenFailures {
  readonly max: number;
  readonly windowMs: number;
  readonly #clients = new Map<string, { count: number; resetAt: number }>();
  readonly #now: () => number;

  constructor(
    max = DEFAULT_MAX_TOKEN_FAILURES,
    windowMs = TOKEN_FAILURE_WINDOW_MS,
    now = Date.now,
  ) {
    this.max = max;
    this.windowMs = windowMs;
    this.#now = now;
  }

  /** Clients with failures on record. */
  get size(): number {
    return this.#clients.size;
  }

  /** Ms until `client` may try again when it is over the limit, else 0. */
  blockedFor(client: string): number {
    const entry = this.#clients.get(client);
    if (!entry) return 0;
    const left = entry.resetAt - this.#now();
    if (left <= 0) {
      this.#clients.delete(client);
      return 0;
    }
    return entry.count >= this.max ? left : 0;
  }

  /** Counts one wrong token from `client`. */
  fail(client: string): void {
    const now = this.#now();
    let entry = this.#clients.get(client);
    if (!entry || entry.resetAt <= now) {
      if (entry) this.#clients.delete(client);
      if (this.#clients.size >= MAX_FAILING_CLIENTS) this.#forget(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.#clients.set(client, entry);
    }
    entry.count++;
  }

  /** Drops ended windows; when none has ended, the oldest record (insertion order). */
  #forget(now: number): void {
    for (const [client, entry] of this.#clients) {
      if (entry.resetAt <= now) this.#clients.delete(client);
    }
    if (this.#clients.size >= MAX_FAILING_CLIENTS) {
      this.#clients.delete(this.#clients.keys().next().value!);
    }
  }
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * An envelope response, JSON with nosniff (a browser never reads an answer, which may echo a
 * caller's text, as HTML or script). The headers go on after the body: Deno 2.9 builds a native
 * response at construction for a body with headers other than a bare content type, and drops it
 * again when a header is added, while a response made from a string alone stays lazy until its
 * headers are read (measured: about 1.6 against 4 to 14 µs a response).
 */
export function reply(body: unknown, status = 200, headers?: Record<string, string>): Response {
  const res = status === 200
    ? new Response(JSON.stringify(body))
    : new Response(JSON.stringify(body), { status });
  const h = res.headers;
  h.set("content-type", JSON_TYPE);
  h.append("x-content-type-options", "nosniff");
  if (headers) { for (const name of Object.keys(headers)) h.set(name, headers[name]); }
  return res;
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i % (x.length || 1)] ?? 0) ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0;
}

/**
 * The host name of a `Host` header value, lower case, without port or final dot. A value that is
 * not `name[:digits]` or `[address][:digits]` (`localhost:80@evil.example`, `127.0.0.1:1:2`,
 * `[::1]x`) is returned whole, so no allowed name is read out of it: such a value is refused.
 */
export function hostName(header: string): string {
  let h = header.trim().toLowerCase();
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    return end > 0 && /^(:\d*)?$/.test(h.slice(end + 1)) ? h.slice(0, end + 1) : h;
  }
  const colon = h.indexOf(":");
  if (colon >= 0) {
    if (!/^\d*$/.test(h.slice(colon + 1))) return h;
    h = h.slice(0, colon);
  }
  return h.endsWith(".") ? h.slice(0, -1) : h;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * True when a request naming `host` may be answered. A DNS rebinding page reaches this server
 * under a name of its own, so names must be configured; an IP literal or localhost cannot be
 * rebound.
 */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (host === "localhost" || IPV4.test(host) || /^\[[0-9a-f:.]+\]$/.test(host)) return true;
  for (const a of allowed) {
    if (a === "*" || a === host) return true;
    if (a.startsWith(".") && (host.endsWith(a) || host === a.slice(1))) return true;
  }
  return false;
}

/** True when `origin` is this server as the request names it (`http://<Host>`). */
function sameOrigin(origin: string, host: string | null): boolean {
  return host !== null && origin.toLowerCase() === `http://${host.trim().toLowerCase()}`;
}

/** A comma- or space-separated setting as a list of lower-case entries. */
export function listSetting(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).map((v) => v.trim().toLowerCase().replace(/\/+$/, ""))
    .filter(Boolean);
}

/**
 * One periodic sweep for every pending deadline (no timer per request). Times are read from
 * `Date.now()`, which V8 answers itself, where `performance.now()` is a call into Deno's runtime
 * on every request; a deadline of seconds does not need more than the wall clock.
 */
class Deadlines {
  #pending = new Set<{ at: number; fire: () => void }>();
  #timer: ReturnType<typeof setInterval> | undefined;

  add(ms: number, fire: () => void): { at: number; fire: () => void } {
    const entry = { at: Date.now() + ms, fire };
    this.#pending.add(entry);
    if (this.#timer === undefined) {
      const timer = setInterval(() => this.#sweep(), Math.min(250, Math.max(10, ms / 4)));
      Deno.unrefTimer(timer);
      this.#timer = timer;
    }
    return entry;
  }

  remove(entry: { at: number; fire: () => void }): void {
    this.#pending.delete(entry);
  }

  #sweep(): void {
    const now = Date.now();
    for (const e of this.#pending) {
      if (e.at <= now) {
        this.#pending.delete(e);
        e.fire();
      }
    }
  }
}

const deadlines = new Deadlines();

const TOO_LARGE = Symbol("too large");
const NOT_UTF8 = Symbol("not UTF-8");

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A body's bytes as text, or NOT_UTF8 when they are not UTF-8: a lenient decoder would turn each
 * bad byte into U+FFFD and the call would run on text the caller never sent (a Latin-1 "Nestlé"
 * looked up as "Nestl\ufffd"). A leading byte order mark is dropped, as JSON readers do.
 */
function utf8(bytes: ArrayBuffer | Uint8Array): string | typeof NOT_UTF8 {
  try {
    return UTF8.decode(bytes);
  } catch {
    return NOT_UTF8;
  }
}

/** The checks, bound to one server's settings. */
export class RequestGuard {
  readonly token?: string;
  readonly maxBodyBytes: number;
  readonly bodyTimeoutMs: number;
  readonly maxConcurrent: number;
  readonly #hosts: string[];
  readonly #origins: Set<string>;
  readonly #failures: TokenFailures;
  #active = 0;
  #passedHost: string | null = null;
  #passedType: string | null = null;

  constructor(opts: GuardOptions = {}) {
    this.token = opts.token;
    this.maxBodyBytes = opts.maxBodyBytes ?? 1_000_000;
    this.bodyTimeoutMs = opts.bodyTimeoutMs ?? 10_000;
    this.maxConcurrent = opts.maxConcurrent ?? 256;
    this.#hosts = (opts.allowedHosts ?? []).map((h) => h.toLowerCase());
    this.#origins = new Set((opts.allowedOrigins ?? []).map((o) => o.toLowerCase()));
    this.#failures = opts.tokenFailures ?? new TokenFailures();
  }

  /** The allowed origin a request comes from, if it carries one that is allowed. */
  allowedOrigin(req: Request): string | null {
    if (this.#origins.size === 0) return null;
    const origin = req.headers.get("origin");
    if (!origin) return null;
    const o = origin.trim().toLowerCase().replace(/\/+$/, "");
    return this.#origins.has(o) || this.#origins.has("*") ? origin : null;
  }

  /**
   * Host, Origin and token checks (`no-token`: the first two only): a refusal, or null. `info`
   * names the client, whose wrong tokens are counted (see TokenFailures).
   */
  admit(req: Request, mode?: "no-token", info?: ClientInfo): Response | null {
    // HTTP/2 names the host in :authority, not a Host header: the request URL carries it then
    let host = req.headers.get("host");
    if (host === null) {
      try {
        host = new URL(req.url).host || null;
      } catch {
        host = null;
      }
    }
    if (host === null) {
      return reply(failure("the request names no host (Host or :authority); refused"), 400);
    }
    // a request line in absolute form (`GET http://name/...`) names a host of its own, which is
    // the request's URL and the one the routes use (/openapi.json's server address): both count
    const url = req.url;
    const start = url.indexOf("//") + 2;
    const end = url.indexOf("/", start);
    const authority = url.slice(start, end < 0 ? undefined : end);
    // the names depend on the settings only: the last Host that passed is not checked again
    // (clients send the same one on every request)
    if (authority !== host || host !== this.#passedHost) {
      for (const named of authority === host ? [host] : [host, authority]) {
        if (!hostAllowed(hostName(named), this.#hosts)) {
          return reply(
            failure(
              `this server does not answer to the host name \`${
                hostName(named).slice(0, 100)
              }\` (a page using DNS rebinding would send one); call it by IP address or localhost, or add the name to FINANCE_ALLOWED_HOSTS`,
            ),
            421,
          );
        }
      }
      if (authority === host) this.#passedHost = host;
    }
    const origin = req.headers.get("origin");
    // a page this server served itself (/docs) sends its own origin; the Host passed above
    if (origin !== null && !this.allowedOrigin(req) && !sameOrigin(origin, host)) {
      return reply(
        failure(
          `requests from web pages are refused (Origin: ${
            origin.slice(0, 100)
          }); to let a page call this server, add its origin to FINANCE_ALLOWED_ORIGINS`,
        ),
        403,
      );
    }
    if (this.token && mode !== "no-token") return this.#checkToken(req, info);
    return null;
  }

  /** The token check, counting wrong tokens per client; a client over the limit gets 429. */
  #checkToken(req: Request, info: ClientInfo | undefined): Response | null {
    // the client's name is worked out only once some client has failed, or this one just did
    const failures = this.#failures;
    let client = failures.size && info ? counted(info.remoteAddr) : null;
    if (client !== null) {
      const wait = failures.blockedFor(client);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        return reply(
          failure(
            `too many wrong tokens from your address (${failures.max} in ${
              failures.windowMs / 1000
            } s); try again in ${seconds} s with the right FINANCE_ADAPTER_TOKEN, or raise FINANCE_MAX_TOKEN_FAILURES`,
          ),
          429,
          { "retry-after": String(seconds) },
        );
      }
    }
    const auth = req.headers.get("authorization") ?? "";
    // the scheme is case-insensitive (RFC 9110 11.1): "bearer", "BEARER" and "Bearer" alike
    const scheme = /^bearer +/i.exec(auth);
    const given = scheme ? auth.slice(scheme[0].length) : "";
    if (constantTimeEqual(given, this.token!)) return null;
    client ??= info ? counted(info.remoteAddr) : null;
    if (client !== null) failures.fail(client);
    return reply(failure("unauthorized: send Authorization: Bearer <FINANCE_ADAPTER_TOKEN>"), 401);
  }

  /**
   * Takes a slot for one request (`count` for a JSON-RPC batch, one per call it carries), or
   * answers 503 when not enough are free (400 for a batch larger than all the slots, which no
   * retry would let in); call `release` with the same count after.
   */
  enter(count = 1): Response | null {
    if (count > 1 && count > this.maxConcurrent) {
      return reply(
        failure(
          `a batch of ${count} calls needs ${count} request slots and this server has ${this.maxConcurrent} (FINANCE_MAX_CONNECTIONS): send at most ${this.maxConcurrent} calls at once, or ask the operator to raise FINANCE_MAX_CONNECTIONS`,
        ),
        400,
      );
    }
    if (this.#active + count > this.maxConcurrent) {
      const what = count > 1
        ? `a batch of ${count} calls needs ${count} of the ${this.maxConcurrent} request slots (FINANCE_MAX_CONNECTIONS) and ${
          Math.max(0, this.maxConcurrent - this.#active)
        } are free; send fewer calls at once, or raise FINANCE_MAX_CONNECTIONS`
        : `server busy: ${this.#active} requests are being handled; retry shortly, or raise FINANCE_MAX_CONNECTIONS (now ${this.maxConcurrent})`;
      return reply(failure(what), 503, { "retry-after": "1" });
    }
    this.#active += count;
    return null;
  }

  /** Gives back the slots taken by `enter`. */
  release(count = 1): void {
    this.#active -= count;
  }

  /** Refuses a POST whose body is not declared JSON (a form or text/plain post from a page). */
  contentType(req: Request): Response | null {
    const type = req.headers.get("content-type") ?? "";
    // the last type that passed is not tested again (clients send the same one every time)
    if (type === this.#passedType) return null;
    if (/^\s*application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type)) {
      this.#passedType = type;
      return null;
    }
    return reply(
      failure(
        `send the arguments as a JSON object with content-type application/json (with curl: -H 'content-type: application/json'); got ${
          type ? `\`${type.slice(0, 100)}\`` : "no content type"
        }`,
      ),
      415,
    );
  }

  /**
   * A body sent compressed is refused before it is read: the body cap counts the bytes that
   * arrive, and a few kilobytes of gzip can stand for gigabytes of JSON.
   */
  contentEncoding(req: Request): Response | null {
    const coding = req.headers.get("content-encoding");
    if (coding === null || /^\s*(identity\s*)?$/i.test(coding)) return null;
    return reply(
      failure(
        `request bodies are read as sent, never decompressed: send the JSON uncompressed, without Content-Encoding (got \`${
          clip(coding)
        }\`)`,
      ),
      415,
      { "accept-encoding": "identity" },
    );
  }

  /**
   * The body as text, or a refusal: 413 (too large), 408 (too slow), 400 (not UTF-8, or a JSON
   * string holding a lone surrogate). Reads at most the limit, for at most the time. One promise
   * settles on the body or the deadline, whichever comes first (no async layers: this is on every
   * call's path).
   */
  body(req: Request): Promise<string | Response> {
    const limit = this.maxBodyBytes;
    const declared = req.headers.get("content-length");
    if (declared !== null && Number(declared) > limit) return Promise.resolve(this.#tooLarge());
    let read: Promise<ArrayBuffer | string | typeof TOO_LARGE | typeof NOT_UTF8>;
    if (declared !== null) {
      if (declared === "0") return Promise.resolve("");
      // the declared length is checked, and the bytes of a body that has arrived come in one step
      read = req.arrayBuffer();
    } else {
      if (!req.body) return Promise.resolve("");
      read = readLimited(req.body.getReader(), limit);
    }
    return new Promise<string | Response>((resolve) => {
      const entry = deadlines.add(this.bodyTimeoutMs, () => resolve(this.#timedOut()));
      read.then((got) => {
        deadlines.remove(entry);
        resolve(this.#received(got));
      }, () => {
        deadlines.remove(entry);
        resolve(reply(failure("the request body could not be read; send it again"), 400));
      });
    });
  }

  /** What `body` answers for what was read: the text, or its refusal. */
  #received(got: ArrayBuffer | string | typeof TOO_LARGE | typeof NOT_UTF8): string | Response {
    const text = got instanceof ArrayBuffer ? utf8(got) : got;
    if (text === TOO_LARGE) return this.#tooLarge();
    if (text === NOT_UTF8) {
      return reply(
        failure(
          "the request body is not UTF-8 text: its bytes were not decoded (a guessed character would change the arguments); send the JSON encoded as UTF-8",
        ),
        400,
      );
    }
    // both doors parse the body as JSON: a string in it that is no text is refused here
    const lone = loneSurrogate(text);
    if (lone) return reply(failure(loneSurrogateMessage(lone)), 400);
    return text;
  }

  #timedOut(): Response {
    return reply(
      failure(
        `the request body did not arrive within ${this.bodyTimeoutMs} ms; send it at once, or raise FINANCE_BODY_TIMEOUT_MS`,
      ),
      408,
      { connection: "close" },
    );
  }

  #tooLarge(): Response {
    return reply(
      failure(
        `request body over the ${this.maxBodyBytes}-byte limit; raise FINANCE_MAX_BODY_BYTES to send more`,
      ),
      413,
      { connection: "close" },
    );
  }
}

/** Reads a body of unknown length, stopping at the limit. */
async function readLimited(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<string | typeof TOO_LARGE | typeof NOT_UTF8> {
  const first = await reader.read();
  if (first.done) return "";
  const second = first.value.length <= limit ? await reader.read() : null;
  // the usual case: the whole body arrived in one piece
  if (second?.done) return utf8(first.value);
  const chunks: Uint8Array[] = second ? [first.value, second.value!] : [first.value];
  let size = first.value.length + (second?.value?.length ?? 0);
  if (size > limit) {
    await reader.cancel().catch(() => {});
    return TOO_LARGE;
  }
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    all.set(c, off);
    off += c.length;
  }
  return utf8(all);
}

/** The shortest FINANCE_ADAPTER_TOKEN a server accepts where the token is the only lock. */
export const MIN_TOKEN_LENGTH = 16;

/**
 * What is wrong with a bearer token as the one lock on a server other machines can reach, or
 * null: a short token, or one character repeated, falls to guessing even under the per-address
 * count of wrong tokens (an attacker has many addresses).
 */
export function weakTokenProblem(token: string): string | null {
  const chars = [...token];
  const why = chars.length < MIN_TOKEN_LENGTH
    ? `is ${chars.length} characters long (at least ${MIN_TOKEN_LENGTH} are needed)`
    : new Set(chars).size === 1
    ? "is one character repeated"
    : null;
  return why === null
    ? null
    : `FINANCE_ADAPTER_TOKEN ${why}: make one with \`openssl rand -hex 32\` and send it as Authorization: Bearer <token>`;
}

/** Reads the guard's settings from the environment of a server. */
export function guardOptionsFromEnv(
  env: (name: string) => string | undefined,
  extraHosts: string[] = [],
): GuardOptions | string {
  const num = (name: string, fallback: number): number | string => {
    const raw = env(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : `${name} must be a positive whole number, not ${raw}`;
  };
  const maxBodyBytes = num("FINANCE_MAX_BODY_BYTES", 1_000_000);
  const bodyTimeoutMs = num("FINANCE_BODY_TIMEOUT_MS", 10_000);
  const maxConcurrent = num("FINANCE_MAX_CONNECTIONS", 256);
  const maxTokenFailures = num("FINANCE_MAX_TOKEN_FAILURES", DEFAULT_MAX_TOKEN_FAILURES);
  const plotFiles = plotFilesFromEnv(env);
  for (
    const v of [
      maxBodyBytes,
      bodyTimeoutMs,
      maxConcurrent,
      maxTokenFailures,
      plotFiles,
    ]
  ) {
    if (typeof v === "string") return v;
  }
  return {
    token: env("FINANCE_ADAPTER_TOKEN"),
    // an entry may be written as the Host header or a URL would carry it (port, scheme, final dot)
    allowedHosts: [...listSetting(env("FINANCE_ALLOWED_HOSTS")), ...extraHosts].map((h) =>
      hostName(h.replace(/^[a-z][a-z0-9+.-]*:\/\//, ""))
      // a name holds no colon: an IPv6 address (`--host ::`) is answered as a literal anyway
    ).filter((h) => h && !h.includes(":")),
    // FINANCE_CORS_ORIGINS is the older name of the same list
    allowedOrigins: [
      ...listSetting(env("FINANCE_ALLOWED_ORIGINS")),
      ...listSetting(env("FINANCE_CORS_ORIGINS")),
    ],
    maxBodyBytes: maxBodyBytes as number,
    bodyTimeoutMs: bodyTimeoutMs as number,
    maxConcurrent: maxConcurrent as number,
    tokenFailures: new TokenFailures(maxTokenFailures as number),
    plotFiles: plotFiles as PlotFiles,
  };
}

/**
 * The first key a JSON object of `text` names twice, with where (the keys leading to it), or
 * null. JSON.parse keeps the last value of a repeated key without a word, so a body naming
 * `start` twice would run on one of the two values, and a tool call naming `name` twice on one
 * of two tools: the caller meant one of them, and nothing tells which. One pass over the text
 * (already parsed, so well formed), no recursion: 100,000 levels of nesting cost a stack array.
 */
export function duplicateKey(text: string): { key: string; path: string[] } | null {
  // most bodies hold one or two keys: fewer than two quoted names cannot repeat one
  if (text.indexOf('":') === text.lastIndexOf('":') && !/"\s+:/.test(text)) return null;
  const stack: { keys: Set<string> | null; name: string }[] = [];
  let expectKey = false;
  let lastKey = "";
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      while (end < n) {
        const d = text.charCodeAt(end);
        if (d === 0x5c /* \ */) {
          escaped = true;
          end += 2;
          continue;
        }
        if (d === 0x22) break;
        end++;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end);
        let key = raw;
        if (escaped) {
          try {
            key = JSON.parse(text.slice(i, end + 1));
          } catch { /* well formed already: kept as written */ }
        }
        if (top.keys.has(key)) {
          return { key, path: stack.slice(1).map((s) => s.name) };
        }
        top.keys.add(key);
        lastKey = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      // a value inside a list is named by its place in it; one of an object, by its key
      const name = stack.length && !stack[stack.length - 1].keys ? "[]" : lastKey;
      stack.push({ keys: c === 0x7b ? new Set() : null, name });
      expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = !!stack[stack.length - 1]?.keys;
    }
  }
  return null;
}

/** The refusal of a body naming a key twice in one object (see duplicateKey). */
export function duplicateKeyMessage(found: { key: string; path: string[] }): string {
  const where = found.path.filter(Boolean).slice(-3).map(clip).join(".");
  return `the request body names the key \`${clip(found.key)}\` twice in one object${
    where ? ` (inside \`${where}\`)` : ""
  }, so the call was refused: JSON keeps only the last value and it would run on one of the two without a word; send each key once`;
}
