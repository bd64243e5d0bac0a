/**
 * Zod checks of Yahoo's answers. yahoo-finance2's own strict validation is turned off because
 * real recorded bodies fail it (fields Yahoo added or dropped); these schemas check only what
 * this project reads, so a changed field is a clear ProviderError, not a crash deeper down.
 */
import { z } from "zod";

/** A number as yahoo-finance2 leaves it: plain, `{raw, fmt}`, or null. */
export const num = z.union([
  z.number(),
  z.looseObject({ raw: z.number().nullable().optional() }).transform((o) => o.raw ?? null),
  z.null(),
]).optional().transform((v) => (typeof v === "number" && Number.isFinite(v) ? v : null));

/** Seconds since epoch, a Date (coerced by yahoo-finance2) or `{raw}`. */
export const epoch = z.union([
  z.number(),
  z.date().transform((d) => d.getTime() / 1000),
  z.string().transform((s) => Date.parse(s) / 1000),
  z.looseObject({ raw: z.number() }).transform((o) => o.raw),
  z.null(),
]).optional().transform((v) => (typeof v === "number" && Number.isFinite(v) ? v : null));

const series = z.array(z.number().nullable()).optional();

export const chartResult = z.looseObject({
  meta: z.looseObject({
    symbol: z.string(),
    currency: z.string().nullable().optional(),
    exchangeName: z.string().optional(),
    exchangeTimezoneName: z.string().optional(),
    instrumentType: z.string().optional(),
    gmtoffset: z.number().optional(),
    regularMarketPrice: z.number().optional(),
    regularMarketTime: epoch,
  }),
  timestamp: z.array(epoch).optional(),
  events: z.looseObject({
    dividends: z.record(z.string(), z.looseObject({ amount: z.number(), date: epoch }))
      .optional(),
    // a fund's capital-gain distributions (asked for with events=capitalGain), like dividends
    capitalGains: z.record(z.string(), z.looseObject({ amount: z.number(), date: epoch }))
      .optional(),
    splits: z.record(
      z.string(),
      z.looseObject({ date: epoch, numerator: z.number(), denominator: z.number() }),
    ).optional(),
  }).optional(),
  indicators: z.looseObject({
    quote: z.array(z.looseObject({
      open: series,
      high: series,
      low: series,
      close: series,
      volume: series,
    })),
    adjclose: z.array(z.looseObject({ adjclose: series })).optional(),
  }),
});
export type ChartResult = z.infer<typeof chartResult>;

export const chartBody = z.looseObject({
  chart: z.looseObject({
    result: z.array(chartResult).nullable().optional(),
    error: z.looseObject({ code: z.string().optional(), description: z.string().optional() })
      .nullable().optional(),
  }),
});

/** One row of /v7/finance/quote (only the fields read here are checked). */
export const quoteRow = z.looseObject({
  symbol: z.string(),
  currency: z.string().nullable().optional(),
  financialCurrency: z.string().nullable().optional(),
  longName: z.string().optional(),
  shortName: z.string().optional(),
  quoteType: z.string().optional(),
  exchange: z.string().optional(),
  fullExchangeName: z.string().optional(),
  marketState: z.string().optional(),
  regularMarketPrice: num,
  regularMarketChange: num,
  regularMarketChangePercent: num,
  regularMarketPreviousClose: num,
  regularMarketOpen: num,
  regularMarketDayHigh: num,
  regularMarketDayLow: num,
  regularMarketVolume: num,
  regularMarketTime: epoch,
  marketCap: num,
  sharesOutstanding: num,
  trailingPE: num,
  forwardPE: num,
  priceToBook: num,
  epsTrailingTwelveMonths: num,
  epsForward: num,
  bookValue: num,
  fiftyTwoWeekHigh: num,
  fiftyTwoWeekLow: num,
  averageDailyVolume3Month: num,
  dividendYield: num,
  // the extended-hours session's last trade (US listings), beside the regular session's
  preMarketPrice: num,
  preMarketChange: num,
  preMarketChangePercent: num,
  preMarketTime: epoch,
  postMarketPrice: num,
  postMarketChange: num,
  postMarketChangePercent: num,
  postMarketTime: epoch,
});
export type QuoteRow = z.infer<typeof quoteRow>;

export const quoteBody = z.looseObject({
  quoteResponse: z.looseObject({ result: z.array(z.looseObject({})).nullable().optional() }),
});

export const screenerBody = z.looseObject({
  finance: z.looseObject({
    result: z.array(z.looseObject({
      id: z.string().optional(),
      title: z.string().optional(),
      description: z.string().optional(),
      total: z.number().optional(),
      count: z.number().optional(),
      quotes: z.array(z.looseObject({ symbol: z.string() })).optional(),
    })).nullable().optional(),
    error: z.looseObject({ code: z.string().optional(), description: z.string().optional() })
      .nullable().optional(),
  }),
});

export const timeseriesBody = z.looseObject({
  timeseries: z.looseObject({
    result: z.array(z.looseObject({
      meta: z.looseObject({ type: z.array(z.string()) }),
    })).nullable().optional(),
  }),
});
