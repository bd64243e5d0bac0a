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
  return list.length < 2 ? [...list] : [...new Set(list)];
}

/**
 * Returns a JSON-safe copy of `value`: NaN and ±Infinity become null (with a warning naming the
 * path), Dates become ISO strings, undefined object members are dropped, bigints become numbers.
 */
export function jsonSafe(value: unknown, warnings: string[], path = "data"): unknown {
  // Nearly every answer has no non-finite number: copy it without building a path per value,
  // and only walk again with paths (for the warnings) when one is found.
  const fast = plainCopy(value);
  return fast === NOT_PLAIN ? safeCopy(value, warnings, path) : fast;
}

const NOT_PLAIN = Symbol("not plain");

const vouched = new WeakSet<object>();

/**
 * Marks an array or plain object its maker built JSON-safe (e.g. parsed bars: finite numbers,
 * null and strings), so {@link isJsonSafe} does not walk it. It must stay JSON-safe afterwards.
 */
export function vouchJsonSafe(value: unknown[] | Record<string, unknown>): void {
  vouched.add(value);
}

/**
 * True when `value` is already what {@link jsonSafe} would return (finite numbers, strings,
 * booleans, null, arrays and plain objects of them), so it can be used without the copy.
 */
export function isJsonSafe(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (Array.isArray(value)) {
    if (vouched.has(value)) return true;
    for (const item of value) if (!isJsonSafe(item)) return false;
    return true;
  }
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  if (vouched.has(value)) return true;
  for (const key in value) {
    if (!isJsonSafe((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** The same copy as {@link safeCopy}, or NOT_PLAIN when a value would need a warning. */
function plainCopy(value: unknown): unknown {
  if (typeof value === "number") return Number.isFinite(value) ? value : NOT_PLAIN;
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? null : value.toISOString();
  }
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = plainCopy(value[i]);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out[i] = item;
    }
    return out;
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const raw = (value as Record<string, unknown>)[key];
      if (raw === undefined || typeof raw === "function") continue;
      const item = plainCopy(raw);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out[key] = item;
    }
    return out;
  }
  return null;
}

function safeCopy(value: unknown, warnings: string[], path: string): unknown {
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
    return value.map((item, i) => safeCopy(item, warnings, `${path}[${i}]`));
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined || typeof item === "function") continue;
      out[key] = safeCopy(item, warnings, `${path}.${key}`);
    }
    return out;
  }
  return null;
}
