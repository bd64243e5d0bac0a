/**
 * Table rows in a filing's text ("Diluted | $ 1.65 | $ 1.53 | $ 4.05 | $ 3.71"): read one row at a
 * time, never as prose, so a number is tied to its row's label, to the first (current-period)
 * column and to the scale the table states above it ("(In millions, except per-share amounts)").
 * Pure: text in, rows out.
 */
import { SCALE_WORDS } from "../document/scales.ts";

/** A stretch of text that is not a table: read as sentences. */
export interface ProseChunk {
  text: string;
  offset: number;
}

/** One row of a table with what the lines above it say about it. */
export interface TableRow {
  /** The row's line as it stands in the text. */
  line: string;
  start: number;
  end: number;
  label: string;
  /** The first value cell (the current period's column) and its offset in `line`. */
  cell: { text: string; at: number } | null;
  /** The group heading above the row ("Earnings per share:"), if any. */
  heading: string | null;
  /** What money in the table is counted in (1e6 for "in millions"); null when not stated. */
  scale: number | null;
  /** The currency the scale note names ("in millions of euros"); null for dollars or none. */
  currency: string | null;
  /** The currency the caption names by sign or code ("(€m)", "RMB'000"); null when none. */
  named: string | null;
  /** The scale note exempts per-share amounts ("except ... per-share amounts"). */
  perShareExempt: boolean;
  /** The first column's period from the header ("2025-03-29", "FY 2025"); null when unknown. */
  period: string | null;
  /** The header's columns are not newest first, so the first column is not the current one. */
  periodUnclear: boolean;
  /**
   * What the header says the first column holds when not a result: an outlook ("Guidance",
   * "Outlook Q4 2024", "Low | High") or a change ("% Change", "2024 vs 2023").
   */
  column: "outlook" | "change" | null;
  /** The measure the header names for the first column ("Non-GAAP", "Adjusted"), if any. */
  columnQualifier: string | null;
  /** Whether a header row was read above the row in its table. */
  headed: boolean;
  /** How many cells of the row hold a figure. */
  figures: number;
}

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
function columnOf(cell: string): { column: "outlook" | "change" | null; measure: string | null } {
  if (cellValue(cell)) return { column: null, measure: null };
  return {
    column: CHANGE_COLUMN.test(cell) ? "change" : OUTLOOK_COLUMN.test(cell) ? "outlook" : null,
    measure: MEASURE_COLUMN.exec(cell)?.[1] ?? null,
  };
}

/** A header cell without its words of an outlook or a measure: "Outlook Q4 2024" is "Q4 2024". */
const periodWords = (cell: string) =>
  cell.replace(new RegExp(OUTLOOK_COLUMN.source, "gi"), " ").replace(
    new RegExp(MEASURE_COLUMN.source, "gi"),
    " ",
  ).replace(/\b(?:GAAP|(?:as\s+)?reported|actuals?)\b/gi, " ").replace(/\s+/g, " ").trim();

/**
 * "(In millions, except per-share amounts)", "in thousands of Canadian dollars": what amounts are
 * counted in; "in millions of customers" counts something else.
 */
const SCALE_NOTE =
  /\bin (millions|thousands|billions|crores?|lakhs?)\b(?:\s+of\s+((?:U\.S\.|US|[A-Z][a-z]+)\s+)?(dollars|euros|pounds(?: sterling)?|yen|yuan|renminbi|Swiss francs|francs|rupees|won|kronor|kroner|USD|EUR|GBP|JPY|CNY|RMB|CAD|AUD|CHF)\b|(\s+of\s+[\w-]+))?/gi;
const DOLLARS: Record<string, string> = {
  "u.s.": "USD",
  us: "USD",
  canadian: "CAD",
  australian: "AUD",
  "new zealand": "NZD",
  singapore: "SGD",
  "hong kong": "HKD",
  taiwan: "TWD",
  taiwanese: "TWD",
};
const MONEY_WORDS: Record<string, string> = {
  euros: "EUR",
  pounds: "GBP",
  "pounds sterling": "GBP",
  yen: "JPY",
  yuan: "CNY",
  renminbi: "CNY",
  rmb: "CNY",
  "swiss francs": "CHF",
  francs: "CHF",
  rupees: "INR",
  won: "KRW",
};

/** A caption's scale, its words, and the currency it names when not U.S. dollars. */
export interface ScaleNote {
  scale: number;
  words: string;
  text: string;
  currency: string | null;
  /**
   * The currency a caption names by its sign or code ("(€m)" EUR, "RMB'000" CNY, "($000)" USD):
   * the table's bare figures are amounts of it.
   */
  named?: string;
  /** Offset of the note in the text searched. */
  at: number;
}

