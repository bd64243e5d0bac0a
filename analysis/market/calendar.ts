/**
 * calendar.company and calendar.earnings from Yahoo's calendarEvents and earningsHistory, each
 * date the exchange's local date.
 *
 * Which of Yahoo's calendar stamps are days and which are moments, as Yahoo's recorded answers
 * show them (quoteSummary calendarEvents, earningsHistory and quote, 2021 to 2025):
 *
 * - Days (date-only): calendarEvents exDividendDate and dividendDate, quote dividendDate and
 *   earningsHistory's quarter (the fiscal quarter's end) are always stamped at 00:00:00 UTC of
 *   the day they name (AAPL's ex-dividend date 2025-02-10 is 2025-02-10T00:00:00Z). Their UTC
 *   date is the day, whatever the exchange: shifting one into New York time would move it back a
 *   day.
 * - Moments (instants): calendarEvents earningsDate and earningsCallDate, like quote's
 *   earningsTimestamp, earningsTimestampStart/End and earningsCallTimestampStart/End, carry the
 *   time of the announcement or call: OCDO.L 07:00Z (07:00 London), ORSTED.CO 06:30Z (08:30
 *   Copenhagen), ARMK 11:30Z (06:30 New York), CRM 21:00Z (16:00 New York). Their day is the
 *   date on the listing's exchange at that moment: an 08:00 report in Tokyo on 2026-05-12 is
 *   stamped 2026-05-11T23:00Z, and a 20:30 report in New York falls on the next UTC day.
 * - An earnings stamp at exactly 00:00:00 UTC is taken as a day, as Yahoo gives days, and not
 *   shifted; none is in the recordings. West of Greenwich it could also be an evening
 *   announcement (20:00 in New York in summer), a day earlier there, so that case is warned.
 * - Where Yahoo knows the day but not the hour it stamps moments of its own, the same for every
 *   market: 10:59 UTC (THYAO.IS and CMCOM.AS confirmed dates, estimated windows' first days) and
 *   12:00 UTC (estimated windows' last days, for New York, Istanbul and Jakarta listings alike).
 *   10:59 UTC falls on its UTC date from UTC-10 to UTC+13, so reading it as a moment is safe;
 *   12:00 UTC is the next day in New Zealand. So an estimated stamp whose local date is not its
 *   UTC date is reported by its local date and warned, naming the UTC date too.
 *
 * The listing's zone is quoteSummary quoteType's timeZoneFullName (with gmtOffSetMilliseconds,
 * the offset when Yahoo answered, used only when the zone's own rules are unknown). With no zone
 * at all an instant keeps its UTC date and is warned: with offsets from UTC-12 to UTC+14 in use,
 * any moment's local date can be the day before or after its UTC date somewhere.
 *
 * These rules are applied in calendar_days.ts; this module asks Yahoo and builds the answers.
 */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { FinanceError, InputError } from "../../core/errors.ts";
import { notACompany } from "./company_only.ts";
import { epoch, num } from "../../providers/market_a/schemas.ts";
import { answeredAt } from "./answered.ts";
import { day, earningsDay, type ListingZone, noDoubts, time, warnDoubts } from "./calendar_days.ts";

export const CAL_SOURCE =
  "Yahoo Finance quoteSummary (calendarEvents, earningsHistory; quoteType for the exchange's time zone)";

/** The zone fields of quoteSummary quoteType (quote's own answer names the zone differently). */
const quoteTypeZone = z.looseObject({
  timeZoneFullName: z.string().nullish(),
  exchangeTimezoneName: z.string().nullish(),
  gmtOffSetMilliseconds: num,
});

/**
 * The listing's zone from quoteSummary quoteType, asked on its own so that a listing Yahoo has
 * no quoteType for still gets its calendar (with the UTC dates, warned) rather than an error.
 */
async function listingZone(ctx: Context, symbol: string): Promise<ListingZone> {
  let raw: Record<string, unknown>;
  try {
    raw = await (await ctx.provider("market_a")).summary(symbol, ["quoteType"]);
  } catch (err) {
    if (err instanceof FinanceError) return { name: null, offset: null };
    throw err;
  }
  const q = quoteTypeZone.safeParse(raw.quoteType ?? {});
  if (!q.success) return { name: null, offset: null };
  const ms = q.data.gmtOffSetMilliseconds;
  return {
    name: q.data.timeZoneFullName || q.data.exchangeTimezoneName || null,
    offset: ms === null ? null : ms / 1000,
  };
}

