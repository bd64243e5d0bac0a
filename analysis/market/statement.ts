/** fundamentals.statement: Yahoo fundamentals time series → line items per period. */
import { answeredAt } from "./answered.ts";
import type { Context } from "../../core/context.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import { notACompany } from "./company_only.ts";
import { num } from "../../providers/market_a/schemas.ts";
import { someOf } from "../../core/lists.ts";

const MODULES = { income: "financials", balance: "balance-sheet", cashflow: "cash-flow" } as const;
/** Yahoo keeps about four fiscal years and five quarters; these windows hold the recent ones. */
const LOOKBACK_DAYS = { annual: 3 * 365 + 1, quarterly: 366 } as const;
/** The length Yahoo states (periodType) for a point of each kind of period. */
const PERIOD_TYPE = { annual: "12M", quarterly: "3M" } as const;
/**
 * Days after a period's end by which the next one is normally in Yahoo's series: a period's
 * length plus about four months to report it. Older than that, later periods are missing.
 */
const STALE_DAYS = { annual: 365 + 135, quarterly: 92 + 120 } as const;

/** `annualTotalRevenue` → `Total Revenue`. */
export function label(type: string): string {
  const bare = type.replace(/^(annual|quarterly|trailing)/, "");
  return bare.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
}

type Kind = "per_share" | "shares" | "ratio" | "money";

function kindOf(type: string): Kind {
  if (/EPS|PerShare/.test(type)) return "per_share";
  // share counts: OrdinarySharesNumber, BasicAverageShares, ShareIssued (shares issued)
  if (/Shares(Number|Issued)?$|AverageShares|ShareIssued$/.test(type)) return "shares";
  // rates and ratios by their last word (TaxRateForCalcs is a rate, 0.162); an item that only
  // holds the word, such as EffectOfExchangeRateChanges (an amount of cash), is money
  if (/(Rate|Ratio)(For[A-Z][A-Za-z]*)?$/.test(type)) return "ratio";
  return "money";
}

/** Yahoo stamps every item with the currency; shares, per-share and rate items need more. */
export function unitOf(type: string, currency: string | null): string | null {
  const kind = kindOf(type);
  if (kind === "per_share") return currency ? `${currency} per share` : "per share";
  if (kind === "shares") return "shares";
  if (kind === "ratio") return "ratio";
  return currency;
}

interface Point {
  asOfDate?: string;
  periodType?: string;
  currencyCode?: string;
  reportedValue?: unknown;
}

interface Row {
  field: string;
  key: string;
  unit: string | null;
  /** Only when the periods of one item are stamped with different currencies. */
  units?: Record<string, string>;
  values: Record<string, number | null>;
}

