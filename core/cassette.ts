/**
 * Record and replay of HTTP exchanges in the cassette format of the fixtures README:
 * `index.json` with `entries[]` of {method, url, status, headers, file | body}.
 */
import { dirname, join, resolve } from "node:path";

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
}

/** The match key of a request: method, scheme+host(lower-case)+path, sorted non-secret query. */
export function matchKey(method: string, url: string): string {
  try {
    const u = new URL(url);
    const pairs = [...u.searchParams.entries()]
      .filter(([k]) => !SECRET_PARAMS.has(k.toLowerCase()))
      .map(([k, v]) => `${k}=${v}`)
      .sort();
    return `${method.toUpperCase()} ${u.protocol}//${u.host.toLowerCase()}${u.pathname}?${
      pairs.join("&")
    }`;
  } catch {
    return `${method.toUpperCase()} ${url}`;
  }
}

/** A read-only set of cassettes; the first one holding a request answers it. */
export class CassetteLibrary {
  readonly dirs: string[];
  #entries = new Map<string, { dir: string; entry: CassetteEntry }>();
  #recordedAt: string | null = null;

  constructor(dirs: string[]) {
    this.dirs = dirs.map((d) => resolve(d));
    for (const dir of this.dirs) this.#load(dir);
  }

  #load(dir: string) {
    const indexPath = join(dir, "index.json");
    if (!existsSync(indexPath)) {
      throw new Error(`cassette folder ${dir} has no index.json`);
    }
    const index = JSON.parse(readText(indexPath)) as CassetteIndex;
    if (!Array.isArray(index.entries)) throw new Error(`${indexPath}: entries is not an array`);
    if (index.recorded_at && !this.#recordedAt) this.#recordedAt = index.recorded_at;
    for (const entry of index.entries) {
      const key = matchKey(entry.method ?? "GET", entry.url);
      if (!this.#entries.has(key)) this.#entries.set(key, { dir, entry });
    }
  }

  /** `recorded_at` of the first cassette that has one. */
  get recordedAt(): string | null {
    return this.#recordedAt;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The recorded answer, or null when no entry matches. */
  find(method: string, url: string): ReplayedResponse | null {
    const hit = this.#entries.get(matchKey(method, url));
    if (!hit) return null;
    const { dir, entry } = hit;
    const headers = lowerKeys(entry.headers ?? {});
    if (entry.file === undefined) {
      return { status: entry.status, headers, body: new TextEncoder().encode(entry.body ?? "") };
    }
    // read on first use: an answer whose parsed form the session already holds is never read
    const path = resolve(dir, entry.file);
    let body: Uint8Array | null = null;
    return {
      status: entry.status,
      headers,
      get body() {
        return (body ??= Deno.readFileSync(path));
      },
    };
  }
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
      this.#index = JSON.parse(readText(indexPath));
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
