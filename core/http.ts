/**
 * The one HTTP client every provider uses: declared User-Agent, per-host politeness, timeouts,
 * retries with backoff (honouring Retry-After), the on-disk cache, and record/replay.
 */
import { ProviderError } from "./errors.ts";
import { type CachedResponse, isFresh, type ResponseStore } from "./cache_entry.ts";
import type { CassetteLibrary, CassetteRecorder } from "./cassette.ts";
import {
  credentialsIn,
  holdsSecret,
  isSecretHeader,
  redactHeaders,
  redactUrl,
  redactValues,
  scrubBody,
  secretsIn,
  stripSecrets,
} from "./redact.ts";
import {
  acquire,
  type HostPolicy,
  PausedError,
  pauseHost,
  setHostPolicy,
  sharingBudgets,
  sleep,
} from "./limiter.ts";
import type { HopInit, PinnedAddress } from "./transport.ts";
import { lazyImport } from "./lazy.ts";
import { callSignal } from "./cancel.ts";

import { estimateBytes, type ParsedMemo } from "./memo.ts";
import {
  describeNetworkError,
  digest,
  formatAge,
  formatBytes,
  headersToRecord,
  makeResponse,
  retryAfterMs,
  statusHint,
} from "./http_response.ts";

export { type HostPolicy, retryAfterMs, setHostPolicy };
export type { HopInit, PinnedAddress };

// Pinned connections and capped body reading serve live requests only: a replayed or cached
// answer needs neither, so they load with the first request that goes out.
type Transport = typeof import("./transport.ts");
const transport = () => lazyImport<Transport>(new URL("./transport.ts", import.meta.url));

/** Default User-Agent for services that do not ask for a contact. */
export const DEFAULT_USER_AGENT = "finance/0.1.0 (Deno research toolkit)";

/** How long a response may be reused: seconds, or "forever" for immutable documents. */
export type CachePolicy = "none" | { ttl: number | "forever" };

export interface HttpRequest {
  /** Provider key, for errors and politeness (e.g. `filings_a`). */
  provider: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  cache?: CachePolicy;
  /** Per-attempt timeout in ms (default 30 s). */
  timeoutMs?: number;
  /** Retries after the first attempt on network errors, 429 and 5xx (default 3). */
  retries?: number;
  /** Statuses handed back to the caller instead of thrown (e.g. 404 when absence is an answer). */
  acceptStatus?: number[];
  /** Values that must never appear in messages (API keys). */
  secrets?: string[];
  /** What to tell the user to do when the request fails for good. */
  hint?: string;
  signal?: AbortSignal;
  /** Checks every hop's URL (user-supplied URLs on adapter surfaces); throws to refuse. */
  guard?: UrlGuard;
  /** "manual" hands 3xx answers back instead of following them (cookie handshakes). */
  redirect?: "follow" | "manual";
  /** Largest body accepted, in decompressed bytes (default: the client's cap). */
  maxBytes?: number;
  /** The setting that raises `maxBytes`, named in the error (e.g. FINANCE_MAX_DOCUMENT_BYTES). */
  maxBytesSetting?: string;
  /**
   * Whether a 2xx body is an answer worth keeping (default: every 2xx is): a service that sends
   * its refusals and throttling notices with status 200 says here which bodies are not answers,
   * so the cache never hands one back for the rest of its life.
   */
  storable?: (body: Uint8Array) => boolean;
}

export interface HttpResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  /** Where the answer came from. */
  origin: "network" | "cache" | "stale-cache" | "replay";
  /** Age of a cached answer in seconds (0 for network and replay). */
  ageSeconds: number;
  text(): string;
  /** Parses JSON; HTML, empty and malformed bodies become ProviderErrors naming the URL. */
  json<T = unknown>(): T;
  /**
   * A read-only structure derived from this body by `build` (deeply frozen). When the answer is
   * a cassette's recording or a cache entry, the session keeps it, so later calls that receive
   * the same copy of the answer share it instead of parsing again. `name` names the derivation.
   */
  derived<T>(name: string, build: () => T): T;
}

/**
 * Checks a URL before each hop (used to refuse private addresses); throws to refuse. When it
 * returns an address, the hop connects to that address and no other (no second DNS lookup).
 */
export type UrlGuard = (
  url: URL,
) => Promise<PinnedAddress | void> | PinnedAddress | void;

/** Default cap on a response body (decompressed), FINANCE_MAX_RESPONSE_BYTES raises it. */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

