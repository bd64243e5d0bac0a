/**
 * The network side of the HTTP client (core/http.ts): one request sent with retries and backoff
 * (honouring Retry-After, SEC's rate-limit page, a budget shared by processes), redirects
 * followed hop by hop with the address guards run on each hop and credentials dropped across
 * origins, the pinned transport for a checked address, a timeout per hop, and the body read
 * under its cap. The client around it answers from cassettes, the cache and shared flights
 * first, and only then comes here.
 */
import { ProviderError } from "./errors.ts";
import { holdsSecret, isSecretHeader, redactUrl, redactValues, secretsIn } from "./redact.ts";
import { acquire, PausedError, pauseHost, sharingBudgets, sleep } from "./limiter.ts";
import type { HopInit, PinnedAddress } from "./transport.ts";
import { lazyImport } from "./lazy.ts";
import {
  describeNetworkError,
  formatBytes,
  headersToRecord,
  makeResponse,
  retryAfterMs,
  statusHint,
} from "./http_response.ts";
import type { HttpClientOptions, HttpRequest, HttpResponse } from "./http.ts";

// Pinned connections and capped body reading serve live requests only: a replayed or cached
// answer needs neither, so they load with the first request that goes out.
type Transport = typeof import("./transport.ts");
const transport = () => lazyImport<Transport>(new URL("./transport.ts", import.meta.url));

/** The User-Agent of every request that names none (SEC asks every client to declare one). */
export const DEFAULT_USER_AGENT = "finance/0.1.0 (Deno research toolkit)";

/** Default cap on a response body (decompressed), FINANCE_MAX_RESPONSE_BYTES raises it. */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);
/** How long SEC blocks a client that exceeded its fair-access rate. */
const SEC_BLOCK_MS = 10 * 60_000;
/** The shortest shared pause after a 429 without Retry-After. */
const MIN_429_PAUSE_MS = 1_000;

/** SEC's answer to a client over its rate: an HTML page titled "Request Rate Threshold Exceeded". */
function isSecThreshold(url: URL, res: HttpResponse): boolean {
  if (!/(^|\.)sec\.gov$/i.test(url.hostname) || res.status < 400 || res.body.length > 200_000) {
    return false;
  }
  return new TextDecoder().decode(res.body).includes("Request Rate Threshold Exceeded");
}
const MAX_REDIRECTS = 5;

/** Sends requests over the network for one HTTP client, with that client's options. */
export class Wire {
  readonly #opts: HttpClientOptions;
  readonly #fetch: typeof fetch;

