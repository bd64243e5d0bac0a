/**
 * stooq: free daily bars as CSV. A symbol's whole history is fetched once and cached for the
 * day, then sliced locally, so many windows of one symbol cost one request.
 */
import { parseSymbol } from "../../analysis/market/symbols.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import type { Bar } from "../market_a/bars.ts";
import { type BarColumns, rowsOfColumns } from "../../analysis/market/bar_columns.ts";

const P = "stooq";

/** Yahoo index symbols → Stooq's. */
const INDICES: Record<string, string> = {
  "^GSPC": "^spx",
  "^SPX": "^spx",
  "^DJI": "^dji",
  "^IXIC": "^ndq",
  "^NDX": "^ndx",
  "^RUT": "^rut",
  "^FTSE": "^ukx",
  "^GDAXI": "^dax",
  "^FCHI": "^cac",
  "^N225": "^nkx",
  "^HSI": "^hsi",
  "^STOXX50E": "^sx5e",
};

/** Yahoo exchange suffixes → Stooq's market suffixes (the markets Stooq serves daily bars for). */
const MARKETS: Record<string, string> = { L: "uk", DE: "de", T: "jp", HK: "hk" };

const EXPECTS = "Stooq spells symbols aapl.us, brk-b.us, shel.uk, sap.de, 7203.jp, 700.hk, " +
  "^spx, eurusd, gc.f, btcusd";

/**
 * Stooq's spelling of a symbol in Yahoo's canonical form: `AAPL` → `aapl.us`, `BRK-B` →
 * `brk-b.us`, `SHEL.L` → `shel.uk`, `0700.HK` → `700.hk`, `^GSPC` → `^spx`, `EURUSD=X` →
 * `eurusd`, `GC=F` → `gc.f`, `BTC-USD` → `btcusd`. A symbol Stooq has no form for is an
 * InputError that names the provider and the forms it expects.
 */
export function stooqSymbol(symbol: string): string {
  const s = symbol.trim().toUpperCase();
  const refuse = (why: string) =>
    new InputError(`stooq cannot serve ${symbol}: ${why}; ${EXPECTS}`);
  if (s.startsWith("^")) {
    const idx = INDICES[s];
    if (!idx) {
      throw refuse(
        `Stooq has no mapping for the index ${s} (known: ${Object.keys(INDICES).join(", ")})`,
      );
    }
    return idx;
  }
  const fx = /^([A-Z]{3})?([A-Z]{3})=X$/.exec(s);
  if (fx) return `${fx[1] ?? "USD"}${fx[2]}`.toLowerCase();
  if (s.endsWith("=X")) throw refuse("not a currency pair Stooq knows");
  const fut = /^([A-Z0-9]{1,4})=F$/.exec(s);
  if (fut) return `${fut[1].toLowerCase()}.f`;
  const crypto = /^([A-Z0-9]{2,10})-(USD|EUR|GBP|JPY|PLN)$/.exec(s);
  if (crypto) return `${crypto[1]}${crypto[2]}`.toLowerCase();
  if (parseSymbol(s).kind === "crypto") {
    throw refuse("Stooq has crypto pairs against USD, EUR, GBP, JPY and PLN only");
  }
  const dot = s.lastIndexOf(".");
  if (dot < 0) return `${s.toLowerCase()}.us`;
  const root = s.slice(0, dot);
  const suffix = s.slice(dot + 1);
  const market = MARKETS[suffix];
  if (!market) {
    throw refuse(
      `Stooq has no daily bars for the .${suffix} market (it serves US, .L, .DE, .T and .HK listings)`,
    );
  }
  const code = market === "hk" ? root.replace(/^0+(?=\d)/, "") : root;
  return `${code.toLowerCase()}.${market}`;
}

/**
 * Parses Stooq's CSV (English or Polish headers). With `start`/`end` (YYYY-MM-DD, inclusive) only
 * rows in that window are parsed: a symbol's whole history is decades of rows.
 */
