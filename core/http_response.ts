/**
 * The pieces of an HTTP exchange that are not the client's control flow: the response object
 * handed to providers (with JSON parsing that names the URL), and the words for failures.
 */
import { fetchFailure, ProviderError } from "./errors.ts";
import { redactUrl } from "./redact.ts";
import { deepFreeze } from "./memo.ts";
import type { HttpRequest, HttpResponse } from "./http.ts";

/** Headers as a plain record (lower-case names; several Set-Cookie lines kept). */
export function headersToRecord(h: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  h.forEach((v, k) => (out[k.toLowerCase()] = v));
  // Several Set-Cookie lines would overwrite each other; keep them all, one per line.
  const cookies = h.getSetCookie?.() ?? [];
  if (cookies.length > 1) out["set-cookie"] = cookies.join("\n");
  return out;
}

/**
 * The response handed to callers, whatever its origin (network, cache, replay). A body given as
 * a function is read on first use (a replayed file whose parsed form the session already holds).
 */
export function makeResponse(
  req: HttpRequest,
  url: string,
  status: number,
  headers: Record<string, string>,
  body: Uint8Array | (() => Uint8Array),
  origin: HttpResponse["origin"],
  ageSeconds: number,
): HttpResponse {
  const shown = () => redactUrl(url, req.secrets); // for messages only
  let bytes: Uint8Array | null = typeof body === "function" ? null : body;
  const getBody = () => (bytes ??= (body as () => Uint8Array)());
  let text: string | null = null;
  const getText = () => (text ??= new TextDecoder().decode(getBody()));
  return {
    url,
    status,
    headers,
    get body() {
      return getBody();
    },
    origin,
    ageSeconds,
    text: getText,
    derived: <T>(_name: string, build: () => T): T => deepFreeze(build()),
    json<T>(): T {
      const t = getText();
      const trimmed = t.trimStart();
      if (trimmed === "") {
        throw new ProviderError(req.provider, `empty response body from ${shown()}`, {
          url: shown(),
          status,
        });
      }
      if (trimmed.startsWith("<")) {
        throw new ProviderError(
          req.provider,
          `expected JSON from ${shown()} but got an HTML page${
            req.hint ? `; ${req.hint}` : " (the service may have rejected the query)"
          }`,
          { url: shown(), status },
        );
      }
      try {
        return JSON.parse(t) as T;
      } catch {
        throw new ProviderError(
          req.provider,
          `malformed or truncated JSON from ${shown()} (${getBody().length} bytes)`,
          { url: shown(), status },
        );
      }
    },
  };
}

/** Reads Retry-After (seconds or HTTP date) into ms, or null. */
export function retryAfterMs(value: string | null, nowMs = Date.now()): number | null {
  if (!value) return null;
  const secs = Number(value.trim());
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** A network failure in words a user can act on, and whether a retry may help. */
export function describeNetworkError(err: unknown): { text: string; retry: boolean } {
  // Deno's fetch says only "fetch failed" and keeps the reason (hyper's) in its cause
  const fetched = fetchFailure(err);
  if (fetched?.malformed && !fetched.retry) {
    return {
      text:
        `the server's answer is not valid HTTP (${fetched.reason}); it is misconfigured or not a web server`,
      retry: false,
    };
  }
  const msg = (err instanceof Error ? err.message : String(err)) +
    (fetched ? `: ${fetched.reason}` : "");
  // node's HTTP parser (a pinned hop) refusing the answer: header overflow, a Content-Length
  // beside Transfer-Encoding or given twice, a status line that is not HTTP. The host answered,
  // so neither "offline" nor a retry: the same answer would come again.
  const code = String((err as { code?: unknown } | null)?.code ?? "");
  const parse = /^Parse Error: (.*)/.exec(msg);
  if (parse || code.startsWith("HPE_")) {
    const why = (parse?.[1] ?? code).replace(/[^\x20-\x7e]/g, "").slice(0, 100);
    return {
      text:
        `the server's answer is not valid HTTP (${why}); it is misconfigured or not a web server`,
      retry: false,
    };
  }
  if (/certificate|altname|tls|ssl/i.test(msg)) {
    return { text: "a TLS error occurred (the certificate does not check out)", retry: false };
  }
  if (/dns|lookup|name resolution|resolve/i.test(msg)) {
    return {
      text: "the host name could not be resolved (DNS failure; are you offline?)",
      retry: false,
    };
  }
  if (/refused/i.test(msg)) {
    return { text: "the connection was refused", retry: true };
  }
  if (/redirect/i.test(msg)) return { text: "too many redirects", retry: false };
  return { text: "the network request failed (offline or unreachable)", retry: true };
}

/** What to do about an HTTP status from a provider. */
export function statusHint(status: number, provider: string): string {
  if (status === 401 || status === 403) {
    return provider === "filings_a"
      ? "SEC refuses requests without a real contact; set FINANCE_FILINGS_USER_AGENT to 'Your Name you@example.com'"
      : "access was refused; check the provider's API key or plan";
  }
  if (status === 404) return "not found; check the symbol, identifier or URL";
  if (status === 429) return "rate limited by the service; wait and try again";
  if (status >= 500) return "the service is failing; try again later";
  return "";
}

/** 268435456 -> "256 MiB". */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** A short SHA-256 of a request body (cache keys of POSTs). */
export async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(bytes)].slice(0, 8).map((b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

/** An age in seconds as "90 s", "12 min", "5 h" or "3 days". */
export function formatAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} days`;
}
