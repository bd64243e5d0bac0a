/**
 * market_a: Yahoo Finance through yahoo-finance2 (loaded on first use) with this project's fetch
 * injected, plus direct calls for what the package lacks (sectors, industries, market time,
 * the custom screener POST). The CLI's `market.quote` first tries quote_direct.ts (its own
 * handshake, no yahoo-finance2) and comes here when that hands the call over.
 */
import type { z } from "zod";
import type { ProviderEnv } from "../../core/provider.ts";
import { FinanceError, ProviderError } from "../../core/errors.ts";
import { yahooFetch } from "./fetch.ts";
import {
  chartBody,
  type ChartResult,
  quoteBody,
  type QuoteRow,
  quoteRow,
  screenerBody,
  timeseriesBody,
} from "./schemas.ts";
import { type Bars, chartToBars, isIntraday } from "./bars.ts";
import { DomainCalls } from "./domain.ts";
import { nextDay, widerWindow } from "./local_days.ts";
import { lazyImport } from "../../core/lazy.ts";

export type { Bars } from "./bars.ts";
export { DomainCalls } from "./domain.ts";

const P = "market_a";

// deno-lint-ignore no-explicit-any
type YF = any;
// deno-lint-ignore no-explicit-any
type YFModule = { default: any };
// deno-lint-ignore no-explicit-any
type YFCreate = { default: (opts: { modules: Record<string, unknown> }) => new (opts: any) => YF };
// deno-lint-ignore no-explicit-any
type YFCookieJar = { ExtendedCookieJar: any };

/** The yahoo-finance2 modules this client calls. */
type YahooModule = "chart" | "quote" | "quoteSummary" | "screener";

const attached = new Map<YahooModule, Promise<void>>();

/**
 * `module` of yahoo-finance2 loaded and attached (createYahooFinance adds modules to the one
 * YahooFinance class, so every instance has each module once it is attached); then `yf`.
 */
async function withModule(yf: Promise<YF>, module: YahooModule): Promise<YF> {
  let ready = attached.get(module);
  if (!ready) {
    ready = Promise.all([
      lazyImport<YFCreate>("yahoo-finance2/createYahooFinance"),
      lazyImport<YFModule>(`yahoo-finance2/modules/${module}`),
    ]).then(([{ default: create }, { default: fn }]) => {
      create({ modules: { [module]: fn } });
    });
    ready.catch(() => attached.delete(module));
    attached.set(module, ready);
  }
  const [instance] = await Promise.all([yf, ready]);
  return instance;
}

const silentLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  dir: () => {},
};

/** Yahoo bar intervals accepted by the chart endpoint. */
export const YAHOO_INTERVALS = [
  "1m",
  "2m",
  "5m",
  "15m",
  "30m",
  "60m",
  "90m",
  "1h",
  "1d",
  "5d",
  "1wk",
  "1mo",
  "3mo",
];

/** The session's copy of Yahoo's cookies (ProviderEnv.sessionState). */
const COOKIES = "market_a.cookies";

/** A new jar for one client: a copy of the session's cookies when it has them. */
// deno-lint-ignore no-explicit-any
function cookieJarFor(Jar: any, env: ProviderEnv): YF {
  const saved = env.sessionState?.get(COOKIES);
  if (saved) {
    try {
      return new Jar(Jar.deserializeSync(saved).store);
    } catch {
      env.sessionState?.delete(COOKIES);
    }
  }
  return new Jar();
}

export class Client {
  #yf: Promise<YF> | null = null;
  #jar: YF = null;
  readonly domain: DomainCalls;

  constructor(readonly env: ProviderEnv) {
    this.domain = new DomainCalls(env);
  }

