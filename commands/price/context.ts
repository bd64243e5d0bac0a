import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError, UsageError } from "../../core/errors.ts";
import { isoDate, ticker } from "../../core/schema.ts";
import type { Context } from "../../core/context.ts";
import type { EvidenceItem, ExchangeClock } from "../../analysis/evidence/timeline.ts";

const item = z.object({
  date: z.string(),
  relative_day: z.int(),
  evidence_role: z.enum(["before_move", "same_day", "after_move"]),
  source_type: z.enum(["filing", "news", "transcript"]),
  title: z.string(),
  url: z.string().nullable(),
  citation: z.record(z.string(), z.string().nullable()),
  metadata: z.record(z.string(), z.unknown()),
});

type Rows = Record<string, unknown>[];
type Block = { source: string; items: EvidenceItem[]; read: Read };
/** Where a source's rows were read: what the command run for it says of its own reading. */
type Read = { source_urls: string[]; retrieved_at: string | null };

/** The URLs and time another command's answer names as read (`source_urls`, `request_url`). */
function readOf(data: unknown): Read {
  const d = (data ?? {}) as Record<string, unknown>;
  const urls = Array.isArray(d.source_urls)
    ? d.source_urls.filter((u): u is string => typeof u === "string")
    : typeof d.request_url === "string"
    ? [d.request_url]
    : [];
  return { source_urls: urls, retrieved_at: str(d.retrieved_at) };
}

/** How each evidence source answered, with where it read. */
const sourceRow = z.object({
  source: z.string(),
  ok: z.boolean(),
  count: z.int(),
  error: z.string().nullable(),
  provider: z.string().describe("Provider key of the source (filings_a, news, transcripts_a)."),
  source_urls: z.array(z.string()).describe(
    "The URLs the source's command names as read (keys removed); empty when it names none.",
  ),
  retrieved_at: z.string().nullable().describe(
    "When the source was read (ISO 8601; the recording's time under replay); null when it could not be read or its command does not know when (a recording that carries no date).",
  ),
});

/** Provider key of each evidence source. */
const PROVIDER: Record<string, string> = {
  filings: "filings_a",
  news: "news",
  transcripts: "transcripts_a",
};
/** Items of a listing outside New York dated by a bare date (no time), by source: warned once. */
type BareDates = Record<string, number>;

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

async function filings(ctx: Context, a: Args, range: Range, clock: Clock): Promise<Block> {
  const { roleOf, inRange, listingTime } = await import("../../analysis/evidence/timeline.ts");
  const env = await ctx.call<{ filings: Rows }>("filings.recent", {
    symbol: a.symbol,
    forms: "8-K,8-K/A,10-Q,10-K",
    limit: a.filing_limit,
  });
  if (!env.ok) throw new FinanceError(env.error ?? "filings.recent failed");
  const got = env.data?.filings ?? [];
  // a filing is dated by when SEC accepted it (New York time: one accepted after 17:30 carries
  // the next business day as its filing date, but was public the evening before), else its
  // filing date; for a listing elsewhere the acceptance instant is read on its exchange's clock
  const dated = got.map((f) => {
    const at = listingTime(str(f.acceptance_datetime_eastern) ?? str(f.accepted_at_utc), clock);
    return { f, day: at?.day ?? str(f.filed_at)?.slice(0, 10) ?? null, session: at?.session, at };
  });
  // the newest `filing_limit` filings may not reach back to the window's start
  const oldest = dated.map((d) => d.day).filter((d): d is string => !!d).sort()[0];
  if (got.length >= a.filing_limit && oldest && oldest > range.start) {
    ctx.warn(
      `filings: the ${got.length} most recent 8-K/10-Q/10-K filings reach back only to ${oldest}, ${
        oldest > range.end ? "after the whole window" : "inside the window"
      } (${range.start} to ${range.end}): earlier filings in it are not shown; raise filing_limit (up to 1000)`,
    );
  }
  const items = dated.filter((d) => inRange(d.day, range.start, range.end))
    .map(({ f, day, session, at }) => {
      const date = day!;
      if (!at && !clock.us) clock.bare.filings = (clock.bare.filings ?? 0) + 1;
      const items = Array.isArray(f.items) ? f.items.map(String) : [];
      const { relative_day, role } = roleOf(a.date, date, session);
      return {
        date,
        relative_day,
        evidence_role: role,
        source_type: "filing" as const,
        title: `${f.form} filed${items.length ? ` (items ${items.join(", ")})` : ""}`,
        url: str(f.url),
        citation: {
          accession_no: str(f.accession_no),
          url: str(f.url),
          filed_at: str(f.filed_at),
          // when SEC accepted it, as filings.recent reads SEC's timestamp (whose Z is Eastern
          // clock time for some filers): Eastern with its offset, and the UTC instant
          acceptance_datetime_eastern: str(f.acceptance_datetime_eastern),
          accepted_at_utc: str(f.accepted_at_utc),
        },
        metadata: {
          form: f.form,
          accession_no: f.accession_no,
          report_date: f.report_date ?? null,
          items,
          session: session ?? null,
        },
      };
    });
  return { source: "filings", items, read: readOf(env.data) };
}

