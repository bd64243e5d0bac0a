/**
 * The one HTTP client every provider uses: answers from cassettes (replay), the cache (fresh, or
 * stale when the live request fails) and requests already in flight, and otherwise asks the
 * network through core/http_wire.ts (declared User-Agent, per-host politeness, timeouts, retries
 * with backoff honouring Retry-After, guarded redirects, capped bodies) and records or stores
 * the answer.
 */
import { ProviderError } from "./errors.ts";
import { type CachedResponse, isFresh, type ResponseStore } from "./cache_entry.ts";
import {
  credentialsIn,
  redactHeaders,
  redactUrl,
  redactValues,
  scrubBody,
  secretsIn,
  stripSecrets,
} from "./redact.ts";
import { estimateBytes, type ParsedMemo } from "./memo.ts";
import { digest, formatAge, makeResponse, retryAfterMs, statusHint } from "./http_response.ts";
import { callSignal } from "./cancel.ts";
import type { CassetteLibrary, CassetteRecorder } from "./cassette.ts";
import { type HostPolicy, setHostPolicy } from "./limiter.ts";
import type { HopInit, PinnedAddress } from "./transport.ts";
import { Wire } from "./http_wire.ts";

export { type HostPolicy, retryAfterMs, setHostPolicy };
export { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_USER_AGENT, headersForHop } from "./http_wire.ts";
export type { HopInit, PinnedAddress };

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
  /** The network side: retries, redirects, address guards, transport, capped bodies. */
  readonly #wire: Wire;

  constructor(opts: HttpClientOptions = {}) {
    this.#opts = opts;
    this.#wire = new Wire(opts);
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
    if (cached && guarded && !(await this.#wire.admits(req, parsed, cached.url))) cached = null;
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
      if (
        "entry" in flight && (!guarded || await this.#wire.admits(req, parsed, flight.entry.url))
      ) {
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
      let res = await this.#wire.fetch(req, parsed);
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
}
