import { join } from "./paths.ts";

/**
 * Settings read from the environment, once, at the edge. Commands never see this object; the
 * core and the providers do (through the context).
 */
export interface Config {
  /** Cassette folders answering every request (FINANCE_REPLAY, several separated by ":"). */
  replayDirs: string[];
  /** Folder a live session is recorded into (FINANCE_RECORD). */
  recordDir: string | null;
  /** On-disk cache file folder, or null when the cache is off (FINANCE_CACHE=off). */
  cacheDir: string | null;
  /**
   * Shared cache and rate limiter for many processes (FINANCE_CACHE=redis://host:port/db or
   * valkey://...); the on-disk cache stays as its fallback. Null for the default (sqlite).
   */
  cacheUrl: string | null;
  /** FINANCE_NOW: fixed "now" (ISO date or date-time). */
  now: string | null;
  /** Read an environment variable (providers only). Empty strings count as absent. */
  env(name: string): string | undefined;
  /** Names of the variables set (to find every key-bearing one for redaction). */
  names?(): string[];
  /**
   * Settings that decide where answers come from (FINANCE_REPLAY, FINANCE_RECORD, FINANCE_NOW,
   * FINANCE_CACHE) which the process may not read (`--allow-env` without them): read as unset.
   */
  unreadable?: string[];
}

/**
 * The variables finance reads. With the whole environment readable every `FINANCE_*` name counts
 * too; under a restricted `--allow-env` list these are the names asked for one by one.
 */
export const SETTING_NAMES: readonly string[] = [
  "FINANCE_REPLAY",
  "FINANCE_RECORD",
  "FINANCE_NOW",
  "FINANCE_CACHE",
  "FINANCE_CACHE_DIR",
  "FINANCE_CACHE_MAX_MB",
  "FINANCE_MEMO_MB",
  "FINANCE_REDIS_MAX_VALUE_MB",
  "FINANCE_FILINGS_USER_AGENT",
  "FINANCE_HOST_RATES",
  "FINANCE_SEC_BASE_URL",
  "FINANCE_SEC_DATA_BASE_URL",
  "FINANCE_SEC_EFTS_BASE_URL",
  "FINANCE_DOCUMENT_ROOTS",
  "FINANCE_ALLOW_PRIVATE_URLS",
  "FINANCE_MAX_RESPONSE_BYTES",
  "FINANCE_MAX_BUFFERED_BYTES",
  "FINANCE_MAX_DOCUMENT_BYTES",
  "FINANCE_MAX_HTML_DEPTH",
  "FINANCE_MAX_OCR_PIXELS",
  "FINANCE_MAX_PDF_PAGES",
  "FINANCE_MAX_PDF_STREAM_BYTES",
  "FINANCE_MAX_PDF_IMAGE_PIXELS",
  "FINANCE_TESSERACT",
  "ESTIMATES_A_API_KEY",
  "ALPHA_VANTAGE_API_KEY",
  "ALPHAVANTAGE_API_KEY",
  "ALPACA_API_KEY_ID",
  "ALPACA_API_SECRET_KEY",
  "ALPACA_DATA_FEED",
  "ALPACA_DATA_BASE_URL",
  "APCA_API_KEY_ID",
  "APCA_API_SECRET_KEY",
  "XDG_CACHE_HOME",
  "HOME",
  "USERPROFILE",
];

/** The settings whose absence sends requests to the live network or changes the clock. */
const SOURCE_SETTINGS = ["FINANCE_REPLAY", "FINANCE_RECORD", "FINANCE_NOW", "FINANCE_CACHE"];

/** How variables are read: from a map, or from the process one name at a time. */
interface EnvReader {
  read(name: string): string | undefined;
  names(): string[];
  /** True when the name may not be read (asking would prompt or throw). */
  denied(name: string): boolean;
}

