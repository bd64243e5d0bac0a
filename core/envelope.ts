/**
 * The one result shape every command returns, on every surface: `ok: true` with `data`, or
 * `ok: false` with `error`. Checking `ok` narrows it.
 */
export type Envelope<T = unknown> = Success<T> | Failure;

/** A command that completed. */
export interface Success<T = unknown> {
  /** The command completed. */
  ok: true;
  /** The command's payload. */
  data: T;
  /** Always null on success. */
  error: null;
  /** Non-fatal issues (stale cache, reinterpreted input, partial sources). */
  warnings: string[];
}

/** A command that failed. */
export interface Failure {
  /** The command did not complete. */
  ok: false;
  /** Always null on failure. */
  data: null;
  /** What went wrong and what to do. */
  error: string;
  /** Non-fatal issues gathered before the failure. */
  warnings: string[];
}

/** A successful envelope. */
export function success<T>(data: T, warnings: string[] = []): Success<T> {
  return { ok: true, data, error: null, warnings: dedupe(warnings) };
}

/** A failed envelope: data is always null. */
export function failure(error: string, warnings: string[] = []): Failure {
  return { ok: false, data: null, error, warnings: dedupe(warnings) };
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}

/**
 * Returns a JSON-safe copy of `value`: NaN and ±Infinity become null (with a warning naming the
 * path), Dates become ISO strings, undefined object members are dropped, bigints become numbers.
 */
export function jsonSafe(value: unknown, warnings: string[], path = "data"): unknown {
  if (typeof value === "number") {
    if (Number.isFinite(value)) return value;
    warnings.push(`${path} was ${value} (not a finite number); reported as null`);
    return null;
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString();
  }
  if (Array.isArray(value)) {
    return value.map((item, i) => jsonSafe(item, warnings, `${path}[${i}]`));
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined || typeof item === "function") continue;
      out[key] = jsonSafe(item, warnings, `${path}.${key}`);
    }
    return out;
  }
  return null;
}
