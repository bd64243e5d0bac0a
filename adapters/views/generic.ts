/**
 * The fallback view for commands without their own: scalars as fields (nested objects with
 * dotted names), lists of records as tables, long text as paragraphs. Values are formatted by
 * field name (percent, money with its currency, dates) and never cut.
 */
import {
  type Block,
  type Cell,
  type Column,
  fieldText,
  flatText,
  honestColumns,
  isMoneyKey,
  isRecord,
  isRecordArray,
  isUrl,
  money,
} from "./model.ts";
import { indexLevelIn, majorOf } from "../../analysis/market/units.ts";

/**
 * A market cap or other total is stated in a currency's major unit (Yahoo's GBP cap of a listing
 * quoted in GBp), a price in the listing's own: the currency a money column is in.
 */
function columnCurrency(key: string, currency: string | null): string | null {
  if (!currency || !/(?:^|_)(?:market_cap|cap)$/.test(key)) return currency;
  return majorOf(currency) ?? currency;
}

/** Rows shown per table; the rest are counted. */
export const MAX_ROWS = 50;
const MAX_COLUMNS = 10;

/** The generic view. */
export function genericView(data: unknown): Block[] {
  if (!isRecord(data)) {
    if (isRecordArray(data)) return [recordsTable("rows", data)];
    return [{ kind: "note", text: fieldText("", data) }];
  }
  const fields: [string, string][] = [];
  const blocks: Block[] = [];
  const currency = typeof data.currency === "string" ? data.currency : null;
  collect(data, "", currency, fields, blocks, 0, namedCurrencies(data));
  return [...(fields.length ? [{ kind: "fields", rows: fields } as Block] : []), ...blocks];
}

