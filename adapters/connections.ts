/**
 * The TCP layer under `finance serve` and `finance mcp --http`: it accepts connections itself,
 * so it can count them and close the ones that hold a socket without sending a request.
 *
 * Deno.serve reads request headers with no time limit and keeps idle keep-alive connections
 * open for ever (measured on Deno 2.9.6: a client that sends nothing, or one header byte every
 * 2 s, was still connected after 70 s). Here each accepted connection is handed to Deno's HTTP
 * server on its own, and the connection is closed by this layer when
 * - its first request's headers are not complete within the header timeout
 *   (FINANCE_HEADER_TIMEOUT_MS; a silent client or one trickling its request line and headers),
 * - no further request's headers are complete within the idle timeout after a response
 *   (FINANCE_IDLE_TIMEOUT_MS; an idle keep-alive connection, a trickled later request, a client
 *   still sending a body after it was answered 408, or one that does not read its answer),
 * - a second after a 413 (a refused body): Deno would read the rest of the body and serve the
 *   requests sent after it; those are answered 400 without being run,
 * - and past FINANCE_MAX_OPEN_CONNECTIONS open connections, or past
 *   FINANCE_MAX_CONNECTIONS_PER_CLIENT from one address other than loopback, a new one is
 *   answered 503 and closed;
 * - past FINANCE_MAX_REQUESTS_PER_CLIENT requests in progress from one address other than
 *   loopback (on any number of connections, or HTTP/2 streams of one), a further request is
 *   answered 429 without reaching the handler, so one client cannot take every request slot
 *   (FINANCE_MAX_CONNECTIONS) from the others.
 * While a request is being handled no deadline of this layer runs: the body timeout and the
 * request time limit bound that part.
 *
 * Handing a connection to the HTTP server uses `serveHttpOnConnection`, the function Deno's own
 * node:http server is built on; it is not public API. If a Deno lacks it, the servers fall back
 * to plain Deno.serve and say so on stderr.
 */
import { failure } from "../core/envelope.ts";
import { parseIPv6 } from "../core/address.ts";

/** How long a connection may hold a socket without a request, and how many may be open. */
export interface ConnectionLimits {
  /** Time for a new connection's first request line and headers, in ms (default 10 s). */
  headerTimeoutMs: number;
  /** Time for the next request's headers after a response, in ms (default 10 s). */
  idleTimeoutMs: number;
  /** Open TCP connections before new ones are answered 503 and closed (default 1024). */
  maxOpenConnections: number;
  /**
   * Open connections from one address (an IPv6 client: its /64) before its new ones are answered
   * 503 and closed (default 256); loopback clients (local programs, a reverse proxy on this
   * machine) are not counted.
   */
  maxConnectionsPerClient: number;
  /**
   * Requests in progress from one address (an IPv6 client: its /64), on all its connections and
   * HTTP/2 streams together, before its next one is answered 429 (default 64, a quarter of the
   * default request slots: DEFAULT_MAX_REQUESTS_PER_CLIENT when left out); loopback clients are
   * not counted, as for the connection cap.
   */
  maxRequestsPerClient?: number;
}

/** Requests in progress from one client before its next is answered 429 (a quarter of 256). */
export const DEFAULT_MAX_REQUESTS_PER_CLIENT = 64;

export const DEFAULT_LIMITS: ConnectionLimits = {
  headerTimeoutMs: 10_000,
  idleTimeoutMs: 10_000,
  maxOpenConnections: 1024,
  maxConnectionsPerClient: 256,
};

/** Reads the limits from a server's environment, or says what is wrong with a setting. */
export function connectionLimitsFromEnv(
  env: (name: string) => string | undefined,
): ConnectionLimits | string {
  const out: ConnectionLimits = { ...DEFAULT_LIMITS };
  const settings = [
    ["FINANCE_HEADER_TIMEOUT_MS", "headerTimeoutMs"],
    ["FINANCE_IDLE_TIMEOUT_MS", "idleTimeoutMs"],
    ["FINANCE_MAX_OPEN_CONNECTIONS", "maxOpenConnections"],
    ["FINANCE_MAX_CONNECTIONS_PER_CLIENT", "maxConnectionsPerClient"],
    ["FINANCE_MAX_REQUESTS_PER_CLIENT", "maxRequestsPerClient"],
  ] as const;
  for (const [name, key] of settings) {
    const raw = env(name);
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(n) || n <= 0) {
      return `${name} must be a positive whole number, not \`${raw.slice(0, 40)}\``;
    }
    out[key] = n;
  }
  return out;
}

/** A request handler; the second argument names the client (its address). */
type Handler = (req: Request, info?: { remoteAddr: Deno.Addr }) => Promise<Response>;

