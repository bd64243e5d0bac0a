/**
 * The fallback view for commands without their own: scalars as fields (nested objects with
 * dotted names), lists of records as tables, long text as paragraphs. Values are formatted by
 * field name (percent, money with its currency, dates) and never cut.
 */
import { type Block, fieldText, isMoneyKey, isRecord, isRecordArray, money } from "./model.ts";
import { indexLevelIn } from "../../analysis/market/units.ts";
import { estimatesBlock } from "./estimates.ts";
import { noFxNeeded, placeValuation, valuationNotes } from "./valuation.ts";
import { moneyDecimals, NO_CURRENCY, recordsTable, unitFigure } from "./records_table.ts";

/** The generic view. */
export function genericView(data: unknown): Block[] {
  if (!isRecord(data)) {
    if (isRecordArray(data)) return [recordsTable("rows", data)];
    return [{ kind: "note", text: fieldText("", data) }];
  }
  const fields: [string, string][] = [];
  const blocks: Block[] = [];
  const currency = typeof data.currency === "string" ? data.currency : null;
  const reading: Reading = {
    named: namedCurrencies(data),
    calc: isCalculation(data),
    sourced: saysNotReported(data),
    cautions: Array.isArray(data.warnings) ? data.warnings.map(String) : [],
    echoes: typeof data.method === "string" && "currency_check" in data,
    noFx: noFxNeeded(data),
    priceDecimals: quoteDecimals(data),
    method: isRecord(data.method) ? data.method : {},
    fields: data,
  };
  const estimates = estimatesBlock(data);
  // a copy: fields left out here are never left out of the caller's data
  const shown: Record<string, unknown> = estimates
    ? { ...data, estimates: undefined }
    : { ...planSteps(data) };
  const valuation = valuationNotes(data, shown);
  collect(shown, "", currency, fields, blocks, 0, reading);
  placeValuation(blocks, valuation);
  if (estimates) blocks.unshift(estimates);
  const head = reading.calc && hasAmounts(data, "") ? calcNote(data) : null;
  return [
    ...(head ? [head] : []),
    ...(fields.length ? [{ kind: "fields", rows: fields } as Block] : []),
    ...blocks,
    ...(valuation.cited ? [valuation.cited] : []),
  ];
}

/**
 * research.plan's steps with "none" where a step names nothing missing (the field is left out
 * of such steps, and a bare "—" read as if something were unknown).
 */
function planSteps(data: Record<string, unknown>): Record<string, unknown> {
  if (typeof data.plan_type !== "string" || !isRecordArray(data.steps)) return data;
  // commands apart by "; ": a command's own commas (forms=10-K,10-Q) read as the list's otherwise
  const lines = (v: unknown) => Array.isArray(v) ? v.map(String).join("; ") : v;
  return {
    ...data,
    steps: data.steps.map((s) => ({
      ...s,
      commands: lines(s.commands),
      missing: lines(s.missing) ?? "none",
    })),
  };
}

/** How a result's fields read: what its nulls mean and which currencies it names. */
interface Reading {
  named: Record<string, string | null>;
  /** A calculation (formula.*, valuation.*): a `method` and the `inputs` it was given. */
  calc: boolean;
  /** A provider's answer (it names its provider): a null is a figure it did not report. */
  sourced: boolean;
  /** The result's own warnings (data.warnings), for the reason a figure is missing. */
  cautions: string[];
  /** A comparison whose top-level fields echo the arguments given (estimates.compare). */
  echoes: boolean;
  /** What a null `fx` means when no exchange rate is needed (valuation.*), else null. */
  noFx: string | null;
  /** Decimals every price of a quote prints with (market.quote), or null for other results. */
  priceDecimals: number | null;
  /** How the result forms each figure it computes (its `method`), by the figure's name. */
  method: Record<string, unknown>;
  /** The result's top-level fields, for the inputs a formula names. */
  fields: Record<string, unknown>;
}