export interface HttpClientOptions {
  fetch?: typeof fetch;
  cache?: ResponseStore | null;
  /**
   * Maps a provider URL to the address actually contacted (an operator's mirror, e.g.
   * FINANCE_SEC_BASE_URL); citations, cache keys, cassettes and rate budgets keep the original.
   */
  rewrite?: (url: URL) => URL;
  replay?: CassetteLibrary | null;
  recorder?: CassetteRecorder | null;
  /** Backoff base in ms; retries wait base·2^n (tests set 1). */
  backoffBaseMs?: number;
  /** Longest Retry-After the client will wait, in ms; longer ones fail at once. */
  maxRetryAfterMs?: number;
  /** Receives warnings (stale cache served, retries that happened). */
  warn?: (message: string) => void;
  /** Real-time clock for cache freshness (epoch ms). */
  nowMs?: () => number;
  urlGuard?: UrlGuard;
  userAgent?: string;
  /** Upper bound on every request's timeout in ms (fault tests). */
  timeoutCapMs?: number;
  /** Per-host spacing and concurrency (default on; tests with a fake network turn it off). */
  politeness?: boolean;
  /** Cap on any response body in decompressed bytes (default DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
  /**
   * Bytes all bodies being read in this process may hold at once (FINANCE_MAX_BUFFERED_BYTES,
   * default 512 MiB); a read that would pass it fails as "busy", to be retried shortly.
   */
  maxBufferedBytes?: number;
  /** Values never written to the cache or shown in messages (API keys from the environment). */
  secrets?: string[];
  /** Extra root certificates (PEM) trusted on pinned https connections (tests, private CAs). */
  caCerts?: string[];
  /** How a pinned hop reaches its checked address (default node:http(s); tests spy on it). */
  transport?: (url: URL, init: HopInit, pin: PinnedAddress) => Promise<Response>;
  /** The session's store of structures derived from bodies (see HttpResponse.derived). */
  memo?: ParsedMemo | null;
  /**
   * Cacheable GETs in flight in this process, shared by the session's clients: a second
   * identical request waits for the first one's answer instead of asking the service again.
   */
  flights?: Map<string, Promise<FlightOutcome>>;
  /**
   * Told of every request that got an answer, its URL without credentials: one command call's
   * client reports to that call alone, so its result can cite the URLs it was read from.
   */
  onRequest?: (request: AnsweredRequest) => void;
}

/** A request that got an answer, as a citation may show it (no key, token or crumb). */
export interface AnsweredRequest {
  provider: string;
  url: string;
  via: "network" | "cache" | "replay";
  /**
   * When the service gave this answer, in ms since the epoch, when that is not now: a cached
   * copy's time of storing, a recorded answer's Date header or its cassette's recorded_at.
   * Absent for a live answer.
   */
  answeredAt?: number;
  /** A replayed answer whose recording carries no date: when it was retrieved is unknown. */
  undated?: true;
}

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

/** How a request that others wait for ended: its answer, its error, or null (it gave up). */
export type FlightOutcome = { res: HttpResponse } | { err: unknown } | null;

/** Which copy of an answer a response carries (for the memo), when it has one. */
const versions = new WeakMap<HttpResponse, string>();

/** When a replayed response was recorded (its cassette's reading), null when unknown. */
const recordedAt = new WeakMap<HttpResponse, number | null>();

/** A cache entry's identity: its key, when it was stored, and its size. */
function entryVersion(key: string, entry: { storedAt: number; body: Uint8Array }): string {
  return `cache ${key} ${entry.storedAt} ${entry.body.length}`;
}

export class HttpClient {
  readonly #opts: HttpClientOptions;
  readonly #fetch: typeof fetch;

