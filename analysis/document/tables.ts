/**
 * Table detection on positioned text: `stream` infers columns from text alignment (gaps
 * between runs), `lattice` builds cells from ruling lines drawn on the page. Cells are
 * strings; numeric cells are also parsed (parentheses negative, thousands separators,
 * dashes as null).
 */
import { groupLines, type Line, type TextRun } from "./pdf_layout.ts";
import { checkpoint } from "../../core/cancel.ts";
import { SCALE_WORDS } from "./scales.ts";
import {
  headingsFromAbove,
  periodsAbove,
  spanOverHeadings,
  wrappedHeadingsAbove,
} from "./tables_periods.ts";
import {
  closeParens,
  leadsRows,
  sectionLabel,
  splitAtHeadings,
  unheadedScale,
  wrapsOnto,
} from "./tables_blocks.ts";

import type { Ruling } from "../../providers/pdf_tables_a/client.ts";
export type { Ruling };

export interface Table {
  page: number;
  /** [x0, y0, x1, y1] in points, y from the page top (null for HTML tables). */
  bbox: [number, number, number, number] | null;
  header: string[];
  rows: string[][];
  /** Parsed numbers per cell of `rows` (null where not numeric or a dash). */
  values: (number | null)[][];
  /** The scale the table states for its figures, if it states one (values are as printed). */
  scale: TableScale | null;
  /** The short lines just above the table (its caption block), for hints; not returned. */
  above?: string[];
  /**
   * Cautions about how the table was read, for the caller to pass on: a first row whose whole
   * numbers may be column headings ({@link numberHeadings}), parenthesised counts read as
   * annotations rather than negatives ({@link countAnnotations}).
   */
  warnings?: string[];
  /**
   * Columns (by index) whose parenthesised whole numbers annotate the counts beside them ("387
   * (13)": 13 of them intercompany) rather than being negatives: their values stay null, also when
   * the table's values are read again in another number style ({@link countAnnotations}).
   */
  annotations?: number[];
  /**
   * Where each cell of `rows` was printed (the baseline of its line and the x of its first
   * piece), for finding its text in the page's text ({@link cellOffsets}); null for an empty cell.
   * Not returned.
   */
  at?: (CellAt | null)[][];
  /** The x extents of a stream table's columns, for lining up headings above it. Not returned. */
  slots?: { x0: number; x1: number }[];
}

/** Where a cell's text was printed: its line's baseline and its first piece's x, in points. */
export interface CellAt {
  y: number;
  x: number;
}

/**
 * "In thousands", "(Dollars in millions, except per share data)", "($000)", "(€m)": the scale a
 * table's figures are printed in, found in its header or in a short line just above it. Values
 * stay as printed; `text` is the statement itself, with any exception ("except per share").
 */
export interface TableScale {
  multiplier: number;
  text: string;
  where: "header" | "above";
}

/** A currency before a scale word: a code (USD millions) or a sign ($ millions, US$m, ₹ crore). */
const CURRENCY = String
  .raw`(?:(?:USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|HKD|SEK|NOK|DKK|KRW|TWD|BRL|MXN|ZAR|SGD|NZD|IDR|PLN)\s?|(?:US|HK|NZ|A|C|S|R)\$\s?|Rs\.?\s?|[$€£¥₹]\s?)`;

/** Currency names after "of": "in thousands of euros", "(Millions of yen)". */
const MONEY_NAMES = String
  .raw`(?:(?:u\.?\s?s\.?|canadian|australian|hong kong|new taiwan|singapore|swiss)\s+)?(?:dollars|euros?|yen|pounds(?:\s+sterling)?|sterling|francs|kronor|kroner|krona|won|yuan|renminbi|rupees|reais|pesos|rand|rupiah)`;

