/**
 * The scales of an R page's figures: what its title states ("$ in Millions, shares in Thousands",
 * "¥ in Billions"), what a note's prose states for its table, the currency it names, and which
 * rows are per share or count shares and so are not scaled as money.
 */
import { cellText } from "./rfile_markup.ts";

const SCALES: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };

type Stated = { money: number | null; shares: number | null };

/** What a page title states: the scale of each currency sign, of shares, and of bare amounts. */
export interface TitleStated extends Stated {
  /** Scale by the sign it is stated for ("$", "¥", "SFr"), when the title names one. */
  bySign: Map<string, number>;
  /** The title states different scales for different currencies ("$ in Millions, ¥ in Billions"). */
  mixed: boolean;
}

const TITLE_SCALES: Record<string, number> = { units: 1, ...SCALES };

/**
 * The factors a table's figures are multiplied by: money null when the title scales several
 * currencies apart and the row does not say which it is in (then `scaled` is null).
 */
export type Scales = {
  money: number | null;
  shares: number;
  bySign?: Map<string, number>;
  /** The currency the title names ("USD"), for the unit of money figures. */
  currency?: string | null;
};

/** Scales the title declares: `$ in Millions`, `shares in Thousands`, `¥ in Billions`. */
export function titleScales(title: string): Scales {
  const s = titleStated(title);
  return { money: s.mixed ? null : s.money ?? 1, shares: s.shares ?? 1, bySign: s.bySign };
}

/** The part of a title cell that states its scales: after its last line break. */
export function titleScalePart(cellHtml: string): string {
  const parts = cellHtml.split(/<br\s*\/?>/i);
  return parts.length > 1 ? cellText(parts.at(-1)!) : cellText(cellHtml);
}

/**
 * The scale part of an R page title (after its line break; the whole title when it has none):
 * today's "$ / shares in Units, shares in Thousands, $ in Millions", "¥ in Millions",
 * "$ in Millions, ¥ in Billions", and the older renderer's "In Millions, except Per Share data",
 * "In Thousands, except Share data", "Share data in Thousands, except Per Share data".
 */
export function titleStated(title: string): TitleStated {
  const out: TitleStated = { money: null, shares: null, bySign: new Map(), mixed: false };
  let bare: number | null = null;
  for (const raw of title.split(/,\s*/)) {
    const part = raw.trim();
    const except = /^except\s+(.*)$/i.exec(part);
    if (except) {
      // "except Share data": share counts as printed; "except Share data in Thousands"
      // "except Share and Per Share data" as well
      const m =
        /^shares?(?: and per[- ]share)?(?: data)?(?:\s+in\s+(thousands|millions|billions))?$/i
          .exec(except[1]);
      if (m) out.shares = m[1] ? SCALES[m[1].toLowerCase()] : 1;
      continue;
    }
    const m = /(?:^|\s)(?:(\S+)\s+)?in\s+(units|thousands|millions|billions)$/i.exec(part);
    if (!m) continue;
    const f = TITLE_SCALES[m[2].toLowerCase()];
    const sign = m[1] ?? "";
    // "$ / shares in Units", "¥ / shares in Units": per-share figures, as printed
    if (/\/\s*\S+\s+in\s+\w+$/i.test(part) || sign.includes("/")) continue;
    if (/^shares?$/i.test(sign) || (/^data$/i.test(sign) && /\bshare\s+data\s+in\s/i.test(part))) {
      out.shares = f;
    } else if (!sign || /\)$/.test(sign)) {
      // the older renderer's bare "In Millions" (after the title's "(USD $)"): amounts and
      // share counts alike
      bare = f;
    } else out.bySign.set(sign, f);
  }
  const money = [...new Set(out.bySign.values())];
  out.mixed = money.length > 1;
  out.money = money.length === 1 ? money[0] : money.length ? null : bare;
  if (out.shares === null && bare !== null) out.shares = bare;
  return out;
}

/**
 * Scales a note states for its table, in its own words: "(in millions)", "(in millions, except
 * per-share amounts)", "(net income in millions and shares in thousands)". A bare "in millions"
 * covers money and share counts alike; "shares in thousands" overrides it for shares.
 */
