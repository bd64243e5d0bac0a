import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError } from "../../core/errors.ts";
import { isoDate, ticker } from "../../core/schema.ts";
import type { Context } from "../../core/context.ts";
import type { EvidenceItem } from "../../analysis/evidence/timeline.ts";

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
type Block = { source: string; items: EvidenceItem[] };

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

async function filings(ctx: Context, a: Args, range: Range): Promise<Block> {
  const { roleOf, inRange, newYorkTime } = await import("../../analysis/evidence/timeline.ts");
  const env = await ctx.call<{ filings: Rows }>("filings.recent", {
    symbol: a.symbol,
    forms: "8-K,8-K/A,10-Q,10-K",
    limit: a.filing_limit,
  });
  if (!env.ok) throw new FinanceError(env.error ?? "filings.recent failed");
  const got = env.data?.filings ?? [];
  // a filing is dated by when SEC accepted it (New York time: one accepted after 17:30 carries
  // the next business day as its filing date, but was public the evening before), else its
  // filing date
  const dated = got.map((f) => {
    const at = newYorkTime(str(f.acceptance_datetime_eastern) ?? str(f.accepted_at_utc));
    return { f, day: at?.day ?? str(f.filed_at)?.slice(0, 10) ?? null, session: at?.session };
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
    .map(({ f, day, session }) => {
      const date = day!;
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
  return { source: "filings", items };
}

async function news(ctx: Context, a: Args, range: Range): Promise<Block> {
  const { roleOf, inRange, newYorkTime, newYorkDays } = await import(
    "../../analysis/evidence/timeline.ts"
  );
  // the window's days are New York days: asked for as UTC days, an article first seen that
  // evening after 19:00 or 20:00 New York time (past midnight UTC) was never asked for
  const days = newYorkDays(range.start, range.end);
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
  const items = got.slice(0, a.news_limit).flatMap((n) => {
    const published = str(n.published_at);
    if (!published) return [];
    // dated by the New York day, as the move is (an article seen at 02:00 UTC is the evening
    // before in New York, after that day's close)
    const at = newYorkTime(published);
    const date = at?.day ?? published.slice(0, 10);
    if (!inRange(date, range.start, range.end)) return [];
    const { relative_day, role } = roleOf(a.date, date, at?.session);
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
  return { source: "news", items };
}

async function transcripts(ctx: Context, a: Args, range: Range): Promise<Block> {
  const { roleOf, inRange } = await import("../../analysis/evidence/timeline.ts");
  const env = await ctx.call<{ transcripts: Rows }>("transcripts.search", {
    symbol: a.symbol,
    limit: a.transcript_limit,
  });
  if (!env.ok) throw new FinanceError(env.error ?? "transcripts.search failed");
  const items = (env.data?.transcripts ?? []).filter((t) =>
    inRange(str(t.published_at), range.start, range.end)
  )
    .map((t) => {
      const date = str(t.published_at)!.slice(0, 10);
      const { relative_day, role } = roleOf(a.date, date);
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
  return { source: "transcripts", items };
}

type Args = {
  symbol: string;
  date: string;
  news_limit: number;
  filing_limit: number;
  transcript_limit: number;
};
type Range = { start: string; end: string };

export default defineCommand({
  name: "price.context",
  summary: "Dated filings, news and transcripts around a price move",
  description:
    "Builds a timeline of SEC filings, news articles and earnings-call transcripts dated within `lookback` calendar days either side of a move date (from price.moves), each marked before_move, same_day or after_move with its citation (accession and URL, article URL and domain, transcript URL and quarter). A source that cannot answer becomes a warning naming it; the command fails only when none can. Timing is not causation: an item on the same day is a lead to read, not an explanation.",
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
    sources: z.array(z.object({
      source: z.string(),
      ok: z.boolean(),
      count: z.int(),
      error: z.string().nullable(),
    })),
    notes: z.array(z.string()),
  }),
  examples: [
    "finance price.context AAPL date=2026-02-24 lookback=3D",
    "finance price.context NVDA date=2024-02-22 lookback=1W news_limit=10",
  ],
  async run(args, ctx) {
    const { parseWindowDays, addDays } = await import("../../analysis/evidence/windows.ts");
    const { sortTimeline } = await import("../../analysis/evidence/timeline.ts");
    const days = parseWindowDays(args.lookback, "calendar", "lookback");
    const range = { start: addDays(args.date, -days), end: addDays(args.date, days) };
    const blocks = [filings, news, transcripts];
    const names = ["filings", "news", "transcripts"];
    // Sequential on purpose: GDELT and SEC have their own pacing, and warnings stay in order.
    const results: { source: string; ok: boolean; count: number; error: string | null }[] = [];
    const timeline: EvidenceItem[] = [];
    for (const [i, gather] of blocks.entries()) {
      try {
        const block = await gather(ctx, args, range);
        timeline.push(...block.items);
        results.push({ source: block.source, ok: true, count: block.items.length, error: null });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        ctx.warn(`${names[i]} unavailable: ${message}`);
        results.push({ source: names[i], ok: false, count: 0, error: message });
      }
    }
    if (results.every((r) => !r.ok)) {
      throw new FinanceError(
        `no evidence source answered for ${args.symbol} around ${args.date}: ${
          results.map((r) => `${r.source}: ${r.error}`).join("; ")
        }`,
      );
    }
    const sorted = sortTimeline(timeline);
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
        "Dates are New York days: filings by when SEC accepted them, news by when GDELT first saw the article. metadata.session says pre_market, market_hours or after_close (after 16:00 New York time); an item published after the close on the move date is after_move, as it could only move the next session. Read the cited documents before drawing conclusions.",
      ],
    };
  },
});