/**
 * Results whose nulls are figures their provider did not report: a company's profile
 * (symbol.profile), its calendar (calendar.company), its multiples (valuation.multiples) and
 * analysts' estimates. Other results keep their own reading of a null.
 */
function saysNotReported(data: Record<string, unknown>): boolean {
  return ("sector_key" in data && "industry_key" in data) || "earnings_dates" in data ||
    isRecord(data.multiples) || Array.isArray(data.estimates);
}

/** A calculator's result: it states its method and echoes its inputs. */
function isCalculation(data: Record<string, unknown>): boolean {
  return typeof data.method === "string" && isRecord(data.inputs);
}

/**
 * What a null field means, said in words (a bare "—" says nothing): an input not given, a
 * figure not computed, or one the provider did not report, with the reason the result's own
 * warnings give when one names the field.
 */
function nullText(name: string, key: string, reading: Reading): string | null {
  // estimates.compare echoes what it was given at its top (currency, eps_basis, fiscal_year)
  if (reading.echoes && !name.includes(".")) return "not given";
  if (reading.calc) {
    return name.startsWith("inputs.") ? "not given" : "not computed (the warnings say why)";
  }
  // sources.status: no shared cache configured, this machine's alone
  if (name === "cache.shared") return "none (this machine's cache only)";
  if (!reading.sourced) return null;
  // no rate where none is needed: the figures are in one currency already
  if (key === "fx" && reading.noFx) return reading.noFx;
  const named = new RegExp(`\\b${key.replace(/[^\w]/g, "\\$&")}\\b`);
  const why = reading.cautions.find((w) => named.test(w));
  // a figure the result forms itself (valuation.multiples' ratios and its revenue in the market
  // cap's currency) is not computed, not unreported: said with why, or with the inputs its
  // formula names that are missing
  if (
    (name.startsWith("multiples.") || name === key) && typeof reading.method[key] === "string"
  ) {
    if (why) return `not computed (${why})`;
    const missing = (reading.method[key] as string).split(/[^\w]+/).filter((w) =>
      Object.hasOwn(reading.fields, w) && reading.fields[w] === null
    );
    return missing.length
      ? `not computed: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} missing`
      : "not computed";
  }
  return why ? `not reported (${why})` : "not reported";
}

/** Figures that are counts or pure numbers, neither amounts nor rates. */
const PURE_KEYS = /^(?:beta|periods|t|sign_changes|iterations|ratio|discount_factor|count)$/;

/** True when a calculation states an amount (not only rates, multiples, days or counts). */
function hasAmounts(obj: Record<string, unknown>, prefix: string): boolean {
  return Object.entries(obj).some(([k, v]) => {
    if (isRecord(v)) return hasAmounts(v, `${prefix}${k}.`);
    const x = Array.isArray(v) ? v.find((e) => typeof e === "number") : v;
    if (typeof x !== "number" || PURE_KEYS.test(k) || prefix === "weights.") return false;
    return !unitFigure(prefix, k, x, true) && !fieldText(k, x).endsWith("%");
  });
}

/**
 * A calculator's note on its amounts: they are in the currency and scale of the inputs it was
 * given, which it neither knows nor converts (a bare 11,969 reads as if it had a unit).
 */
function calcNote(data: Record<string, unknown>): Block | null {
  if (typeof data.currency === "string") return null;
  return {
    kind: "note",
    text: "Amounts are in the currency and scale of the inputs (none is stated or converted).",
  };
}

