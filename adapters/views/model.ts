/**
 * What a view produces: a short list of blocks (title, fields, tables, matches, prose, notes)
 * that the text renderer lays out for a terminal and the HTML renderer for a notebook, so both
 * show the same content.
 */

/** One cell of a table. `number` cells align right and are never cut. */
export interface Cell {
  text: string;
  /** Right-aligned, never clipped. */
  number?: boolean;
  /** Leading indent in levels (statement rows). */
  indent?: number;
  /** A total: set apart by a rule above its numbers and bold in HTML. */
  total?: boolean;
  /** A link target, shown in full. */
  href?: string;
}

/** A column of a table. */
export interface Column {
  /** Header; may hold "\n" for a two-line header. */
  name: string;
  /** Right-aligned (numbers). */
  number?: boolean;
  /** Wrap text that does not fit onto more lines instead of ending it with "…". */
  wrap?: boolean;
}

/** A match inside a document, with the matched words marked in its context. */
export interface Match {
  /** Head line: the key fields (page, score, date, title …). */
  head: string;
  /** Context before the match, the match, and after it. */
  before?: string;
  match?: string;
  after?: string;
  /** Extra lines: URL, citation. */
  lines?: string[];
}

export type Block =
  | { kind: "title"; text: string }
  | { kind: "fields"; rows: [string, string][] }
  | {
    kind: "table";
    caption?: string;
    columns: Column[];
    rows: Cell[][];
    note?: string;
    /**
     * Columns are periods or other parts of one whole: when they do not fit, the first `fold`
     * columns (the labels) are repeated over a second grid of the rest instead of leaving the
     * rightmost (the newest) out.
     */
    fold?: number;
  }
  | { kind: "matches"; caption?: string; items: Match[] }
  | { kind: "text"; text: string; caption?: string }
  | { kind: "note"; text: string };

/** A view turns a command's `data` into blocks. */
export type View = (data: unknown) => Block[];

// ---------------------------------------------------------------- value formatting

/** Thousands separators; up to `digits` decimals, trailing zeros kept at `min`. */
export function formatNumber(n: number, digits = 2, min = 0): string {
  if (!Number.isFinite(n)) return "—";
  const abs = Math.abs(n);
  const max = Number.isInteger(n) ? 0 : abs >= 100 ? Math.min(digits, 2) : abs >= 1 ? digits : 4;
  return unsignedZero(n.toLocaleString("en-US", {
    minimumFractionDigits: Math.min(min, max),
    maximumFractionDigits: max,
  }));
}

/** Below this an amount of money is float residue (-1e-9 after a sum) and reads 0.00. */
const NOISE_FLOOR = 1e-8;

/**
 * Decimals that keep three significant digits of a small value (0.000225 → 6, 0.00000002 →
 * 10); zero at or above 0.001 and below the noise floor.
 */
function smallDecimals(abs: number): number {
  if (abs >= 0.001 || abs < NOISE_FLOOR) return 0;
  return Math.min(20, Math.ceil(-Math.log10(abs)) + 2);
}

/** A value that rounds to zero reads `0`, never `-0` (an NPV of -1e-14 at the IRR). */
function unsignedZero(text: string): string {
  return /^-[0.,]+$/.test(text) ? text.slice(1) : text;
}

/**
 * A number as a sheet cell or a compact field holds it: every digit it has (a sheet's figure
 * reads back as the exact JSON value), binary residue aside (0.1 + 0.2 is 0.3, not
 * 0.30000000000000004); `digits` below 15 rounds to that many (compact); never in scientific
 * notation (0.0000001, not 1e-7, which some spreadsheets read as text), empty when it is not
 * a finite number (NaN and Infinity are no figures). Safe integers stay exact.
 */
