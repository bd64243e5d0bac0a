/**
 * The Session class without its cache backends, which core/session.ts hands over when it loads
 * (every importer of core/session.ts gets them). The CLI's lean path imports this module alone
 * and loads core/session.ts only when the settings use a cache (not with FINANCE_CACHE=off or
 * under replay): the SQLite and Redis modules are a tenth of a cold start's modules.
 *
 * A session holds what outlives one command call: configuration, the response cache, the
 * replay cassettes or the recorder, and the clock. The CLI makes one per process; the HTTP
 * adapter and MCP server share one across requests.
 */
import { type Config, loadConfig } from "./config.ts";
import type { ResponseCache } from "./cache.ts";
import type { ResponseStore } from "./cache_entry.ts";
import type { SharedCache } from "./cache_shared.ts";
import type { Fleet, FleetStatus } from "./fleet.ts";
import { releaseSharedLimiter, useSharedLimiter } from "./limiter.ts";
import { applyHostRates, baseUrlRewrite } from "./endpoints.ts";
import { CassetteLibrary, CassetteRecorder } from "./cassette.ts";
import { type Clock, fixedClock, systemClock } from "./clock.ts";
import { type FlightOutcome, HttpClient, type HttpClientOptions } from "./http.ts";
import { DEFAULT_MEMO_BYTES, ParsedMemo } from "./memo.ts";
import { FinanceError } from "./errors.ts";
import { lazyImport } from "./lazy.ts";

/** The cache backends, as core/session.ts hands them over. */
export interface SessionStores {
  ResponseCache: typeof ResponseCache;
  SharedCache: typeof SharedCache;
  Fleet: typeof Fleet;
  DEFAULT_CACHE_MAX_BYTES: number;
}

let stores: SessionStores | null = null;

/** Called by core/session.ts as it loads. */
export function provideStores(s: SessionStores): void {
  stores = s;
}

/** True when a session built from `config` keeps a cache (local or shared). */
function usesStores(config: Config): boolean {
  return !config.replayDirs.length && !!(config.cacheDir || config.cacheUrl);
}

function requireStores(): SessionStores {
  if (!stores) throw new Error("a session with a cache needs core/session.ts loaded");
  return stores;
}

/** How to build a Session. */
export interface SessionOptions {
  /** Settings; read from the environment by default. */
  config?: Config;
  /** Replace the network (tests, fault injection). */
  fetch?: typeof fetch;
  /** Fixed clock (otherwise FINANCE_NOW, the cassette's time, or the wall clock). */
  clock?: Clock;
  /** Retry backoff base in ms. */
  backoffBaseMs?: number;
  /** Per-host politeness (default on). */
  politeness?: boolean;
  /** Cap on request timeouts in ms (fault tests). */
  timeoutCapMs?: number;
  /**
   * Puts library calls under the adapters' rules (for a server that embeds finance): local
   * files only under FINANCE_DOCUMENT_ROOTS (none when it is unset), and URLs on private or
   * local addresses refused unless FINANCE_ALLOW_PRIVATE_URLS=1.
   */
  confineLocalFiles?: boolean;
}

/** State shared by calls: configuration, cache, cassettes, clock. */
export class Session {
  /** Settings read at creation. */
  readonly config: Config;
  /** The program's "now". */
  readonly clock: Clock;
  /** Response cache (on-disk, or shared through Redis), or null when off or replaying. */
  readonly cache: ResponseStore | null;
  /** The shared backend (FINANCE_CACHE=redis://...), or null. */
  readonly fleet: Fleet | null;
  /** Cassettes answering every request, or null. */
  readonly replay: CassetteLibrary | null;
  /** Recorder of live responses, or null. */
  readonly recorder: CassetteRecorder | null;
  /** Library and CLI calls follow the adapters' local-file rule. */
  readonly confineLocalFiles: boolean;
  /** Structures derived from answers, shared by the session's calls (FINANCE_MEMO_MB). */
  readonly memo: ParsedMemo;
  /** Text a provider keeps for the session (ProviderEnv.sessionState). */
  readonly providerState = new Map<string, string>();
  /** Cacheable GETs in flight, so that identical concurrent ones cost one request. */
  readonly #flights = new Map<string, Promise<FlightOutcome>>();
  #secrets: string[] | null = null;
  readonly #fetch?: typeof fetch;
  readonly #backoff?: number;
  readonly #politeness?: boolean;
  readonly #timeoutCap?: number;
  readonly #rewrite?: (url: URL) => URL;