/** The forms a scale statement takes; group 1 is the scale word. */
const SCALE_FORMS = [
  // in thousands, in millions of dollars, in USD millions, Dollars in millions, in $ billions,
  // in € million, Rs. in crore, (₹ in lakhs)
  new RegExp(
    String
      .raw`\bin\s+(?:${CURRENCY}|dollars\s+|euros\s+|pounds\s+)?(thousands?|millions?|billions?|crores?|lakhs?|lacs?)\b`,
    "i",
  ),
  // (Millions of yen), Thousands of U.S. dollars, thousands of euros
  new RegExp(String.raw`\b(thousands?|millions?|billions?)\s+of\s+${MONEY_NAMES}\b`, "i"),
  // € million, EUR thousand, US$ billion, ₹ crore (a currency, then the word)
  new RegExp(
    String.raw`(?<![A-Za-z])${CURRENCY}(thousands?|millions?|billions?|crores?|lakhs?)\b`,
    "i",
  ),
  // ($000), (€m), (US$ mn), (USD '000), $'000; the apostrophe also typeset (RMB’000)
  new RegExp(String.raw`\(\s*${CURRENCY}['\u2019]?\s*(000s?|k|m|mn|mm|bn)\s*\)`),
  new RegExp(String.raw`(?:US\$|[$€£¥])\s?['\u2019](000)\b`),
  // RMB'000, HK$’000, in $000s, in RMB'000
  new RegExp(String.raw`(?<![A-Za-z])${CURRENCY}['\u2019](000)\b`),
  new RegExp(String.raw`\bin\s+${CURRENCY}['\u2019]?(000s?)\b`, "i"),
  // £000, $000s, US$000 standing as a column's heading (a figure is never written so)
  new RegExp(String.raw`(?<![\w$€£¥])(?:US\$|HK\$|[$€£¥])(000s?)(?![\d,.'\u2019])`),
  // EUR m, CHF mn, SEK bn, in EURm (a currency code, then the letter)
  new RegExp(
    String
      .raw`(?<![A-Za-z])(?:USD|EUR|GBP|CHF|SEK|NOK|DKK|CAD|AUD|JPY|CNY|RMB|HKD|INR|ZAR|BRL)\s?(m|mn|bn)(?![\w.,])`,
  ),
  // €m, £bn, $m standing as a header ("€m 2023 2022"), not a word's start
  new RegExp(String.raw`(?<![\w$€£¥])(?:US\$|[$€£])\s?(m|mn|bn)(?![\w.,])`),
  // in Mio. EUR, Mio. €, EUR Mio., in Tsd. €, Mrd. EUR; TEUR and T€ (thousands of euros)
  new RegExp(String.raw`(?<![A-Za-z])(Mio|Mrd|Tsd)\.?\s*(?:EUR|€|CHF|USD|\$)`),
  new RegExp(String.raw`(?:EUR|€|CHF)\s?(Mio|Mrd|Tsd)\b`),
  /(?<![A-Za-z])(T)(?:EUR|€)(?![A-Za-z])/,
  // 単位：百万円 (millions of yen), 千円, 億円
  /(百万|千|億)円/,
  // (000s), in '000s
  /\(\s*['\u2019]?(000s?)\s*\)/,
  /\bin\s+['\u2019]?(000s?)\b/i,
];

/**
 * Per-unit figures: per share, EPS, rates, prices, ratios, percents ("Margin %", "% Change"; not
 * the coupon of "3.25% notes due 2026", which are dollars).
 */
// a weighted-average grant-date fair value or exercise price is per share (an award table "in
// millions except share price" has its share counts and intrinsic value in millions)
const PER_UNIT =
  /\bper\b|\bweighted[- ]?\s*average\s+(?:grant[- ]date\s+)?(?:fair\s+value|exercise\s+price)\b|\bshare prices?\b|\bEPS\b|\bRevPAR\b|\bARPU\b|\baverage (?:daily )?(?:rate|price)\b|\bprice paid\b|\bpercent(?:age)?\b|(?<![\d.])%|\bratio\b|\bbasis points\b|\bbps\b|(?<!effects? of (?:the )?)\b(?:fx|exchange|conversion) rates?\b(?! (?:changes?|effects?|fluctuations?|movements?|impacts?|differences?|translation|adjustments?|gains?|losses?|hedges?|swaps?|contracts?|derivatives?))|\w\s\/(?:\s|$)|\b(?:USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|HKD|SEK|NOK|DKK)[:/](?:USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|HKD|SEK|NOK|DKK)\b/i;

/**
 * Rates and ratios a statement's scale never covers, printed without a "%" or "x": "Effective tax
 * rate | 21.0", "Return on equity | 14.2", "Net interest margin | 3.05", "Net debt to EBITDA |
 * 2.1", "Book-to-bill | 1.1", "Leverage (x)"; not "Interest rate swaps" or "Tax expense".
 */
const RATES =
  /\b(?:(?:effective\s+)?(?:income\s+)?tax\s+rates?|net\s+interest\s+margin|return\s+on\s+(?:average\s+)?(?:tangible\s+)?(?:common\s+)?(?:(?:share|stock)holders['’]?\s+)?(?:equity|assets|invested\s+capital|capital\s+employed)|RO(?:A|E|IC|CE|TCE|TE)|book[- ]to[- ]bill|(?:net\s+)?(?:debt|leverage|loan)[- ](?:to|\/)[- ](?:equity|capital|(?:adjusted\s+)?EBITDA|value|deposits?)|net\s+debt\s*\/\s*(?:adjusted\s+)?EBITDA|dividend\s+yield|yield\s+on)\b|\((?:x|times)\)/i;

/** Counts of things that are not money or shares. */
const COUNTS =
  /\b(?:number of (?!shares)|store count|(?:new )?store openings|openings|closings|employees|headcount|locations|square (?:feet|footage)|days|basis points|bps)\b|\(in (?:years|months|weeks|days)\)|\bcontractual (?:life|term)\b/i;

/**
 * True when a row label or column header names share counts the statement does not cover: "(In
 * thousands, except share and per share amounts)", or a statement about dollars only ("Dollars
 * in millions") over "Total Number of Shares Purchased". Not a "Common stock, $.01 par value;
 * 100,000,000 shares authorized" row, which is dollars.
 */
function uncoveredShares(label: string, text: string): boolean {
  const shares = /\bshares\b/i.test(label) && !/\bpar\b|\$|\bvalue\b|\bamount\b/i.test(label);
  // "except share and per share data" leaves share counts out; "except share price" does not
  if (shares && /\bexcept\s+(?:for\s+)?(?:number of\s+)?shares?\b(?!\s+prices?\b)/i.test(text)) {
    return true;
  }
  // a count of shares by its words ("Treasury shares issued for 401(k) contribution" in a cash
  // flow statement is dollars)
  const count =
    /\bnumber of (?:common )?shares\b|\bshares (?:purchased|repurchased|outstanding|authorized)\b|\bweighted[- ]average\b.*\bshares\b/i
      .test(label) && !/\bpar\b|\$|\bvalue\b|\bamount\b|\bdollars?\b|\bcost\b/i.test(label);
  return count &&
    /\b(?:dollars|euros|pounds)\s+in\b|\bin\s+(?:millions|thousands|billions)\s+of\s+(?:dollars|euros|pounds)\b/i
      .test(text);
}

/** Rows a per-share or share-count line above names: "Basic", "Diluted", "Continuing operations". */
const BASIC_DILUTED =
  /^\s*(?:basic|diluted|basic and diluted|from continuing operations|from discontinued operations|continuing operations|discontinued operations)\b[^a-z]*$/i;

/** A label naming a count of shares (not their dollars). */
const SHARE_COUNT =
  /^(?!.*(?:\bpar\b|\$|\bvalue\b|\bamount\b|\bdollars?\b|\bcost\b)).*(?:\bnumber of (?:common )?shares\b|\bshares (?:used|purchased|repurchased|outstanding|authorized|issued)\b|\bweighted[- ]average\b.*\bshares\b)/i;

/**
 * The scale a statement gives share counts apart: "(In millions, except share amounts which are
 * reflected in thousands, and per share amounts)" puts a count of shares in thousands. Read by
 * the table's scale alone it was in millions, or left out as "except share".
 */
function sharesScale(label: string, text: string): number | null {
  const m =
    /\bexcept\s+(?:for\s+)?(?:number of\s+)?shares?(?:\s+(?:amounts|data|counts|numbers))?[^.;)]*?\bin\s+(thousands|millions|billions)\b/i
      .exec(text);
  return m && SHARE_COUNT.test(label) ? SCALE_WORDS[m[1].toLowerCase()] : null;
}

/** A row's own scale in its label: "Weighted average diluted shares (in millions)". */
function ownScale(label: string): number | null {
  const m = /\((?:[a-z ]*\bin\s+)?(thousands|millions|billions)\)/i.exec(label);
  return m ? SCALE_WORDS[m[1].toLowerCase()] : null;
}

/**
 * The stated scale as it applies to one row by its label: not to per-share or other per-unit
 * figures (EPS, "average daily rate", anything "per" something), or counts of things that are not
 * shares (stores, openings, employees, days); a table "in thousands, except per share data" has
 * its EPS row in dollars and its store count in stores. Null where it does not apply, and for a
 * row whose every figure is a percent; a label stating its own scale ("Weighted average diluted
 * shares (in millions)") has that one. {@link cellScales} also weighs the column headers.
 */
export function rowScale(row: string[], multiplier: number | null, text = ""): number | null {
  if (multiplier === null) return null;
  const label = row.find((c) => c.trim() && !isFigure(c) && !DASHES.test(c.trim())) ?? "";
  const figures = row.filter(isFigure);
  if (figures.length && figures.every(isPercent)) return null;
  const own = ownScale(label);
  if (own !== null) return own;
  const shares = sharesScale(label, text);
  if (shares !== null) return shares;
  if (PER_UNIT.test(label) || uncoveredShares(label, text) || COUNTS.test(label)) return null;
  if (RATES.test(label) || excepted(label, text)) return null;
  return multiplier;
}

/**
 * True when the statement names the row as an exception other than shares (those are weighed by
 * {@link uncoveredShares}): "All figures except sales volume are in INR million" over "Sales
 * Volume".
 */
function excepted(label: string, text: string): boolean {
  const m = /\bexcept\s+(?:for\s+)?(.+?)(?=\s+(?:are|is|which|amounts?|data|figures|in)\b|[,;)]|$)/i
    .exec(text);
  if (!m) return false;
  const name = label.toLowerCase().replace(/\s+/g, " ");
  return m[1].toLowerCase().split(/\s+and\s+|\s*,\s*/).some((p) =>
    p.length >= 3 && !/\bshares?\b/.test(p) && name.includes(p.trim())
  );
}

/** A printed percent: "15.6%", "(4.8%)", "(4.8)%". */
const isPercent = (cell: string) => /%\s*\)?\s*$/.test(cell);

/**
 * The stated scale as it applies to a column by its header: null under "Average Price Paid per
 * Share", "% Change", "Number of employees", or share counts the statement does not cover (see
 * {@link rowScale}). A "Change" column of dollars keeps it; its percent cells do not.
 */
export function columnScale(header: string, multiplier: number | null, text = ""): number | null {
  if (multiplier === null) return null;
  // a column stating its own scale ("Revenue (in millions)" in a table "in thousands") is in
  // that one, not the table's
  const own = /\((?:[^()]*?\bin\s+)?(thousands|millions|billions)\b(?![^()]*\bexcept\b)[^()]*\)/i
    .exec(text ? header.split(text).join(" ") : header);
  if (own && SCALE_WORDS[own[1].toLowerCase()] !== multiplier) {
    return SCALE_WORDS[own[1].toLowerCase()];
  }
  // the statement itself may stand in a column's header rows: it names no column
  const h = (text ? header.split(text).join(" ") : header)
    .replace(/\([^()]*\b(?:thousands|millions|billions|except)\b[^()]*\)/gi, " ")
    .replace(/\s+/g, " ").trim();
  if (!h) return multiplier;
  if (PER_UNIT.test(h) || uncoveredShares(h, text) || COUNTS.test(h) || RATES.test(h)) return null;
  return multiplier;
}

/**
 * The multiplier of each value of a table: the stated scale where its row and its column are
 * covered and the cell is no percent; null for text, dashes and uncovered figures. Rows named
 * only "Basic" or "Diluted" under an "Earnings per share:" line are per share.
 */
export function cellScales(
  t: Pick<Table, "header" | "rows" | "values" | "scale">,
): (number | null)[][] {
  const m = t.scale?.multiplier ?? null;
  const text = t.scale?.text ?? "";
  const cols = t.header.map((h) => columnScale(h, m, text));
  // a column of per-share figures beside columns in the scale ("EPS (Diluted US cents)")
  const perUnitColumn = t.header.some((h, k) => k > 0 && cols[k] === null && PER_UNIT.test(h)) &&
    t.header.some((_, k) => k > 0 && m !== null && cols[k] === m);
  // "EARNINGS PER SHARE:" over rows labelled "Basic" and "Diluted": they are per share too
  let perUnit = false;
  // "Weighted-average shares used to compute net loss per share:" over "Basic" and "Diluted":
  // counts of shares, named by the line above them
  let shareCount = "";
  // rows without figures that name two or more columns head the rows below them (a second
  // statement in the same block: "Reported ∆%" over a change column)
  let heading: string[] = [];
  return t.rows.map((r, i) => {
    const label = r.find((c) => c.trim() && !isFigure(c) && !DASHES.test(c.trim())) ?? "";
    if (!r.some(isFigure)) {
      shareCount = SHARE_COUNT.test(label) ? label : "";
      perUnit = PER_UNIT.test(label) && !shareCount;
      r.forEach((c, k) => {
        if (k > 0 && /\p{L}|%/u.test(c)) heading[k] = heading[k] ? `${heading[k]} ${c}` : c;
      });
    } else if (heading.filter(Boolean).length >= 2) {
      heading.forEach((h, k) => {
        if (h && k < cols.length) cols[k] = columnScale(h, m, text);
      });
      heading = [];
    } else heading = [];
    const under = perUnit && BASIC_DILUTED.test(label);
    // a label that wraps onto a line of its own ("Comparable Constant Currency" / "Growth %")
    const next = t.rows[i + 1];
    // or that began on the line above ("Common stock, $.01 par value: authorized ... issued and"
    // over "outstanding 379,087,524 shares | 3,791"): dollars of the par value, not a share count
    const prev = t.rows[i - 1];
    const begun = prev && !prev.some(isFigure) && prev.filter((c) => c.trim()).length === 1 &&
        prev[0]?.trim() && /^[a-z]/.test(label)
      ? `${prev[0]} ${label}`
      : label;
    const named = shareCount && BASIC_DILUTED.test(label) ? `${shareCount} ${label}` : begun;
    const wrapped = next && !next.some(isFigure) && next.filter((c) => c.trim()).length === 1 &&
        /%\s*$/.test(next[0] ?? "")
      ? `${named} ${next[0]}`
      : named;
    let row = under ? null : rowScale(wrapped === label ? r : [wrapped, ...r.slice(1)], m, text);
    // a row naming several measures, one per share ("EBITDA, EBIT, Net income and EPS"), across
    // columns that name theirs ("EBITDA | EBIT | Net Income | EPS (Diluted US cents)"): the
    // columns decide, the EPS column stays out; read as one per-share row it had no scale at all
    if (row === null && !under && /,|\band\b/.test(label) && perUnitColumn) {
      const others = wrapped.replace(/\b(?:EPS|earnings per share|per share)\b/gi, " ");
      if (!PER_UNIT.test(others)) row = rowScale([others, ...r.slice(1)], m, text);
    }
    return r.map((c, k) =>
      t.values[i]?.[k] === null || t.values[i]?.[k] === undefined || row === null ||
        (k < cols.length && cols[k] === null) || isPercent(c)
        ? null
        // a column in its own scale, in a row in the table's
        : k < cols.length && row === m && cols[k] !== m
        ? cols[k]
        : row
    );
  });
}

/** The scale stated in one of `texts`, the first that states one. */
export function scaleIn(texts: string[]): { multiplier: number; text: string } | null {
  for (const raw of texts) {
    const text = raw.replace(/\s+/g, " ").trim();
    for (const form of SCALE_FORMS) {
      const m = form.exec(text);
      const multiplier = m && SCALE_WORDS[m[1].toLowerCase()];
      if (!multiplier) continue;
      // the statement itself when it is in parentheses: "(In thousands, except per share data)"
      const open = text.lastIndexOf("(", m.index + (m[0].startsWith("(") ? 0 : m[0].length));
      const close = open >= 0 ? text.indexOf(")", open) : -1;
      const inside = open >= 0 && close > m.index;
      return {
        multiplier,
        text: (inside ? text.slice(open, close + 1) : unitPhrase(text, m)).slice(0, 160),
      };
    }
  }
  return null;
}

/** Words before a scale word that belong to its statement: "Rs. in", "All amounts are in". */
const UNIT_LEAD = new RegExp(
  String
    .raw`(?:${CURRENCY})?(?:\b(?:all\s+)?(?:U\.?S\.?\s+)?(?:dollars|amounts|figures|euros|pounds|currency|expressed|stated|presented|reported|shown|are|is)\s+)*$`,
  "i",
);

/**
 * The scale statement of a line that states more than that: "Twelve Months Ended June 30, 2022
 * $ million" gives "$ million", "Dollars in millions, except per share data" stays whole; the
 * words that name the unit before it and its "of dollars" and "except ..." after it are kept.
 */
function unitPhrase(text: string, m: RegExpExecArray): string {
  const before = text.slice(0, m.index);
  const lead = UNIT_LEAD.exec(before)?.[0] ?? "";
  const after = text.slice(m.index + m[0].length);
  const tail =
    /^(?:\s+of\s+(?:u\.?\s?s\.?\s+)?[a-z]+)?(?:\s*,?\s*(?:except|unless|other than)\b[^.;()]*)?/i
      .exec(after)?.[0] ?? "";
  return `${lead}${m[0]}${tail}`.trim();
}

/**
 * The lines above a table's top, nearest first, up to the previous table: a statement's title
 * block ("Condensed Consolidated Balance Sheets", "(In thousands)", its column dates) stands
 * there. At most eight lines and 100 points; a line with two figures is another table's row, and
 * the search stops at it; a line longer than a caption is not kept.
 */
function linesAbove(
  lines: Line[],
  top: number,
  pageHeight: number,
  across?: [number, number],
): string[] {
  const out: string[] = [];
  // a table beside another reads only the text above itself: the caption over its neighbour
  // ("Balance sheet (in thousands)") is not its own
  const over = (r: TextRun) => !across || (r.x < across[1] && r.x + r.width > across[0]);
  const above = lines
    .filter((l) => {
      const fromTop = pageHeight - l.y;
      return fromTop < top + 1 && top - fromTop <= 100 &&
        l.runs.some((r) => r.str.trim() && over(r));
    })
    .sort((a, b) => a.y - b.y)
    .slice(0, 8);
  for (const l of above) {
    const text = l.runs.filter(over).map((r) => r.str).join(" ").replace(/\s+/g, " ").trim();
    const figures = text.split(" ").filter((w) => isFigure(w) && !isYear(w));
    if (figures.length >= 2) break;
    if (text.length <= 160) out.push(text);
  }
  return out;
}

/**
 * The table's scale: stated in its header rows, or else just above it on the page. A table read
 * apart from the one beside it looks first above itself (`above`), then above the pair
 * (`shared`), and says so when it takes the shared line's scale.
 */
function withScale(t: Table, above: string[], shared?: string[]): Table {
  t.above = above;
  const inHeader = scaleIn([...t.header, ...(t.rows[0] ?? []).slice(0, 1)]);
  if (inHeader) t.scale = { ...inHeader, where: "header" };
  else {
    let found = scaleIn(above);
    if (!found && shared) {
      found = scaleIn(shared);
      if (found) {
        (t.warnings ??= []).push(
          `its scale ("${found.text}") is stated above it and the table beside it together, not over it alone: check that it covers this table`,
        );
        t.above = shared;
      }
    }
    t.scale = found ? { ...found, where: "above" } : null;
  }
  return countAnnotations(t);
}

/** A whole number in parentheses, as an annotation of a count is printed: "(13)", "(1,204)". */
const PAREN_COUNT = /^\((?:\d{1,3}(?:,\d{3})+|\d{1,4})\)$/;

/** A whole number written as a count: "387", "8,132". */
const COUNT = /^(?:\d{1,3}(?:,\d{3})+|\d{1,6})$/;

/** A count with its annotation run into one cell: "387 (13)", or glued as a raised mark "387(13)". */
const COUNT_AND_PAREN = /^(?:\d{1,3}(?:,\d{3})+|\d{1,6}) ?\((?:\d{1,3}(?:,\d{3})+|\d{1,4})\)$/;

/**
 * A cell that says the table holds amounts, not counts: a currency, a decimal, a percent ("$1,510",
 * "(9.2)%", "12.5").
 */
function amountCell(cell: string): boolean {
  const c = cell.trim();
  if (!c || !/\d/.test(c)) return false;
  return /[$€£¥₹]|%|\d[.,]\d{1,2}(?!\d)|\d\.\d/.test(c) ||
    /(?<![A-Za-z])(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR)(?![A-Za-z])/.test(c);
}

/**
 * Counts with other counts in parentheses beside them ("Deliveries | 387 | (13)": 387 airplanes,
 * 13 of them intercompany, as a footnote says). A parenthesised figure is a negative amount in a
 * statement, but a column with no heading (or only a footnote mark, "†") whose every filled cell
 * is a whole number in parentheses, each standing right beside a count in a headed column of
 * positive whole numbers, annotates that column: its values are null and a caution says so. A
 * table of amounts (a stated scale, a currency, a decimal, a percent anywhere in it) is never
 * read so, nor is a column that has a heading of its own.
 */
function countAnnotations(t: Table): Table {
  if (t.scale || !t.rows.length) return t;
  if ([...t.header, ...t.rows.flat()].some(amountCell)) return t;
  const width = t.header.length;
  const headed = (k: number) => {
    const h = (t.header[k] ?? "").trim();
    return !!h && !LONE_MARK.test(h);
  };
  const cell = (i: number, k: number) => (t.rows[i][k] ?? "").trim();
  const counts = (k: number) => {
    if (k < 1 || k >= width || !headed(k)) return false;
    const filled = t.rows.map((_, i) => cell(i, k)).filter(Boolean);
    return filled.some((c) => COUNT.test(c)) &&
      filled.every((c) => COUNT.test(c) || COUNT_AND_PAREN.test(c) || DASHES.test(c));
  };
  for (let k = 1; k < width; k++) {
    if (headed(k)) continue;
    const filled = t.rows.map((_, i) => i).filter((i) => cell(i, k));
    const paren = filled.filter((i) => PAREN_COUNT.test(cell(i, k)));
    if (
      !paren.length || !filled.every((i) => paren.includes(i) || COUNT_AND_PAREN.test(cell(i, k)))
    ) {
      continue;
    }
    // the counts it annotates stand before it ("387 (13)"), or else after it: the nearest headed
    // column of counts, with a count beside each parenthesised number
    const side = counts(k - 1) ? k - 1 : counts(k + 1) ? k + 1 : -1;
    if (side < 0 || !paren.every((i) => COUNT.test(cell(i, side)))) continue;
    for (const i of paren) t.values[i][k] = null;
    (t.annotations ??= []).push(k);
    const mark = t.header[k].trim();
    (t.warnings ??= []).push(
      `column ${k + 1} ${
        mark ? `is headed only by a footnote mark ("${mark}")` : "has no heading"
      } and holds only whole numbers in parentheses (e.g. "${
        cell(paren[0], k)
      }") beside the counts of column ${side + 1} ("${
        t.header[side].trim()
      }"): the parenthesised numbers beside column ${
        side + 1
      } may be annotations (counts in parentheses), not negative values, so their values are null; a footnote to the table may say what they count: read it on the page`,
    );
  }
  return t;
}

const DASHES = /^[\u2014\u2013\u2012\u2015\u2010\uff0d-]+$/;

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
const GLUED_MARK =
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

export interface Cell {
  x0: number;
  x1: number;
  text: string;
  /**
   * The pieces of a cell joined across a gap wider than a word space (two dates printed close
   * together: "Dec 31, 2023  Dec 31, 2024"), when it has several.
   */
  pieces?: { x0: number; x1: number; text: string }[];
}

/**
 * A run that carries the next column's currency sign ("762.7 $": pdf.js joins a figure and the
 * "$" printed before the next one into one run) split before the sign, the x of each part
 * estimated from its share of the characters.
 */
function splitCurrency(r: TextRun): TextRun[] {
  const parts = r.str.split(/\s+(?=[$€£]\s*(?:[\d(]|$))/);
  if (parts.length < 2 || !parts.every((p) => p.trim())) return [r];
  const per = r.width / Math.max(1, r.str.length);
  const out: TextRun[] = [];
  let at = 0;
  for (const p of parts) {
    const i = r.str.indexOf(p, at);
    out.push({ ...r, str: p, x: r.x + i * per, width: p.length * per });
    at = i + p.length;
  }
  return out;
}

/** Splits a line into cells at gaps wider than one font size; lone "$" joins the next cell. */
function lineCells(line: Line): Cell[] {
  const cells: Cell[] = [];
  for (const r of line.runs.flatMap(splitCurrency)) {
    const last = cells.at(-1);
    const gap = last ? r.x - last.x1 : Infinity;
    // a "$" always opens the next cell, and so does "$ 14,177" right after a figure ("903,607"):
    // two figures, not one cell "903,607 $ 14,177"
    const currency = /^[$€£]$/.test(r.str.trim()) ||
      (/^[$€£]\s*[\d(]/.test(r.str.trim()) && !!last && /[\d)]$/.test(last.text.trim()));
    if (last && ((gap < 0.9 * (r.size || 1) && !currency) || /^[$€£]$/.test(last.text.trim()))) {
      if (gap > 0.5 * (r.size || 1) && r.str.trim()) {
        const pieces = last.pieces ??= [{ x0: last.x0, x1: last.x1, text: last.text }];
        pieces.push({ x0: r.x, x1: r.x + r.width, text: r.str });
      } else if (last.pieces) {
        const piece = last.pieces.at(-1)!;
        piece.text += (gap > 0.15 * (r.size || 1) ? " " : "") + r.str;
        piece.x1 = Math.max(piece.x1, r.x + r.width);
      }
      last.text += (gap > 0.15 * (r.size || 1) ? " " : "") + r.str;
      last.x1 = Math.max(last.x1, r.x + r.width);
    } else if (last && /^\s*[%)]\s*$/.test(r.str)) {
      last.text += r.str.trim();
      last.x1 = r.x + r.width;
    } else cells.push({ x0: r.x, x1: r.x + r.width, text: r.str });
  }
  return cells.map((c) => ({
    ...c,
    text: c.text.replace(/\s+/g, " ").trim(),
    pieces: c.pieces?.map((p) => ({ ...p, text: p.text.replace(/\s+/g, " ").trim() })),
  })).filter((c) => c.text);
}

export const isNumeric = (t: string) => isFigure(t) || DASHES.test(t.trim());

/** Stream tables: runs of aligned lines with a label and at least one numeric column. */
export function streamTables(runs: TextRun[], page: number, pageHeight: number): Table[] {
  const all = groupLines(runs);
  const lines = all.map((line) => ({ line, cells: lineCells(line) }));
  const tables: Table[] = [];
  // tables read apart from a table beside them on the same lines
  const beside = new Set<Table>();
  // a table that continues the one above it after a blank band (it took that one's headings)
  const continues = new Map<Table, Table>();
  let block: typeof lines = [];
  let gapLines = 0;
  // where the block starts in `lines`, and the last line of the table before it
  let start = 0, floor = -1;
  const flush = () => {
    const beside2 = splitBeside(block);
    // a second table run on below the first with its own headings is a table of its own
    const parts = beside2.length === 1 ? splitAtHeadings(block) : beside2;
    for (const part of parts) {
      while (part.length && part.at(-1)!.cells.length < 2) part.pop();
      const tabular = part.filter((b) =>
        b.cells.length >= 2 && b.cells.slice(1).some((c) => isNumeric(c.text))
      );
      if (tabular.length < 2) continue;
      const t = buildStream(part, page, pageHeight);
      // a row of years far above its rows (a units line or section labels between) heads it
      if (beside2.length === 1) {
        const from = lines.indexOf(part[0]);
        periodsAbove(t, lines, from, floor);
        spanOverHeadings(t, lines, from, floor);
        wrappedHeadingsAbove(t, lines, from, floor);
        if (headingsFromAbove(t, tables.at(-1), lines, from, floor)) {
          continues.set(t, tables.at(-1)!);
        }
        if (parts.length > 1) floor = lines.indexOf(part.at(-1)!);
      }
      if (beside2.length > 1) {
        beside.add(t);
        (t.warnings ??= []).push(
          "it stands beside another table on the same lines of the page and was read apart from it (its own labels and columns); check the columns on the page",
        );
      }
      tables.push(t);
      floor = start + block.length - 1;
    }
    block = [];
    gapLines = 0;
  };
  for (const [i, entry] of lines.entries()) {
    const prev = block.at(-1)?.line;
    const far = prev && prev.y - entry.line.y > 3 * Math.max(prev.size, entry.line.size);
    if (far) flush();
    if (entry.cells.length >= 2) {
      if (!block.length) {
        start = i;
        // the first line of its label, wrapped onto this one, left out as a long line of text
        const before = lines[i - 1];
        if (i - 1 > floor && before?.cells.length === 1 && wrapsOnto(before.line, entry)) {
          start = i - 1;
          block.push(before);
        }
      }
      block.push(entry);
      gapLines = 0;
    } else if (
      block.length && gapLines < 2 &&
      (entry.line.x1 - entry.line.x0 < 300 || wrapsOnto(entry.line, lines[i + 1]) ||
        leadsRows(entry, lines[i + 1]))
    ) {
      block.push(entry); // a section label inside the table ("Operating expenses:")
      gapLines++;
    } else {
      flush();
      if (entry.cells.length >= 1) block = [];
    }
  }
  flush();
  return tables.map((t) => {
    if (beside.has(t)) {
      return withScale(
        t,
        linesAbove(all, t.bbox![1], pageHeight, [t.bbox![0], t.bbox![2]]),
        linesAbove(all, t.bbox![1], pageHeight),
      );
    }
    withScale(t, linesAbove(all, t.bbox![1], pageHeight));
    unheadedScale(t, all, pageHeight);
    // the rest of a statement after a blank band ("Total stockholders' equity" under "Total
    // liabilities") is in the statement's scale: its own lines above are the statement's rows,
    // so read alone its figures had none and passed for units
    const from = continues.get(t);
    if (!t.scale && from?.scale) {
      t.scale = { ...from.scale, where: "above" };
      (t.warnings ??= []).push(
        `it continues the table just above it on the page, whose scale ("${from.scale.text}") was taken for it: it states none of its own`,
      );
    }
    return t;
  });
}

export type BlockLine = { line: Line; cells: Cell[] };

/** A cell of words (a row's label), not a figure or a dash. */
const labelCell = (c: Cell) => /\p{L}{2}/u.test(c.text) && !isNumeric(c.text);

/**
 * Two tables printed side by side on the same lines ("Income statement | 2024 | 2023" beside
 * "Balance sheet | 2024 | 2023") are one block of lines to the stream reader: read as one table
 * the right one took the left one's scale and columns. The block is cut at an x that no cell
 * crosses where a column of labels starts (left-aligned, at least two different ones, each with
 * a figure to its right), with at least two labelled rows of figures on the left too; each side
 * is a block of its own (and the right side may be cut again).
 */
function splitBeside(block: BlockLine[]): BlockLine[][] {
  if (block.length < 4) return [block];
  const size = Math.max(1, ...block.map((b) => b.line.size || 1));
  // where two or more labels start within two points of each other (a column of labels)
  const xs = block.flatMap((b) => b.cells.filter(labelCell).map((c) => c.x0)).sort((a, b) => a - b);
  const candidates = [
    ...new Set(
      xs.filter((x, i) => x - (xs[i - 1] ?? -Infinity) <= 2 || (xs[i + 1] ?? Infinity) - x <= 2)
        .map(Math.round),
    ),
  ];
  for (const x of candidates) {
    if (block.some((b) => b.cells.some((c) => c.x0 < x - 1 && c.x1 > x + 1))) continue;
    const left = new Set<string>(), right = new Set<string>();
    for (const { cells } of block) {
      const l = cells.filter((c) => c.x1 <= x + 1), r = cells.filter((c) => c.x0 >= x - 1);
      if (l.length >= 2 && labelCell(l[0]) && l.slice(1).some((c) => isFigure(c.text))) {
        left.add(l[0].text);
      }
      if (
        r.length >= 2 && labelCell(r[0]) && Math.abs(r[0].x0 - x) <= size &&
        r.slice(1).some((c) => isFigure(c.text))
      ) right.add(r[0].text);
    }
    if (left.size < 2 || right.size < 2) continue;
    const side = (keep: (c: Cell) => boolean) =>
      block.flatMap(({ line, cells }) => {
        const kept = cells.filter(keep);
        if (!kept.length) return [];
        const runs = line.runs.filter((r) => keep({ x0: r.x, x1: r.x + r.width, text: r.str }));
        const x0 = Math.min(...kept.map((c) => c.x0)), x1 = Math.max(...kept.map((c) => c.x1));
        return [{ line: { ...line, runs, x0, x1 }, cells: kept }];
      });
    return [side((c) => c.x0 < x - 1), ...splitBeside(side((c) => c.x0 >= x - 1))];
  }
  return [block];
}

function buildStream(
  block: { line: Line; cells: Cell[] }[],
  page: number,
  pageHeight: number,
): Table {
  // Column slots come from the rows with the most cells; other rows snap to the nearest slot.
  const widest = Math.max(...block.map((b) => b.cells.length));
  const model = block.filter((b) => b.cells.length === widest);
  const slots = Array.from({ length: widest }, (_, k) => {
    const xs = model.map((b) => b.cells[k]);
    return { x0: Math.min(...xs.map((c) => c.x0)), x1: Math.max(...xs.map((c) => c.x1)) };
  });
  // A column the widest rows lack (a header of four lettered columns over rows whose label
  // stands at the left, outside them all): a cell far from every slot that would share its slot
  // with another cell of its row opens a slot of its own, instead of taking that column's figure
  // into its text.
  const nearest = (c: Cell) => {
    let best = 0, bestScore = -Infinity;
    slots.forEach((s, k) => {
      const overlap = Math.min(s.x1, c.x1) - Math.max(s.x0, c.x0);
      const score = overlap > 0 ? overlap : -Math.abs((s.x0 + s.x1) / 2 - (c.x0 + c.x1) / 2);
      if (score > bestScore) [best, bestScore] = [k, score];
    });
    return best;
  };
  const added: { x0: number; x1: number }[] = [];
  for (const { line, cells } of block) {
    const at = cells.map(nearest);
    cells.forEach((c, i) => {
      const gap = Math.min(...slots.map((s) => Math.max(s.x0 - c.x1, c.x0 - s.x1)));
      // a figure under the long labels of the widest rows, right of its own row's label, is a
      // column of figures those rows lack (a second table run on below the first): read into
      // the label it made "Adjusted EBITDA 609", a row whose first figure was lost
      const underLabel = at[i] === 0 && i > 0 && at[0] === 0 && isFigure(c.text) &&
        !isYear(c.text) && !isFigure(cells[0].text) && c.x0 > cells[0].x1 &&
        Math.min(slots[0].x1, c.x1) > Math.max(slots[0].x0, c.x0) &&
        // the first column is the labels' column, starting where this row's label starts
        Math.abs(slots[0].x0 - cells[0].x0) < 2 * (line.size || 1);
      if (underLabel) {
        // not if it is part of the label's own words' place (inside the row's label cell)
      } else if (gap < 2 * (line.size || 1) || at.filter((k) => k === at[i]).length < 2) return;
      const near = added.find((s) => Math.min(s.x1, c.x1) - Math.max(s.x0, c.x0) > 0);
      if (near) [near.x0, near.x1] = [Math.min(near.x0, c.x0), Math.max(near.x1, c.x1)];
      else added.push({ x0: c.x0, x1: c.x1 });
    });
  }
  if (added.length) {
    slots.push(...added);
    slots.sort((a, b) => a.x0 - b.x0);
  }
  // a heading cell that joined the headings of two columns printed close together ("Dec 31,
  // 2023  Dec 31, 2024" over two columns of figures) is split back into them: whole it headed
  // the first column twice and the second not at all
  const figured = slots.map((_, k) =>
    k > 0 && block.some((b) => b.cells.some((c) => nearest(c) === k && isFigure(c.text)))
  );
  for (const b of block) {
    if (b.cells.some((c) => isFigure(c.text) && !isYear(c.text))) continue;
    b.cells = b.cells.flatMap((c) => {
      if (!c.pieces || c.pieces.length < 2) return [c];
      const at = c.pieces.map((p) => nearest({ ...p }));
      const over = c.pieces.every((p, i) =>
        figured[at[i]] && Math.min(slots[at[i]].x1, p.x1) > Math.max(slots[at[i]].x0, p.x0)
      );
      if (!over || at.some((k, i) => i > 0 && k <= at[i - 1])) return [c];
      return c.pieces.map((p) => ({ ...p }));
    });
  }
  const width = slots.length;
  const at = block.map(() => new Array<CellAt | null>(width).fill(null));
  // two figures printed apart on one line that fall into one column: the columns were not
  // lined up (a column the widest rows lack), so other figures may stand under a neighbour's
  // heading too
  const crowded: string[] = [];
  const grid = block.map(({ line, cells }, i) => {
    const row = new Array<string>(width).fill("");
    for (const c of cells) {
      const best = sectionLabel(c, cells, slots) ? 0 : nearest(c);
      if (row[best] && isFigure(c.text) && isFigure(row[best].split(" ").at(-1)!)) {
        crowded.push(`"${row[best]} ${c.text}"${row[0] ? ` in row "${row[0].slice(0, 60)}"` : ""}`);
      }
      row[best] = row[best] ? `${row[best]} ${c.text}` : c.text;
      at[i][best] ??= { y: line.y, x: c.x0 };
    }
    return row;
  });
  spreadBands(block.map((b) => b.cells), grid, slots, nearest);
  const ys = block.map((b) => b.line.y);
  const bbox: [number, number, number, number] = [
    round(Math.min(...block.map((b) => b.line.x0))),
    round(pageHeight - Math.max(...ys) - block[0].line.size),
    round(Math.max(...block.map((b) => b.line.x1))),
    round(pageHeight - Math.min(...ys)),
  ];
  // the widest rows must agree on where each column is: a "1" at x 349 in one and a "14" at
  // x 419 in another, both their third cell, are two columns, one of which the other row lacks
  // (its place taken by a footnote mark set apart), and figures stand under a neighbour's heading
  const apart = slots.findIndex((_, k) => {
    if (k === 0 || k >= widest) return false;
    // figures only (a heading centred over its column stands apart from its figures), two
    // font sizes or more apart (a "$" set before a figure widens its cell)
    const xs = model.filter((b) => isFigure(b.cells[k].text) && !isYear(b.cells[k].text))
      .map((b) => b.cells[k]);
    const size = Math.max(1, ...model.map((b) => b.line.size || 1));
    return xs.length >= 2 &&
      Math.max(...xs.map((c) => c.x0)) - Math.min(...xs.map((c) => c.x1)) > 2 * size;
  });
  const t: Table = { ...finish(grid, page, bbox, at), slots };
  let why = "";
  if (crowded.length) {
    why = `in ${crowded.length} row(s) figures printed apart fell into one column (${crowded[0]})`;
  } else if (apart > 0) {
    const [a, b] = model.filter((m) =>
      isFigure(m.cells[apart].text) && !isYear(m.cells[apart].text)
    )
      .sort((p, q) => p.cells[apart].x0 - q.cells[apart].x0)
      .filter((_, i, all) => i === 0 || i === all.length - 1);
    why = `its rows with the most cells print their figures at different places ("${
      a.cells[apart].text
    }" in row "${a.cells[0].text.slice(0, 60)}" and "${b.cells[apart].text}" in row "${
      b.cells[0].text.slice(0, 60)
    }" are in different columns on the page but were read into one)`;
  }
  if (why) {
    (t.warnings ??= []).push(
      `its columns could not be lined up: ${why}, so figures may stand under a neighbouring column's heading; do not take a figure's column from this table: read it on the page or try flavor=lattice`,
    );
  }
  return t;
}

/**
 * A header line of fewer cells than the columns of figures ("13 Weeks Ended" and "52 Weeks
 * Ended" each centred over three dates) heads every column under it, not only the one it
 * overlaps: each column of figures takes the nearest such cell within reach (half the way to
 * the next one; a lone one reaches half a column past its own width). Without it
 * two "January 28, 2023" columns, one of 13 weeks and one of 52, read the same.
 */
/** Words of a period's span heading several columns: "13 Weeks Ended", "Nine Months Ended". */
export const SPAN_WORDS =
  /\b(?:weeks?|months?|quarters?|years?|periods?)\s+(?:ended|ending)\b|\b(?:three|six|nine|twelve|thirteen|\d{1,2})[- ](?:months?|weeks?)\b|\byear[- ]to[- ]date\b|\bfiscal\s+(?:year\s+)?(?:19|20)\d{2}\b/i;

function spreadBands(
  lines: Cell[][],
  grid: string[][],
  slots: { x0: number; x1: number }[],
  nearest: (c: Cell) => number,
) {
  const { count } = headerRows(grid);
  const body = grid.slice(count);
  const figures = slots.map((_, k) => k > 0 && body.some((r) => isNumeric(r[k] ?? "")));
  const centers = slots.map((s) => (s.x0 + s.x1) / 2);
  const cols = centers.filter((_, k) => figures[k]);
  if (cols.length < 2) return;
  const gaps = cols.slice(1).map((c, i) => c - cols[i]).sort((a, b) => a - b);
  const pitch = gaps[gaps.length >> 1];
  for (let r = 0; r < count; r++) {
    // the line's cells over the columns of figures, words only (a line of years is no band);
    // only a period's span is spread: a wrapped heading's first line ("Rigid" over "Packaging",
    // "EPS (Diluted") or a note ("(Unaudited)") heads its own column alone
    const over = lines[r].filter((c) => nearest(c) !== 0);
    const bands = over.filter((c) => SPAN_WORDS.test(c.text));
    if (!bands.length || over.length >= cols.length || over.some((c) => isNumeric(c.text))) {
      continue;
    }
    const mids = bands.map((b) => (b.x0 + b.x1) / 2);
    slots.forEach((_, k) => {
      if (!figures[k]) return;
      let i = 0;
      mids.forEach((m, j) => {
        if (Math.abs(m - centers[k]) < Math.abs(mids[i] - centers[k])) i = j;
      });
      const reach = bands.length > 1
        ? Math.min(...mids.filter((_, j) => j !== i).map((m) => Math.abs(m - mids[i]))) / 2 +
          pitch / 4
        : (bands[i].x1 - bands[i].x0) / 2 + pitch / 2;
      if (Math.abs(mids[i] - centers[k]) <= reach) grid[r][k] = bands[i].text;
    });
  }
}

/** A year heading a column: "2024", also with a glued footnote mark ("2023(1)", "2022*"). */
export const isYear = (c: string) => /^(19|20)\d\d$/.test(c.trim().replace(GLUED_MARK, ""));

/**
 * A row holding only a year, in the label column: it names the group of rows below it ("2022"
 * over that year's deliveries, "2016" over that year's segment figures). Its year is a label,
 * so it has no value, and it heads no column.
 */
function groupYear(row: string[]): boolean {
  return !!row[0]?.trim() && isYear(row[0]) && row.every((c, k) => k === 0 || !c.trim());
}

/**
 * A whole number that may name a column: an airplane model ("737", "767 *" with its mark set
 * apart), a day count ("30", "90"), a year. Null for anything written as an amount (separators,
 * decimals, signs, parentheses, currency, percent), which no heading is.
 */
function headingNumber(cell: string): number | null {
  if (cell.length > 24) return null;
  const bare = cell.trim().replace(SET_APART_MARK, "").replace(GLUED_MARK, "");
  return /^\d{1,4}$/.test(bare) ? Number(bare) : null;
}

/** A footnote mark set apart after a number: "767 *", "12 (a)"; not "387 (13)", two numbers. */
const SET_APART_MARK = /\s+(?:[*\u2020\u2021\u00a7]+|\((?:[a-z]|[ivx]{1,4})\))$/i;

/**
 * A body cell's figure without a footnote mark set apart after it ("1,234 (a)", "512 *"): the
 * mark is no part of the figure, which read null for it. A heading ("737 *") is weighed apart.
 */
function bodyFigure(cell: string): string {
  if (!SET_APART_MARK.test(cell)) return cell;
  const bare = cell.replace(SET_APART_MARK, "");
  return /\d[)%]?$/.test(bare.trim()) && !multiNumber(bare) ? bare : cell;
}

/**
 * A figure with its unit ("12.5x", "40 bps", "3 pts"): a figure, not a heading word. A multiple is
 * a lower-case x; "777X" is an airplane's name.
 */
const FIGURE_WITH_UNIT =
  /^[-\u2212(]?[$€£]?\s?[\d.,]+\)?\s?(?:x|\u00d7|[Bb][Pp][Ss]|[Pp][Tt][Ss]?|pp|[kK]|[mM]|mm|MM|bn|BN)$/;

/** A footnote mark standing alone in a cell: "*", "†", "(a)", "(ii)". */
const LONE_MARK = /^(?:[*\u2020\u2021\u00a7]+|\((?:[a-z]|[ivx]{1,4})\))$/i;

/** Words that stand for a missing figure in a row of figures ("n/a", "NM"), not for a heading. */
const PLACEHOLDER = /^(?:n\/?a|n\.a\.|nm|n\.m\.|n\/m|nmf|none|nil|not meaningful|not applicable)$/i;

/** The most leading rows weighed as headings of whole numbers (a heading block is short). */
const MAX_HEADING_ROWS = 6;

/** How one leading row of a grid reads: a heading row or not, with a caution to pass on. */
interface HeadingRead {
  heading: boolean;
  note?: string;
}

/**
 * Whether leading row `h` of a grid heads the columns. A row without figures other than years
 * does (the years over a statement's columns), except a year alone in the label column: that
 * names the group of rows below it ("2022" over that year's deliveries). A row of whole numbers
 * with no label is weighed by {@link numberHeadings}.
 */
function headingRow(grid: string[][], h: number): HeadingRead {
  const row = grid[h];
  if (groupYear(row)) return { heading: false };
  if (row.every((c) => !c || !isFigure(c) || isYear(c))) return { heading: true };
  return numberHeadings(grid, h);
}

/**
 * A label that names what the whole numbers of its row are, as a heading does: "Model | 737 |
 * 747", "Program | 737 | 787", "Type | 1 | 2". A row of figures is labelled by what it measures
 * ("Deliveries", "Stores"), never by one of these words alone.
 */
const NAMING_LABEL =
  /^(?:(?:aircraft|airplane|engine|vehicle|product|fleet)\s+)?(?:models?|programs?|programmes?|types?|series|class(?:es)?|versions?|variants?)(?:\s*(?:no\.?|number))?\s*:?$/i;

/**
 * A leading row whose cells are whole numbers (and perhaps words) over columns of figures: "737 *
 * | 747 | 767 * | 777 | 787 | Total" over Boeing's deliveries, with an empty label cell or a label
 * ("Model | 737 | 747 | 767"). Such a row names the columns when it also holds a word, which a row
 * of figures has none of ("Total", "777X", "Thereafter"; a lone footnote mark counts for neither);
 * under a label, each such cell must stand over figures. Without a word the row is told from a
 * row of figures by its form. With no label: three or more numbers of one width in order (model
 * numbers, day counts) over labelled rows are read as headings, with a caution; anything less
 * stays a row of figures, with a caution that it has no label. With a label that names what the
 * numbers are ({@link NAMING_LABEL}: "Model", "Program") over labelled rows: headings, with a
 * caution. With any other label the row is figures ("Deliveries | 120 | 135 | 150" is data), with
 * a caution when it is a table's first row and has the form of headings. A row holding an amount,
 * a dash or a placeholder ("n/a") is figures.
 */
function numberHeadings(grid: string[][], h: number): HeadingRead {
  const row = grid[h];
  // headings stand in a table's first few rows; each weighing reads the whole body below
  if (h >= MAX_HEADING_ROWS) return { heading: false };
  const label = row[0]?.trim() ?? "";
  // a label is a word ("Model"), not a figure or a mark
  if (label && (isFigure(label) || LONE_MARK.test(label) || !/\p{L}/u.test(label))) {
    return { heading: false };
  }
  const cells = row.map((c, k) => ({ c: c.trim(), k })).filter((x) => x.c && x.k > 0);
  const numbers = cells.filter((x) => headingNumber(x.c) !== null);
  const others = cells.filter((x) => headingNumber(x.c) === null);
  // a lone footnote mark ("†" over a column of its own) neither names a column nor is a figure
  const marks = others.filter((x) => LONE_MARK.test(x.c));
  const words = others.filter((x) =>
    !LONE_MARK.test(x.c) && !isFigure(x.c) && !PLACEHOLDER.test(x.c) &&
    !FIGURE_WITH_UNIT.test(x.c) && /\p{L}/u.test(x.c)
  );
  if (numbers.length < 2 || numbers.length + marks.length + words.length < cells.length) {
    return { heading: false };
  }
  // the numbers must stand over columns that hold figures below them (and, under a label, the
  // words too: a column of text is no column of figures)
  const body = grid.slice(h + 1).filter((r) => r.some((c, k) => k > 0 && isFigure(c)));
  const over = (x: { k: number }) => body.some((r) => isFigure(r[x.k] ?? ""));
  if (!numbers.every(over) || (label && !words.every(over))) return { heading: false };
  if (words.length) return { heading: true };
  const values = numbers.map((x) => headingNumber(x.c)!);
  const digits = new Set(values.map((v) => String(v).length));
  const ordered = values.every((v, i) => i === 0 || v > values[i - 1]) ||
    values.every((v, i) => i === 0 || v < values[i - 1]);
  // a total row at the foot may go without a label; every other row of figures has one
  const labelled = body.slice(0, -1).every((r) => r[0]?.trim());
  const form = values.length >= 3 && ordered && digits.size === 1 && !digits.has(1);
  if (label) {
    const listed = `${label}: ${numbers.map((x) => x.c).join(", ")}`;
    if (NAMING_LABEL.test(label) && new Set(values).size === values.length && labelled) {
      return {
        heading: true,
        note:
          `the first row (${listed}) is labelled with what its whole numbers are, so it was read as the column headings (as model numbers are), not as figures; check the table on the page`,
      };
    }
    return h === 0 && form && labelled
      ? {
        heading: false,
        note:
          `the first row (${listed}) holds only whole numbers of one width in order: it was kept as a row of figures, but they may be column headings (model numbers, day counts); check the table on the page`,
      }
      : { heading: false };
  }
  const listed = numbers.map((x) => x.c).join(", ");
  if (form && labelled) {
    return {
      heading: true,
      note:
        `the first row (${listed}) has no label and only whole numbers of one width in order, so it was read as the column headings (as model numbers or day counts are), not as figures; check the table on the page`,
    };
  }
  return {
    heading: false,
    note:
      `the first row (${listed}) has no label: it was kept as a row of figures, but its whole numbers may be column headings (model numbers, day counts); check the table on the page`,
  };
}

/**
 * The leading rows of a grid that head its columns (see {@link headingRow}), and the cautions
 * about a first row of whole numbers. The last row is never a header.
 */
function headerRows(grid: string[][]): { count: number; notes: string[] } {
  const notes: string[] = [];
  let h = 0;
  while (h < grid.length - 1) {
    const read = headingRow(grid, h);
    if (read.note) notes.push(read.note);
    if (!read.heading) break;
    h++;
  }
  return { count: h, notes };
}

/** Header rows are the leading rows that head the columns ({@link headerRows}). */
function finish(
  grid: string[][],
  page: number,
  bbox: Table["bbox"],
  at?: (CellAt | null)[][],
): Table {
  const { count: h, notes } = headerRows(grid);
  const headerGrid = grid.slice(0, h);
  const header = grid[0].map((_, k) => headerGrid.map((r) => r[k]).filter(Boolean).join(" "));
  const rows = grid.slice(h);
  return {
    page,
    bbox,
    header,
    rows,
    values: rows.map((r) => r.map((c) => groupYear(r) ? null : parseNumber(bodyFigure(c)))),
    scale: null,
    ...(notes.length ? { warnings: notes } : {}),
    ...(at ? { at: at.slice(h) } : {}),
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

function cluster(values: number[], tolerance: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) if (!out.length || v - out.at(-1)! > tolerance) out.push(v);
  return out;
}

/** Lattice tables: grids of horizontal and vertical ruling lines; text assigned by centre. */
export function latticeTables(
  runs: TextRun[],
  rulings: Ruling[],
  page: number,
  pageHeight: number,
): Table[] {
  const horizontal = rulings.filter((r) => r.y1 - r.y0 <= 3 && r.x1 - r.x0 > 10);
  const vertical = rulings.filter((r) => r.x1 - r.x0 <= 3 && r.y1 - r.y0 > 5);
  const tables: Table[] = [];
  for (const group of groupRulings(horizontal, vertical)) {
    const ys = cluster(group.h.map((r) => (r.y0 + r.y1) / 2), 2).reverse(); // top first
    const xs = cluster(group.v.map((r) => (r.x0 + r.x1) / 2), 2);
    if (ys.length < 2 || xs.length < 2) continue;
    const grid = ys.slice(1).map(() => new Array<string>(xs.length - 1).fill(""));
    const at = grid.map((r) => r.map((): CellAt | null => null));
    for (const r of [...runs].sort((a, b) => b.y - a.y || a.x - b.x)) {
      const cx = r.x + r.width / 2, cy = r.y + r.size * 0.3;
      const col = xs.findIndex((x, k) => k < xs.length - 1 && cx >= x && cx < xs[k + 1]);
      const row = ys.findIndex((y, k) => k < ys.length - 1 && cy <= y && cy > ys[k + 1]);
      if (col < 0 || row < 0 || !r.str.trim()) continue;
      grid[row][col] = grid[row][col] ? `${grid[row][col]} ${r.str.trim()}` : r.str.trim();
      at[row][col] ??= { y: r.y, x: r.x };
    }
    spreadMerged(grid, xs, ys, group.v);
    const keep = grid.map((row) => row.some(Boolean));
    const kept = grid.filter((_, i) => keep[i]);
    // A frame around a paragraph or a shaded cell is not a table.
    if (kept.length < 2 || xs.length < 3 || kept.flat().filter(Boolean).length < 4) continue;
    const bbox: [number, number, number, number] = [
      round(xs[0]),
      round(pageHeight - ys[0]),
      round(xs.at(-1)!),
      round(pageHeight - ys.at(-1)!),
    ];
    tables.push(finish(kept, page, bbox, at.filter((_, i) => keep[i])));
  }
  if (!tables.length) return tables;
  const lines = groupLines(runs);
  // a grid beside another (their rows at the same height) reads the caption over itself only
  const beside = (t: Table) =>
    tables.some((o) =>
      o !== t && o.bbox![1] < t.bbox![3] && t.bbox![1] < o.bbox![3] &&
      (o.bbox![2] <= t.bbox![0] || t.bbox![2] <= o.bbox![0])
    );
  return tables.map((t) =>
    beside(t)
      ? withScale(
        t,
        linesAbove(lines, t.bbox![1], pageHeight, [t.bbox![0], t.bbox![2]]),
        linesAbove(lines, t.bbox![1], pageHeight),
      )
      : withScale(t, linesAbove(lines, t.bbox![1], pageHeight))
  );
}

/**
 * A ruled header cell merged over several columns (no vertical rule crosses it: "Three Months
 * Ended" over two years) heads each of them: its text, set in the one column its centre falls
 * in, is copied to the others. Only the leading rows without figures are read so.
 */
function spreadMerged(grid: string[][], xs: number[], ys: number[], vertical: Ruling[]) {
  for (let r = 0; r < grid.length; r++) {
    if (grid[r].some((c) => c && isNumeric(c) && !isYear(c))) break;
    const mid = (ys[r] + ys[r + 1]) / 2;
    // runs of columns with no rule between them in this row
    let start = 0;
    for (let k = 1; k <= grid[r].length; k++) {
      const ruled = k === grid[r].length ||
        vertical.some((v) =>
          Math.abs((v.x0 + v.x1) / 2 - xs[k]) <= 2 && v.y0 <= mid && v.y1 >= mid
        );
      if (!ruled) continue;
      const texts = grid[r].slice(start, k).filter(Boolean);
      // the label column is never a span's
      if (k - start > 1 && start > 0 && texts.length === 1) {
        for (let j = start; j < k; j++) grid[r][j] = texts[0];
      }
      start = k;
    }
  }
}

/** Groups ruling lines that touch into separate tables. */
function groupRulings(h: Ruling[], v: Ruling[]): { h: Ruling[]; v: Ruling[] }[] {
  const all = [
    ...h.map((r) => ({ r, kind: "h" as const })),
    ...v.map((r) => ({ r, kind: "v" as const })),
  ];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const touch = (a: Ruling, b: Ruling) =>
    a.x0 <= b.x1 + 2 && b.x0 <= a.x1 + 2 && a.y0 <= b.y1 + 2 && b.y0 <= a.y1 + 2;
  for (let i = 0; i < all.length; i++) {
    checkpoint();
    for (let j = i + 1; j < all.length; j++) {
      if (touch(all[i].r, all[j].r)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, { h: Ruling[]; v: Ruling[] }>();
  all.forEach((item, i) => {
    const g = groups.get(find(i)) ?? { h: [], v: [] };
    g[item.kind].push(item.r);
    groups.set(find(i), g);
  });
  return [...groups.values()].filter((g) => g.h.length >= 2 && g.v.length >= 2);
}

/**
 * HTML tables: slots "\u0002" continue a spanning cell. Columns under one header span are
 * merged (SEC tables put "$", the number and ")" in separate cells under one year), then
 * empty columns are dropped.
 */
export function htmlTable(grid: string[][], captions: string[] = []): Table {
  const width = Math.max(...grid.map((r) => r.length));
  const padded = grid.map((r) => closeParens([...r, ...new Array(width - r.length).fill("")]));
  // columns are grouped by the finest header row above the figures: the one naming the most
  // columns (Buckle's "November 2, 2024 | October 28, 2023 | …", not the "Thirteen Weeks Ended |
  // Thirty-Nine Weeks Ended" over it, which would put two periods in one column)
  const filled = (r: string[]) => r.filter((c) => c && c !== "\u0002").length;
  // the same header rows as finish() will find: years, and whole numbers that head columns
  const plain = padded.map((r) => r.map((c) => (c === "\u0002" ? "" : c)));
  const firstFigures = plain.findIndex((_, i) => !headingRow(plain, i).heading);
  const above = padded.slice(0, firstFigures < 0 ? padded.length : firstFigures)
    .filter((r) => filled(r) >= 2);
  const header = above.reduce<string[] | null>(
    (best, r) => (!best || filled(r) > filled(best) ? r : best),
    null,
  ) ?? padded.find((r) => filled(r) >= 2) ?? padded[0];
  const groups: number[][] = [];
  header.forEach((c, k) => {
    if (c === "\u0002" && groups.length) groups.at(-1)!.push(k);
    else groups.push([k]);
  });
  // a header cell spanning several columns ("Thirteen Weeks Ended" over two dates) heads each
  // of them, not only the first: two "October 28, 2023" columns, one of 13 weeks and one of 39,
  // are told apart by it
  const heads = firstFigures < 0 ? padded.length : firstFigures;
  const spread = padded.map((row, i) => {
    if (i >= heads) return row;
    let owner = "";
    return row.map((c) => (c === "\u0002" ? owner : (owner = c)));
  });
  const merged = spread.map((row) =>
    groups.map((g) =>
      [...new Set(g.map((k) => row[k]))].filter((c) => c && c !== "\u0002").join(" ")
        .replace(/([$€£]) (?=\S)/g, "$1 ").replace(/ ([%)])/g, "$1").trim()
    )
  );
  // a column is kept for what its own cells hold, not for a span's words spread over it
  const used = groups.map((g) =>
    padded.some((r) => g.some((k) => r[k] !== "\u0002" && r[k]?.trim()))
  );
  // spacer rows (cells holding only no-break spaces) are no rows
  const compact = merged.map((r) => r.filter((_, k) => used[k])).filter((r) => r.some(Boolean));
  return withScale(finish(compact, 1, null), captions);
}
