/**
 * What several finance processes share through Redis or Valkey (FINANCE_CACHE=redis://...):
 * cached responses, one request budget per provider host (a GCRA token bucket updated atomically
 * by a Lua script on the server's own clock), a pause every process honours after a 429, and
 * short locks so that a burst of identical requests costs one upstream request.
 *
 * Redis is a helper, never a dependency: every operation has a short deadline, and when the
 * server cannot be reached the caller falls back to its local cache and limiter (the warning
 * names the backend). After a failure the connection is retried at most every few seconds.
 */
import { lazyImport } from "./lazy.ts";
import { SECRET_PARAMS } from "./redact.ts";

/** How long one Redis operation may take before the caller goes local. */
const OP_TIMEOUT_MS = 500;
/** After a failure, how long before the next connection attempt. */
const RETRY_AFTER_MS = 3_000;
const PREFIX = "finance:";

// GCRA: one request every `interval` ms; the reply is how long the caller must wait (0 = go).
// A pause (set after a 429) holds every caller until it ends. Uses the server's clock, so
// processes on machines with skewed clocks still share one schedule.
const PERMIT_SCRIPT = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local pause = tonumber(redis.call('GET', KEYS[2]) or '0')
if pause > now then return now - pause end
local interval = tonumber(ARGV[1])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
-- the key lives as long as the schedule it holds, so a long queue cannot expire into a burst
redis.call('SET', KEYS[1], tat + interval, 'PX', tat + interval - now + 1000)
return tat - now
`;

// Sets the pause only if it extends the one in force.
const PAUSE_SCRIPT = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local untilMs = now + tonumber(ARGV[1])
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > cur then redis.call('SET', KEYS[1], untilMs, 'PX', tonumber(ARGV[1]) + 1000) end
return untilMs - now
`;

/**
 * The part of ioredis's client this module uses. Declared here rather than imported, so that
 * type-checking and `deno doc` of the library never pull in ioredis's declarations (which need
 * @types/node).
 */
interface RedisClient {
  connect(): Promise<void>;
  disconnect(): void;
  on(event: "error", fn: (e: Error) => void): void;
  on(event: "close", fn: () => void): void;
  defineCommand(name: string, def: { numberOfKeys: number; lua: string }): void;
  info(section: string): Promise<string>;
  ping(): Promise<string>;
  pttl(key: string): Promise<number>;
  getBuffer(key: string): Promise<Uint8Array | null>;
  set(key: string, value: unknown, ...args: (string | number)[]): Promise<string | null>;
  del(key: string): Promise<number>;
  exists(key: string): Promise<number>;
  scan(cursor: string, ...args: (string | number)[]): Promise<[string, string[]]>;
  unlink(...keys: string[]): Promise<number>;
}

type RedisConstructor = new (url: string, options: Record<string, unknown>) => RedisClient;

/** What /health and sources.status show about the shared backend. */
export interface FleetStatus {
  backend: "redis" | "valkey" | "unknown";
  url: string;
  connected: boolean;
  latency_ms: number | null;
  version: string | null;
  error: string | null;
  /** Hosts with a shared pause in force, and how long it still runs (ms). */
  paused: Record<string, number>;
}

/** Address without password, for display. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    if (u.username && u.password === "") u.username = "***";
    // a password or token given as a query (redis://host?password=...) is hidden too
    for (const name of [...u.searchParams.keys()]) {
      if (SECRET_PARAMS.has(name.toLowerCase()) || /pass|secret|token|auth/i.test(name)) {
        u.searchParams.set(name, "***");
      }
    }
    return u.toString().replace(/%2A%2A%2A/g, "***");
  } catch {
    return "redis://(unparseable)";
  }
}

/** A connection to the shared backend, opened on first use. */
export class Fleet {
  readonly url: string;
  #client: RedisClient | null = null;
  #connecting: Promise<RedisClient | null> | null = null;
  #downSince = 0;
  #lastError: string | null = null;
  #backend: FleetStatus["backend"] = "unknown";
  #version: string | null = null;
  /** Calls already told that the backend is down (one warning per call). */
  #told = new WeakSet<(m: string) => void>();
  #Buffer: typeof import("node:buffer").Buffer | null = null;
  #socketError: string | null = null;

