/**
 * Record and replay of HTTP exchanges in the cassette format of the fixtures README:
 * `index.json` with `entries[]` of {method, url, status, headers, file | body}.
 */
import { dirname, join, resolve } from "./paths.ts";
import { FinanceError } from "./errors.ts";

// Deno's file APIs rather than node:fs, which would add start-up cost to every command.
function existsSync(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
const readText = (path: string) => Deno.readTextFileSync(path);
const mkdirSync = (path: string, opts: { recursive: boolean }) => Deno.mkdirSync(path, opts);
// Recordings may hold what a provider said about an account: owner-only (0600), always.
function writeFileSync(path: string, data: string | Uint8Array) {
  if (typeof data === "string") Deno.writeTextFileSync(path, data, { mode: 0o600 });
  else Deno.writeFileSync(path, data, { mode: 0o600 });
  try {
    Deno.chmodSync(path, 0o600); // an index.json written before, with a looser mode
  } catch {
    // not ours to change
  }
}
import {
  isSecretHeader,
  redactHeaders,
  redactValues,
  scrubBody,
  SECRET_PARAMS,
  stripSecrets,
} from "./redact.ts";

export interface CassetteEntry {
  method: string;
  url: string;
  status: number;
  headers?: Record<string, string>;
  file?: string;
  body?: string;
}

export interface CassetteIndex {
  version: number;
  description?: string;
  recorded_at?: string;
  entries: CassetteEntry[];
}

export interface ReplayedResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  /**
   * When the answer was recorded, in ms since the epoch: its `Date` header, else its cassette's
   * `recorded_at` (the fixtures README's format defines no other date). Null when it has
   * neither: when its data was retrieved is unknown (see {@link UNDATED_REPLAY}).
   */
  recordedAt: number | null;
}

/**
 * The warning of a call that read a replayed answer whose recording carries no date: its
 * retrieved_at is null, and the session's clock is not the recording's time.
 */
export const UNDATED_REPLAY =
  "some answers were replayed from recordings that carry no date (their cassette's index.json " +
  "has no recorded_at and the recorded response no Date header), so when their data was " +
  "retrieved is unknown: their retrieved_at is null, and any date this call reports as today " +
  "is the date of this run, not of the recording; add recorded_at to the cassette's index.json";

/** The match key of a request: method, scheme+host(lower-case)+path, sorted non-secret query. */
export function matchKey(method: string, url: string): string {
  const quick = plainKey(url);
  return quick === null ? urlMatchKey(method, url) : `${method.toUpperCase()} ${quick}`;
}

/** The same key read through `new URL` (the reference `matchKey` agrees with). */
export function urlMatchKey(method: string, url: string): string {
  try {
    const u = new URL(url);
    return `${method.toUpperCase()} ${u.protocol}//${u.host.toLowerCase()}${u.pathname}?${
      queryKey([...u.searchParams.entries()])
    }`;
  } catch {
    return `${method.toUpperCase()} ${url}`;
  }
}

function queryKey(pairs: [string, string][]): string {
  return pairs
    .filter(([k]) => !SECRET_PARAMS.has(k.toLowerCase()))
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("&");
}

/**
 * An http(s) URL whose parts `new URL` would leave as they are (a lower-case scheme, a host
 * name of letters, digits, dots and hyphens without a port, a path without dot segments or
 * characters it would escape, no fragment): its key read straight from the text. `new URL` is
 * a call into the runtime, about 20 µs each on a cold start, and an index holds hundreds of
 * entries. Anything else is null and goes through `new URL`; tests/core/http_test.ts checks
 * that both readings agree.
 */
function plainKey(url: string): string | null {
  const head = plainHead(url);
  if (head === null) return null;
  const q = url.indexOf("?");
  const query = q < 0 ? "" : url.slice(q + 1);
  if (!PLAIN_QUERY.test(query)) return null;
  const pairs: [string, string][] = [];
  for (const part of query.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const name = decodeQueryPart(eq < 0 ? part : part.slice(0, eq));
    const value = decodeQueryPart(eq < 0 ? "" : part.slice(eq + 1));
    if (name === null || value === null) return null;
    pairs.push([name, value]);
  }
  return `${head}?${queryKey(pairs)}`;
}

const PLAIN_HEAD =
  /^(https?:\/\/)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%^]*)?$/;
