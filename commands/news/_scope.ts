/** What news.search and news.analyze share: arguments, scope resolution and time windows. */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { InputError, UsageError } from "../../core/errors.ts";
import { ticker } from "../../core/schema.ts";
import { type Article, markSameStory, mergeArticles } from "../../providers/news/gdelt_articles.ts";
import {
  articleIndexStart,
  checkQuerySyntax,
  DOC_ARCHIVE_START,
  isTimelineMode,
  normalizeTimespan,
  resolveWindow,
  type TimeArgs,
  type TimeWindow,
} from "../../providers/news/gdelt.ts";
import {
  type CompanyNameQuery,
  companyNameQuery,
  isCommonWordName,
  MIN_PHRASE_CHARS,
  phraseTerm,
  sectorQuery,
  shorterNewsName,
} from "../../providers/news/gdelt_names.ts";
import { markOtherCompanies as markOtherCompanyTitles } from "../../providers/news/gdelt_titles.ts";

/** Arguments both news commands take (selectors, language and time forms). */
export const newsArgs = {
  query: z.string().trim().min(1).max(1000).optional().describe(
    'GDELT query text, e.g. "rate cut" or (chip OR semiconductor), at most 1,000 characters. Give one of query, symbol or sector.',
  ),
  symbol: ticker(
    "Company ticker, searched by the company's name from SEC's ticker list. A name that is a common word (Target, Visa) is searched beside its legal form, its ticker or a word such as shares or stock, with a warning (Apple, mostly meant as the company, as it is).",
  )
    .optional(),
  sector: z.string().trim().min(1).optional().describe(
    "Sector: technology, finance, energy, healthcare or politics expand to a keyword set; other text is searched as given.",
  ),
  language: z.string().default("english").describe(
    "Source language filter added as sourcelang:<language>: the language's English name (english, spanish), its three-letter code (spa) or its two-letter code (es); `any` searches every language.",
  ),
  max_records: z.int().min(1).default(50).describe(
    "Records to ask for; clamped to what the API accepts (DOC 250, Context 200, GEO 1000).",
  ),
  timespan: z.string().optional().describe(
    "Look back from now: 24H, 7D, 1W, 1M or 15min (GDELT's minimum); 15m is refused (minutes or months?). Article lists reach back 3 months at most (longer is cut, with a warning). Ignored, with a warning, beside a date.",
  ),
  date: z.string().optional().describe("One whole UTC day, YYYY-MM-DD."),
  start_date: z.string().optional().describe(
    "Start day (UTC), YYYY-MM-DD; without an end the window runs to now (said in a warning).",
  ),
  end_date: z.string().optional().describe(
    "End day (UTC, inclusive), YYYY-MM-DD; needs a start (start_date or start_datetime).",
  ),
  start_datetime: z.string().optional().describe(
    "Start time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC; without an end the window runs to now.",
  ),
  end_datetime: z.string().optional().describe(
    "End time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC; needs a start.",
  ),
};

export const scopeSchema = z.object({
  type: z.enum(["query", "symbol", "sector"]),
  value: z.string(),
  company_name: z.string().nullable().optional(),
});

export interface Scope {
  scope: z.infer<typeof scopeSchema>;
  query: string;
  /** How a company's name was searched; set for symbol= when the name was found. */
  name?: CompanyNameQuery;
}