interface Built extends Row {
  kind: Kind;
  /** The currencies Yahoo stamps on this item's points. */
  stamped: string[];
  /** Each period end → the currency stamped on its point. */
  byDate: Record<string, string>;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Whether `eps` reads as `income / shares` in each period where all three are given (within
 * 5%): true, false, or null when no period can be checked.
 */
function reconciles(
  eps: Built | undefined,
  income: Built | undefined,
  shares: Built | undefined,
  times = 1,
): boolean | null {
  if (!eps || !income || !shares) return null;
  let checked = 0;
  for (const [date, e] of Object.entries(eps.values)) {
    const i = income.values[date];
    const s = shares.values[date];
    if (e === null || e === 0 || i == null || s == null || s <= 0) continue;
    checked++;
    if (Math.abs((i / s) * times / e - 1) > 0.05) return false;
  }
  return checked ? true : null;
}

/** Yahoo's codes for a hundredth of a currency, as its prices use them (GBp, ZAc, ILA). */
const HUNDREDTHS: Record<string, string> = { GBP: "GBp", ZAR: "ZAc", ILS: "ILA" };

/**
 * EPS a hundred times net income over the average shares in every period that can be checked:
 * in hundredths of the amounts' currency (UK filers state EPS in pence) or per depositary share
 * of a hundred ordinary shares, not in the currency Yahoo stamps. The EPS rows shown so are
 * stated in the hundredth (GBp, ZAc, ILA), or left null where Yahoo has no code for it; the
 * other per-share rows, not shown either way, are left null. Each is warned.
 */
function perShareHundredths(ctx: Context, symbol: string, rows: Built[], amounts: string) {
  const find = (suffix: string) => rows.find((r) => r.key.endsWith(suffix));
  const income = find("NetIncomeCommonStockholders") ?? find("NetIncome");
  const pairs = [
    [find("BasicEPS"), income, find("BasicAverageShares")],
    [
      find("DilutedEPS"),
      find("DilutedNIAvailtoComStockholders") ?? income,
      find("DilutedAverageShares"),
    ],
  ] as const;
  const shown = pairs.filter(([e, i, s]) => reconciles(e, i, s, 100) === true).map(([e]) => e!);
  if (!shown.length || pairs.some(([e, i, s]) => reconciles(e, i, s) === true)) return;
  const minor = HUNDREDTHS[amounts] ?? null;
  for (const r of shown) r.unit = minor ? `${minor} per share` : null;
  const others = rows.filter((r) => r.kind === "per_share" && !shown.includes(r));
  for (const r of others) r.unit = null;
  for (const r of [...shown, ...others]) delete r.units;
  ctx.warn(
    `${symbol}'s ${shown.map((r) => r.field).join(" and ")} ${
      shown.length > 1 ? "are" : "is"
    } a hundred times net income over the average shares, though Yahoo stamps ${amounts}: ${
      minor
        ? `stated in ${minor} (hundredths of ${amounts}, as UK and other filers state EPS)`
        : `in hundredths of ${amounts} or per depositary share of a hundred shares; the unit is left null (unknown)`
    }${
      others.length
        ? `; the other per-share items (${
          someOf(others.map((r) => r.field), 5)
        }) are not shown either way, and their currency is left null (unknown)`
        : ""
    }`,
  );
}

/**
 * Per-share items in the currency of the statement's amounts. Yahoo stamps share counts and
 * per-share figures with the listing's currency, not the reporting one (BABA: amounts in CNY,
 * EPS stamped USD though net income over shares gives it in CNY). When the EPS reconciles with
 * net income over shares in the amounts' currency that currency is stated; when it cannot be
 * checked, or does not reconcile, the unit is left null and said.
 */
function perShareUnits(ctx: Context, symbol: string, rows: Built[]) {
  const money = new Set(
    rows.filter((r) => r.kind === "money").flatMap((r) => r.stamped),
  );
  if (money.size > 1) return perShareAcrossCurrencies(ctx, symbol, rows);
  if (money.size !== 1) return;
  const [amounts] = [...money];
  const odd = rows.filter((r) => r.kind === "per_share" && r.stamped.some((c) => c !== amounts));
  if (!odd.length) return perShareHundredths(ctx, symbol, rows, amounts);
  const find = (suffix: string) => rows.find((r) => r.key.endsWith(suffix));
  const income = find("NetIncomeCommonStockholders") ?? find("NetIncome");
  const checks = [
    reconciles(find("BasicEPS"), income, find("BasicAverageShares")),
    reconciles(
      find("DilutedEPS"),
      find("DilutedNIAvailtoComStockholders") ?? income,
      find("DilutedAverageShares"),
    ),
  ].filter((c) => c !== null);
  const stamped = [...new Set(odd.flatMap((r) => r.stamped))].join(", ");
  const names = odd.map((r) => r.field).join(", ");
  if (checks.length && checks.every(Boolean)) {
    for (const r of odd) {
      r.unit = `${amounts} per share`;
      delete r.units;
    }
    ctx.warn(
      `Yahoo stamps ${symbol}'s per-share items (${names}) ${stamped}, but its amounts are ` +
        `${amounts} and net income over the average shares gives its EPS in ${amounts}: ` +
        `they are stated as ${amounts} per share, a share being what the share-count rows ` +
        "count: for a depositary receipt that can be the ADS, not the ordinary share (one " +
        "Alibaba ADS is eight shares), so set them beside the price of what they count",
    );
    return;
  }
  for (const r of odd) {
    r.unit = null;
    delete r.units;
  }
  ctx.warn(
    `Yahoo stamps ${symbol}'s per-share items (${names}) ${stamped} while its amounts are ` +
      `${amounts}, and ${
        checks.length
          ? "its EPS does not equal net income over the average shares in either"
          : "no net income and share count are there to tell which"
      }: their currency is left null (unknown)`,
  );
}

/**
 * Per-share items where the amounts change currency over the periods (a company that moved its
 * reporting currency): each per-share point must carry its period's amount currency, else it
 * is the listing's stamp (as BABA's USD on CNY amounts) and the row's currency is left null.
 */
function perShareAcrossCurrencies(ctx: Context, symbol: string, rows: Built[]) {
  const amountsAt = new Map<string, Set<string>>();
  for (const r of rows.filter((r) => r.kind === "money")) {
    for (const [d, c] of Object.entries(r.byDate)) {
      amountsAt.set(d, (amountsAt.get(d) ?? new Set()).add(c));
    }
  }
  const fits = (d: string, c: string) => {
    const at = amountsAt.get(d);
    return at?.size === 1 && at.has(c);
  };
  const odd = rows.filter((r) =>
    r.kind === "per_share" && Object.entries(r.byDate).some(([d, c]) => !fits(d, c))
  );
  if (!odd.length) return;
  for (const r of odd) {
    r.unit = null;
    delete r.units;
  }
  const amounts = [...new Set([...amountsAt.values()].flatMap((c) => [...c]))].join(" and ");
  ctx.warn(
    `${symbol}'s amounts are in ${amounts} over the periods, and Yahoo stamps its per-share ` +
      `items (${odd.map((r) => r.field).join(", ")}) with currencies that do not follow them ` +
      "period by period: their currency is left null (unknown), since a stamp can be the " +
      "listing's currency rather than the one the figure is in",
  );
}

/** Days between consecutive period ends (52/53-week years and 13/14-week quarters included). */
const SPACING = { annual: [350, 380], quarterly: [80, 100] } as const;

/**
 * What the columns do not say by themselves: two period ends of the expected length closer
 * together than one period (a changed fiscal year end, or a column that is not what its length
 * claims), or further apart (a period missing from Yahoo's series, so the columns are not
 * consecutive and a sum of four quarters is no year). Newest first.
 */
export function spacingCaveats(
  symbol: string,
  period: "annual" | "quarterly",
  periods: string[],
  types: Record<string, string>,
): string[] {
  const expected = PERIOD_TYPE[period];
  const [lo, hi] = SPACING[period];
  const what = period === "annual" ? "fiscal year" : "quarter";
  const close: string[] = [];
  const apart: string[] = [];
  const sorted = periods.filter((d) => types[d] === expected).sort();
  for (let i = 1; i < sorted.length; i++) {
    const days = Math.round(
      (Date.parse(`${sorted[i]}T00:00:00Z`) - Date.parse(`${sorted[i - 1]}T00:00:00Z`)) /
        86_400_000,
    );
    if (days < lo) close.push(`${sorted[i - 1]} and ${sorted[i]} (${days} days)`);
    else if (days > hi) apart.push(`${sorted[i - 1]} and ${sorted[i]} (${days} days)`);
  }
  const out: string[] = [];
  if (close.length) {
    out.push(
      `${symbol}'s ${period} columns end less than a ${what} apart: ${close.join(", ")}; ` +
        `Yahoo states ${expected} for each, but both cannot be a full ${what} (a changed ` +
        "fiscal year end, or a column that is not what its length says): check the company's " +
        "filings before comparing them",
    );
  }
  if (apart.length) {
    out.push(
      `Yahoo's series for ${symbol} has no ${what} between ${apart.join(", ")}: the columns ` +
        `are not consecutive ${period === "annual" ? "years" : "quarters"}, so a ${what} is ` +
        `missing${
          period === "quarterly" ? " and the columns do not add up to a year" : ""
        } (filings.statement has the company's own figures)`,
    );
  }
  return out;
}

export async function statement(
  ctx: Context,
  symbol: string,
  kind: keyof typeof MODULES,
  period: "annual" | "quarterly",
) {
  // only a company reports statements: a pair, a coin, a contract or an index has none to ask for
  const what = notACompany(symbol);
  if (what) {
    throw new InputError(
      `${symbol} is ${what}, which has no financial statements; give the ticker of a listed company (a fund's holdings are not its statements either)`,
    );
  }
  const today = new Date(`${isoDay(ctx.clock.now())}T00:00:00Z`);
  const start = new Date(today.getTime() - LOOKBACK_DAYS[period] * 86_400_000);
  const series = await (await ctx.provider("market_a")).timeseries(
    symbol,
    MODULES[kind],
    period,
    start,
    today,
  );
  const expected = PERIOD_TYPE[period];
  /** Each period end → the lengths Yahoo states for its points. */
  const lengths = new Map<string, Set<string>>();
  const trailing = new Set<string>();
  const clashes: string[] = [];
  const rows: Built[] = [];
  for (const s of series as Record<string, unknown>[]) {
    const type = (s.meta as { type: string[] }).type[0];
    const points = (s[type] as (Point | null)[] | undefined) ?? [];
    const values: Record<string, number | null> = {};
    const currencies: Record<string, string> = {};
    for (const p of points) {
      if (!p?.asOfDate) continue;
      // trailing twelve months end on the last quarter's date: not a fiscal year nor a quarter,
      // and under that date they would read as one (or overwrite one that ends the same day)
      if (type.startsWith("trailing") || p.periodType === "TTM") {
        trailing.add(label(type));
        continue;
      }
      const value = num.parse(p.reportedValue);
      if (p.asOfDate in values && values[p.asOfDate] !== value) {
        // two figures for one period end (a restatement beside the original, or two lengths):
        // which one the table should show is not known
        clashes.push(`${label(type)} ${p.asOfDate} (${values[p.asOfDate]} and ${value})`);
        values[p.asOfDate] = null;
        continue;
      }
      values[p.asOfDate] = value;
      if (p.currencyCode) currencies[p.asOfDate] = p.currencyCode;
      const set = lengths.get(p.asOfDate) ?? new Set<string>();
      set.add(p.periodType ?? "unstated");
      lengths.set(p.asOfDate, set);
    }
    if (!Object.keys(values).length) continue;
    const stamped = [...new Set(Object.values(currencies))];
    const k = kindOf(type);
    const row: Built = {
      field: label(type),
      key: type,
      unit: unitOf(type, stamped.length === 1 ? stamped[0] : null),
      // newest first, as `periods` and the text view run (a sheet's columns follow this order)
      values: Object.fromEntries(Object.keys(values).sort().reverse().map((d) => [d, values[d]])),
      kind: k,
      stamped,
      byDate: currencies,
    };
    if (stamped.length > 1 && (k === "money" || k === "per_share")) {
      row.units = Object.fromEntries(
        Object.entries(currencies).map(([d, c]) => [d, unitOf(type, c) ?? c]),
      );
      ctx.warn(
        `Yahoo gives ${symbol}'s ${row.field} in ${
          stamped.join(" and ")
        } in different periods: the row's unit is null and each period's currency is in its units`,
      );
    }
    rows.push(row);
  }
  if (trailing.size) {
    ctx.warn(
      `left out Yahoo's trailing-twelve-month figures (${[...trailing].join(", ")}): they ` +
        `are not a ${period === "annual" ? "fiscal year" : "quarter"}, and would be shown ` +
        "under the date of the last quarter they end with",
    );
  }
  if (clashes.length) {
    ctx.warn(
      `Yahoo gives two different figures for one period: ${clashes.join("; ")}; ` +
        "left null, since which one is the period's is not known",
    );
  }
  if (!rows.length) {
    const window = `between ${isoDay(start)} and ${isoDay(today)}`;
    throw new ProviderError(
      "market_a",
      period === "quarterly"
        ? `Yahoo has no quarterly ${kind} statement items for ${symbol} ${window}: it fills ` +
          "quarters for few listings outside the US, and a company that reports half-yearly " +
          "has none; try period=annual (funds and indexes have no statements at all)"
        : `Yahoo has no ${period} ${kind} statement items for ${symbol} ${window}; check the ` +
          "symbol (funds and indexes have none)",
    );
  }
  perShareUnits(ctx, symbol, rows);
  const unstamped = rows.filter((r) =>
    (r.kind === "money" || r.kind === "per_share") && !r.stamped.length
  );
  if (unstamped.length) {
    // an amount with no currency is no amount to set beside another: said, not guessed
    ctx.warn(
      `Yahoo states no currency for ${symbol}'s ${
        someOf(unstamped.map((r) => r.field).sort(), 5)
      }: their unit is unknown (null, or "per share" without a currency), not assumed to be the ` +
        "other rows' currency",
    );
  }
  const periods = [...lengths.keys()].sort().reverse();
  const period_types = Object.fromEntries(
    periods.map((d) => [d, [...lengths.get(d)!].sort().join(", ")]),
  );
  const odd = periods.filter((d) => period_types[d] !== expected);
  if (odd.length) {
    ctx.warn(
      `Yahoo's ${period} items for ${symbol} cover other lengths than ${expected} at ${
        odd.map((d) => `${d} (${period_types[d]})`).join(", ")
      }: those columns are not ${period === "annual" ? "full fiscal years" : "quarters"} ` +
        "(see period_types; a company that reports half-yearly has 6M periods)",
    );
  }
  for (const w of spacingCaveats(symbol, period, periods, period_types)) ctx.warn(w);
  const newest = periods[0];
  const age = Math.round((today.getTime() - Date.parse(`${newest}T00:00:00Z`)) / 86_400_000);
  if (age > STALE_DAYS[period]) {
    ctx.warn(
      `Yahoo's newest ${period === "annual" ? "fiscal year" : "quarter"} for ${symbol} ends ` +
        `${newest}, ${age} days before ${isoDay(today)}: later periods are missing from its ` +
        "series (not reported yet, no longer filled by Yahoo for this listing, or the company " +
        "is no longer listed)",
    );
  }
  rows.sort((a, b) => a.field.localeCompare(b.field));
  return {
    symbol,
    statement: kind,
    period,
    periods,
    period_types,
    rows: rows.map(({ kind: _k, stamped: _s, byDate: _b, ...r }): Row => r),
    count: rows.length,
    provider: "market_a",
    source: "Yahoo Finance fundamentals time series (ws/fundamentals-timeseries)",
    retrieved_at: answeredAt(ctx),
  };
}
