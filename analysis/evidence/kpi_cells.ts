/**
 * The cells of a table row in a filing's text: what a header cell says of its column (the period,
 * "Three Months Ended September 30, 2024", "Q4 2024", "FY24", a date; its length; a column that is
 * no reported result: an outlook, a change, another measure), and a figure cell's value and sign.
 */

/** Header words of a column of an outlook: not a result. */
const OUTLOOK_COLUMN =
  /\b(?:outlook|guidance|guide|forecasts?|budget(?:ed)?|plan|targets?|estimates?|consensus|projected|projections?|expected|low|high|mid-?point|range)\b/i;
/** Header words of a column of a change between periods. */
const CHANGE_COLUMN =
  /\b(?:vs\.?|versus|change|chg|growth|variance|increase|decrease|inc\.?\/\(?dec\.?\)?|y\/y|yoy|q\/q|qoq)\b|\bbps\b|\bbasis points\b/i;
/** Header words of a measure other than the reported one. */
const MEASURE_COLUMN =
  /\b(non-GAAP|adjusted|pro[- ]forma|underlying|normali[sz]ed|constant currency)\b/i;

/** What a header cell says of its column, besides its period (see TableRow.column). */
export function columnOf(
  cell: string,
): { column: "outlook" | "change" | null; measure: string | null } {
  if (cellValue(cell)) return { column: null, measure: null };
  return {
    column: CHANGE_COLUMN.test(cell) ? "change" : OUTLOOK_COLUMN.test(cell) ? "outlook" : null,
    measure: MEASURE_COLUMN.exec(cell)?.[1] ?? null,
  };
}

/** A header cell without its words of an outlook or a measure: "Outlook Q4 2024" is "Q4 2024". */
export const periodWords = (cell: string) =>
  cell.replace(new RegExp(OUTLOOK_COLUMN.source, "gi"), " ").replace(
    new RegExp(MEASURE_COLUMN.source, "gi"),
    " ",
  ).replace(/\b(?:GAAP|(?:as\s+)?reported|actuals?)\b/gi, " ").replace(/\s+/g, " ").trim();

export const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
/** A month's number from its name or its abbreviation ("Jul", "Sept"); 0 when neither. */
function monthOf(word: string): number {
  const w = word.toLowerCase();
  if (w.length < 3) return 0;
  return MONTHS.findIndex((m) => m === w || (m.startsWith(w) && (w.length === 3 || w === "sept"))) +
    1;
}
const DATE_CELL = /([A-Z][a-z]+)\.? (\d{1,2}), ((?:19|20)\d{2})\s*$/;
const YEAR_CELL = /^(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})$/i;

/**
 * How long a column's period is, from the words above it: "Three Months Ended" (a quarter, "Q"),
 * "Six Months Ended" ("6M"), "Nine Months Ended" ("9M"), "Year Ended" ("FY"), "Twelve Months
 * Ended" or "52 Weeks Ended" ("12M": maybe a trailing year, not the fiscal one), "Year to Date"
 * ("YTD"); null when the words say none.
 */
export function spanOf(words: string): "Q" | "6M" | "9M" | "12M" | "FY" | "YTD" | null {
  const m =
    /\b(three|six|nine|twelve|thirteen|twenty[- ]six|thirty[- ]nine|fifty[- ]two|fifty[- ]three|3|6|9|12|13|26|39|52|53)[- ]?(?:months?|weeks?)\b/i
      .exec(words);
  if (m) {
    const n = m[1].toLowerCase().replace(/[- ]/, "");
    if (/^(?:three|thirteen|3|13)$/.test(n)) return "Q";
    if (/^(?:six|twentysix|6|26)$/.test(n)) return "6M";
    if (/^(?:nine|thirtynine|9|39)$/.test(n)) return "9M";
    // twelve months to a quarter's end are a trailing year, not the fiscal year
    return "12M";
  }
  if (/\b(?:year[- ]to[- ]date|YTD)\b/i.test(words)) return "YTD";
  if (/\bquarters?\s+ended\b/i.test(words)) return "Q";
  if (/\b(?:fiscal\s+)?years?\s+ended\b/i.test(words)) return "FY";
  return null;
}

/**
 * A line that is a month and day alone, or after the words of a span ("September 30,", "Three
 * Months Ended June 30,"); not a dateline ("NEW YORK, February 21").
 */
export const MONTH_DAY =
  /^(?:[A-Za-z -]*\b(?:ended|ending|as of)\s+)?([A-Z][a-z]+)\.? (\d{1,2}),?$/i;

const QUARTERS = ["first", "second", "third", "fourth"];
/** "Q4 2024", "Q4 FY24", "Fourth Quarter Fiscal 2024", "4Q24" in a header cell. */
const QUARTER_CELL =
  /^(?:Q([1-4])|(first|second|third|fourth)\s+quarter|([1-4])Q)\s*(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)?'?((?:19|20)\d{2}|\d{2})$/i;