async function news(ctx: Context, a: Args, range: Range, clock: Clock): Promise<Block> {
  const { roleOf, inRange, listingTime, listingDays, minutesAfterClose } = await import(
    "../../analysis/evidence/timeline.ts"
  );
  // the window's days are the listing's local days (New York days for a US listing): asked for
  // as UTC days, an article first seen that evening after 19:00 or 20:00 New York time (past
  // midnight UTC) was never asked for
  const days = listingDays(range.start, range.end, clock);
  const env = await ctx.call<{ articles: Rows }>("news.search", {
    symbol: a.symbol,
    start_datetime: days.from,
    end_datetime: days.to,
    max_records: a.news_limit,
  });
  if (!env.ok) throw new FinanceError(env.error ?? "news.search failed");
  // what news.search says of its articles (some outside the window, left out) holds here
  for (const w of env.warnings) ctx.warn(`news: ${w}`);
  const got = env.data?.articles ?? [];
  if (got.length >= a.news_limit) {
    ctx.warn(
      `news: ${a.news_limit} article(s) asked and ${got.length} returned, newest first: articles from earlier in the window (before the move) may be missing; raise news_limit to see them`,
    );
  }
  /** Articles of the move date first seen soon after the close: maybe published before it. */
  let nearClose = 0;
  const items = got.slice(0, a.news_limit).flatMap((n) => {
    const published = str(n.published_at);
    if (!published) return [];
    // dated by the listing's local day, as the move is (an article seen at 02:00 UTC is the
    // evening before in New York, after that day's close)
    const at = listingTime(published, clock);
    const date = at?.day ?? published.slice(0, 10);
    if (!inRange(date, range.start, range.end)) return [];
    const { relative_day, role } = roleOf(a.date, date, at?.session);
    const late = relative_day === 0 ? minutesAfterClose(published, clock) : null;
    if (late !== null && late < CRAWL_LAG_MIN) nearClose++;
    return [{
      date,
      relative_day,
      evidence_role: role,
      source_type: "news" as const,
      title: str(n.title) ?? "News article",
      url: str(n.url),
      citation: {
        url: str(n.url),
        domain: str(n.domain),
        // GDELT's crawl time, the only time it states (published_at repeats it)
        first_seen_at: str(n.first_seen_at) ?? published,
        published_at: published,
        provider: "gdelt",
      },
      metadata: {
        domain: n.domain,
        source_country: n.source_country,
        language: n.language,
        published_at: published,
        session: at?.session ?? null,
      },
    }];
  });
  if (nearClose) {
    ctx.warn(
      `news: ${nearClose} article(s) of the move date were first seen by GDELT within ${CRAWL_LAG_MIN} minutes after the close, so they are after_move; GDELT dates an article when its crawler (every 15 minutes) first sees it, not when it was published, so they may have been out before the close: read their times`,
    );
  }
  return { source: "news", items, read: readOf(env.data) };
}

/** GDELT's crawler runs every 15 minutes: an article seen this soon after the close may predate it. */
const CRAWL_LAG_MIN = 30;