const calendarEvents = z.looseObject({
  earnings: z.looseObject({
    earningsDate: z.array(epoch).default([]),
    earningsCallDate: z.array(epoch).default([]),
    isEarningsDateEstimate: z.boolean().optional(),
    earningsAverage: num,
    earningsLow: num,
    earningsHigh: num,
    revenueAverage: num,
    revenueLow: num,
    revenueHigh: num,
  }).prefault({}),
  exDividendDate: epoch,
  dividendDate: epoch,
}).prefault({});

const history = z.looseObject({
  history: z.array(z.looseObject({
    epsActual: num,
    epsEstimate: num,
    epsDifference: num,
    surprisePercent: num,
    quarter: epoch,
    currency: z.string().optional(),
    period: z.string().optional(),
  })).default([]),
}).prefault({});

/** Analysts' estimates per period, each with the currency Yahoo states for it. */
const trend = z.looseObject({
  trend: z.array(z.looseObject({
    period: z.string().optional(),
    earningsEstimate: z.looseObject({
      avg: num,
      earningsCurrency: z.string().nullish(),
    }).prefault({}),
    revenueEstimate: z.looseObject({
      avg: num,
      revenueCurrency: z.string().nullish(),
    }).prefault({}),
  })).default([]),
}).prefault({});

type Trend = z.infer<typeof trend>["trend"][number];

/**
 * The earningsTrend period whose estimates calendarEvents repeats (the same average), else the
 * current quarter's ("0q"): the module that states which currency those estimates are in.
 */
function trendOf(rows: Trend[], eps: number | null, revenue: number | null): Trend | null {
  const same = (a: number | null, b: number | null) => a !== null && a !== 0 && a === b;
  return rows.find((r) =>
    same(eps, r.earningsEstimate.avg) || same(revenue, r.revenueEstimate.avg)
  ) ?? rows.find((r) => r.period === "0q") ?? null;
}

/**
 * The currency of one kind of estimate as earningsTrend states it, or null with a warning when
 * the estimate is there but no currency is stated for it (it need not be the currency the
 * shares trade in, nor the one financialData names: THYAO.IS's revenue estimates are TRY).
 */
function estimateCurrency(
  ctx: Context,
  symbol: string,
  what: string,
  values: (number | null)[],
  stated: string | null | undefined,
): string | null {
  if (stated) return stated;
  if (values.some((v) => v !== null)) {
    ctx.warn(
      `Yahoo states no currency for ${symbol}'s ${what} estimate (earningsTrend), so its currency is left null; it is not necessarily the currency the shares trade in`,
    );
  }
  return null;
}

/** A pair, a coin, a contract or an index holds no earnings calls and pays no dividends. */
function refuseNonCompany(symbol: string): void {
  const what = notACompany(symbol);
  if (what) {
    throw new InputError(
      `${symbol} is ${what}, which has no earnings dates or dividends; give a company's (or a fund's) ticker`,
    );
  }
}