const PLAIN_QUERY = /^[A-Za-z0-9\-._~!$&()*+,;=:@/?%^]*$/;

/**
 * Scheme, host and path of a URL as its match key starts, when the text before the query is
 * plain (see plainKey); whatever follows "?" cannot change how `new URL` reads them.
 */
function plainHead(url: string): string | null {
  const q = url.indexOf("?");
  const m = PLAIN_HEAD.exec(q < 0 ? url : url.slice(0, q));
  if (!m) return null;
  const [, scheme, host, path = "/"] = m;
  // numeric last labels are IPv4 forms that `new URL` rewrites; xn-- labels it checks
  if (/(?:^|\.)(?:\d|0x)[^.]*$|xn--/i.test(host) || /\/\.|%2e/i.test(path)) return null;
  return `${scheme}${host.toLowerCase()}${path}`;
}

/** A query name or value decoded as URLSearchParams decodes it; null when unsure (bad %). */
function decodeQueryPart(text: string): string | null {
  const spaced = text.replaceAll("+", " ");
  if (!spaced.includes("%")) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return null;
  }
}

interface Recorded {
  dir: string;
  entry: CassetteEntry;
  /** Its match key, read when a request first looks in its group. */
  key?: string;
}

/** A read-only set of cassettes; the first one holding a request answers it. */
export class CassetteLibrary {
  readonly dirs: string[];
  /**
   * Entries grouped by the part of their match key before the query, in load order. Keys are
   * read only for the group a request falls in: reading every key of a 600-entry index took
   * about 10 ms of a cold start.
   */
  #groups = new Map<string, Recorded[]>();
  #recordedAt: string | null = null;
  /** Each folder's recorded_at in ms, or null when it has none (or one that is not a date). */
  #dated = new Map<string, number | null>();

  constructor(dirs: string[]) {
    this.dirs = dirs.map((d) => resolve(d));
    for (const dir of this.dirs) this.#load(dir);
  }

  #load(dir: string) {
    const indexPath = join(dir, "index.json");
    if (!existsSync(indexPath)) {
      // a list written with commas or semicolons names one folder that does not exist
      const listed = !existsSync(dir) && /[,;]/.test(dir)
        ? `; several folders are separated by ":" (FINANCE_REPLAY=${
          dir.split(/[,;]/).filter(Boolean).slice(0, 3).join(":")
        }), not by "," or ";"`
        : "";
      throw new FinanceError(
        `cassette folder ${dir} has no index.json: point FINANCE_REPLAY at a folder holding a ` +
          "cassette (its index.json and bodies/), or record one there with " +
          `FINANCE_RECORD=<dir> while online${listed}`,
      );
    }
    const index = readIndex(indexPath);
    if (index.recorded_at && !this.#recordedAt) this.#recordedAt = index.recorded_at;
    const at = typeof index.recorded_at === "string" ? Date.parse(index.recorded_at) : NaN;
    this.#dated.set(dir, Number.isFinite(at) ? at : null);
    for (const entry of index.entries) {
      const method = entry.method ?? "GET";
      const head = plainHead(entry.url);
      const rec: Recorded = { dir, entry };
      let group: string;
      if (head === null) {
        rec.key = matchKey(method, entry.url);
        group = rec.key.slice(0, keyHeadEnd(rec.key));
      } else group = `${method.toUpperCase()} ${head}`;
      const list = this.#groups.get(group);
      if (list) list.push(rec);
      else this.#groups.set(group, [rec]);
    }
  }

  /** `recorded_at` of the first cassette that has one. */
  get recordedAt(): string | null {
    return this.#recordedAt;
  }