  constructor(opts: HttpClientOptions = {}) {
    this.#opts = opts;
    this.#fetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** True when every request is answered from cassettes. */
  get replaying(): boolean {
    return !!this.#opts.replay;
  }

  /** Sends a request; throws ProviderError with provider, redacted URL and a hint on failure. */
  async request(req: HttpRequest): Promise<HttpResponse> {
    // a request that names no signal stops with the command call it is made in (its time
    // limit, or a caller that went away): none outlives the call it was for
    const signal = req.signal ? undefined : callSignal();
    const res = await this.#answer(signal ? { ...req, signal } : req);
    if (this.#opts.onRequest) this.#opts.onRequest(this.#answered(req, res));
    return res;
  }

  /**
   * What onRequest is told: the URL asked for (a mirror's address stays out, as in citations)
   * with credentials removed exactly as for cache keys, since a result carries it to readers.
   */
  #answered(req: HttpRequest, res: HttpResponse): AnsweredRequest {
    // as the cache key: stripSecrets drops every credential parameter (crumb included) by name;
    // secretsIn's values are not replaced as well, since a parameter named like one that holds
    // a plain word (Yahoo's key=finance) would blank that word out of the whole URL
    const known = [...(req.secrets ?? []), ...(this.#opts.secrets ?? [])];
    const answered: AnsweredRequest = {
      provider: req.provider,
      url: redactValues(stripSecrets(req.url), known),
      via: res.origin === "stale-cache" ? "cache" : res.origin,
    };
    // a copy is as old as the answer it keeps, not the call that read it
    if (answered.via === "cache") {
      answered.answeredAt = (this.#opts.nowMs?.() ?? Date.now()) - res.ageSeconds * 1000;
    } else if (answered.via === "replay") {
      const at = recordedAt.get(res);
      if (typeof at === "number") answered.answeredAt = at;
      else answered.undated = true;
    }
    return answered;
  }

  async #answer(req: HttpRequest): Promise<HttpResponse> {
    const method = req.method ?? "GET";
    // redacted only for a message: reading the URL's parameters costs a cold start about 1 ms
    const shownUrl = () => redactUrl(req.url, req.secrets);
    let parsed: URL;
    try {
      parsed = new URL(req.url);
    } catch {
      throw new ProviderError(req.provider, `invalid URL: ${shownUrl()}`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new ProviderError(req.provider, `only http(s) URLs can be fetched, not ${shownUrl()}`);
    }

    if (this.#opts.replay) {
      const hit = this.#opts.replay.find(method, req.url);
      if (!hit) {
        throw new ProviderError(
          req.provider,
          `no recording for ${method} ${stripSecrets(req.url)} in the replay cassette(s) ${
            this.#opts.replay.dirs.join(", ")
          }; record it with FINANCE_RECORD=<dir> while online`,
          { url: shownUrl() },
        );
      }
      const res = makeResponse(req, req.url, hit.status, hit.headers, () => hit.body, "replay", 0);
      recordedAt.set(res, hit.recordedAt);
      // a session's cassettes never change, so the recording itself identifies the copy
      return this.#checkStatus(req, this.#derives(res, `replay ${method} ${req.url}`));
    }

    const cache = req.cache && req.cache !== "none" ? this.#opts.cache : null;
    // A guarded request (a user's URL on a network surface) is served from the cache only when
    // the guard admits its address: an answer another surface stored (the CLI reading an
    // intranet page, or a page a redirect brought from there) is not handed to this caller.
    const guarded = !!(req.guard || this.#opts.urlGuard);
    const known = [...(req.secrets ?? []), ...(this.#opts.secrets ?? [])];
    // The provider is part of the key: the key leaves out credential parameters, so without it
    // a document read of a provider's URL (no key, a "missing key" answer, kept for ever) would
    // name the row the provider's own calls read.
    // a credential of the caller's own in the URL (a token, a signature, a password) is not in
    // the key, but its digest is: another caller asking without it (or with another one) must
    // not be answered with this caller's private document from the cache or a shared flight
    const credentials = credentialsIn(req.url, known);
    const requestKey = `${method} ${redactValues(stripSecrets(req.url), known)}${
      req.body ? ` ${await digest(req.body)}` : ""
    }${credentials ? ` credentials:${await digest(credentials)}` : ""}`;
    const cacheKey = `${req.provider} ${requestKey}`;
    const now = this.#opts.nowMs?.() ?? Date.now();
    let cached = cache ? await cache.get(cacheKey) : null;
    if (cached && guarded && !(await this.#admits(req, parsed, cached.url))) cached = null;
    if (cached && isFresh(cached, now)) {
      return this.#derives(
        makeResponse(
          req,
          cached.url,
          cached.status,
          cached.headers,
          cached.body,
          "cache",
          Math.round((now - cached.storedAt) / 1000),
        ),
        entryVersion(cacheKey, cached),
      );
    }

    // One request in this process per cacheable GET: a second identical one waits for it.
    // Guarded requests (user-given URLs, checked hop by hop for each caller) go on their own.
    const flights = req.cache && req.cache !== "none" && method === "GET" && !req.guard &&
        !this.#opts.urlGuard
      ? this.#opts.flights
      : undefined;
    // a request in flight is shared by every provider asking the same (its live answer)
    const flightKey = `${requestKey} ${req.redirect ?? ""} ${req.maxBytes ?? ""}`;
    const running = flights?.get(flightKey);
    if (running) {
      const outcome = await this.#join(req, running);
      if (outcome && "res" in outcome) {
        const r = outcome.res;
        return this.#checkStatus(
          req,
          this.#derives(
            makeResponse(req, r.url, r.status, r.headers, r.body, "network", 0),
            versions.get(r) ?? null,
          ),
        );
      }
      if (outcome) return this.#fallback(req, outcome.err, cached, now, cacheKey);
    }

    let release: (() => Promise<void>) | null = null;
    if (cache?.flight) {
      const flight = await cache.flight(
        cacheKey,
        () => this.#opts.nowMs?.() ?? Date.now(),
        req.signal,
      );
      if ("entry" in flight && (!guarded || await this.#admits(req, parsed, flight.entry.url))) {
        const e = flight.entry;
        return this.#checkStatus(
          req,
          this.#derives(
            makeResponse(
              req,
              e.url,
              e.status,
              e.headers,
              e.body,
              "cache",
              Math.round((now - e.storedAt) / 1000),
            ),
            entryVersion(cacheKey, e),
          ),
        );
      }
      if ("release" in flight) release = flight.release;
    }
    let settle: ((outcome: FlightOutcome) => void) | null = null;
    if (flights && !flights.has(flightKey)) {
      const mine = new Promise<FlightOutcome>((resolve) => (settle = resolve));
      flights.set(flightKey, mine);
      mine.then(() => flights.delete(flightKey));
    }
    const tell = settle as ((outcome: FlightOutcome) => void) | null;
    try {
      let res = await this.#fetchWithRetries(req, parsed);
      if (
        cache && res.status >= 200 && res.status < 300 && req.cache && req.cache !== "none" &&
        (!req.storable || req.storable(res.body))
      ) {
        const ttl = req.cache.ttl === "forever" ? -1 : req.cache.ttl;
        const secrets = [
          ...known,
          ...secretsIn(req.url),
          ...secretsIn(res.url),
        ];
        const entry = {
          url: redactValues(stripSecrets(res.url), secrets),
          status: res.status,
          headers: redactHeaders(res.headers, secrets),
          body: scrubBody(res.body, secrets),
          storedAt: now,
          ttlSeconds: ttl,
        };
        await cache.put(cacheKey, entry);
        // the copy a later call reads from the cache: derived once for both
        if (entry.body === res.body) res = this.#derives(res, entryVersion(cacheKey, entry));
      }
      tell?.({ res });
      return this.#checkStatus(req, res);
    } catch (err) {
      // a caller that gave up leaves the waiting ones to ask for themselves
      tell?.(req.signal?.aborted ? null : { err });
      return this.#fallback(req, err, cached, now, cacheKey);
    } finally {
      await release?.();
    }
  }

  /** After a failed request: the stale cached copy, with a warning, when there is one. */
  #fallback(
    req: HttpRequest,
    err: unknown,
    cached: CachedResponse | null,
    now: number,
    cacheKey: string,
  ): HttpResponse {
    if (cached && err instanceof ProviderError && !(err.status && err.status < 429)) {
      const age = Math.round((now - cached.storedAt) / 1000);
      this.#opts.warn?.(
        `${req.provider}: served a cached copy of ${redactUrl(cached.url, req.secrets)} that is ${
          formatAge(age)
        } old because the live request failed (${err.message.replace(`${req.provider}: `, "")})`,
      );
      return this.#derives(
        makeResponse(
          req,
          cached.url,
          cached.status,
          cached.headers,
          cached.body,
          "stale-cache",
          age,
        ),
        entryVersion(cacheKey, cached),
      );
    }
    throw err;
  }

  /**
   * Waits for another caller's identical request and takes its outcome; null when that caller
   * gave up or this one does (it then asks for itself, so a cancellation stays its own).
   */
  async #join(req: HttpRequest, running: Promise<FlightOutcome>): Promise<FlightOutcome> {
    if (req.signal?.aborted) return null;
    let onAbort = () => {};
    const aborted = new Promise<null>((resolve) => {
      onAbort = () => resolve(null);
      req.signal?.addEventListener("abort", onAbort, { once: true });
    });
    try {
      return await Promise.race([running, aborted]);
    } finally {
      req.signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Gives a response its `derived`, kept in the session's memo under `version` when known. */
  #derives(res: HttpResponse, version: string | null): HttpResponse {
    const memo = this.#opts.memo;
    if (!memo || version === null) return res;
    versions.set(res, version);
    res.derived = <T>(name: string, build: () => T): T =>
      memo.get(`${name}\n${version}`, () => estimateBytes(res.body.length), build);
    return res;
  }

  /** Shorthand: GET and parse JSON. */
  async json<T = unknown>(req: HttpRequest): Promise<T> {
    return (await this.request(req)).json<T>();
  }

  /** Shorthand: GET and decode text. */
  async text(req: HttpRequest): Promise<string> {
    return (await this.request(req)).text();
  }

  #checkStatus(req: HttpRequest, res: HttpResponse): HttpResponse {
    if (res.status >= 200 && res.status < 300) return res;
    if (req.acceptStatus?.includes(res.status)) return res;
    const shownUrl = redactUrl(res.url, req.secrets);
    const hint = req.hint ?? statusHint(res.status, req.provider);
    throw new ProviderError(
      req.provider,
      `HTTP ${res.status} from ${shownUrl}${hint ? `; ${hint}` : ""}`,
      { url: shownUrl, status: res.status },
    );
  }

  async #fetchWithRetries(req: HttpRequest, parsed: URL): Promise<HttpResponse> {
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
  async #admits(req: HttpRequest, asked: URL, stored: string): Promise<boolean> {
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
