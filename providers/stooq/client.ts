/**
 * stooq: free daily bars as CSV. A symbol's whole history is fetched once and cached for the
 * day, then sliced locally, so many windows of one symbol cost one request.
 */
import { parseSymbol } from "../../core/symbols.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import { InputError, ProviderError } from "../../core/errors.ts";
import { localInstant, localParts } from "../../core/zones.ts";
import type { Bar } from "../market_a/bars.ts";
import { type BarColumns, rowsOfColumns } from "../bar_columns.ts";

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
  // any form the symbol parser reads (brk.b, BRK/B, 700.HK, eur/usd) in Yahoo's spelling first,
  // so "BRK.B" is the class BRK-B (brk-b.us), never a market ".B"
  const s = parseSymbol(symbol).canonical;
  const refuse = (why: string) =>
    new InputError(
      `stooq cannot serve ${symbol}: ${why}; ${EXPECTS}; or ask market_a (Yahoo) with provider=market_a`,
    );
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

/** The trading currency of Stooq's markets: every listing of .us, .de, .jp in one currency. */
const MARKET_CURRENCY: Record<string, string> = { us: "USD", de: "EUR", jp: "JPY" };

/**
 * The currency of a Stooq series, which Stooq's CSV does not state, from its spelling (as
 * {@link stooqSymbol} gives it): US listings USD, Xetra EUR, Tokyo JPY; a currency pair or a
 * crypto pair its quote currency. Hong Kong shares HKD, except the codes HKEX gives renminbi
 * and US dollar counters (five-digit from 80000, 9000-9299 and 9800-9849 for ETF counters). London lines are mostly in pence but not all, and
 * Stooq states no unit: null with a note. An index (points) or a future (its contract's unit)
 * has none: null, with a note for a future. `note` says what is uncertain, for a warning.
 */
export function stooqCurrency(spelled: string): { currency: string | null; note: string | null } {
  const s = spelled.toLowerCase();
  if (s.startsWith("^")) return { currency: null, note: null };
  const dot = s.lastIndexOf(".");
  if (dot < 0) {
    // eurusd, btcusd: the last three letters are the quote currency
    const pair = /^[a-z0-9]{2,10}?([a-z]{3})$/.exec(s);
    return pair
      ? { currency: pair[1].toUpperCase(), note: null }
      : { currency: null, note: `Stooq states no currency for ${s}; currency is left null` };
  }
  const market = s.slice(dot + 1);
  const code = s.slice(0, dot);
  if (Object.hasOwn(MARKET_CURRENCY, market)) {
    return { currency: MARKET_CURRENCY[market], note: null };
  }
  if (market === "hk") {
    return /^(?:[89]\d{4}|9[0-2]\d\d|98[0-4]\d)$/.test(code)
      ? {
        currency: null,
        note:
          `Stooq states no currency, and ${s} is a Hong Kong code HKEX gives renminbi and US dollar counters (five-digit codes from 80000, 9000-9299 and 9800-9849), which may not trade in HKD; currency is left null`,
      }
      : { currency: "HKD", note: null };
  }
  if (market === "uk") {
    return {
      currency: null,
      note:
        `Stooq states no currency or unit for ${s}: London shares are mostly quoted in pence (GBp), but some lines (ETFs, international shares) trade in pounds, USD or EUR, so currency is left null; market.quote (Yahoo) names this listing's`,
    };
  }
  if (market === "f") {
    return {
      currency: null,
      note:
        `Stooq states no currency or unit for the future ${s} (contracts are quoted in dollars, cents or other units); currency is left null`,
    };
  }
  return { currency: null, note: `Stooq states no currency for ${s}; currency is left null` };
}

/**
 * The regular sessions of Stooq's stock markets: zone, open and close (local seconds of the
 * day). Tokyo closed at 15:00 until 2024-11-05, at 15:30 since.
 */
const SESSIONS: Record<string, { zone: string; open: number; close: (day: string) => number }> = {
  us: { zone: "America/New_York", open: 34_200, close: () => 57_600 },
  uk: { zone: "Europe/London", open: 28_800, close: () => 59_400 },
  de: { zone: "Europe/Berlin", open: 32_400, close: () => 63_000 },
  jp: {
    zone: "Asia/Tokyo",
    open: 32_400,
    close: (day) => (day >= "2024-11-05" ? 55_800 : 54_000),
  },
  hk: { zone: "Asia/Hong_Kong", open: 34_200, close: () => 57_600 },
};

/**
 * The regular session of the market a Stooq spelling names on its local date at `now`
 * (epoch seconds, with the market's zone), for telling a bar of a day still trading from a
 * finished one: Stooq updates the day's bar while the session runs. Null for an index, a
 * currency, a crypto pair or a future (no one session), or a market without known hours.
 */
