/**
 * The response cache shared by many processes: entries live in Redis/Valkey (gzip-compressed,
 * expiring when they are no longer useful even as a stale fallback), keyed by a SHA-256 of the
 * request key (which never holds an API key). Bodies above the shared maximum stay in the local
 * SQLite cache, as does everything while the backend is unreachable.
 */
import {
  type CachedResponse,
  type Flight,
  isFresh,
  type ResponseCache,
  type ResponseStore,
} from "./cache.ts";
import type { Fleet } from "./fleet.ts";
import { sleep } from "./limiter.ts";

/** Largest compressed entry kept in the shared backend (FINANCE_REDIS_MAX_VALUE_MB, default 8). */
export const DEFAULT_SHARED_MAX_BYTES = 8 * 1024 * 1024;
/** A stale copy is kept as long again as the entry was fresh, and at least an hour. */
const MIN_STALE_MS = 3_600_000;
/** Entries that never go stale (archived filings) are kept 30 days after their last write. */
const FOREVER_MS = 30 * 86_400_000;
/** How long a process fetching a URL holds the others off. */
const FLIGHT_LOCK_MS = 30_000;

const MAGIC = new TextEncoder().encode("FNC1");

async function hashKey(key: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function gzip(data: Uint8Array, format: "gzip"): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function gunzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(
    new DecompressionStream("gzip"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Entry → bytes: magic, header length, JSON header, body; then gzip (its CRC guards it). */
export async function encodeEntry(entry: CachedResponse): Promise<Uint8Array> {
  const head = new TextEncoder().encode(JSON.stringify({
    url: entry.url,
    status: entry.status,
    headers: entry.headers,
    storedAt: entry.storedAt,
    ttlSeconds: entry.ttlSeconds,
  }));
  const out = new Uint8Array(8 + head.length + entry.body.length);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, head.length);
  out.set(head, 8);
  out.set(entry.body, 8 + head.length);
  return await gzip(out, "gzip");
}

/** Bytes → entry; null for anything that is not an intact entry. */
export async function decodeEntry(data: Uint8Array): Promise<CachedResponse | null> {
  try {
    const raw = await gunzip(data);
    if (raw.length < 8 || MAGIC.some((b, i) => raw[i] !== b)) return null;
    const len = new DataView(raw.buffer, raw.byteOffset).getUint32(4);
    const head = JSON.parse(new TextDecoder().decode(raw.subarray(8, 8 + len)));
    return { ...head, body: raw.slice(8 + len) };
  } catch {
    return null;
  }
}

/** Bytes of fresh entries a process keeps in memory in front of the shared backend. */
const NEAR_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Fresh entries this process has already read or written, in memory, least recently used out
 * first. Only fresh entries are served from here: an entry does not change while it is fresh,
 * so a process never answers from memory what Redis would answer differently.
 */
class NearCache {
  #entries = new Map<string, CachedResponse>();
  #bytes = 0;

  get(key: string): CachedResponse | null {
    const e = this.#entries.get(key);
    if (!e) return null;
    this.#entries.delete(key);
    if (!isFresh(e, Date.now())) {
      this.#bytes -= e.body.length;
      return null;
    }
    this.#entries.set(key, e); // most recently used last
    return e;
  }

  set(key: string, entry: CachedResponse): void {
    if (!isFresh(entry, Date.now()) || entry.body.length > NEAR_MAX_BYTES / 4) return;
    const old = this.#entries.get(key);
    if (old) this.#bytes -= old.body.length;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#bytes += entry.body.length;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= NEAR_MAX_BYTES) break;
      this.#entries.delete(k);
      this.#bytes -= e.body.length;
    }
  }
}

/** The shared cache; the local cache (when not off) is its fallback and holds large bodies. */
export class SharedCache implements ResponseStore {
  readonly fleet: Fleet;
  readonly local: ResponseCache | null;
  readonly maxBytes: number;
  readonly #warn?: (m: string) => void;
  readonly #near: NearCache;

  constructor(
    fleet: Fleet,
    local: ResponseCache | null,
    maxBytes = DEFAULT_SHARED_MAX_BYTES,
    warn?: (m: string) => void,
    near = new NearCache(),
  ) {
    this.fleet = fleet;
    this.local = local;
    this.maxBytes = maxBytes;
    this.#warn = warn;
    this.#near = near;
  }

  /** The same cache, telling `warn` (one call's warnings) when the backend is down. */
  forCall(warn: (m: string) => void): SharedCache {
    return new SharedCache(this.fleet, this.local, this.maxBytes, warn, this.#near);
  }

  async get(key: string): Promise<CachedResponse | null> {
    const near = this.#near.get(key);
    if (near) return near;
    const h = await hashKey(key);
    const data = await this.fleet.get(h, this.#warn);
    if (data) {
      const entry = await decodeEntry(data);
      if (entry) {
        this.#near.set(key, entry);
        return entry;
      }
    }
    return this.local ? await this.local.get(key) : null;
  }

  async put(key: string, entry: CachedResponse): Promise<void> {
    const encoded = await encodeEntry(entry);
    const ttlMs = entry.ttlSeconds < 0
      ? FOREVER_MS
      : entry.ttlSeconds * 1000 + Math.max(entry.ttlSeconds * 1000, MIN_STALE_MS);
    this.#near.set(key, entry);
    const shared = encoded.length <= this.maxBytes &&
      await this.fleet.set(await hashKey(key), encoded, ttlMs, this.#warn);
    if (!shared) await this.local?.put(key, entry);
  }

  /**
   * Single flight across processes: the first caller for a key leads (fetches, stores, then
   * releases); the others wait for its entry, and fetch themselves only if the lead gives up.
   */
  async flight(key: string, now: () => number, signal?: AbortSignal): Promise<Flight> {
    const h = await hashKey(key);
    const deadline = Date.now() + FLIGHT_LOCK_MS;
    while (Date.now() < deadline) {
      if (await this.fleet.lock(h, FLIGHT_LOCK_MS)) {
        // the previous lead may have stored its answer between our cache miss and this lock
        const stored = await this.get(key);
        if (stored && isFresh(stored, now())) {
          await this.fleet.unlock(h);
          return { entry: stored };
        }
        return { release: () => this.fleet.unlock(h) };
      }
      await sleep(40, signal);
      const entry = await this.get(key);
      if (entry && isFresh(entry, now())) return { entry };
      if (!(await this.fleet.locked(h))) continue; // the lead gave up: try to lead
    }
    return { release: async () => {} };
  }

  close(): void {
    this.fleet.close();
    this.local?.close();
  }
}