export function proseStated(text: string): Stated | null {
  const found = [...text.matchAll(/\(([^()]*\bin (?:thousands|millions|billions)\b[^()]*)\)/gi)];
  const last = found.at(-1)?.[1] ??
    /\b(?:dollars|amounts|\$)\s+in\s+(?:thousands|millions|billions)\b/i.exec(text)?.[0];
  if (!last) return null;
  const out: Stated = { money: null, shares: null };
  for (const m of last.matchAll(/(?:(\w+)\s+)?in (thousands|millions|billions)\b/gi)) {
    const f = SCALES[m[2].toLowerCase()];
    if (/^shares?$/i.test(m[1] ?? "")) out.shares = f;
    else {
      out.money ??= f;
      if (!/shares/i.test(last.slice(0, m.index))) out.shares ??= f;
    }
  }
  // "(in thousands, except share and per-share data)": share counts are as printed, unless
  // the exception gives their own scale ("except shares in thousands and per share amounts")
  const except = /\bexcept\b(.*)$/i.exec(last)?.[1]?.replace(/per[- ]share/gi, "");
  if (
    except && /\bshares?\b/i.test(except) &&
    !/\bshares?\s+in\s+(?:thousands|millions|billions)\b/i.test(except)
  ) out.shares = null;
  return out;
}

export const SCALE_NAMES: Record<number, string> = {
  1: "as printed",
  1e3: "thousands",
  1e6: "millions",
  1e9: "billions",
};

/** The scale in words, stated once for a table: "USD millions; shares thousands; per-share as printed". */
export function scaleText(s: Stated | TitleStated, currency: string | null): string {
  if ("mixed" in s && s.mixed) {
    return [
      ...[...s.bySign].map(([sign, f]) => `${sign} ${SCALE_NAMES[f]}`),
      s.shares === null ? "shares as printed" : `shares ${SCALE_NAMES[s.shares]}`,
      "per-share as printed",
    ].join("; ");
  }
  if (s.money === null && s.shares === null) return "figures as printed (no scale stated)";
  const money = currency ?? "money";
  return [
    s.money === null ? `${money} as printed` : `${money} ${SCALE_NAMES[s.money]}`,
    s.shares === null ? "shares as printed" : `shares ${SCALE_NAMES[s.shares]}`,
    "per-share as printed",
  ].join("; ");
}

/** The currency a page title names: "... - USD ($)" → "USD". */
export function titleCurrency(title: string): string | null {
  // today's "- USD ($)", the older renderer's "(USD $)"
  return /\b([A-Z]{3}) \([^)]{1,4}\)/.exec(title)?.[1] ??
    /\(([A-Z]{3}) [^)\s]{1,4}\)/.exec(title)?.[1] ?? null;
}

/**
 * The scale of a row's number: the title's money or share scale, 1 for per-share figures, null
 * for percents. EDGAR ends a row's label with its unit (" | Vendor", " | segment", " | $",
 * " | shares") when the table mixes units; a count of vendors, segments or employees in a
 * "$ in Billions" table is not billions.
 */
/**
 * A figure per share or per unit, by its label: "per share", "per common share", "per diluted
 * share", "per limited partner unit", "per ADS", "$ / shares".
 */
const PER_UNIT_LABEL =
  /\bper (?:(?:common|ordinary|basic|diluted|fully|and|or|limited|general|partner(?:ship)?|lp|class|[a-c]|preferred|american|depositary|depository|outstanding|weighted|average)[ -])*(?:shares?|units?|ads|adss|adrs?)\b|\/ ?share/i;
/**
 * ... and by its element: "EarningsPerShareBasic", "IncomeLossFromContinuingOperationsPerBasicShare",
 * "CommonStockDividendsPerShareDeclared", "NetIncomeLossPerOutstandingLimitedPartnershipUnit...".
 */
const PER_UNIT_CONCEPT = /(?:^|[a-z])Per(?:[A-Z][a-z]*)*?(?:Share|Unit|Ads|ADS)(?![a-z])/;
/** A label that counts shares: "Weighted-average shares used in computing earnings per share". */
const countsShares = (label: string) =>
  /\bshares\b/i.test(label) &&
  /\bweighted|\bused in\b|\boutstanding\b|\bdenominator\b/i.test(label);

