/**
 * Table rows in a filing's text ("Diluted | $ 1.65 | $ 1.53 | $ 4.05 | $ 3.71"): read one row at a
 * time, never as prose, so a number is tied to its row's label, to the first (current-period)
 * column and to the scale the table states above it ("(In millions, except per-share amounts)").
 * Pure: text in, rows out.
 */

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
  /** The scale note exempts per-share amounts ("except ... per-share amounts"). */
  perShareExempt: boolean;
  /** The first column's period from the header ("2025-03-29", "FY 2025"); null when unknown. */
  period: string | null;
  /** The header's columns are not newest first, so the first column is not the current one. */
  periodUnclear: boolean;
}

/**
 * "(In millions, except per-share amounts)", "in thousands of Canadian dollars": what amounts are
 * counted in; "in millions of customers" counts something else.
 */
const SCALE_NOTE =
  /\bin (millions|thousands|billions)\b(?:\s+of\s+((?:U\.S\.|US|[A-Z][a-z]+)\s+)?(dollars|euros|pounds(?: sterling)?|yen|yuan|renminbi|Swiss francs|francs|rupees|won|kronor|kroner|USD|EUR|GBP|JPY|CNY|RMB|CAD|AUD|CHF)\b|(\s+of\s+[\w-]+))?/gi;
const SCALES: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };
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
  /** Offset of the note in the text searched. */
  at: number;
}

/** The scale notes in a text, in order; "in millions of customers" is not one. */
export function scaleNotes(text: string): ScaleNote[] {
  const out: ScaleNote[] = [];
  for (const m of text.matchAll(SCALE_NOTE)) {
    if (m[4]) continue;
    const words = m[1].toLowerCase();
    let currency: string | null = null;
    if (m[3]) {
      const what = m[3].toLowerCase();
      const whose = (m[2] ?? "").trim().toLowerCase();
      currency = what === "dollars"
        ? DOLLARS[whose] ?? (whose ? null : null)
        : /^[a-z]{3}$/.test(what)
        ? (what === "rmb" ? "CNY" : what.toUpperCase())
        : MONEY_WORDS[what] ?? null;
      if (currency === "USD") currency = null;
    }
    out.push({ scale: SCALES[words], words, text: m[0], currency, at: m.index! });
  }
  return out;
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
const DATE_CELL = /([A-Z][a-z]+)\.? (\d{1,2}), ((?:19|20)\d{2})\s*$/;
const YEAR_CELL = /^(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})$/i;

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
function cellPeriod(cell: string): { label: string; sort: string } | null {
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
    const month = MONTHS.indexOf(d[1].toLowerCase()) + 1;
    if (month < 1) return null;
    const iso = `${d[3]}-${String(month).padStart(2, "0")}-${d[2].padStart(2, "0")}`;
    return { label: iso, sort: iso };
  }
  const y = YEAR_CELL.exec(cell.trim());
  return y ? { label: `FY ${y[1]}`, sort: `${y[1]}-99` } : null;
}

