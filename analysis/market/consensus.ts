/**
 * estimates.consensus's reading of FMP's analyst-estimate rows (commands/estimates/consensus.ts):
 * each row's ranges, with FMP's marks for no estimate and uncounted figures left empty, and the
 * notes a reader needs on what the rows hold and on the periods they cover.
 */
import type { EstimateRow } from "../../providers/estimates_a/client.ts";
import { someOf } from "../../core/lists.ts";

/** Up to four items named, then how many more. */
const listed = (items: string[]) => someOf(items, 4);

type Range = { avg: number | null; low: number | null; high: number | null };

/** The ranges of one estimate row by metric. */
function metricRanges(e: Record<string, unknown>): Record<string, Range> {
  const out: Record<string, Range> = {};
  for (const k of ["revenue", "eps", "ebitda", "ebit", "net_income", "sga_expense"]) {
    out[k] = e[k] as Range;
  }
  return out;
}

/** One period's consensus as estimates.consensus answers it. */
export type ConsensusRow = ReturnType<typeof readConsensus>["estimates"][number];

/**
 * FMP's rows for one symbol as ranges by metric, read from `sourceUrl`, with the notes on what
 * they hold (rows with none of the figures read, FMP's zeros for no estimate, figures no analyst
 * or a single analyst gave, an average outside its own range), in that order.
 */
export function readConsensus(rows: EstimateRow[], period: string, sourceUrl: string) {
  const notes: string[] = [];
  // FMP answers 0 for avg, low and high alike where it has no estimate (MSFT's EPS with six
  // analysts counted): no consensus is exactly zero at every analyst, so that is no value
  const placeholders: string[] = [];
  const pick = (r: Record<string, unknown>, p: string) => {
    const v = (k: string) => (typeof r[k] === "number" ? r[k] as number : null);
    const out = { avg: v(`${p}Avg`), low: v(`${p}Low`), high: v(`${p}High`) };
    if (out.avg === 0 && out.low === 0 && out.high === 0) {
      placeholders.push(`${p} ${r.date}`);
      return { avg: null, low: null, high: null };
    }
    return out;
  };
  // a figure FMP counts no analyst for is no analysts' consensus; one analyst's is a forecast
  const uncounted: string[] = [];
  const single: string[] = [];
  const counted = (
    range: Range,
    count: number | null | undefined,
    what: string,
    date: string,
  ) => {
    if (range.avg === null && range.low === null && range.high === null) return range;
    if (count === 0) {
      uncounted.push(`${what} ${date}`);
      return { avg: null, low: null, high: null };
    }
    if (count === 1) single.push(`${what} ${date}`);
    return range;
  };
  const estimates = rows.map((r) => ({
    symbol: r.symbol,
    date: r.date,
    period: period,
    fiscal_year: r.date.slice(0, 4),
    revenue: counted(pick(r, "revenue"), r.numAnalystsRevenue, "revenue", r.date),
    eps: counted(pick(r, "eps"), r.numAnalystsEps, "eps", r.date),
    // FMP counts analysts for revenue and EPS only: where it counts none for either, no
    // analyst covers the period, and its other figures are no one's either
    ...(r.numAnalystsRevenue === 0 && r.numAnalystsEps === 0
      ? {
        ebitda: counted(pick(r, "ebitda"), 0, "ebitda", r.date),
        ebit: counted(pick(r, "ebit"), 0, "ebit", r.date),
        net_income: counted(pick(r, "netIncome"), 0, "net income", r.date),
        sga_expense: counted(pick(r, "sgaExpense"), 0, "SG&A", r.date),
      }
      : {
        ebitda: pick(r, "ebitda"),
        ebit: pick(r, "ebit"),
        net_income: pick(r, "netIncome"),
        sga_expense: pick(r, "sgaExpense"),
      }),
    analyst_count: { revenue: r.numAnalystsRevenue ?? null, eps: r.numAnalystsEps ?? null },
    provider: "estimates_a",
    source_url: sourceUrl,
  }));
  const bare = bareRows(rows);
  if (bare) notes.push(bare);
  if (placeholders.length) {
    notes.push(
      `FMP gave 0 for the average, low and high of ${
        listed(placeholders)
      }: its mark for no estimate, left empty rather than passed as a forecast of zero`,
    );
  }
  if (uncounted.length) {
    notes.push(
      `FMP counts no analyst for ${listed(uncounted)}: a figure no analyst gave is no ` +
        "consensus, so it is left empty",
    );
  }
  if (single.length) {
    notes.push(
      `${listed(single)} rest${
        single.length === 1 ? "s" : ""
      } on a single analyst: one forecast, not a consensus of several`,
    );
  }
  const odd = oddRanges(estimates);
  if (odd) notes.push(odd);
  return { estimates, notes };
}