/** Turns the one selector given into a GDELT query. */
export async function resolveScope(
  a: { query?: string; symbol?: string; sector?: string },
  ctx: Context,
  command: string,
): Promise<Scope> {
  const given = (["query", "symbol", "sector"] as const).filter((k) => a[k]);
  if (given.length !== 1) {
    throw new UsageError(
      given.length === 0
        ? `${command} needs one of query=, symbol= or sector=`
        : `${command} takes one of query=, symbol= or sector=, not ${given.join(" and ")}`,
    );
  }
  if (a.query) {
    // typographic quotes are no phrase marks to GDELT: the words would be searched one by one
    const query = a.query.replace(/[\u201C\u201D\u201E\u201F\u00AB\u00BB]/g, '"');
    if (query !== a.query) {
      ctx.warn(`typographic quotes in query= were read as GDELT's phrase quotes: ${query}`);
    }
    checkQuerySyntax(query, "query");
    return { scope: { type: "query", value: a.query }, query };
  }
  if (a.sector) {
    checkQuerySyntax(a.sector, "sector");
    return { scope: { type: "sector", value: a.sector }, query: sectorQuery(a.sector) };
  }
  const symbol = a.symbol!;
  let name: string | null = null;
  try {
    name = (await (await ctx.provider("company_ir")).lookupCompany(symbol))?.name ?? null;
  } catch (err) {
    ctx.warn(
      `company name of ${symbol} unavailable (${
        err instanceof Error ? err.message : String(err)
      }); searching for the ticker instead`,
    );
  }
  if (name) {
    const searched = companyNameQuery(name, symbol);
    const { query, phrase, shortened } = searched;
    if (shortened) {
      ctx.warn(
        `searching "${phrase}" for ${symbol}: without its legal suffix the name is too short for GDELT (under 3 letters, or a phrase under the ${MIN_PHRASE_CHARS} characters GDELT takes in quotes), so articles that use only the short name are not found`,
      );
    }
    if (searched.keptAsUsual) {
      ctx.warn(
        `"${phrase}" (${symbol}) is also a common English word and GDELT ignores case; in news it mostly means the company, so the bare name was searched: some articles found may be about the word (in article lists, see company_in_title); pass query= with words of its business to narrow the search`,
      );
    } else if (searched.commonWord === "kept") {
      ctx.warn(
        `"${phrase}" (${symbol}) is also a common English word and GDELT ignores case, but no legal form, ticker or business phrase could narrow it, so GDELT was asked for the bare name: some articles found may be about the word, not the company (in article lists, see company_in_title); pass query= with words of its business to narrow the search`,
      );
    } else if (searched.commonWord === "narrowed") {
      ctx.warn(
        `"${phrase}" (${symbol}) is also a common English word and GDELT ignores case, so the search was narrowed to articles naming it with its legal form, ticker or a business word: query=${query}. Articles that call it "${phrase}" alone are not found, and some found may still be about something else (in article lists, company_in_title=false marks titles that do not name the company); pass query= to search otherwise`,
      );
    }
    // "FORD MOTOR": news may say "Ford", which the phrase misses; a short form that is one common
    // word ("General" of General Motors, "Meta") is not suggested as a search of its own
    const short = searched.commonWord ? null : shorterNewsName(phrase);
    if (short) {
      ctx.warn(
        isCommonWordName(short)
          ? `searched SEC's name "${phrase}" for ${symbol}: articles that name the company otherwise (a shorter name, its ticker) are not found, so counts and lists here may be a lower bound; "${short}" alone is also a common word, so pass query= with it beside words of its business to include more`
          : `searched SEC's name "${phrase}" for ${symbol}; news may call the company "${short}", and articles naming it only so are not found, so counts and lists here may be a lower bound: pass query=("${phrase}" OR "${short}") to include them, knowing the short name may also mean something else (a person, a place)`,
      );
    }
    return {
      scope: { type: "symbol", value: symbol, company_name: name },
      query,
      name: searched,
    };
  }
  if (symbol.length < 3) {
    throw new UsageError(
      `${command}: no company name found for ${symbol} and GDELT cannot search words under 3 letters; pass query="<company name>" instead`,
    );
  }
  if (symbol.length < MIN_PHRASE_CHARS && !/^[A-Za-z0-9]+$/.test(symbol)) {
    throw new UsageError(
      `${command}: no company name found for ${symbol}, and GDELT refuses "${symbol}" as a quoted phrase under ${MIN_PHRASE_CHARS} characters; pass query="<company name>" instead`,
    );
  }
  ctx.warn(
    `no company name found for ${symbol}; searching the ticker "${symbol}" with stock words. GDELT ignores case, so a ticker that is also a word (ALL, NOW, KEY) matches unrelated articles: pass query="<company name>" for news of the company`,
  );
  return {
    scope: { type: "symbol", value: symbol, company_name: null },
    query: `${phraseTerm(symbol)} (stock OR shares)`,
  };
}

/** Says how many listed titles do not name a common-word company (company_in_title=false). */
export function warnUnnamed(ctx: Context, unnamed: number, total: number, phrase: string): void {
  ctx.warn(
    `${unnamed} of the ${total} articles do not name "${phrase}" in their title with its legal form, ticker or a business word (company_in_title=false): GDELT matched them on their text, and they may be about the word rather than the company`,
  );
}

