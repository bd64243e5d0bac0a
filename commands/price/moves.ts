import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ProviderError, UsageError } from "../../core/errors.ts";
import { isoDate as isoDateArg, ticker } from "../../core/schema.ts";
import { isoDate } from "../../core/clock.ts";
import type { Bar } from "../../analysis/evidence/moves.ts";
import { SOURCE_URLS_HELP } from "../market/_sources.ts";

const moveRow = z.object({
  symbol: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  window: z.string(),
  trading_days: z.int(),
  start_close: z.number(),
  end_close: z.number(),
  currency: z.string().nullable().describe("Currency of the closes, as the provider states it."),
  return_pct: z.number(),
  direction: z.enum(["up", "down"]),
  volume: z.number().nullable(),
  volume_vs_20d: z.number().nullable(),
  avg_abs_return_20d_pct: z.number().nullable(),
  move_vs_20d_avg_abs_return: z.number().nullable(),
  overlapping_windows: z.int().describe(
    "Same-direction windows at or above the threshold that share a session with this one and were folded into it.",
  ),
  baseline_sessions: z.int().describe(
    "Sessions before the window that the 20-day ratios could use; below 20 the ratios are null.",
  ),
  calendar_days: z.int().describe("Calendar days from start_date to end_date."),
  weekdays_without_bar: z.int().describe(
    "Weekdays inside the window with no bar: holidays, a market closed for days, or bars the provider lacks.",
  ),
  longest_gap_weekdays: z.int().describe(
    "The longest run of weekdays in a row without a bar inside the window; above 2 the market was closed for days or bars are missing, and a warning says the move spans that time.",
  ),
  source: z.string().nullable(),
});

/** Calendar days read before the scan for its first moves' 20-session baselines. */
const BASELINE_LEAD_DAYS = 40;

/** One symbol's bars from market.ohlcv, with what cites them. */
interface SeriesFound {
  rows: Bar[];
  source: string | null;
  /** Provider key of the series (market_a, stooq, ...), as market.ohlcv states it. */
  provider: string | null;
  currency: string | null;
  /** The URLs market.ohlcv read the bars from: this command asked for none itself. */
  source_urls: string[];
  retrieved_at: string | null;
}

/** Finds the bars of `symbol` in a market.ohlcv payload (one-symbol or multi-symbol shape). */
function barsOf(
  data: unknown,
  symbol: string,
): SeriesFound | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  if (Array.isArray(d.rows)) {
    return {
      rows: d.rows as Bar[],
      source: String(d.source ?? d.provider ?? "") || null,
      provider: typeof d.provider === "string" ? d.provider : null,
      currency: typeof d.currency === "string" ? d.currency : null,
      source_urls: Array.isArray(d.source_urls)
        ? d.source_urls.filter((u): u is string => typeof u === "string")
        : [],
      retrieved_at: typeof d.retrieved_at === "string" ? d.retrieved_at : null,
    };
  }
  for (const key of ["results", "series", "symbols", "data"]) {
    const list = d[key];
    if (Array.isArray(list)) {
      const hit = list.find((x) =>
        String((x as { symbol?: string }).symbol).toUpperCase() === symbol
      );
      if (hit) return barsOf(hit, symbol);
    }
  }
  return null;
}