async function transcripts(ctx: Context, a: Args, range: Range, clock: Clock): Promise<Block> {
  const { roleOf, inRange, listingTime } = await import("../../analysis/evidence/timeline.ts");
  const env = await ctx.call<{ transcripts: Rows }>("transcripts.search", {
    symbol: a.symbol,
    limit: a.transcript_limit,
  });
  if (!env.ok) throw new FinanceError(env.error ?? "transcripts.search failed");
  // a US listing's transcripts keep the date they are published under; elsewhere a published
  // instant is read on the exchange's clock (a bare date stays as it is, and is warned)
  const local = (t: Record<string, unknown>) =>
    clock.us ? null : listingTime(str(t.published_at), clock);
  const items = (env.data?.transcripts ?? []).filter((t) =>
    inRange(local(t)?.day ?? str(t.published_at), range.start, range.end)
  )
    .map((t) => {
      const at = local(t);
      const date = at?.day ?? str(t.published_at)!.slice(0, 10);
      if (!at && !clock.us) clock.bare.transcripts = (clock.bare.transcripts ?? 0) + 1;
      const { relative_day, role } = roleOf(a.date, date, at?.session);
      return {
        date,
        relative_day,
        evidence_role: role,
        source_type: "transcript" as const,
        title: str(t.title) ?? "Earnings call transcript",
        url: str(t.url),
        citation: { url: str(t.url), quarter: str(t.quarter), published_at: str(t.published_at) },
        metadata: {
          quarter: t.quarter ?? null,
          published_at: t.published_at ?? null,
          source: t.source ?? null,
        },
      };
    });
  return { source: "transcripts", items, read: readOf(env.data) };
}

type Args = {
  symbol: string;
  date: string;
  news_limit: number;
  filing_limit: number;
  transcript_limit: number;
};
type Range = { start: string; end: string };
type Clock = ExchangeClock & { bare: BareDates };

const clockSchema = z.object({
  time_zone: z.string().nullable().describe(
    "IANA zone of the exchange whose local days date the items; null when not known (New York is then assumed).",
  ),
  market: z.string().nullable().describe(
    "Market code whose regular session is used (JP, GB, DE, AU …); null when no session hours are known.",
  ),
  suffix: z.string().nullable().describe("The symbol's exchange suffix (T, L, DE, AX), if any."),
  regular_session_local: z.string().nullable().describe(
    "Regular session on the move date in local time (09:00-15:30), null when not known.",
  ),
  placement: z.enum(["session", "local_days", "new_york_assumed"]).describe(
    "session: local days and the regular session; local_days: whole local days (no hours known, so an item of the move date is same_day); new_york_assumed: the zone is not known, New York's days and session are used.",
  ),
});

/** What metadata.session says under New York's clock. */
const US_SESSIONS =
  "metadata.session says pre_market, market_hours (09:30 to 16:00 New York time, 13:00 on the NYSE's early-close days) or after_close, or market_closed on a weekend or an NYSE holiday (the exchange's calendar from 2000); an item published after the close on the move date is after_move, as it could only move the next session.";

/**
 * A warning when the move date is a day the listing's market did not trade: a move's date is
 * the session whose close ends it, so the window is centred on a day without one.
 */
async function closedMoveDate(ctx: Context, a: Args, clock: ExchangeClock): Promise<void> {
  const { closedOn } = await import("../../analysis/evidence/timeline.ts");
  const why = closedOn(clock, a.date);
  if (why) {
    const market = clock.us || clock.placement === "new_york_assumed" ? "US" : clock.market;
    ctx.warn(
      `${a.date} is ${why}: the ${market} market did not trade that day, so no move can end on it; give the date of the session whose close ends the move (price.moves lists them). Items are placed relative to ${a.date} as asked.`,
    );
  }
}

/**
 * Refuses a move date after today on the listing's clock (New York's when its zone is not
 * known): no session has closed on it, so there is no move to place evidence around, and an
 * empty timeline would read as "nothing happened".
 */
function futureMoveDate(a: Args, clock: ExchangeClock, now: Date): void {
  const zone = clock.time_zone ?? "America/New_York";
  let today: string;
  try {
    today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now);
  } catch {
    today = now.toISOString().slice(0, 10);
  }
  if (a.date > today) {
    throw new UsageError(
      `price.context: argument \`date\`: ${a.date} is after today (${today} in ${zone}): no session has closed on it, so there is no move to explain; give the date of a past session (price.moves lists the moves)`,
    );
  }
}

/**
 * Items dated the move date without a time of day (a transcript's publication day, a filing
 * without SEC's acceptance time) are same_day, but may have come after the close (most earnings
 * calls are held then), which would make them after_move: said, where sessions are told apart.
 */
