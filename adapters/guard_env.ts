/**
 * The guard's settings read from a server's environment (FINANCE_ADAPTER_TOKEN,
 * FINANCE_ALLOWED_HOSTS, FINANCE_ALLOWED_ORIGINS, the body, connection and token-failure limits).
 */
import { type PlotFiles, plotFilesFromEnv } from "./plot_files.ts";
import { DEFAULT_MAX_TOKEN_FAILURES, TokenFailures } from "./bearer_token.ts";
import { type GuardOptions, hostName } from "./guard.ts";

/** A comma- or space-separated setting as a list of lower-case entries. */
export function listSetting(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).map((v) => v.trim().toLowerCase().replace(/\/+$/, ""))
    .filter(Boolean);
}

/** Reads the guard's settings from the environment of a server. */
export function guardOptionsFromEnv(
  env: (name: string) => string | undefined,
  extraHosts: string[] = [],
): GuardOptions | string {
  const num = (name: string, fallback: number): number | string => {
    const raw = env(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : `${name} must be a positive whole number, not ${raw}`;
  };
  const maxBodyBytes = num("FINANCE_MAX_BODY_BYTES", 1_000_000);
  const bodyTimeoutMs = num("FINANCE_BODY_TIMEOUT_MS", 10_000);
  const maxConcurrent = num("FINANCE_MAX_CONNECTIONS", 256);
  const maxTokenFailures = num("FINANCE_MAX_TOKEN_FAILURES", DEFAULT_MAX_TOKEN_FAILURES);
  const plotFiles = plotFilesFromEnv(env);
  for (
    const v of [
      maxBodyBytes,
      bodyTimeoutMs,
      maxConcurrent,
      maxTokenFailures,
      plotFiles,
    ]
  ) {
    if (typeof v === "string") return v;
  }
  return {
    token: env("FINANCE_ADAPTER_TOKEN"),
    // an entry may be written as the Host header or a URL would carry it (port, scheme, final dot)
    allowedHosts: [...listSetting(env("FINANCE_ALLOWED_HOSTS")), ...extraHosts].map((h) =>
      hostName(h.replace(/^[a-z][a-z0-9+.-]*:\/\//, ""))
      // a name holds no colon: an IPv6 address (`--host ::`) is answered as a literal anyway
    ).filter((h) => h && !h.includes(":")),
    // FINANCE_CORS_ORIGINS is the older name of the same list
    allowedOrigins: [
      ...listSetting(env("FINANCE_ALLOWED_ORIGINS")),
      ...listSetting(env("FINANCE_CORS_ORIGINS")),
    ],
    maxBodyBytes: maxBodyBytes as number,
    bodyTimeoutMs: bodyTimeoutMs as number,
    maxConcurrent: maxConcurrent as number,
    tokenFailures: new TokenFailures(maxTokenFailures as number),
    plotFiles: plotFiles as PlotFiles,
  };
}