/** A currency in a caption: a sign or a code ("US$", "HK$", "Rs.", "€", "RMB"). */
const CUR = String
  .raw`(US\$|HK\$|NZ\$|NT\$|A\$|C\$|S\$|R\$|Rs\.?|USD|EUR|GBP|RMB|CNY|INR|HKD|JPY|CHF|CAD|AUD|SGD|NZD|TWD|[$€£¥₹])`;
/** A scale after a currency: "000", "000s", "m", "mn", "bn", "million", "crore", "lakhs". */
const SW = String.raw`(000s?|k|m|mn|mm|bn|thousands?|millions?|billions?|crores?|lakhs?|lacs?)`;
/**
 * Captions that state a currency and a scale together: "(€m)", "($000)", "(in $000s)", "(£
 * million)", "(USD millions)", "in € millions", "(Rs. in crore)", "(₹ in lakhs)", "RMB'000",
 * "HK$'000", and "US$m" or "€m" standing alone as a header.
 */
const CURRENCY_SCALE = new RegExp(
  [
    String.raw`\(\s*(?:in\s+)?${CUR}\s*'?\s*${SW}\s*\)`,
    String.raw`\(\s*${CUR}\s*in\s+${SW}\s*\)`,
    String.raw`\bin\s+${CUR}\s*'?\s*${SW}(?![\w$€£¥₹])`,
    String.raw`(?<![\w$€£¥₹])${CUR}\s*'\s*(000s?)(?!\w)`,
    // standing alone: at a line's or a cell's start, or after "figures" or "amounts (in)"
    String
      .raw`(?<=^[ \t]*|\|\s*|\b(?:figures|amounts|numbers|values)(?:\s+(?:are\s+)?(?:in|shown in|stated in))?:?\s+)${CUR}\s?(m|mn|bn)(?=$|[\s|)])`,
  ].join("|"),
  "gim",
);
const SIGN_CODES: Record<string, string> = {
  "$": "USD",
  "US$": "USD",
  "HK$": "HKD",
  "NZ$": "NZD",
  "NT$": "TWD",
  "A$": "AUD",
  "C$": "CAD",
  "S$": "SGD",
  "R$": "BRL",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  RS: "INR",
  "RS.": "INR",
  RMB: "CNY",
};

/** Captions of a currency and a scale together (see CURRENCY_SCALE), in order. */
function currencyScales(text: string): ScaleNote[] {
  const out: ScaleNote[] = [];
  for (const m of text.matchAll(CURRENCY_SCALE)) {
    const groups = m.slice(1);
    const k = groups.findIndex(Boolean);
    if (k < 0) continue;
    const sign = groups[k].toUpperCase();
    const word = groups[k + 1].toLowerCase();
    const scale = SCALE_WORDS[word];
    if (!scale) continue;
    const code = SIGN_CODES[sign] ?? sign;
    out.push({
      scale,
      words: scale === 1e3
        ? "thousands"
        : scale === 1e6
        ? "millions"
        : scale === 1e9
        ? "billions"
        : scale === 1e7
        ? "crores"
        : "lakhs",
      text: m[0].trim(),
      currency: code === "USD" ? null : code,
      named: code,
      at: m.index!,
    });
  }
  return out;
}

