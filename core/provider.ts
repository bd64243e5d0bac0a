/** What every provider module declares, and what it is given to work with. */
import type { Clock } from "./clock.ts";
import type { HttpClient } from "./http.ts";

/** The environment a provider works in: HTTP, time, its env vars, a warning sink. */
export interface ProviderEnv {
  http: HttpClient;
  clock: Clock;
  /** Reads an environment variable (empty counts as absent). Providers only. */
  env(name: string): string | undefined;
  warn(message: string): void;
  signal?: AbortSignal;
  /**
   * What a provider keeps for the session, beyond one call (e.g. a service's cookies): text
   * only, so that no call can change what another reads. Per-call state (signal, warn) stays
   * on the client; the client itself is built per call.
   */
  sessionState?: Map<string, string>;
}

/**
 * The provider clients by key (`market_a` → its Client class). Core defines the interface and
 * knows no provider: providers/clients.ts fills it in (TypeScript's module augmentation) and
 * registers the function that builds the clients, so commands get typed clients from
 * `ctx.provider(key)` while core stays below the providers.
 */
// deno-lint-ignore no-empty-interface
export interface ProviderTypes {}

/** A provider's neutral key, as providers/clients.ts declares them. */
export type ProviderKey = keyof ProviderTypes;

/** Builds a provider's client for one call's environment. */
export type ProviderFactory = <K extends ProviderKey>(
  key: K,
  env: ProviderEnv,
) => Promise<ProviderTypes[K]>;

let registered: ProviderFactory | null = null;

/** Called once by providers/clients.ts when it loads (commands/registry.ts and the lean path import it). */
export function registerProviders(factory: ProviderFactory): void {
  registered = factory;
}

/**
 * The registered client builder. A program that builds a Session without importing mod.ts (or
 * providers/clients.ts) has none: its first provider call says so rather than failing oddly.
 */
export function providerFactory(): ProviderFactory {
  if (registered) return registered;
  throw new Error(
    "no provider clients are registered: import commands/registry.ts or providers/clients.ts before running a command that reads a provider",
  );
}

/** Result of a provider probe (sources.test). */
export interface ProbeResult {
  ok: boolean;
  error: string | null;
}

/** An environment variable a provider reads; `alternatives` are accepted in its place. */
export interface EnvVar {
  name: string;
  alternatives?: string[];
  /** Holds a secret: never echoed. */
  secret?: boolean;
}

/** Static description of a provider: the inventory row of sources.list. */
export interface ProviderInfo {
  /** Neutral key, e.g. `filings_a`. */
  key: string;
  /** Display label naming the real service. */
  label: string;
  /** Real service names accepted as aliases of the key (`sec`, `yahoo`). */
  aliases: string[];
  capabilities: string[];
  required_env: EnvVar[];
  optional_env: EnvVar[];
  /** npm package checked for import, or null. */
  package: string | null;
  notes: string;
  /** Imports the package (true when it loads). Only for package-backed providers. */
  checkPackage?: () => Promise<boolean>;
  /** A minimal live request proving the provider answers. */
  probe(env: ProviderEnv, opts: { symbol: string; timeoutMs: number }): Promise<void>;
}

/** Reads an env var or any of its alternatives. */
export function readEnvVar(env: ProviderEnv["env"], v: EnvVar): string | undefined {
  for (const name of [v.name, ...(v.alternatives ?? [])]) {
    const value = env(name);
    if (value) return value;
  }
  return undefined;
}