export function plainNumber(n: number, digits = 15): string {
  if (!Number.isFinite(n)) return "";
  if (Number.isSafeInteger(n)) return String(n === 0 ? 0 : n);
  // the shorter figure only where it is the same number but for binary residue (two units in
  // the last place): a computed 1627.2079069823367 keeps every digit and reads back exact
  const short = Number(n.toPrecision(digits));
  const residue = Math.abs(short - n) <= Math.abs(n) * Number.EPSILON * 2;
  const text = String(digits < 15 || residue ? short : n);
  return text === "-0" ? "0" : positional(text);
}

/** `1e-7` → `0.0000001`, `1.5e+21` → `1500000000000000000000`; other text unchanged. */
function positional(text: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign, lead, rest = "", exp] = m;
  const digits = lead + rest;
  const point = 1 + Number(exp); // where the decimal point falls in `digits`
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Two decimals with separators (ratios: Sharpe, profit factor). */
export function twoDecimals(n: number): string {
  return unsignedZero(
    n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
}

/** A number already in percent units: `24.935478` → `24.94%`. */
export function percent(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  return `${
    unsignedZero(n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
  }%`;
}

/**
 * Money with its currency: `USD 124,935.48`. `fixed`, when given, fixes the number of
 * decimals (a quote's prices all at one precision, so a column reads alike).
 */
export function money(
  n: number | null | undefined,
  currency?: string | null,
  fixed?: number,
): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return "—";
  if (fixed !== undefined) {
    const d = Math.max(0, Math.min(20, Math.round(fixed)));
    const text = unsignedZero(
      n.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }),
    );
    return currency ? `${currency} ${text}` : text;
  }
  // whole amounts of a thousand or more (market caps, portfolio values) print without cents;
  // below 10 a price keeps up to four decimals (EURUSD 1.0490, not 1.05 for 1.0489877; a
  // 0.0765 token, not 0.08), below a cent six; cents otherwise
  const a = Math.abs(n);
  const whole = Number.isInteger(n) && a >= 1000;
  // a token at 0.00000002 keeps its digits (six decimals printed it 0.00)
  const decimals = n !== 0 && a < 0.01 ? Math.max(6, smallDecimals(a) + 1) : a < 10 ? 4 : 2;
  const text = unsignedZero(n.toLocaleString("en-US", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: decimals,
  }));
  return currency ? `${currency} ${text}` : text;
}

