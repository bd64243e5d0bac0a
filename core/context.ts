/**
 * The context a command runs in: the only door to time, providers, other commands and the
 * user's files. Commands never call fetch or read environment variables themselves.
 */
import type { Clock } from "./clock.ts";
import type { HttpClient } from "./http.ts";
import type { Envelope } from "./envelope.ts";
import type { ProviderEnv } from "./provider.ts";
import type { AccessPolicy, Surface } from "./access.ts";
import type { ProviderKey, ProviderTypes } from "./provider.ts";
import type { CacheStatus } from "./session.ts";

export interface Context {
  readonly clock: Clock;
  /** The session's HTTP client (cache, replay, politeness). Providers use it; commands rarely. */
  readonly http: HttpClient;
  /** Where the call came from. */
  readonly surface: Surface;
  /** Aborted when the caller gives up or the time limit passes. */
  readonly signal: AbortSignal;
  /** What local paths and URLs this call may read. */
  readonly access: AccessPolicy;
  /** Adds a non-fatal warning to the envelope. */
  warn(message: string): void;
  /** A provider client, created on first use (heavy packages load only then). */
  provider<K extends ProviderKey>(key: K): Promise<ProviderTypes[K]>;
  /** The environment providers are built with (sources.test probes use it). */
  readonly providerEnv: ProviderEnv;
  /** The cache backend and, when shared, its reachability and the shared limiter's pauses. */
  cacheStatus(): Promise<CacheStatus>;
  /**
   * Every request this call's providers made that got an answer, oldest first, URLs without
   * keys, tokens or crumbs: what a result cites as the URLs it was read from. Another command
   * run with `call` keeps its own list.
   */
  requested(): Requested[];
  /** Runs another command in the same session; returns its envelope (never throws). */
  call<T = unknown>(
    command: string,
    args: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<Envelope<T>>;
}

/** One answered request of a call, for citing (see Context.requested). */
export interface Requested {
  /** Provider key (market_a, stooq, ...). */
  provider: string;
  /** The URL asked for, credentials removed. */
  url: string;
  /**
   * When the answer came, ISO 8601: a replayed one's recording time (its Date header, else its
   * cassette's recorded_at), a cached one's time of storing, else the session's clock. Null for
   * a replayed answer whose recording carries no date (the call warns UNDATED_REPLAY).
   */
  retrieved_at: string | null;
  /** Whether it came from the service, the response cache or a replay cassette. */
  via: "network" | "cache" | "replay";
}

/** How a command calls another. */
export interface CallOptions {
  /**
   * The caller only reads the data and keeps it in the process (a backtest reading bars): the
   * answer is not copied into JSON-safe form when it already is one, and its data is not
   * redacted (the error and warnings are). What the caller passes on is copied and redacted
   * with its own envelope.
   */
  inProcess?: boolean;
}