/**
 * Two-letter ISO 639-1 codes as GDELT names the language in `sourcelang:` (it takes the English
 * name or the three-letter code, not these).
 */
const ISO_639_1: Record<string, string> = {
  ar: "arabic",
  bn: "bengali",
  cs: "czech",
  da: "danish",
  de: "german",
  el: "greek",
  en: "english",
  es: "spanish",
  fa: "persian",
  fi: "finnish",
  fr: "french",
  he: "hebrew",
  hi: "hindi",
  hu: "hungarian",
  id: "indonesian",
  it: "italian",
  ja: "japanese",
  ko: "korean",
  ms: "malay",
  nl: "dutch",
  no: "norwegian",
  pl: "polish",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sv: "swedish",
  ta: "tamil",
  th: "thai",
  tr: "turkish",
  uk: "ukrainian",
  ur: "urdu",
  vi: "vietnamese",
  zh: "chinese",
};

/**
 * `english` → english; `en` → english; `any`/`all`/empty → no filter. GDELT's `sourcelang:` takes a
 * language's English name or its three-letter code: another two-letter code, or text that is not
 * one word, would filter on a language GDELT does not know (no articles, read as no news), so it
 * is refused.
 */
export function languageFilter(language: string): string | null {
  const l = language.trim().toLowerCase();
  if (l === "" || l === "any" || l === "all") return null;
  if (Object.hasOwn(ISO_639_1, l)) return ISO_639_1[l];
  if (!/^\p{L}{3,}$/u.test(l)) {
    throw new InputError(
      `language="${language}" is not a language GDELT's sourcelang: filter knows; give its English name (english, spanish, chinese), its three-letter ISO code (eng, spa) or any`,
    );
  }
  return l;
}

/**
 * English names of the languages GDELT machine-translates (its 65 and English), as its
 * `sourcelang:` takes them. A name outside them (a typo such as "englsh") filters on a language
 * GDELT does not know, and its empty answer would read as no news.
 */
const GDELT_LANGUAGES = new Set(
  ("afrikaans albanian arabic armenian azerbaijani basque belarusian bengali bosnian bulgarian " +
    "catalan chinese croatian czech danish dutch english estonian finnish french galician " +
    "georgian german greek gujarati hebrew hindi hungarian icelandic indonesian italian japanese " +
    "kannada kazakh korean latvian lithuanian macedonian malay malayalam marathi mongolian " +
    "nepali norwegian persian polish portuguese punjabi romanian russian serbian sinhalese " +
    "slovak slovenian somali spanish swahili swedish tamil telugu thai tibetan turkish " +
    "ukrainian urdu vietnamese").split(" "),
);

/**
 * A warning when the language filter (as {@link languageFilter} gives it) is a name that is not
 * one of GDELT's languages; a three-letter code is taken as given. Null otherwise.
 */
export function unknownLanguage(filter: string | null): string | null {
  if (filter === null || filter.length === 3 || GDELT_LANGUAGES.has(filter)) return null;
  return `language="${filter}" is not one of the languages GDELT translates (english, spanish, chinese, ...): if GDELT does not know it, sourcelang:${filter} matches no article, and an empty answer here then says nothing about the news; check the spelling, or give language=any`;
}

/** The time window of the arguments; says when a timespan is ignored for a date range. */
export function newsWindow(a: TimeArgs, defaultSpan: string | null, ctx: Context): TimeWindow {
  const window = resolveWindow(a, defaultSpan);
  if (a.timespan && !window.timespan) {
    ctx.warn(`timespan=${a.timespan} is ignored: the date range given sets the window`);
  }
  return openEnded(window, a, ctx);
}

/**
 * A window given only its start runs to now, said and sent to GDELT as its end; one given only its
 * end is refused: how far back it reaches is not said (GDELT would pick a start of its own).
 */
