/**
 * Bars for a backtest from the market.ohlcv command. Provider failures end the run with the
 * provider's error (never a run on empty data); symbols without bars are named.
 */
import type { Context } from "../../core/context.ts";
import { FinanceError, UsageError } from "../../core/errors.ts";
import { isoDate } from "../../core/clock.ts";
import { refuseFutureStart, TIMEFRAMES } from "../market/ohlcv_window.ts";
import { isLateStart } from "../market/ohlcv_notes.ts";
import { indexLevelUnit } from "../market/units.ts";
import {
  calendarNote,
  calendarYears,
  panelPeriodsPerYear,
  tradesEveryDay,
  weekendShare,
} from "./metrics.ts";
import {
  alignBars,
  type LoadedPanel,
  minorUnitNote,
  oneCurrency,
  readOhlcvData,
  shiftDate,
  type SymbolBars,
  warmupDays,
} from "./data.ts";

export interface LoadRequest {
  symbols: string[];
  startDate: string;
  endDate: string;
  timeframe: string;
  provider: string;
  warmupBars: number;
  dropMissing: boolean;
  /**
   * The symbols form one portfolio (backtest.run and .tune): prices in two currencies are refused,
   * and an unstated currency is named in a warning (data.ts, oneCurrency).
   */
  portfolio?: boolean;
  /** The run's initial cash, for the note on prices in a minor unit (data.ts, minorUnitNote). */
  initialCash?: number;
}