export function rowScale(
  label: string,
  text: string,
  scales: Scales,
  concept: string | null = null,
  heading: string | null = null,
): { scale: number | null; unit: string } {
  const money = (f: number | null, sign?: string) => ({
    scale: f,
    unit: sign && scales.bySign?.has(sign) ? sign : scales.currency ?? "money",
  });
  if (/%$/.test(text.trim())) return { scale: null, unit: "percent" };
  // the element's name when the page gives it: "us-gaap_EarningsPerShareDiluted"
  const local = concept?.replace(/^[^:_]*[:_]/, "") ?? "";
  // the cover page's years, codes and numbers (fiscal year 2024, CIK, zip code, area code) are
  // no amounts: a "$ in Billions" cover page, for its public float, made 2024 into 2.024e12
  if (/^dei[:_]/.test(concept ?? "")) {
    if (/NumberOf/.test(local)) return { scale: 1, unit: "count" };
    if (!/PublicFloat|Shares|PerShare|Amount|Value/.test(local)) {
      return { scale: null, unit: "as printed (not an amount)" };
    }
  }
  // "Weighted-average shares used in computing earnings per share" is a count of shares
  const countOfShares = countsShares(label);
  const perShare = { scale: 1, unit: `${scales.currency ?? "money"} per share, as printed` };
  if ((!countOfShares && PER_UNIT_LABEL.test(label)) || PER_UNIT_CONCEPT.test(local)) {
    return perShare;
  }
  // a bare "Basic" or "Diluted" row (no element named) is what its heading says it is:
  // "Net income per share:" (as printed) or "Weighted-average shares outstanding:" (shares)
  if (!local && heading && /^(?:basic|diluted)\b/i.test(label) && !/\bshares?\b/i.test(label)) {
    if (countsShares(heading)) return { scale: scales.shares, unit: "shares" };
    if (PER_UNIT_LABEL.test(heading)) return perShare;
  }
  // under "Basic earnings per share:" the rows "Continuing operations", "Net income" print
  // cents ("2.10", "(0.05)"); an amount under such a heading prints none ("1,000")
  if (
    !local && heading && PER_UNIT_LABEL.test(heading) && !countsShares(heading) &&
    !/\bshares?\b/i.test(label) && /\d\.\d\d\)?$/.test(text.trim())
  ) return perShare;
  const unit = /\s\|\s([^|]+)$/.exec(label)?.[1]?.trim();
  if (unit) {
    // a row in one of several currencies a title scales apart ("$ in Millions, ¥ in Billions")
    const own = scales.bySign?.get(unit);
    if (own !== undefined) return money(own, unit);
    if (/^(?:\$|[€£¥₩₹₽₺₪₱]|[A-Z]{3}\b|[A-Z]{1,3}\$)/.test(unit)) return money(scales.money);
    if (/^shares?$/i.test(unit)) return { scale: scales.shares, unit: "shares" };
    return { scale: 1, unit };
  }
  if (local) {
    // share counts are elements named for Shares ("CommonStockSharesAuthorized",
    // "StockIssuedDuringPeriodSharesShareBasedCompensation"); "ShareBasedCompensation" and
    // "...ValueShareBasedCompensation" are money
    if (/(?:^|[a-z])Shares(?:[A-Z]|$)/.test(local) && !/Value|Amount/.test(local)) {
      return /\$/.test(text) ? money(scales.money) : { scale: scales.shares, unit: "shares" };
    }
    if (/^NumberOf/.test(local) && !/\$/.test(text)) return { scale: 1, unit: "count" };
    return money(scales.money);
  }
  // without an element name, by the label: a count of shares, not "Share-based compensation"
  // or "Common stock withheld related to net share settlement", nor a par value line
  if (
    /\bshares\b/i.test(label) && !/\$/.test(text) &&
    !/\$|\bpar value\b|\bcompensation\b|\bpayments?\b|\bproceeds\b|\bvalue\b|\bamount\b|\bcost\b/i
      .test(label)
  ) return { scale: scales.shares, unit: "shares" };
  // "Number of employees" and the like count things, in any table
  if (/^number of\b/i.test(label) && !/\$/.test(text)) return { scale: 1, unit: "count" };
  return money(scales.money);
}