/** Deno's per-connection HTTP server (the one node:http stands on). */
export type ServeOnConnection = (
  conn: Deno.Conn,
  signal: AbortSignal,
  handler: Handler,
  onError: (err: unknown) => Response | Promise<Response>,
  onListen: (scheme: string) => void,
) => { finished: Promise<void> };

function serveOnConnection(): ServeOnConnection | undefined {
  const deno = Deno as unknown as Record<string | symbol, unknown>;
  const key = deno.internal;
  if (typeof key !== "symbol") return undefined;
  const fn = (deno[key] as Record<string, unknown> | undefined)?.serveHttpOnConnection;
  return typeof fn === "function" ? fn as ServeOnConnection : undefined;
}

/** What `serveConnections` needs to know. */
export interface ServeOptions {
  hostname: string;
  port: number;
  limits: ConnectionLimits;
  handler: Handler;
  onError: (err: unknown) => Response | Promise<Response>;
  onListen: (addr: Deno.NetAddr) => void;
  /** Told once when the limits cannot be applied on this Deno. */
  warn: (line: string) => void;
  /** Deno's per-connection server (found on `Deno` when left out; null to do without it). */
  perConnection?: ServeOnConnection | null;
}

/** A started server: `finished` settles when it stops. */
export interface Serving {
  addr: Deno.NetAddr;
  /** Connections open now. */
  open(): number;
  finished: Promise<void>;
  close(): void;
}

/**
 * Listens on `hostname:port` and serves `handler` with the limits. Throws what Deno.listen
 * throws (address in use, not available, not permitted).
 */
export function serveConnections(opts: ServeOptions): Serving {
  const serveOn = opts.perConnection === undefined ? serveOnConnection() : opts.perConnection;
  if (!serveOn) {
    opts.warn(
      "this Deno cannot serve one connection at a time: the header and idle timeouts and the connection and per-client caps (FINANCE_MAX_OPEN_CONNECTIONS, FINANCE_MAX_CONNECTIONS_PER_CLIENT, FINANCE_MAX_REQUESTS_PER_CLIENT) are not applied; put a reverse proxy in front",
    );
    const server = Deno.serve({
      hostname: opts.hostname,
      port: opts.port,
      onListen: opts.onListen,
      onError: opts.onError,
    }, opts.handler);
    return {
      addr: server.addr,
      open: () => 0,
      finished: server.finished,
      close: () => void server.shutdown(),
    };
  }
  const listener = Deno.listen({ hostname: opts.hostname, port: opts.port });
  const table = new ConnectionTable(opts.limits);
  const accept = async () => {
    while (true) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (err) {
        if (err instanceof Deno.errors.BadResource || err instanceof Deno.errors.Interrupted) {
          return;
        }
        // out of file descriptors, or a connection reset before it was accepted: keep serving
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      table.serve(conn, serveOn, opts);
    }
  };
  opts.onListen(listener.addr);
  const finished = accept().finally(() => table.closeAll());
  return {
    addr: listener.addr,
    open: () => table.size,
    finished,
    close: () => listener.close(),
  };
}

/**
 * Answers whose body is handed to Deno in pieces, each piece counted as the connection moving: a
 * long answer read by a slow client (4 MB at 100 KB/s is 40 s) was cut at the idle timeout,
 * which ran from when the answer was handed over, not from when its last byte left. The idle
 * timeout now runs from the last piece Deno took: a client that stops reading is still closed.
 */
const pieced = new WeakMap<Response, { moved: () => void }>();

/** Bodies up to this many bytes go to Deno whole (its fast path); longer ones in pieces. */
export const PIECED_BODY_BYTES = 64 * 1024;

/**
 * A response whose long body (past {@link PIECED_BODY_BYTES}) is given in 64 KB pieces, each
 * taken by Deno counting as progress on the connection; a short body is given whole.
 */
export function longAnswer(body: string | Uint8Array<ArrayBuffer>, init?: ResponseInit): Response {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  if (bytes.byteLength <= PIECED_BODY_BYTES) return new Response(body, init);
  let at = 0;
  const state = { moved: () => {} };
  const stream = new ReadableStream<Uint8Array>({
    type: "bytes",
    pull(controller) {
      state.moved();
      const end = Math.min(at + PIECED_BODY_BYTES, bytes.byteLength);
      controller.enqueue(bytes.slice(at, end));
      at = end;
      if (at >= bytes.byteLength) controller.close();
    },
  });
  const headers = new Headers(init?.headers);
  headers.set("content-length", String(bytes.byteLength));
  const res = new Response(stream, { ...init, headers });
  pieced.set(res, state);
  return res;
}

/** One open connection: requests in progress, and when it is closed if none arrives. */
interface Open {
  busy: number;
  deadline: number;
  close: AbortController;
  /** A body was refused (413): the connection is closed at `deadline`, no request served. */
  closing: boolean;
}