  /** How many distinct requests the cassettes answer. */
  get size(): number {
    const keys = new Set<string>();
    for (const list of this.#groups.values()) for (const rec of list) keys.add(keyOf(rec));
    return keys.size;
  }

  /** The recorded answer, or null when no entry matches. */
  find(method: string, url: string): ReplayedResponse | null {
    const key = matchKey(method, url);
    const hit = this.#groups.get(key.slice(0, keyHeadEnd(key)))?.find((r) => keyOf(r) === key);
    if (!hit) return null;
    const { dir, entry } = hit;
    const headers = lowerKeys(entry.headers ?? {});
    const recordedAt = this.#recordedAtOf(dir, headers);
    if (entry.file === undefined) {
      return {
        status: entry.status,
        headers,
        body: new TextEncoder().encode(entry.body ?? ""),
        recordedAt,
      };
    }
    // read on first use: an answer whose parsed form the session already holds is never read
    const path = resolve(dir, entry.file);
    let body: Uint8Array | null = null;
    return {
      status: entry.status,
      headers,
      get body() {
        return (body ??= readBody(path, join(dir, "index.json"), entry));
      },
      recordedAt,
    };
  }

  /** An answer's own Date header, else its cassette's recorded_at, else null. */
  #recordedAtOf(dir: string, headers: Record<string, string>): number | null {
    const date = headers["date"] === undefined ? NaN : Date.parse(headers["date"]);
    return Number.isFinite(date) ? date : this.#dated.get(dir) ?? null;
  }
}

/**
 * A recorded answer's body file. One that is missing or unreadable is an error naming the
 * cassette, the entry's URL and its `file`, and what to do, never the system's words (which
 * name a path and an OS error number and nothing else).
 */
function readBody(path: string, indexPath: string, entry: CassetteEntry): Uint8Array {
  try {
    return Deno.readFileSync(path);
  } catch (err) {
    const why = err instanceof Deno.errors.NotFound
      ? "is missing"
      : err instanceof Deno.errors.PermissionDenied
      ? "may not be read (permission denied)"
      : err instanceof Deno.errors.IsADirectory
      ? "is a folder, not a file"
      : "could not be read";
    throw new FinanceError(
      `the cassette ${indexPath} answers ${entry.method ?? "GET"} ${
        stripSecrets(entry.url)
      } from the body file "${entry.file}" (${path}), which ${why}: record the cassette again ` +
        `with FINANCE_RECORD=<dir> while online, or fix the entry's "file" to name its body ` +
        `under that folder`,
    );
  }
}

const INDEX_SHAPE = 'a cassette\'s index.json is {"entries": [{method, url, status, ' +
  "headers, file or body}, …]}";
/** What to do with a broken index found replaying, and found recording. */
const FIX_REPLAY = `repair it (${INDEX_SHAPE}), record the folder again with ` +
  "FINANCE_RECORD=<dir> while online, or leave this folder out of FINANCE_REPLAY";
const FIX_RECORD = `repair it (${INDEX_SHAPE}) or move it away so that FINANCE_RECORD starts ` +
  "a new cassette there; recordings are only ever added to a readable index";

/**
 * A cassette's index.json, read and checked: a file that is no JSON, or whose entries are not
 * requests, is an error that names the file, where it breaks (line and column) and what to do,
 * never the parser's own message.
 */
function readIndex(indexPath: string, fix = FIX_REPLAY): CassetteIndex {
  let text: string;
  try {
    text = readText(indexPath);
  } catch (err) {
    const why = err instanceof Deno.errors.PermissionDenied
      ? "it may not be read (permission denied)"
      : err instanceof Deno.errors.IsADirectory
      ? "it is a folder, not a file"
      : "it could not be read";
    throw new FinanceError(`the cassette index ${indexPath} cannot be used: ${why}; ${fix}`);
  }
  let index: unknown;
  try {
    index = JSON.parse(text);
  } catch (err) {
    const where = brokenAt(text, err);
    throw new FinanceError(
      `the cassette index ${indexPath} is not valid JSON${where ? ` (${where})` : ""}, perhaps ` +
        `cut short or edited by hand; ${fix}`,
    );
  }
  const entries = (index as { entries?: unknown } | null)?.entries;
  if (typeof index !== "object" || index === null || !Array.isArray(entries)) {
    throw new FinanceError(
      `the cassette index ${indexPath} has no list of entries (its "entries" is missing or ` +
        `not a list); ${fix}`,
    );
  }
  const bad = entries.findIndex((e) =>
    typeof e !== "object" || e === null || typeof e.url !== "string" ||
    (e.method !== undefined && typeof e.method !== "string") ||
    (e.file !== undefined && typeof e.file !== "string")
  );
  if (bad >= 0) {
    throw new FinanceError(
      `the cassette index ${indexPath}: entry ${bad + 1} of ${entries.length} is not a ` +
        `recorded request (it needs a url, and method and file as text); ${fix}`,
    );
  }
  return index as CassetteIndex;
}

