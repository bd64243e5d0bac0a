/**
 * Figures in table cells: parentheses negative, thousands separators, dashes as null, currency
 * signs and codes beside the number, and which of the two number styles (1,234.5 or 1.234,5) a
 * table writes.
 */
import type { Table } from "./table_model.ts";

export const DASHES = /^[\u2014\u2013\u2012\u2015\u2010\uff0d-]+$/;

/**
 * How a table writes its figures: `point` is 1,234.5 (also 1'234.5 and 1 234.5), `comma` is
 * 1.234,5 (also 1 234,5). A cell such as "1,234" or "1.234" fits both (a thousand and some, or
 * one and a fraction); {@link numberStyle} decides from the other figures.
 */
export type NumberStyle = "point" | "comma";

/** Currency codes and signs printed before or after a figure ("EUR 1.234", "1.234 €"). */
const MONEY =
  /^(?:US\$|HK\$|NZ\$|A\$|C\$|S\$|R\$|Rs\.?|Rp\.?|(?:USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|HKD|SEK|NOK|DKK|KRW|TWD|BRL|MXN|ZAR|IDR|PLN|CZK|HUF|TRY|RUB|SGD|NZD)(?![A-Za-z])|[$€£¥₹₩₽₺])|(?:(?<![A-Za-z])(?:USD|EUR|GBP|JPY|CHF|INR|SEK|NOK|DKK|PLN|CZK|kr|zł|Kč|Ft|円)\.?|[$€£¥₹₩₽₺])$/;

/**
 * A footnote mark glued to a figure: "1,234(a)", "12.5*", "(3.2)†", "45¹". Only after a digit, a
 * closing parenthesis or a percent sign, so "(5)" alone stays minus five.
 */
export const GLUED_MARK =
  /(?<=[\d)%])(?:\((?:[a-z]|\d{1,2}|[ivx]{1,4})\)|[*\u2020\u2021\u00a7]+|[\u00b9\u00b2\u00b3\u2070-\u2079]+)$/;