export default defineCommand({
  name: "price.moves",
  summary: "Find large price moves with volume and volatility context",
  description:
    "Scans adjusted daily closes for close-to-close moves over a trading window (1d, 3d, 1w = 5 sessions, 1m = 21 sessions) at or above a threshold, largest first, each with the end-day volume against its 20-session average and the move against the typical daily move before it. Overlapping windows moving the same way are folded into the strongest one: the largest window is kept first and takes the windows that share a session with it, the next largest that shares none is kept in turn, so a move apart from a larger one is never folded away through the windows between them (total_count counts each kept move once). A window across a gap in the bars (a market shut for days, bars or prices missing) keeps its return but is said in a warning, with its calendar_days, trading_days and longest_gap_weekdays. Use it to find dates worth explaining, then price.context on a date. It says nothing about why a move happened.",
  usage:
    "finance price.moves SYMBOL [window=1d|3d|1w|1m years=3|start_date=YYYY-MM-DD end_date=YYYY-MM-DD threshold=8|8% limit=20 provider=auto]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "end_date", "source", "provider", "source_urls"],
  positional: ["symbol"],
  synonyms: { start: "start_date", end: "end_date" },
  view: "moves",
  args: z.strictObject({
    symbol: ticker("Ticker whose daily bars are scanned, e.g. AAPL."),
    window: z.string().regex(/^\s*\d+\s*(d|w|m|day|days|week|weeks|month|months)?\s*$/i, {
      message: "use a count and unit such as 1d, 3d, 1w or 1m",
    }).default("1d").describe(
      "Length of each close-to-close window in trading sessions: 1d, 3d, 1w (5 sessions) or 1m (21).",
    ),
    years: z.int().min(1).max(30).optional().describe(
      "Years of daily history to scan, up to end_date (default 3 when start_date is not given).",
    ),
    start_date: isoDateArg("First day scanned, YYYY-MM-DD (instead of years).").optional(),
    end_date: isoDateArg("Last day scanned, YYYY-MM-DD (default today).").optional(),
    threshold: z.union([z.string(), z.number()]).default("8%").describe(
      "Smallest absolute move reported: 8% or 8 (percent points), or 0.08 (a fraction).",
    ),
    limit: z.int().min(1).max(500).default(20).describe("Largest moves to return."),
    provider: z.string().default("auto").describe(
      "Market-data provider handed to market.ohlcv (auto tries its usual order).",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    currency: z.string().nullable().describe("Currency of the closes, as the provider states it."),
    window: z.string(),
    trading_window_days: z.int(),
    years: z.int().nullable().describe("Years asked for, or null when start_date was given."),
    threshold_pct: z.number(),
    start_date: z.string().describe("Date of the first bar scanned."),
    end_date: z.string().describe("Date of the last bar scanned (the latest close in the data)."),
    requested: z.object({ start_date: z.string(), end_date: z.string() }).describe(
      "The window asked to scan; the bars may start later or end earlier. The bars of the 40 " +
        "days before it are read too, for the baselines of the moves near its start.",
    ),
    bars: z.int(),
    moves: z.array(moveRow),
    count: z.int(),
    total_count: z.int(),
    source: z.string().nullable(),
    provider: z.string().nullable().describe(
      "Provider key of the bars (market_a, stooq, ...), as market.ohlcv states it.",
    ),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When market.ohlcv read the bars (ISO 8601), by the session's clock.",
    ),
    notes: z.array(z.string()),
  }),
  examples: [
    "finance price.moves AAPL window=1d threshold=5% years=3",
    "finance price.moves NVDA window=1w threshold=10% limit=5",
    "finance price.moves AAPL start_date=2025-01-01 end_date=2025-06-30 threshold=5%",
  ],
  async run(args, ctx) {
    const { parseWindowDays, parseThresholdPct, addDays } = await import(
      "../../analysis/evidence/windows.ts"
    );
    const { detectMoves, USUAL_CLOSED_WEEKDAYS } = await import(
      "../../analysis/evidence/moves.ts"
    );
    const days = parseWindowDays(args.window, "trading");
    const threshold = parseThresholdPct(args.threshold);
    if (threshold.note) ctx.warn(threshold.note);
    // a minus sign does not ask for falls only: the threshold is a size, moves go both ways
    if (/^\s*-/.test(String(args.threshold)) && threshold.pct > 0) {
      ctx.warn(
        `threshold ${args.threshold} was read as its size, ${threshold.pct}%: moves up and down of at least that size are listed (each move's direction says which)`,
      );
    }
    if (args.years !== undefined && args.start_date) {
      throw new UsageError(
        "price.moves: give years or start_date (with an optional end_date), not both",
      );
    }
    const end = args.end_date ?? isoDate(ctx.clock.now());
    const years = args.start_date ? null : args.years ?? 3;
    const start = args.start_date ?? addDays(end, -(years ?? 0) * 366);
    if (start > end) {
      throw new UsageError(
        `price.moves: start_date ${start} is after end_date ${end}${
          args.end_date ? "" : " (today, as no end_date was given)"
        }: give a start_date on or before it`,
      );
    }
    // the 20 sessions before a move are its baselines (volume, usual size): bars from before the
    // scan are read for them, so a move near its start has them too (they were null, with a
    // warning, for every move in the scan's first month)
    const env = await ctx.call("market.ohlcv", {
      symbols: args.symbol,
      start_date: addDays(start, -BASELINE_LEAD_DAYS),
      end_date: end,
      timeframe: "1d",
      provider: args.provider,
    });
    if (!env.ok) {
      throw new ProviderError(
        "market",
        `no daily bars for ${args.symbol}: ${env.error ?? "market.ohlcv failed"}`,
      );
    }
    // what market.ohlcv says of the bars (they end early, dividends left out) holds for the moves;
    // a late start it measures from the baselines' lead, which the scan's own start replaces
    const { isLateStart, startsLate } = await import("../../analysis/market/ohlcv_notes.ts");
    const told = env.warnings.filter((w) => !isLateStart(w));
    for (const w of told) ctx.warn(`market.ohlcv: ${w}`);
    const found = barsOf(env.data, args.symbol);
    const inScan = found?.rows.filter((r) => String(r.date).slice(0, 10) >= start) ?? [];
    const scanned = inScan.length;
    const late = scanned
      ? startsLate(
        args.symbol,
        String(inScan[0].date).slice(0, 10),
        start,
        args.start_date ? `start_date ${start}` : `the scan's start ${start} (years=${years})`,
      )
      : null;
    if (late) ctx.warn(late);
    if (!found || scanned <= days) {
      throw new ProviderError(
        "market",
        `market.ohlcv returned ${scanned} daily bars for ${args.symbol} between ${start} and ${end}; at least ${
          days + 1
        } are needed for a ${args.window} window: give an earlier start_date (or more years) so that the window holds at least ${
          days + 1
        } trading sessions${
          // what market.ohlcv said of its bars (they end early), not its replay notes
          [...told.filter((w) => !/^some answers were replayed/.test(w)), ...late ? [late] : []]
            .map((w) => `; ${w}`).join("")}`,
      );
    }
    const { oneBasis } = await import("../../analysis/market/bar_basis.ts");
    const basis = oneBasis(found.rows);
    if (basis.note) ctx.warn(basis.note);
    // the bars left out stay as sessions without a price: a window across one spans more sessions
    const kept = new Set<Bar>(basis.rows);
    const rows = found.rows.map((r) => kept.has(r) ? r : { ...r, close: null, adj_close: null });
    const result = detectMoves(rows, {
      days,
      thresholdPct: threshold.pct,
      limit: args.limit,
      from: start,
    });
    const short = result.moves.filter((m) => m.baseline_sessions < 20);
    if (short.length) {
      ctx.warn(
        `${short.length} move(s) have fewer than 20 sessions of bars before them (${
          short[0].start_date
        } has ${
          short[0].baseline_sessions
        }): their volume and volatility ratios are null, not an average of fewer sessions; start the scan a month earlier for them`,
      );
    }
    // bars mostly days apart are not daily sessions: every window then spans weeks
    if (result.steps >= 4 && result.gapSteps * 4 > result.steps) {
      ctx.warn(
        `${result.gapSteps} of the ${result.steps} steps from one bar to the next skip 3 or more weekdays: these are not daily bars (weekly bars, a listing that seldom trades, or a history with holes), so a window of ${days} bar${
          days === 1 ? "" : "s"
        } spans far more than ${days} trading day${days === 1 ? "" : "s"}`,
      );
    }
    // a window across a closure of days or bars the provider lacks is no move of `days` sessions
    const broken = result.moves.filter((m) =>
      m.trading_days > days || m.longest_gap_weekdays > USUAL_CLOSED_WEEKDAYS
    );
    if (broken.length) {
      const shown = broken.slice(0, 5).map((m) =>
        `${m.start_date} to ${m.end_date}: ${m.calendar_days} calendar days${
          m.trading_days > days
            ? `, ${m.trading_days} sessions with ${m.trading_days - days} unpriced`
            : ""
        }${
          m.longest_gap_weekdays > USUAL_CLOSED_WEEKDAYS
            ? `, ${m.longest_gap_weekdays} weekdays in a row without a bar`
            : ""
        }`
      );
      ctx.warn(
        `${broken.length} move(s) span a gap in the bars (${shown.join("; ")}${
          broken.length > 5 ? "; …" : ""
        }): the market was closed for days or the provider lacks bars (or their prices); such a return covers the whole gap, more time than ${days} session${
          days === 1 ? "" : "s"
        } (each move's calendar_days, trading_days and longest_gap_weekdays say how long)`,
      );
    }
    // a close 100, 1,000 or 10,000 times the other is a change of unit (pence and pounds) or a
    // redenomination more often than a price move: said, so the move is checked before it is read
    const unitLike = result.moves.filter((m) => {
      const r = Math.abs(Math.log(m.end_close / m.start_close));
      return [100, 1000, 10_000].some((f) => Math.abs(r - Math.log(f)) < Math.log(1.35));
    });
    if (unitLike.length) {
      ctx.warn(
        `${unitLike.length} move(s) change the close about a hundredfold or more (${
          unitLike.slice(0, 3).map((m) =>
            `${m.start_date} to ${m.end_date}: ${m.start_close} → ${m.end_close}`
          ).join("; ")
        }): the size of a change of unit (pence and pounds, cents and rand) or a redenomination, which the provider may have written into the closes; check the bars around it before reading it as a price move`,
      );
    }
    const label = `${days} trading day${days === 1 ? "" : "s"}`;
    const dates = found.rows.map((r) => String(r.date).slice(0, 10)).filter((d) => d >= start)
      .sort();
    return {
      symbol: args.symbol,
      currency: found.currency,
      window: args.window,
      trading_window_days: days,
      years,
      threshold_pct: threshold.pct,
      start_date: dates[0],
      end_date: dates[dates.length - 1],
      requested: { start_date: start, end_date: end },
      bars: result.bars,
      moves: result.moves.map((m) => ({
        symbol: args.symbol,
        window: label,
        ...m,
        currency: found.currency,
        source: found.source,
      })),
      count: result.moves.length,
      total_count: result.total,
      source: found.source,
      provider: found.provider,
      source_urls: found.source_urls,
      retrieved_at: found.retrieved_at,
      notes: [
        `Returns are close-to-close on ${
          basis.adjusted
            ? "adjusted closes"
            : "closes as the provider gives them (no adjusted close)"
        }; volume and volatility baselines are the 20 sessions before each window starts.`,
        "A move's size says nothing about its cause; use price.context for dated evidence, which shows timing, not causation.",
      ],
    };
  },
});