export async function companyCalendar(ctx: Context, symbol: string) {
  refuseNonCompany(symbol);
  const [raw, zone] = await Promise.all([
    (await ctx.provider("market_a")).summary(symbol, [
      "calendarEvents",
      "earningsTrend",
      "earningsHistory",
    ]),
    listingZone(ctx, symbol),
  ]);
  const c = calendarEvents.parse(raw.calendarEvents ?? {});
  const e = c.earnings;
  const dates = e.earningsDate.filter((d): d is number => d !== null);
  // the exchange's local dates of the stamps (see the module comment)
  const doubts = noDoubts();
  const days = dates.map((d) => earningsDay(d, zone, e.isEarningsDateEstimate !== false, doubts));
  const now = ctx.clock.now().getTime() / 1000;
  // each estimate's currency is the one its own module states, which need not be the one the
  // shares trade in (BABA: USD shares, CNY estimates) nor financialData's reporting currency
  const t = trendOf(
    trend.parse(raw.earningsTrend ?? {}).trend,
    e.earningsAverage,
    e.revenueAverage,
  );
  const epsCurrency = estimateCurrency(ctx, symbol, "EPS", [
    e.earningsAverage,
    e.earningsLow,
    e.earningsHigh,
  ], t?.earningsEstimate.earningsCurrency);
  const revenueCurrency = estimateCurrency(ctx, symbol, "revenue", [
    e.revenueAverage,
    e.revenueLow,
    e.revenueHigh,
  ], t?.revenueEstimate.revenueCurrency);
  const covered = dates.length
    ? reportOf(history.parse(raw.earningsHistory ?? {}).history, Math.min(...dates))
    : null;
  const actual = covered?.row?.epsActual ?? null;
  const status = dates.length
    ? eventStatus(dates, e.isEarningsDateEstimate, now, actual !== null)
    : null;
  unflagged(ctx, symbol, days, e.isEarningsDateEstimate, status);
  if (status === "date_passed") {
    ctx.warn(
      `${symbol}'s earnings dates (${
        days.join(", ")
      }) are past but Yahoo's earnings history records no actual EPS for that report${
        covered?.quarterEnd
          ? ` (quarter ended ${day(covered.quarterEnd)})`
          : covered?.after
          ? ` (the quarter after the one ended ${day(covered.after)})`
          : ""
      }, so it is not marked reported`,
    );
  }
  // Yahoo keeps the last call's time beside the next report's dates: a call before the window
  // belongs to the report before
  const calls = e.earningsCallDate.filter((c): c is number => c !== null);
  const before = dates.length ? Math.min(...dates) - 86_400 : -Infinity;
  const earlier = calls.filter((c) => c < before);
  if (earlier.length) {
    ctx.warn(
      `left out Yahoo's earnings call time ${
        earlier.map(time).join(", ")
      }: it is before these earnings dates, so it was the previous report's call`,
    );
  }
  dividendWarnings(ctx, c.exDividendDate, c.dividendDate, now);
  warnDoubts(ctx, symbol, zone, doubts);
  // a reported quarter's figures are its earnings history row's: calendarEvents' estimates are
  // the coming report's by then (SPOT's report of 2025-02-04 showed EUR 2.2997 beside the
  // history's estimate of 2.0625 for it), so they are not given as this report's
  const reported = status === "reported" ? covered!.row! : null;
  if (reported) {
    const moved = [
      e.earningsAverage !== null && e.earningsAverage !== reported.epsEstimate &&
      `EPS estimate ${e.earningsAverage}`,
      [e.revenueAverage, e.revenueLow, e.revenueHigh].some((v) => v !== null) &&
      `revenue estimate ${e.revenueAverage ?? "(range only)"}`,
    ].filter(Boolean);
    if (moved.length) {
      ctx.warn(
        `${symbol}'s report of ${days.join(", ")} is past and reported: Yahoo's calendarEvents ` +
          `${moved.join(" and ")} ${moved.length > 1 ? "are" : "is"} most likely the coming ` +
          `report's (its date not set yet), so ${moved.length > 1 ? "they are" : "it is"} not ` +
          `given as this one's; eps_estimate and eps_actual are the earnings history's for it`,
      );
    }
  }
  return {
    symbol,
    earnings_dates: days,
    earnings_date_is_estimate: e.isEarningsDateEstimate ?? null,
    earnings_status: status,
    as_of: ctx.clock.now().toISOString(),
    earnings_call_times: calls.filter((c) => c >= before).map(time).filter((d): d is string =>
      d !== null
    ),
    eps_estimate: reported
      ? { average: reported.epsEstimate, low: null, high: null, currency: epsCurrency }
      : {
        average: e.earningsAverage,
        low: e.earningsLow,
        high: e.earningsHigh,
        currency: epsCurrency,
      },
    eps_actual: reported?.epsActual ?? null,
    revenue_estimate: reported ? { average: null, low: null, high: null, currency: null } : {
      average: e.revenueAverage,
      low: e.revenueLow,
      high: e.revenueHigh,
      currency: revenueCurrency,
    },
    // days, stamped at 00:00 UTC: their UTC date is the day on every exchange
    ex_dividend_date: day(c.exDividendDate),
    dividend_date: day(c.dividendDate),
    provider: "market_a",
    source:
      "Yahoo Finance quoteSummary calendarEvents, earningsTrend, earningsHistory; quoteType for the exchange's time zone",
    retrieved_at: answeredAt(ctx, "market_a"),
  };
}

/**
 * What calendarEvents' two dividend dates do not say themselves: which are behind the clock, and
 * a payment date before the ex-dividend date (a payment follows its ex-date: the two are then
 * different dividends', one of them stale).
 */
