/**
 * A snapshot's per-share ratios (P/E, forward P/E, price to book): taken at the price over Yahoo's
 * per-share figures, checked against the market cap over the company's totals, and refused where
 * the per-share figures are per another share (an ADS of several ordinary shares) or in another
 * currency or unit than the price.
 */
import type { Quote } from "./company.ts";
import { fundKind } from "./fund.ts";
import { ratioOf, type Unit } from "./currency.ts";

/** The per-share ratios, taken on Yahoo's per-share figures. */
export const PER_SHARE_RATIOS = ["trailing_pe", "forward_pe", "price_to_book"] as const;

/**
 * How far the P/E at the price over Yahoo's per-share earnings may be from the market cap over
 * net income to common before it is warned (a share count that moved within the year, diluted
 * against basic earnings, a cap at another moment's price differ by less), and before the
 * per-share ratios are refused: an ADS stands for 2, 3, 5, 10 ordinary shares, and Yahoo's
 * per-share figure of an ADR may be per ordinary share while the price is per ADS.
 */
const PE_DOUBT = Math.log(1.3);
export const PE_REFUSE = Math.log(1.9);

/** The figures the per-share ratios of a snapshot are checked against, all in one currency. */
interface PerShareFacts {
  marketCap: number | null;
  netIncome: number | null;
  trailingEps: number | null;
  forwardEps: number | null;
  revenue: number | null;
  revenuePerShare: number | null;
  cash: number | null;
  cashPerShare: number | null;
  /** The company's country (quoteSummary's profile), to tell a listing that may be an ADR. */
  country: string | null;
}

/**
 * Whether a listing may be a depositary share: one on a US exchange (no suffix) of a company
 * of another or an unstated country, or on London's international order book (.IL, GDRs).
 */
export function mayBeDepositary(symbol: string, country: string | null): boolean {
  if (/\.IL$/i.test(symbol)) return true;
  return !symbol.includes(".") && !/^[\^]/.test(symbol) && country !== "United States";
}

/**
 * How many times Yahoo's per-share figure goes into the same total per listed share (the
 * market cap over the price gives the count of listed shares): 1 when the figure is per listed
 * share, 6 for an ADS standing for six ordinary shares whose figure is per ordinary share. Null
 * without both figures above zero, or for a listing quoted in a minor unit (perShareUnit
 * checks those).
 */
