/** Shared shaping of Yahoo sector and industry pages for the sector.* and industry.* commands. */
import { z } from "zod";
import { num } from "../../providers/market_a/schemas.ts";
import { ProviderError } from "../../core/errors.ts";
import type { IndustryData, SectorData } from "../../providers/market_a/domain.ts";

export const SECTOR_SOURCE = "Yahoo Finance sector page (v1/finance/sectors)";
export const INDUSTRY_SOURCE = "Yahoo Finance industry page (v1/finance/industries)";

// The address providers/market_a/domain.ts reads a page from, for the citation (the provider
// returns the page without it); keep the two in step.
const PAGE_BASE = "https://query1.finance.yahoo.com/v1/finance";
const PAGE_PARAMS = "formatted=true&withReturns=true&lang=en-US&region=US";

/** The full URL of the Yahoo sector or industry page a result was read from. */
export function pageUrl(kind: "sectors" | "industries", key: string): string {
  return `${PAGE_BASE}/${kind}/${encodeURIComponent(key)}?${PAGE_PARAMS}`;
}

export const overviewSchema = z.object({
  companies_count: z.number().nullable(),
  market_cap: z.number().nullable().describe(
    "Total market cap of the members, as Yahoo states it: Yahoo names no currency.",
  ),
  market_weight: z.number().nullable().describe(
    "A fraction (0.2999 is 29.99%): a sector's share of the market's cap, an industry's share " +
      "of its sector's.",
  ),
  employee_count: z.number().nullable(),
  industries_count: z.number().nullable(),
  description: z.string().nullable(),
  message_board_id: z.string().nullable(),
});

export const performanceSchema = z.object({
  day_change_pct: z.number().nullable(),
  ytd_change_pct: z.number().nullable(),
  one_year_change_pct: z.number().nullable(),
  three_year_change_pct: z.number().nullable(),
  five_year_change_pct: z.number().nullable(),
}).nullable();

/** The benchmark's returns beside the sector's or industry's, with the benchmark's name. */
export const benchmarkSchema = z.object({
  name: z.string().nullable().describe("The benchmark as Yahoo names it (S&P 500)."),
  day_change_pct: z.number().nullable(),
  ytd_change_pct: z.number().nullable(),
  one_year_change_pct: z.number().nullable(),
  three_year_change_pct: z.number().nullable(),
  five_year_change_pct: z.number().nullable(),
}).nullable();

export function overviewOf(d: SectorData | IndustryData) {
  return {
    companies_count: d.overview.companiesCount,
    market_cap: d.overview.marketCap,
    market_weight: d.overview.marketWeight,
    employee_count: d.overview.employeeCount,
    industries_count: d.overview.industriesCount,
    description: d.overview.description ?? null,
    message_board_id: d.overview.messageBoardId ?? null,
  };
}

const pct = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e4);

/** Performance as percent numbers (Yahoo gives fractions). */
export function performanceOf(p: SectorData["performance"]) {
  if (!p) return null;
  return {
    day_change_pct: pct(p.regMarketChangePercent),
    ytd_change_pct: pct(p.ytdChangePercent),
    one_year_change_pct: pct(p.oneYearChangePercent),
    three_year_change_pct: pct(p.threeYearChangePercent),
    five_year_change_pct: pct(p.fiveYearChangePercent),
  };
}

const n = (v: unknown) => num.parse(v);
const s = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * The page's performanceOverviewBenchmark with its name: the sector schema reads its returns,
 * the industry page's arrives raw ({raw, fmt} figures), so both are read here. Null when the
 * page has none.
 */
export function benchmarkOf(page: SectorData | IndustryData) {
  const b = (page as Record<string, unknown>).performanceOverviewBenchmark;
  if (b === null || typeof b !== "object" || Array.isArray(b)) return null;
  const r = b as Record<string, unknown>;
  const p = performanceOf({
    regMarketChangePercent: n(r.regMarketChangePercent),
    ytdChangePercent: n(r.ytdChangePercent),
    oneYearChangePercent: n(r.oneYearChangePercent),
    threeYearChangePercent: n(r.threeYearChangePercent),
    fiveYearChangePercent: n(r.fiveYearChangePercent),
  })!;
  const name = s(r.name);
  if (name === null && Object.values(p).every((v) => v === null)) return null;
  return { name, ...p };
}

/** Text of Yahoo's headHtml: tags dropped, the common entities read. */
function headText(v: unknown): string | null {
  const t = s(v);
  if (t === null) return null;
  return t.replace(/<[^>]*>/g, "").replace(/&amp;/g, "&").replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").trim() || null;
}