  /**
   * The yahoo-finance2 instance, created once per client with its own cookie jar, with `module`
   * attached. Only the modules a call uses are loaded: the package's index loads all fourteen
   * and their result schemas (about 1 MB of code, 7 ms of a cold `market.quote`).
   */
  yf(module?: YahooModule): Promise<YF> {
    this.#yf ??= (async () => {
      const [{ default: createYahooFinance }, { ExtendedCookieJar }] = await Promise.all([
        lazyImport<YFCreate>("yahoo-finance2/createYahooFinance"),
        lazyImport<YFCookieJar>("yahoo-finance2/lib/cookieJar").catch(() => ({
          ExtendedCookieJar: null,
        })),
      ]);
      const opts: Record<string, unknown> = {
        fetch: yahooFetch(this.env.http, () => this.env.clock.now().getTime(), this.env.signal),
        logger: silentLogger,
        validation: { logErrors: false, logOptionsErrors: false },
        versionCheck: false,
        suppressNotices: ["yahooSurvey", "ripHistorical"],
      };
      if (ExtendedCookieJar) opts.cookieJar = this.#jar = cookieJarFor(ExtendedCookieJar, this.env);
      const YahooFinance = createYahooFinance({ modules: {} });
      return new YahooFinance(opts);
    })();
    return module ? withModule(this.#yf, module) : this.#yf;
  }

  /** Runs a yahoo-finance2 call; its errors become ProviderErrors naming the endpoint. */
  async #call<T>(
    what: string,
    module: YahooModule | null,
    fn: (yf: YF) => Promise<T>,
  ): Promise<T> {
    const yf = await this.yf(module ?? undefined);
    let result: T;
    try {
      result = await fn(yf);
    } catch (err) {
      throw asProviderError(err, what);
    }
    this.#keepCookies();
    return result;
  }

  /**
   * After a call that worked, the session keeps a copy of the cookies and crumb, so the next
   * call's client starts from them instead of repeating Yahoo's consent and crumb handshake
   * (seven requests). Each client has its own jar: a copy, never one shared between calls.
   */
  #keepCookies(): void {
    const state = this.env.sessionState;
    if (!state || !this.#jar) return;
    try {
      const snapshot = this.#jar.serializeSync();
      if (!snapshot?.cookies?.some((c: { key?: string }) => c.key === "crumb")) return;
      const text = JSON.stringify(snapshot);
      if (state.get(COOKIES) !== text) state.set(COOKIES, text);
    } catch {
      // a jar that cannot be copied: the next call shakes hands again
    }
  }

  /** Daily or intraday bars; `end` is exclusive (Yahoo's convention), both ISO instants. */
  async chart(symbol: string, start: Date, endExclusive: Date, interval: string): Promise<Bars> {
    const got = await this.#chartResult(symbol, start, endExclusive, interval);
    return chartToBars(got.result, interval, got.capitalGainsAsked);
  }

  /**
   * Daily, weekly or monthly bars covering the exchange's local days `startDay`..`endDay`
   * (YYYY-MM-DD), dated by those local days. The first request runs from UTC midnight to UTC
   * midnight, as it always has; only when the answer's zone and stamp times show that a first
   * or last local day lies outside it (Sydney, New Zealand, London's currency pairs in summer)
   * is a wider window asked for, and its answer is the one used (one answer, so a weekly or
   * monthly bar is never pieced together from two). Bars outside the local days may come back
   * with them: the caller keeps the days it wants by their dates.
   */
  async chartDays(
    symbol: string,
    startDay: string,
    endDay: string,
    interval: string,
    { widenStart = true }: { widenStart?: boolean } = {},
  ): Promise<Bars> {
    const p1 = Date.parse(`${startDay}T00:00:00Z`);
    const p2 = Date.parse(`${nextDay(endDay)}T00:00:00Z`);
    const first = await this.#chartResult(symbol, new Date(p1), new Date(p2), interval);
    const wider = widerWindow(first.result, startDay, endDay, p1, p2, widenStart);
    if (!wider) return chartToBars(first.result, interval, first.capitalGainsAsked);
    try {
      const r = await this.#chartResult(symbol, new Date(wider.from), new Date(wider.to), interval);
      return chartToBars(r.result, interval, r.capitalGainsAsked);
    } catch (err) {
      if (!(err instanceof FinanceError)) throw err;
      // the first answer is still right for the days it holds; the reader is told which
      // day may be missing rather than losing every bar
      const days = [wider.from < p1 ? startDay : null, wider.to > p2 ? endDay : null]
        .filter((d) => d !== null).join(" and ");
      this.env.warn(
        `${symbol}: the bar of ${days} (the exchange's local date) may be missing: Yahoo stamps it outside the UTC days first asked for, and the wider request failed (${err.message})`,
      );
      return chartToBars(first.result, interval, first.capitalGainsAsked);
    }
  }

  /**
   * One chart request, its answer checked. Dividends, splits and a fund's capital-gain
   * distributions are asked for (`capitalGains`, as yfinance and yfinance-rs ask: the recorded
   * VFINX chart holds them as `events.capitalGains`). A replayed cassette recorded before capital
   * gains were asked for holds the request without them: it is answered from that recording,
   * and the bars say that capital gains were not asked for.
   */
  async #chartResult(
    symbol: string,
    start: Date,
    endExclusive: Date,
    interval: string,
  ): Promise<{ result: ChartResult; capitalGainsAsked: boolean }> {
    try {
      const result = await this.#chartRequest(symbol, start, endExclusive, interval, CHART_EVENTS);
      return { result, capitalGainsAsked: true };
    } catch (err) {
      if (!this.env.http.replaying || !isReplayMiss(err)) throw err;
      // not recorded either way: the error names the request a new recording should hold
      const result = await this.#chartRequest(symbol, start, endExclusive, interval, OLD_EVENTS)
        .catch((again) => {
          throw isReplayMiss(again) ? err : again;
        });
      return { result, capitalGainsAsked: false };
    }
  }

  async #chartRequest(
    symbol: string,
    start: Date,
    endExclusive: Date,
    interval: string,
    events: string,
  ): Promise<ChartResult> {
    const raw = await this.#call(`chart ${symbol}`, "chart", (yf) =>
      yf.chart(symbol, {
        period1: start,
        period2: endExclusive,
        interval,
        events,
        // Regular session only for intraday bars; daily bars ignore it (default kept).
        ...(isIntraday(interval) ? { includePrePost: false } : {}),
        return: "object",
      }, { validateResult: false }));
    return parse(chartBody.shape.chart.shape.result.unwrap().unwrap().element, raw, {
      what: `chart of ${symbol}`,
    }) as ChartResult;
  }

  /** Quotes for symbols (one request). Unknown symbols are simply absent from the answer. */
  async quotes(symbols: string[]): Promise<QuoteRow[]> {
    const raw = await this.#call(
      `quote ${symbols.join(",")}`,
      "quote",
      (yf) => yf.quote(symbols, { return: "array" }, { validateResult: false }),
    );
    const rows = Array.isArray(raw) ? raw : parse(quoteBody, raw, { what: "quote" }).quoteResponse
      .result ?? [];
    return rows.map((r: unknown) => parse(quoteRow, r, { what: `quote of ${symbols.join(",")}` }));
  }

  /**
   * quoteSummary modules, one request per module (each is cached on its own and Yahoo answers
   * a failing module without sinking the others). Missing modules come back absent.
   */
  async summary(symbol: string, modules: string[]): Promise<Record<string, unknown>> {
    const parts = await Promise.all(modules.map((m) =>
      this.#call(
        `quoteSummary ${m} of ${symbol}`,
        "quoteSummary",
        (yf) => yf.quoteSummary(symbol, { modules: [m] }, { validateResult: false }),
      ).then((r) => ({ m, r: (r as Record<string, unknown>)?.[m] ?? null, e: null }))
        .catch((e) => ({ m, r: null, e: e as Error }))
    ));
    const out: Record<string, unknown> = {};
    const errors = parts.filter((p) => p.e);
    if (errors.length === parts.length && errors[0]) throw errors[0].e;
    for (const p of parts) {
      if (p.r !== null) out[p.m] = p.r;
      else if (p.e) this.env.warn(p.e.message);
    }
    return out;
  }

  /** Fundamentals time series (statement line items) for a window. */
  async timeseries(
    symbol: string,
    module: "financials" | "balance-sheet" | "cash-flow",
    type: "annual" | "quarterly",
    period1: Date,
    period2: Date,
  ): Promise<unknown[]> {
    const yf = await this.yf();
    // The module's own call returns a flattened, validated shape; the raw endpoint is read
    // through its fetch so that every line item keeps its reported-value object and currency.
    const { default: fts } = await lazyImport<YFModule>(
      "yahoo-finance2/modules/fundamentalsTimeSeries",
    );
    const raw = await this.#call(`fundamentals ${module} of ${symbol}`, null, () =>
      fts.call(
        { ...yf, _moduleExec: rawExec(yf) },
        symbol,
        { period1, period2, type, module },
        { validateResult: false },
      ));
    const body = parse(timeseriesBody, raw, { what: `fundamentals of ${symbol}` });
    return ownSeries(symbol, body.timeseries.result ?? [], (m) => this.env.warn(m));
  }

  /** A predefined Yahoo screen. */
  async screenPredefined(scrId: string, count: number) {
    const raw = await this.#call(
      `screener ${scrId}`,
      "screener",
      (yf) => yf.screener(scrId, { count }, { validateResult: false, validateOptions: false }),
    );
    return parse(screenerBody.shape.finance.shape.result.unwrap().unwrap().element, raw, {
      what: `screen ${scrId}`,
    });
  }

  /** Cookie and crumb from yahoo-finance2's handshake, for direct calls that need them. */
  async #session(url: string): Promise<{ crumb: string; cookie: string }> {
    const yf = await this.yf();
    const { default: getCrumb } = await lazyImport<YFModule>("yahoo-finance2/lib/getCrumb");
    const crumb = await this.#call("crumb handshake", null, () =>
      getCrumb(
        yf._opts.cookieJar,
        yahooFetch(this.env.http, () => this.env.clock.now().getTime(), this.env.signal),
        { headers: yf._opts.fetchOptions?.headers ?? {} },
        silentLogger,
        yf._notices,
      ));
    const cookie = await yf._opts.cookieJar.getCookieString(url, { allPaths: true });
    return { crumb: String(crumb ?? ""), cookie };
  }

  /** A custom screen: POST /v1/finance/screener with the session's cookie and crumb. */
  async screenQuery(body: Record<string, unknown>) {
    const base = "https://query2.finance.yahoo.com/v1/finance/screener";
    const { crumb, cookie } = await this.#session(base);
    const q = new URLSearchParams({ lang: "en-US", region: "US", formatted: "false", crumb });
    const raw = await this.env.http.json({
      provider: P,
      url: `${base}?${q}`,
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      cache: { ttl: 60 },
      signal: this.env.signal,
    });
    const parsed = parse(screenerBody, raw, { what: "screen query" });
    const first = parsed.finance.result?.[0];
    if (!first) {
      throw new ProviderError(
        P,
        `the screener answered without a result${
          parsed.finance.error?.description ? `: ${parsed.finance.error.description}` : ""
        }`,
      );
    }
    return first;
  }
}