function warnUntimed(ctx: Context, items: EvidenceItem[], clock: ExchangeClock): void {
  if (clock.placement === "local_days") return;
  const untimed = items.filter((i) => i.evidence_role === "same_day" && !i.metadata.session);
  if (!untimed.length) return;
  const kinds = [...new Set(untimed.map((i) => i.source_type))].join(" and ");
  ctx.warn(
    `${untimed.length} ${kinds} item(s) dated the move date carry no time of day (a transcript is dated by the day it was published, a filing without SEC's acceptance time by its filing date), so same_day does not say whether they came before the open, during the session or after the close, which would make them after_move: read their times in the documents`,
  );
}

/** Warnings and the time note for a listing that is not a US one. */
function clockNotes(ctx: Context, a: Args, clock: ExchangeClock): string {
  const place = "filings by when SEC accepted them, news by when GDELT first saw the article";
  if (clock.placement === "session") {
    return `Dates are local days of the ${clock.market} exchange (${clock.time_zone}), the clock ${a.symbol} trades on: ${place}, converted to ${clock.time_zone}. metadata.session says pre_market, market_hours or after_close against its regular session, ${clock.regular_session_local} local time on ${a.date} (lunch breaks count as market hours), or market_closed on the market's weekend; the exchange's holidays and early closes are not known here, so an item of a holiday is labelled by the regular hours. An item published after the close on the move date is after_move, as it could only move the next session. Read the cited documents before drawing conclusions.`;
  }
  if (clock.placement === "local_days") {
    if (clock.suffix) {
      ctx.warn(
        `${a.symbol}: no regular session hours are known for the .${clock.suffix} market, so items are placed by whole local days in ${clock.time_zone}: an item dated ${a.date} is same_day whether it came before the open or after the close`,
      );
    }
    return `Dates are local days in ${clock.time_zone}, the clock ${a.symbol} trades on: ${place}, converted to ${clock.time_zone}. No session hours are used (metadata.session is null): an item dated the move date is same_day, whether it came before or after the move. Read the cited documents before drawing conclusions.`;
  }
  ctx.warn(
    `${a.symbol}: the time zone of the exchange it trades on is not known (${
      clock.suffix
        ? `no zone is known for the .${clock.suffix} suffix`
        : "the symbol names no exchange"
    }), so items are placed by New York days and the US session (09:30-16:00 New York time) as for a US listing; for a listing elsewhere a placement may be off by a day or a session`,
  );
  return `Dates are New York days, assumed because the exchange's time zone is not known (see warnings): filings by when SEC accepted them, news by when GDELT first saw the article. ${US_SESSIONS} Read the cited documents before drawing conclusions.`;
}