/** A figure with a negative in parentheses, the statement convention. */
export function accounting(n: number, decimals = 0): string {
  const text = Math.abs(n).toLocaleString("en-US", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return n < 0 && /[1-9]/.test(text) ? `(${text})` : text;
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** ISO date-times read as `2024-04-25 16:05:10 UTC`; other strings unchanged. */
export function dateText(s: string): string {
  const m = ISO_INSTANT.exec(s);
  if (!m) return s;
  return `${m[1]} ${m[2]} ${m[3] === "Z" ? "UTC" : m[3]}`;
}

/** True for http(s) URLs. */
export function isUrl(v: unknown): v is string {
  return typeof v === "string" && /^https?:\/\//.test(v);
}

/**
 * A result's `source_urls` (the URLs it was read from), for a Source note to print one per line
 * and in full: the citation a reader opens, which a description of the source is not.
 */
export function sourceUrls(data: Record<string, unknown>): string[] {
  return Array.isArray(data.source_urls) ? data.source_urls.filter(isUrl) : [];
}

/** How a field reads, from its name: `total_return_pct` → `total return`. */
export function label(key: string): string {
  return key.replace(/_pct$/, "").replace(/_/g, " ");
}

/**
 * Formats one field by its name and value: `*_pct` as percent, `*_ratio` with two decimals,
 * ISO date-times as dates, numbers with separators; objects and lists as short JSON-free text.
 */
/** Fields the data holds as fractions that read as percents. */
/** `_pct` fields that nonetheless hold fractions (factor baskets' shares of the ranking). */
const FRACTION_PCT_KEYS = /^(?:top|bottom)_pct$/;

/**
 * Fields that hold a rate as a fraction: calculators' inputs and results (discount_rate,
 * tax_rate, terminal_growth, wacc, cagr, margin, irr, roic, CAPM's costs and premium).
 * Percent-unit fields end in `_pct` and are read before these.
 */
// `return` only as a rate's own name: move_vs_20d_avg_abs_return is a multiple (3.2x), not 320%
const RATE_KEYS =
  /(?:^|_)(?:rate|wacc|cagr|growth|margin|yield)$|^(?:market_)?return$|^(?:irr|roic|risk_free|market_risk_premium)$|^cost_of_(?:equity|debt)(?:_after_tax|_used)?$/;

/**
 * A fraction as a percent: two decimals, or up to four when that states the value exactly (an
 * input of 4.617% stays 4.617%; a computed 14.4714…% reads 14.47%).
 */
export function ratePercent(v: number): string {
  const pct = v * 100;
  const exact = [2, 3, 4].find((d) => Math.abs(Number(pct.toFixed(d)) - pct) < 1e-9) ?? 2;
  return `${
    unsignedZero(
      pct.toLocaleString("en-US", { minimumFractionDigits: exact, maximumFractionDigits: exact }),
    )
  }%`;
}

// percent_revenue is formula.operating_cash's share of revenue, given as 2% and held as 0.02;
// weight is a share of a whole (WACC's weights.equity 0.8 is 80%), see generic.ts;
// estimates.compare's percent_gap is a fraction beside its percent_gap_pct (0.1 is 10%, and
// printed bare it read as 0.1%)
const FRACTION_KEYS =
  /_yield$|^market_weight$|^expense_ratio$|^terminal_share$|^irr_candidates$|^percent_revenue$|^weight$|^percent_gap$|^(?:gross|net)_exposure$/;

export function fieldText(key: string, v: unknown, currency?: string | null): string {
  if (v === null || v === undefined) return "—";
  if (typeof v === "number") {
    // a basket's top_pct and bottom_pct are fractions of the ranked list (0.34 is 34%)
    if (FRACTION_PCT_KEYS.test(key)) return percent(v * 100);
    // a rate's percent (wacc_pct beside wacc) reads as the rate does: 8.985% on both lines
    if (key.endsWith("_pct") && RATE_KEYS.test(key.slice(0, -4))) return ratePercent(v / 100);
    if (key.endsWith("_pct") || key === "change_percent") return percent(v);
    // yields, market weights, expense ratios and a DCF's terminal share are fractions in the data
    // (dividend_yield 0.0041, a sector's market_weight 0.3, an ETF's expense_ratio 0.0009): read
    // as the percent they are, not rounded away to 0.00
    if (FRACTION_KEYS.test(key)) return percent(v * 100);
    if (/_ratio$|^profit_factor$/.test(key)) return twoDecimals(v);
    // an exchange rate to its quoted precision (1.0489877, not 1.05)
    if (key === "rate" || key === "fx_rate") return String(Number(v.toPrecision(8)));
    // calculators' rates are fractions (wacc 0.0945, discount_rate 0.1): read as percents
    if (RATE_KEYS.test(key)) return ratePercent(v);
    if (currency && MONEY_KEYS.test(key)) return money(v, currency);
    if (/_bytes$/.test(key) && Number.isInteger(v) && v >= 1024) {
      return `${formatNumber(v)} (${byteSize(v)})`;
    }
    return formatNumber(v, Math.abs(v) >= 1 ? 2 : 4);
  }
  if (typeof v === "string") return dateText(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) {
    // sentences (notes) one per line; short items on one line
    if (v.some((x) => typeof x === "string" && x.length > 40)) return v.map(String).join("\n");
    if (!v.length) return "(none)";
    const items = v.map((x) => (typeof x === "object" ? flatText(x) : fieldText(key, x)));
    // numbers written with thousands commas (2,500,000,000) are told apart by semicolons
    return items.join(items.some((t) => t.includes(",")) ? "; " : ", ");
  }
  return flatText(v);
}

/** A byte count in binary units for reading: `524288000` → `500 MB`, `1536` → `1.5 KB`. */
export function byteSize(n: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) (n /= 1024, i++);
  return `${i ? formatNumber(Number(n.toFixed(1)), 1) : n} ${units[i]}`;
}

const MONEY_KEYS =
  /^(price|change|open|high|low|average|close|adj_close|previous_close|day_high|day_low|fifty_two_week_high|fifty_two_week_low|market_cap|value|amount|pnl|fees|equity|start_value|end_value|cash|expectancy|total_fees_paid|eps|dividend|target_price|bid|ask)$|^eps_(estimate|actual|difference|avg|low|high|mean)$|_(price|value|cap)$/;

/** True for field names that hold an amount of money (prices, values, market cap, P&L). */
export function isMoneyKey(key: string): boolean {
  return MONEY_KEYS.test(key);
}

/** An object on one line: `fast=5 slow=20`. */
export function flatText(v: unknown): string {
  if (v === null || v === undefined) return "—";
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v)) return v.map(flatText).join(", ");
  const o = v as Record<string, unknown>;
  // a basket's member ({symbol, weight, score}) reads as the symbol and its share, AAPL 50.00%
  // (its score stands in the row's own scores columns)
  if (
    typeof o.symbol === "string" && typeof o.weight === "number" &&
    Object.keys(o).every((k) => k === "symbol" || k === "weight" || k === "score")
  ) return `${o.symbol} ${fieldText("weight", o.weight)}`;
  return Object.entries(o)
    .map(([k, x]) => `${k}=${typeof x === "object" && x !== null ? flatText(x) : fieldText(k, x)}`)
    .join(" ");
}