/** The chart events asked for: dividends, splits, earnings dates and capital gains. */
const CHART_EVENTS = "div|split|earn|capitalGains";
/** yahoo-finance2's default, without capital gains: what recordings made before hold. */
const OLD_EVENTS = "div|split|earn";

/** True for the replay layer's "no recording for this request" (core/http.ts). */
function isReplayMiss(err: unknown): boolean {
  return err instanceof ProviderError && err.status === undefined &&
    /: no recording for GET /.test(err.message);
}

/**
 * The series of a fundamentals answer that are `symbol`'s: each names its symbol in meta.symbol,
 * and a series of another one (a redirect, a cached answer of another request) would put that
 * company's figures under this symbol. Throws when every series names another symbol; drops
 * and names the others when some do. A series that names none is kept.
 */
export function ownSeries<T extends { meta: Record<string, unknown> }>(
  symbol: string,
  series: T[],
  warn: (message: string) => void,
): T[] {
  const named = (s: T) =>
    Array.isArray(s.meta.symbol) ? s.meta.symbol.map((x) => String(x).toUpperCase()) : [];
  const want = symbol.toUpperCase();
  const others = series.filter((s) => named(s).length && !named(s).includes(want));
  if (!others.length) return series;
  const names = [...new Set(others.flatMap(named))].join(", ");
  if (others.length === series.length) {
    throw new ProviderError(
      P,
      `fundamentals of ${symbol}: Yahoo answered with the figures of ${names}, not of ${symbol}; they are not shown as ${symbol}'s (check the symbol, or retry later)`,
    );
  }
  warn(
    `fundamentals of ${symbol}: ${others.length} of Yahoo's ${series.length} series were of ${names}, not of ${symbol}; they are left out`,
  );
  return series.filter((s) => !others.includes(s));
}