/**
 * Builds the configuration from an environment map (defaults to the process environment, read
 * name by name under a restricted `--allow-env`). `overrides` replace single settings
 * (the library's per-call options).
 */
export function loadConfig(
  source?: Record<string, string | undefined>,
  overrides: Record<string, string> = {},
): Config {
  const base = source ? mapReader(source) : processEnv();
  const vars: EnvReader = {
    read: (n) => Object.hasOwn(overrides, n) ? overrides[n] : base.read(n),
    names: () => [...new Set([...base.names(), ...Object.keys(overrides)])],
    denied: (n) => !Object.hasOwn(overrides, n) && base.denied(n),
  };
  const get = (name: string) => {
    const v = vars.read(name);
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  };
  const replay = get("FINANCE_REPLAY");
  const cacheSetting = get("FINANCE_CACHE")?.toLowerCase();
  const cacheOff = cacheSetting === "off" || cacheSetting === "0" || cacheSetting === "false";
  const shared = /^(redis|rediss|valkey|valkeys):\/\//i.test(get("FINANCE_CACHE") ?? "")
    ? get("FINANCE_CACHE")!.replace(/^valkey(s?):/i, "redis$1:")
    : null;
  const unreadable = SOURCE_SETTINGS.filter((n) => vars.denied(n));
  return {
    replayDirs: replay ? replay.split(":").filter(Boolean) : [],
    recordDir: get("FINANCE_RECORD") ?? null,
    cacheDir: cacheOff ? null : get("FINANCE_CACHE_DIR") ?? defaultCacheDir(get),
    cacheUrl: shared,
    now: get("FINANCE_NOW") ?? null,
    env: get,
    names: () => vars.names().filter((n) => get(n) !== undefined),
    ...(unreadable.length ? { unreadable } : {}),
  };
}

/**
 * The settings as they stand now (name → value, set ones only): what a session built now would
 * read. The library compares them call to call, so that a setting changed in a notebook cell
 * takes effect.
 */
export function currentSettings(): Record<string, string> {
  const env = processEnv();
  const out: Record<string, string> = {};
  const names = new Set([...SETTING_NAMES, ...env.names().filter((n) => n.startsWith("FINANCE_"))]);
  for (const name of [...names].sort()) {
    const v = env.read(name);
    if (v !== undefined && v.trim() !== "") out[name] = v;
  }
  return out;
}

function mapReader(vars: Record<string, string | undefined>): EnvReader {
  return {
    read: (n) => Object.hasOwn(vars, n) ? vars[n] : undefined,
    names: () => Object.keys(vars),
    denied: () => false,
  };
}

/**
 * The process environment. With the whole of it readable, one snapshot; under a restricted
 * `--allow-env=A,B` list (where `Deno.env.toObject()` throws), each name on its own, and a
 * name not granted reads as unset. Permissions are queried, never requested, so nothing
 * prompts.
 */
function processEnv(): EnvReader {
  if (granted({ name: "env" })) {
    try {
      return mapReader(Deno.env.toObject());
    } catch {
      // fall through to reading name by name
    }
  }
  const allowed = (name: string) => granted({ name: "env", variable: name });
  const read = (name: string) => {
    if (!allowed(name)) return undefined;
    try {
      return Deno.env.get(name);
    } catch {
      return undefined;
    }
  };
  return {
    read,
    names: () => SETTING_NAMES.filter((n) => read(n) !== undefined),
    denied: (name) => !allowed(name),
  };
}

function granted(desc: Deno.PermissionDescriptor): boolean {
  try {
    return Deno.permissions.querySync(desc).state === "granted";
  } catch {
    return false;
  }
}

function defaultCacheDir(get: (name: string) => string | undefined): string {
  const xdg = get("XDG_CACHE_HOME");
  if (xdg) return join(xdg, "finance");
  const home = get("HOME") ?? get("USERPROFILE");
  return home ? join(home, ".cache", "finance") : join(Deno.cwd(), ".cache", "finance");
}