function openEnded(window: TimeWindow, a: TimeArgs, ctx: Context): TimeWindow {
  if (window.start && !window.end) {
    const now = ctx.clock.now();
    // a start in the future is refused later (coverWindow), with its own message
    if (window.start.getTime() > now.getTime()) return window;
    const startName = a.start_date ? "start_date" : "start_datetime";
    ctx.warn(
      `${startName} is given without an end: the window runs from ${
        window.start.toISOString().slice(0, 16)
      } to now (${now.toISOString().slice(0, 16)} UTC); give end_date= to end it earlier`,
    );
    return { ...window, end: now };
  }
  if (window.end && !window.start) {
    const endName = a.end_date ? "end_date" : "end_datetime";
    throw new InputError(
      `${endName} is given without a start, so how far back the window reaches is not said; give start_date= (or start_datetime=) too, date= for one whole UTC day, or timespan= to look back from now`,
    );
  }
  return window;
}

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Holds a window to what GDELT can answer for a DOC mode, never letting it quietly answer a
 * shorter one. Article lists (and the other non-timeline modes, and Context 2.0) come from a
 * rolling three-month index: a timespan longer than that is cut to 3m with a warning, a range
 * that starts earlier is searched with a warning naming the day the index starts, and a range
 * wholly before it is refused. Timelines count GDELT's whole archive, from 2017-01-01.
 */
export function coverWindow(window: TimeWindow, mode: string, ctx: Context): TimeWindow {
  const now = ctx.clock.now();
  // a window wholly after now would come back empty, which reads as "no news"
  if (window.start && window.start.getTime() > now.getTime()) {
    throw new InputError(
      `the window starts ${window.start.toISOString().slice(0, 16)} UTC, after now (${
        now.toISOString().slice(0, 16)
      } UTC): GDELT has no articles from the future; give a start in the past (days are UTC days)`,
    );
  }
  if (isTimelineMode(mode)) {
    const start = window.start ??
      (window.timespan
        ? new Date(now.getTime() - normalizeTimespan(window.timespan).minutes * 60_000)
        : null);
    if (start && start < DOC_ARCHIVE_START) {
      if ((window.end ?? now) < DOC_ARCHIVE_START) {
        throw new InputError(
          `GDELT DOC 2.0 holds nothing before ${
            day(DOC_ARCHIVE_START)
          }; the window asked ends before that`,
        );
      }
      ctx.warn(
        `GDELT DOC 2.0 holds nothing before ${
          day(DOC_ARCHIVE_START)
        }: the timeline starts there, not at ${day(start)}`,
      );
    }
    return window;
  }
  const from = articleIndexStart(now);
  const reach = `GDELT's article index holds only the last 3 months (from about ${day(from)} UTC)`;
  if (window.timespan) {
    const minutes = normalizeTimespan(window.timespan).minutes;
    if (now.getTime() - minutes * 60_000 < from.getTime() - DAY_MS) {
      ctx.warn(
        `timespan ${window.timespan} reaches further back than ${mode} can: ${reach}; used 3m`,
      );
      return { ...window, timespan: "3m" };
    }
    return window;
  }
  if (window.start && window.start.getTime() < from.getTime() - DAY_MS) {
    const end = window.end ?? now;
    if (end.getTime() < from.getTime() - DAY_MS) {
      throw new InputError(
        `${reach}, and the window asked (${day(window.start)} to ${
          day(end)
        }) ends before it, so GDELT cannot list its articles; news.analyze analysis=timeline counts coverage back to 2017`,
      );
    }
    ctx.warn(
      `${reach}: the part of the window from ${day(window.start)} to ${
        day(from)
      } is not searched, so what comes back covers only the later part`,
    );
  }
  return window;
}

/**
 * The articles first seen inside an explicit window: GDELT answers recrawled pages from outside
 * it too, which are left out with a warning rather than passed as the window's news. Undated
 * articles are kept.
 */
export function keepInWindow<T extends Article>(
  articles: T[],
  window: TimeWindow,
  ctx: Context,
): T[] {
  // a look-back (timespan=1d) counts from now: GDELT lists recrawled old pages under it too.
  // Its index is refreshed every 15 minutes, so an article seen up to then before the start is
  // kept (GDELT's own now and ours differ by that much at most)
  let start = window.start;
  let end = window.end;
  let slack = 0;
  if (!start && window.timespan) {
    const now = ctx.clock.now().getTime();
    start = new Date(now - normalizeTimespan(window.timespan).minutes * 60_000);
    end ??= new Date(now);
    slack = GDELT_REFRESH_MS;
  }
  const inWindow = articles.filter((a) => {
    const t = a.first_seen_at ? Date.parse(a.first_seen_at) : NaN;
    if (!Number.isFinite(t)) return true;
    return !(start && t < start.getTime() - slack) && !(end && t > end.getTime() + slack);
  });
  if (inWindow.length < articles.length) {
    const span = window.timespan && !window.start
      ? `, timespan=${window.timespan} back from now`
      : "";
    ctx.warn(
      `${
        articles.length - inWindow.length
      } of the ${articles.length} articles GDELT returned were first seen outside the window (${
        start?.toISOString().slice(0, 16) ?? "…"
      } to ${end?.toISOString().slice(0, 16) ?? "…"} UTC${span}) and were left out`,
    );
  }
  return inWindow;
}

