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
 *   still sending a body after it was answered 408 or 413, or one that does not read its answer),
 * - and past FINANCE_MAX_OPEN_CONNECTIONS open connections a new one is answered 503 and closed.
 * While a request is being handled no deadline of this layer runs: the body timeout and the
 * request time limit bound that part.
 *
 * Handing a connection to the HTTP server uses `serveHttpOnConnection`, the function Deno's own
 * node:http server is built on; it is not public API. If a Deno lacks it, the servers fall back
 * to plain Deno.serve and say so on stderr.
 */
import { failure } from "../core/envelope.ts";

/** How long a connection may hold a socket without a request, and how many may be open. */
export interface ConnectionLimits {
  /** Time for a new connection's first request line and headers, in ms (default 10 s). */
  headerTimeoutMs: number;
  /** Time for the next request's headers after a response, in ms (default 10 s). */
  idleTimeoutMs: number;
  /** Open TCP connections before new ones are answered 503 and closed (default 1024). */
  maxOpenConnections: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  headerTimeoutMs: 10_000,
  idleTimeoutMs: 10_000,
  maxOpenConnections: 1024,
};

/** Reads the limits from a server's environment, or says what is wrong with a setting. */
export function connectionLimitsFromEnv(
  env: (name: string) => string | undefined,
): ConnectionLimits | string {
  const out = { ...DEFAULT_LIMITS };
  const settings = [
    ["FINANCE_HEADER_TIMEOUT_MS", "headerTimeoutMs"],
    ["FINANCE_IDLE_TIMEOUT_MS", "idleTimeoutMs"],
    ["FINANCE_MAX_OPEN_CONNECTIONS", "maxOpenConnections"],
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

type Handler = (req: Request) => Promise<Response>;

/** Deno's per-connection HTTP server (the one node:http stands on). */
type ServeOnConnection = (
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

/** One open connection: requests in progress, and when it is closed if none arrives. */
interface Open {
  busy: number;
  deadline: number;
  close: AbortController;
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
  const serveOn = serveOnConnection();
  if (!serveOn) {
    opts.warn(
      "this Deno cannot serve one connection at a time: the header and idle timeouts and FINANCE_MAX_OPEN_CONNECTIONS are not applied; put a reverse proxy in front",
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
  const addr = listener.addr;
  const { limits } = opts;
  const open = new Set<Open>();
  // a coarse clock, moved on by the sweep: no clock read per request
  let now = performance.now();
  const sweep = setInterval(() => {
    now = performance.now();
    for (const c of open) {
      if (c.busy === 0 && c.deadline <= now) {
        open.delete(c);
        c.close.abort();
      }
    }
  }, Math.max(10, Math.min(250, limits.headerTimeoutMs / 4, limits.idleTimeoutMs / 4)));
  const busy = busyAnswer(limits.maxOpenConnections);
  const refusing = { count: 0 };

  const accept = async () => {
    while (true) {
      let conn: Deno.Conn;
      try {
        conn = await listener.accept();
      } catch (err) {
        if (err instanceof Deno.errors.BadResource || err instanceof Deno.errors.Interrupted) {
          return;
        }
        // out of file descriptors or a connection reset before it was accepted: keep serving
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      if (open.size >= limits.maxOpenConnections) {
        refuse(conn, busy, refusing);
        continue;
      }
      const c: Open = {
        busy: 0,
        deadline: now + limits.headerTimeoutMs,
        close: new AbortController(),
      };
      open.add(c);
      const done = () => {
        c.busy--;
        c.deadline = now + limits.idleTimeoutMs;
      };
      const handler = (req: Request) => {
        c.busy++;
        let res: Promise<Response>;
        try {
          res = opts.handler(req);
        } catch (err) {
          done();
          throw err;
        }
        res.then(done, done);
        return res;
      };
      try {
        const served = serveOn(conn, c.close.signal, handler, opts.onError, () => {});
        const gone = () => open.delete(c);
        served.finished.then(gone, gone);
      } catch {
        open.delete(c);
        try {
          conn.close();
        } catch { /* already closed */ }
      }
    }
  };
  opts.onListen(addr);
  const finished = accept().finally(() => {
    clearInterval(sweep);
    for (const c of open) c.close.abort();
    open.clear();
  });
  return {
    addr,
    open: () => open.size,
    finished,
    close: () => listener.close(),
  };
}

/** The 503 a connection past the cap gets before it is closed. */
function busyAnswer(max: number): Uint8Array {
  const body = JSON.stringify(failure(
    `server busy: ${max} connections are open; retry shortly, or raise FINANCE_MAX_OPEN_CONNECTIONS (now ${max})`,
  ));
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