/** One table row in snake_case with plain numbers (Yahoo's {raw, fmt} unwrapped). */
export function tableRow(kind: string, r: Record<string, unknown>): Record<string, unknown> {
  switch (kind) {
    case "top_companies":
      return {
        symbol: s(r.symbol),
        name: s(r.name),
        rating: s(r.rating),
        market_weight: n(r.marketWeight),
        market_cap: n(r.marketCap),
        last_price: n(r.lastPrice),
        target_price: n(r.targetPrice),
        day_change_pct: pct(n(r.regMarketChangePercent)),
        ytd_return_pct: pct(n(r.ytdReturn)),
      };
    case "top_etfs":
    case "top_mutual_funds":
      return {
        symbol: s(r.symbol),
        name: s(r.name),
        last_price: n(r.lastPrice),
        net_assets: n(r.netAssets),
        expense_ratio: n(r.expenseRatio),
        ytd_return_pct: pct(n(r.ytdReturn)),
      };
    case "top_growth_companies":
      return {
        symbol: s(r.symbol),
        name: s(r.name),
        last_price: n(r.lastPrice),
        ytd_return_pct: pct(n(r.ytdReturn)),
        growth_estimate_pct: pct(n(r.growthEstimate)),
      };
    case "top_performing_companies":
      return {
        symbol: s(r.symbol),
        name: s(r.name),
        last_price: n(r.lastPrice),
        target_price: n(r.targetPrice),
        ytd_return_pct: pct(n(r.ytdReturn)),
      };
    default:
      // the headline names whose figure the target price is ("TD: Lowering target price to
      // $131.00"); the title is the report's summary
      return {
        id: s(r.id),
        headline: headText(r.headHtml),
        title: s(r.reportTitle) ?? headText(r.headHtml),
        provider: s(r.provider),
        report_type: s(r.reportType),
        investment_rating: s(r.investmentRating),
        target_price: n(r.targetPrice),
        target_price_status: s(r.targetPriceStatus),
        date: s(r.reportDate),
      };
  }
}

/**
 * What a sector or industry table does not say: Yahoo states no currency for its prices, market
 * caps and net assets (each is in its listing's own currency: a Canadian bank's price can be its
 * Toronto one in CAD), and no time for its figures (retrieved_at is when the page was fetched).
 */
export function tableCaveats(table: string, rows: Record<string, unknown>[]): string[] {
  if (!rows.length) return [];
  if (table === "research_reports") {
    return rows.some((r) => typeof r.target_price === "number")
      ? [
        "Yahoo states no currency for the reports' target_price: it is the report's own, for the company its headline names (a headline's \"$131.00\" is the report's wording)",
      ]
      : [];
  }
  const money = ["last_price", "market_cap", "target_price", "net_assets"]
    .filter((k) => rows.some((r) => typeof r[k] === "number"));
  if (!money.length) return [];
  return [
    `Yahoo states no currency for ${
      money.join(", ")
    }: each is in its listing's own currency, not necessarily USD; check one with market.quote before comparing`,
    "Yahoo states no time for these figures; retrieved_at is when the page was fetched, not when they were current",
  ];
}

/** A stated limit past the rows the page lists: said, as the page has no more to give. */
export function shortTable(args: { table: string; limit?: number }, rows: number): string {
  return `Yahoo's page lists ${rows} ${args.table} row${rows === 1 ? "" : "s"}, all shown: ` +
    `fewer than limit=${args.limit} asked for (the page has no more)`;
}

export const TABLE_FIELDS: Record<string, string> = {
  top_companies: "topCompanies",
  top_etfs: "topETFs",
  top_mutual_funds: "topMutualFunds",
  top_growth_companies: "topGrowthCompanies",
  top_performing_companies: "topPerformingCompanies",
  research_reports: "researchReports",
};

/** The first `limit` rows of one table of a sector or industry page, normalized. */
export function pageTable(
  page: SectorData | IndustryData,
  table: string,
  limit: number,
): Record<string, unknown>[] {
  const raw = (page as unknown as Record<string, unknown>)[TABLE_FIELDS[table]];
  if (!Array.isArray(raw)) {
    // an absent table is a provider change to report, not an empty result
    throw new ProviderError("market_a", `the ${table} table is missing from Yahoo's page answer`);
  }
  return raw.slice(0, limit).map((r) => tableRow(table, r as Record<string, unknown>));
}