/** A moduleExec stand-in that returns the raw body (no transform, no validation). */
function rawExec(yf: YF) {
  return async function (opts: YF) {
    let q = { ...opts.query.defaults, ...opts.query.runtime, ...opts.query.overrides };
    if (opts.query.transformWith) q = opts.query.transformWith(q);
    return await yf._fetch(opts.query.url, q, opts.moduleOptions, opts.query.fetchType, false);
  };
}

/** Validates with zod; failures name what was read and the first problem. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  { what }: { what: string },
): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new ProviderError(
    P,
    `unexpected answer for ${what}: ${issue.path.join(".") || "(root)"} ${issue.message}` +
      "; Yahoo may have changed its format",
  );
}

/** Turns what yahoo-finance2 throws into a ProviderError with a useful message. */
export function asProviderError(err: unknown, what: string): FinanceError {
  if (err instanceof FinanceError) return err;
  const e = err as Error & { code?: number };
  const msg = (e?.message ?? String(err)).split("\n")[0].slice(0, 300);
  if (/Too Many Requests|429/.test(msg)) {
    return new ProviderError(
      P,
      `${what}: Yahoo answered 'Too Many Requests' (rate limited); wait a minute and retry`,
      { status: 429 },
    );
  }
  // quoteSummary's "No fundamentals data found for any of the summaryTypes=…": Yahoo keeps that
  // module for a company's shares only, so its own text tells the reader nothing to do
  if (/No fundamentals data found/i.test(msg)) {
    return new ProviderError(
      P,
      `${what}: Yahoo holds none of this data for the symbol (it keeps none for ETFs, funds, ` +
        "indexes, currencies, futures, cryptocurrencies or delisted listings); check that the " +
        "symbol is a company's shares as the exchange lists it (market.quote says what Yahoo " +
        "takes it for)",
      { status: 404 },
    );
  }
  if (/not found|No data found|delisted/i.test(msg) || e?.code === 404) {
    return new ProviderError(P, `${what}: ${msg}; check the symbol`, { status: 404 });
  }
  return new ProviderError(P, `${what} failed: ${msg}`);
}
