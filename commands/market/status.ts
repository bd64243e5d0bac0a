import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { SOURCE_URLS_HELP, withSourceUrls } from "./_sources.ts";
import { ProviderError } from "../../core/errors.ts";

export default defineCommand({
  name: "market.status",
  summary: "Whether the exchange is open, with its hours",
  description:
    "The exchange's own trading state (open or closed) with the session open and close times " +
    "and time zone, from Yahoo's market-time service — not inferred from a futures or index " +
    "quote — read in the exchange's own time zone: local date, weekday and time, why it is " +
    "closed (weekend, holiday: a weekday with no session, or outside_hours), the session's " +
    "local open and close and whether it is an early close (shorter than the market's " +
    "regular session), and for markets that break at midday (Tokyo, Hong Kong, Shanghai) " +
    "whether the local time is inside the lunch break, when Yahoo still says open. A region " +
    "Yahoo answers with another market's times is an error. Markets: US, GB, DE, FR, JP, HK, CA, AU and other Yahoo region codes.",
  usage: "finance market.status [MARKET=US]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["market", "as_of", "source", "source_urls"],
  positional: ["market"],
  args: z.strictObject({
    market: z.string().regex(/^[A-Za-z]{2}$/, "use a two-letter region code such as US or GB")
      .default("US").transform((s) => s.toUpperCase()).describe(
        "Two-letter region code (US, GB, DE, JP, ...).",
      ),
  }),
  data: z.object({
    market: z.string(),
    exchange: z.string().nullable(),
    state: z.string().nullable(),
    message: z.string().nullable(),
    open: z.string().nullable(),
    close: z.string().nullable(),
    timezone: z.string().nullable(),
    local_date: z.string().nullable(),
    local_time: z.string().nullable(),
    weekday: z.string().nullable(),
    closed_reason: z.enum(["weekend", "holiday", "outside_hours"]).nullable(),
    session_open_local: z.string().nullable(),
    session_close_local: z.string().nullable(),
    session_hours: z.number().nullable(),
    regular_session_hours: z.number().nullable(),
    early_close: z.boolean().nullable(),
    lunch_break_local: z.string().nullable().describe(
      "The market's midday break in local time (11:30-12:30 in Tokyo), when it has one.",
    ),
    in_lunch_break: z.boolean().nullable().describe(
      "True when Yahoo says open but the local time is inside the lunch break: nothing trades.",
    ),
    as_of: z.string().nullable(),
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
  }),
  examples: ["finance market.status", "finance market.status GB"],
  view: "market_status",
  async run(args, ctx) {
    const mt = await (await ctx.provider("market_a")).domain.marketTime(args.market);
    // Yahoo answers a region it does not cover with another market's times: refused, not passed on
    const region = args.market.toLowerCase();
    const ids = [mt.id, (mt as { yfit_market_id?: unknown }).yfit_market_id]
      .filter((id): id is string => typeof id === "string" && id !== "");
    if (ids.length && !ids.some((id) => id.toLowerCase().split("_")[0] === region)) {
      throw new ProviderError(
        "market_a",
        `Yahoo has no market time for region ${args.market}: it answered with ${
          mt.name ?? ids[0]
        } (${ids.join(", ")}), which is another market`,
      );
    }
    const tz = (mt.timezone?.[0] ?? {}) as { $text?: string; short?: string };
    const { readMarketTime } = await import("../../analysis/market/status.ts");
    const local = readMarketTime(
      args.market,
      {
        status: mt.status ?? null,
        open: mt.open ?? null,
        close: mt.close ?? null,
        time: mt.time ?? null,
        timezone: tz.$text ?? null,
      },
      ctx.clock.now().toISOString(),
      (note) => ctx.warn(note),
    );
    return withSourceUrls({
      market: args.market,
      exchange: mt.name ?? null,
      state: mt.status ?? null,
      message: mt.message ?? null,
      open: mt.open ?? null,
      close: mt.close ?? null,
      timezone: tz.$text ?? tz.short ?? null,
      ...local,
      as_of: mt.time ?? null,
      provider: "market_a",
      source: "Yahoo Finance market time (v6/finance/markettime)",
    }, ctx);
  },
});
