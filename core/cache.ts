/**
 * On-disk response cache in one SQLite file (node:sqlite). Entries are kept past their
 * freshness so a stale copy can be served, with a warning, when the network fails.
 */
import type { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { lazyImport } from "./lazy.ts";

export interface CachedResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  storedAt: number; // epoch ms
  ttlSeconds: number; // -1 = forever
}

export class ResponseCache {
  #db: DatabaseSync | null = null;
  #failed = false;
  readonly file: string;

  constructor(dir: string) {
    this.file = join(dir, "responses.sqlite");
  }

  // node:sqlite loads on first use, so commands that never fetch do not pay for it.
  async #open(): Promise<DatabaseSync | null> {
    if (this.#db || this.#failed) return this.#db;
    try {
      Deno.mkdirSync(join(this.file, ".."), { recursive: true });
      const sqlite = await lazyImport<typeof import("node:sqlite")>("node:sqlite");
      if (this.#db) return this.#db;
      const db = new sqlite.DatabaseSync(this.file);
      db.exec(`PRAGMA journal_mode=WAL; PRAGMA busy_timeout=3000;
        CREATE TABLE IF NOT EXISTS responses (
          key TEXT PRIMARY KEY, url TEXT NOT NULL, status INTEGER NOT NULL,
          headers TEXT NOT NULL, body BLOB NOT NULL, stored_at INTEGER NOT NULL,
          ttl INTEGER NOT NULL)`);
      this.#db = db;
    } catch {
      this.#failed = true; // an unusable cache must never break a command
    }
    return this.#db;
  }

  async get(key: string): Promise<CachedResponse | null> {
    const db = await this.#open();
    if (!db) return null;
    try {
      const row = db.prepare(
        "SELECT url, status, headers, body, stored_at, ttl FROM responses WHERE key = ?",
      ).get(key) as Record<string, unknown> | undefined;
      if (!row) return null;
      return {
        url: String(row.url),
        status: Number(row.status),
        headers: JSON.parse(String(row.headers)),
        body: new Uint8Array(row.body as Uint8Array),
        storedAt: Number(row.stored_at),
        ttlSeconds: Number(row.ttl),
      };
    } catch {
      return null;
    }
  }

  async put(key: string, entry: CachedResponse): Promise<void> {
    const db = await this.#open();
    if (!db) return;
    try {
      db.prepare(
        `INSERT OR REPLACE INTO responses (key, url, status, headers, body, stored_at, ttl)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        key,
        entry.url,
        entry.status,
        JSON.stringify(entry.headers),
        entry.body,
        entry.storedAt,
        entry.ttlSeconds,
      );
    } catch {
      // a full disk or locked file only costs the cache
    }
  }

  close(): void {
    try {
      this.#db?.close();
    } catch {
      // already closed
    }
    this.#db = null;
  }
}

/** True when an entry is still fresh at `now` (epoch ms). */
export function isFresh(entry: CachedResponse, now: number): boolean {
  return entry.ttlSeconds < 0 || now - entry.storedAt < entry.ttlSeconds * 1000;
}
