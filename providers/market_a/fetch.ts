/**
 * The `fetch` handed to yahoo-finance2: every request it makes (cookie/consent/crumb handshake
 * included) goes through the session's HttpClient, so politeness, retries, the cache and
 * record/replay apply to Yahoo exactly as to every other provider.
 */
import type { CachePolicy, HttpClient } from "../../core/http.ts";

const PROVIDER = "market_a";

/** Statuses yahoo-finance2 must see itself: redirects of the consent flow, Yahoo's JSON errors. */
const HANDED_BACK = [301, 302, 303, 307, 308, 400, 404];

const RATE_HINT =
  "Yahoo is rate-limiting this address (HTTP 429 / 'Too Many Requests'); the request was retried " +
  "with backoff; wait a minute before trying again";

const HANDSHAKE_NOTE =
  "this request is Yahoo's cookie, consent and crumb handshake, which every Yahoo call starts " +
  "with, and its quote page is a fixed one, not the symbol asked about";

/** Whether a request of yahoo-finance2's is part of Yahoo's cookie, consent and crumb handshake. */
export function isHandshake(url: URL): boolean {
  return url.pathname.includes("/getcrumb") || url.host.includes("consent") ||
    url.host.startsWith("guce") ||
    (url.host === "finance.yahoo.com" && url.pathname.startsWith("/quote/"));
}

/** How long an answer may be reused, by endpoint: quotes briefly, closed history for a day. */
export function cacheFor(url: URL, nowMs: number): CachePolicy {
  const path = url.pathname;
  if (path.includes("/getcrumb") || url.host.includes("consent") || url.host.startsWith("guce")) {
    return "none";
  }
  if (path.startsWith("/quote/")) return "none";
  if (path.includes("/v8/finance/chart/")) {
    const end = Number(url.searchParams.get("period2") ?? "0") * 1000;
    // A window that closed more than a day ago no longer changes (bar corrections aside).
    return end > 0 && end < nowMs - 86_400_000 ? { ttl: 86_400 } : { ttl: 300 };
  }
  if (path.includes("/v7/finance/quote") || path.includes("/screener")) return { ttl: 60 };
  return { ttl: 3_600 };
}

function headerRecord(init?: RequestInit): Record<string, string> {
  const out: Record<string, string> = {};
  const h = init?.headers;
  if (!h) return out;
  // Lower-case names so ours replace the HttpClient defaults instead of doubling them.
  new Headers(h as HeadersInit).forEach((v, k) => {
    if (k !== "cookie" || v) out[k.toLowerCase()] = v;
  });
  return out;
}

function toHeaders(record: Record<string, unknown>): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(record)) {
    // Cassettes keep Set-Cookie as an array; the live client joins several with newlines.
    const values = Array.isArray(v)
      ? v.map(String)
      : k === "set-cookie"
      ? String(v).split("\n")
      : [String(v)];
    for (const value of values) out.append(k, value);
  }
  return out;
}

/** Builds the fetch function yahoo-finance2 calls. */
export function yahooFetch(
  http: HttpClient,
  nowMs: () => number,
  signal?: AbortSignal,
): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? "GET").toUpperCase() === "POST" ? "POST" : "GET";
    const body = typeof init?.body === "string" ? init.body : undefined;
    const res = await http.request({
      provider: PROVIDER,
      url,
      method,
      headers: headerRecord(init),
      body,
      cache: method === "GET" ? cacheFor(new URL(url), nowMs()) : "none",
      acceptStatus: HANDED_BACK,
      redirect: init?.redirect === "manual" ? "manual" : "follow",
      hint: undefined,
      signal,
      timeoutMs: 30_000,
    }).catch((err) => {
      if (err instanceof Error && /HTTP 429/.test(err.message)) {
        err.message = `${err.message.replace(/; rate limited.*$/, "")}; ${RATE_HINT}`;
      } else if (err instanceof Error && isHandshake(new URL(url))) {
        // the page the handshake reads is one fixed listing's: said, so that its symbol is not
        // taken for the one asked about
        err.message = `${err.message} (${HANDSHAKE_NOTE})`;
      }
      throw err;
    });
    const nullBody = res.status === 204 || res.status === 304;
    return new Response(nullBody ? null : res.body as BodyInit, {
      status: res.status,
      headers: toHeaders(res.headers),
    });
  };
}
