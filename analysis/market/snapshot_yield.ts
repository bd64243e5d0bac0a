/**
 * A snapshot's dividend yield, checked against what the company's payout and its own figures give,
 * and its enterprise value in the market cap's currency (a listing quoted in a minor unit
 * included).
 */
import type { Context } from "../../core/context.ts";
import type { Quote, Summary } from "./company.ts";
import { type FxRate, ratioOf, unitOf } from "./currency.ts";
import { type Basis, money, PE_REFUSE } from "./snapshot_per_share.ts";

/** The dividend yield a company's payout gives: payout ratio × net income over the market cap. */
interface PayoutYield {
  value: number;
  text: string;
}

/**
 * The dividend yield the company's own figures give, in the market cap's currency: Yahoo's
 * payout ratio times net income to common (converted at the cited rate when the statements are
 * in another currency) over the market cap. Null without those figures or a rate.
 */
export async function payoutYield(
  on: Basis,
  d: Summary["summaryDetail"],
  netIncome: number | null,
  marketCap: number | null,
  inCap: (v: number | null) => Promise<number | null>,
): Promise<PayoutYield | null> {
  const payout = (d as Record<string, unknown>).payoutRatio;
  if (typeof payout !== "number" || !(payout > 0) || !(netIncome! > 0) || !(marketCap! > 0)) {
    return null;
  }
  const income = await inCap(netIncome);
  if (income === null || !(income > 0)) return null;
  const value = (payout * income) / marketCap!;
  return {
    value,
    text: `the payout ratio ${payout} times net income to common ${netIncome} ${on.fin}${
      on.same ? "" : ` (${Math.round(income)} ${on.cap})`
    } over the market cap ${marketCap} ${on.cap} gives ${Math.round(value * 1e4) / 1e4}`,
  };
}

/** How far Yahoo's dividend yield may be from the one its payout gives (forward against trailing). */
const PAYOUT_REFUSE = Math.log(3);

/** What a snapshot's dividend yield is checked against. */
interface DividendBasis {
  /** The yield the company's payout gives in one currency (null without its figures). */
  payout: PayoutYield | null;
  /** For a listing whose statements are in another currency: both, and the rate between. */
  cross: { trade: string; fin: string; fx: FxRate | null } | null;
}

/**
 * Yahoo's dividend yield (its dividend rate over the price) against the yield the company's
 * payout gives in one currency, for a listing whose statements are in another currency than its
 * price or that may be a depositary share: Yahoo does not state the rate's currency nor per
 * which share it is, and a rate in the statements' currency (TWD over a USD price) or per
 * ordinary share of an ADS is many times off. More than three times apart (forward dividends,
 * special ones and a changed payout stay within that), it is left null and said. Across two
 * currencies whose rate is not near 1, a yield the payout cannot tell from the one of a rate
 * in the statements' currency is kept and that other yield said.
 */
export function againstPayout(
  ctx: Context,
  symbol: string,
  yahoo: number | null,
  { payout, cross }: DividendBasis,
): number | null {
  if (yahoo === null || !(yahoo > 0)) return yahoo;
  if (payout) {
    const gap = Math.abs(Math.log(yahoo / payout.value));
    if (gap > PAYOUT_REFUSE) {
      ctx.warn(
        `dividend_yield of ${symbol}: not shown: Yahoo states ${yahoo}, while ${payout.text}, ${
          Math.round(Math.exp(gap) * 10) / 10
        } times apart: Yahoo's dividend rate is in another currency than the price (the statements') or per another share (an ordinary share of a depositary share), so the yield is not reliable`,
      );
      return null;
    }
  }
  if (!cross) return yahoo;
  const f = cross.fx?.rate ?? null;
  if (f !== null && Math.abs(Math.log(f)) < Math.log(1.05)) return yahoo;
  const inFin = f === null ? null : yahoo * f;
  // the payout rules out a rate in the statements' currency
  if (inFin !== null && payout && Math.abs(Math.log(inFin / payout.value)) > PAYOUT_REFUSE) {
    return yahoo;
  }
  ctx.warn(
    `dividend_yield of ${symbol}: Yahoo states no currency for its dividend rate: the yield ${yahoo} reads it in ${cross.trade}, the price's, while ${symbol} reports in ${cross.fin}; a dividend declared in ${cross.fin} would give ${
      inFin === null
        ? "another yield (Yahoo quotes no rate to say which)"
        : `${Math.round(inFin * 1e4) / 1e4} (at ${cross.fx!.symbol})`
    }${payout ? `, and ${payout.text}` : ""}: check the currency the dividend is paid in`,
  );
  return yahoo;
}

/** How far Yahoo's own ratio may be from the one its figures in the same answer give. */
const OWN_DOUBT = Math.log(1.3);

/**
 * Yahoo's own aggregate ratio (EV/revenue, EV/EBITDA; both sides in one currency) against the
 * ratio of the figures the snapshot shows beside it: more than 1.3 times apart (an EV or EBITDA
 * of another date, or a slip of unit), the ratio of the shown figures is given and Yahoo's
 * said; Yahoo's alone when a figure is missing.
 */