/** Loads, adjusts and aligns bars; adds warm-up history before start_date. */
export async function loadPanel(ctx: Context, req: LoadRequest): Promise<LoadedPanel> {
  if (req.startDate > req.endDate) {
    throw new FinanceError(
      `start_date ${req.startDate} is after end_date ${req.endDate}; swap them`,
    );
  }
  checkTimeframe(req.timeframe);
  // a start no market has reached is said so here: market.ohlcv is asked from the warm-up's
  // start, before it, and would answer bars up to today and no "no bars" after start_date
  const now = ctx.clock?.now();
  if (now) refuseFutureStart(req.startDate, now);
  const from = shiftDate(req.startDate, -warmupDays(req.warmupBars, req.timeframe));
  // One call per symbol, so a symbol the provider does not know is named on its own instead
  // of failing the others.
  const answers = await Promise.all(req.symbols.map((symbol) =>
    ctx.call("market.ohlcv", {
      symbols: symbol,
      start_date: from,
      end_date: req.endDate,
      timeframe: req.timeframe,
      provider: req.provider,
    }, { inProcess: true }) // bars are read here, never passed on: no JSON copy or redaction
  ));
  // two spellings of one instrument (BRK.B and BRK-B, AAPL and AAPL.US) answer the same bars:
  // held once, under the first spelling, or the run would buy the stock twice
  const fold = foldSpellings(answers, req.symbols);
  for (const note of fold.notes) ctx.warn(note);
  const symbols = fold.keep.map((i) => req.symbols[i]);
  const kept = fold.keep.map((i) => answers[i]);
  const data: Record<string, SymbolBars> = {};
  const failed: string[] = [];
  for (const w of sharedWarnings(kept, symbols)) ctx.warn(w);
  kept.forEach((env, i) => {
    const symbol = symbols[i];
    if (env.ok) {
      // one symbol asked, one series back: it is the asked symbol, whatever spelling the
      // provider gave it (BRK.B comes back as BRK-B), so the panel keeps the user's name
      const got = Object.values(readOhlcvData(env.data, [symbol]));
      if (got.length === 1) data[symbol] = got[0];
      else Object.assign(data, readOhlcvData(env.data, [symbol]));
    } else failed.push(`${symbol}: ${env.error}`);
  });
  if (failed.length === symbols.length) {
    throw new FinanceError(`price data unavailable, backtest not run: ${failed.join("; ")}`);
  }
  if (failed.length && !req.dropMissing) {
    throw new FinanceError(
      `price data unavailable for ${failed.length} of ${symbols.length} symbols, backtest ` +
        `not run: ${failed.join("; ")}; fix or remove them, or pass drop_missing=true`,
    );
  }
  for (const f of failed) ctx.warn(`left out (drop_missing=true): ${f}`);
  const loaded = alignBars(data, symbols, req.startDate, req.endDate);
  const empty = loaded.missing.filter((s) => !failed.some((f) => f.startsWith(`${s}:`)));
  if (empty.length) {
    const list = empty.join(", ");
    if (!req.dropMissing) {
      throw new FinanceError(
        `no price bars for ${list} from ${req.startDate} to ${req.endDate} (provider ${req.provider}); ` +
          `check the symbol, or pass drop_missing=true to run without it`,
      );
    }
    ctx.warn(`no price bars for ${list}; left out (drop_missing=true)`);
  }
  if (req.portfolio) {
    const note = oneCurrency(loaded.sources, loaded.panel.symbols, loaded.markets);
    if (note) ctx.warn(note);
    const minor = minorUnitNote(loaded.sources, loaded.panel.symbols, req.initialCash ?? 100000);
    if (minor) ctx.warn(minor);
  }
  const { panel } = loaded;
  // intraday bars of a market with weekends off are counted by the day too (panelPeriodsPerYear),
  // which is no market trading every day: only weekend bars are said to be
  // (a run's or a tune's metrics: factor.payload says what weekends do to its scores itself)
  if (req.portfolio && tradesEveryDay(panel.dates, panel.start, req.timeframe)) {
    const share = Math.round(weekendShare(panel.dates, panel.start) * 100);
    loaded.notes.push(
      `${share}% of the bars fall on weekends (a market that trades every day, such as crypto): metrics are annualised with ${
        /^\d*\s*d$/i.test(req.timeframe.trim())
          ? "365 bars a year, not 252"
          : "365 days of 24 hours a year"
      }${
        panel.symbols.length > 1
          ? "; a symbol without weekend bars carries its Friday close over them"
          : ""
      }`,
    );
  }
  // the annualised metrics of a run or tune count bars: said when the calendar disagrees
  const span = req.portfolio && calendarNote(
    panel.dates,
    panel.start,
    panelPeriodsPerYear(panel.dates, panel.start, req.timeframe),
  );
  if (span) loaded.notes.push(span);
  // a stretch with no bar of any symbol (a halt, a hole in the provider's history) is invisible
  // in the aligned bars: no symbol has a date there to carry a price onto
  else if (req.portfolio) {
    const gap = dateGapNote(
      panel.dates,
      panel.start,
      req.timeframe,
      panelPeriodsPerYear(panel.dates, panel.start, req.timeframe),
    );
    if (gap) loaded.notes.push(gap);
  }
  const last = panel.dates[panel.dates.length - 1].slice(0, 10);
  if (now && req.endDate > isoDate(now) && last < req.endDate) {
    loaded.notes.push(
      `end_date ${req.endDate} is after today (${
        isoDate(now)
      } UTC): the run ends at the latest bar, ${last}, and its figures cover the window to there`,
    );
  }
  const have = loaded.panel.start;
  if (have < req.warmupBars) {
    loaded.notes.push(
      `only ${have} warm-up bars exist before ${req.startDate} (the strategy wants ${req.warmupBars}); indicators are not ready on the first bars`,
    );
  }
  // an index level (^GSPC) reinvests no dividends: its "adjusted" close is its close
  const indices = panel.symbols.filter((s) => s.startsWith("^"));
  const yields = indices.filter((s) => indexLevelUnit(s) !== "points");
  const levels = indices.filter((s) => indexLevelUnit(s) === "points");
  if (levels.length) {
    loaded.notes.push(
      `${levels.join(", ")} ${
        levels.length > 1 ? "are index levels" : "is an index level"
      }: unless it is a total-return index (such as ^SP500TR), it counts no dividends (its adjusted close is its close), so its returns here are price returns, below those of its total-return index or a fund tracking it by about the dividend yield a year; its level is in points, not money, and the run holds it as if a point were one unit of the portfolio's money (as a fund tracking it would move)`,
    );
  }
  if (yields.length) {
    loaded.notes.push(
      `${yields.join(", ")} ${
        yields.length > 1 ? "are Treasury yield indices" : "is a Treasury yield index"
      }: its level is a yield in percent (4.25 is 4.25%), not a price, so its "returns" here are changes in the yield itself, which no position earns (a bond's price falls when its yield rises); back-test a Treasury fund (such as IEF or TLT) for the returns of holding Treasuries`,
    );
  }
  for (const n of loaded.notes) ctx.warn(n);
  return loaded;
}