/** "FY2024", "FY 24", "Fiscal Year 2024" in a header cell. */
const FY_CELL = /^(?:FY\s*'?|fiscal\s+(?:year\s+)?)((?:19|20)\d{2}|\d{2})$/i;

/**
 * "March 29, 2025" → "2025-03-29"; "2025" → "FY 2025"; "Q4 2024" → "Q4 2024"; "FY24" → "FY 2024";
 * else null.
 */
export function cellPeriod(raw: string): { label: string; sort: string } | null {
  // "2023 (As Restated)", "2024 As Adjusted", "2024 (unaudited)", "2024(1)", "2024*": the
  // period under its note
  const cell = raw.replace(
    /\s*(?:\((?:as\s+)?(?:restated|adjusted|revised|recast|reported|unaudited|audited)\)|(?:as\s+)?(?:restated|adjusted|revised|recast)|\((?:\d|[a-z])\)|[*†‡]+)\s*$/i,
    "",
  );
  const q = QUARTER_CELL.exec(cell.trim());
  if (q) {
    const n = q[1] ?? q[3] ?? String(QUARTERS.indexOf(q[2].toLowerCase()) + 1);
    const year = q[4].length === 2 ? `20${q[4]}` : q[4];
    return { label: `Q${n} ${year}`, sort: `${year}-Q${n}` };
  }
  const fy = FY_CELL.exec(cell.trim());
  if (fy) {
    const year = fy[1].length === 2 ? `20${fy[1]}` : fy[1];
    return { label: `FY ${year}`, sort: `${year}-99` };
  }
  const d = DATE_CELL.exec(cell.trim());
  if (d) {
    const month = monthOf(d[1]);
    if (month < 1) return null;
    const iso = `${d[3]}-${String(month).padStart(2, "0")}-${d[2].padStart(2, "0")}`;
    return { label: iso, sort: iso };
  }
  const y = YEAR_CELL.exec(cell.trim());
  return y ? { label: `FY ${y[1]}`, sort: `${y[1]}-99` } : null;
}

/** Currency signs a table cell may carry, and the currency each names. */
const CELL_SIGNS: Record<string, string> = {
  "$": "USD",
  "€": "EUR",
  "£": "GBP",
  "US$": "USD",
  "HK$": "HKD",
  "C$": "CAD",
  "A$": "AUD",
  "S$": "SGD",
  "NZ$": "NZD",
  "NT$": "TWD",
  "R$": "BRL",
  "₹": "INR",
  "RS.": "INR",
  "RS": "INR",
  "RMB": "CNY",
};

/**
 * A cell's figure: "$ 24,780", "(279)", "−279" (a minus sign), "35.9 %", "$ 1.65", "€ 812",
 * "1,234 (1)" or "1,234*" (a footnote mark after the figure); null when it holds no number. The
 * currency is the sign's ("€" is euros whatever the table's other rows say), null when none.
 */
export function cellValue(
  cell: string,
): {
  number: number;
  kind: "money" | "percent" | "count";
  scaled: number | null;
  currency: string | null;
} | null {
  // a footnote mark after the figure ("1,234(1)", "1,234 (a)", "1,234*", "12.5 %†")
  const bare = cell.trim().replace(/(?<=[\d)%])\s*(?:\((?:\d|[a-z])\)|[*†‡§]+)$/i, "");
  const m =
    /^([-−–]?)\s*(\(?)\s*((?:US|HK|NZ|NT|[CASR])\$|RMB|Rs\.?|[$€£₹])?\s*([-−–]?)\s*(\(?)\s*(\d[\d,]*(?:\.\d+)?)\s*(%|percent)?\s*(million|billion|thousand)?\s*(\)?)\s*(%)?$/i
      .exec(bare);
  if (!m) return null;
  // "€ 1.234" may be a thousand and some written with a decimal comma's dot: not read
  if (m[3] === "€" && /^\d{1,3}(?:\.\d{3})+$/.test(m[6])) return null;
  const open = Boolean(m[2] || m[5]);
  // "(279" without its ")" or "279)" without its "(" is not a figure read whole
  if (open !== Boolean(m[9])) return null;
  const minus = Boolean(m[1] || m[4]);
  const negative = open || minus;
  const n = Number(m[6].replace(/,/g, "")) * (negative ? -1 : 1);
  const unitWord = m[8]?.toLowerCase();
  const scaled = unitWord ? { thousand: 1e3, million: 1e6, billion: 1e9 }[unitWord]! : null;
  const percent = Boolean(m[7] || m[10]);
  return {
    number: n,
    kind: percent ? "percent" : m[3] ? "money" : "count",
    scaled,
    currency: m[3] ? CELL_SIGNS[m[3].toUpperCase()] : null,
  };
}