/** The sign and the bare digits of a cell, or null when it is no single figure. */
function figureParts(cell: string, marks = true): { negative: boolean; digits: string } | null {
  // a mark set apart ("737 *": Boeing's airplane models) may head a column: only glued ones go
  if (marks && /[\d%]\s+(?:[*\u2020\u2021\u00a7]+|\((?:[a-z]|\d{1,2})\))$/.test(cell.trimEnd())) {
    return null;
  }
  let s = cell.replace(/\s/g, "");
  if (!s || DASHES.test(s)) return null;
  for (let i = 0; i < 3; i++) {
    const before = s;
    if (marks) s = s.replace(GLUED_MARK, "");
    s = s.replace(MONEY, "");
    if (s === before) break;
  }
  let negative = false;
  if (/^\([^()]*\)%?$/.test(s)) {
    negative = true;
    s = s.replace(/[()]/g, "");
    s = s.replace(MONEY, "");
  }
  // minus signs: hyphen, U+2212, an en dash before digits, and the triangles of Japanese filings
  if (/^[-\u2212\u2013\u25b3\u25b2\u2206]/.test(s)) {
    negative = !negative;
    s = s.slice(1).replace(MONEY, "");
  } else if (/\d[-\u2212]$/.test(s)) {
    negative = !negative; // "1,234-": a trailing minus
    s = s.slice(0, -1);
  }
  s = s.replace(/%$/, "");
  if (!/^(?:\d[\d,.'\u2019]*)?\d$|^[.,]\d+$/.test(s)) return null;
  return { negative, digits: s };
}

/** The value of bare digits written in a style; null when they do not fit it. */
function digitsValue(s: string, style: NumberStyle): number | null {
  let plain: string;
  if (style === "point") {
    // "1,23,45,678": Indian lakh and crore groups (twos before the last three) read one way only
    if (
      !/^(\d{1,3}([,'\u2019]\d{3})+|\d+)(\.\d+)?$/.test(s) && !/^\.\d+$/.test(s) &&
      !/^\d{1,2}(?:,\d{2})+,\d{3}(\.\d+)?$/.test(s)
    ) return null;
    plain = s.replace(/[,'\u2019]/g, "");
  } else {
    if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/.test(s) && !/^,\d+$/.test(s)) return null;
    plain = s.replace(/\./g, "").replace(",", ".");
  }
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/**
 * Parses a financial cell: "$ 1,234.5" → 1234.5, "(7,300)" → -7300, "12%" → 12; else null.
 * Negatives as (1,234), -1,234, −1,234, –1,234, 1,234- and △1,234; a currency before or after
 * ("1.234 €"), a glued footnote mark ("1,234(a)", "12.5*") and spaces inside are read through.
 * `style` is how the table writes decimals (point unless told). A cell holding several numbers
 * ("109 3 103 35", "($24) ($9,359)": columns the extraction ran together) is null, not the
 * digits read as one number.
 */
export function parseNumber(cell: string, style: NumberStyle = "point"): number | null {
  return multiNumber(cell) ? null : oneNumber(cell, style);
}

/** True when a cell is a figure in either style (for telling figures from labels). */
export function isFigure(cell: string): boolean {
  return !multiNumber(cell) &&
    (oneNumber(cell, "point") !== null || oneNumber(cell, "comma") !== null);
}

/**
 * True when a cell is several numbers side by side, split by ordinary spaces (a thousands
 * separator written as a no-break or thin space, "1\u00a0234", stays one number, and so does
 * "1 234,5": groups of three before a decimal comma).
 */
export function multiNumber(cell: string): boolean {
  if (/^[(\-\u2212]?\s*\d{1,3}(?: \d{3})+,\d+\s*\)?\s*%?$/.test(cell.trim())) return false;
  const tokens = cell.replace(/[$€£¥₹]/g, "").split(/[ \t\r\n]+/).filter(Boolean);
  const parts = tokens.filter((t) => /\d/.test(t));
  // a range ("50.65% - 53.51%", "3 to 5") is one value printed as two ends, no columns run together
  if (parts.length === 2 && tokens.length === 3 && /^(?:[-\u2013\u2014]|to)$/i.test(tokens[1])) {
    return false;
  }
  // a label that mentions figures ("Common stock, $.01 par value: 1,000,000,000 shares") is words;
  // "Revenue 1,234 5,678" and "12.5 bps 13.0 bps" are figures run together
  if (tokens.filter((t) => /\p{L}{2}/u.test(t)).length > parts.length) return false;
  // a word with a mark ("401(k)") is no figure here
  return parts.length >= 2 &&
    parts.every((t) =>
      oneNumber(t, "point", false) !== null || oneNumber(t, "comma", false) !== null
    );
}

function oneNumber(cell: string, style: NumberStyle, marks = true): number | null {
  const parts = figureParts(cell, marks);
  if (!parts) return null;
  const n = digitsValue(parts.digits, style);
  return n === null ? null : parts.negative ? -n : n;
}

/**
 * What a cell's figure says about the table's style: "point" for 1,234.5, 12.5, 0.25 or
 * 1,234,567; "comma" for 1.234,5, 12,5 or 1.234.567; "ambiguous" for one group of three after a
 * single separator (1,234 or 1.234); null for plain integers and non-figures.
 */
export function styleEvidence(cell: string): NumberStyle | "ambiguous" | null {
  if (multiNumber(cell)) return null;
  const parts = figureParts(cell);
  if (!parts) return null;
  const s = parts.digits;
  if (/^\d+$/.test(s)) return null;
  if (/['\u2019]/.test(parts.digits)) return s.includes(".") ? "point" : null; // 1'234.5
  if (/^[1-9]\d{0,2}[.,]\d{3}$/.test(s)) return "ambiguous";
  const point = digitsValue(s, "point") !== null, comma = digitsValue(s, "comma") !== null;
  if (point && !comma) return "point";
  if (comma && !point) return "comma";
  return null;
}

/** Currencies and words of places that write a decimal comma (where "1.234" is a thousand). */
const COMMA_PLACES =
  /€|\bEUR\b|\beuros?\b|R\$|\bBRL\b|\bRp\b|\bIDR\b|\bTRY\b|₺|\bDKK\b|\bNOK\b|\bSEK\b|\bkr\b|\bPLN\b|zł|\bCZK\b|Kč|\bHUF\b|\bRUB\b|₽|\bARS\b|\bCLP\b|\bCOP\b|\bVND\b|\b(?:Mio|Mrd|Tsd)\b\.?|\bT(?:EUR|€)|\bmilliers\b|\bmillions d['’]|\bmilhões\b|\bmiles\b|\bmillones\b|\bGesch[aä]ftsjahr\b|\bUmsatz(?:erl[oö]se)?\b|\bchiffre d['’]affaires\b/i;

/** A table's figures and the text around it, as {@link numberStyle} weighs them. */
export interface StyleInput {
  cells: string[];
  /** Caption, scale statement and header text: where a currency or language hint stands. */
  context: string;
}

/**
 * How each table writes its figures. A table whose own figures show one style takes it. One that
 * shows none (every figure is a plain integer or one group of three, "1,234") takes the style the
 * other tables of the document show, when they agree; failing that, "1,234" is read as a
 * thousand and some (the usual English form) unless the table speaks of a place that writes a
 * decimal comma (€, "Mio.", "in thousands of euros"), and "1.234" as one and a fraction only
 * in such a table's absence of hints. Where the two readings stay open the cell's value is null
 * and `ambiguous` says so; a table showing both styles reads each unambiguous cell by its own.
 */
export function numberStyles(
  tables: StyleInput[],
): { style: NumberStyle | "mixed"; ambiguous: "," | "." | null }[] {
  const seen = tables.map((t) => {
    let point = 0, comma = 0, ambComma = 0, ambPoint = 0, strong = false;
    for (const c of t.cells) {
      const e = styleEvidence(c);
      if (e === "point") point++;
      else if (e === "comma") {
        comma++;
        // 1.234,5 or 1.234.567 settle it alone; "3,4" may be two note references
        strong ||= /\.\d{3}[,.]/.test(figureParts(c)!.digits);
      } else if (e === "ambiguous") {
        if (figureParts(c)!.digits.includes(",")) ambComma++;
        else ambPoint++;
      }
    }
    if (comma === 1 && !strong) comma = 0;
    return { point, comma, ambComma, ambPoint };
  });
  // a table's own figures decide; a few of the other style among many (a note reference "3,4")
  // do not
  const own = seen.map((s): NumberStyle | "mixed" | null =>
    s.point > 0 && s.point >= 3 * s.comma
      ? "point"
      : s.comma > 0 && s.comma >= 3 * s.point
      ? "comma"
      : s.point || s.comma
      ? "mixed"
      : null
  );
  const docPoint = own.includes("point"), docComma = own.includes("comma");
  return seen.map((s, i) => {
    const decided = own[i];
    if (decided === "point" || decided === "comma") return { style: decided, ambiguous: null };
    if (decided === "mixed") {
      return { style: "mixed" as const, ambiguous: s.ambComma || s.ambPoint ? "," as const : null };
    }
    if (!s.ambComma && !s.ambPoint) return { style: "point" as const, ambiguous: null };
    if (docPoint !== docComma) {
      return { style: docPoint ? "point" as const : "comma" as const, ambiguous: null };
    }
    const hinted = COMMA_PLACES.test(tables[i].context) ||
      tables[i].cells.some((c) => COMMA_PLACES.test(c));
    if (s.ambComma && s.ambPoint) {
      // "1,234" and "1.234" side by side: one of them is a thousands separator, which one only a
      // hint of the place says
      return hinted
        ? { style: "comma" as const, ambiguous: null }
        : { style: "point" as const, ambiguous: "," as const };
    }
    if (hinted) {
      return { style: "point" as const, ambiguous: s.ambComma ? "," as const : "." as const };
    }
    if (s.ambPoint) return { style: "point" as const, ambiguous: "." as const };
    return { style: "point" as const, ambiguous: null };
  });
}

/**
 * Re-reads a table's values in the style {@link numberStyles} chose: cells of the other style are
 * read by their own in a mixed table, and ambiguous cells are null where the choice stayed open.
 * Returns how many cells were left null as ambiguous.
 */
export function applyNumberStyle(
  t: Pick<Table, "rows" | "values" | "annotations">,
  choice: { style: NumberStyle | "mixed"; ambiguous: "," | "." | null },
): number {
  let open = 0;
  t.rows.forEach((row, i) => {
    const yearLabel = groupYear(row); // "2022" over a group of rows is no figure
    t.values[i] = row.map((cell, k) => {
      // parenthesised counts beside counts are annotations, not negatives (see countAnnotations)
      if (multiNumber(cell) || yearLabel || t.annotations?.includes(k)) return null;
      const c = bodyFigure(cell);
      const e = styleEvidence(c);
      if (e === "ambiguous" && choice.ambiguous !== null) {
        open++;
        return null;
      }
      const style: NumberStyle = choice.style === "mixed"
        ? (e === "comma" ? "comma" : "point")
        : choice.style;
      return oneNumber(c, style);
    });
  });
  return open;
}

export const isNumeric = (t: string) => isFigure(t) || DASHES.test(t.trim());

/** A year heading a column: "2024", also with a glued footnote mark ("2023(1)", "2022*"). */
export const isYear = (c: string) => /^(19|20)\d\d$/.test(c.trim().replace(GLUED_MARK, ""));

/**
 * A row holding only a year, in the label column: it names the group of rows below it ("2022"
 * over that year's deliveries, "2016" over that year's segment figures). Its year is a label,
 * so it has no value, and it heads no column.
 */
export function groupYear(row: string[]): boolean {
  return !!row[0]?.trim() && isYear(row[0]) && row.every((c, k) => k === 0 || !c.trim());
}

/** A footnote mark set apart after a number: "767 *", "12 (a)"; not "387 (13)", two numbers. */
export const SET_APART_MARK = /\s+(?:[*\u2020\u2021\u00a7]+|\((?:[a-z]|[ivx]{1,4})\))$/i;

/**
 * A body cell's figure without a footnote mark set apart after it ("1,234 (a)", "512 *"): the
 * mark is no part of the figure, which read null for it. A heading ("737 *") is weighed apart.
 */
export function bodyFigure(cell: string): string {
  if (!SET_APART_MARK.test(cell)) return cell;
  const bare = cell.replace(SET_APART_MARK, "");
  return /\d[)%]?$/.test(bare.trim()) && !multiNumber(bare) ? bare : cell;
}