/**
 * The answers to keep, by index, when symbols spelt differently resolve to one instrument: the
 * same provider and provider symbol (BRK.B and BRK-B are Yahoo's BRK-B; AAPL and AAPL.US are
 * Stooq's aapl.us), or, without those, the same source URL. The first spelling is kept; each
 * folded one is named in a note. Failed answers are kept (each is said on its own).
 */
export function foldSpellings(
  answers: { ok: boolean; data?: unknown }[],
  symbols: string[],
): { keep: number[]; notes: string[] } {
  const first = new Map<string, number>();
  const folded = new Map<number, number[]>();
  const keep: number[] = [];
  answers.forEach((env, i) => {
    const key = env.ok ? instrumentKey(env.data) : null;
    const at = key === null ? undefined : first.get(key);
    if (at === undefined) {
      if (key !== null) first.set(key, i);
      keep.push(i);
      return;
    }
    const list = folded.get(at) ?? [];
    list.push(i);
    folded.set(at, list);
  });
  const notes = [...folded].map(([at, others]) => {
    const d = answers[at].data as Record<string, unknown>;
    const url = Array.isArray(d.source_urls) ? d.source_urls[0] : undefined;
    const names = others.map((i) => symbols[i]);
    return `${names.join(", ")} and ${symbols[at]} are one instrument (${
      typeof d.provider_symbol === "string"
        ? `${String(d.provider ?? "the provider")}'s ${d.provider_symbol}`
        : "the same bars"
    }${url ? `, ${url}` : ""}): it is taken once, as ${
      symbols[at]
    } (the same stock bought twice would be counted twice); list it once`;
  });
  return { keep, notes };
}

/** What names an answer's instrument: provider and provider symbol, or the first source URL. */
function instrumentKey(data: unknown): string | null {
  const d = data as Record<string, unknown> | null;
  if (!d || typeof d !== "object" || d.symbols) return null;
  if (typeof d.provider === "string" && typeof d.provider_symbol === "string") {
    return `${d.provider}\u0000${d.provider_symbol.toUpperCase()}`;
  }
  const url = Array.isArray(d.source_urls) ? d.source_urls[0] : undefined;
  return typeof url === "string" ? `url\u0000${url}` : null;
}

/**
 * The warnings of the symbols' market.ohlcv answers, each said once with the symbols whose answer
 * gave it (`market.ohlcv AAPL, MSFT: …`), in the order they first appear: a note every answer
 * shares (recordings without a date, a provider's notice) would otherwise be repeated once per
 * symbol. A warning that starts with its symbol already says whose bars it is about: the symbol
 * is named once, in front.
 */
export function sharedWarnings(answers: { warnings: string[] }[], symbols: string[]): string[] {
  const said = new Map<string, string[]>();
  answers.forEach((env, i) => {
    const symbol = symbols[i];
    for (const w of env.warnings) {
      // a late first bar is measured from the warm-up's start, not the run's: the aligned
      // window's own note says where the run starts
      if (isLateStart(w)) continue;
      const text = w.startsWith(`${symbol}: `) ? w.slice(symbol.length + 2) : w;
      const who = said.get(text);
      if (!who) said.set(text, [symbol]);
      else if (!who.includes(symbol)) who.push(symbol);
    }
  });
  return [...said].map(([text, who]) => `market.ohlcv ${who.join(", ")}: ${text}`);
}

/** What a bar size market.ohlcv does not serve was meant as, by its unit: [pattern, size, what]. */
const MEANT: [RegExp, string, string][] = [
  // 1M is a month where sizes are written pandas' way; 1m, served, is a minute
  [/^\d*\s*(?:M|mo|mon|mth|months?|monthly)$/i, "1mo", "monthly"],
  [/^\d*\s*(?:w|wk|wks|weeks?|weekly)$/i, "1wk", "weekly"],
  [/^\d*\s*(?:d|days?|daily)$/i, "1d", "daily"],
  [/^\d*\s*(?:h|hr|hours?|hourly)$|^60\s*m(?:in)?$/i, "1h", "hourly"],
];

/**
 * Refuses a bar size market.ohlcv does not serve before any request, naming the one meant (1M
 * or 1W are not the minutes its did-you-mean offers); annualisation follows the size, so a
 * guessed one would label the figures wrongly.
 */
function checkTimeframe(timeframe: string): void {
  if ((TIMEFRAMES as readonly string[]).includes(timeframe)) return;
  const t = timeframe.trim();
  // 1M alone is taken as months; other single-letter lower-case m sizes are minutes
  const meant = /^\d*\s*m$/.test(t) ? undefined : MEANT.find(([re]) => re.test(t));
  throw new UsageError(
    `timeframe "${timeframe}" is not a bar size market.ohlcv serves (${TIMEFRAMES.join(", ")})${
      meant
        ? `; for ${meant[2]} bars write timeframe=${meant[1]}${
          meant[1] === "1mo" ? " (1m is one minute)" : ""
        }`
        : ""
    }`,
  );
}

/**
 * Calendar days between two bars beyond which bars are missing, by bar size: a daily or intraday
 * market closes at most a long weekend plus a holiday or two (9/11 kept the NYSE shut 6 days);
 * a weekly bar follows the last by 7 days, a monthly one by 28 to 31.
 */
function gapDays(timeframe: string): number {
  const t = timeframe.trim().toLowerCase();
  return /mo$/.test(t) ? 45 : /wk$|w$/.test(t) ? 10 : 7;
}

/**
 * A note naming the stretches of the evaluated window with no bar at all (longer than
 * {@link gapDays}): the run steps over them in one return, so a halt's move lands on one bar and
 * any move inside it is unseen by max_drawdown_pct. Null when there is none. One pass.
 */
export function dateGapNote(
  dates: string[],
  from: number,
  timeframe: string,
  periods?: number,
): string | null {
  const limit = gapDays(timeframe);
  let count = 0;
  let longest = 0;
  let at = -1;
  let prev = Date.parse(dates[from]?.slice(0, 10) ?? "");
  for (let t = from + 1; t < dates.length; t++) {
    const day = Date.parse(dates[t].slice(0, 10));
    const gap = (day - prev) / 86_400_000;
    prev = day;
    if (!(gap > limit)) continue;
    count++;
    if (gap > longest) longest = gap, at = t;
  }
  if (!count) return null;
  return `the bars have ${count} gap${
    count > 1 ? "s" : ""
  } of more than ${limit} days with no bar of any symbol (${count > 1 ? "the longest " : ""}from ${
    dates[at - 1].slice(0, 10)
  } to ${
    dates[at].slice(0, 10)
  }, ${longest} days: a halt, or bars missing from the provider's history): no price is invented inside ${
    count > 1 ? "them" : "it"
  }, so the run steps over ${
    count > 1 ? "each" : "it"
  } in one bar's return, orders wait for the bar after, and moves inside are unseen by max_drawdown_pct${
    periods ? gapAnnualNote(dates, from, periods) : ""
  }`;
}

/**
 * What missing bars do to the annualised figures, for {@link dateGapNote}: volatility and the
 * Sharpe and Sortino ratios count bars (each gap one bar's return), the CAGR the calendar.
 */
function gapAnnualNote(dates: string[], from: number, periods: number): string {
  const n = dates.length - from - 1;
  const years = calendarYears(dates, from, dates.length - 1, periods);
  if (years === null || !(years > 0)) return "";
  const expected = Math.round(years * periods);
  return `; the window has ${n} bar returns where ${
    years.toFixed(2)
  } calendar years hold about ${expected} at ${
    Number(periods.toPrecision(6))
  } a year: volatility_pct and the Sharpe and Sortino ratios annualise per bar (a gap's move counts as one bar's), while cagr_pct compounds over the calendar span`;
}