function dividendWarnings(ctx: Context, ex: number | null, pay: number | null, now: number) {
  if (ex !== null && pay !== null && pay < ex) {
    ctx.warn(
      `Yahoo's dividend payment date ${day(pay)} is before its ex-dividend date ${
        day(ex)
      }: a dividend is paid after its ex-date, so the two are not the same dividend's and ` +
        "one of them is stale",
    );
  }
  const named = [["ex-dividend", ex], ["dividend payment", pay]]
    .filter((d): d is [string, number] => d[1] !== null);
  const past = named.filter(([, d]) => d < now).map(([what, d]) => `${what} date ${day(d)}`);
  const coming = named.filter(([, d]) => d >= now).map(([what, d]) => `${what} date ${day(d)}`);
  if (!past.length) return;
  const are = past.length > 1 ? "are" : "is";
  ctx.warn(
    coming.length
      ? `the ${past.join(" and ")} ${are} past; the ${coming.join(" and ")} is still to come`
      : `the ${
        past.join(" and ")
      } ${are} past: Yahoo names no upcoming dividend, and these are the last ones`,
  );
}

type Status = "reported" | "date_passed" | "upcoming" | "unconfirmed";

/**
 * A report's status by the clock: once its whole window of dates is behind `now`, reported when
 * an actual is recorded for it and date_passed when none is; else unconfirmed when Yahoo marks
 * the date as its estimate, else upcoming.
 */
function eventStatus(
  dates: number[],
  estimate: boolean | undefined,
  now: number,
  hasActual: boolean,
): Status {
  if (Math.max(...dates) < now) return hasActual ? "reported" : "date_passed";
  // confirmed only when Yahoo says so: an answer without the flag (its older form) is not
  return estimate === false ? "upcoming" : "unconfirmed";
}

/**
 * The warning for coming earnings dates Yahoo gives without saying whether they are confirmed
 * (no isEarningsDateEstimate, as in its older answers): they are reported unconfirmed, and a
 * window of two dates is the form Yahoo gives its estimates in.
 */
function unflagged(
  ctx: Context,
  symbol: string,
  days: string[],
  estimate: boolean | undefined,
  status: Status | null,
) {
  if (estimate !== undefined || status !== "unconfirmed") return;
  ctx.warn(
    `Yahoo does not say whether ${symbol}'s earnings date${days.length > 1 ? "s" : ""} (${
      days.join(" to ")
    }) ${days.length > 1 ? "are" : "is"} confirmed or its estimate (no isEarningsDateEstimate)${
      days.length > 1 ? "; a window of dates is how Yahoo gives an estimate" : ""
    }: status is unconfirmed; check the company's investor-relations announcement`,
  );
}

type HistoryRow = z.infer<typeof history>["history"][number];

/** The quarter end three months after `sec` (a month's last day stays its month's last day). */
function nextQuarterEnd(sec: number): number {
  const d = new Date(sec * 1000);
  const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  const monthEnd = (yy: number, mm: number) => new Date(Date.UTC(yy, mm + 1, 0)).getUTCDate();
  const last = monthEnd(y, m + 3);
  const next = day === monthEnd(y, m) ? last : Math.min(day, last);
  return Date.UTC(y, m + 3, next) / 1000;
}

/**
 * The quarter a report dated `first` covers. A report follows its quarter's end, and the next
 * report is the quarter after the last one in the history: when that quarter has ended before
 * `first`, the report is that quarter's (no history row yet: `row` is null), else it is the
 * report of the newest history row before `first` (Yahoo keeps a report's date for a while after
 * it, and a replay's clock can stand before it). A row's actual is never lent to a later report.
 */
function reportOf(
  rows: HistoryRow[],
  first: number,
): { quarterEnd: number | null; after: number | null; row: HistoryRow | null } {
  const before = rows.filter((r) => r.quarter !== null && r.quarter < first)
    .sort((a, b) => b.quarter! - a.quarter!);
  const newest = before[0];
  if (!newest) return { quarterEnd: null, after: null, row: null };
  if (newest.epsActual === null) return { quarterEnd: newest.quarter, after: null, row: newest };
  // the quarter after the newest row: its end is not stated anywhere (fiscal quarters end on
  // other days than calendar ones), so it is only named as "the quarter after"
  return nextQuarterEnd(newest.quarter!) < first
    ? { quarterEnd: null, after: newest.quarter, row: null }
    : { quarterEnd: newest.quarter, after: null, row: newest };
}

