import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { readFrom, SOURCE_URLS_HELP } from "../market/_sources.ts";
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

const article = z.object({
  url: z.string(),
  title: z.string().nullable(),
  domain: z.string().nullable(),
  language: z.string().nullable(),
  source_country: z.string().nullable(),
  first_seen_at: z.string().nullable().describe(
    "When GDELT's crawler first saw the article (its seendate, UTC): crawl time, not the publisher's date.",
  ),
  published_at: z.string().nullable().describe(
    "Same as first_seen_at (GDELT's crawl time, kept under its older name); GDELT does not report when the article was published.",
  ),
  seendate: z.string().nullable(),
  url_mobile: z.string().nullable(),
  social_image: z.string().nullable(),
  company_in_title: z.boolean().optional().describe(
    "Only for symbol= of a company whose name is made of common words (Target, Visa): whether the title names the company with its legal form, ticker or a business word. false: GDELT matched the article on its text only, and it may be about the word.",
  ),
  other_company_in_title: z.string().optional().describe(
    "Only for symbol=: the title names another company of the searched name with a legal form the company's own name does not carry (\"Merck KGaA\" in news of Merck & Co): most likely that company's news, not this one's.",
  ),
  same_story_as: z.string().optional().describe(
    "Only on an article whose site already listed the same title first seen within a day before it: the address of that earlier copy (the same story filed under a second address). Count such articles once.",
  ),
});

export default defineCommand({
  name: "news.search",
  summary: "Search recent news articles (GDELT)",
  description:
    "Lists news articles from GDELT's DOC 2.0 index for a free-text query, a company ticker (searched by the company's name) or a sector, newest first by the time GDELT first saw each article (first_seen_at, its crawl time: GDELT does not report the publisher's date). Copies of one article whose addresses differ only in tracking parameters (utm_*, cexp_id, fbclid, gclid…) are merged and counted; an article a site lists again under another address with the same title within a day is kept but marked same_story_as and counted in same_story_repeats. English sources by default. Days are UTC days (end_date inclusive). GDELT's article index holds only the last three months: a longer timespan is cut to 3m and a range before it is refused, each said in a warning. GDELT answers one request every 5 seconds, so calls can take a while. Articles are records of coverage, not verified facts; use news.analyze for volume or tone over time.",
  usage:
    "finance news.search [query=TEXT | symbol=SYMBOL | sector=SECTOR] [max_records=50 language=english timespan=30D|1W|1M|24H date=YYYY-MM-DD start_date=YYYY-MM-DD end_date=YYYY-MM-DD start_datetime=YYYYMMDDHHMMSS end_datetime=YYYYMMDDHHMMSS]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [
    "url",
    "domain",
    "first_seen_at",
    "source",
    "provider",
    "source_urls",
    "retrieved_at",
  ],
  positional: [],
  synonyms: { start: "start_date", end: "end_date" },
  requireOneOf: [["query"], ["symbol"], ["sector"]],
  exclusiveOneOf: true,
  view: "news",
  args: z.strictObject(newsArgs),
  data: z.object({
    scope: scopeSchema,
    query: z.string(),
    window: z.object({
      timespan: z.string().nullable(),
      start: z.string().nullable(),
      end: z.string().nullable(),
    }),
    articles: z.array(article),
    count: z.int().describe(
      "Articles listed here (copies merged, those first seen outside the window left out). GDELT returns at most max_records, newest first, so this is not how many articles match: use news.analyze analysis=timeline for that.",
    ),
    merged_duplicates: z.int().describe(
      "Articles left out as copies of another (same address apart from tracking parameters).",
    ),
    same_story_repeats: z.int().describe(
      "Listed articles marked same_story_as: the same title from the same site within a day of an earlier copy, most likely one story under two addresses; count - same_story_repeats is the number of distinct stories.",
    ),
    request_url: z.string(),
    provider: z.literal("news"),
    source_urls: z.array(z.string()).describe(
      `${SOURCE_URLS_HELP} GDELT's requests only (request_url is the last).`,
    ),
    retrieved_at: z.string().nullable().describe(
      "When GDELT's answer was received (the recording's time under replay).",
    ),
    source: z.literal("gdelt_doc"),
  }),
  examples: [
    "finance news.search symbol=NVDA timespan=7D",
    'finance news.search query="interest rates" timespan=2W max_records=20',
  ],
  async run(args, ctx) {
    const { MAX_RECORDS } = await import("../../providers/news/gdelt.ts");
    const { markCompanyTitles } = await import("../../providers/news/gdelt_titles.ts");
    // the window first: a malformed timespan or date is refused before any name is looked up
    const window = coverWindow(newsWindow(args, "1d", ctx), "artlist", ctx);
    const language = languageFilter(args.language);
    const strange = unknownLanguage(language);
    if (strange) ctx.warn(strange);
    const resolved = await resolveScope(args, ctx, "news.search");
    const { scope, query, name } = resolved;
    const gdelt = await ctx.provider("news");
    const { articles, url } = await gdelt.articles({
      query,
      maxRecords: args.max_records,
      window,
      language,
    });
    const asked = Math.min(args.max_records, MAX_RECORDS.doc);
    if (args.max_records > asked) {
      ctx.warn(`max_records was clamped to ${asked}, the most GDELT DOC returns`);
    }
    if (articles.length >= asked) {
      ctx.warn(
        `GDELT returned ${
          articles.length > asked
            ? `${articles.length} articles, more than the ${asked} asked`
            : `as many articles as asked (${asked})`
        }, newest first: more may match, and older ones in the window would not be listed (raise max_records, up to 250, or narrow the window)`,
      );
    }
    // GDELT answers articles from outside an explicit window too (recrawled pages): those are
    // left out, not passed as the window's news (said by keepInWindow)
    const inWindow = keepInWindow(articles, window, ctx);
    if (!articles.length) ctx.warn(`GDELT found no articles for ${query} in this window`);
    // GDELT's own DateDesc order slips, and it lists one article under several tracking URLs
    const { articles: unique, merged } = mergeCopies(inWindow, ctx);
    // a common-word name: say which titles do not name the company, rather than pass them as its news
    const { articles: named, unnamed } = markCompanyTitles(unique, name);
    if (unnamed) warnUnnamed(ctx, unnamed, named.length, name!.phrase);
    // one story under two addresses of one site (two sections, two reposts) is listed twice
    const { articles: repeated, repeats } = markRepeats(named, ctx);
    // "Merck KGaA" in a search for Merck & Co: another company of the same name
    const listed = markOtherCompanies(repeated, resolved, ctx);
    // articles in another language than asked (or, with language=any, not in English) are said
    warnLanguages(listed, language, ctx);
    return {
      scope,
      query,
      window: {
        timespan: window.timespan,
        start: window.start?.toISOString() ?? null,
        end: window.end?.toISOString() ?? null,
      },
      articles: listed.map(({ snippet: _s, ...a }) => a),
      count: listed.length,
      merged_duplicates: merged,
      same_story_repeats: repeats,
      request_url: url,
      ...readFrom(ctx, "news" as const),
      source: "gdelt_doc" as const,
    };
  },
});
