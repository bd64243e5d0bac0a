/**
 * Parsing of human number forms used on the command line and accepted over HTTP:
 * magnitude suffixes (2.5B), thousands separators (1,234), percents (2%).
 */

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };
// a comma only between groups of digits: three ("1,234") or the Indian lakh and crore grouping
// ("1,23,456"); "7,5" (a decimal comma) is no number rather than 75
// a scale letter may follow after one space ("1.2 B"), and a minus may be the typographic one (−)
const AMOUNT =
  /^([+\-−]?)\$?((?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})+,\d{3}|\d+)?(?:\.\d+)?) ?([kmbt])?$/i;
/**
 * Scientific notation (`1e6`, `1.5E9`, `2.5e-3`): what a JSON number may be written as, so the
 * command line reads the same value the HTTP and library doors take as a number.
 */
const EXPONENT = /^([+\-−]?)(\d+(?:\.\d*)?|\.\d+)e([+\-]?\d{1,4})$/i;
/** An amount in parentheses, as statements write a negative one: `(1.2B)`, `($350M)`. */
const PARENTHESISED = /^\((?![+\-−(])(.+)\)$/;

/** A hint for a number written with a decimal comma ("7,5"), or "". */
export function decimalCommaHint(text: string): string {
  if (!/^[^,]*\d,\d{1,2}(?!\d)[^,]*$/.test(text.trim()) && !/\d,\d{4,}/.test(text)) return "";
  // the decimal comma's number written as this tool reads it: "1.234,5" is 1234.5, its points
  // (thousands in the decimal-comma way of writing) dropped
  const t = text.trim();
  const m = /^(.*\d),(\d+)(\D*)$/.exec(t);
  const point = m ? `${m[1].replace(/\./g, "")}.${m[2]}${m[3]}` : t;
  return `; a comma only separates thousands (1,234): for a decimal write ${point}`;
}

/**
 * Parses `2.5B`, `120M`, `1.2 B`, `-1,234.5`, `−7`, `$3k`, and `(1.2B)` as a negative amount the
 * way financial statements write one; returns null for anything else.
 */
export function parseAmount(text: string): number | null {
  const t = text.trim();
  const negative = PARENTHESISED.exec(t);
  if (negative) {
    const inner = parseAmount(negative[1]);
    return inner === null || inner === 0 ? inner : -inner;
  }
  const e = EXPONENT.exec(t);
  if (e) return exponentAmount(e);
  const m = AMOUNT.exec(t);
  if (!m || m[2] === "" || m[2] === ".") return null;
  const digits = m[2].replace(/,/g, "");
  if (digits === "" || !/\d/.test(digits)) return null;
  const base = Number(digits);
  if (!Number.isFinite(base)) return null;
  const scaled = base * (m[3] ? SCALE[m[3].toLowerCase()] : 1);
  return m[1] === "-" || m[1] === "−" ? -scaled : scaled;
}

/**
 * The value of a number in scientific notation, or null when it is no finite number or when a
 * non-zero mantissa rounds to 0 (`1e-400`): either would be a different amount than written.
 */
function exponentAmount(m: RegExpExecArray): number | null {
  const magnitude = Number(`${m[2]}e${m[3]}`);
  if (!Number.isFinite(magnitude)) return null;
  if (magnitude === 0 && /[1-9]/.test(m[2])) return null;
  return m[1] === "-" || m[1] === "−" ? -magnitude : magnitude;
}

/** Why a number in scientific notation was refused (`1e400`, `1e-400`), or "" for other text. */
export function exponentProblem(text: string): string {
  const m = EXPONENT.exec(text.trim());
  if (!m || exponentAmount(m) !== null) return "";
  return Number.isFinite(Number(`${m[2]}e${m[3]}`))
    ? `"${text.trim()}" is too small to hold as a number (it would read as 0): write 0 or a larger value`
    : `"${text.trim()}" is beyond the largest number (about 1.8e308): check its exponent and units`;
}

/** Result of reading a rate: the fraction, and a note when the input was reinterpreted. */
export interface RateReading {
  value: number;
  note: string | null;
}

/** Basis points: `50bps`, `50 bp`, `-12.5 basis points` (a hundredth of a percent each). */
const BASIS_POINTS = /^(.*?)\s*(?:bps?|basis\s+points?)$/i;

/**
 * A rate written in basis points: 50bps is 0.005, said in a note so the reading is visible (a
 * rate in bp is a spread's habit, and 50 read any other way would be 50% or 5000%). Null when
 * the text names no basis points; a message when it does but its number does not read.
 */
function basisPoints(text: string, input: string, name: string): RateReading | string | null {
  const m = BASIS_POINTS.exec(text);
  if (!m) return null;
  const n = parseAmount(m[1]);
  if (n === null || /[kmbt$]/i.test(m[1])) {
    return `${name}: invalid basis points "${input}" (write 50bps, 0.5% or 0.005)${
      decimalCommaHint(m[1])
    }`;
  }
  const value = n / 10_000;
  if (!Number.isFinite(value)) return `${name}: rate must be a finite number`;
  if (value <= -1) return `${name}: rate must be greater than -100%`;
  const pct = Number((n / 100).toPrecision(12));
  const fraction = Number(value.toPrecision(12));
  return {
    value,
    note: `${name}=${input} was read as ${n} basis point${
      Math.abs(n) === 1 ? "" : "s"
    }: ${pct}% (${fraction})`,
  };
}

/**
 * Reads a rate. `8%` and `0.08` are 8%; `50bps` is 0.5%, noted; a bare number above 1 in
 * magnitude (`8`) is read as a percent and noted, so the caller can warn. Rates at or below
 * -100% are rejected.
 */
export function parseRate(input: number | string, name = "rate"): RateReading | string {
  let value: number;
  let explicit = false;
  if (typeof input === "number") {
    value = input;
  } else {
    const text = input.trim();
    const bp = basisPoints(text, input, name);
    if (bp !== null) return bp;
    // an amount's size letter or currency sign (2.5B, $3, 4k%) makes no rate: 2.5B read as a
    // percent would be 25 million
    if (/[$kmbt]/i.test(text) && parseAmount(text.replace(/%$/, "")) !== null) {
      return `${name}: "${input}" is written as an amount (a size letter or a $), not a rate; write a fraction (0.025) or a percent (2.5%)`;
    }
    if (text.endsWith("%")) {
      const n = parseAmount(text.slice(0, -1));
      if (n === null) return `${name}: invalid percent value "${input}"${decimalCommaHint(text)}`;
      value = n / 100;
      explicit = true;
    } else {
      const n = parseAmount(text);
      if (n === null) {
        return `${name}: invalid rate "${input}" (use 0.08 or 8%)${decimalCommaHint(text)}`;
      }
      value = n;
    }
  }
  if (!Number.isFinite(value)) return `${name}: rate must be a finite number`;
  if (!explicit && Math.abs(value) > 1) {
    const pct = value;
    value = value / 100;
    if (value <= -1) return `${name}: rate must be greater than -100%`;
    const fraction = Number(value.toPrecision(12));
    return {
      value,
      note: `${name}=${input} was read as ${pct}% (${fraction}): a bare number above 1 counts ` +
        `as a percent; write ${fraction} or ${pct}% to say so explicitly`,
    };
  }
  if (value <= -1) return `${name}: rate must be greater than -100%`;
  // 0.5 is 50%, but someone typing 0.5 may mean half a percent: a bare fraction this large is
  // read as written and said, with both spellings
  if (!explicit && Math.abs(value) >= 0.3 && Math.abs(value) < 1) {
    const pct = Number((value * 100).toPrecision(12));
    return {
      value,
      note:
        `${name}=${input} was read as ${pct}%; write ${pct}% to confirm it, or ${input}% if you meant ${input} percent`,
    };
  }
  if (!explicit && value === 1) {
    // 1 means 100%, which is rarely intended; say so instead of guessing silently.
    return {
      value,
      note: `${name}=${input} was read as 100% (1); write 1% if you meant one percent`,
    };
  }
  return { value, note: null };
}

/** Splits a comma-separated list, trimming items and dropping empties. */
export function splitList(text: string): string[] {
  return text.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
}