/** What one client address (not loopback) holds: open connections, requests in progress. */
interface ClientLoad {
  connections: number;
  requests: number;
}

/** The open connections, their deadlines, and the caps on how many. */
class ConnectionTable {
  readonly #limits: ConnectionLimits;
  readonly #open = new Set<Open>();
  readonly #perClient = new Map<string, ClientLoad>();
  readonly #busy: Uint8Array;
  readonly #crowded: Uint8Array;
  readonly #tooMany: string;
  readonly #refusing = { count: 0 };
  readonly #sweep: ReturnType<typeof setInterval>;
  // a coarse clock, moved on by the sweep: no clock read per request
  #now = performance.now();
  /** Milliseconds between two sweeps. */
  readonly #every: number;

  constructor(limits: ConnectionLimits) {
    this.#limits = limits;
    const { maxOpenConnections: all, maxConnectionsPerClient: one } = limits;
    this.#busy = busyAnswer(
      `${all} connections are open; retry shortly, or raise FINANCE_MAX_OPEN_CONNECTIONS (now ${all})`,
    );
    this.#crowded = busyAnswer(
      `your address has ${one} connections open; close some or retry shortly, or raise FINANCE_MAX_CONNECTIONS_PER_CLIENT (now ${one})`,
    );
    const most = limits.maxRequestsPerClient ?? DEFAULT_MAX_REQUESTS_PER_CLIENT;
    this.#tooMany = JSON.stringify(failure(
      `too many requests in progress from your address (${most}, on all its connections); wait for some to finish and retry, or ask the operator to raise FINANCE_MAX_REQUESTS_PER_CLIENT (now ${most})`,
    ));
    const every = Math.min(250, limits.headerTimeoutMs / 4, limits.idleTimeoutMs / 4);
    this.#every = Math.max(10, every);
    this.#sweep = setInterval(() => this.#closeLate(), this.#every);
  }

  get size(): number {
    return this.#open.size;
  }

  /** Hands `conn` to the HTTP server with its deadlines, or refuses it past a cap. */
  serve(conn: Deno.Conn, serveOn: ServeOnConnection, opts: ServeOptions): void {
    if (this.#open.size >= this.#limits.maxOpenConnections) {
      return refuse(conn, this.#busy, this.#refusing);
    }
    const client = counted(conn.remoteAddr);
    let load: ClientLoad | null = null;
    if (client !== null) {
      load = this.#perClient.get(client) ?? null;
      if (load && load.connections >= this.#limits.maxConnectionsPerClient) {
        return refuse(conn, this.#crowded, this.#refusing);
      }
      if (load) load.connections++;
      else this.#perClient.set(client, load = { connections: 1, requests: 0 });
    }
    const c: Open = {
      busy: 0,
      closing: false,
      deadline: this.#now + this.#limits.headerTimeoutMs,
      close: new AbortController(),
    };
    this.#open.add(c);
    let held = load !== null;
    const gone = () => {
      this.#open.delete(c);
      if (held) {
        load!.connections--;
        this.#forget(client!, load!);
      }
      held = false;
    };
    try {
      serveOn(
        conn,
        c.close.signal,
        this.#timed(c, opts.handler, client, load),
        opts.onError,
        () => {},
      )
        .finished.then(gone, gone);
    } catch {
      gone();
      try {
        conn.close();
      } catch { /* already closed */ }
    }
  }

  /**
   * The handler, stopping the connection's clock while a request is handled, and counting the
   * client's requests in progress (`load`, null for loopback): past its cap a request is answered
   * 429 without reaching the handler. Per request: two counters moved, no lookup, no allocation.
   */
  #timed(c: Open, handler: Handler, client: string | null, load: ClientLoad | null): Handler {
    const done = (res?: unknown) => {
      c.busy--;
      c.deadline = this.#now + this.#limits.idleTimeoutMs;
      // a long answer moves the idle deadline each time Deno takes a piece of it
      const long = res instanceof Response ? pieced.get(res) : undefined;
      if (long) long.moved = () => c.deadline = this.#now + this.#limits.idleTimeoutMs;
      // a 413 answers `connection: close` with the body unread: Deno would read and drop the
      // rest (a declared gigabyte, for up to the idle timeout) and serve requests sent after it.
      // The connection is closed a moment after instead (closing at once would reset it under
      // a client still sending, and the reset can destroy the 413 before it is read), and
      // requests sent after the refused one are not served. (A 408's client is mid-body: the
      // idle timeout closes that connection.)
      if ((res as { status?: unknown } | undefined)?.status === 413) {
        c.closing = true;
        c.deadline = this.#now + LINGER_MS;
      }
    };
    const doneCounted = (res?: unknown) => {
      done(res);
      load!.requests--;
      this.#forget(client!, load!);
    };
    const most = this.#limits.maxRequestsPerClient ?? DEFAULT_MAX_REQUESTS_PER_CLIENT;
    return (req: Request, info?: { remoteAddr: Deno.Addr }) => {
      if (c.closing) return Promise.resolve(closingAnswer());
      if (load !== null) {
        if (load.requests >= most) {
          c.deadline = this.#now + this.#limits.idleTimeoutMs;
          return Promise.resolve(this.#refusedRequest());
        }
        load.requests++;
      }
      c.busy++;
      let res: Promise<Response>;
      try {
        res = handler(req, info);
      } catch (err) {
        if (load !== null) doneCounted();
        else done();
        throw err;
      }
      if (load !== null) res.then(doneCounted, doneCounted);
      else res.then(done, done);
      return res;
    };
  }

  /** The 429 of a request past the client's cap (its body is not read). */
  #refusedRequest(): Response {
    return new Response(this.#tooMany, {
      status: 429,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "x-content-type-options": "nosniff",
        "retry-after": "1",
      },
    });
  }

  #closeLate(): void {
    const now = performance.now();
    // a sweep far later than its interval means the thread was held (a long computation): the
    // deadlines set meanwhile were read from the clock as it stood before, so a connection whose
    // answer was just handed to Deno would be closed before Deno wrote it. Those come due after a
    // fresh idle time instead, counted from now.
    const held = now - this.#now > this.#every * 4 + 1000;
    this.#now = now;
    for (const c of this.#open) {
      if (held && c.busy === 0 && c.deadline <= now && !c.closing) {
        c.deadline = now + this.#limits.idleTimeoutMs;
        continue;
      }
      if (c.busy === 0 && c.deadline <= this.#now) {
        this.#open.delete(c);
        c.close.abort();
      }
    }
  }

  /** Drops a client's record once it holds neither a connection nor a request. */
  #forget(client: string, load: ClientLoad): void {
    if (load.connections === 0 && load.requests === 0 && this.#perClient.get(client) === load) {
      this.#perClient.delete(client);
    }
  }

  closeAll(): void {
    clearInterval(this.#sweep);
    for (const c of this.#open) c.close.abort();
    this.#open.clear();
  }
}

/**
 * The address a connection is counted under for the per-client cap, or null for a loopback
 * client. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) counts as the IPv4 address. An
 * IPv6 client counts under its /64: one host holds the whole /64 it is on (SLAAC and privacy
 * addresses), so counting each address would let it open the cap again from every one of them.
 */
export function counted(addr: Deno.Addr): string | null {
  if (addr.transport !== "tcp") return null;
  const host = addr.hostname.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (!host.includes(":")) return /^127\./.test(host) ? null : host;
  const b = parseIPv6(host);
  if (!b) return host;
  const zero = (from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
  if (zero(0, 15) && b[15] === 1) return null;
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) {
    return b[12] === 127 ? null : b.subarray(12).join(".");
  }
  const words = [];
  for (let i = 0; i < 8; i += 2) words.push(((b[i] << 8) | b[i + 1]).toString(16));
  return `${words.join(":")}::/64`;
}

/** How long a connection whose body was refused (413) is kept before it is closed, in ms. */
const LINGER_MS = 1000;

/** The answer to a request sent on a connection after its body was refused (413). */
function closingAnswer(): Response {
  return new Response(
    JSON.stringify(failure(
      "this connection is being closed: a request body on it was refused (413), so requests sent after it on the same connection are not read; send this one again on a new connection",
    )),
    {
      status: 400,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "x-content-type-options": "nosniff",
        connection: "close",
      },
    },
  );
}

/** The 503 a connection past a cap gets before it is closed. */
function busyAnswer(why: string): Uint8Array {
  const body = JSON.stringify(failure(`server busy: ${why}`));
  const bytes = new TextEncoder().encode(body);
  return new TextEncoder().encode(
    `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: ${bytes.length}\r\n\r\n${body}`,
  );
}

/**
 * Answers 503 and closes. The request the client may already have sent is read and dropped for
 * up to a second first, so the close does not reset the connection before the answer is read;
 * when many are being refused at once, they are closed at once.
 */
function refuse(conn: Deno.Conn, answer: Uint8Array, refusing: { count: number }): void {
  const close = () => {
    try {
      conn.close();
    } catch { /* already closed */ }
  };
  if (refusing.count >= 256) {
    conn.write(answer).catch(() => 0).finally(close);
    return;
  }
  refusing.count++;
  const timer = setTimeout(close, 1000);
  (async () => {
    try {
      await conn.write(answer);
      await conn.closeWrite();
      const sink = new Uint8Array(16384);
      for (let i = 0; i < 64 && await conn.read(sink) !== null; i++) { /* drop it */ }
    } catch { /* the client went away */ }
  })().finally(() => {
    refusing.count--;
    clearTimeout(timer);
    close();
  });
}