/** A plain record (object, not array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** A non-empty array of plain records. */
/** A record of a result's data, as the views read it. */
export type Rec = Record<string, unknown>;

/** `v` when it is a record, else an empty one (a missing or malformed part reads as absent). */
export const rec = (v: unknown): Rec => (isRecord(v) ? v : {});

/** The records of a list (other items left out), or none when `v` is no list. */
export const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** The parts given (empty ones left out) on one line, apart by a middle dot. */
export const join = (parts: (string | undefined | false | null)[]) =>
  parts.filter(Boolean).join(" · ");

export function isRecordArray(v: unknown): v is Record<string, unknown>[] {
  return Array.isArray(v) && v.length > 0 && v.every(isRecord);
}

/** A string field or undefined. */
export function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** A finite number field or undefined. */
export function num(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

/**
 * Records with their time fields named for what they hold, for sheets and tables a person
 * reads: GDELT's `published_at` is its crawler's first-seen time, the same as `first_seen_at`,
 * so it is left out where it repeats it (and kept where it does not); SEC's raw `acceptance_datetime` is Eastern clock time
 * behind a false `Z`, so it is left out where `acceptance_datetime_eastern` and
 * `accepted_at_utc` both state it honestly, and otherwise named `acceptance_datetime_sec_raw`.
 */
export function honestColumns(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const has = (k: string) => rows.some((r) => Object.hasOwn(r, k));
  let out = rows;
  if (has("published_at") && has("first_seen_at")) {
    // a published_at of its own (not GDELT's) stays
    const same = rows.every((r) => !r.published_at || r.published_at === r.first_seen_at);
    if (same) out = out.map(({ published_at: _repeat, ...r }) => r);
  }
  if (has("acceptance_datetime") && has("acceptance_datetime_eastern")) {
    const stated = out.every((r) =>
      !r.acceptance_datetime || (r.acceptance_datetime_eastern && r.accepted_at_utc)
    );
    out = out.map((r) => {
      const { acceptance_datetime, ...rest } = r;
      if (stated) return rest;
      // the raw value beside the honest ones, under a name that does not claim UTC
      const keys = Object.keys(r);
      const at = keys.indexOf("acceptance_datetime");
      return Object.fromEntries(
        keys.map((k, i) =>
          i === at ? ["acceptance_datetime_sec_raw", acceptance_datetime] : [k, r[k]]
        ),
      );
    });
  }
  return out;
}