/** Where JSON.parse stopped, in words ("it breaks at line 2, column 14"), or "" when unknown. */
function brokenAt(text: string, err: unknown): string {
  if (!text.trim()) return "the file is empty";
  const message = err instanceof Error ? err.message : "";
  const at = /position (\d+)/.exec(message);
  if (!at) return /end of JSON input|Unterminated/i.test(message) ? "it ends too soon" : "";
  const pos = Math.min(Number(at[1]), text.length);
  const before = text.slice(0, pos);
  const line = before.split("\n").length;
  const column = pos - before.lastIndexOf("\n");
  return `it breaks at line ${line}, column ${column}`;
}

function keyOf(rec: Recorded): string {
  return rec.key ??= matchKey(rec.entry.method ?? "GET", rec.entry.url);
}

/** Where a match key's query starts (its path never holds a "?": URL escapes it). */
function keyHeadEnd(key: string): number {
  const q = key.indexOf("?");
  return q < 0 ? key.length : q;
}

const DROP_HEADERS = new Set(["set-cookie", "authorization", "cookie", "x-api-key"]);

/** Keeps a Set-Cookie line's name and attributes but never its value (a session token). */
function redactCookie(line: string): string {
  return line.replace(/^([^=;]+)=[^;]*/, "$1=redacted");
}

/** Writes live exchanges into a cassette folder, credentials stripped. */
export class CassetteRecorder {
  readonly dir: string;
  #index: CassetteIndex;
  #keys = new Set<string>();
  #secrets: string[];

  constructor(dir: string, recordedAt: string, secrets: string[] = []) {
    this.dir = resolve(dir);
    this.#secrets = secrets.filter((s) => s.length >= 4);
    const indexPath = join(this.dir, "index.json");
    if (existsSync(indexPath)) {
      this.#index = readIndex(indexPath, FIX_RECORD);
    } else {
      this.#index = {
        version: 1,
        description: "recorded by finance",
        recorded_at: recordedAt,
        entries: [],
      };
    }
    for (const e of this.#index.entries) this.#keys.add(matchKey(e.method, e.url));
  }

  /** Records one exchange; `secrets` adds values to scrub (keys from the request's URLs). */
  record(
    method: string,
    url: string,
    status: number,
    headers: Headers,
    body: Uint8Array,
    secrets: string[] = [],
  ) {
    const scrub = [...this.#secrets, ...secrets];
    const cleanUrl = redactValues(stripSecrets(url), scrub);
    const key = matchKey(method, cleanUrl);
    if (this.#keys.has(key)) return;
    this.#keys.add(key);
    const kept: Record<string, string> = {};
    headers.forEach((v, k) => {
      const name = k.toLowerCase();
      if (!DROP_HEADERS.has(name) && !isSecretHeader(name)) kept[name] = v;
    });
    // a redirect's Location keeps its query keys only as *** (it is shown, never matched)
    Object.assign(kept, redactHeaders(kept, scrub));
    // Handshakes (Yahoo's consent and crumb) need a cookie to exist on replay, not its value.
    const cookies = headers.getSetCookie?.() ?? [];
    if (cookies.length) kept["set-cookie"] = cookies.map(redactCookie).join("\n");
    const n = this.#index.entries.length + 1;
    const ext = extensionFor(kept["content-type"] ?? "");
    const file = `bodies/${String(n).padStart(5, "0")}${ext}`;
    mkdirSync(join(this.dir, "bodies"), { recursive: true });
    writeFileSync(join(this.dir, file), scrubBody(body, scrub));
    this.#index.entries.push({ method, url: cleanUrl, status, headers: kept, file });
    mkdirSync(dirname(join(this.dir, "index.json")), { recursive: true });
    writeFileSync(join(this.dir, "index.json"), JSON.stringify(this.#index, null, 1));
  }
}

function extensionFor(contentType: string): string {
  if (contentType.includes("json")) return ".json";
  if (contentType.includes("html")) return ".html";
  if (contentType.includes("xml")) return ".xml";
  if (contentType.includes("pdf")) return ".pdf";
  if (contentType.includes("csv")) return ".csv";
  if (contentType.startsWith("text/")) return ".txt";
  return ".bin";
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}
