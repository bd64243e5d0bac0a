/** What news.search and news.analyze share: arguments, scope resolution and time windows. */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { InputError, UsageError } from "../../core/errors.ts";
import { ticker } from "../../core/schema.ts";
import {
  articleIndexStart,
  type CompanyNameQuery,
  companyNameQuery,
  DOC_ARCHIVE_START,
  isTimelineMode,
  normalizeTimespan,
  resolveWindow,
  sectorQuery,
  type TimeArgs,
  type TimeWindow,
} from "../../providers/news/gdelt.ts";

/** Arguments both news commands take (selectors, language and time forms). */
export const newsArgs = {
  query: z.string().trim().min(1).optional().describe(
    'GDELT query text, e.g. "rate cut" or (chip OR semiconductor). Give one of query, symbol or sector.',
  ),
  symbol: ticker(
    "Company ticker; searched by the company's name from SEC's ticker list. A name that is one common English word (Target, Visa) is searched only where it stands with its legal form, its ticker after NYSE/NASDAQ or a business word such as shares or stock, with a warning, and its articles are marked company_in_title; Apple, which news mostly means as the company, is searched as it is, with a warning.",
  )
    .optional(),
  sector: z.string().trim().min(1).optional().describe(
    "Sector: technology, finance, energy, healthcare or politics expand to a keyword set; other text is searched as given.",
  ),
  language: z.string().default("english").describe(
    "Source language filter added as sourcelang:<language>; `any` searches every language.",
  ),
  max_records: z.int().min(1).default(50).describe(
    "Records to ask for; clamped to what the API accepts (DOC 250, Context 200, GEO 1000).",
  ),
  timespan: z.string().optional().describe(
    "Look back from now: a number with its unit, 24H, 7D, 1W, 1M or 15min (GDELT's minimum). Article lists reach back 3 months at most (a longer span is cut to 3m, with a warning). Ignored, with a warning, when a date or datetime is given.",
  ),
  date: z.string().optional().describe("One whole UTC day, YYYY-MM-DD."),
  start_date: z.string().optional().describe("Start day (UTC), YYYY-MM-DD."),
  end_date: z.string().optional().describe("End day (UTC, inclusive), YYYY-MM-DD."),
  start_datetime: z.string().optional().describe(
    "Start time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC.",
  ),
  end_datetime: z.string().optional().describe(
    "End time: YYYYMMDDHHMMSS (UTC) or ISO 8601 with an offset, which is converted to UTC.",
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
  if (a.query) return { scope: { type: "query", value: a.query }, query: a.query };
  if (a.sector) {
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
        `searching "${phrase}" for ${symbol}: without its legal suffix the name is under the 3 letters GDELT can search, so articles that use only the short name are not found`,
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
  ctx.warn(
    `no company name found for ${symbol}; searching the ticker "${symbol}" with stock words. GDELT ignores case, so a ticker that is also a word (ALL, NOW, KEY) matches unrelated articles: pass query="<company name>" for news of the company`,
  );
  return {
    scope: { type: "symbol", value: symbol, company_name: null },
    query: `"${symbol}" (stock OR shares)`,
  };
}

/** Says how many listed titles do not name a common-word company (company_in_title=false). */
export function warnUnnamed(ctx: Context, unnamed: number, total: number, phrase: string): void {
  ctx.warn(
    `${unnamed} of the ${total} articles do not name "${phrase}" in their title with its legal form, ticker or a business word (company_in_title=false): GDELT matched them on their text, and they may be about the word rather than the company`,
  );
}

/** `english` → english; `any`/`all`/empty → no filter. */
export function languageFilter(language: string): string | null {
  const l = language.trim().toLowerCase();
  return l === "" || l === "any" || l === "all" ? null : l;
}

/** The time window of the arguments; says when a timespan is ignored for a date range. */
export function newsWindow(a: TimeArgs, defaultSpan: string | null, ctx: Context): TimeWindow {
  const window = resolveWindow(a, defaultSpan);
  if (a.timespan && !window.timespan) {
    ctx.warn(`timespan=${a.timespan} is ignored: the date range given sets the window`);
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
