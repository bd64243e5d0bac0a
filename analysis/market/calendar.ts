/** calendar.company and calendar.earnings from Yahoo's calendarEvents and earningsHistory. */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { epoch, num } from "../../providers/market_a/schemas.ts";

export const CAL_SOURCE = "Yahoo Finance quoteSummary (calendarEvents, earningsHistory)";
const day = (
  sec: number | null,
) => (sec === null ? null : new Date(sec * 1000).toISOString().slice(0, 10));
const time = (sec: number | null) => (sec === null ? null : new Date(sec * 1000).toISOString());

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

/** The currency a company reports in (and analysts estimate in), from financialData. */
const financialData = z.looseObject({ financialCurrency: z.string().nullish() }).prefault({});

export async function companyCalendar(ctx: Context, symbol: string) {
  const raw = await (await ctx.provider("market_a")).summary(symbol, [
    "calendarEvents",
    "financialData",
  ]);
  const c = calendarEvents.parse(raw.calendarEvents ?? {});
  const e = c.earnings;
  const dates = e.earningsDate.filter((d): d is number => d !== null);
  const now = ctx.clock.now().getTime() / 1000;
  // analysts estimate in the currency the company reports in, which need not be the one its
  // shares trade in (BABA: USD shares, CNY estimates)
  const currency = financialData.parse(raw.financialData ?? {}).financialCurrency ?? null;
  const estimates = [e.earningsAverage, e.earningsLow, e.revenueAverage, e.revenueLow];
  if (!currency && estimates.some((v) => v !== null)) {
    ctx.warn(
      `Yahoo states no reporting currency for ${symbol} (financialData), so the currency of its EPS and revenue estimates is unknown; it is the company's reporting currency, not necessarily the one its shares trade in`,
    );
  }
  const status = dates.length ? eventStatus(dates, e.isEarningsDateEstimate, now) : null;
  if (status === "reported") {
    ctx.warn(
      `${symbol}'s earnings dates (${
        dates.map(day).join(", ")
      }) are past: calendarEvents does not say whether the report came out; calendar.earnings has the actual EPS`,
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
  const past = [["ex-dividend", c.exDividendDate], ["dividend payment", c.dividendDate]]
    .filter(([, d]) => d !== null && (d as number) < now)
    .map(([what, d]) => `${what} date ${day(d as number)}`);
  if (past.length) {
    ctx.warn(
      `the ${past.join(" and ")} ${
        past.length > 1 ? "are" : "is"
      } past: Yahoo names no upcoming dividend, and these are the last ones`,
    );
  }
  return {
    symbol,
    earnings_dates: dates.map(day).filter((d): d is string => d !== null),
    earnings_date_is_estimate: e.isEarningsDateEstimate ?? null,
    earnings_status: status,
    as_of: ctx.clock.now().toISOString(),
    earnings_call_times: calls.filter((c) => c >= before).map(time).filter((d): d is string =>
      d !== null
    ),
    eps_estimate: {
      average: e.earningsAverage,
      low: e.earningsLow,
      high: e.earningsHigh,
      currency,
    },
    revenue_estimate: {
      average: e.revenueAverage,
      low: e.revenueLow,
      high: e.revenueHigh,
      currency,
    },
    ex_dividend_date: day(c.exDividendDate),
    dividend_date: day(c.dividendDate),
    provider: "market_a",
    source: "Yahoo Finance quoteSummary calendarEvents, financialData",
    retrieved_at: ctx.clock.now().toISOString(),
  };
}

type Status = "reported" | "upcoming" | "unconfirmed";

/**
 * A report's status by the clock: reported once its whole window of dates is behind `now`,
 * else unconfirmed when Yahoo marks the date as its estimate, else upcoming.
 */
function eventStatus(dates: number[], estimate: boolean | undefined, now: number): Status {
  if (Math.max(...dates) < now) return "reported";
  return estimate ? "unconfirmed" : "upcoming";
}

/** A report date inside this many days after a quarter's end is that quarter's report. */
const REPORT_LAG_DAYS = 120;

export async function earningsCalendar(ctx: Context, symbol: string, limit: number) {
  const raw = await (await ctx.provider("market_a")).summary(symbol, [
    "earningsHistory",
    "calendarEvents",
  ]);
  const h = history.parse(raw.earningsHistory ?? {});
  const c = calendarEvents.parse(raw.calendarEvents ?? {});
  const now = ctx.clock.now().getTime() / 1000;
  const rows = h.history.map((r) => ({
    quarter_end: day(r.quarter),
    earnings_date: null as string | null,
    earnings_date_end: null as string | null,
    status: "reported" as Status,
    date_is_estimate: null as boolean | null,
    eps_estimate: r.epsEstimate,
    eps_actual: r.epsActual,
    eps_difference: r.epsDifference,
    surprise_pct: r.surprisePercent === null ? null : Math.round(r.surprisePercent * 1e6) / 1e4,
    currency: r.currency ?? null,
    quarter: r.quarter,
  })).filter((r) => r.quarter === null || r.quarter < now)
    .sort((a, b) => (b.quarter ?? 0) - (a.quarter ?? 0));
  const dates = c.earnings.earningsDate.filter((d): d is number => d !== null);
  if (dates.length) {
    const first = Math.min(...dates);
    const last = Math.max(...dates);
    const estimate = c.earnings.isEarningsDateEstimate ?? null;
    const status = eventStatus(dates, c.earnings.isEarningsDateEstimate, now);
    const past = status === "reported";
    const event = {
      earnings_date: day(first),
      earnings_date_end: dates.length > 1 ? day(last) : null,
      status,
      date_is_estimate: estimate,
    };
    const match = rows.find((r) =>
      r.quarter !== null && r.quarter < first && first - r.quarter < REPORT_LAG_DAYS * 86_400
    );
    if (match && !past) {
      // The clock (a replay's FINANCE_NOW) is before this quarter's report: its actuals were
      // not known yet, so the row is the coming report, not a reported one.
      Object.assign(match, event, { eps_actual: null, eps_difference: null, surprise_pct: null });
    } else if (match) Object.assign(match, event);
    else {
      if (past) {
        ctx.warn(
          `the report of ${
            day(first)
          } is past but Yahoo's earnings history has no actuals for it yet`,
        );
      }
      rows.unshift({
        quarter_end: null,
        ...event,
        eps_estimate: c.earnings.earningsAverage,
        eps_actual: null,
        eps_difference: null,
        surprise_pct: null,
        // The estimate is in the currency the filer reports EPS in, as its history states.
        currency: rows[0]?.currency ?? null,
        quarter: null,
      });
    }
  }
  const all = rows.slice(0, limit).map(({ quarter: _q, ...r }) => r);
  return {
    symbol,
    as_of: ctx.clock.now().toISOString(),
    rows: all,
    count: all.length,
    provider: "market_a",
    source: CAL_SOURCE,
    retrieved_at: ctx.clock.now().toISOString(),
  };
}
