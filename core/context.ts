/**
 * The context a command runs in: the only door to time, providers, other commands and the
 * user's files. Commands never call fetch or read environment variables themselves.
 */
import type { Clock } from "./clock.ts";
import type { HttpClient } from "./http.ts";
import type { Envelope } from "./envelope.ts";
import type { ProviderEnv } from "./provider.ts";
import type { AccessPolicy, Surface } from "./access.ts";
import type { ProviderKey, ProviderTypes } from "../providers/clients.ts";
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
  /** Runs another command in the same session; returns its envelope (never throws). */
  call<T = unknown>(
    command: string,
    args: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<Envelope<T>>;
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