export function stooqSession(
  spelled: string,
  now: Date,
): { start: number; end: number; zone: string } | null {
  const s = spelled.toLowerCase();
  const dot = s.lastIndexOf(".");
  const market = s.startsWith("^")
    ? (US_INDICES.has(s) ? "us" : null)
    : dot < 0
    ? null
    : s.slice(dot + 1);
  if (!market || !Object.hasOwn(SESSIONS, market)) return null;
  const hours = SESSIONS[market];
  const day = localParts(now.toISOString(), hours.zone).date;
  return {
    start: localInstant(day, hours.open, hours.zone, NaN) / 1000,
    end: localInstant(day, hours.close(day), hours.zone, NaN) / 1000,
    zone: hours.zone,
  };
}

/** Stooq's spellings of New York's indices, which trade in New York's session. */
const US_INDICES = new Set(["^spx", "^dji", "^ndq", "^ndx", "^rut"]);

/**
 * Parses Stooq's CSV (English or Polish headers). With `start`/`end` (YYYY-MM-DD, inclusive) only
 * rows in that window are parsed: a symbol's whole history is decades of rows.
 */
export function parseStooqCsv(text: string, symbol: string, start = "", end = "\uffff"): Bar[] {
  const c = parseStooqColumns(text, symbol, start, end);
  return rowsOfColumns(c);
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
  const csv = stooqLayout(text, symbol);
  return plainColumns(csv, start, end) ?? generalColumns(csv, start, end);
}

/** A Stooq CSV: its text without BOM and outer blanks, and where its fields are. */
export interface StooqLayout {
  body: string;
  /** Where the header line ends (-1 when there is no other line). */
  nl: number;
  iDate: number;
  /** Field positions of open, high, low, close and volume (-1 when a column is absent). */
  at: number[];
}

/** The layout its header gives a Stooq CSV (English or Polish); a ProviderError for anything else. */
export function stooqLayout(text: string, symbol: string): StooqLayout {
  const body = text.replace(/^\uFEFF/, "").trim();
  const nl = body.indexOf("\n");
  const head = nl < 0 ? body : body.slice(0, nl).replace(/\r$/, "");
  const header = head.toLowerCase().split(",").map((h) => h.trim());
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const iDate = col("date", "data");
  const iClose = col("close", "zamkniecie");
  if (iDate < 0 || iClose < 0) {
    const other = otherFormat(head);
    throw new ProviderError(
      P,
      /no data|brak danych/i.test(text)
        ? `Stooq has no daily data for ${symbol}`
        : other
        ? `Stooq's answer for ${symbol} is ${other} (starts with '${
          head.slice(0, 80)
        }'), a format this reader does not read; it reads the daily CSV of stooq.com/q/d/l with a Date,Open,High,Low,Close[,Volume] header`
        : `Stooq's answer for ${symbol} is not its CSV (starts with '${
          head.slice(0, 80)
        }'); the daily download limit may be exhausted`,
    );
  }
  const at = [col("open", "otwarcie"), col("high", "najwyzszy"), col("low", "najnizszy"), iClose]
    .concat(col("volume", "wolumen"));
  return { body, nl, iDate, at };
}

/**
 * What other table a header that is not the daily CSV's begins, when it is one Stooq writes:
 * the bulk download's (<TICKER>,<PER>,<DATE>,...) or a CSV separated by semicolons (as a Polish
 * spreadsheet saves it); null for anything else (an error page, a limit message).
 */
function otherFormat(head: string): string | null {
  if (/<(ticker|date|per)>/i.test(head)) {
    return "Stooq's bulk-download format (<TICKER>,<PER>,<DATE>,...)";
  }
  const fields = head.toLowerCase().split(";").map((h) => h.trim());
  if (fields.length > 1 && fields.some((h) => h === "date" || h === "data")) {
    return "a CSV separated by semicolons";
  }
  return null;
}

/**
 * The columns without the rows none of whose prices could be read (a row in another locale's
 * numbers, "265,205" in quotes, splits into fields that are no numbers): such a row is no bar.
 * A warning names how many were left out and the first; a CSV with dates but no readable row
 * is refused, since every bar of it would be empty.
 */
