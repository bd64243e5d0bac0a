/**
 * What every response cache stores and answers, and when an entry is fresh: apart from the
 * SQLite cache (cache.ts) and the shared one (cache_shared.ts), so that the HTTP client loads
 * neither when a session has no cache (FINANCE_CACHE=off, or replay).
 */

export interface CachedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  storedAt: number; // epoch ms
  ttlSeconds: number; // -1 = forever
}

/** What a caller about to fetch learns from a shared cache: another process's answer, or the lead. */
export type Flight = { entry: CachedResponse } | { release: () => Promise<void> };

/** A response cache: the local SQLite one, or the one shared through Redis (cache_shared.ts). */
export interface ResponseStore {
  get(key: string): Promise<CachedResponse | null>;
  put(key: string, entry: CachedResponse): Promise<void>;
  close(): void;
  /** Shared caches only: one process fetches a URL while the others wait for its entry. */
  flight?(key: string, now: () => number, signal?: AbortSignal): Promise<Flight>;
}

/** True when an entry is still fresh at `now` (epoch ms). */
export function isFresh(entry: CachedResponse, now: number): boolean {
  return entry.ttlSeconds < 0 || now - entry.storedAt < entry.ttlSeconds * 1000;
}
