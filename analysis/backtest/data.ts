/**
 * Loading and aligning bars for a backtest. The only I/O is the `fetchBars` function passed in
 * (the commands pass one that calls market.ohlcv), so the engine is testable on synthetic bars.
 *
 * Prices: every bar is scaled by adj_close / close, so open, high, low and close are all
 * total-return adjusted. Splits then cause no jumps and dividends count as reinvested; trade
 * prices are reported on that adjusted scale. Without adj_close the raw close is used (a
 * warning says dividends are then ignored) and any split the provider lists but did not apply
 * is applied here.
 */
import { FinanceError, InputError } from "../../core/errors.ts";
import { unitOf } from "../market/units.ts";
import { parseSymbol } from "../../core/symbols.ts";
import type { Panel } from "./types.ts";
import { type BarColumns, columnsBehind } from "../../providers/bar_columns.ts";

export interface Bar {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  adj_close?: number | null;
  volume?: number | null;
}

export interface SplitEvent {
  date: string;
  ratio?: number | string;
  numerator?: number;
  denominator?: number;
}

/** One symbol's answer from the market data command. */
export interface SymbolBars {
  symbol?: string;
  provider?: string;
  source?: string;
  currency?: string | null;
  /**
   * An index's or a point-priced future's: the currency of its market (its levels are points;
   * currency is null).
   */
  market_currency?: string | null;
  rows: Bar[];
  splits?: SplitEvent[];
  price_basis?: string;
  /** The provider's URLs the bars were read from (market.ohlcv's source_urls). */
  source_urls?: string[];
}

export interface SourceInfo {
  provider: string | null;
  source: string | null;
  currency: string | null;
  rows: number;
  first_date: string | null;
  last_date: string | null;
  price_adjustment: "total_return" | "splits_only" | "none";
  /** What the provider says its prices are (e.g. split-adjusted OHLC, adjusted close). */
  provider_price_basis: string | null;
  /** The provider's URLs the bars were read from, credentials removed. */
  source_urls: string[];
}

export interface LoadedPanel {
  panel: Panel;
  sources: Record<string, SourceInfo>;
  missing: string[];
  notes: string[];
  /** The market currency of each index symbol whose provider states one (not in the answer). */
  markets?: Record<string, string>;
}

/** The `data` block of a backtest answer: which symbols and bars the run used, and from where. */
export function panelSummary(loaded: LoadedPanel) {
  const { panel } = loaded;
  return {
    symbols: panel.symbols,
    missing_symbols: loaded.missing,
    bars: panel.dates.length - panel.start,
    warmup_bars_loaded: panel.start,
    first_date: panel.dates[panel.start],
    last_date: panel.dates[panel.dates.length - 1],
    sources: loaded.sources,
  };
}

/**
 * What a run's prices are, as its sources were adjusted: total-return adjusted OHLC when every
 * symbol had adjusted closes, else which symbols are price returns (no dividends) or adjusted for
 * splits only, so config.price_basis never claims an adjustment a symbol's bars did not get.
 */
export function panelPriceBasis(sources: Record<string, SourceInfo>): string {
  const scaled = "total-return adjusted OHLC (each bar scaled by adj_close / close)";
  const by = (kind: SourceInfo["price_adjustment"]) =>
    Object.keys(sources).filter((s) => sources[s].price_adjustment === kind);
  const [total, splits, none] = [by("total_return"), by("splits_only"), by("none")];
  // an adjusted trade price is not the price quoted on its date (AAPL's 2015 fills read ~26)
  const scale = total.length || splits.length
    ? "; trade and order prices are on this adjusted scale, not the prices quoted on their dates"
    : "";
  if (!splits.length && !none.length) return `${scaled}${scale}`;
  const without = "(the provider gave no adjusted close: price return, dividends not counted)";
  return [
    total.length ? `${scaled} for ${total.join(", ")}` : "",
    splits.length ? `OHLC adjusted for splits only for ${splits.join(", ")} ${without}` : "",
    none.length ? `unadjusted OHLC for ${none.join(", ")} ${without}` : "",
  ].filter(Boolean).join("; ") + scale;
}

