/**
 * On-disk response cache in one SQLite file (node:sqlite). Entries are kept past their
 * freshness so a stale copy can be served, with a warning, when the network fails. The file is
 * the user's alone (0600); each row carries a SHA-256 of its contents, and a row that no longer
 * matches it (a torn write, a disk error, a hand edit) is dropped and fetched again.
 *
 * The file is kept under a size cap (FINANCE_CACHE_MAX_MB, default 500): past it, the least
 * recently used entries go. Last use is written at most once a minute per entry, so reading from
 * the cache rarely writes to it.
 */
import type { DatabaseSync } from "node:sqlite";
import { join } from "./paths.ts";
import { lazyImport } from "./lazy.ts";
import type { CachedResponse, ResponseStore } from "./cache_entry.ts";

export { type CachedResponse, type Flight, isFresh, type ResponseStore } from "./cache_entry.ts";

/** Default size cap of the local cache (FINANCE_CACHE_MAX_MB). */
export const DEFAULT_CACHE_MAX_BYTES = 500 * 1024 * 1024;
/** Last use is recorded again only when the recorded one is older than this. */
const USE_GRANULARITY_MS = 60_000;
/** Eviction brings the cache down to this share of its cap, so it does not run on every write. */
const PRUNE_TO = 0.9;

/** What `finance cache info` shows about the local cache. */
export interface CacheInfo {
  file: string;
  /** Bytes on disk (the file and its journal). */
  file_bytes: number;
  /** Bytes of the stored answers (what the cap counts). */
  stored_bytes: number;
  max_bytes: number;
  entries: number;
  /** Oldest and newest storage times (ISO 8601), null when empty. */
  oldest: string | null;
  newest: string | null;
}

export class ResponseCache implements ResponseStore {
  #db: DatabaseSync | null = null;
  #failed = false;
  /** Stored bytes as last counted plus what this process wrote since; null until counted. */
  #stored: number | null = null;
  readonly file: string;
  readonly maxBytes: number;
  /** The clock for last use (tests set it). */
  readonly #now: () => number;

  constructor(dir: string, maxBytes = DEFAULT_CACHE_MAX_BYTES, now: () => number = Date.now) {
    this.file = join(dir, "responses.sqlite");
    this.maxBytes = maxBytes;
    this.#now = now;
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
      if (!columns.some((c) => c.name === "used_at")) {
        // rows of older files count as used when they were stored
        db.exec(`ALTER TABLE responses ADD COLUMN used_at INTEGER;
          ALTER TABLE responses ADD COLUMN size INTEGER;
          UPDATE responses SET used_at = stored_at, size = length(body) + length(headers)`);
      }
      db.exec("CREATE INDEX IF NOT EXISTS responses_used ON responses (used_at)");
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
        "SELECT url, status, headers, body, stored_at, ttl, sum, used_at FROM responses WHERE key = ?",
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
      const now = this.#now();
      if (!(Number(row.used_at) > now - USE_GRANULARITY_MS)) {
        try {
          db.prepare("UPDATE responses SET used_at = ? WHERE key = ?").run(now, key);
        } catch {
          // a locked file: the entry only looks older than it is
        }
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
      const size = entry.body.length + new TextEncoder().encode(headers).length;
      if (size > this.maxBytes) return; // never worth evicting everything else for
      db.prepare(
        `INSERT OR REPLACE INTO responses
           (key, url, status, headers, body, stored_at, ttl, sum, used_at, size)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        key,
        entry.url,
        entry.status,
        headers,
        entry.body,
        entry.storedAt,
        entry.ttlSeconds,
        sum,
        this.#now(),
        size,
      );
      this.#stored = (this.#stored ?? this.#count(db)) + size;
      if (this.#stored > this.maxBytes) this.#prune(db);
    } catch {
      // a full disk or locked file only costs the cache
    }
  }

  /** Stored bytes, counted in the file (other processes write to it too). */
  #count(db: DatabaseSync): number {
    const row = db.prepare("SELECT COALESCE(SUM(size), 0) AS n FROM responses").get() as {
      n: number;
    };
    return Number(row.n);
  }

  /** Drops least recently used entries until the cache is back under its cap (with room). */
  #prune(db: DatabaseSync): void {
    let total = this.#count(db);
    const target = Math.floor(this.maxBytes * PRUNE_TO);
    if (total <= this.maxBytes) {
      this.#stored = total;
      return;
    }
    const rows = db.prepare("SELECT key, size FROM responses ORDER BY used_at ASC, stored_at ASC")
      .all() as { key: string; size: number }[];
    const doomed: string[] = [];
    for (const row of rows) {
      if (total <= target) break;
      doomed.push(row.key);
      total -= Number(row.size);
    }
    const del = db.prepare("DELETE FROM responses WHERE key = ?");
    db.exec("BEGIN");
    try {
      for (const key of doomed) del.run(key);
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
    this.#stored = total;
  }

  /** Size, entries and age range of the local cache (for `finance cache info`). */
  async info(): Promise<CacheInfo> {
    const db = await this.#open();
    let fileBytes = 0;
    for (const f of [this.file, this.file + "-wal"]) {
      try {
        fileBytes += Deno.statSync(f).size;
      } catch {
        // not there
      }
    }
    const empty = {
      file: this.file,
      file_bytes: fileBytes,
      stored_bytes: 0,
      max_bytes: this.maxBytes,
      entries: 0,
      oldest: null,
      newest: null,
    };
    if (!db) return empty;
    const row = db.prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes, MIN(stored_at) AS oldest,
         MAX(stored_at) AS newest FROM responses`,
    ).get() as { n: number; bytes: number; oldest: number | null; newest: number | null };
    const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
    return {
      ...empty,
      stored_bytes: Number(row.bytes),
      entries: Number(row.n),
      oldest: iso(row.oldest),
      newest: iso(row.newest),
    };
  }

  /** Deletes every entry and gives the space back to the disk; the number deleted. */
  async clear(): Promise<number> {
    const db = await this.#open();
    if (!db) return 0;
    const n = Number((db.prepare("SELECT COUNT(*) AS n FROM responses").get() as { n: number }).n);
    db.exec("DELETE FROM responses");
    try {
      db.exec("VACUUM; PRAGMA wal_checkpoint(TRUNCATE)");
    } catch {
      // another process is reading: the space is reused instead
    }
    this.#stored = 0;
    return n;
  }

  /** Keys from least to most recently used (tests). */
  async keysByUse(): Promise<string[]> {
    const db = await this.#open();
    if (!db) return [];
    return (db.prepare("SELECT key FROM responses ORDER BY used_at ASC, stored_at ASC").all() as {
      key: string;
    }[]).map((r) => r.key);
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