function collect(
  obj: Record<string, unknown>,
  prefix: string,
  currency: string | null,
  fields: [string, string][],
  blocks: Block[],
  depth: number,
  reading: Reading,
): void {
  const named = reading.named;
  // a nested record in a currency of its own (one symbol's series among several) prices in it;
  // one that states none (an index's series beside a stock's) is in none
  if (typeof obj.currency === "string") currency = obj.currency;
  else if (obj.currency === null && depth > 0) currency = null;
  const unit = currency ? undefined : seriesUnit(obj);
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix + k;
    // data.warnings repeats the envelope's warnings, which print once at the end
    if (k === "warnings" && depth === 0 && Array.isArray(v)) continue;
    // a list taken out to be shown as its own block (estimates) is left out here
    if (v === undefined) continue;
    // each figure's currency is said beside it: the map of them would only repeat it
    if (k === "figure_currencies" && isRecord(v)) continue;
    const withUnit = typeof v === "number" ? unitFigure(prefix, k, v, reading.calc) : null;
    const missing = v === null ? nullText(name, k, reading) : null;
    if (missing) fields.push([name, missing]);
    else if (withUnit) fields.push([name, withUnit]);
    else if (isRecordArray(v)) blocks.push(recordsTable(name, v, currency, named, unit));
    else if (isRecord(v) && depth < 2) {
      collect(v, `${name}.`, currency, fields, blocks, depth + 1, reading);
    } else if (typeof v === "string" && (v.includes("\n") || v.length > 300)) {
      blocks.push({ kind: "text", caption: `${name}:`, text: v });
    } else if (typeof v === "number" && quotePriceKey(reading, prefix, k)) {
      // a quote's prices at one precision: 1.0490 beside 1.0495, never 1.049 beside 1.0495
      fields.push([
        name,
        quotePrice(v, k, reading.priceDecimals!, currencyFor(obj, k, currency), unit),
      ]);
    } else if (typeof v === "number" && statedNone(obj, k)) {
      // the map of figure currencies is not shown: a figure it says has none says so itself
      fields.push([name, `${money(v)} (no currency stated)`]);
    } else if (typeof v === "number" && hasOwnCurrency(obj, k)) {
      // a figure the data gives a currency for is money whatever its name
      fields.push([name, money(v, currencyFor(obj, k, currency))]);
    } else if (typeof v === "number" && unit && isMoneyKey(k) && !/cap$/.test(k)) {
      // an index's level or a future's price in points: never a bare figure read as money
      fields.push([name, unitText(v, unit)]);
    } else if (typeof v === "number" && depth > 0 && named[k]) {
      // a nested figure named by a currency the result states (assumptions.revenue)
      fields.push([name, money(v, named[k])]);
    } else fields.push([name, fieldText(fieldKey(prefix, k), v, currencyFor(obj, k, currency))]);
  }
}

/**
 * What a series' prices are counted in when it states no currency (`currency: null` beside a
 * `price_basis`): an index's levels in points or percent, as price_basis says, else no currency
 * at all (a future in index points or points of par): its table never reads as money, nor bare.
 */
function seriesUnit(obj: Record<string, unknown>): string | undefined {
  if (obj.currency !== null) return undefined;
  if (typeof obj.price_basis === "string") {
    return indexLevelIn(obj.price_basis) ?? NO_CURRENCY;
  }
  // a quote of an index is in points, of a future with no currency in a unit its warning names
  if (obj.quote_type === "INDEX") return "points";
  if (obj.quote_type === "FUTURE") return NO_CURRENCY;
  return undefined;
}

/** A quote's prices (market.quote), which print at one precision. */
const QUOTE_PRICES =
  /^(?:price|previous_close|open|day_high|day_low|fifty_two_week_high|fifty_two_week_low|bid|ask)$/;

/**
 * The one number of decimals of a quote's prices: the most any of them needs (price 1.0489877
 * needs 3, previous close 1.0495383 needs 4: all print with 4), no more than the quote's
 * `price_hint` when it states one. Null for a result that is no quote.
 */
