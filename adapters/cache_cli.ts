/**
 * `finance cache info|clear [--shared]`: what the response cache holds, and emptying it. The
 * local cache is this machine's SQLite file; with FINANCE_CACHE=redis://... the shared backend
 * is shown too, and cleared only when --shared says so (it serves every process of the team).
 */
import { type Envelope, failure, success } from "../core/envelope.ts";
import { errorText, UsageError } from "../core/errors.ts";
import { loadConfig } from "../core/config.ts";
import { ResponseCache } from "../core/cache.ts";
import { displayUrl, Fleet } from "../core/fleet.ts";
import { Session } from "../core/session.ts";

/** What the CLI gives this module: where to print and how to print an envelope. */
export interface CacheCliIO {
  out(text: string): void;
  emit(env: Envelope, mode: string): void;
}

export const CACHE_USAGE = "finance cache info|clear [--shared] [--output json|text]";

/** `finance cache ...`; returns the exit code. */
export async function cacheFromCli(argv: string[], io: CacheCliIO): Promise<number> {
  let mode = "json";
  let shared = false;
  const rest: string[] = [];
  try {
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i];
      if (a === "--help" || a === "-h") {
        io.out(cacheHelp());
        return 0;
      } else if (a === "--shared") shared = true;
      else if (a === "--output" || a === "-o") mode = argv[++i] ?? "";
      else if (a.startsWith("--output=")) mode = a.slice(9);
      else if (a.startsWith("-")) {
        throw new UsageError(`unknown option ${a}; usage: ${CACHE_USAGE}`);
      } else rest.push(a);
    }
    if (!["json", "text"].includes(mode)) {
      throw new UsageError(`--output takes json or text here, not ${mode || "nothing"}`);
    }
    const [action, ...extra] = rest;
    if (!action || !["info", "clear"].includes(action) || extra.length) {
      throw new UsageError(
        `${
          action && !["info", "clear"].includes(action)
            ? `unknown cache action \`${action}\`; `
            : ""
        }usage: ${CACHE_USAGE}`,
      );
    }
    if (shared && action !== "clear") {
      throw new UsageError(`--shared goes with clear; usage: ${CACHE_USAGE}`);
    }
    const env = action === "info" ? await info() : await clear(shared);
    io.emit(env, mode);
    return env.ok ? 0 : 1;
  } catch (err) {
    io.emit(failure(errorText(err, "finance cache")), mode === "text" ? "text" : "json");
    return err instanceof UsageError ? 2 : 1;
  }
}

function cacheHelp(): string {
  return [
    CACHE_USAGE,
    "",
    "  info    backend, cache file, size (and its cap, FINANCE_CACHE_MAX_MB), entries, oldest and",
    "          newest; with FINANCE_CACHE=redis://... also the shared backend's state and keys",
    "  clear   empties this machine's cache file; --shared also deletes the shared backend's",
    "          finance:cache:* keys (every process using it loses them)",
  ].join("\n");
}

/** The local cache file from the settings, whatever else answers (null when off). */
function localCache(): ResponseCache | null {
  const config = loadConfig();
  if (!config.cacheDir) return null;
  const session = new Session({
    config: { ...config, replayDirs: [], recordDir: null, cacheUrl: null },
  });
  return session.cache instanceof ResponseCache ? session.cache : null;
}

async function info(): Promise<Envelope> {
  const warnings: string[] = [];
  const session = new Session();
  try {
    const status = await session.cacheStatus();
    const local = localCache();
    const data: Record<string, unknown> = {
      backend: status.backend,
      local: local ? await local.info() : null,
      shared: null,
    };
    local?.close();
    if (!local) warnings.push("the local cache is off (FINANCE_CACHE=off)");
    if (status.backend === "replay") {
      warnings.push(
        "FINANCE_REPLAY is set: answers come from cassettes, and the cache is neither read nor written",
      );
    }
    if (session.fleet && status.shared) {
      data.shared = {
        ...status.shared,
        entries: status.shared.connected ? await session.fleet.cacheKeys(false) : null,
      };
      if (!status.shared.connected) {
        warnings.push(
          `${session.fleet.backend} at ${displayUrl(session.fleet.url)} is unreachable (${
            status.shared.error ?? "not connected"
          }); shown: the local cache only`,
        );
      }
    }
    return success(data, warnings);
  } finally {
    session.close();
  }
}

async function clear(shared: boolean): Promise<Envelope> {
  const warnings: string[] = [];
  const config = loadConfig();
  const local = localCache();
  const localDeleted = local ? await local.clear() : null;
  local?.close();
  if (!local) warnings.push("the local cache is off (FINANCE_CACHE=off): nothing to clear there");
  let sharedDeleted: number | null = null;
  if (config.cacheUrl) {
    const fleet = new Fleet(config.cacheUrl);
    try {
      if (shared) {
        sharedDeleted = await fleet.cacheKeys(true);
        if (sharedDeleted === null) {
          return failure(
            `cache clear --shared: ${fleet.backend} at ${
              displayUrl(config.cacheUrl)
            } is unreachable, so its keys were not deleted (the local cache was cleared: ${
              localDeleted ?? 0
            } entries); try again when it is up`,
            warnings,
          );
        }
      } else {
        warnings.push(
          `the shared cache at ${
            displayUrl(config.cacheUrl)
          } was left as it is; add --shared to delete its finance:cache:* keys too`,
        );
      }
    } finally {
      fleet.close();
    }
  } else if (shared) {
    warnings.push("--shared: no shared backend is set (FINANCE_CACHE is not a redis:// URL)");
  }
  return success({
    local_file: local?.file ?? null,
    local_entries_deleted: localDeleted,
    shared: config.cacheUrl ? displayUrl(config.cacheUrl) : null,
    shared_keys_deleted: sharedDeleted,
  }, warnings);
}