function timesPerListed(
  on: Basis,
  marketCap: number | null,
  total: number | null,
  perShare: number | null,
): number | null {
  const price = on.quote.price;
  if (on.trade?.factor !== 1 || !(marketCap! > 0) || !(price! > 0)) return null;
  if (!(total! > 0) || !(perShare! > 0)) return null;
  const k = (total! * price!) / (marketCap! * perShare!);
  return Number.isFinite(k) ? k : null;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Checks the per-share ratios (in place) against the company's aggregates, both sides in one
 * currency: trailing P/E against the market cap over net income to common; without earnings
 * above zero to check, Yahoo's revenue per share, else its cash per share, against the total
 * over the listed shares (the market cap over the price). Far apart, Yahoo's per-share figures
 * are not per listed share (an ADR's figures per ordinary share, or a count of another class),
 * and trailing_pe and price_to_book, taken on them, are refused; forward_pe too unless its
 * earnings are shown per listed share (forward EPS as many times the trailing as the gap);
 * somewhat apart, the ratios are kept and the gap said. With nothing to check them against,
 * that is said.
 */
export function perShareAgainstCap(
  on: Basis,
  ratios: Record<(typeof PER_SHARE_RATIOS)[number], number | null>,
  x: PerShareFacts,
) {
  const shown = PER_SHARE_RATIOS.filter((name) => ratios[name] !== null);
  if (!shown.length) return;
  const symbol = on.quote.symbol;
  const pe = ratios.trailing_pe;
  const { marketCap, netIncome } = x;
  let gap: number;
  let apart: string;
  let byEarnings = false;
  let k: number;
  if (pe !== null && pe > 0 && marketCap !== null && marketCap > 0 && netIncome! > 0) {
    const whole = marketCap / netIncome!;
    k = pe / whole;
    gap = Math.abs(Math.log(k));
    byEarnings = true;
    apart = `the price over Yahoo's per-share earnings gives a P/E of ${r2(pe)}, ` +
      `the market cap ${marketCap} over net income to common ${netIncome} gives ${r2(whole)}, ` +
      `${r2(Math.exp(gap))} times apart`;
    if (!(gap > PE_DOUBT)) {
      forwardFarBelow(on, ratios, x);
      return;
    }
    if (gap <= PE_REFUSE) {
      on.refusals.push(
        `trailing_pe of ${symbol}: ${apart}; the share count may have moved within the year or the figures are of different periods, so read it with care`,
      );
      return;
    }
  } else {
    // no earnings to check against: revenue per share, else cash per share
    const checks = [
      ["revenue per share", x.revenuePerShare, "revenue", x.revenue],
      ["cash per share", x.cashPerShare, "cash", x.cash],
    ] as const;
    const found = checks.map(([label, per, totalLabel, total]) => {
      const t = timesPerListed(on, marketCap, total, per);
      return t === null ? null : {
        k: t,
        text: `Yahoo's ${label} ${per} against ${totalLabel} ${total} over the ${
          r2(marketCap! / on.quote.price!)
        } listed shares (the market cap over the price), ${
          r2(total! * on.quote.price! / marketCap!)
        }: ${r2(Math.exp(Math.abs(Math.log(t))))} times apart`,
      };
    }).filter((c) => c !== null);
    const names = shown.join(", ");
    if (!found.length) {
      // a fund's ratios are no company's (left out after, leaveOutCompanyFigures)
      if (on.trade?.factor !== 1 || fundKind(on.quote.quote_type)) return;
      if (!mayBeDepositary(symbol, x.country)) return;
      on.refusals.push(
        `${names} of ${symbol}: Yahoo's per-share figures (earnings, book value) could not be checked against the company's totals (no earnings above zero, revenue or cash per share with its total): ${
          x.country
            ? `a listing of a company of ${x.country}`
            : "a listing of a company whose country is not stated"
        }; if ${symbol} is a depositary share standing for several ordinary shares, they may be per ordinary share and the ratios that many times off; read them with care`,
      );
      return;
    }
    const far = found.filter((c) => Math.abs(Math.log(c.k)) > PE_REFUSE);
    const near = found.filter((c) => Math.abs(Math.log(c.k)) <= PE_DOUBT);
    if (far.length && near.length) {
      for (const name of PER_SHARE_RATIOS) ratios[name] = null;
      dropBasis(on);
      on.refusals.push(
        `${names} of ${symbol}: not computed: Yahoo's per-share figures disagree on whether they are per listed share (${
          found.map((c) => c.text).join("; ")
        }), so no ratio of the price to them is reliable`,
      );
      return;
    }
    const worst = found.reduce((a, b) => Math.abs(Math.log(b.k)) > Math.abs(Math.log(a.k)) ? b : a);
    k = worst.k;
    gap = Math.abs(Math.log(k));
    apart = found.map((c) => c.text).join("; ");
    if (!(gap > PE_DOUBT)) return;
    if (gap <= PE_REFUSE) {
      on.refusals.push(
        `${names} of ${symbol}: ${apart}; the share count may have moved or the figures are of different dates, so read them with care`,
      );
      return;
    }
  }
  // forward EPS may be per listed share (analysts' estimates per ADS) while the trailing is not
  const forward = byEarnings ? forwardBasis(x, k) : null;
  const refused = PER_SHARE_RATIOS.filter((name) =>
    ratios[name] !== null && !(name === "forward_pe" && forward?.keep)
  );
  for (const name of PER_SHARE_RATIOS) {
    if (!(name === "forward_pe" && forward?.keep)) ratios[name] = null;
  }
  dropBasis(on, forward?.keep ? ["forward_pe"] : []);
  on.refusals.push(
    `${
      refused.join(", ")
    } of ${symbol}: not computed: ${apart}: Yahoo's per-share figures are not per listed share (a depositary share standing for several ordinary shares, earnings per share of another class, or a share count far from the current one), so no ratio of the price to them is reliable${
      byEarnings
        ? `; use the market cap over net income (${r2(marketCap! / netIncome!)}) for a P/E`
        : ""
    }${
      forward && !forward.keep && refused.includes("forward_pe")
        ? `; forward_pe: ${forward.why}`
        : ""
    }${
      !byEarnings && ratios.forward_pe === null && shown.includes("forward_pe")
        ? "; forward_pe: with no trailing earnings to compare with, nothing shows whether the forward EPS is per listed share"
        : ""
    }`,
  );
  if (forward?.keep) on.refusals.push(`forward_pe of ${symbol}: kept: ${forward.why}`);
}

/**
 * Whether Yahoo's forward EPS is per listed share when its trailing EPS is `k` times too small
 * for one: the forward EPS against the trailing, near 1 (the same basis: refused with it) or
 * near `k` (per listed share: kept), each within 1.5 times for a year's growth; `k` under 2.5
 * leaves the two apart by too little to tell, and so does a forward EPS in neither range.
 */
function forwardBasis(x: PerShareFacts, k: number): { keep: boolean; why: string } | null {
  const f = x.forwardEps;
  const t = x.trailingEps;
  if (f === null || t === null || !(f > 0) || !(t > 0)) return null;
  const g = f / t;
  const growth = Math.log(1.5);
  const ratio = `the forward EPS ${f} is ${r2(g)} times the trailing ${t}`;
  if (Math.abs(Math.log(g)) <= growth) {
    return { keep: false, why: `${ratio}, so it is on the trailing EPS's basis` };
  }
  if (k >= 2.5 && Math.abs(Math.log(g / k)) <= growth) {
    return {
      keep: true,
      why: `${ratio}, near the ${
        r2(k)
      } times by which the trailing falls short of earnings per listed share: the forward EPS is taken as per listed share (analysts' estimates per depositary share), and the ratio is the price over it`,
    };
  }
  return {
    keep: false,
    why: `${ratio}, near neither 1 nor the ${
      r2(k)
    } times of the trailing's gap, so its basis is not shown`,
  };
}

/**
 * A forward EPS under 1/2.5 of a trailing EPS that is per listed share: a large fall expected,
 * or estimates per ordinary share of a depositary share whose trailing EPS is per ADS (the
 * forward P/E then that many times too high). The data do not tell which: said, not refused.
 */
function forwardFarBelow(
  on: Basis,
  ratios: Record<(typeof PER_SHARE_RATIOS)[number], number | null>,
  x: PerShareFacts,
) {
  const f = x.forwardEps;
  const t = x.trailingEps;
  if (ratios.forward_pe === null || f === null || t === null || !(f > 0) || !(t > 0)) return;
  if (!(f / t <= 1 / 2.5)) return;
  on.refusals.push(
    `forward_pe of ${on.quote.symbol}: the forward EPS ${f} is ${
      r2(f / t)
    } times the trailing ${t}, which agrees with the market cap over net income: either a fall of that size is expected, or the forward EPS is per ordinary share of a depositary share (the forward P/E then as many times too high); read it with care`,
  );
}

/** Drops the per-share ratios but `keep` from the citation of how they were taken. */
export function dropBasis(on: Basis, keep: string[] = []) {
  const kept = on.basis.filter((b) =>
    !(PER_SHARE_RATIOS as readonly string[]).includes(b.name) || keep.includes(b.name)
  );
  on.basis.splice(0, on.basis.length, ...kept);
}

/** What a snapshot's ratios are taken on: the listing's unit, the filer's currency. */
export interface Basis {
  quote: Quote;
  trade: Unit | null;
  /** Major currency of caps (the trading currency's major unit). */
  cap: string | null;
  /** Major currency of the filer's statements. */
  fin: string | null;
  /** Caps and statements in one major currency. */
  same: boolean;
  refusals: string[];
  /** How each per-share ratio was taken, for the citation (`over` null: Yahoo's own). */
  basis: { name: string; over: string | null }[];
  /**
   * For a listing quoted in a minor unit (GBp): which unit Yahoo's per-share figures are in, as
   * the data show it (null: not checked, the listing is in a major unit).
   */
  perShareUnit: PerShareUnit | null;
}

/** The unit of a minor-unit listing's per-share figures: `null` when the data do not tell. */
interface PerShareUnit {
  unit: "major" | "minor" | null;
  evidence: string | null;
}

/**
 * Which unit Yahoo's per-share figures of a listing quoted in a minor unit (GBp, ZAc, ILA) are
 * in: each per-share figure against its aggregate over the shares (in the major currency of
 * the statements). Yahoo writes most in the major unit (OCDO.L: trailing EPS -0.26 GBP, net
 * income to common over the shares -0.263 GBP) but some in the minor one, 100 times larger;
 * its own ratios (OCDO.L's P/B of 185) divide the price in pence by either. Figures that
 * disagree, or none to check, leave the unit unknown.
 */
export function perShareUnit(
  symbol: string,
  trade: Unit,
  shares: number | null,
  checks: [string, number | null | undefined, number | null | undefined, string][],
): PerShareUnit {
  const votes: { unit: "major" | "minor"; text: string }[] = [];
  for (const [label, per, total, totalLabel] of checks) {
    if (per === null || per === undefined || total === null || total === undefined) continue;
    if (!(shares! > 0) || per === 0 || total === 0 || Math.sign(per) !== Math.sign(total)) continue;
    const expected = total / shares!;
    const r = Math.abs(Math.log(per / expected));
    const rMinor = Math.abs(Math.log(per * trade.factor / expected));
    const unit = r < Math.log(3) ? "major" : rMinor < Math.log(3) ? "minor" : null;
    if (!unit) continue;
    const e = Math.round(expected * 1e4) / 1e4;
    votes.push({
      unit,
      text: `${label} ${per} against ${totalLabel} over the shares, ${e} ${trade.major}`,
    });
  }
  const units = new Set(votes.map((v) => v.unit));
  if (units.size !== 1) {
    return {
      unit: null,
      evidence: votes.length
        ? `Yahoo's per-share figures for ${symbol} disagree on their unit (${
          votes.map((v) => v.text).join("; ")
        })`
        : `Yahoo states no per-share figure of ${symbol} with an aggregate to check it against`,
    };
  }
  const unit = votes[0].unit;
  return {
    unit,
    evidence: unit === "major"
      ? null
      : `${symbol}: Yahoo's per-share figures are in ${trade.code} like the price, not in ${trade.major} (${
        votes.map((v) => v.text).join("; ")
      }); P/E and P/B are taken in ${trade.code}`,
  };
}

/**
 * Says which aggregate ratios (P/S, EV/revenue, EV/EBITDA) of a listing whose market cap and
 * statements are in different currencies could not be put into one currency, and why.
 */
export function unconverted(
  on: Basis,
  marketCap: number | null,
  raw: (number | null | undefined)[],
  converted: (number | null)[],
) {
  if (
    marketCap === null ||
    !raw.some((v, i) => v !== null && v !== undefined && converted[i] === null)
  ) {
    return;
  }
  const names = raw[0] !== null && raw[0] !== undefined && converted[0] === null
    ? ["price_to_sales_ttm", "ev_to_revenue"]
    : [];
  if (raw[1] !== null && raw[1] !== undefined && converted[1] === null) names.push("ev_to_ebitda");
  const why = !on.cap
    ? "the market cap's currency is not stated"
    : !on.fin
    ? `the market cap is in ${on.cap} and the currency of Yahoo's revenue and EBITDA is not known`
    : `the market cap is in ${on.cap} and Yahoo's revenue and EBITDA in ${on.fin}, and Yahoo quotes no ${on.fin}→${on.cap} rate to convert them`;
  on.refusals.push(`${names.join(", ")} of ${on.quote.symbol}: ${why}; not computed`);
}

export const money = (value: number | null, currency: string | null) => ({ value, currency });

/**
 * A price-over-per-share ratio (P/E, P/B) at the price the snapshot shows: the price over the
 * first per-share figure Yahoo states (the quote row's, recorded with the price, then
 * defaultKeyStatistics'), so that the ratio agrees with the price beside it; Yahoo's own ratio
 * (quoteSummary's is taken at another moment's price) only when it states no per-share figure.
 * Refused across two currencies, since Yahoo does not say whether its per-share figures are per
 * listed share or per filer share. `on.basis` records which was used, for the citation.
 */
export function perShare(
  on: Basis,
  name: string,
  yahoo: number | null,
  figures: [string, number | null | undefined][],
) {
  const [label, denominator] = figures.find(([, v]) => v !== null && v !== undefined) ??
    ["", null];
  if (yahoo === null && denominator === null) return null;
  // Earnings or book at or below zero make the ratio meaningless (Yahoo leaves it out too):
  // said, so a null reads as not computed, not as a figure nobody reported
  if (denominator !== null && denominator !== undefined && denominator <= 0) {
    const what = name === "price_to_book"
      ? "liabilities above assets"
      : name === "forward_pe"
      ? "a loss expected"
      : "a loss";
    on.refusals.push(
      `${name}: not computed: Yahoo's ${label} is ${denominator}, at or below zero (${what}), ` +
        "and a ratio of the price to it is no multiple",
    );
    return null;
  }
  if (on.same) {
    if (denominator === null || denominator === undefined || on.quote.price === null) {
      if (on.trade!.factor !== 1) return null;
      on.basis.push({ name, over: null });
      return yahoo;
    }
    // a listing quoted in a minor unit: the per-share figure's unit as the data show it, never
    // assumed (a ratio of pence over pounds is 100 times too large)
    const unit = on.perShareUnit?.unit;
    if (on.trade!.factor !== 1 && !unit) {
      on.refusals.push(
        `${name}: the price is in ${on.trade!.code}, and whether Yahoo's per-share figures are in ${
          on.trade!.code
        } or ${
          on.trade!.major
        } is not shown by the data (${on.perShareUnit?.evidence}); not computed`,
      );
      return null;
    }
    on.basis.push({ name, over: label });
    return ratioOf(
      name,
      money(on.quote.price, on.trade!.code),
      money(denominator, unit === "minor" ? on.trade!.code : on.fin),
      on.refusals,
    );
  }
  on.refusals.push(
    `${name}: the price is in ${on.quote.currency ?? "an unstated currency"} and per-share ` +
      `figures in ${
        on.fin ?? "an unstated currency"
      } (per share of the filer, not of the listing); not computed`,
  );
  return null;
}