/** Calendar days to request before start_date so `bars` warm-up bars exist. */
export function warmupDays(bars: number, timeframe: string): number {
  if (bars <= 0) return 0;
  const tf = timeframe.trim().toLowerCase();
  if (/wk$|w$/.test(tf)) return Math.ceil(bars * 7 * 1.1) + 7;
  if (/mo$/.test(tf)) return Math.ceil(bars * 31 * 1.1) + 31;
  const perDay = /h$/.test(tf) ? 6.5 / Number(tf.slice(0, -1) || 1) : /m$/.test(tf) ? 390 : 1;
  // 252 trading days per 365 calendar days, plus slack for holidays.
  return Math.ceil((bars / perDay) * (365 / 252) * 1.1) + 10;
}

/** Shifts a YYYY-MM-DD date by `days`. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
}

/**
 * Builds an aligned panel: dates are the union of all symbols' dates from the first date every
 * symbol has data; a symbol missing a bar another symbol has (a local holiday) carries its last
 * close, its volume NaN (no bar, so none: not a 0 that reads as a day nothing traded), as is a
 * volume the provider does not state (an index's, a currency pair's). Bars on or after
 * `startDate` are evaluated; earlier ones are warm-up.
 */
export function alignBars(
  data: Record<string, SymbolBars>,
  symbols: string[],
  startDate: string,
  endDate: string,
): LoadedPanel {
  const notes: string[] = [];
  const sources: Record<string, SourceInfo> = {};
  const markets: Record<string, string> = {};
  const series: Map<string, Series> = new Map();
  const missing: string[] = [];
  for (const sym of symbols) {
    const clean = cleanSeries(sym, data[sym], endDate, notes);
    if (!clean) {
      missing.push(sym);
      continue;
    }
    series.set(sym, clean.bars);
    sources[sym] = clean.info;
    const market = data[sym]?.market_currency;
    if (typeof market === "string" && market) markets[sym] = market;
  }
  const kept = symbols.filter((s) => series.has(s));
  if (!kept.length) {
    throw new FinanceError(
      `no price bars for ${
        symbols.join(", ")
      } between the requested dates; check the symbols, dates and provider`,
    );
  }
  const firsts = kept.map((s) => series.get(s)!.dates[0]);
  const common = firsts.reduce((a, b) => (a > b ? a : b));
  const dates = unionFrom(kept.map((s) => series.get(s)!.dates), common);
  const late = kept.filter((_s, i) => firsts[i] === common && firsts[i] > startDate);
  const cut = kept.filter((_s, i) => firsts[i] < common);
  // a first bar a few days after start_date is its first trading day, not a late listing
  if (late.length && common > startDate && (cut.length || common > shiftDate(startDate, 7))) {
    notes.push(
      `the aligned window starts at ${common.slice(0, 10)}, the first bar of ${late.join(", ")}${
        cut.length
          ? `; earlier bars of ${cut.join(", ")} are not used`
          : `, after start_date ${startDate}`
      }`,
    );
  }
  const gaps = new Set<number>();
  const panel = fillPanel(kept, dates, series, notes, gaps);
  panel.start = dates.findIndex((d) => d.slice(0, 10) >= startDate);
  if (panel.start < 0) {
    throw new FinanceError(
      `no aligned bars on or after ${startDate} for ${kept.join(", ")}; the data ends at ${
        dates.at(-1)?.slice(0, 10)
      }`,
    );
  }
  carriedNotes(panel, gaps, notes);
  return { panel, sources, missing, notes, markets };
}

/**
 * Says, per symbol, how many evaluated bars carry its last close (dates another symbol has and
 * it has not: a holiday of its market, a missing bar), unless a longer gap of it was noted
 * already: on those bars it is valued at a price of an earlier day, and an order fills at it.
 */
function carriedNotes(panel: Panel, gaps: Set<number>, notes: string[]) {
  const bars = panel.dates.length - panel.start;
  panel.symbols.forEach((sym, s) => {
    const marks = panel.carried?.[s];
    if (!marks || gaps.has(s)) return;
    let count = 0;
    let first = -1;
    for (let t = panel.start; t < marks.length; t++) {
      if (!marks[t]) continue;
      if (first < 0) first = t;
      count++;
    }
    if (!count) return;
    notes.push(
      `${sym}: ${count} of the ${bars} evaluated bars are dates it has no bar of its own (first ${
        panel.dates[first].slice(0, 10)
      }); its last close is carried onto them, so it is valued at that earlier price there and an order on one fills at it`,
    );
  });
}