/** How often GDELT refreshes its article index: the slack a look-back window's edges get. */
const GDELT_REFRESH_MS = 15 * 60_000;

/** {@link mergeArticles} with its warning: copies of one page under tracking addresses. */
export function mergeCopies(
  articles: Article[],
  ctx: Context,
): { articles: Article[]; merged: number } {
  const out = mergeArticles(articles);
  if (out.merged) {
    ctx.warn(
      `${out.merged} article(s) merged into another with the same address apart from tracking parameters (utm_*, cexp_id, fbclid, gclid…); the copy GDELT saw first is kept`,
    );
  }
  return out;
}

/** {@link markSameStory} with its warning: one site's story listed under two addresses. */
export function markRepeats<T extends Article>(
  articles: T[],
  ctx: Context,
): { articles: (T & { same_story_as?: string })[]; repeats: number } {
  const out = markSameStory(articles);
  if (out.repeats) {
    ctx.warn(
      `${out.repeats} of the ${out.articles.length} articles repeat the title of an earlier article from the same site first seen within a day (same_story_as names it): most likely one story under two addresses, so ${
        out.articles.length - out.repeats
      } distinct stories are listed`,
    );
  }
  return out;
}

/**
 * Says which listed articles are in another language than the one asked (sourcelang:), or, with
 * no filter (language=any), which are not in English: their titles and text are in that language,
 * and a reader of English titles would miss them or misread their count. GDELT names each
 * article's language in English ("Chinese", "Malayalam"); a filter given as a three-letter code
 * (spa) is not compared.
 */
export function warnLanguages(
  articles: { language: string | null }[],
  language: string | null,
  ctx: Context,
): void {
  const want = language?.toLowerCase() ?? "english";
  if (language && !/^\p{L}{4,}$/u.test(language)) return;
  const counts = new Map<string, number>();
  for (const a of articles) {
    const l = a.language?.trim();
    if (!l || l.toLowerCase() === want) continue;
    counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  if (!counts.size) return;
  const n = [...counts.values()].reduce((s, c) => s + c, 0);
  const top = [...counts].sort((a, b) => b[1] - a[1]);
  const list = `${top.slice(0, 5).map(([l, c]) => `${l} ${c}`).join(", ")}${
    top.length > 5 ? `, and ${top.length - 5} more languages` : ""
  }`;
  const name = want[0].toUpperCase() + want.slice(1);
  ctx.warn(
    language
      ? `${n} of the ${articles.length} articles are not in ${name} though sourcelang:${want} was asked (${list}); see each article's language`
      : `${n} of the ${articles.length} articles are not in English (${list}): their titles and text are in their own language (see each article's language); pass language=english for English sources only`,
  );
}

/**
 * Marks the articles whose title names another company of the searched name ("Merck KGaA" in a
 * search for Merck & Co's "Merck"), with a warning: GDELT matched them on the shared name.
 */
export function markOtherCompanies<T extends Article>(
  articles: T[],
  scope: Scope,
  ctx: Context,
): (T & { other_company_in_title?: string })[] {
  const out = markOtherCompanyTitles(articles, scope.name?.phrase, scope.scope.company_name);
  if (out.others) {
    const named = [
      ...new Set(out.articles.map((a) => a.other_company_in_title).filter(Boolean)),
    ];
    ctx.warn(
      `${out.others} of the ${articles.length} articles name another company of the same name in their title (${
        named.slice(0, 3).join(", ")
      }${
        named.length > 3 ? ", …" : ""
      }), not ${scope.scope.company_name}: they are marked other_company_in_title; leave them out of ${scope.scope.value}'s news`,
    );
  }
  return out.articles;
}