export function parseStooqCsv(text: string, symbol: string, start = "", end = "\uffff"): Bar[] {
  return rowsOfColumns(parseStooqColumns(text, symbol, start, end));
}

/**
 * {@link parseStooqCsv} into columns (NaN for an empty or unreadable value): the same bars,
 * without a string per line of the whole history or an object per bar.
 */
export function parseStooqColumns(
  text: string,
  symbol: string,
  start = "",
  end = "\uffff",
): BarColumns {
  const body = text.replace(/^\uFEFF/, "").trim();
  const nl = body.indexOf("\n");
  const head = nl < 0 ? body : body.slice(0, nl).replace(/\r$/, "");
  const header = head.toLowerCase().split(",").map((h) => h.trim());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const iDate = col("date", "data");
  const iClose = col("close", "zamkniecie");
  if (iDate < 0 || iClose < 0) {
    throw new ProviderError(
      P,
      /no data|brak danych/i.test(text)
        ? `Stooq has no daily data for ${symbol}`
        : `Stooq's answer for ${symbol} is not its CSV (starts with '${
          head.slice(0, 80)
        }'); the daily download limit may be exhausted`,
    );
  }
  // Field positions: open, high, low, close, volume (-1 when a column is absent).
  const at = [col("open", "otwarcie"), col("high", "najwyzszy"), col("low", "najnizszy"), iClose]
    .concat(col("volume", "wolumen"));
  const fast = iDate === 0 && at.join() === "1,2,3,4,5" && plainColumns(body, start, end);
  if (fast) return fast;
  const acc = new Columns();
  const fields: string[] = [];
  const last = Math.max(iDate, ...at);
  for (let from = nl < 0 ? body.length : nl + 1; from < body.length;) {
    let to = body.indexOf("\n", from);
    if (to < 0) to = body.length;
    const next = to + 1;
    if (to > from && body.charCodeAt(to - 1) === 13) to--;
    // Rows outside the window are skipped before they are split (the date leads the row).
    if (iDate === 0 && body.charCodeAt(from + 4) === 45) {
      const lead = body.slice(from, from + 10);
      if (lead < start || lead > end) {
        from = next;
        continue;
      }
    }
    // The first fields, as line.split(",") gives them (undefined past the line's end).
    fields.length = 0;
    for (let p = from, f = 0; f <= last; f++) {
      if (p > to) break;
      let c = body.indexOf(",", p);
      if (c < 0 || c > to) c = to;
      fields.push(body.slice(p, c));
      p = c + 1;
    }
    from = next;
    const date = fields[iDate]?.trim();
    if (!date || !DATE.test(date) || date < start || date > end) continue;
    acc.push(date, at.map((i) => (i < 0 ? NaN : num(fields[i]))));
  }
  return acc.done();
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The columns of a CSV in Stooq's usual form (date, open, high, low, close, volume) with every
 * row's date first and in order, and every value in the window a JSON number: the window's rows
 * are found by bisection and read with one JSON.parse instead of a split and six Number calls per
 * row (a JSON number is read as Number reads it). Null for any other CSV (empty or odd values,
 * rows out of order, other columns): the general loop reads it.
 */
function plainColumns(body: string, start: string, end: string): BarColumns | null {
  // With "\n" or "\r\n" the only line breaks, the dates found at line starts are one a line.
  if (/[\u2028\u2029]|\r(?!\n)/.test(body)) return null;
  const leads = body.match(/^\d{4}-\d{2}-\d{2}(?=,)/gm) ?? [];
  if (leads.length !== (body.match(/\n/g)?.length ?? 0)) return null;
  // Every row starts with its date and they ascend (sorting a sorted list is one pass): the
  // window is one run of rows.
  if (leads.slice().sort().join() !== leads.join()) return null;
  const lo = firstAbove(leads, (d) => d >= start);
  const hi = firstAbove(leads, (d) => d > end);
  if (lo >= hi) return null;
  // the first row with each of these dates: earlier rows have earlier dates
  const from = body.indexOf(`\n${leads[lo]}`) + 1;
  const to = hi < leads.length ? body.indexOf(`\n${leads[hi]}`, from) : body.length;
  // each row's values as a JSON array, its date (first on every line) left out
  const json = `[[${
    body.slice(from + 11, to).replaceAll("\r", "").replace(/\n\d{4}-\d{2}-\d{2},/g, "],[")
  }]]`;
  let rows: unknown[][];
  try {
    rows = JSON.parse(json);
  } catch {
    return null;
  }
  const k = hi - lo;
  if (rows.length !== k) return null;
  const values = [0, 1, 2, 3, 4].map(() => new Float64Array(k));
  for (let i = 0; i < k; i++) {
    const row = rows[i];
    if (row.length !== 5) return null;
    for (let j = 0; j < 5; j++) {
      const x = row[j];
      if (typeof x !== "number") return null;
      values[j][i] = Number.isFinite(x) ? x : NaN; // as num(): 1e999 is no value
    }
  }
  const [open, high, low, close, volume] = values;
  return { dates: leads.slice(lo, hi), open, high, low, close, adjClose: close, volume };
}

/** A CSV value as a number; NaN for an empty or non-finite one (null in the rows). */
function num(v: string | undefined): number {
  if (v === undefined || v === "") return NaN;
  const x = Number(v);
  return Number.isFinite(x) ? x : NaN;
}

/**
 * The columns oldest first: Stooq writes rows oldest first, so they are sorted (stably, by date,
 * as the rows were) only when they are not.
 */
function sortedColumns(cols: BarColumns): BarColumns {
  const { dates } = cols;
  let i = 1;
  while (i < dates.length && !(dates[i - 1] > dates[i])) i++;
  if (i >= dates.length) return cols;
  const order = dates.map((_d, j) => j).sort((a, b) => dates[a].localeCompare(dates[b]));
  const pick = (a: Float64Array) => Float64Array.from(order, (j) => a[j]);
  const close = pick(cols.close);
  return {
    dates: order.map((j) => dates[j]),
    open: pick(cols.open),
    high: pick(cols.high),
    low: pick(cols.low),
    close,
    adjClose: close,
    volume: pick(cols.volume),
  };
}

/** The first index of an ascending list whose value passes `above` (the list's length if none). */
function firstAbove(list: string[], above: (v: string) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (above(list[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Growing columns of parsed bars. */
class Columns {
  dates: string[] = [];
  values: Float64Array[] = [0, 1, 2, 3, 4].map(() => new Float64Array(1024));

  push(date: string, v: number[]) {
    const k = this.dates.length;
    if (k === this.values[0].length) {
      this.values = this.values.map((a) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      });
    }
    this.dates.push(date);
    for (let j = 0; j < 5; j++) this.values[j][k] = v[j];
  }

  /** The columns read. */
  done(): BarColumns {
    const k = this.dates.length;
    const [open, high, low, close, volume] = this.values.map((a) => a.slice(0, k));
    // Stooq's prices are already split- and dividend-adjusted.
    return sortedColumns({ dates: this.dates, open, high, low, close, adjClose: close, volume });
  }
}

export class Client {
  constructor(readonly env: ProviderEnv) {}

  /** Daily bars of `symbol` between two dates (inclusive, YYYY-MM-DD). */
  async daily(symbol: string, start: string, end: string): Promise<Bar[]> {
    const text = await this.env.http.text({
      provider: P,
      url: `https://stooq.com/q/d/l/?s=${encodeURIComponent(stooqSymbol(symbol))}&i=d`,
      cache: { ttl: 43_200 },
      signal: this.env.signal,
    });
    return parseStooqCsv(text, symbol, start, end);
  }

  /** Stooq has daily bars only; other intervals are refused before any request. */
  static check(timeframe: string): void {
    if (timeframe !== "1d") {
      throw new InputError(`stooq serves daily bars only (timeframe=1d), not ${timeframe}`);
    }
  }
}