export default defineCommand({
  name: "price.context",
  summary: "Dated filings, news and transcripts around a price move",
  description:
    "Builds a timeline of SEC filings, news articles and earnings-call transcripts dated within `lookback` calendar days either side of a move date (from price.moves), each marked before_move, same_day or after_move with its citation (accession and URL, article URL and domain, transcript URL and quarter). Items are placed by the clock of the exchange the symbol trades on: New York days and session for a US listing (ADRs included; weekends and NYSE holidays are market_closed, early closes end at 13:00), the exchange's local days and regular session for one elsewhere (7203.T, SHEL.L, BHP.AX), whole local days where its hours are not known (warned). A source that cannot answer becomes a warning naming it; the command fails only when none can. Timing is not causation: an item on the same day is a lead to read, not an explanation.",
  usage:
    "finance price.context SYMBOL date=YYYY-MM-DD [lookback=3D news_limit=5 filing_limit=80 transcript_limit=12]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["url", "accession_no", "published_at", "date", "source_type"],
  view: "context",
  positional: ["symbol"],
  aliases: { target_date: "date" },
  args: z.strictObject({
    symbol: ticker("Ticker whose move is examined, e.g. AAPL."),
    date: isoDate("Move date, YYYY-MM-DD (for a multi-day move, its end date)."),
    lookback: z.string().default("3D").describe(
      "Calendar days searched on each side of the date: 3D, 1W (7 days) or 1M (30 days).",
    ),
    news_limit: z.int().min(1).max(250).default(5).describe("Most news articles included."),
    filing_limit: z.int().min(1).max(1000).default(80).describe(
      "Recent filings scanned for dates in the window.",
    ),
    transcript_limit: z.int().min(1).max(50).default(12).describe(
      "Recent transcripts scanned for dates in the window.",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    target_date: z.string(),
    lookback: z.string(),
    lookback_days: z.int(),
    start_date: z.string(),
    end_date: z.string(),
    timeline: z.array(item),
    count: z.int(),
    sources: z.array(sourceRow),
    notes: z.array(z.string()),
    exchange_clock: clockSchema.optional().describe(
      "The exchange clock items were placed by, for a symbol that is not a US listing; absent for a US listing (ADRs included), whose items are placed by New York days and the 09:30-16:00 session.",
    ),
  }),
  examples: [
    "finance price.context AAPL date=2026-02-24 lookback=3D",
    "finance price.context NVDA date=2024-02-22 lookback=1W news_limit=10",
  ],
  async run(args, ctx) {
    const { parseWindowDays, addDays } = await import("../../analysis/evidence/windows.ts");
    const { sortTimeline, listingClock } = await import("../../analysis/evidence/timeline.ts");
    const days = parseWindowDays(args.lookback, "calendar", "lookback");
    const clock: Clock = { ...listingClock(args.symbol, args.date), bare: {} };
    futureMoveDate(args, clock, ctx.clock.now());
    const timeNote = clock.us ? null : clockNotes(ctx, args, clock);
    await closedMoveDate(ctx, args, clock);
    const range = { start: addDays(args.date, -days), end: addDays(args.date, days) };
    const blocks = [filings, news, transcripts];
    const names = ["filings", "news", "transcripts"];
    // Sequential on purpose: GDELT and SEC have their own pacing, and warnings stay in order.
    const results: z.infer<typeof sourceRow>[] = [];
    const timeline: EvidenceItem[] = [];
    for (const [i, gather] of blocks.entries()) {
      try {
        const block = await gather(ctx, args, range, clock);
        timeline.push(...block.items);
        results.push({
          source: block.source,
          ok: true,
          count: block.items.length,
          error: null,
          provider: PROVIDER[block.source],
          source_urls: block.read.source_urls,
          // as the source's command says; a time it does not know (an undated recording) is
          // null, never this run's clock
          retrieved_at: block.read.retrieved_at,
        });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        ctx.warn(`${names[i]} unavailable: ${message}`);
        results.push({
          source: names[i],
          ok: false,
          count: 0,
          error: message,
          provider: PROVIDER[names[i]],
          source_urls: [],
          retrieved_at: null,
        });
      }
    }
    if (results.every((r) => !r.ok)) {
      throw new FinanceError(
        `no evidence source answered for ${args.symbol} around ${args.date}: ${
          results.map((r) => `${r.source}: ${r.error}`).join("; ")
        }`,
      );
    }
    const bare = Object.entries(clock.bare);
    // under New York's clock (assumed) a bare SEC or transcript date is already a New York date
    if (bare.length && clock.placement !== "new_york_assumed") {
      ctx.warn(
        `${
          bare.map(([source, n]) => `${n} ${source.replace(/s$/, "")}(s)`).join(" and ")
        } carry a date without a time (the source's own, likely a US date), so ${
          bare.length > 1 ? "they are" : "it is"
        } placed by that date, not by the local date in ${
          clock.time_zone ?? "New York"
        }, which may be a day later`,
      );
    }
    const sorted = sortTimeline(timeline);
    warnUntimed(ctx, sorted, clock);
    if (!sorted.length) {
      ctx.warn(
        `no dated filings, news or transcripts found between ${range.start} and ${range.end}`,
      );
    }
    return {
      symbol: args.symbol,
      target_date: args.date,
      lookback: args.lookback,
      lookback_days: days,
      start_date: range.start,
      end_date: range.end,
      timeline: sorted,
      count: sorted.length,
      sources: results,
      notes: [
        "evidence_role says only when an item is dated relative to the move (before_move, same_day, after_move); it does not say the item caused the move.",
        timeNote ??
          `Dates are New York days: filings by when SEC accepted them, news by when GDELT first saw the article. ${US_SESSIONS} Read the cited documents before drawing conclusions.`,
      ],
      ...(clock.us ? {} : {
        exchange_clock: {
          time_zone: clock.time_zone,
          market: clock.market,
          suffix: clock.suffix,
          regular_session_local: clock.regular_session_local,
          placement: clock.placement,
        },
      }),
    };
  },
});