/**
 * A note on rows holding none of the figures read (FMP renaming its fields, or an empty row),
 * which would pass as periods with every figure empty; null when there is none.
 */
function bareRows(rows: EstimateRow[]): string | null {
  const read = ["revenue", "eps", "ebitda", "ebit", "netIncome", "sgaExpense"]
    .flatMap((m) => [`${m}Avg`, `${m}Low`, `${m}High`]);
  const bare = rows.filter((r) =>
    !read.some((k) => typeof (r as Record<string, unknown>)[k] === "number")
  );
  if (bare.length) {
    const held = [
      ...new Set(
        bare.flatMap((r) => Object.keys(r))
          .filter((k) => !["symbol", "date", "numAnalystsRevenue", "numAnalystsEps"].includes(k)),
      ),
    ];
    return `FMP's ${listed(bare.map((r) => r.date))} carr${
      bare.length === 1 ? "ies" : "y"
    } none of the figures read (revenueAvg, epsAvg and their low and high): ${
      held.length
        ? `the row holds ${listed(held)} instead, so FMP may have renamed its fields`
        : "it has no figure at all"
    }; no figure is given for ${bare.length === 1 ? "that period" : "those periods"}`;
  }
  return null;
}

/** A note naming the ranges whose average lies outside their own low and high, or null. */
function oddRanges(estimates: ConsensusRow[]): string | null {
  const odd: string[] = [];
  for (const e of estimates) {
    for (const [what, r] of Object.entries(metricRanges(e))) {
      const { avg, low, high } = r;
      const tol = (x: number) => Math.abs(x) * 1e-6 + 1e-9;
      if (
        (low !== null && high !== null && low > high + tol(high)) ||
        (avg !== null && low !== null && avg < low - tol(low)) ||
        (avg !== null && high !== null && avg > high + tol(high))
      ) odd.push(`${what} ${e.date}`);
    }
  }
  if (odd.length) {
    return `FMP's average lies outside its own low and high for ${listed(odd)}: the range is ` +
      "inconsistent, so check those figures against another source before citing them";
  }
  return null;
}

/** Where estimates.consensus's periods stand against the day the answer was read. */
export interface PeriodContext {
  period: string;
  /** The day the answer was read (a recording's under replay), YYYY-MM-DD. */
  today: string;
  limit: number;
  page: number;
  /** Rows FMP answered for the symbol (before any was left empty). */
  rows: number;
  symbol: string;
}

/**
 * The notes on the periods given: the coming one left out by a small limit or missing, two
 * periods less than one apart, periods already ended, how a fiscal year is named, the currency
 * FMP does not state, and an empty answer, in that order.
 */