  constructor(opts: HttpClientOptions) {
    this.#opts = opts;
    this.#fetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Sends a request over the network: retries, redirects hop by hop, the body under its cap. */
  async fetch(req: HttpRequest, parsed: URL): Promise<HttpResponse> {
    const retries = req.retries ?? 3;
    const base = this.#opts.backoffBaseMs ?? 500;
    const maxWait = this.#opts.maxRetryAfterMs ?? 30_000;
    const shownUrl = redactUrl(req.url, req.secrets);
    let lastError: ProviderError | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        let wait = base * 2 ** (attempt - 1);
        const after = lastError?.status === 429 || (lastError?.status ?? 0) >= 500
          ? (lastError as ProviderError & { retryAfter?: number | null }).retryAfter
          : null;
        if (after !== null && after !== undefined) {
          if (after > maxWait) {
            throw new ProviderError(
              req.provider,
              `HTTP ${lastError!.status} from ${shownUrl}; the service asks to wait ${
                Math.ceil(after / 1000)
              } s before retrying, longer than this client waits; try again later`,
              { url: shownUrl, status: lastError!.status },
            );
          }
          wait = Math.max(wait, after);
        }
        await sleep(wait, req.signal);
      }
      try {
        const res = await this.#fetchOnce(req, parsed);
        if (res.status === 429 || isSecThreshold(parsed, res)) {
          const after = retryAfterMs(res.headers["retry-after"] ?? null);
          if (res.status !== 429) {
            // SEC blocks a client over its fair-access rate for about ten minutes.
            await pauseHost(parsed.host, SEC_BLOCK_MS);
            throw new ProviderError(
              req.provider,
              `SEC's fair-access rate limit was exceeded (its "Request Rate Threshold Exceeded" page at ${shownUrl}); every request to SEC is paused for ${
                SEC_BLOCK_MS / 60_000
              } minutes; try again later`,
              { url: shownUrl, status: res.status },
            );
          }
          // Alone, a process backs off through its retries; sharing a budget, every process
          // holds off together.
          if (sharingBudgets()) {
            await pauseHost(parsed.host, Math.max(after ?? 0, MIN_429_PAUSE_MS));
          }
        }
        if (RETRY_STATUS.has(res.status) && attempt < retries) {
          const err = new ProviderError(req.provider, `HTTP ${res.status} from ${shownUrl}`, {
            url: shownUrl,
            status: res.status,
          }) as ProviderError & { retryAfter?: number | null };
          err.retryAfter = retryAfterMs(res.headers["retry-after"] ?? null);
          lastError = err;
          continue;
        }
        if (RETRY_STATUS.has(res.status) && retries > 0) {
          const hint = req.hint ?? statusHint(res.status, req.provider);
          throw new ProviderError(
            req.provider,
            `HTTP ${res.status} from ${shownUrl} after ${retries + 1} attempts${
              hint ? `; ${hint}` : ""
            }`,
            { url: shownUrl, status: res.status },
          );
        }
        return res;
      } catch (err) {
        if (err instanceof ProviderError) {
          if (err.status !== undefined || !("retryable" in err)) throw err;
          lastError = err;
          if (!(err as ProviderError & { retryable?: boolean }).retryable) throw err;
          if (attempt === retries) {
            throw new ProviderError(
              req.provider,
              `${err.message.replace(`${req.provider}: `, "")} (after ${retries + 1} attempts)`,
              { url: shownUrl },
            );
          }
          continue;
        }
        throw err;
      }
    }
    throw lastError ?? new ProviderError(req.provider, `request to ${shownUrl} failed`);
  }

  async #fetchOnce(req: HttpRequest, parsed: URL): Promise<HttpResponse> {
    const timeoutMs = Math.min(req.timeoutMs ?? 30_000, this.#opts.timeoutCapMs ?? Infinity);
    const shownUrl = redactUrl(req.url, req.secrets);
    let current = parsed;
    let release = () => {};
    if (this.#opts.politeness !== false) {
      try {
        release = await acquire(
          current.host.toLowerCase(),
          this.#opts.maxRetryAfterMs ?? 30_000,
          req.signal,
        );
      } catch (err) {
        if (!(err instanceof PausedError)) throw err;
        throw new ProviderError(
          req.provider,
          `requests to ${err.budget} are paused for ${
            Math.ceil(err.remainingMs / 1000)
          } s more after the service answered 429 or its rate-limit page; try again later`,
          { url: shownUrl, status: 429 },
        );
      }
    }
    // after a redirect, a failure names the hop that failed as well as the URL asked for
    const hopName = () =>
      current === parsed
        ? shownUrl
        : `${redactUrl(current.toString(), req.secrets)} (redirected from ${shownUrl})`;
    // what each hop sends: a redirect to another origin loses the credentials (and a 303, or a
    // 301/302 after a POST, the body), as browsers and curl do
    let hopHeaders = req.headers;
    let hopMethod: string = req.method ?? "GET";
    let hopBody = req.body;
    try {
      for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        const pin = await this.#check(req, current);
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), timeoutMs);
        const onAbort = () => controller.abort();
        req.signal?.addEventListener("abort", onAbort, { once: true });
        // a signal aborted before this hop fires no event
        if (req.signal?.aborted) controller.abort();
        let response: Response;
        let body: Uint8Array;
        try {
          const wire = this.#opts.rewrite?.(current) ?? current;
          response = await this.#send(wire, {
            method: hopMethod,
            headers: {
              "user-agent": this.#opts.userAgent ?? DEFAULT_USER_AGENT,
              "accept-encoding": "gzip, deflate",
              ...hopHeaders,
            },
            body: hopBody,
            signal: controller.signal,
          }, wire === current ? pin : undefined);
          if (
            req.redirect !== "manual" && response.status >= 300 && response.status < 400 &&
            response.headers.get("location")
          ) {
            await response.body?.cancel();
            const location = response.headers.get("location")!;
            const next = URL.parse(location, current);
            if (!next) {
              throw new ProviderError(
                req.provider,
                `${hopName()} redirects to \`${
                  redactValues(location.slice(0, 200), req.secrets ?? [])
                }\`, which is not a valid URL`,
                { url: shownUrl },
              );
            }
            if (next.protocol !== "http:" && next.protocol !== "https:") {
              throw new ProviderError(req.provider, `redirect to a non-http URL from ${shownUrl}`);
            }
            const known = [...(req.secrets ?? []), ...(this.#opts.secrets ?? [])];
            if (hopHeaders) hopHeaders = headersForHop(hopHeaders, current, next, known);
            if (
              response.status === 303 && hopMethod !== "HEAD" ||
              (response.status === 301 || response.status === 302) && hopMethod === "POST"
            ) {
              hopMethod = "GET";
              hopBody = undefined;
            } else if (
              hopBody !== undefined && next.origin !== current.origin && holdsSecret(hopBody, known)
            ) {
              // a body re-sent by a 307/308 holding a key goes only to the origin it was for
              throw new ProviderError(
                req.provider,
                `${hopName()} redirects a ${hopMethod} with its body to another origin (${
                  redactUrl(`${next.origin}/`, req.secrets)
                }); not followed`,
                { url: shownUrl },
              );
            }
            current = next;
            continue;
          }
          // a pinned hop decodes gzip and deflate itself; Deno's fetch only gzip and br
          const pinned = wire === current && this.#pinned(pin);
          body = await this.#readBody(req, current, response, pinned);
        } catch (err) {
          if (err instanceof ProviderError) throw err;
          const cancelled = req.signal?.aborted === true;
          const timedOut = controller.signal.aborted && !cancelled;
          // the caller stopped the call (a client gone, a cancellation, its time limit): the
          // network is not to blame, and "offline or unreachable" sent people to check it
          const failure = cancelled
            ? { text: "the call was stopped before an answer came", retry: false }
            : timedOut
            ? { text: `timed out after ${Math.round(timeoutMs / 1000)} s`, retry: true }
            : permissionDenied(err, current) ?? describeNetworkError(err);
          const e = new ProviderError(
            req.provider,
            `${redactValues(failure.text, req.secrets ?? [])} for ${hopName()}${
              req.hint && !cancelled ? `; ${req.hint}` : ""
            }`,
            { url: shownUrl },
          ) as ProviderError & { retryable?: boolean };
          e.retryable = failure.retry && !req.signal?.aborted;
          throw e;
        } finally {
          clearTimeout(timer);
          req.signal?.removeEventListener("abort", onAbort);
        }
        this.#opts.recorder?.record(
          req.method ?? "GET",
          current.toString(),
          response.status,
          response.headers,
          body,
          [...(req.secrets ?? []), ...secretsIn(req.url), ...secretsIn(current.toString())],
        );
        return makeResponse(
          req,
          current.toString(),
          response.status,
          headersToRecord(response.headers),
          body,
          "network",
          0,
        );
      }
      throw new ProviderError(
        req.provider,
        `too many redirects (more than ${MAX_REDIRECTS}) starting at ${shownUrl}`,
        { url: shownUrl },
      );
    } finally {
      release();
    }
  }

  /**
   * True when the guards pass both the URL asked for and a cached answer's final URL (another
   * one after redirects). A refused answer is not served: the live request then checks every
   * hop and refuses with the guard's own message.
   */
  async admits(req: HttpRequest, asked: URL, stored: string): Promise<boolean> {
    const final = URL.parse(stored);
    if (!final) return false;
    try {
      await this.#check(req, asked);
      if (final.href !== asked.href) await this.#check(req, final);
      return true;
    } catch {
      return false;
    }
  }

  /** Runs the guards on one hop; the last address a guard returns is the one to connect to. */
  async #check(req: HttpRequest, url: URL): Promise<PinnedAddress | undefined> {
    let pin: PinnedAddress | undefined;
    for (const guard of [this.#opts.urlGuard, req.guard]) {
      const checked = guard ? await guard(url) : undefined;
      if (checked) pin = checked;
    }
    return pin;
  }

  /** True when a hop with this pin goes over the pinned transport (not the fetch). */
  #pinned(pin: PinnedAddress | undefined): boolean {
    return !!pin && (!!this.#opts.transport || !this.#opts.fetch);
  }

  /**
   * One hop on the wire. A pinned hop goes to the checked address over node:http(s); an
   * injected fetch (a fake network in tests) answers everything.
   */
  async #send(url: URL, init: HopInit, pin: PinnedAddress | undefined): Promise<Response> {
    if (pin && this.#pinned(pin)) {
      const withCa = this.#opts.caCerts ? { ...init, caCerts: this.#opts.caCerts } : init;
      return await (this.#opts.transport ?? (await transport()).pinnedFetch)(url, withCa, pin);
    }
    return this.#fetch(url.toString(), { ...init, redirect: "manual" });
  }

  /** Reads a body up to the cap, counting decompressed bytes; past it, a ProviderError. */
  async #readBody(
    req: HttpRequest,
    url: URL,
    response: Response,
    pinned: boolean,
  ): Promise<Uint8Array> {
    const cap = req.maxBytes ?? this.#opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const setting = req.maxBytesSetting ?? "FINANCE_MAX_RESPONSE_BYTES";
    const tooLarge = () =>
      new ProviderError(
        req.provider,
        `the response from ${
          redactUrl(url.toString(), req.secrets)
        } is larger than the ${cap}-byte limit (${formatBytes(cap)}); raise ${setting} to read it`,
        { url: redactUrl(url.toString(), req.secrets) },
      );
    const declared = Number(response.headers.get("content-length"));
    const encoded = !!response.headers.get("content-encoding");
    if (!encoded && Number.isFinite(declared) && declared > cap) {
      await response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    const {
      BodyTooLarge,
      BufferBudgetExceeded,
      decodeBody,
      readCapped,
      UnreadableEncoding,
      undecodedEncoding,
    } = await transport();
    // a body still in a coding nobody decoded would be read as the answer's own bytes
    const unreadable = (coding: string) =>
      new ProviderError(
        req.provider,
        `${
          redactUrl(url.toString(), req.secrets)
        } answered in the content encoding \`${coding}\`, which was not asked for (only gzip and deflate are) and cannot be read; the server is misconfigured: try again later, or read another copy of the document`,
        { url: redactUrl(url.toString(), req.secrets) },
      );
    const header = response.headers.get("content-encoding");
    const coding = pinned ? null : undecodedEncoding(header);
    let body: ReadableStream<Uint8Array> | null = response.body;
    if (coding !== null && body) {
      // Deno's fetch leaves the deflate it was offered (and x-gzip) as it came: decoded here,
      // under the same cap; anything else cannot be read
      if (coding !== "deflate" && coding !== "x-gzip") {
        await body.cancel().catch(() => {});
        throw unreadable(coding);
      }
      body = decodeBody(body, coding);
    }
    try {
      return await readCapped(body, cap, {
        limit: this.#opts.maxBufferedBytes,
        expected: !encoded && coding === null && Number.isFinite(declared) ? declared : undefined,
      });
    } catch (err) {
      if (err instanceof BodyTooLarge) throw tooLarge();
      if (err instanceof BufferBudgetExceeded) {
        throw new ProviderError(
          req.provider,
          `the server is busy reading other answers (together they hold its ${
            formatBytes(err.budget)
          } budget, FINANCE_MAX_BUFFERED_BYTES), so the response from ${
            redactUrl(url.toString(), req.secrets)
          } was not read; retry shortly`,
          { url: redactUrl(url.toString(), req.secrets) },
        );
      }
      if (err instanceof UnreadableEncoding) throw unreadable(err.encoding.slice(0, 100));
      throw err;
    }
  }
}

