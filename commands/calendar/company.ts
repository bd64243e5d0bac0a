import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { readFrom, SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";
import { ticker } from "../../core/schema.ts";

const n = z.number().nullable();
const range = z.object({
  average: n,
  low: n,
  high: n,
  currency: z.string().nullable().describe(
    "The currency Yahoo's earningsTrend states for this estimate: not necessarily the currency the shares trade in (BABA trades in USD, its estimates are CNY) nor financialData's reporting currency; null, with a warning, when Yahoo states none.",
  ),
});

export default defineCommand({
  name: "calendar.company",
  summary: "Upcoming earnings and dividend dates for a company",
  description:
    "The next earnings date (or Yahoo's window of likely dates, flagged as an estimate), the " +
    "call time, analysts' EPS and revenue estimates for that quarter, and the ex-dividend and " +
    "payment dates (Yahoo gives no record date; dates already past are said to be). For past quarters with actual EPS and surprises use calendar.earnings. " +
    "Earnings dates are the exchange's local dates (in the time zone Yahoo gives for the " +
    "listing), call times exact UTC instants; a date that could be another day is said in a " +
    "warning.",
  usage: "finance calendar.company SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "source", "provider", "source_urls"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it."),
  }),
  data: z.object({
    symbol: z.string(),
    earnings_dates: z.array(z.string()),
    earnings_date_is_estimate: z.boolean().nullable(),
    earnings_status: z.enum(["reported", "date_passed", "upcoming", "unconfirmed"]).nullable()
      .describe(
        "By the clock (as_of): reported once the dates are past and Yahoo's earnings history " +
          "has the actual EPS, date_passed when they are past but no actual is recorded, " +
          "upcoming when they are ahead and Yahoo marks them confirmed, unconfirmed when it " +
          "marks them as its estimate or does not say (earnings_date_is_estimate null).",
      ),
    as_of: z.string().describe(
      "The clock the status is judged by (this run's time, or FINANCE_NOW): not when the data " +
        "was read, which is retrieved_at.",
    ),
    earnings_call_times: z.array(z.string()),
    eps_estimate: range.describe(
      "The coming report's EPS estimate (calendarEvents); for a reported one, the earnings " +
        "history's estimate of it (average only).",
    ),
    eps_actual: z.number().nullable().describe(
      "A reported report's EPS as Yahoo's earnings history records it, in eps_estimate's " +
        "currency; null until it is reported.",
    ),
    revenue_estimate: range.describe(
      "The coming report's revenue estimate; null for a reported one (Yahoo keeps no revenue " +
        "estimate of past reports, and calendarEvents' is the next one's by then).",
    ),
    ex_dividend_date: z.string().nullable().describe(
      "Yahoo's ex-dividend date (shares bought on or after it do not receive that dividend); it may be past, with a warning.",
    ),
    dividend_date: z.string().nullable().describe(
      "Yahoo's dividendDate: the payment date, not the record date (which Yahoo does not give); it may be past, or another dividend's than the ex-dividend date, with a warning.",
    ),
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When Yahoo's newest answer was read (ISO 8601; the recording's time under replay); null when that is not known (a recording that carries no date).",
    ),
  }),
  examples: ["finance calendar.company AAPL"],
  async run(args, ctx) {
    const { companyCalendar } = await import("../../analysis/market/calendar.ts");
    const { canonicalSymbol } = await import("../../core/symbols.ts");
    const calendar = await companyCalendar(ctx, canonicalSymbol(args.symbol));
    // when Yahoo answered, not this run's clock: a date nobody knows (an undated recording,
    // warned) is null, never today
    return withSourceUrls(
      { ...calendar, retrieved_at: readFrom(ctx, "market_a").retrieved_at },
      ctx,
    );
  },
});