/** One symbol's cleaned bars, columnar: ascending unique dates and adjusted prices. */
interface Series {
  dates: string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/**
 * Sorted union of several ascending date lists (each without repeats), from `from` on: merged
 * pairwise, which gives the order and the set a sort of all dates would.
 */
function unionFrom(lists: string[][], from: string): string[] {
  const first = lists[0];
  let union = first.slice(firstFrom(first, from));
  for (let i = 1; i < lists.length; i++) union = mergeDates(union, lists[i], from);
  return union;
}

/** The index of the first date on or after `from` in an ascending list (its length if none). */
function firstFrom(list: string[], from: string): number {
  let i = 0;
  while (i < list.length && list[i] < from) i++;
  return i;
}

function mergeDates(a: string[], b: string[], from: string): string[] {
  let j = firstFrom(b, from);
  // Symbols of one market share their trading days: then the union is `a` as it is (the joined
  // lists compared natively rather than date by date).
  if (b.length - j === a.length && a.join() === (j ? b.slice(j) : b).join()) return a;
  const out: string[] = [];
  let i = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) out.push(a[i++]);
    else if (i >= a.length || b[j] < a[i]) out.push(b[j++]);
    else out.push(a[i++]), j++;
  }
  return out;
}

/** Bars a symbol may lack in a row (another market's holidays) before its carried close is noted. */
const CARRY_NOTE_BARS = 5;

/**
 * The panel on `dates`. A date a symbol lacks carries its last close; more than
 * {@link CARRY_NOTE_BARS} in a row (a suspension, a delisting, bars that end early) is noted,
 * since a holding in it is then valued at a stale price and cannot trade.
 */
function fillPanel(
  symbols: string[],
  dates: string[],
  series: Map<string, Series>,
  notes: string[],
  gaps: Set<number>,
) {
  const n = dates.length;
  const mk = () => symbols.map(() => new Float64Array(n));
  const panel: Panel = {
    symbols,
    dates,
    open: mk(),
    high: mk(),
    low: mk(),
    close: mk(),
    volume: mk(),
    start: 0,
    carried: [],
  };
  symbols.forEach((sym, s) => {
    const bars = series.get(sym)!;
    const [open, high, low, close, volume] = [
      panel.open[s],
      panel.high[s],
      panel.low[s],
      panel.close[s],
      panel.volume[s],
    ];
    // The union holds every date of the symbol's from its first one: when the symbol's last n
    // dates are all in it, they are the union, and its bars are copied as they are.
    const skip = bars.dates.length - n;
    if (skip >= 0 && n > 0 && !(bars.dates[skip] < dates[0])) {
      open.set(bars.open.subarray(skip));
      high.set(bars.high.subarray(skip));
      low.set(bars.low.subarray(skip));
      close.set(bars.close.subarray(skip));
      volume.set(bars.volume.subarray(skip));
      return;
    }
    // Both date lists ascend: walk them together. A date the symbol lacks carries its last close.
    let j = 0;
    let last = NaN;
    let run = 0;
    let longest = 0;
    let longestEnd = -1;
    for (let t = 0; t < n; t++) {
      const d = dates[t];
      // bars before the panel's first date (it starts at the latest first bar of all symbols):
      // the last of them is the close to carry onto a first date this symbol has no bar on
      while (j < bars.dates.length && bars.dates[j] < d) last = bars.close[j++];
      if (j < bars.dates.length && bars.dates[j] === d) {
        open[t] = bars.open[j];
        high[t] = bars.high[j];
        low[t] = bars.low[j];
        close[t] = last = bars.close[j];
        volume[t] = bars.volume[j];
        j++;
        // a gap that ended here: the longest is noted
        if (run > longest) longest = run, longestEnd = t - 1;
        run = 0;
      } else {
        open[t] =
          high[t] =
          low[t] =
          close[t] =
            last;
        // no bar, so no volume: NaN, not a 0 that reads as a day nothing traded
        volume[t] = NaN;
        run++;
        // a holiday of its market, or a day it did not trade: an order then would fill at a
        // price that was not there (evaluate says so when one does)
        if (!Number.isNaN(last)) (panel.carried![s] ??= new Uint8Array(n))[t] = 1;
      }
    }
    const ended = bars.dates[bars.dates.length - 1];
    if (run > CARRY_NOTE_BARS) {
      notes.push(
        `${sym}: its bars end at ${ended.slice(0, 10)}, ${run} bars before the panel's last (${
          dates[n - 1].slice(0, 10)
        }); its last close is carried to the end, so a holding in it is valued at that price and cannot trade; end the window at its last bar or leave ${sym} out`,
      );
    }
    if (run > CARRY_NOTE_BARS || longest > CARRY_NOTE_BARS) gaps.add(s);
    if (longest > CARRY_NOTE_BARS) {
      notes.push(
        `${sym}: no bars from ${dates[longestEnd - longest + 1].slice(0, 10)} to ${
          dates[longestEnd].slice(0, 10)
        } (${longest} bars the other symbols have); its last close is carried across the gap`,
      );
    }
  });
  return panel;
}

