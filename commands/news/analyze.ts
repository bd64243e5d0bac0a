import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { readFrom, SOURCE_URLS_HELP } from "../market/_sources.ts";
import { UsageError } from "../../core/errors.ts";
import type { Context } from "../../core/context.ts";
import type { ProviderTypes } from "../../core/provider.ts";
import {
  coverWindow,
  keepInWindow,
  languageFilter,
  markOtherCompanies,
  markRepeats,
  mergeCopies,
  newsArgs,
  newsWindow,
  resolveScope,
  scopeSchema,
  unknownLanguage,
  warnLanguages,
  warnUnnamed,
} from "./_scope.ts";

const point = z.object({
  date: z.string().nullable().describe(
    "Start of the interval (ISO 8601, UTC); a daily series has one point per UTC day.",
  ),
  value: z.number().nullable().describe("The series' value; its unit is the series' `unit`."),
  norm: z.number().nullable().optional().describe(
    "timelinevolraw only: all articles GDELT monitored in the interval, the denominator of its percentages.",
  ),
});

const DEFAULT_MODE = { timeline: "timelinevolraw", tone: "timelinetone", doc: "timelinevolraw" };

/** GeoJSON features as plottable points. */
function geoPoints(payload: unknown) {
  const features = (payload as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  return features.map((f: Record<string, unknown>) => {
    const coords = (f.geometry as { coordinates?: unknown })?.coordinates;
    const props = (f.properties ?? {}) as Record<string, unknown>;
    const [lon, lat] = Array.isArray(coords) ? coords : [];
    return {
      name: typeof props.name === "string" ? props.name : null,
      lat: typeof lat === "number" ? lat : null,
      lon: typeof lon === "number" ? lon : null,
      count: typeof props.count === "number" ? props.count : null,
    };
  });
}

/** Tone histogram bins of a `tonechart` answer. */
function toneBins(payload: unknown) {
  const bins = (payload as { tonechart?: unknown })?.tonechart;
  if (!Array.isArray(bins)) return [];
  return bins.map((b: Record<string, unknown>) => ({
    bin: typeof b.bin === "number" ? b.bin : null,
    count: typeof b.count === "number" ? b.count : null,
  }));
}

/** news.analyze's arguments. */
const ARGS = z.strictObject({
  analysis: z.preprocess(
    (v) => typeof v === "string" ? v.trim().toLowerCase() : v,
    z.enum(["timeline", "tone", "context", "geo", "doc"]),
  ).default("timeline").describe(
    "What to compute: timeline, tone, context, geo or doc (raw DOC mode).",
  ),
  ...newsArgs,
  mode: z.string().optional().describe(
    "GDELT mode: a DOC mode such as timelinevolraw, timelinetone, tonechart, timelinesourcecountry (timeline, tone, doc), or a GEO mode such as PointData or PointHeatmap (geo).",
  ),
});

type AnalyzeArgs = z.infer<typeof ARGS>;

export default defineCommand({
  name: "news.analyze",
  summary: "News volume, tone, context snippets or places over time (GDELT)",
  description:
    "Asks GDELT for an aggregate view of coverage: timeline (article volume per interval), tone (average tone per interval; mode=tonechart gives the tone histogram), context (articles with the matching sentence, Context 2.0), geo (places mentioned, GEO 2.0 GeoJSON, last 7 days at most) or doc (any DOC 2.0 mode). Series come back tidy as {series, unit, data:[{date, value}]} ready to plot, next to GDELT's own payload; `unit` says whether values are article counts, percentages of all monitored articles or average tone, and article_total sums the counts. `count` is the number of points, not of articles. Dates are UTC (end_date inclusive); article dates are when GDELT first saw each article, not publication times. Timelines reach back to 2017; article-based modes (context, tonechart, artlist…) hold only the last three months, and a window beyond that is cut or refused with a warning. For article lists use news.search.",
  usage:
    "finance news.analyze analysis=timeline|tone|context|geo|doc [query=TEXT | symbol=SYMBOL | sector=SECTOR] [mode=MODE max_records=50 language=english timespan=30D date=YYYY-MM-DD start_date=... end_date=... start_datetime=YYYYMMDDHHMMSS end_datetime=...]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["url", "source", "first_seen_at", "request_url", "provider", "retrieved_at"],
  positional: [],
  synonyms: { start: "start_date", end: "end_date" },
  requireOneOf: [["query"], ["symbol"], ["sector"]],
  exclusiveOneOf: true,
  view: "news_analysis",
  aliases: { type: "analysis" },
  args: ARGS,
  data: z.object({
    analysis: z.string(),
    scope: scopeSchema,
    query: z.string(),
    mode: z.string(),
    series: z.array(z.object({
      series: z.string(),
      unit: z.string().nullable().describe(
        "What the values measure: an article count (timelinevolraw), a percent of all monitored articles (timelinevol, timelinelang, timelinesourcecountry) or an average tone (timelinetone).",
      ),
      data: z.array(point),
    })),
    bins: z.array(z.object({
      bin: z.number().nullable().describe("Tone bucket (GDELT's tone score, below 0 negative)."),
      count: z.number().nullable().describe("Articles whose tone falls in the bucket."),
    })),
    points: z.array(z.looseObject({})),
    articles: z.array(z.looseObject({ url: z.string() })),
    count: z.int().describe(
      "How many points the answer holds (timeline dates, tone bins, snippets or places), not how many articles: the articles behind them are in the series' values (see article_total).",
    ),
    article_total: z.number().nullable().describe(
      "Matching articles in the window: the sum of the Article Count series (timelinevolraw, the default of analysis=timeline) or of the tone-chart bins; null where the answer holds no counts (percentages, tone averages, snippets, places).",
    ),
    payload: z.unknown(),
    request_url: z.string(),
    provider: z.literal("news"),
    source_urls: z.array(z.string()).describe(
      `${SOURCE_URLS_HELP} GDELT's requests only (request_url is the last).`,
    ),
    retrieved_at: z.string().nullable().describe(
      "When GDELT's answer was received (the recording's time under replay).",
    ),
    source: z.enum(["gdelt_doc", "gdelt_context", "gdelt_geo"]),
  }),
  examples: [
    "finance news.analyze analysis=timeline symbol=NVDA timespan=1M",
    'finance news.analyze analysis=tone query="federal reserve" timespan=7D',
    "finance news.analyze analysis=geo sector=energy timespan=24H",
  ],
  async run(args, ctx) {
    const g = await import("../../providers/news/gdelt.ts");
    const titles = await import("../../providers/news/gdelt_titles.ts");
    const answers = await import("../../providers/news/gdelt_articles.ts");
    // a malformed timespan or date is refused before any name is looked up
    g.resolveWindow(args, null);
    const language = languageFilter(args.language);
    const strange = unknownLanguage(language);
    if (strange) ctx.warn(strange);
    const resolved = await resolveScope(args, ctx, "news.analyze");
    const { scope, query } = resolved;
    const gdelt = await ctx.provider("news");
    const base = {
      analysis: args.analysis,
      scope,
      query,
      series: [],
      bins: [],
      points: [],
      articles: [],
    };
    const call: Call = {
      args,
      ctx,
      resolved,
      language,
      gdelt,
      base,
      g,
      titles,
      answers,
    };
    if (args.analysis === "geo") return await geoAnswer(call);
    const asked = newsWindow(args, args.analysis === "context" ? "24h" : "1w", ctx);
    if (args.analysis === "context") return await contextAnswer(call, asked);
    return await docAnswer(call, asked, args.analysis);
  },
});

/** What each kind of analysis works from: the call, its scope and the GDELT modules. */
interface Call {
  args: AnalyzeArgs;
  ctx: Context;
  resolved: Awaited<ReturnType<typeof resolveScope>>;
  language: ReturnType<typeof languageFilter>;
  gdelt: ProviderTypes["news"];
  /** The answer's fields every analysis shares. */
  base: {
    analysis: AnalyzeArgs["analysis"];
    scope: Awaited<ReturnType<typeof resolveScope>>["scope"];
    query: string;
    series: never[];
    bins: never[];
    points: never[];
    articles: never[];
  };
  g: typeof import("../../providers/news/gdelt.ts");
  titles: typeof import("../../providers/news/gdelt_titles.ts");
  answers: typeof import("../../providers/news/gdelt_articles.ts");
}

/** analysis=geo: GEO 2.0's places over at most the last 7 days, as points. */
async function geoAnswer(call: Call) {
  const { args, ctx, resolved, language, gdelt, base, g } = call;
  const { query } = resolved;
  if (
    args.date || args.start_date || args.end_date || args.start_datetime || args.end_datetime
  ) {
    throw new UsageError(
      "news.analyze analysis=geo takes only timespan= (GEO 2.0 has no date range)",
    );
  }
  const key = (args.mode ?? "pointdata").toLowerCase().replace(/[_\s-]/g, "");
  const mode = Object.hasOwn(g.GEO_MODES, key) ? g.GEO_MODES[key] : null;
  if (!mode) {
    throw new UsageError(
      `mode="${args.mode}" is not a GEO mode; use one of ${
        [...new Set(Object.values(g.GEO_MODES))].join(", ")
      }`,
    );
  }
  let span = g.normalizeTimespan(args.timespan ?? "24h");
  if (span.minutes > 7 * 1440) {
    ctx.warn(`timespan ${args.timespan} is longer than GEO 2.0's 7 days; used 7d`);
    span = g.normalizeTimespan("7d");
  }
  const q = g.withLanguage(query, language);
  const { payload, url } = await gdelt.geo({
    query: q,
    mode,
    maxPoints: args.max_records,
    timespan: span.value,
  });
  const points = geoPoints(payload);
  return {
    ...base,
    mode,
    points,
    count: points.length,
    article_total: null,
    payload,
    request_url: url,
    ...readFrom(ctx, "news" as const),
    source: "gdelt_geo" as const,
  };
}

/** analysis=context: Context 2.0's articles with their matching sentence, in the window. */
async function contextAnswer(call: Call, asked: ReturnType<typeof newsWindow>) {
  const { args, ctx, resolved, language, gdelt, base, g, titles } = call;
  const { query, name } = resolved;
  const window = coverWindow(asked, "context", ctx);
  if (args.max_records > g.MAX_RECORDS.context) {
    ctx.warn(
      `max_records was clamped to ${g.MAX_RECORDS.context}, the most GDELT Context 2.0 returns`,
    );
  }
  const answer = await gdelt.context({
    query,
    maxRecords: args.max_records,
    window,
    language,
  });
  const { payload, url } = answer;
  // snippets as news.search lists articles: those first seen outside the window left out,
  // copies under tracking addresses merged, one site's story under two addresses marked
  const listed = markRepeats(
    mergeCopies(keepInWindow(answer.articles, window, ctx), ctx).articles,
    ctx,
  ).articles;
  const marked = titles.markCompanyTitles(listed, name);
  if (marked.unnamed) warnUnnamed(ctx, marked.unnamed, marked.articles.length, name!.phrase);
  const articles = markOtherCompanies(marked.articles, resolved, ctx);
  warnLanguages(articles, language, ctx);
  return {
    ...base,
    mode: "artlist",
    articles,
    count: articles.length,
    article_total: null,
    payload,
    request_url: url,
    ...readFrom(ctx, "news" as const),
    source: "gdelt_context" as const,
  };
}

/** analysis=timeline, tone or doc: a DOC 2.0 mode's series, tone bins or articles. */
async function docAnswer(
  call: Call,
  asked: ReturnType<typeof newsWindow>,
  analysis: keyof typeof DEFAULT_MODE,
) {
  const { args, ctx, resolved, language, gdelt, base, g, titles, answers } = call;
  const { query, name } = resolved;
  const mode = (args.mode ?? DEFAULT_MODE[analysis]).toLowerCase().replace(/_/g, "");
  if (!(g.DOC_MODES as readonly string[]).includes(mode)) {
    throw new UsageError(
      `mode="${args.mode}" is not a GDELT DOC mode; use one of ${g.DOC_MODES.join(", ")}`,
    );
  }
  if (args.analysis !== "doc" && !/^(timeline|tonechart)/.test(mode)) {
    throw new UsageError(
      `analysis=${args.analysis} needs a timeline or tonechart mode, not ${mode}; use analysis=doc for other DOC modes`,
    );
  }
  const window = coverWindow(asked, mode, ctx);
  if (mode.startsWith("art") && args.max_records > g.MAX_RECORDS.doc) {
    ctx.warn(`max_records was clamped to ${g.MAX_RECORDS.doc}, the most GDELT DOC returns`);
  }
  const { payload, url } = await gdelt.doc({
    query,
    mode,
    maxRecords: args.max_records,
    window,
    language,
    sort: mode.startsWith("art") ? "DateDesc" : undefined,
  });
  const series = answers.tidyTimeline(payload).map((s) => ({
    series: s.series,
    unit: g.seriesUnit(mode, s.series),
    data: s.data,
  }));
  // the series of article counts, which article_total sums
  const counted = series.filter((s) =>
    mode === "timelinevolraw" || /^article count$/i.test(s.series)
  );
  // a point GDELT gave without a number ("NaN", null) is shown as "—": said, with its dates
  // (an article count's missing points are said below, with the total they withhold)
  const blank = series.filter((s) => !counted.includes(s))
    .flatMap((s) => s.data.filter((p) => p.value === null));
  if (blank.length) {
    ctx.warn(
      `${blank.length} of GDELT's points came without a number (${
        blank.slice(0, 3).map((p) => p.date?.slice(0, 10) ?? "undated").join(", ")
      }${blank.length > 3 ? ", …" : ""}): their value is null (shown as "—"), not 0: no ` +
        "reading for those intervals",
    );
  }
  if (mode === "timelinetone") {
    // GDELT fills an interval without matching articles with 0, which reads as neutral tone
    const zeros = series.flatMap((s) => s.data.filter((p) => p.value === 0));
    if (zeros.length) {
      ctx.warn(
        `${zeros.length} of the tone points are exactly 0 (${
          zeros.slice(0, 3).map((p) => p.date?.slice(0, 16) ?? "undated").join(", ")
        }${
          zeros.length > 3 ? ", …" : ""
        }): GDELT writes 0 for an interval with no matching articles, so such a point most likely means no coverage, not neutral tone; leave them out of averages, and check analysis=timeline for the article counts`,
      );
    }
  }
  const bins = toneBins(payload);
  const found = Array.isArray((payload as { articles?: unknown })?.articles)
    ? (payload as { articles: Record<string, unknown>[] }).articles.map(answers.toArticle).filter(
      (a) => a !== null,
    )
    : [];
  // article lists as news.search gives them: the window kept, tracking copies merged, one
  // site's story under two addresses marked
  const listed = mode.startsWith("art")
    ? markRepeats(mergeCopies(keepInWindow(found, window, ctx), ctx).articles, ctx).articles
    : found;
  const marked = titles.markCompanyTitles(listed, name);
  if (marked.unnamed) warnUnnamed(ctx, marked.unnamed, marked.articles.length, name!.phrase);
  const articles = markOtherCompanies(marked.articles, resolved, ctx);
  if (articles.length) warnLanguages(articles, language, ctx);
  const count = series.reduce((n, s) => n + s.data.length, 0) + bins.length + articles.length;
  // a point or bin without a number is not 0 articles: no total rather than one too small
  const missing = counted.reduce((n, s) => n + s.data.filter((p) => p.value === null).length, 0) +
    (mode === "tonechart" ? bins.filter((b) => b.count === null).length : 0);
  let article_total = counted.length
    ? counted.reduce((n, s) => n + s.data.reduce((m, p) => m + (p.value ?? 0), 0), 0)
    : mode === "tonechart"
    ? bins.reduce((n, b) => n + (b.count ?? 0), 0)
    : null;
  if (missing && article_total !== null) {
    ctx.warn(
      `${missing} of GDELT's counts came without a number, so article_total is not given (the sum of the others, ${article_total}, would be too small)`,
    );
    article_total = null;
  }
  // other modes (word clouds, image lists) answer in their own shape: only in `payload`
  const holdsSomething = payload !== null && typeof payload === "object" &&
    Object.values(payload).some((v) => Array.isArray(v) && v.length > 0);
  if (count === 0) {
    ctx.warn(
      holdsSomething
        ? `GDELT's ${mode} answer has no series, bins or articles to tidy; it is in payload as GDELT sent it`
        : `GDELT returned no data for ${query} in mode ${mode}`,
    );
  }
  return {
    ...base,
    mode,
    series,
    bins,
    articles,
    count,
    article_total,
    payload,
    request_url: url,
    ...readFrom(ctx, "news" as const),
    source: "gdelt_doc" as const,
  };
}