export function withoutUnreadable(
  cols: BarColumns,
  symbol: string,
  warn: (message: string) => void,
): BarColumns {
  const { dates, open, high, low, close } = cols;
  const keep: number[] = [];
  let first: string | null = null;
  for (let i = 0; i < dates.length; i++) {
    if (!(isNaN(open[i]) && isNaN(high[i]) && isNaN(low[i]) && isNaN(close[i]))) keep.push(i);
    else first ??= dates[i];
  }
  const dropped = dates.length - keep.length;
  if (!dropped) return cols;
  if (!keep.length) {
    throw new ProviderError(
      P,
      `Stooq's CSV for ${symbol} has ${dropped} row(s) (the first dated ${first}) and no price in any that this reader can read: its numbers are not plain decimals separated by commas (quoted decimal commas?); not returned as empty bars`,
    );
  }
  warn(
    `${symbol}: left out ${dropped} Stooq row(s) with no readable price (the first dated ${first}); their numbers are not plain decimals`,
  );
  const pick = (a: Float64Array) => Float64Array.from(keep, (i) => a[i]);
  const closeKept = pick(close);
  return {
    dates: keep.map((i) => dates[i]),
    open: pick(open),
    high: pick(high),
    low: pick(low),
    close: closeKept,
    adjClose: closeKept,
    volume: pick(cols.volume),
  };
}

