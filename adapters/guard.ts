/**
 * What the HTTP adapter and the MCP HTTP server check before any command runs: the `Host` a
 * request names (DNS rebinding), the `Origin` of a browser page (cross-site requests), the
 * token, the content type, and how large and how slow a request body may be. Every refusal is an
 * envelope with a status that tells HTTP clients what happened.
 *
 * The token's comparison and failure counts are in bearer_token.ts, the chart-file cap in
 * plot_files.ts, the refusal of a key named twice in json_keys.ts, the settings read from the
 * environment in guard_env.ts.
 */
import { failure } from "../core/envelope.ts";
import { clip } from "../core/args.ts";
import { counted, longAnswer, PIECED_BODY_BYTES } from "./connections.ts";
import { loneSurrogate, loneSurrogateMessage } from "./well_formed.ts";
import type { PlotFiles } from "./plot_files.ts";
import { constantTimeEqual, TokenFailures } from "./bearer_token.ts";

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

/** Where a request came from, as Deno's HTTP server tells a handler. */
export interface ClientInfo {
  remoteAddr: Deno.Addr;
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
  const text = JSON.stringify(body);
  // a long answer goes in pieces, each moving its connection's idle deadline (connections.ts)
  if (text.length > PIECED_BODY_BYTES) {
    return longAnswer(text, {
      status,
      headers: { "content-type": JSON_TYPE, "x-content-type-options": "nosniff", ...headers },
    });
  }
  const res = status === 200 ? new Response(text) : new Response(text, { status });
  const h = res.headers;
  h.set("content-type", JSON_TYPE);
  h.append("x-content-type-options", "nosniff");
  if (headers) { for (const name of Object.keys(headers)) h.set(name, headers[name]); }
  return res;
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