  constructor(url: string) {
    this.url = url;
  }

  /** The backend's name for messages: redis or valkey (redis until known). */
  get backend(): string {
    return this.#backend === "unknown" ? "redis" : this.#backend;
  }

  /** True when the last operation reached the server. */
  get up(): boolean {
    return this.#client !== null && this.#lastError === null;
  }

  async #connect(): Promise<RedisClient | null> {
    if (this.#client) return this.#client;
    if (Date.now() - this.#downSince < RETRY_AFTER_MS) return null;
    this.#connecting ??= (async () => {
      try {
        const mod = await lazyImport<{ Redis?: RedisConstructor; default?: RedisConstructor }>(
          "ioredis",
        );
        this.#Buffer ??= (await lazyImport<typeof import("node:buffer")>("node:buffer")).Buffer;
        const Redis = (mod.Redis ?? mod.default)!;
        const client = new Redis(this.url, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: OP_TIMEOUT_MS,
          commandTimeout: OP_TIMEOUT_MS,
          retryStrategy: () => null,
        });
        // reported through the failing operation instead; the event has the socket's reason
        client.on("error", (e: Error) => (this.#socketError = e.message));
        await client.connect().catch((e) => {
          throw new Error(this.#socketError ?? (e instanceof Error ? e.message : String(e)));
        });
        client.defineCommand("financePermit", { numberOfKeys: 2, lua: PERMIT_SCRIPT });
        client.defineCommand("financePause", { numberOfKeys: 1, lua: PAUSE_SCRIPT });
        const info = String(await client.info("server"));
        this.#backend = /valkey/i.test(info) ? "valkey" : "redis";
        this.#version = /(?:valkey|redis)_version:(\S+)/.exec(info)?.[1] ?? null;
        client.on("close", () => {
          if (this.#client === client) this.#client = null;
        });
        this.#client = client;
        this.#lastError = null;
        return client;
      } catch (err) {
        this.#fail(err);
        return null;
      } finally {
        this.#connecting = null;
      }
    })();
    return await this.#connecting;
  }

  #fail(err: unknown): void {
    this.#lastError = failureKind(err);
    this.#downSince = Date.now();
    const client = this.#client;
    this.#client = null;
    client?.disconnect();
  }

  /** Tells a call, once, that the shared backend is down and local fallbacks are in use. */
  #tell(warn: ((m: string) => void) | undefined): void {
    if (!warn || this.#told.has(warn)) return;
    this.#told.add(warn);
    warn(
      `${this.backend} at ${displayUrl(this.url)} is unreachable (${
        this.#lastError ?? "not connected"
      }); using the local cache and rate limiter until it is back`,
    );
  }

  /** Runs one operation; null when the backend is down (the caller goes local). */
  async #op<T>(fn: (c: RedisClient) => Promise<T>, warn?: (m: string) => void): Promise<T | null> {
    const client = await this.#connect();
    if (!client) {
      this.#tell(warn);
      return null;
    }
    try {
      return await fn(client);
    } catch (err) {
      this.#fail(err);
      this.#tell(warn);
      return null;
    }
  }