/**
 * The headers a redirected hop sends. To another origin, no credential goes along: no header
 * named like one (Authorization, API key and secret headers) and none holding a known key value;
 * cookies only to the same host or a host of the same parent domain (Yahoo's query1 and guce
 * hosts), never from https down to http. The same origin keeps them all.
 */
export function headersForHop(
  headers: Record<string, string>,
  from: URL,
  to: URL,
  secrets: string[],
): Record<string, string> {
  if (from.origin === to.origin) return headers;
  const downgrade = from.protocol === "https:" && to.protocol !== "https:";
  const parent = (host: string) => host.split(".").slice(-2).join(".");
  const sameSite = !downgrade &&
    (from.hostname === to.hostname ||
      (!/^[\d.]+$|:/.test(from.hostname) && from.hostname.split(".").length > 2 &&
        parent(from.hostname) === parent(to.hostname)));
  const live = secrets.filter((s) => s && s.length >= 4);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === "cookie") {
      if (sameSite && !holdsSecret(value, live)) out[name] = value;
      continue;
    }
    if (isSecretHeader(name) || holdsSecret(value, live)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * A request Deno's permissions refused (run without --allow-net, or with a list that leaves
 * the host out): not a network failure, so not retried, and the fix is a flag.
 */
function permissionDenied(err: unknown, url: URL): { text: string; retry: false } | null {
  const denied = err instanceof Deno.errors.NotCapable ||
    err instanceof Deno.errors.PermissionDenied ||
    (err instanceof Error && /^(NotCapable|PermissionDenied)$/.test(err.name));
  if (!denied) return null;
  return {
    text:
      `network access was refused by Deno's permissions (grant it with --allow-net or --allow-net=${url.hostname}, or answer from recordings with FINANCE_REPLAY=<dir>)`,
    retry: false,
  };
}