function quoteDecimals(data: Record<string, unknown>): number | null {
  if (!("price" in data) || !("previous_close" in data)) return null;
  const ext = isRecord(data.extended_hours) ? data.extended_hours.price : null;
  const prices = [
    ...Object.entries(data).filter(([k]) => QUOTE_PRICES.test(k)).map(([, v]) => v),
    ext,
  ].filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  if (!prices.length) return null;
  const most = Math.max(...prices.map(moneyDecimals));
  const hint = data.price_hint;
  return typeof hint === "number" && Number.isInteger(hint) && hint >= 0
    ? Math.min(most, hint)
    : most;
}

/** True for a quote's price (and its change, and its extended-hours trade's). */
function quotePriceKey(reading: Reading, prefix: string, key: string): boolean {
  if (reading.priceDecimals === null) return false;
  if (prefix === "") return QUOTE_PRICES.test(key) || key === "change";
  return prefix === "extended_hours." && (key === "price" || key === "change");
}

/**
 * A quote's price at the quote's decimals; a change too small for two digits at them keeps
 * its own (a currency pair's -0.0005505 is not rounded to -0.0006).
 */
function quotePrice(
  v: number,
  key: string,
  decimals: number,
  currency: string | null,
  unit: string | undefined,
): string {
  // a change too small to show two digits at the quote's decimals keeps its own
  const d = key === "change" && v !== 0 && Math.abs(v) < 10 ** (1 - decimals)
    ? Math.max(decimals, moneyDecimals(v))
    : decimals;
  if (currency) return money(v, currency, d);
  if (!unit) return money(v, null, d);
  return unit === NO_CURRENCY
    ? `${money(v, null, d)} (no currency stated; see the warnings)`
    : `${money(v, null, d)} ${unit}`;
}

/** A price with no currency, with the unit its record names: `23.77 points`. */
function unitText(v: number, unit: string): string {
  return unit === NO_CURRENCY
    ? `${money(v)} (no currency stated; see the warnings)`
    : `${money(v)} ${unit}`;
}

/**
 * The name a field is formatted by: an entry of a `weights` record (WACC's `weights.equity`,
 * `weights.debt`) is a weight, a share of the whole, whatever its own name says (`equity` alone
 * would read as money).
 */
function fieldKey(prefix: string, key: string): string {
  return /(?:^|\.)weights\.$/.test(prefix) ? "weight" : key;
}

/**
 * The currencies a result states by name at its top (`revenue_currency: "USD"` → revenue: USD),
 * for the same figures nested in it: valuation.scenario's `assumptions.revenue` and each case's
 * `revenue` are in the revenue currency it states once, and read bare without it.
 */
function namedCurrencies(data: Record<string, unknown>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(data)) {
    const m = /^(.+)_currency$/.exec(k);
    // null too: estimates.compare's consensus_currency null says the consensus states none
    if (m && (typeof v === "string" || v === null)) out[m[1]] = v;
  }
  return out;
}

/**
 * The currency one money field is in: its own `<key>_currency`, else the record's
 * `figure_currencies` entry (caps in GBP beside a price in GBp, cash in EUR beside a USD quote),
 * else the record's `currency`.
 */
function currencyFor(
  obj: Record<string, unknown>,
  key: string,
  fallback: string | null,
): string | null {
  const own = obj[`${key}_currency`];
  if (typeof own === "string") return own;
  const map = obj.figure_currencies;
  if (isRecord(map) && Object.hasOwn(map, key)) {
    return typeof map[key] === "string" ? map[key] as string : null;
  }
  return fallback;
}

/** True when the record names this field's currency (`<key>_currency` or `figure_currencies`). */
function hasOwnCurrency(obj: Record<string, unknown>, key: string): boolean {
  const map = obj.figure_currencies;
  return typeof obj[`${key}_currency`] === "string" ||
    (isRecord(map) && typeof map[key] === "string");
}

/** True when the record's `figure_currencies` names this figure with no currency (null). */
function statedNone(obj: Record<string, unknown>, key: string): boolean {
  const map = obj.figure_currencies;
  return isRecord(map) && Object.hasOwn(map, key) && map[key] === null;
}