export function againstFigures(
  on: Basis,
  name: string,
  yahoo: number | null,
  a: number | null,
  b: number | null,
): number | null {
  if (yahoo === null || a === null || b === null || b === 0) return yahoo;
  const own = ratioOf(name, money(a, on.cap), money(b, on.cap), on.refusals);
  if (own === null || own === 0 || Math.sign(own) !== Math.sign(yahoo)) {
    if (own !== null && own !== yahoo) {
      on.refusals.push(
        `${name} of ${on.quote.symbol}: Yahoo states ${yahoo}, while its figures shown here give ${own} (${a} over ${b}); the ratio of the figures shown is given`,
      );
    }
    return own ?? yahoo;
  }
  const gap = Math.abs(Math.log(own / yahoo));
  if (!(gap > OWN_DOUBT)) return yahoo;
  on.refusals.push(
    `${name} of ${on.quote.symbol}: Yahoo states ${yahoo}, while its figures shown here give ${own} (${a} over ${b}), ${
      Math.round(Math.exp(gap) * 100) / 100
    } times apart (figures of another date, or one in another unit); the ratio of the figures shown is given`,
  );
  return own;
}

/**
 * Yahoo's dividend yield (a fraction) against its dividend rate over the price shown. A listing
 * quoted in a minor unit (GBp) may state the rate in either unit, so both are tried. More than
 * 1.3 times from the nearest, it is warned; more than 1.9 times (a rate in another currency or
 * unit, a yield of another listing), it is left null. Without a rate it is kept as Yahoo's.
 */
export function dividendYield(
  ctx: Context,
  quote: Quote,
  yahoo: number | null,
  rate: number | null,
): number | null {
  const price = quote.price;
  const unit = unitOf(quote.currency);
  if (yahoo === null || rate === null || !(rate > 0) || !(price! > 0) || !unit) return yahoo;
  if (!(yahoo > 0)) return yahoo;
  const candidates = unit.factor === 1
    ? [rate / price!]
    : [rate / price!, rate / (price! * unit.factor)];
  const nearest = candidates.reduce((x, y) =>
    Math.abs(Math.log(y / yahoo)) < Math.abs(Math.log(x / yahoo)) ? y : x
  );
  const gap = Math.abs(Math.log(nearest / yahoo));
  if (!(gap > OWN_DOUBT)) return yahoo;
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  const apart =
    `Yahoo's dividend yield ${yahoo} against its dividend rate ${rate} over the price ${price} ${
      quote.currency ?? ""
    }, ${r4(nearest)}${
      unit.factor === 1 ? "" : ` (the rate read in ${unit.code} or ${unit.major})`
    }, ${Math.round(Math.exp(gap) * 100) / 100} times apart`;
  if (gap <= PE_REFUSE) {
    ctx.warn(
      `dividend_yield of ${quote.symbol}: ${apart}; the yield may be at another price or the rate changed, so read it with care`,
    );
    return yahoo;
  }
  ctx.warn(
    `dividend_yield of ${quote.symbol}: not shown: ${apart}: the yield or the rate is in another currency or unit, or of another listing (a depositary share's rate per ordinary share), so neither is reliable here`,
  );
  return null;
}

/**
 * Yahoo's enterprise value when cap and statements share a currency; otherwise rebuilt as the
 * cap plus net debt converted into the cap's currency (Yahoo adds one currency to another).
 */
export async function enterpriseValue(
  on: Basis,
  yahoo: number | null,
  marketCap: number | null,
  netDebt: number | null,
  inCap: (v: number | null) => Promise<number | null>,
): Promise<number | null> {
  if (on.same) return minorUnitEv(on, yahoo, marketCap, netDebt);
  if (yahoo === null && netDebt === null) return yahoo;
  const nd = netDebt === null ? null : await inCap(netDebt);
  const ev = marketCap !== null && nd !== null ? marketCap + nd : null;
  if (ev === null && yahoo !== null) {
    on.refusals.push(
      `enterprise_value: Yahoo's figure mixes ${on.quote.currency ?? "?"} and ${
        on.fin ?? "an unstated currency"
      }; not shown`,
    );
  }
  return ev;
}

/**
 * Yahoo's enterprise value of a listing quoted in a minor unit (GBp), against the market cap
 * plus debt less cash, all in the major currency: Yahoo's own figures of such listings can take
 * the price in pence for pounds (OCDO.L's P/B of 185), and an EV so formed is about a hundred
 * times the cap. Apart by more than half the market cap (a date's move, or minority interests,
 * stay within that), the sum of the parts is given and Yahoo's said.
 */
function minorUnitEv(
  on: Basis,
  yahoo: number | null,
  marketCap: number | null,
  netDebt: number | null,
): number | null {
  if (!on.trade || on.trade.factor === 1 || yahoo === null || netDebt === null) return yahoo;
  if (!(marketCap! > 0)) return yahoo;
  const parts = marketCap! + netDebt;
  if (!(Math.abs(yahoo - parts) > 0.5 * marketCap!)) return yahoo;
  on.refusals.push(
    `enterprise_value of ${on.quote.symbol}: Yahoo states ${yahoo} ${on.cap}, while the market cap ${marketCap} plus debt less cash (${netDebt}) gives ${parts}: the price is in ${on.trade.code}, and Yahoo's sum may take it in ${on.trade.code} for ${on.trade.major} (or be of another date); the sum of the parts is given`,
  );
  return parts;
}
