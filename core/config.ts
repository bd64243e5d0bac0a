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
}

/** Builds the configuration from an environment map (defaults to the process environment). */
export function loadConfig(source?: Record<string, string | undefined>): Config {
  const vars = source ?? safeEnv();
  const get = (name: string) => {
    const v = vars[name];
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  };
  const replay = get("FINANCE_REPLAY");
  const cacheSetting = get("FINANCE_CACHE")?.toLowerCase();
  const cacheOff = cacheSetting === "off" || cacheSetting === "0" || cacheSetting === "false";
  const shared = /^(redis|rediss|valkey|valkeys):\/\//i.test(get("FINANCE_CACHE") ?? "")
    ? get("FINANCE_CACHE")!.replace(/^valkey(s?):/i, "redis$1:")
    : null;
  return {
    replayDirs: replay ? replay.split(":").filter(Boolean) : [],
    recordDir: get("FINANCE_RECORD") ?? null,
    cacheDir: cacheOff ? null : get("FINANCE_CACHE_DIR") ?? defaultCacheDir(vars),
    cacheUrl: shared,
    now: get("FINANCE_NOW") ?? null,
    env: get,
    names: () => Object.keys(vars).filter((n) => get(n) !== undefined),
  };
}

function safeEnv(): Record<string, string> {
  try {
    return Deno.env.toObject();
  } catch {
    return {}; // no --allow-env: behave as an empty environment
  }
}

function defaultCacheDir(vars: Record<string, string | undefined>): string {
  const xdg = vars.XDG_CACHE_HOME;
  if (xdg) return join(xdg, "finance");
  const home = vars.HOME ?? vars.USERPROFILE;
  return home ? join(home, ".cache", "finance") : join(Deno.cwd(), ".cache", "finance");
}
