/**
 * The URLs a market-data answer was read from, for its `source_urls` citation field. They come
 * from the call's own record of answered requests (Context.requested), already without keys,
 * tokens or crumbs. Loads no zod: the CLI's lean path runs market.quote and market.ohlcv from here.
 */
import type { Context, Requested } from "../../core/context.ts";
import type { Envelope } from "../../core/envelope.ts";
import type { OhlcvArgs } from "../../analysis/market/ohlcv.ts";
import { lazyImport } from "../../core/lazy.ts";
import { urlNamesSymbol } from "../../core/symbols.ts";

type QuoteFast = typeof import("../../analysis/market/quote_fast.ts");

/** What `source_urls` says in every schema that has it. */
export const SOURCE_URLS_HELP =
  "The provider URLs this answer was read from (keys and session tokens removed), newest request last.";

/**
 * True for a step of Yahoo's cookie, consent and crumb handshake (its quote page, fc.yahoo.com,
 * the consent and guce hosts, getcrumb): it opens a session, no figure is read there, so a
 * citation that named it would send a reader to a page without the data.
 */
export function isHandshake(url: string): boolean {
  const u = URL.parse(url);
  if (!u) return false;
  const host = u.hostname.toLowerCase();
  if (host === "fc.yahoo.com" || /^(consent|guce)\./.test(host)) return true;
  if (u.pathname.includes("/getcrumb")) return true;
  return host === "finance.yahoo.com" && u.pathname.startsWith("/quote/");
}

/**
 * The data URLs among a call's requests, each once at its latest request (so the newest is
 * last), optionally only those `keep` accepts.
 */
export function sourceUrls(ctx: Context, keep: (r: Requested) => boolean = () => true): string[] {
  const urls = ctx.requested().filter((r) => !isHandshake(r.url) && keep(r)).map((r) => r.url);
  return urls.filter((url, i) => urls.lastIndexOf(url) === i);
}

/**
 * Where an answer read from one provider came from: the provider key, the URLs of its requests
 * in this call (each once, newest last) and when the newest of them was answered (the
 * cassette's time under replay), or null when the call made no request (a local file).
 */
export function readFrom<K extends string>(ctx: Context, provider: K): {
  provider: K;
  source_urls: string[];
  retrieved_at: string | null;
} {
  const own = (r: Requested) => r.provider === provider;
  return {
    provider,
    source_urls: sourceUrls(ctx, own),
    retrieved_at: ctx.requested().filter(own).at(-1)?.retrieved_at ?? null,
  };
}

/**
 * When the newest data answer of this call (those `keep` accepts) was read: the recording's
 * time under replay, null when that recording carries no date (the call warns why), never the
 * time of the run then. The session's clock only when the call read nothing: computed now.
 */
export function answeredAt(
  ctx: Context,
  keep: (r: Requested) => boolean = () => true,
): string | null {
  const reads = ctx.requested().filter((r) => !isHandshake(r.url) && keep(r));
  return reads.length ? reads[reads.length - 1].retrieved_at : ctx.clock.now().toISOString();
}

/** A result with the call's data URLs added as `source_urls`. */
export function withSourceUrls<T extends object>(data: T, ctx: Context): T & {
  source_urls: string[];
} {
  return { ...data, source_urls: sourceUrls(ctx) };
}

/** One market.ohlcv series, as far as its sources go. */
interface SeriesLike {
  provider: string;
  provider_symbol: string;
  source_urls?: string[];
}

/**
 * market.ohlcv's answer with each series' `source_urls`: the requests of the provider that
 * answered (a provider tried first and given up on is not a source), and with several symbols,
 * those naming the series' own symbol. Each series gets the field in place: a series built from
 * Stooq's columns keeps its rows unbuilt until read (what a backtest in the process relies on),
 * and a copy would build them.
 */
export function ohlcvSources<T>(data: T, ctx: Context): T {
  const d = data as Record<string, unknown>;
  const add = (s: SeriesLike, several: boolean) => {
    s.source_urls = sourceUrls(
      ctx,
      (r) => r.provider === s.provider && (!several || urlNamesSymbol(r.url, s.provider_symbol)),
    );
  };
  if (d && typeof d.symbols === "object" && d.symbols !== null && !("rows" in d)) {
    for (const s of Object.values(d.symbols as Record<string, SeriesLike>)) add(s, true);
  } else add(d as unknown as SeriesLike, false);
  return data;
}

/** market.ohlcv's run, lean path included: the bars with the URLs they were read from. */
export async function ohlcvWithSources(args: OhlcvArgs, ctx: Context): Promise<unknown> {
  // loaded here, not with the module: quote and the commands citing URLs do not need it
  const { runOhlcv } = await import("../../analysis/market/ohlcv.ts");
  return ohlcvSources(await runOhlcv(args, ctx), ctx);
}

/** market.quote's lean run with the URL of the quote it read. */
export async function quoteLeanWithSources(
  args: { symbol: string },
  ctx: Context,
): Promise<unknown> {
  // by URL: a literal import would bring the quote's modules into market.ohlcv's graph too
  const { marketQuoteLean } = await lazyImport<QuoteFast>(
    new URL("../../analysis/market/quote_fast.ts", import.meta.url),
  );
  return withSourceUrls(await marketQuoteLean(args, ctx), ctx);
}

/**
 * A context whose `call` keeps the `source_urls` of what the commands it runs answered (each
 * series of market.ohlcv), by symbol: commands built on market.ohlcv cite the bars' URLs, which
 * the inner call, not this one, requested. `newest()` is the newest `retrieved_at` among those
 * answers: a result built on them is as old as that, not the time of the run (null when none
 * carries a date).
 */
export function collectingCalls(
  ctx: Context,
): { ctx: Context; urls: Map<string, string[]>; newest: () => string | null } {
  const urls = new Map<string, string[]>();
  const dates: string[] = [];
  const keep = (symbol: string, list: unknown) => {
    if (!Array.isArray(list)) return;
    const known = urls.get(symbol) ?? [];
    for (const u of list) if (typeof u === "string" && !known.includes(u)) known.push(u);
    urls.set(symbol, known);
  };
  const call: Context["call"] = async <T>(
    command: string,
    args: Record<string, unknown>,
    opts?: Parameters<Context["call"]>[2],
  ): Promise<Envelope<T>> => {
    const env = await ctx.call<T>(command, args, opts);
    const d = env.ok ? env.data as Record<string, unknown> | null : null;
    if (d && typeof d === "object") {
      const at = d.retrieved_at;
      if (typeof at === "string" && Number.isFinite(Date.parse(at))) dates.push(at);
      if (typeof d.symbol === "string") keep(d.symbol, d.source_urls);
      if (d.symbols && typeof d.symbols === "object") {
        for (
          const [k, s] of Object.entries(d.symbols as Record<string, { source_urls?: unknown }>)
        ) {
          keep(k, s?.source_urls);
        }
      }
    }
    return env;
  };
  // ISO 8601 times in UTC sort as text; parsed, so that offsets other than Z compare right
  const newest = () =>
    dates.reduce<string | null>(
      (best, at) => best === null || Date.parse(at) > Date.parse(best) ? at : best,
      null,
    );
  return { ctx: { ...ctx, call }, urls, newest };
}

/**
 * Every URL `collectingCalls` kept, each once, by symbol in alphabetical order: the inner calls
 * run side by side and finish in any order, and a citation should not change with that.
 */
export function allCollected(urls: Map<string, string[]>): string[] {
  const symbols = [...urls.keys()].sort();
  return [...new Set(symbols.flatMap((s) => urls.get(s)!))];
}
