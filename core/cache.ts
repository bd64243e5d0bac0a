/**
 * On-disk response cache in one SQLite file (node:sqlite). Entries are kept past their
 * freshness so a stale copy can be served, with a warning, when the network fails. The file is
 * the user's alone (0600); each row carries a SHA-256 of its contents, and a row that no longer
 * matches it (a torn write, a disk error, a hand edit) is dropped and fetched again.
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

export class ResponseCache implements ResponseStore {
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
      Deno.mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
      // created owner-only before SQLite opens it; its -wal and -shm files copy this mode
      Deno.openSync(this.file, { create: true, append: true, mode: 0o600 }).close();
      tighten(this.file);
      const sqlite = await lazyImport<typeof import("node:sqlite")>("node:sqlite");
      if (this.#db) return this.#db;
      const db = new sqlite.DatabaseSync(this.file);
      db.exec(`PRAGMA journal_mode=WAL; PRAGMA busy_timeout=3000;
        CREATE TABLE IF NOT EXISTS responses (
          key TEXT PRIMARY KEY, url TEXT NOT NULL, status INTEGER NOT NULL,
          headers TEXT NOT NULL, body BLOB NOT NULL, stored_at INTEGER NOT NULL,
          ttl INTEGER NOT NULL, sum TEXT)`);
      const columns = db.prepare("PRAGMA table_info(responses)").all() as { name: string }[];
      if (!columns.some((c) => c.name === "sum")) {
        db.exec("ALTER TABLE responses ADD COLUMN sum TEXT");
      }
      for (const extra of ["-wal", "-shm"]) tighten(this.file + extra);
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
        "SELECT url, status, headers, body, stored_at, ttl, sum FROM responses WHERE key = ?",
      ).get(key) as Record<string, unknown> | undefined;
      if (!row) return null;
      const entry: CachedResponse = {
        url: String(row.url),
        status: Number(row.status),
        headers: {},
        body: new Uint8Array(row.body as Uint8Array),
        storedAt: Number(row.stored_at),
        ttlSeconds: Number(row.ttl),
      };
      let intact = false;
      try {
        entry.headers = JSON.parse(String(row.headers));
        intact = typeof row.sum === "string" &&
          row.sum === await rowSum(key, entry, String(row.headers));
      } catch {
        intact = false;
      }
      if (!intact) {
        this.#drop(db, key);
        return null;
      }
      return entry;
    } catch {
      return null;
    }
  }

  #drop(db: DatabaseSync, key: string): void {
    try {
      db.prepare("DELETE FROM responses WHERE key = ?").run(key);
    } catch {
      // a locked file: the row stays, and is refused again next time
    }
  }

  async put(key: string, entry: CachedResponse): Promise<void> {
    const db = await this.#open();
    if (!db) return;
    try {
      const headers = JSON.stringify(entry.headers);
      const sum = await rowSum(key, entry, headers);
      db.prepare(
        `INSERT OR REPLACE INTO responses (key, url, status, headers, body, stored_at, ttl, sum)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        key,
        entry.url,
        entry.status,
        headers,
        entry.body,
        entry.storedAt,
        entry.ttlSeconds,
        sum,
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

/** Owner-only mode on a file that may not exist yet (or belong to someone else). */
function tighten(path: string): void {
  try {
    Deno.chmodSync(path, 0o600);
  } catch {
    // not created yet, or not ours to change
  }
}

/** SHA-256 (hex) over every field of a row, so any changed byte shows. */
async function rowSum(key: string, entry: CachedResponse, headers: string): Promise<string> {
  const meta = new TextEncoder().encode(
    JSON.stringify([key, entry.url, entry.status, headers, entry.storedAt, entry.ttlSeconds]) +
      "\n",
  );
  const all = new Uint8Array(meta.length + entry.body.length);
  all.set(meta);
  all.set(entry.body, meta.length);
  const digest = await crypto.subtle.digest("SHA-256", all);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** True when an entry is still fresh at `now` (epoch ms). */
export function isFresh(entry: CachedResponse, now: number): boolean {
  return entry.ttlSeconds < 0 || now - entry.storedAt < entry.ttlSeconds * 1000;
}
