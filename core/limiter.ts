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
export async function acquire(host: string): Promise<() => void> {
  const key = budgetKey(host);
  let state = hostStates.get(key);
  if (!state) {
    state = {
      policy: hostPolicies.get(host) ?? {},
      nextStart: 0,
      active: 0,
      waiters: [],
    };
    hostStates.set(key, state);
  }
  const s = state;
  const limit = s.policy.concurrency ?? 8;
  while (s.active >= limit) await new Promise<void>((r) => s.waiters.push(r));
  s.active++;
  const interval = s.policy.minIntervalMs ?? 0;
  if (interval > 0) {
    const now = Date.now();
    const start = Math.max(now, s.nextStart);
    s.nextStart = start + interval;
    await sleep(start - now);
  }
  return () => {
    s.active--;
    s.waiters.shift()?.();
  };
}
