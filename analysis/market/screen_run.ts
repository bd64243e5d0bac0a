/** screen.run: predefined ids or the query language, through market_a. */
import type { Context } from "../../core/context.ts";
import { InputError } from "../../core/errors.ts";
import { epoch, num } from "../../providers/market_a/schemas.ts";
import { PREDEFINED_SCREENS } from "./screens.ts";
import { majorOf } from "./currency.ts";
import { parseScreenQuery, SCREEN_FIELDS } from "./screen_query.ts";

interface Args {
  query: string;
  count: number;
  offset: number;
  sort_field?: string;
  sort_asc?: boolean;
}

const str = (v: unknown) => (typeof v === "string" && v ? v : null);
const val = (v: unknown) => num.parse(v);

function row(q: Record<string, unknown>) {
  const t = epoch.parse(q.regularMarketTime);
  return {
    symbol: String(q.symbol),
    name: str(q.longName) ?? str(q.shortName) ?? str(q.displayName),
    price: val(q.regularMarketPrice),
    change_pct: val(q.regularMarketChangePercent),
    market_cap: val(q.marketCap),
    volume: val(q.regularMarketVolume),
    currency: str(q.currency),
    // Yahoo states caps in the major unit: GBP for a listing quoted in GBp.
    market_cap_currency: majorOf(str(q.currency)),
    exchange: str(q.fullExchangeName) ?? str(q.exchange),
    as_of: t === null ? null : new Date(t * 1000).toISOString(),
  };
}

/**
 * A warning when the newest quote of a screen is more than a week old: a list of "today's
 * gainers" from last year's prices (an old recording, or Yahoo's screen stuck) is not today's.
 */
function staleScreen(quotes: { as_of: string | null }[], now: Date): string | null {
  const times = quotes.map((q) => (q.as_of ? Date.parse(q.as_of) : NaN)).filter(Number.isFinite);
  if (!times.length) return null;
  const newest = Math.max(...times);
  const days = Math.floor((now.getTime() - newest) / 86_400_000);
  if (days <= 7) return null;
  return `the screen's newest quote is from ${
    new Date(newest).toISOString().slice(0, 16).replace("T", " ")
  } UTC, ${days} days before now: its prices and changes are not current (an old recording, or Yahoo's screen was not refreshed)`;
}

export async function runScreen(ctx: Context, args: Args) {
  const yf = await ctx.provider("market_a");
  const id = args.query.trim();
  const retrieved_at = ctx.clock.now().toISOString();
  if (/^[a-z_]+$/.test(id)) {
    if (!Object.hasOwn(PREDEFINED_SCREENS, id)) {
      throw new InputError(
        `'${id}' is not a predefined screen; list them with screen.predefined, or write a query ` +
          `like region=us AND intradaymarketcap>10B`,
      );
    }
    if (args.sort_field) {
      ctx.warn("sort_field applies to queries; predefined screens keep Yahoo's order");
    }
    // Yahoo's saved screens have no offset: fetch enough rows and skip locally.
    const r = await yf.screenPredefined(id, args.count + args.offset);
    const quotes = (r.quotes ?? []).slice(args.offset, args.offset + args.count);
    const rows = quotes.map(row);
    const stale = staleScreen(rows, ctx.clock.now());
    if (stale) ctx.warn(stale);
    return {
      query: id,
      kind: "predefined" as const,
      title: r.title ?? PREDEFINED_SCREENS[id].name,
      description: r.description ?? PREDEFINED_SCREENS[id].description,
      quotes: rows,
      count: quotes.length,
      total: r.total ?? null,
      provider: "market_a",
      source: `Yahoo Finance predefined screener '${id}' (v1/finance/screener/predefined/saved)`,
      retrieved_at,
    };
  }
  const query = parseScreenQuery(id);
  const sortField = (args.sort_field ?? "percentchange").toLowerCase();
  if (!Object.hasOwn(SCREEN_FIELDS, sortField)) {
    throw new InputError(
      `sort_field '${args.sort_field}' is not a screener field; use one of ${
        Object.keys(SCREEN_FIELDS).join(", ")
      }`,
    );
  }
  const r = await yf.screenQuery({
    size: args.count,
    offset: args.offset,
    sortField,
    sortType: args.sort_asc ? "ASC" : "DESC",
    quoteType: "EQUITY",
    query,
    userId: "",
    userIdType: "guid",
  });
  const quotes = (r.quotes ?? []).map(row);
  const stale = staleScreen(quotes, ctx.clock.now());
  if (stale) ctx.warn(stale);
  return {
    query: id,
    kind: "query" as const,
    title: null,
    description: null,
    quotes,
    count: quotes.length,
    total: r.total ?? null,
    provider: "market_a",
    source: "Yahoo Finance screener (POST v1/finance/screener)",
    retrieved_at,
  };
}