/** Sorted, de-duplicated, adjusted bars of one symbol, columnar. */
function cleanSeries(sym: string, d: SymbolBars | undefined, endDate: string, notes: string[]) {
  // bars read into columns (Stooq's): their rows are not built for this (bar_columns.ts)
  const cols = columnsBehind(d);
  const fast = cols && cleanColumns(cols, endDate);
  if (fast) {
    const { bars } = fast;
    const k = bars.dates.length;
    const holes = holesNote(fast.holes);
    if (holes) notes.push(`${sym}: ${holes}`);
    const jump = splitLikeJump(bars, true);
    if (jump) notes.push(`${sym}: ${jump}`);
    return { bars, info: sourceInfo(d, k, bars.dates[0], bars.dates[k - 1], "total_return") };
  }
  const usable: Bar[] = [];
  let ascending = true;
  const holes = newHoles();
  for (const row of d?.rows ?? []) {
    if (!row?.date || row.date.slice(0, 10) > endDate) continue;
    if (typeof row.close !== "number" || !(row.close > 0)) {
      // a dated bar without a price (a halt, a gap in the provider's data): left out, and said
      if (typeof row.close === "number") {
        if (!holes.negative++) holes.firstNegative = row.date;
      } else if (!holes.close++) holes.firstClose = row.date;
      continue;
    }
    if (usable.length && !(usable[usable.length - 1].date < row.date)) ascending = false;
    usable.push(row);
  }
  if (!usable.length) return null;
  let rows = usable;
  // Providers answer in ascending order without repeats; otherwise sort, and a repeated date
  // keeps the later row.
  if (!ascending) {
    const byDate = new Map<string, Bar>();
    for (const row of usable) byDate.set(row.date, row);
    rows = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  }
  const k = rows.length;
  let hasAdj = true;
  for (let i = 0; i < k && hasAdj; i++) {
    const adj = rows[i].adj_close;
    hasAdj = typeof adj === "number" && adj > 0;
  }
  let adjustment: SourceInfo["price_adjustment"] = hasAdj ? "total_return" : "none";
  const factor = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    factor[i] = hasAdj ? (rows[i].adj_close as number) / (rows[i].close as number) : 1;
  }
  if (!hasAdj) {
    // Alpaca (broker_a) adjusts its bars for splits itself; other closes may be raw, and a listed
    // split whose jump still shows is applied here
    if (d?.provider === "broker_a") adjustment = "splits_only";
    else if (applyMissedSplits(rows, d?.splits ?? [], factor)) adjustment = "splits_only";
    notes.push(`${sym}: ${noAdjustedNote(rows)}`);
  }
  const bars = newSeries(k);
  for (let i = 0; i < k; i++) {
    const r = rows[i];
    const c = r.close as number;
    const f = factor[i];
    const { open, high, low } = r;
    // A missing or non-positive open, high or low is the close.
    bars.dates[i] = r.date;
    if (!(typeof open === "number" && open > 0) && !holes.open++) holes.firstOpen = r.date;
    bars.open[i] = (typeof open === "number" && open > 0 ? open : c) * f;
    bars.high[i] = (typeof high === "number" && high > 0 ? high : c) * f;
    bars.low[i] = (typeof low === "number" && low > 0 ? low : c) * f;
    bars.close[i] = c * f;
    // a volume the provider does not state (an index's, a currency pair's) is NaN, not 0
    bars.volume[i] = typeof r.volume === "number" ? r.volume : NaN;
  }
  const hole = holesNote(holes);
  if (hole) notes.push(`${sym}: ${hole}`);
  const jump = splitLikeJump(bars, adjustment !== "none");
  if (jump) notes.push(`${sym}: ${jump}`);
  return { bars, info: sourceInfo(d, k, rows[0].date, rows[k - 1].date, adjustment) };
}