  /** Builds a session; a bad FINANCE_REPLAY folder is an error here. */
  constructor(opts: SessionOptions = {}) {
    this.config = opts.config ?? loadConfig();
    const c = this.config;
    try {
      this.replay = c.replayDirs.length ? new CassetteLibrary(c.replayDirs) : null;
    } catch (err) {
      throw new FinanceError(
        `FINANCE_REPLAY: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (opts.clock) this.clock = opts.clock;
    else if (c.now) this.clock = fixedClock(c.now);
    else if (this.replay?.recordedAt) this.clock = fixedClock(this.replay.recordedAt);
    else this.clock = systemClock;
    const local = c.cacheDir && !this.replay
      ? new (requireStores().ResponseCache)(
        c.cacheDir,
        cacheMaxBytes(c.env("FINANCE_CACHE_MAX_MB")),
      )
      : null;
    this.fleet = c.cacheUrl && !this.replay ? new (requireStores().Fleet)(c.cacheUrl) : null;
    this.cache = this.fleet
      ? new (requireStores().SharedCache)(
        this.fleet,
        local,
        sharedMaxBytes(c.env("FINANCE_REDIS_MAX_VALUE_MB")),
      )
      : local;
    // one request budget per host across every process sharing the backend
    if (this.fleet) useSharedLimiter(this.fleet);
    applyHostRates(c);
    this.#rewrite = baseUrlRewrite(c);
    this.recorder = c.recordDir && !this.replay
      ? new CassetteRecorder(c.recordDir, this.clock.now().toISOString(), this.secrets())
      : null;
    this.#fetch = opts.fetch;
    this.confineLocalFiles = opts.confineLocalFiles ?? false;
    this.#backoff = opts.backoffBaseMs;
    this.#politeness = opts.politeness;
    this.#timeoutCap = opts.timeoutCapMs;
    const memoMb = positiveNumber(c.env("FINANCE_MEMO_MB"));
    this.memo = new ParsedMemo(
      memoMb === undefined ? DEFAULT_MEMO_BYTES : Math.floor(memoMb * 1024 * 1024),
    );
  }

  /**
   * Values of secret environment variables, for redaction: the known key variables and any
   * variable whose name says it holds a key, token, secret or password.
   */
  secrets(): string[] {
    return (this.#secrets ??= this.#findSecrets()).slice();
  }

  #findSecrets(): string[] {
    const known = [
      "ESTIMATES_A_API_KEY",
      "ALPHA_VANTAGE_API_KEY",
      "ALPHAVANTAGE_API_KEY",
      "ALPACA_API_KEY_ID",
      "ALPACA_API_SECRET_KEY",
      "APCA_API_KEY_ID",
      "APCA_API_SECRET_KEY",
      "FINANCE_ADAPTER_TOKEN",
      "FINANCE_FILINGS_USER_AGENT",
    ];
    // Other variables named like keys count too, when their value looks like one: a short
    // value ("true", "1234") would blank out ordinary words everywhere.
    const named =
      this.config.names?.().filter((n) =>
        !known.includes(n) && /(API_?KEY|_KEY_ID|SECRET|TOKEN|PASSWORD|PASSPHRASE|_KEY)$/i.test(n)
      ) ?? [];
    const value = (n: string) => this.config.env(n) ?? "";
    const values = [
      ...known.map(value).filter((v) => v.length >= 4),
      ...named.map(value).filter((v) => v.length >= 8 && !/^(true|false|\d+)$/i.test(v)),
    ];
    return [...new Set(values)];
  }

  /** An HTTP client bound to this session, reporting warnings to `warn`. */
  http(warn: (m: string) => void, extra: Partial<HttpClientOptions> = {}): HttpClient {
    const client = new HttpClient({
      fetch: this.#fetch,
      cache: this.fleet ? (this.cache as SharedCache).forCall(warn) : this.cache, // shared iff fleet
      rewrite: this.#rewrite,
      replay: this.replay,
      recorder: this.recorder,
      warn,
      backoffBaseMs: this.#backoff,
      politeness: this.#politeness,
      timeoutCapMs: this.#timeoutCap,
      secrets: this.secrets(),
      memo: this.memo,
      flights: this.#flights,
      maxResponseBytes: positiveInt(this.config.env("FINANCE_MAX_RESPONSE_BYTES")),
      maxBufferedBytes: positiveInt(this.config.env("FINANCE_MAX_BUFFERED_BYTES")),
      ...extra,
    });
    const notice = this.#unreadableNotice();
    if (notice) {
      // said on each request, cached or live, so that no answer comes silently from the network
      const request = client.request.bind(client);
      client.request = (req) => {
        warn(notice);
        return request(req);
      };
    }
    return client;
  }

  /**
   * What to say when the settings that pick replay, recording or the clock could not be read
   * (a restricted `--allow-env` list): the session then goes to the network as if unset.
   */
  #unreadableNotice(): string | null {
    const names = this.config.unreadable ?? [];
    if (!names.length || this.replay) return null;
    const list = names.join(", ");
    return `${list} could not be read (not in --allow-env), so ${
      names.length > 1 ? "they count" : "it counts"
    } as unset and requests go to the live network; allow ${
      names.length > 1 ? "them" : "it"
    } (--allow-env=${
      names.join(",")
    },...) or, from the library, pass the replay, record or now options`;
  }

  /** Closes the cache file and the shared backend's connection. */
  close(): void {
    this.cache?.close();
    if (this.fleet) releaseSharedLimiter(this.fleet);
  }

  /** Which cache backend answers, and (shared) whether it is reachable, with its latency. */
  async cacheStatus(): Promise<CacheStatus> {
    if (this.replay) return { backend: "replay", shared: null };
    if (this.fleet) return { backend: this.fleet.backend, shared: await this.fleet.status() };
    return { backend: this.cache ? "sqlite" : "off", shared: null };
  }
}

/** What sources.status and /health show about the cache and the shared limiter. */
export interface CacheStatus {
  backend: string;
  shared: FleetStatus | null;
}

function cacheMaxBytes(text: string | undefined): number {
  const mb = Number(text);
  return text && Number.isFinite(mb) && mb > 0
    ? Math.floor(mb * 1024 * 1024)
    : requireStores().DEFAULT_CACHE_MAX_BYTES;
}

function sharedMaxBytes(text: string | undefined): number | undefined {
  const mb = Number(text);
  return text && Number.isFinite(mb) && mb > 0 ? Math.floor(mb * 1024 * 1024) : undefined;
}

function positiveNumber(text: string | undefined): number | undefined {
  const n = Number(text);
  return text && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function positiveInt(text: string | undefined): number | undefined {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}

let defaultSession: Session | null = null;

/** The process-wide session built from the environment. */
export function getDefaultSession(): Session {
  return (defaultSession ??= new Session());
}

/**
 * The process-wide session, for a caller that did not load core/session.ts: its cache backends
 * are loaded first when the settings use them.
 */
export async function loadDefaultSession(): Promise<Session> {
  if (defaultSession) return defaultSession;
  const config = loadConfig();
  if (!stores && usesStores(config)) {
    await lazyImport(new URL("./session.ts", import.meta.url));
  }
  return (defaultSession ??= new Session({ config }));
}

/** Replaces the process-wide session (tests). */
export function setDefaultSession(session: Session | null): void {
  defaultSession = session;
}
