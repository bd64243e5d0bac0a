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

export async function companyCalendar(ctx: Context, symbol: string) {
  const raw = await (await ctx.provider("market_a")).summary(symbol, ["calendarEvents"]);
  const c = calendarEvents.parse(raw.calendarEvents ?? {});
  const e = c.earnings;
  return {
    symbol,
    earnings_dates: e.earningsDate.map(day).filter((d): d is string => d !== null),
    earnings_date_is_estimate: e.isEarningsDateEstimate ?? null,
    earnings_call_times: e.earningsCallDate.map(time).filter((d): d is string => d !== null),
    eps_estimate: { average: e.earningsAverage, low: e.earningsLow, high: e.earningsHigh },
    revenue_estimate: { average: e.revenueAverage, low: e.revenueLow, high: e.revenueHigh },
    ex_dividend_date: day(c.exDividendDate),
    dividend_date: day(c.dividendDate),
    provider: "market_a",
    source: "Yahoo Finance quoteSummary calendarEvents",
    retrieved_at: ctx.clock.now().toISOString(),
  };
}

export async function earningsCalendar(ctx: Context, symbol: string, limit: number) {
  const raw = await (await ctx.provider("market_a")).summary(symbol, [
    "earningsHistory",
    "calendarEvents",
  ]);
  const h = history.parse(raw.earningsHistory ?? {});
  const c = calendarEvents.parse(raw.calendarEvents ?? {});
  const past = h.history.map((r) => ({
    quarter_end: day(r.quarter),
    earnings_date: null as string | null,
    status: "reported" as const,
    eps_estimate: r.epsEstimate,
    eps_actual: r.epsActual,
    eps_difference: r.epsDifference,
    surprise_pct: r.surprisePercent === null ? null : Math.round(r.surprisePercent * 1e6) / 1e4,
    currency: r.currency ?? null,
  }));
  const next = c.earnings.earningsDate.length
    ? [{
      quarter_end: null,
      earnings_date: day(c.earnings.earningsDate[0]),
      status: "upcoming" as const,
      eps_estimate: c.earnings.earningsAverage,
      eps_actual: null,
      eps_difference: null,
      surprise_pct: null,
      currency: null,
    }]
    : [];
  const rows = past.sort((a, b) => (b.quarter_end ?? "").localeCompare(a.quarter_end ?? ""));
  const all = [...next, ...rows].slice(0, limit);
  return {
    symbol,
    rows: all,
    count: all.length,
    provider: "market_a",
    source: CAL_SOURCE,
    retrieved_at: ctx.clock.now().toISOString(),
  };
}