/**
 * A portfolio adds its symbols' holdings into one equity, so their prices must be in one
 * currency: symbols priced in two (USD and EUR, or GBP and its pence, GBp) are refused, since no
 * conversion is made. Returns the warning to give when the provider states no currency for some
 * of two or more symbols (the run then assumes one), or null. An index or a point-priced future
 * (currency null, its levels points) counts in `markets`' currency for it, its market's
 * (market.ohlcv's market_currency).
 */
export function oneCurrency(
  sources: Record<string, SourceInfo>,
  symbols: string[],
  markets: Record<string, string> = {},
): string | null {
  const known = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const sym of symbols) {
    const info = sources[sym];
    if (!info) continue;
    // an index's levels are points (currency null): it moves with its market's currency
    const market = info.currency ? null : markets[sym];
    const code = info.currency ?? market;
    if (code) {
      known.set(code, [
        ...known.get(code) ?? [],
        market
          ? /=F$/i.test(sym)
            ? `${sym} (a future in points, settled in ${code})`
            : `${sym} (an index of a ${code} market)`
          : sym,
      ]);
    } else unknown.push(sym);
  }
  if (known.size > 1) {
    const codes = [...known.keys()];
    // pence beside pounds (GBp, GBP), as the market module reads minor units
    const minor = codes.map(unitOf).filter((u) => u && u.factor === 0.01 && codes.includes(u.major))
      .map((u) => `${u!.code} is a hundredth of ${u!.major}`);
    throw new FinanceError(
      `the symbols are priced in ${codes.length} currencies (${
        [...known].map(([c, syms]) => `${syms.join(", ")} in ${c}`).join("; ")
      }${
        minor.length ? `; ${minor.join(", ")}` : ""
      }): a portfolio adds its holdings into one equity and converts nothing, so backtest each currency's symbols on their own, or choose listings quoted in one currency`,
    );
  }
  if (!unknown.length || unknown.length + [...known.values()].flat().length < 2) return null;
  const [only] = known.keys();
  return `the provider states no currency for ${unknown.join(", ")}; the portfolio assumes ${
    only
      ? `${unknown.length > 1 ? "they are" : "it is"} priced in ${only} like ${
        known.get(only)!.join(", ")
      }`
      : "all its symbols are priced in one currency"
  } (a portfolio across currencies would add unconverted amounts)`;
}

/**
 * A note when the portfolio's prices are in a minor unit (GBp pence, ZAc cents, ILA agorot, KWF
 * fils): the engine counts money in the unit the prices come in, so initial_cash and fixed_fees
 * are read in it, and the amounts of the result (start_value, end_value, pnl, fees) are in it too;
 * £100,000 passed as initial_cash=100000 is then 100,000 pence, £1,000. Null otherwise.
 */
export function minorUnitNote(
  sources: Record<string, SourceInfo>,
  symbols: string[],
  initialCash: number,
): string | null {
  const priced = symbols.filter((sym) => (unitOf(sources[sym]?.currency)?.factor ?? 1) !== 1);
  if (!priced.length) return null;
  const u = unitOf(sources[priced[0]].currency)!;
  const part = u.factor === 0.01 ? "a hundredth" : u.factor === 0.001 ? "a thousandth" : u.factor;
  const worth = Number((initialCash * u.factor).toPrecision(10)).toLocaleString("en-US");
  return `${priced.join(", ")} ${
    priced.length > 1 ? "are" : "is"
  } priced in ${u.code} (${part} of ${u.major}): the run counts money in ${u.code}, so initial_cash and fixed_fees are read in ${u.code} (initial_cash=${initialCash} is ${worth} ${u.major}) and start_value, end_value, pnl, fees and expectancy are in ${u.code} too; percentages and ratios are unaffected`;
}