export async function earningsCalendar(ctx: Context, symbol: string, limit: number) {
  refuseNonCompany(symbol);
  const [raw, zone] = await Promise.all([
    (await ctx.provider("market_a")).summary(symbol, ["earningsHistory", "calendarEvents"]),
    listingZone(ctx, symbol),
  ]);
  const h = history.parse(raw.earningsHistory ?? {});
  const c = calendarEvents.parse(raw.calendarEvents ?? {});
  const now = ctx.clock.now().getTime() / 1000;
  const dates = c.earnings.earningsDate.filter((d): d is number => d !== null);
  const target = dates.length ? reportOf(h.history, Math.min(...dates)) : null;
  const rows = h.history.map((r) => ({
    quarter_end: day(r.quarter),
    earnings_date: null as string | null,
    earnings_date_end: null as string | null,
    // a past quarter is reported only when Yahoo records its actual
    status: (r.epsActual === null ? "date_passed" : "reported") as Status,
    date_is_estimate: null as boolean | null,
    eps_estimate: r.epsEstimate,
    eps_actual: r.epsActual,
    eps_difference: r.epsDifference,
    surprise_pct: r.surprisePercent === null ? null : Math.round(r.surprisePercent * 1e6) / 1e4,
    currency: r.currency ?? null,
    quarter: r.quarter,
    source: r as HistoryRow | null,
  })).filter((r) => r.quarter === null || r.quarter < now || r.source === target?.row)
    .sort((a, b) => (b.quarter ?? 0) - (a.quarter ?? 0));
  const doubts = noDoubts();
  if (target) {
    const first = Math.min(...dates);
    const last = Math.max(...dates);
    // the exchange's local dates of the window's ends (see the module comment)
    const estimate = c.earnings.isEarningsDateEstimate !== false;
    const firstDay = earningsDay(first, zone, estimate, doubts);
    const lastDay = dates.length > 1 ? earningsDay(last, zone, estimate, doubts) : null;
    const match = rows.find((r) => target.row !== null && r.source === target.row);
    const hasActual = match !== undefined && match.eps_actual !== null;
    const status = eventStatus(dates, c.earnings.isEarningsDateEstimate, now, hasActual);
    const past = status === "reported" || status === "date_passed";
    unflagged(
      ctx,
      symbol,
      lastDay ? [firstDay, lastDay] : [firstDay],
      c.earnings.isEarningsDateEstimate,
      status,
    );
    const event = {
      earnings_date: firstDay,
      earnings_date_end: lastDay,
      status,
      date_is_estimate: c.earnings.isEarningsDateEstimate ?? null,
    };
    if (match) {
      // When the clock (a replay's FINANCE_NOW) is before this quarter's report its actuals were
      // not known yet, so the row is the coming report, not a reported one.
      const unknown = past ? {} : { eps_actual: null, eps_difference: null, surprise_pct: null };
      Object.assign(match, event, unknown);
      // a history row still waiting for its actual takes the coming report's estimate
      if (match.source?.epsActual === null) match.eps_estimate ??= c.earnings.earningsAverage;
    } else {
      if (past) {
        ctx.warn(
          `the report of ${firstDay}${
            target.after === null ? "" : ` (the quarter after the one ended ${day(target.after)})`
          } is past but Yahoo's earnings history has no actuals for it yet`,
        );
      }
      rows.unshift({
        // not stated by the provider (see reportOf)
        quarter_end: null,
        ...event,
        // calendarEvents' estimate is the coming report's; the history's are reported quarters'
        eps_estimate: c.earnings.earningsAverage,
        eps_actual: null,
        eps_difference: null,
        surprise_pct: null,
        // The estimate is in the currency the filer reports EPS in, as its history states.
        currency: rows[0]?.currency ?? null,
        quarter: null,
        source: null,
      });
    }
  }
  warnDoubts(ctx, symbol, zone, doubts);
  const all = rows.slice(0, limit).map(({ quarter: _q, source: _s, ...r }) => r);
  return {
    symbol,
    as_of: ctx.clock.now().toISOString(),
    rows: all,
    count: all.length,
    provider: "market_a",
    source: CAL_SOURCE,
    retrieved_at: answeredAt(ctx, "market_a"),
  };
}
