/**
 * Structures derived from response bodies (SEC's ticker map, a company's submissions), kept for
 * the session so that calls do not parse the same bytes again. An entry is keyed by what it was
 * derived from: the URL and the exact copy of the answer (a cassette's recording, or a cache
 * entry's storage time and size), so a refreshed answer is derived afresh. Values are deeply
 * frozen: one call cannot change what another reads. Least recently used entries go first once
 * the estimated size passes the cap (FINANCE_MEMO_MB, default 64).
 */

/** Default cap on the memo's estimated size. */
export const DEFAULT_MEMO_BYTES = 64 * 1024 * 1024;

interface Slot {
  value: unknown;
  bytes: number;
}

export class ParsedMemo {
  readonly maxBytes: number;
  #slots = new Map<string, Slot>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  constructor(maxBytes = DEFAULT_MEMO_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** Estimated bytes held. */
  get size(): number {
    return this.#bytes;
  }

  get entries(): number {
    return this.#slots.size;
  }

  /**
   * The value derived by `build` under `key`, built once and frozen. `size` estimates its bytes
   * (asked only when building); a value larger than the whole cap is not kept.
   */
  get<T>(key: string, size: number | (() => number), build: () => T): T {
    const slot = this.#slots.get(key);
    if (slot) {
      this.hits++;
      // Map order is insertion order: re-inserting marks it most recently used
      this.#slots.delete(key);
      this.#slots.set(key, slot);
      return slot.value as T;
    }
    this.misses++;
    const value = deepFreeze(build());
    const bytes = typeof size === "function" ? size() : size;
    if (bytes > this.maxBytes) return value;
    this.#slots.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [k, s] of this.#slots) {
      if (this.#bytes <= this.maxBytes) break;
      this.#slots.delete(k);
      this.#bytes -= s.bytes;
    }
    return value;
  }

  clear(): void {
    this.#slots.clear();
    this.#bytes = 0;
  }
}

/** Freezes a value and everything reachable from it (plain objects, arrays, Maps' contents). */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  const seen = new Set<unknown>();
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v !== "object" || seen.has(v) || ArrayBuffer.isView(v)) continue;
    seen.add(v);
    if (v instanceof Map) {
      for (const [k, x] of v) stack.push(k, x);
      freezeMap(v);
    } else if (v instanceof Set) {
      for (const x of v) stack.push(x);
      freezeSet(v);
    } else {
      for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
    }
    Object.freeze(v);
  }
  return value;
}

function refuse(): never {
  throw new TypeError("a shared parsed value cannot be changed");
}

function freezeMap(m: Map<unknown, unknown>): void {
  Object.defineProperties(m, {
    set: { value: refuse },
    delete: { value: refuse },
    clear: { value: refuse },
  });
}

function freezeSet(s: Set<unknown>): void {
  Object.defineProperties(s, {
    add: { value: refuse },
    delete: { value: refuse },
    clear: { value: refuse },
  });
}

/** A rough size of a parsed body: its bytes, twice over (V8 strings and objects). */
export function estimateBytes(bodyLength: number): number {
  return bodyLength * 2 + 256;
}
