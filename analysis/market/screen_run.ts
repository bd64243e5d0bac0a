/** screen.run: predefined ids or the query language, through market_a. */
import { answeredAt } from "./answered.ts";
import type { Context } from "../../core/context.ts";
import { InputError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import { epoch, num } from "../../providers/market_a/schemas.ts";
import { PREDEFINED_SCREENS } from "./screens.ts";
import { majorOf } from "./currency.ts";
import { someOf } from "../../core/lists.ts";
import { MONEY_FIELDS, parseScreenQuery, queryFields, SCREEN_FIELDS } from "./screen_query.ts";

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
  // 0 is Yahoo's "none" (no listing is worth nothing), as in market.quote
  const cap = val(q.marketCap) || null;
  return {
    symbol: String(q.symbol),
    name: str(q.longName) ?? str(q.shortName) ?? str(q.displayName),
    price: val(q.regularMarketPrice),
    change_pct: val(q.regularMarketChangePercent),
    market_cap: cap,
    volume: val(q.regularMarketVolume),
    currency: str(q.currency),
    // Yahoo states caps in the major unit: GBP for a listing quoted in GBp.
    market_cap_currency: cap === null ? null : majorOf(str(q.currency)),
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

/**
 * A warning when a screen's rows are priced in more than one currency: each price and market cap
 * is in its listing's own currency, so they do not compare across rows, and a filter or sort on
 * a money field (intradaymarketcap>10B, sorted by market cap) compared numbers in different
 * currencies (Yahoo's own order does not follow the caps it returns). Null with one currency.
 */
export function mixedCurrencies(
  quotes: { symbol: string; currency: string | null; market_cap_currency: string | null }[],
  moneyFields: string[],
): string | null {
  const by = new Map<string, string[]>();
  for (const q of quotes) {
    const c = q.market_cap_currency ?? majorOf(q.currency);
    if (!c) continue;
    by.set(c, [...(by.get(c) ?? []), q.symbol]);
  }
  if (by.size < 2) return null;
  const list = [...by.entries()].sort((a, b) => b[1].length - a[1].length)
    .map(([c, syms]) => `${c} ${syms.length}`).join(", ");
  return `the rows are in ${by.size} currencies (${list}): each price and market cap is in its ` +
    `listing's own currency and does not compare across rows${
      moneyFields.length
        ? `; ${
          moneyFields.join(" and ")
        } compared amounts in different currencies, so the filter's thresholds and the order are not in one currency`
        : ""
    }; add region= or exchange= to keep one currency`;
}

/**
 * A warning naming rows with a price or market cap but no currency: an amount in an unknown
 * currency is left out of mixedCurrencies' count, so it would pass as comparable in silence.
 */
export function unstatedCurrency(
  quotes: {
    symbol: string;
    price: number | null;
    market_cap: number | null;
    currency: string | null;
  }[],
): string | null {
  const none = quotes.filter((q) =>
    q.currency === null && (q.price !== null || q.market_cap !== null)
  );
  if (!none.length) return null;
  return `Yahoo states no currency for ${someOf(none.map((q) => q.symbol), 5)}: ${
    none.length === 1 ? "its" : "their"
  } price and market cap are in a currency not known here, so they compare with no other row`;
}

/** Money fields stated per unit traded (in a minor unit such as GBp where the listing is). */
const PRICE_FIELDS = new Set(["intradayprice", "eodprice"]);

/**
 * A warning when a filter on a money field ran over rows all in one currency other than USD:
 * Yahoo compares each listing's own amounts (its 100B–1T cap screen returns Jakarta listings
 * worth IDR 997B, about USD 60M), so `intradaymarketcap>10B` on Tokyo listings means JPY 10B,
 * and `intradayprice>100` on London ones 100 pence. Null for USD rows, mixed rows (see
 * mixedCurrencies) or no money filter.
 */
export function foreignThresholds(
  quotes: { currency: string | null; market_cap_currency: string | null }[],
  filtered: string[],
): string | null {
  const said: string[] = [];
  for (const field of filtered) {
    const price = PRICE_FIELDS.has(field);
    const cur = new Set(
      quotes.map((q) => (price ? q.currency : q.market_cap_currency ?? majorOf(q.currency)))
        .filter((c) => c !== null),
    );
    const majors = new Set([...cur].map((c) => majorOf(c)));
    if (cur.size > 1 && majors.size === 1) {
      // GBp and GBP listings side by side: 100 is a pound on one and a penny on the other
      said.push(
        `${field}: the rows are quoted in ${[...cur].join(" and ")}, so one threshold was ` +
          "read in a minor unit on some listings and in the major one on others",
      );
      continue;
    }
    if (cur.size !== 1) continue;
    const [only] = [...cur];
    if (only !== "USD") {
      said.push(`${field}: every row is in ${only}, so its threshold was read as ${only}, not USD`);
    }
  }
  if (!said.length) return null;
  return `the filter compared each listing's own amounts; ${said.join("; ")} (convert a ` +
    "threshold into the listings' currency and unit before screening)";
}

/**
 * Why a query's answer may be empty other than no listing fitting: an offset past the matches,
 * or industry and exchange values, which Yahoo matches exactly as it spells them (sector and
 * region are checked before asking; industry names are not known here).
 */
export function emptyScreen(fields: string[], offset: number, total: number | null): string | null {
  if (offset > 0 && total !== null && total > 0) {
    return `offset ${offset} is past the screen's ${total} matches: no rows on this page`;
  }
  const exact = fields.filter((f) => f === "industry" || f === "exchange");
  if (!exact.length) return null;
  return `Yahoo matched no listing; it matches ${exact.join(" and ")} values exactly as it ` +
    'spells them (industry names such as "Semiconductors", exchange codes such as NMS), so a ' +
    "value spelled otherwise matches nothing: this empty list does not show that no company " +
    "fits (industry.keys lists the names Yahoo's sector pages use)";
}

export async function runScreen(ctx: Context, args: Args) {
  const yf = await ctx.provider("market_a");
  // a saved screen's id as a user types it (DAY_GAINERS, Day_Gainers) is still that id; a
  // query always holds an operator, so it never reads as one
  const typed = args.query.trim();
  const id = /^[a-z_]+$/i.test(typed) ? typed.toLowerCase() : typed;
  if (/^[a-z_]+$/.test(id)) {
    if (!Object.hasOwn(PREDEFINED_SCREENS, id)) {
      const near = closest(id, Object.keys(PREDEFINED_SCREENS));
      throw new InputError(
        `'${id}' is not a predefined screen${near ? ` (did you mean ${near}?)` : ""}; list ` +
          `them with screen.predefined, or write a query like region=us AND intradaymarketcap>10B`,
      );
    }
    // a saved screen comes in Yahoo's order: neither sort setting reaches it
    const sorts = [args.sort_field && "sort_field", args.sort_asc !== undefined && "sort_asc"]
      .filter(Boolean);
    if (sorts.length) {
      ctx.warn(
        `${sorts.join(" and ")} ${sorts.length > 1 ? "apply" : "applies"} to queries only; ` +
          `predefined screens keep Yahoo's order, so the rows here are not sorted as asked`,
      );
    }
    // Yahoo's saved screens have no offset: fetch enough rows and skip locally.
    const r = await yf.screenPredefined(id, args.count + args.offset);
    const retrieved_at = answeredAt(ctx);
    const quotes = (r.quotes ?? []).slice(args.offset, args.offset + args.count);
    const rows = quotes.map(row);
    const stale = staleScreen(rows, ctx.clock.now());
    if (stale) ctx.warn(stale);
    const got = (r.quotes ?? []).length;
    if (got < args.count + args.offset && typeof r.total === "number" && r.total > got) {
      // Yahoo caps a saved screen's rows: the rest exist, but this call cannot reach them
      ctx.warn(
        `Yahoo returned ${got} of the screen's ${r.total} rows for offset ${args.offset} + count ${args.count}: ` +
          `the rows past ${got} exist but a predefined screen does not page to them, so fewer rows here is not fewer matches`,
      );
    }
    const mixed = mixedCurrencies(rows, []);
    if (mixed) ctx.warn(mixed);
    const unstated = unstatedCurrency(rows);
    if (unstated) ctx.warn(unstated);
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
  const notes: string[] = [];
  const query = parseScreenQuery(id, notes);
  for (const w of notes) ctx.warn(w);
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
  const retrieved_at = answeredAt(ctx);
  const quotes = (r.quotes ?? []).map(row);
  const stale = staleScreen(quotes, ctx.clock.now());
  if (stale) ctx.warn(stale);
  const money = [
    ...queryFields(query).filter((f) => MONEY_FIELDS.has(f)).map((f) => `the filter on ${f}`),
    ...(MONEY_FIELDS.has(sortField) ? [`the sort by ${sortField}`] : []),
  ];
  const mixed = mixedCurrencies(quotes, money);
  if (mixed) ctx.warn(mixed);
  const unstated = unstatedCurrency(quotes);
  if (unstated) ctx.warn(unstated);
  const foreign = foreignThresholds(
    quotes,
    queryFields(query).filter((f) => MONEY_FIELDS.has(f)),
  );
  if (foreign) ctx.warn(foreign);
  if (!quotes.length) {
    const empty = emptyScreen(queryFields(query), args.offset, r.total ?? null);
    if (empty) ctx.warn(empty);
  } else if (
    quotes.length < args.count && typeof r.total === "number" &&
    r.total > args.offset + quotes.length
  ) {
    // the description promises that fewer rows than asked means fewer matched: not here
    ctx.warn(
      `Yahoo returned ${quotes.length} rows for count ${args.count} while it counts ${r.total} ` +
        `matches: the rows past ${args.offset + quotes.length} exist (read them with offset=${
          args.offset + quotes.length
        }), so fewer rows here is not fewer matches`,
    );
  }
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
