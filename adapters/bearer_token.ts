/**
 * The bearer token of a server: compared in constant time, wrong ones counted per client (429
 * past FINANCE_MAX_TOKEN_FAILURES a minute), and a token too weak to be the only lock refused.
 */

/** Default wrong tokens a client may send in a window before it is answered 429. */
export const DEFAULT_MAX_TOKEN_FAILURES = 10;
/** The window wrong tokens are counted in, in ms. */
export const TOKEN_FAILURE_WINDOW_MS = 60_000;
/** Clients whose failures are remembered at once; past it the oldest record is forgotten. */
const MAX_FAILING_CLIENTS = 10_000;

/**
 * Wrong tokens per client address (as the per-client connection cap names clients: an IPv6
 * client by its /64). A client that sent `max` wrong tokens in a window is refused until the
 * window ends, without its token being compared, so guessing goes at `max` tries a minute.
 * Loopback clients are not counted: a reverse proxy on this machine makes every client loopback,
 * so one guesser would lock every caller out; such a proxy limits its own clients.
 */
export class TokenFailures {
  readonly max: number;
  readonly windowMs: number;
  readonly #clients = new Map<string, { count: number; resetAt: number }>();
  readonly #now: () => number;

  constructor(
    max = DEFAULT_MAX_TOKEN_FAILURES,
    windowMs = TOKEN_FAILURE_WINDOW_MS,
    now = Date.now,
  ) {
    this.max = max;
    this.windowMs = windowMs;
    this.#now = now;
  }

  /** Clients with failures on record. */
  get size(): number {
    return this.#clients.size;
  }

  /** Ms until `client` may try again when it is over the limit, else 0. */
  blockedFor(client: string): number {
    const entry = this.#clients.get(client);
    if (!entry) return 0;
    const left = entry.resetAt - this.#now();
    if (left <= 0) {
      this.#clients.delete(client);
      return 0;
    }
    return entry.count >= this.max ? left : 0;
  }

  /** Counts one wrong token from `client`. */
  fail(client: string): void {
    const now = this.#now();
    let entry = this.#clients.get(client);
    if (!entry || entry.resetAt <= now) {
      if (entry) this.#clients.delete(client);
      if (this.#clients.size >= MAX_FAILING_CLIENTS) this.#forget(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.#clients.set(client, entry);
    }
    entry.count++;
  }

  /** Drops ended windows; when none has ended, the oldest record (insertion order). */
  #forget(now: number): void {
    for (const [client, entry] of this.#clients) {
      if (entry.resetAt <= now) this.#clients.delete(client);
    }
    if (this.#clients.size >= MAX_FAILING_CLIENTS) {
      this.#clients.delete(this.#clients.keys().next().value!);
    }
  }
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i % (x.length || 1)] ?? 0) ^ (y[i % (y.length || 1)] ?? 0);
  return diff === 0;
}

/** The shortest FINANCE_ADAPTER_TOKEN a server accepts where the token is the only lock. */
export const MIN_TOKEN_LENGTH = 16;

/**
 * What is wrong with a bearer token as the one lock on a server other machines can reach, or
 * null: a short token, or one character repeated, falls to guessing even under the per-address
 * count of wrong tokens (an attacker has many addresses).
 */
export function weakTokenProblem(token: string): string | null {
  const chars = [...token];
  const why = chars.length < MIN_TOKEN_LENGTH
    ? `is ${chars.length} characters long (at least ${MIN_TOKEN_LENGTH} are needed)`
    : new Set(chars).size === 1
    ? "is one character repeated"
    : null;
  return why === null
    ? null
    : `FINANCE_ADAPTER_TOKEN ${why}: make one with \`openssl rand -hex 32\` and send it as Authorization: Bearer <token>`;
}
