/** What news.search and news.analyze share: arguments, scope resolution and time windows. */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { UsageError } from "../../core/errors.ts";
import { ticker } from "../../core/schema.ts";
import { companyQuery, sectorQuery } from "../../providers/news/gdelt.ts";

/** Arguments both news commands take (selectors, language and time forms). */
export const newsArgs = {
  query: z.string().trim().min(1).optional().describe(
    'GDELT query text, e.g. "rate cut" or (chip OR semiconductor). Give one of query, symbol or sector.',
  ),
  symbol: ticker("Company ticker; searched by the company's name from SEC's ticker list.")
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
    "Look back from now: 24H, 7D, 1W, 1M or 15min. Ignored when a date or datetime is given.",
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
    return {
      scope: { type: "symbol", value: symbol, company_name: name },
      query: companyQuery(name),
    };
  }
  if (symbol.length < 3) {
    throw new UsageError(
      `${command}: no company name found for ${symbol} and GDELT cannot search words under 3 letters; pass query="<company name>" instead`,
    );
  }
  ctx.warn(`no company name found for ${symbol}; searching "${symbol}" with stock words`);
  return {
    scope: { type: "symbol", value: symbol, company_name: null },
    query: `"${symbol}" (stock OR shares)`,
  };
}

/** `english` → english; `any`/`all`/empty → no filter. */
export function languageFilter(language: string): string | null {
  const l = language.trim().toLowerCase();
  return l === "" || l === "any" || l === "all" ? null : l;
}

/** GDELT DOC keeps about three months; say so when the window starts earlier. */
export function warnIfBeforeCoverage(start: Date | null, ctx: Context): void {
  if (start && ctx.clock.now().getTime() - start.getTime() > 92 * 86_400_000) {
    ctx.warn(
      "GDELT's DOC API covers about the last three months; earlier windows usually return nothing",
    );
  }
}