function collect(
  obj: Record<string, unknown>,
  prefix: string,
  currency: string | null,
  fields: [string, string][],
  blocks: Block[],
  depth: number,
  named: Record<string, string | null>,
): void {
  // a nested record in a currency of its own (one symbol's series among several) prices in it;
  // one that states none (an index's series beside a stock's) is in none
  if (typeof obj.currency === "string") currency = obj.currency;
  else if (obj.currency === null && depth > 0) currency = null;
  const unit = currency ? undefined : seriesUnit(obj);
  for (const [k, v] of Object.entries(obj)) {
    const name = prefix + k;
    // data.warnings repeats the envelope's warnings, which print once at the end
    if (k === "warnings" && depth === 0 && Array.isArray(v)) continue;
    if (isRecordArray(v)) blocks.push(recordsTable(name, v, currency, named, unit));
    else if (isRecord(v) && depth < 2) {
      collect(v, `${name}.`, currency, fields, blocks, depth + 1, named);
    } else if (typeof v === "string" && (v.includes("\n") || v.length > 300)) {
      blocks.push({ kind: "text", caption: `${name}:`, text: v });
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

/** A price with no currency, with the unit its record names: `23.77 points`. */
function unitText(v: number, unit: string): string {
  return unit === NO_CURRENCY
    ? `${money(v)} (no currency stated; see the warnings)`
    : `${money(v)} ${unit}`;
}

/** The caption's words for prices with no currency and no unit the data names. */
const NO_CURRENCY = "no currency";

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
 * The currency a result names for a table column (`revenue` or `consensus_value` by
 * `revenue_currency`, `consensus_currency`): a string, null when it names none, undefined when
 * it says nothing of the column.
 */
function namedFor(named: Record<string, string | null>, leaf: string): string | null | undefined {
  if (Object.hasOwn(named, leaf)) return named[leaf];
  const base = /^(.+)_value$/.exec(leaf)?.[1];
  return base !== undefined && Object.hasOwn(named, base) ? named[base] : undefined;
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

/** A field holding a row's own warnings (`warnings`, `warning`, `quality.warnings`). */
function isWarningKey(key: string): boolean {
  return /^warnings?$/.test(key.split(".").pop() ?? key);
}

/** A value with something in it (not null, not "", not an empty list). */
function filled(value: unknown): boolean {
  return value !== null && value !== undefined && value !== "";
}

/** A list of records as a table: scalar fields (one level of nesting flattened) as columns. */
export function recordsTable(
  name: string,
  rows: Record<string, unknown>[],
  currency: string | null = null,
  named: Record<string, string | null> = {},
  unit?: string,
): Block {
  const all = honestColumns(rows).map((r) => flatten(r));
  // a time series oldest first shows its newest rows (the ones a reader came for); a list in
  // any other order (ranked by relevance, newest first) its first
  const timeKey = timeSeriesKey(all);
  const cut = Math.max(0, all.length - MAX_ROWS);
  const flat = timeKey ? all.slice(cut) : all.slice(0, MAX_ROWS);
  const keys: string[] = [];
  for (const r of flat) {
    for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  }
  // a row's own warnings are said under the table, row by row, never left among the fields not
  // shown (a narrow table would hide exactly the caution a reader needs)
  const cautions = keys.filter((k) => isWarningKey(k) && flat.some((r) => filled(r[k])));
  // URLs last, so a narrow terminal still shows the key fields together; but always shown (a
  // citation's link is the point of it), each distinct one once (url and citation.url alike)
  const plain = keys.filter((k) => !isUrlColumn(flat, k) && !cautions.includes(k));
  const links: string[] = [];
  for (const k of keys.filter((k) => isUrlColumn(flat, k))) {
    if (!links.some((l) => flat.every((r) => r[l] === r[k]))) links.push(k);
  }
  const urls = links.slice(0, 3);
  const ordered = [...plain, ...links];
  const shown = [...plain.slice(0, Math.max(1, MAX_COLUMNS - urls.length)), ...urls];
  const numeric = shown.map((k) =>
    flat.every((r) => r[k] === null || r[k] === undefined || typeof r[k] === "number")
  );
  // money columns in one currency say it once, in the header, and keep two decimals
  const currencies = new Set(
    all.map((r) => (typeof r.currency === "string" ? r.currency : currency)),
  );
  // prices with no currency are labelled with the unit the series names (index points)
  const oneCurrency = currencies.size === 1 ? [...currencies][0] ?? unit ?? null : null;
  // a column the result names a currency for (`revenue_currency` beside cases' `revenue`) is in
  // it; other money columns are in the rows' one currency
  const columnMoney = shown.map((k, i) => {
    const leaf = k.split(".").pop() ?? k;
    if (!numeric[i]) return null;
    const own = namedFor(named, leaf);
    if (own !== undefined) return own;
    return oneCurrency && isMoneyKey(leaf) ? columnCurrency(leaf, oneCurrency) : null;
  });
  const columns: Column[] = shown.map((k, i) => ({ name: k, number: numeric[i] }));
  // the caption names each currency the money columns are in (pence prices, pound caps)
  const byCurrency = new Map<string, string[]>();
  shown.forEach((k, i) => {
    const c = columnMoney[i];
    if (c) byCurrency.set(c, [...byCurrency.get(c) ?? [], k]);
  });
  const cells: Cell[][] = flat.map((r) =>
    shown.map((k, i) => {
      const v = r[k];
      const leaf = k.split(".").pop() ?? k;
      // a column the result says has no currency (consensus_currency null) gets none
      const cur = namedFor(named, leaf) === null
        ? null
        : typeof r.currency === "string"
        ? r.currency
        : currency;
      return {
        text: columnMoney[i] && typeof v === "number" ? money(v) : fieldText(leaf, v, cur),
        number: numeric[i] && typeof v === "number",
        href: isUrl(v) ? v : undefined,
      };
    })
  );
  const notes: string[] = [];
  if (timeKey && cut) {
    notes.push(
      `the oldest ${cut} of ${rows.length} rows not shown (${timeKey} ${all[0][timeKey]} to ${
        all[cut - 1][timeKey]
      }); these are the newest ${MAX_ROWS}`,
    );
  } else if (rows.length > MAX_ROWS) {
    notes.push(`${rows.length - MAX_ROWS} more rows not shown`);
  }
  const hidden = ordered.filter((k) => !shown.includes(k));
  if (hidden.length) notes.push(`fields not shown: ${hidden.join(", ")}`);
  flat.forEach((r, i) => {
    const row = timeKey ? cut + i + 1 : i + 1;
    for (const k of cautions) if (filled(r[k])) notes.push(`row ${row} ${k}: ${r[k]}`);
  });
  return {
    kind: "table",
    caption: `${name} (${rows.length}${
      [...byCurrency].map(([c, ks]) =>
        c === NO_CURRENCY
          ? `; ${ks.join(", ")}: no currency stated, the warnings say their unit`
          : `; ${ks.join(", ")} in ${c}`
      ).join("")
    })`,
    columns,
    rows: cells,
    note: notes.length ? `${notes.join("; ")} (--output json or csv has everything)` : undefined,
  };
}

/** Keys that date the rows of a time series. */
const TIME_KEYS = ["date", "timestamp", "datetime", "time", "period_end", "end_date"];

/**
 * The key that dates rows given oldest first (every row has it as a date-like string and the
 * order never goes back in time), or null: such a table is a time series.
 */
function timeSeriesKey(rows: Record<string, unknown>[]): string | null {
  if (rows.length < 2) return null;
  for (const k of TIME_KEYS) {
    const v = rows.map((r) => r[k]);
    if (!v.every((x) => typeof x === "string" && /^\d{4}-\d{2}/.test(x))) continue;
    const t = v as string[];
    if (t.every((x, i) => i === 0 || t[i - 1] <= x) && t[0] < t[t.length - 1]) return k;
  }
  return null;
}

function isUrlColumn(rows: Record<string, unknown>[], k: string): boolean {
  return rows.some((r) => isUrl(r[k]));
}

/** Flattens nested objects with dotted keys; lists of scalars join with ", ". */
export function flatten(
  obj: Record<string, unknown>,
  prefix = "",
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix + k;
    if (isRecord(v)) flatten(v, `${key}.`, out);
    else if (Array.isArray(v)) {
      out[key] = v.every((x) => x === null || typeof x !== "object") ? v.join(", ") : flatText(v);
    } else out[key] = v;
  }
  return out;
}