/**
 * Why a series is read without its adjusted closes: none given, or some bars lack one (then all
 * are read unadjusted, since an adjusted close beside a raw one would read the dividends between
 * them as a move). One pass, run only when a bar lacks one.
 */
function noAdjustedNote(rows: Bar[]): string {
  let missing = 0;
  let first = "";
  for (const r of rows) {
    if (typeof r.adj_close === "number" && r.adj_close > 0) continue;
    if (!missing++) first = r.date.slice(0, 10);
  }
  return missing === rows.length
    ? "the provider gave no adjusted close, so dividends are not included (price return only)"
    : `the provider gave no adjusted close for ${missing} of its ${rows.length} bars (first ${first}), so all are read unadjusted, not a mix: dividends are not included (price return only)`;
}

/** A series of `k` bars to fill. */
function newSeries(k: number): Series {
  return {
    dates: new Array(k),
    open: new Float64Array(k),
    high: new Float64Array(k),
    low: new Float64Array(k),
    close: new Float64Array(k),
    volume: new Float64Array(k),
  };
}

function sourceInfo(
  d: SymbolBars | undefined,
  rows: number,
  first: string,
  last: string,
  adjustment: SourceInfo["price_adjustment"],
): SourceInfo {
  return {
    provider: d?.provider ?? null,
    source: d?.source ?? null,
    currency: d?.currency ?? null,
    rows,
    first_date: first,
    last_date: last,
    price_adjustment: adjustment,
    provider_price_basis: d?.price_basis ?? null,
    source_urls: Array.isArray(d?.source_urls) ? [...d.source_urls] : [],
  };
}

/**
 * What the row path below makes of bars given in columns (NaN for null), without reading a
 * row object. Null when that path has more to do: dates out of order or repeated, or a bar
 * without an adjusted close.
 */
function cleanColumns(cols: BarColumns, endDate: string): { bars: Series; holes: Holes } | null {
  const { dates, open, high, low, close, adjClose, volume } = cols;
  const holes = newHoles();
  // Stooq's columns: adjusted already (adj_close is close), and nothing to leave out or change
  const n = dates.length;
  if (adjClose === close && cols.clean && n && dates[0] && dates[n - 1].slice(0, 10) <= endDate) {
    return { bars: { dates, open, high, low, close, volume }, holes };
  }
  const keep: number[] = [];
  let prev = "";
  for (let i = 0; i < dates.length; i++) {
    const c = close[i];
    if (!dates[i] || dates[i].slice(0, 10) > endDate) continue;
    if (!(c > 0)) {
      if (c <= 0) {
        if (!holes.negative++) holes.firstNegative = dates[i];
      } else if (!holes.close++) holes.firstClose = dates[i];
      continue;
    }
    if (keep.length && !(prev < dates[i])) return null;
    if (!(adjClose[i] > 0)) return null;
    keep.push(i);
    prev = dates[i];
  }
  if (!keep.length) return null;
  const k = keep.length;
  const bars = newSeries(k);
  for (let j = 0; j < k; j++) {
    const i = keep[j];
    const c = close[i];
    const f = adjClose[i] / c;
    // A missing or non-positive open, high or low is the close.
    bars.dates[j] = dates[i];
    if (!(open[i] > 0) && !holes.open++) holes.firstOpen = dates[i];
    bars.open[j] = (open[i] > 0 ? open[i] : c) * f;
    bars.high[j] = (high[i] > 0 ? high[i] : c) * f;
    bars.low[j] = (low[i] > 0 ? low[i] : c) * f;
    bars.close[j] = c * f;
    bars.volume[j] = volume[i];
  }
  return { bars, holes };
}

/** Bars of a series without a close (left out) or without an open (the close read for it). */
interface Holes {
  close: number;
  firstClose: string;
  /** Bars with a close at or below zero (a future's, oil's of 2020-04-20): left out too. */
  negative: number;
  firstNegative: string;
  open: number;
  firstOpen: string;
}