  /** Milliseconds to wait before the next request to `budget` (0 = now); null = backend down. */
  permit(budget: string, intervalMs: number): Promise<number | null> {
    return this.#op(async (c) =>
      Number(
        await (c as unknown as {
          financePermit(a: string, b: string, i: number): Promise<number>;
        }).financePermit(
          `${PREFIX}rate:${budget}`,
          `${PREFIX}pause:${budget}`,
          Math.ceil(intervalMs),
        ),
      )
    );
  }

  /** Holds every process's requests to `budget` for `ms`. */
  async pause(budget: string, ms: number): Promise<void> {
    await this.#op((c) =>
      (c as unknown as { financePause(k: string, ms: number): Promise<number> })
        .financePause(`${PREFIX}pause:${budget}`, Math.ceil(ms))
    );
  }

  /** A stored value, or null (absent or backend down). */
  get(key: string, warn?: (m: string) => void): Promise<Uint8Array | null> {
    return this.#op(async (c) => {
      const v = await c.getBuffer(`${PREFIX}cache:${key}`);
      return v ? new Uint8Array(v) : null;
    }, warn);
  }

  /** Stores a value that expires after `ttlMs` (none when null). */
  async set(
    key: string,
    value: Uint8Array,
    ttlMs: number | null,
    warn?: (m: string) => void,
  ): Promise<boolean> {
    const ok = await this.#op((c) => {
      const buf = this.#Buffer!.from(value.buffer, value.byteOffset, value.byteLength);
      return ttlMs === null
        ? c.set(`${PREFIX}cache:${key}`, buf)
        : c.set(`${PREFIX}cache:${key}`, buf, "PX", Math.max(1, Math.ceil(ttlMs)));
    }, warn);
    return ok === "OK";
  }

  /** Takes a short lock; true when this process holds it (or the backend is down). */
  async lock(key: string, ttlMs: number): Promise<boolean> {
    const r = await this.#op((c) => c.set(`${PREFIX}lock:${key}`, "1", "PX", ttlMs, "NX"));
    return r === null ? !this.up : r === "OK";
  }

  /** Releases a lock this process took. */
  async unlock(key: string): Promise<void> {
    await this.#op((c) => c.del(`${PREFIX}lock:${key}`));
  }

  /** True while another process holds the lock. */
  async locked(key: string): Promise<boolean> {
    const r = await this.#op((c) => c.exists(`${PREFIX}lock:${key}`));
    return r === 1;
  }

  /**
   * Visits the shared cache's keys (finance:cache:*) in batches; with `remove`, deletes them.
   * The number of keys, or null when the backend is down.
   */
  async cacheKeys(remove = false, warn?: (m: string) => void): Promise<number | null> {
    return await this.#op(async (c) => {
      let cursor = "0";
      let n = 0;
      do {
        const [next, keys] = await c.scan(cursor, "MATCH", `${PREFIX}cache:*`, "COUNT", 500);
        cursor = next;
        n += keys.length;
        if (remove && keys.length) await c.unlink(...keys);
      } while (cursor !== "0");
      return n;
    }, warn);
  }

  /** State for /health and sources.status, with a fresh latency probe. */
  async status(budgets: string[] = ["sec.gov"]): Promise<FleetStatus> {
    await this.#connect(); // the probe times a round trip, not the connection set-up
    const started = performance.now();
    const pong = await this.#op((c) => c.ping());
    const latency = pong ? Math.round((performance.now() - started) * 10) / 10 : null;
    const paused: Record<string, number> = {};
    if (pong) {
      for (const b of budgets) {
        const ms = await this.#op((c) => c.pttl(`${PREFIX}pause:${b}`));
        if (ms !== null && ms > 0) paused[b] = ms;
      }
    }
    return {
      backend: this.#backend,
      url: displayUrl(this.url),
      connected: !!pong,
      latency_ms: latency,
      version: this.#version,
      error: pong ? null : this.#lastError,
      paused,
    };
  }

  close(): void {
    this.#client?.disconnect();
    this.#client = null;
  }
}

/**
 * What went wrong with the shared backend in our words: the client's own message names internal
 * addresses and library details, and it reaches callers in warnings and /health.
 */
export function failureKind(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : String(err);
  if (code === "ECONNREFUSED" || /ECONNREFUSED/.test(message)) return "connection refused";
  if (code === "ETIMEDOUT" || /timed? ?out/i.test(message)) return "timed out";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || /ENOTFOUND|EAI_AGAIN/.test(message)) {
    return "host name not found";
  }
  if (/NOAUTH|WRONGPASS|invalid password|AUTH/i.test(message)) return "authentication failed";
  if (code === "ECONNRESET" || /ECONNRESET|closed/i.test(message)) return "connection closed";
  if (/TLS|SSL|certificate/i.test(message)) return "TLS failed";
  return "connection failed";
}