/** Any CSV Stooq's header names the columns of: every line split and read on its own. */
export function generalColumns(csv: StooqLayout, start = "", end = "\uffff"): BarColumns {
  const { body, nl, iDate, at } = csv;
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

/** A plain row's start: its date and the comma after it. */
const PLAIN = String.raw`\d{4}-\d{2}-\d{2},`;

/**
 * A pattern that, at the start of a date written YYYY-MM-DD, matches when that date (as a
 * string) is at least (`atLeast`) or at most `bound`, for any bound string: the dates are
 * compared character by character, as `<` compares strings.
 */
export function dateBound(bound: string, atLeast: boolean, i = 0): string {
  // equal so far: the date is at least a bound it starts with, at most one that starts with it
  if (atLeast ? i === bound.length : i === 10) return "";
  if (i === 10 || i === bound.length) return "(?!)";
  const c = bound.charCodeAt(i);
  const [lo, hi] = i === 4 || i === 7 ? [45, 45] : [48, 57]; // "-" or a digit
  const alts: string[] = [];
  // a character past the bound settles it
  const from = atLeast ? Math.max(c + 1, lo) : lo;
  const to = atLeast ? hi : Math.min(c - 1, hi);
  if (from <= to) {
    alts.push(
      from === to
        ? String.fromCharCode(from)
        : `[${String.fromCharCode(from)}-${String.fromCharCode(to)}]`,
    );
  }
  // the bound's own character leaves it to the next
  if (c >= lo && c <= hi) alts.push(String.fromCharCode(c) + dateBound(bound, atLeast, i + 1));
  return alts.length ? `(?:${alts.join("|")})` : "(?!)";
}

/**
 * A search for the first line break after which comes a plain row whose date passes `test` (a
 * lookahead; its match has group 1), or a line that is not a plain row, or a line break other
 * than "\n" and "\r\n" (no group 1).
 */
function lineSearch(test: string): RegExp {
  return new RegExp(
    String.raw`\n(?:(?=${PLAIN})${test}()|(?!${PLAIN}))|\r(?!\n)|[\u2028\u2029]`,
    "g",
  );
}

/** The three searches of a window, kept for the next symbol of the same window. */
let searches: { start: string; end: string; first: RegExp; after: RegExp; inside: RegExp } | null =
  null;

/**
 * Where the next line break passing `re`'s test is from `at` on: its index, the text's length when
 * there is none, or -1 when an odd line or line break comes first.
 */
function nextBreak(re: RegExp, body: string, at: number): number {
  re.lastIndex = at;
  const m = re.exec(body);
  return !m ? body.length : m[1] === undefined ? -1 : m.index;
}

/**
 * The columns of a CSV in Stooq's usual form (date, open, high, low, close and volume or not)
 * with every row's date first, the window's rows one run in ascending order, and every value in
 * it a JSON number (a row without its volume is not). Three native searches find the window instead of a JavaScript look at each
 * of a history's lines: the first row on or after `start`, the first one after `end` from there,
 * and any row in the window after that (there is none when the rows ascend). The window's rows
 * are read with one JSON.parse into one flat array instead of a split and six Number calls per
 * row (a JSON number is read as Number reads it), without an object per row. Null for any other
 * CSV (odd lines, line breaks or values, rows out of order): the general loop reads it.
 */
export function plainColumns(csv: StooqLayout, start = "", end = "\uffff"): BarColumns | null {
  const { body, nl, iDate, at } = csv;
  const layout = iDate === 0 ? at.join() : "";
  if ((layout !== "1,2,3,4,5" && layout !== "1,2,3,4,-1") || nl < 0) return null;
  const width = at[4] < 0 ? 4 : 5;
  if (searches?.start !== start || searches.end !== end) {
    const atLeast = `(?=${dateBound(start, true)})`;
    const atMost = `(?=${dateBound(end, false)})`;
    searches = {
      start,
      end,
      first: lineSearch(atLeast),
      after: lineSearch(`(?!${dateBound(end, false)})`),
      inside: lineSearch(atLeast + atMost),
    };
  }
  // every line before `first` is a plain row before the window
  const first = nextBreak(searches.first, body, nl);
  if (first < 0) return null;
  if (first === body.length) return emptyColumns();
  // every line from `first` to `to` is a plain row on or before `end`
  const to = nextBreak(searches.after, body, first);
  if (to < 0) return null;
  // and none after `to` is in the window
  if (to < body.length && nextBreak(searches.inside, body, to) !== body.length) return null;
  if (to === first) return emptyColumns();
  const from = first + 1;
  const text = body.slice(from, body.charCodeAt(to - 1) === 13 ? to - 1 : to);
  // Only numbers' characters: the JSON below is then a flat array of numbers, or refused.
  if (/[^-+.\deE,\r\n]/.test(text)) return null;
  // the date of each row that has `width` values, and every value in one flat JSON array: a row
  // of any other form leaves out its date and adds at least one number, or breaks the JSON, so
  // the counts tell
  const dates = text.match(width === 5 ? ROW5 : ROW4) ?? [];
  let flat: number[];
  try {
    flat = JSON.parse(`[${text.slice(11).replace(/\r?\n\d{4}-\d{2}-\d{2},/g, ",")}]`);
  } catch {
    return null;
  }
  const k = dates.length;
  // a number beyond a double's range (1e999) is no value: the general loop says so
  if (flat.length !== k * width || flat.includes(Infinity) || flat.includes(-Infinity)) return null;
  const [open, high, low, close, volume] = [0, 1, 2, 3, 4].map(() => new Float64Array(k));
  let clean = width === 5;
  for (let i = 0, p = 0; i < k; i++, p += width) {
    // the window's rows ascend: the ones on or after `start` are all of them
    if (i > 0 && !(dates[i - 1] < dates[i])) {
      if (dates[i - 1] > dates[i]) return null;
      clean = false; // a repeated date
    }
    const o = open[i] = flat[p];
    const h = high[i] = flat[p + 1];
    const l = low[i] = flat[p + 2];
    const c = close[i] = flat[p + 3];
    volume[i] = width === 5 ? flat[p + 4] : NaN;
    if (!(o > 0 && h > 0 && l > 0 && c > 0)) clean = false;
  }
  return { dates, open, high, low, close, adjClose: close, volume, clean };
}

/** A row of five or four values in JSON's characters for numbers: JSON.parse says which are. */
const ROW5 = /^\d{4}-\d{2}-\d{2}(?=(?:,[-+.\deE]+){5}\r?$)/gm;
const ROW4 = /^\d{4}-\d{2}-\d{2}(?=(?:,[-+.\deE]+){4}\r?$)/gm;

function emptyColumns(): BarColumns {
  const none = new Float64Array(0);
  return {
    dates: [],
    open: none,
    high: none,
    low: none,
    close: none,
    adjClose: none,
    volume: none,
  };
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

/**
 * The first and last dates of a Stooq CSV's rows (null when it has none), read only when the
 * window held no bar: whether the window lies before the listing's history, after it or inside.
 */
export function historySpan(text: string, symbol: string): { first: string; last: string } | null {
  const csv = stooqLayout(text, symbol);
  if (csv.nl < 0) return null;
  let first = "";
  let last = "";
  for (const line of csv.body.slice(csv.nl + 1).split("\n")) {
    const date = line.split(",")[csv.iDate]?.trim();
    if (!date || !DATE.test(date)) continue;
    if (!first || date < first) first = date;
    if (!last || date > last) last = date;
  }
  return first ? { first, last } : null;
}

export class Client {
  constructor(readonly env: ProviderEnv) {}

  /** Daily bars of `symbol` between two dates (inclusive, YYYY-MM-DD). */
  async daily(symbol: string, start: string, end: string): Promise<Bar[]> {
    return rowsOfColumns(await this.dailyColumns(symbol, start, end));
  }

  /** {@link daily}'s bars in columns. */
  async dailyColumns(symbol: string, start: string, end: string): Promise<BarColumns> {
    const text = await this.env.http.text({
      provider: P,
      url: `https://stooq.com/q/d/l/?s=${encodeURIComponent(stooqSymbol(symbol))}&i=d`,
      cache: { ttl: 43_200 },
      signal: this.env.signal,
    });
    const cols = parseStooqColumns(text, symbol, start, end);
    const kept = withoutUnreadable(cols, symbol, (m) => this.env.warn(m));
    const span = kept.dates.length ? null : historySpan(text, symbol);
    return span ? { ...kept, span } : kept;
  }

  /** Stooq has daily bars only; other intervals are refused before any request. */
  static check(timeframe: string): void {
    if (timeframe !== "1d") {
      throw new InputError(`stooq serves daily bars only (timeframe=1d), not ${timeframe}`);
    }
  }
}