function newHoles(): Holes {
  return { close: 0, firstClose: "", negative: 0, firstNegative: "", open: 0, firstOpen: "" };
}

/**
 * What a series' missing prices do to a run, or null: a dated bar without a close is left out
 * (its date then has no price of the symbol's: a return across it runs from the bar before to
 * the bar after, or its last close is carried there beside other symbols); a bar without an
 * open is read as opening at its close, so an order filled at that open fills at the close.
 */
function holesNote(h: Holes): string | null {
  const parts: string[] = [];
  if (h.close) {
    parts.push(
      `${h.close} bar${h.close > 1 ? "s" : ""} (first ${
        h.firstClose.slice(0, 10)
      }) came without a close (a halt, or a gap in the provider's data) and ${
        h.close > 1 ? "are" : "is"
      } left out, so a return across ${
        h.close > 1 ? "them" : "it"
      } runs from the bar before to the bar after (beside other symbols its last close is carried onto those dates)`,
    );
  }
  if (h.negative) {
    parts.push(
      `${h.negative} bar${h.negative > 1 ? "s" : ""} (first ${
        h.firstNegative.slice(0, 10)
      }) closed at or below zero, a price the run cannot value a holding or a return at; ${
        h.negative > 1 ? "they are" : "it is"
      } left out, so the run never sees that fall: its returns, drawdown and fills on those dates are not what a holder had`,
    );
  }
  if (h.open) {
    parts.push(
      `${h.open} bar${h.open > 1 ? "s" : ""} (first ${
        h.firstOpen.slice(0, 10)
      }) came without an open; ${
        h.open > 1 ? "their" : "its"
      } close is read as the open, so an order filled at the next open on one fills at that bar's close instead`,
    );
  }
  return parts.length ? parts.join("; ") : null;
}

/**
 * Applies listed splits whose jump is still visible in raw closes (close falls to ~1/ratio on
 * the split date). Returns true when any split was applied.
 */
function applyMissedSplits(rows: Bar[], splits: SplitEvent[], factor: Float64Array): boolean {
  let applied = false;
  for (const sp of splits) {
    const ratio = splitRatio(sp);
    if (!ratio || ratio === 1) continue;
    const i = rows.findIndex((r) => r.date.slice(0, 10) >= sp.date.slice(0, 10));
    if (i <= 0) continue;
    const jump = (rows[i].close as number) / (rows[i - 1].close as number);
    if (Math.abs(jump * ratio - 1) > 0.25) continue; // already adjusted by the provider
    for (let j = 0; j < i; j++) factor[j] /= ratio;
    applied = true;
  }
  return applied;
}

/**
 * The first bar-to-bar move of a series' closes the size of a split (halved, cut to a third, a
 * quarter… or multiplied so; 3-for-2 too in unadjusted closes), said with how many there are:
 * without an adjusted close or a listed split nothing tells a split from a crash, and a provider's
 * adjustment can miss a recent split (or switch a listing between pence and pounds); a split left
 * in the prices is a loss or a gain no holder had. One pass over the closes; null when none.
 */
