/**
 * The scale a table states for its figures ("In thousands", "($000)", "(€m)") and the rows
 * and columns it does not cover (per-share figures, rates, counts), and parenthesised counts that
 * annotate the counts beside them rather than being negatives.
 */
import type { Line, TextRun } from "./pdf_layout.ts";
import { SCALE_WORDS } from "./scales.ts";
import type { Table } from "./table_model.ts";
import { DASHES, isFigure, isYear } from "./table_figures.ts";
import { LONE_MARK } from "./table_headings.ts";

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
export function linesAbove(
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
export function withScale(t: Table, above: string[], shared?: string[]): Table {
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
