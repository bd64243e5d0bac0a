/**
 * Lists of records as tables, for the generic view (generic.ts) and the views that reuse it: the
 * scalar fields as columns (one level of nesting flattened), money columns in their currency and at
 * one precision, a time series' newest rows, row warnings under the table, URLs last and in full.
 */
import {
  type Block,
  type Cell,
  type Column,
  fieldText,
  flatText,
  formatNumber,
  honestColumns,
  isMoneyKey,
  isRecord,
  isUrl,
  money,
  twoDecimals,
} from "./model.ts";
import { majorOf } from "../../analysis/market/units.ts";

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

/**
 * The unit of a figure the generic formatter would print bare: multiples (`15` → `15.00x`),
 * a turnover (times a year), days, a share count. Null when the name says none of these.
 */
export function unitFigure(prefix: string, key: string, v: number, calc: boolean): string | null {
  if (/(?:^|_)multiple$|^turnover$/.test(key) || /(?:^|\.)multiples\.$/.test(prefix)) {
    return `${twoDecimals(v)}x`;
  }
  if (calc && key === "days") return `${formatNumber(v)} days`;
  if (key === "shares" && Number.isInteger(v)) return `${formatNumber(v)} shares`;
  return null;
}

/** Decimals money() prints a figure with on its own (1.0489877 → 3, "1.049"; 190.5 → 2). */
export function moneyDecimals(v: number): number {
  return /\.(\d+)$/.exec(money(v))?.[1].length ?? 0;
}

/** The caption's words for prices with no currency and no unit the data names. */
export const NO_CURRENCY = "no currency";

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
    // a gap between two amounts (estimates.compare's yours − consensus) is in their currency,
    // only when both sides state the same one (an unstated consensus leaves the gap unstated)
    const gap = leaf === "absolute_gap" && named.consensus === oneCurrency;
    const amount = isMoneyKey(leaf) || gap;
    return oneCurrency && amount ? columnCurrency(leaf, oneCurrency) : null;
  });
  // a description (screen.predefined's) wraps onto more lines rather than ending in "…"
  const columns: Column[] = shown.map((k, i) => ({
    name: k,
    number: numeric[i],
    ...(k === "description" && !numeric[i] ? { wrap: true } : {}),
  }));
  // the caption names each currency the money columns are in (pence prices, pound caps)
  const byCurrency = new Map<string, string[]>();
  shown.forEach((k, i) => {
    const c = columnMoney[i];
    if (c) byCurrency.set(c, [...byCurrency.get(c) ?? [], k]);
  });
  // a money column prints at one precision, the most any of its figures needs, and a bar's
  // prices (open, high, low, close) share one: a low of 1,518 beside a high of 1,528.70 reads
  // 1,518.00, not as a whole amount
  const figuresOf = (k: string) =>
    flat.map((r) => r[k]).filter((v): v is number => typeof v === "number");
  const precision = (figures: number[]) =>
    figures.some((v) => !Number.isInteger(v)) ? Math.max(...figures.map(moneyDecimals)) : undefined;
  const barPrice = (k: string, i: number) =>
    !!columnMoney[i] && BAR_PRICES.test(k.split(".").pop() ?? k);
  const barDecimals = precision(
    shown.filter(barPrice).flatMap(figuresOf),
  );
  const columnDecimals = shown.map((k, i) =>
    !columnMoney[i] ? undefined : barPrice(k, i) ? barDecimals : precision(figuresOf(k))
  );
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
      const withUnit = typeof v === "number"
        ? unitFigure(`${k}.`.slice(0, -leaf.length - 1), leaf, v, false)
        : null;
      return {
        text: columnMoney[i] && typeof v === "number"
          ? money(v, undefined, columnDecimals[i])
          : v === null && leaf === "package" && "package_installed" in r
          // sources.*: a provider that needs no package of its own
          ? "none needed"
          : withUnit ?? fieldText(leaf, v, cur),
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

/** A bar's prices, which print at one precision across their columns. */
const BAR_PRICES = /^(?:open|high|low|close|adj_close|adjclose|vwap)$/;

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