/** The scale notes in a text, in order; "in millions of customers" is not one. */
export function scaleNotes(text: string): ScaleNote[] {
  const out: ScaleNote[] = currencyScales(text);
  for (const m of text.matchAll(SCALE_NOTE)) {
    if (m[4]) continue;
    const words = m[1].toLowerCase();
    let currency: string | null = null;
    if (m[3]) {
      const what = m[3].toLowerCase();
      const whose = (m[2] ?? "").trim().toLowerCase();
      currency = what === "dollars"
        ? DOLLARS[whose] ?? null
        : /^[a-z]{3}$/.test(what)
        ? (what === "rmb" ? "CNY" : what.toUpperCase())
        : MONEY_WORDS[what] ?? null;
      if (currency === "USD") currency = null;
    }
    // a caption already read with its currency ("(in € millions)")
    if (out.some((n) => m.index! >= n.at && m.index! < n.at + n.text.length + 2)) continue;
    out.push({
      scale: SCALE_WORDS[words],
      words,
      text: m[0],
      currency,
      ...(currency ? { named: currency } : {}),
      at: m.index!,
    });
  }
  return out.sort((a, b) => a.at - b.at);
}
const MONTHS = [
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
const MONTH_DAY = /^(?:[A-Za-z -]*\b(?:ended|ending|as of)\s+)?([A-Z][a-z]+)\.? (\d{1,2}),?$/i;

/** A cell that says there is no figure: a dash, "n/m", "N/A", "nil", with a sign or "%". */
const NO_FIGURE =
  /^\s*(?:[$€£¥₹]\s*)?\(?\s*(?:[-‐‑‒–—―−]+|n\/?[ma]\.?|nm|nil|none)\s*\)?\s*%?\s*$/i;

/** A table row is a line of cells separated by " | ". */
const isRow = (line: string) => line.includes(" | ");

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
function cellPeriod(raw: string): { label: string; sort: string } | null {
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

/** How far above a table a caption in prose still states the table's scale, in characters. */
const CAPTION_REACH = 1_500;

/** Splits text into prose chunks and table rows, each row with its table's context. */
export function splitTables(text: string): { prose: ProseChunk[]; rows: TableRow[] } {
  const prose: ProseChunk[] = [];
  const rows: TableRow[] = [];
  let proseStart = 0;
  let inTable = false;
  let scale: number | null = null;
  let currency: string | null = null;
  let named: string | null = null;
  let perShareExempt = false;
  let heading: string | null = null;
  let period: string | null = null;
  let periodUnclear = false;
  let column: TableRow["column"] = null;
  let columnQualifier: string | null = null;
  let headed = false;
  // where the last caption read in prose stands
  let noteAt = 0;
  // "Three Months Ended June 30," above a row of years: the years are of that month and day
  let monthDay: string | null = null;
  // "Nine Months Ended" above the columns: the first column's figure is of nine months
  let span: ReturnType<typeof spanOf> = null;
  let at = 0;
  for (const line of text.split("\n")) {
    const start = at;
    at += line.length + 1;
    if (!isRow(line)) {
      const trimmed = line.trim();
      // a short line without a full stop inside a table is a group heading, not the table's end
      const short = trimmed.length < 80 && !/[.!?]$/.test(trimmed);
      const inner = inTable && short;
      if (inner) {
        // a caption between two tables ("(In thousands)" under a table "in millions"): the
        // rows below are in its scale, not the last table's (what the header said of the
        // columns holds until a header says otherwise)
        const note = scaleNotes(trimmed)[0];
        if (note) {
          scale = note.scale;
          currency = note.currency;
          named = note.named ?? null;
          perShareExempt = /\bper[- ]share\b/i.test(trimmed);
          continue;
        }
        span = spanOf(trimmed) ?? span;
        heading = /:$/.test(trimmed) ? trimmed.slice(0, -1) : heading;
        continue;
      }
      if (inTable) {
        // the table ended: what its header said no longer holds
        inTable = false;
        proseStart = start;
        scale = null;
        currency = null;
        named = null;
        perShareExempt = false;
        heading = null;
        period = null;
        periodUnclear = false;
        column = null;
        columnQualifier = null;
        headed = false;
        monthDay = null;
        span = null;
      }
      // a table's header cut into lines ("Three Months Ended" / "September 30," / "2024 | 2023":
      // a header of one cell is not a row): the span and day of the years below; a paragraph
      // between them and a table says nothing of its columns
      if (short && trimmed) {
        span = spanOf(trimmed) ?? span;
        const md = MONTH_DAY.exec(trimmed);
        const month = md ? MONTHS.indexOf(md[1].toLowerCase()) + 1 : 0;
        if (month && !/\d{4}/.test(trimmed)) {
          monthDay = `${String(month).padStart(2, "0")}-${md![2].padStart(2, "0")}`;
        }
      } else if (trimmed) {
        span = null;
        monthDay = null;
      }
      const note = scaleNotes(line)[0];
      if (note) {
        scale = note.scale;
        currency = note.currency;
        named = note.named ?? null;
        perShareExempt = /\bper[- ]share\b/i.test(line);
        noteAt = start;
      }
      continue;
    }
    if (!inTable && scale !== null && start - noteAt > CAPTION_REACH) {
      // a caption pages of prose above (another table's, the section's) is not this table's
      scale = null;
      currency = null;
      named = null;
      perShareExempt = false;
    }
    if (!inTable) {
      if (start > proseStart) {
        prose.push({ text: text.slice(proseStart, start), offset: proseStart });
      }
      inTable = true;
    }
    proseStart = at;
    const cells = line.split(" | ");
    // "Americas |  | " or "Earnings per share: |  | " under the table's header: a label with
    // empty cells heads the rows below it (a segment's, a measure's), it is no header of periods
    if (headed && cells.length > 1 && cells[0].trim() && cells.slice(1).every((c) => !c.trim())) {
      heading = cells[0].trim().replace(/:$/, "");
      continue;
    }
    // a header row: every cell a date, a year or words ("Three Months Ended")
    const periods = cells.map((c) => cellPeriod(c) ?? cellPeriod(periodWords(c)));
    const monthDayCell = (c: string) => /^[A-Za-z ]*\b[A-Z][a-z]+\.? \d{1,2},?$/.test(c.trim());
    const heads = cells.map(columnOf);
    if (
      cells.every((c, i) =>
        periods[i] || !/\d/.test(c) || monthDayCell(c) || heads[i].column || heads[i].measure
      )
    ) {
      headed = true;
      // the first column the header speaks of: its first cell with a period or words of a kind
      const first = cells.findIndex((_, i) =>
        periods[i] || heads[i].column || heads[i].measure || /^\s*GAAP\s*$/i.test(cells[i])
      );
      if (first >= 0) {
        column = heads[first].column;
        columnQualifier = heads[first].measure;
      }
      // "Three Months Ended | Nine Months Ended": the first column's span is the first named
      const spanCell = cells.find((c) => spanOf(c));
      // "(In millions) | 2024 | 2023": the caption in the header's first cell
      const note = scaleNotes(cells[0])[0];
      if (note) {
        scale = note.scale;
        currency = note.currency;
        named = note.named ?? null;
        perShareExempt = /\bper[- ]share\b/i.test(cells[0]);
      }
      if (spanCell && !periods.some((p) => p)) span = spanOf(spanCell);
      const md = /\b([A-Z][a-z]+)\.? (\d{1,2}),?\s*$/.exec(cells.find((c) => /\d/.test(c)) ?? "");
      const month = md ? MONTHS.indexOf(md[1].toLowerCase()) + 1 : 0;
      if (month && !periods.some((p) => p)) {
        monthDay = `${String(month).padStart(2, "0")}-${md![2].padStart(2, "0")}`;
        // "March 31 | June 30 | September 30 | December 31": the quarters of a year, oldest
        // first; which is the current one the header does not say
        const days = new Set(
          cells.map((c) => /\b([A-Z][a-z]+)\.? (\d{1,2}),?\s*$/.exec(c)?.slice(1).join(" "))
            .filter(Boolean),
        );
        if (days.size > 1) periodUnclear = true;
        continue;
      }
      const dated = periods.filter((p) => p !== null);
      // "Prior Year | Current Year": a header in words whose first column is the earlier period
      const wordy = cells.find((c) => /\b(?:prior|previous|last|current|this)\b|\bago\b/i.test(c));
      if (!dated.length && wordy) {
        periodUnclear = !/\b(?:current|this)\b/i.test(wordy);
      }
      // "Compute & Networking | Graphics | All Other | Consolidated": the columns are parts of
      // the company, the first a segment's
      if (
        !dated.length &&
        cells.some((c) =>
          /\b(?:consolidated|all other|eliminations?)\b/i.test(c) ||
          /^\s*(?:total|combined)\s*$/i.test(c)
        )
      ) {
        periodUnclear = true;
      }
      if (dated.length) {
        const first = dated[0]!.label;
        const sp = spanOf(cells[periods.indexOf(dated[0])]) ?? span;
        // "Year Ended December 31," over "2024": the fiscal year, as a year alone says
        period = monthDay && first.startsWith("FY ") && sp !== "FY"
          ? `${first.slice(3)}-${monthDay}`
          : first;
        if (
          (sp === "6M" || sp === "9M" || sp === "12M" || sp === "YTD") && !/^Q[1-4] /.test(period)
        ) {
          // six or nine months to a date are not that date's quarter nor the year
          period = `${sp} ${period.replace(/^FY /, "")}`;
        } else if (sp === "Q" && /^FY /.test(period)) {
          // a quarter whose end the header does not give: not the fiscal year
          period = null;
        }
        periodUnclear = dated.some((p) => p!.sort > dated[0]!.sort);
      }
      continue;
    }
    let cell: TableRow["cell"] = null;
    let offset = cells[0].length + 3;
    const figures = cells.slice(1).filter((c) => cellValue(c)).length;
    for (const c of cells.slice(1)) {
      // "—", "n/m", "N/A" in the first column: the current period has no figure; the next
      // column's figure is the prior period's, never taken for it
      if (NO_FIGURE.test(c)) break;
      if (/\d/.test(c)) {
        cell = { text: c.trim(), at: offset + (c.length - c.trimStart().length) };
        break;
      }
      offset += c.length + 3;
    }
    rows.push({
      line,
      start,
      end: start + line.length,
      label: cells[0].trim(),
      cell,
      heading,
      scale,
      currency,
      named,
      perShareExempt,
      period,
      periodUnclear,
      column,
      columnQualifier,
      headed,
      figures,
    });
  }
  if (!inTable && proseStart < text.length) {
    prose.push({ text: text.slice(proseStart), offset: proseStart });
  }
  return { prose, rows };
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