export function periodNotes(estimates: ConsensusRow[], at: PeriodContext): string[] {
  const { period, today, limit, page, symbol } = at;
  const notes: string[] = [];
  // FMP lists the furthest period first, so a small limit keeps the furthest periods and
  // drops the next one (limit=1 gives AAPL's fiscal 2029, not its coming year)
  const dates = estimates.map((e) => e.date.slice(0, 10)).sort();
  const ahead = dates.filter((d) => d > today);
  const span = period === "annual" ? 372 : 100; // 53-week years, 14-week quarters
  const days = (d: string) =>
    (Date.parse(`${d}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  const unit = period === "annual" ? "fiscal year" : "quarter";
  if (
    ahead.length && days(ahead[0]) > span && (ahead.length === dates.length || page === 0)
  ) {
    notes.push(
      ahead.length === dates.length && at.rows === limit
        ? `the nearest ${unit} given ends ${ahead[0]}, more than one period after ${today}: ` +
          `FMP lists the furthest periods first, so limit=${limit} left out the nearer ` +
          `ones; raise limit (or read page=${page + 1}) for the coming ${unit}`
        : `FMP's answer has no ${unit} ending between ${today} and ${ahead[0]}: the coming ` +
          `${unit} is missing from it, so the nearest figures given are not the next ${unit}'s`,
    );
  }
  // two periods less than one period apart (a changed fiscal year end, or one period twice)
  // cannot both be full periods: which figure is the year's (or quarter's) is not known
  const min = period === "annual" ? 350 : 80;
  const close: string[] = [];
  for (let i = 1; i < dates.length; i++) {
    const gap = (Date.parse(`${dates[i]}T00:00:00Z`) - Date.parse(`${dates[i - 1]}T00:00:00Z`)) /
      86_400_000;
    if (gap < min) close.push(`${dates[i - 1]} and ${dates[i]}`);
  }
  if (close.length) {
    notes.push(
      `FMP's ${period === "annual" ? "years" : "quarters"} ending ${
        listed(close)
      } are less than one ${
        period === "annual" ? "year" : "quarter"
      } apart: they cannot both be full periods (a changed fiscal year end, or one period given twice), so check which is the company's before citing either`,
    );
  }
  const ended = dates.filter((d) => d <= today);
  if (ended.length) {
    notes.push(
      `${ended.length} of the periods (ending ${ended[0]}${
        ended.length > 1 ? ` to ${ended[ended.length - 1]}` : ""
      }) ended by ${today}: their figures are FMP's estimates for them, not the reported ` +
        "results (fundamentals.statement or filings.statement give those)",
    );
  }
  return notes.concat(namingNotes(estimates, period, page, symbol));
}

/**
 * The notes on how the periods are named and what their figures are in (a fiscal year ending in
 * January to March, a quarter's calendar year, the currency FMP does not state), or on an empty
 * answer.
 */
function namingNotes(
  estimates: ConsensusRow[],
  period: string,
  page: number,
  symbol: string,
): string[] {
  const notes: string[] = [];
  // a year ending in January, February or March: companies name it either way (NVIDIA's
  // fiscal 2025 ended 2025-01-26, Target's fiscal 2024 ended 2025-02-01; Toyota's fiscal 2025
  // ended 2025-03-31, Sony's fiscal 2024 ended the same day)
  const early = estimates.filter((e) => /^\d{4}-0[123]-/.test(e.date));
  if (period === "annual" && early.length) {
    const month = ["January", "February", "March"][Number(early[0].date.slice(5, 7)) - 1];
    notes.push(
      `fiscal_year is the calendar year each period ends in; ${symbol}'s years end in ${month} (${
        early[0].date
      }), which some companies name for the year before: check the company's own name for the year before citing it`,
    );
  }
  // a quarter is named by the calendar year it ends in; the company's fiscal year can differ
  if (period === "quarter" && estimates.length) {
    notes.push(
      "fiscal_year of a quarter is the calendar year it ends in, not the company's fiscal " +
        "year: where the year ends in another month than December the names differ (Apple's " +
        "quarter ending in December is Q1 of its next fiscal year); name the quarter by its date",
    );
  }
  if (estimates.length) {
    notes.push(
      "FMP states no currency: the amounts are most likely in the company's reporting " +
        "currency, which need not be the one its shares trade in, and for a depositary " +
        "receipt (ADR) the EPS may be per ordinary share rather than per ADR: check one " +
        "against fundamentals.statement before setting it beside a price (estimates.compare " +
        "checks the currency and share basis you state for each side)",
    );
  }
  if (!estimates.length) {
    // FMP answers [] for a symbol it does not know as for a page past its last one
    notes.push(
      page > 0
        ? `FMP gave no estimates for ${symbol} on page ${page}: the periods it has end on earlier pages (try page=0)`
        : `FMP gave no estimates for ${symbol}: it has none for the symbol as spelled (check it; FMP spells share classes BRK-B and other listings with the exchange suffix, SHEL.L), or none on this plan; no estimate is not an estimate of zero`,
    );
  }
  return notes;
}