/** Splits text into prose chunks and table rows, each row with its table's context. */
export function splitTables(text: string): { prose: ProseChunk[]; rows: TableRow[] } {
  const prose: ProseChunk[] = [];
  const rows: TableRow[] = [];
  let proseStart = 0;
  let inTable = false;
  let scale: number | null = null;
  let currency: string | null = null;
  let perShareExempt = false;
  let heading: string | null = null;
  let period: string | null = null;
  let periodUnclear = false;
  // "Three Months Ended June 30," above a row of years: the years are of that month and day
  let monthDay: string | null = null;
  let at = 0;
  for (const line of text.split("\n")) {
    const start = at;
    at += line.length + 1;
    if (!isRow(line)) {
      const trimmed = line.trim();
      // a short line without a full stop inside a table is a group heading, not the table's end
      const inner = inTable && trimmed.length < 80 && !/[.!?]$/.test(trimmed);
      if (inner) {
        heading = /:$/.test(trimmed) ? trimmed.slice(0, -1) : heading;
        continue;
      }
      if (inTable) {
        // the table ended: what its header said no longer holds
        inTable = false;
        proseStart = start;
        scale = null;
        currency = null;
        perShareExempt = false;
        heading = null;
        period = null;
        periodUnclear = false;
        monthDay = null;
      }
      const note = scaleNotes(line)[0];
      if (note) {
        scale = note.scale;
        currency = note.currency;
        perShareExempt = /\bper[- ]share\b/i.test(line);
      }
      continue;
    }
    if (!inTable) {
      if (start > proseStart) {
        prose.push({ text: text.slice(proseStart, start), offset: proseStart });
      }
      inTable = true;
    }
    proseStart = at;
    const cells = line.split(" | ");
    // a header row: every cell a date, a year or words ("Three Months Ended")
    const periods = cells.map(cellPeriod);
    const monthDayCell = (c: string) => /^[A-Za-z ]*\b[A-Z][a-z]+\.? \d{1,2},?$/.test(c.trim());
    if (cells.every((c, i) => periods[i] || !/\d/.test(c) || monthDayCell(c))) {
      const md = /\b([A-Z][a-z]+)\.? (\d{1,2}),?\s*$/.exec(cells.find((c) => /\d/.test(c)) ?? "");
      const month = md ? MONTHS.indexOf(md[1].toLowerCase()) + 1 : 0;
      if (month && !periods.some((p) => p)) {
        monthDay = `${String(month).padStart(2, "0")}-${md![2].padStart(2, "0")}`;
        continue;
      }
      const dated = periods.filter((p) => p !== null);
      // "Prior Year | Current Year": a header in words whose first column is the earlier period
      const named = cells.find((c) => /\b(?:prior|previous|last|current|this)\b|\bago\b/i.test(c));
      if (!dated.length && named) {
        periodUnclear = !/\b(?:current|this)\b/i.test(named);
      }
      // "Compute & Networking | Graphics | All Other | Consolidated": the columns are parts of
      // the company, the first a segment's
      if (
        !dated.length && cells.some((c) => /\b(?:consolidated|all other|eliminations?)\b/i.test(c))
      ) {
        periodUnclear = true;
      }
      if (dated.length) {
        const first = dated[0]!.label;
        period = monthDay && first.startsWith("FY ") ? `${first.slice(3)}-${monthDay}` : first;
        periodUnclear = dated.some((p) => p!.sort > dated[0]!.sort);
      }
      continue;
    }
    let cell: TableRow["cell"] = null;
    let offset = cells[0].length + 3;
    for (const c of cells.slice(1)) {
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
      perShareExempt,
      period,
      periodUnclear,
    });
  }
  if (!inTable && proseStart < text.length) {
    prose.push({ text: text.slice(proseStart), offset: proseStart });
  }
  return { prose, rows };
}

/** A cell's figure: "$ 24,780", "(279)", "35.9 %", "$ 1.65"; null when it holds no number. */
export function cellValue(
  cell: string,
): { number: number; kind: "money" | "percent" | "count"; scaled: number | null } | null {
  const m =
    /^(\(?)\s*(\$)?\s*(\(?)\s*(\d[\d,]*(?:\.\d+)?)\s*(%|percent)?\s*(million|billion|thousand)?\s*\)?$/i
      .exec(cell.trim());
  if (!m) return null;
  const negative = Boolean(m[1] || m[3]);
  const n = Number(m[4].replace(/,/g, "")) * (negative ? -1 : 1);
  const unitWord = m[6]?.toLowerCase();
  const scaled = unitWord ? { thousand: 1e3, million: 1e6, billion: 1e9 }[unitWord]! : null;
  return { number: n, kind: m[5] ? "percent" : m[2] ? "money" : "count", scaled };
}
