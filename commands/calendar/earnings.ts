import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { readFrom, SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";
import { ticker } from "../../core/schema.ts";

const n = z.number().nullable();

export default defineCommand({
  name: "calendar.earnings",
  summary: "Past and upcoming earnings dates with estimates and surprises",
  description:
    "Earnings rows, newest first: the next report (date and EPS estimate) and the last " +
    "reported quarters with estimated and actual EPS and the surprise in percent. status comes " +
    "from the clock (as_of; FINANCE_NOW under replay): reported when the date is past and " +
    "Yahoo records the actual EPS, date_passed when it is past but no actual is recorded, upcoming when it is ahead and confirmed, unconfirmed when " +
    "Yahoo marks the date as its estimate (then earnings_date..earnings_date_end is the " +
    "window) or does not say which (date_is_estimate null, with a warning). Yahoo keeps about four past quarters. For dividend dates use calendar.company. " +
    "Earnings dates are the exchange's local dates (in the time zone Yahoo gives for the " +
    "listing); a date that could be another day is said in a warning.",
  usage: "finance calendar.earnings SYMBOL [limit=12]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "as_of", "source", "provider", "source_urls"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it."),
    limit: z.int().min(1).max(100).default(12).describe("Most rows to return (1-100)."),
  }),
  data: z.object({
    symbol: z.string(),
    as_of: z.string(),
    rows: z.array(z.object({
      quarter_end: z.string().nullable(),
      earnings_date: z.string().nullable(),
      earnings_date_end: z.string().nullable(),
      status: z.enum(["reported", "date_passed", "upcoming", "unconfirmed"]),
      date_is_estimate: z.boolean().nullable(),
      eps_estimate: n,
      eps_actual: n,
      eps_difference: n,
      surprise_pct: n,
      currency: z.string().nullable(),
    })),
    count: z.int(),
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When Yahoo's newest answer was read (ISO 8601; the recording's time under replay); null when that is not known (a recording that carries no date).",
    ),
  }),
  examples: ["finance calendar.earnings AAPL limit=4"],
  view: "earnings",
  async run(args, ctx) {
    const { earningsCalendar } = await import("../../analysis/market/calendar.ts");
    const { canonicalSymbol } = await import("../../core/symbols.ts");
    const calendar = await earningsCalendar(ctx, canonicalSymbol(args.symbol), args.limit);
    // when Yahoo answered, not this run's clock: a date nobody knows (an undated recording,
    // warned) is null, never today
    return withSourceUrls(
      { ...calendar, retrieved_at: readFrom(ctx, "market_a").retrieved_at },
      ctx,
    );
  },
});
