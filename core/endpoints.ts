/**
 * Operator settings for where providers are reached and how fast: base URLs of an enterprise
 * mirror (FINANCE_SEC_BASE_URL and friends; the only way a provider is pointed at a private
 * address) and per-host request rates (FINANCE_HOST_RATES). Read once, at the edge.
 */
import type { Config } from "./config.ts";
import { FinanceError } from "./errors.ts";
import { setHostPolicy } from "./limiter.ts";

/** Setting → the public origin it replaces. */
export const BASE_URL_SETTINGS: Record<string, string> = {
  FINANCE_SEC_BASE_URL: "https://www.sec.gov",
  FINANCE_SEC_DATA_BASE_URL: "https://data.sec.gov",
  FINANCE_SEC_EFTS_BASE_URL: "https://efts.sec.gov",
};

/** Hosts that share one budget when a rate is given for their group. */
const GROUPS: Record<string, string[]> = {
  "sec.gov": ["www.sec.gov", "data.sec.gov", "efts.sec.gov"],
};

/**
 * The URL rewrite for the configured mirrors, or undefined when none is set. A mirror URL may
 * carry a path prefix (http://mirror:8080/sec); the original path follows it.
 */
export function baseUrlRewrite(config: Config): ((url: URL) => URL) | undefined {
  const map = new Map<string, URL>();
  for (const [name, origin] of Object.entries(BASE_URL_SETTINGS)) {
    const value = config.env(name);
    if (!value) continue;
    let target: URL;
    try {
      target = new URL(value);
    } catch {
      throw new FinanceError(`${name}: "${value}" is not a URL; expected e.g. http://mirror:8080`);
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      throw new FinanceError(`${name}: only http(s) base URLs are allowed, not ${target.protocol}`);
    }
    map.set(origin, target);
  }
  if (!map.size) return undefined;
  return (url: URL) => {
    const target = map.get(url.origin);
    if (!target) return url;
    const prefix = target.pathname.replace(/\/$/, "");
    // the mirror's origin with the path appended, never a URL parsed from the caller's path: a
    // path starting "//127.0.0.1:18999/…" would otherwise name a host of its own
    const out = new URL(target.origin);
    out.pathname = `${prefix}/${url.pathname.replace(/^\/+/, "")}`;
    out.search = url.search;
    if (out.origin !== target.origin) {
      throw new FinanceError(`refused: ${url.href} does not map onto the mirror ${target.origin}`);
    }
    return out;
  };
}

/**
 * Applies FINANCE_HOST_RATES ("sec.gov=10,api.example.com=5": requests per second per host or
 * host group) to the limiter; returns the rates it set.
 */
export function applyHostRates(config: Config): Record<string, number> {
  const text = config.env("FINANCE_HOST_RATES");
  const set: Record<string, number> = {};
  if (!text) return set;
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z0-9.-]+)=(\d+(?:\.\d+)?)$/i.exec(part);
    const rate = m ? Number(m[2]) : NaN;
    if (!m || !(rate > 0)) {
      throw new FinanceError(
        `FINANCE_HOST_RATES: "${part}" is not host=requests-per-second (e.g. sec.gov=10)`,
      );
    }
    const host = m[1].toLowerCase();
    for (const h of Object.hasOwn(GROUPS, host) ? GROUPS[host] : [host]) {
      setHostPolicy(h, { minIntervalMs: 1000 / rate, concurrency: 4 });
    }
    set[host] = rate;
  }
  return set;
}