function splitLikeJump(bars: Series, adjusted: boolean): string | null {
  const close = bars.close;
  // adjusted closes should show no split: only a near-exact ratio is taken there (a missed split
  // is the ratio times that day's move, mostly within 1.5%), where a crash of about half is real
  // (AAPL fell 52% on 2000-09-29); raw closes take the day's move within 4%, and 3-for-2 splits
  const least = adjusted ? 1.9 : 1.45;
  const within = adjusted ? 0.015 : 0.04;
  let first = -1;
  let count = 0;
  for (let i = 1; i < close.length; i++) {
    const r = close[i] / close[i - 1];
    const q = r >= 1 ? r : 1 / r;
    if (!(q >= least)) continue;
    const k = q < 1.75 ? 1.5 : Math.round(q);
    if (Math.abs(q - k) > within * k) continue;
    count++;
    if (first < 0) first = i;
  }
  if (first < 0) return null;
  const ratio = close[first] / close[first - 1];
  const q = ratio >= 1 ? ratio : 1 / ratio;
  const n = Math.round(q);
  const split = q < 1.75
    ? ratio < 1 ? "3-for-2 split" : "2-for-3 reverse split"
    : ratio < 1
    ? `${n}-for-1 split`
    : `1-for-${n} reverse split`;
  const pence = Math.abs(q - 100) <= 4 ? ", or of prices switching between pence and pounds" : "";
  const what = adjusted ? "adjusted close" : "close";
  const shown = (x: number) => Number(x.toPrecision(6));
  return `the ${what} goes from ${shown(close[first - 1])} to ${shown(close[first])} on ${
    bars.dates[first].slice(0, 10)
  } (${
    ratio < 1 ? `−${((1 - ratio) * 100).toFixed(0)}%` : `+${((ratio - 1) * 100).toFixed(0)}%`
  }), the size of a ${split}${pence}${count > 1 ? ` (${count} such moves in all)` : ""}, and ${
    adjusted
      ? "a split the provider's adjustment missed looks so"
      : "the provider gives neither an adjusted close nor a split there"
  }: if it was one, the run counts it as a ${
    ratio < 1 ? "loss" : "gain"
  } no holder had; check the symbol's splits, or use ${
    adjusted ? "another provider" : "a provider that gives adjusted closes"
  }`;
}

function splitRatio(sp: SplitEvent): number | null {
  if (typeof sp.numerator === "number" && typeof sp.denominator === "number" && sp.denominator) {
    return sp.numerator / sp.denominator;
  }
  if (typeof sp.ratio === "number") return sp.ratio;
  if (typeof sp.ratio === "string") {
    const m = /^(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)$/.exec(sp.ratio.trim());
    if (m) return Number(m[1]) / Number(m[2]);
  }
  return null;
}

/** Reads a market.ohlcv `data` (one-symbol or several-symbol shape) into symbol → bars. */
export function readOhlcvData(data: unknown, symbols: string[]): Record<string, SymbolBars> {
  const d = data as Record<string, unknown> | null;
  if (!d || typeof d !== "object") throw new FinanceError("market data answer had no data");
  if (d.symbols && typeof d.symbols === "object" && !Array.isArray(d.symbols)) {
    const out: Record<string, SymbolBars> = {};
    for (const [k, v] of Object.entries(d.symbols as Record<string, SymbolBars>)) {
      out[k.toUpperCase()] = v;
    }
    return out;
  }
  if (columnsBehind(d as { rows?: unknown }) || Array.isArray(d.rows)) {
    const sym = String(d.symbol ?? symbols[0]).toUpperCase();
    return { [sym]: d as unknown as SymbolBars };
  }
  throw new FinanceError("market data answer has neither rows nor symbols");
}

/** True when the symbol parser reads `s` (which holds a "/"), as market.ohlcv will. */
function slashSymbol(s: string): boolean {
  try {
    parseSymbol(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * Splits and normalises a symbols argument. A symbol listed more than once (AAPL,aapl) is kept
 * once, and said to `warn` when given.
 */
export function parseSymbols(text: string, warn?: (note: string) => void): string[] {
  const given = text.split(",").map((s) => s.trim().toUpperCase()).filter(Boolean);
  const list = [...new Set(given)];
  if (warn && list.length < given.length) {
    const repeated = list.filter((s) => given.indexOf(s) !== given.lastIndexOf(s));
    warn(
      `symbols: ${
        repeated.map((s) => `${s} is listed ${given.filter((g) => g === s).length} times`).join(
          ", ",
        )
      }; ${repeated.length > 1 ? "each is" : "it is"} taken once`,
    );
  }
  if (!list.length) {
    throw new InputError("symbols: give at least one ticker, e.g. AAPL or AAPL,MSFT");
  }
  for (const s of list) {
    // a "/" only as market.ohlcv's symbol parser reads it (BRK/B, EUR/USD, BTC/USD), which maps
    // it to the provider's spelling before any request; the run keeps the name as given
    if (!/^[A-Z0-9.^=\-/]{1,32}$/.test(s) || (s.includes("/") && !slashSymbol(s))) {
      throw new InputError(
        `symbols: "${s}" is not a ticker symbol (e.g. AAPL, BRK-B or BRK/B, ^GSPC, EUR/USD)`,
      );
    }
  }
  return list;
}
