/**
 * Per-host politeness shared by every HTTP client in the process: spacing between request
 * starts and a cap on requests in flight (SEC's hosts share one budget).
 */

/** Politeness rules for one host. */
export interface HostPolicy {
  /** Minimum milliseconds between request starts. */
  minIntervalMs?: number;
  /** Requests in flight at once. */
  concurrency?: number;
}

interface HostState {
  policy: HostPolicy;
  nextStart: number;
  active: number;
  waiters: (() => void)[];
  /** Epoch ms until which no request starts (after a 429); 0 = none. */
  pausedUntil: number;
}

/**
 * A limiter shared by many processes (core/fleet.ts on Redis). `permit` answers how long to
 * wait: >= 0 with the slot reserved, < 0 while a shared pause holds (wait, then ask again),
 * null when the shared backend is down (the local limiter alone then applies).
 */
export interface SharedLimiter {
  permit(budget: string, intervalMs: number): Promise<number | null>;
  pause(budget: string, ms: number): Promise<void>;
}

let shared: SharedLimiter | null = null;

/** Routes every host budget through a shared limiter as well (null: local only). */
export function useSharedLimiter(limiter: SharedLimiter | null): void {
  shared = limiter;
}

/** Stops using `limiter`, unless another one has taken its place since (a later session's). */
export function releaseSharedLimiter(limiter: SharedLimiter): void {
  if (shared === limiter) shared = null;
}

/** True when processes share one budget (a 429 then pauses them all). */
export function sharingBudgets(): boolean {
  return shared !== null;
}

/**
 * The shared schedule leaves 10% headroom under a host's rate, so that network jitter between
 * the permit and the request's arrival cannot push any one-second window over the limit.
 */
export const SHARED_HEADROOM = 0.9;

/** Refusal to wait out a pause longer than the caller allows. */
export class PausedError extends Error {
  constructor(readonly budget: string, readonly remainingMs: number) {
    super(`requests to ${budget} are paused for ${Math.ceil(remainingMs / 1000)} s more`);
    this.name = "PausedError";
  }
}

const hostStates = new Map<string, HostState>();
const hostPolicies = new Map<string, HostPolicy>();

/** Declares politeness for a host, process-wide (e.g. SEC: 10 requests per second). */
export function setHostPolicy(host: string, policy: HostPolicy): void {
  hostPolicies.set(host.toLowerCase(), policy);
  const state = hostStates.get(budgetKey(host.toLowerCase()));
  if (state) state.policy = policy;
}

setHostPolicy("www.sec.gov", { minIntervalMs: 100, concurrency: 4 });
setHostPolicy("data.sec.gov", { minIntervalMs: 100, concurrency: 4 });
setHostPolicy("efts.sec.gov", { minIntervalMs: 100, concurrency: 2 });
setHostPolicy("api.gdeltproject.org", { minIntervalMs: 5000, concurrency: 1 });

/** Waits `ms`, rejecting with an AbortError when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("aborted", "AbortError"));
    if (ms <= 0) return resolve();
    const id = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(id);
      reject(new DOMException("aborted", "AbortError"));
    }, { once: true });
  });
}

// SEC shares one budget across its hosts.
function budgetKey(host: string): string {
  return host.endsWith(".sec.gov") || host === "sec.gov" ? "sec.gov" : host;
}

/** Waits for a slot on `host`; returns the function that frees it. */
export async function acquire(
  host: string,
  maxWaitMs = Infinity,
  signal?: AbortSignal,
): Promise<() => void> {
  const key = budgetKey(host);
  let state = hostStates.get(key);
  if (!state) {
    state = {
      policy: hostPolicies.get(host) ?? {},
      nextStart: 0,
      active: 0,
      waiters: [],
      pausedUntil: 0,
    };
    hostStates.set(key, state);
  }
  const s = state;
  const limit = s.policy.concurrency ?? 8;
  while (s.active >= limit) await new Promise<void>((r) => s.waiters.push(r));
  s.active++;
  const release = () => {
    s.active--;
    const next = s.waiters.shift();
    if (next) return next();
    // a host with no spacing to keep, idle and not paused, needs no state: forgetting it keeps
    // the map from growing with every host a user-given URL names
    if (s.active === 0 && !s.policy.minIntervalMs && s.pausedUntil <= Date.now()) {
      if (hostStates.get(key) === s) hostStates.delete(key);
    }
  };
  try {
    await waitPause(key, s, maxWaitMs, signal);
    const interval = s.policy.minIntervalMs ?? 0;
    if (interval > 0) {
      const now = Date.now();
      const start = Math.max(now, s.nextStart);
      s.nextStart = start + interval;
      await sleep(start - now, signal);
      if (shared) await sharedSlot(key, interval / SHARED_HEADROOM, maxWaitMs, signal);
    }
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

async function waitPause(key: string, s: HostState, maxWaitMs: number, signal?: AbortSignal) {
  const left = s.pausedUntil - Date.now();
  if (left <= 0) return;
  if (left > maxWaitMs) throw new PausedError(key, left);
  await sleep(left, signal);
}

async function sharedSlot(key: string, interval: number, maxWaitMs: number, signal?: AbortSignal) {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const wait = await shared!.permit(key, interval);
    if (wait === null) return; // backend down: the local spacing already applied
    const ms = Math.abs(wait);
    if (Date.now() + ms > deadline) throw new PausedError(key, ms);
    await sleep(ms, signal);
    if (wait >= 0) return;
  }
}

/**
 * Holds every request to `host`'s budget for `ms` (a 429 or SEC's rate-threshold page), in this
 * process and, with a shared limiter, in every process.
 */
export async function pauseHost(host: string, ms: number): Promise<void> {
  const key = budgetKey(host.toLowerCase());
  let state = hostStates.get(key);
  if (!state) {
    state = {
      policy: hostPolicies.get(host.toLowerCase()) ?? {},
      nextStart: 0,
      active: 0,
      waiters: [],
      pausedUntil: 0,
    };
    hostStates.set(key, state);
  }
  state.pausedUntil = Math.max(state.pausedUntil, Date.now() + ms);
  await shared?.pause(key, ms);
}

/** How many host budgets hold state (hosts in use, paused, or spaced by a policy). */
export function trackedBudgets(): number {
  return hostStates.size;
}

/** Milliseconds left of a pause on `host`'s budget in this process (0 = none). */
export function pausedFor(host: string): number {
  const s = hostStates.get(budgetKey(host.toLowerCase()));
  return s ? Math.max(0, s.pausedUntil - Date.now()) : 0;
}
