/** Shared shaping of Yahoo sector and industry pages for the sector.* and industry.* commands. */
import { z } from "zod";
import { num } from "../../providers/market_a/schemas.ts";
import { ProviderError } from "../../core/errors.ts";
import type { IndustryData, SectorData } from "../../providers/market_a/domain.ts";

export const SECTOR_SOURCE = "Yahoo Finance sector page (v1/finance/sectors)";
export const INDUSTRY_SOURCE = "Yahoo Finance industry page (v1/finance/industries)";

export const overviewSchema = z.object({
  companies_count: z.number().nullable(),
  market_cap: z.number().nullable(),
  market_weight: z.number().nullable(),
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
      return {
        id: s(r.id),
        title: s(r.reportTitle) ?? s(r.headHtml),
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
  if (table === "research_reports" || !rows.length) return [];
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
