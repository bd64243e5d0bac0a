/**
 * The screen.run query language → Yahoo's screener body.
 *
 *   region=us AND sector="Technology" AND intradaymarketcap>10B
 *   exchange IN (NMS, NYQ) AND peratio.lasttwelvemonths<=15 OR percentchange>5
 *
 * Clauses are `field OP value` with OP one of = != > >= < <= or `field IN (a, b)`;
 * AND binds tighter than OR; numbers take K/M/B/T suffixes and `%` (percent kept as a number,
 * as Yahoo's percent fields are). Fields are checked against a list so typos fail clearly.
 */
import { InputError } from "../../core/errors.ts";
import { sectorNameOf } from "./sector_keys.ts";

/** Equity fields Yahoo's screener accepts, with what they mean. */
export const SCREEN_FIELDS: Record<string, string> = {
  region: "listing country code (us, gb, de, ...)",
  exchange: "exchange code (NMS, NYQ, ASE, ...)",
  sector: "sector name (Technology, Healthcare, ...)",
  industry: "industry name (Semiconductors, ...)",
  intradaymarketcap: "market capitalization",
  intradayprice: "last price",
  percentchange: "change today, percent",
  dayvolume: "volume today",
  avgdailyvol3m: "average daily volume over 3 months",
  "peratio.lasttwelvemonths": "price/earnings, trailing twelve months",
  "pegratio_5y": "PEG ratio (5-year expected growth)",
  "pricebookratio.quarterly": "price/book",
  "epsgrowth.lasttwelvemonths": "EPS growth, trailing twelve months, percent",
  "totalrevenues.lasttwelvemonths": "revenue, trailing twelve months",
  "quarterlyrevenuegrowth.quarterly": "revenue growth, latest quarter year on year, percent",
  "forward_dividend_yield": "forward dividend yield, percent",
  beta: "beta",
  fiftytwowkpercentchange: "52-week price change, percent",
  eodprice: "end-of-day price",
  "short_percentage_of_shares_outstanding.value": "short interest, percent of shares",
};

/** Fields whose values are text (names and codes); every other field takes a number. */
export const TEXT_FIELDS = new Set(["region", "exchange", "sector", "industry"]);

/** Fields Yahoo's screener states in percent (5 is 5%), not as fractions. */
export const PERCENT_FIELDS = new Set(
  Object.entries(SCREEN_FIELDS).filter(([, what]) => /percent/.test(what)).map(([k]) => k),
);

/** Fields stated in money, each in its listing's own currency. */
export const MONEY_FIELDS = new Set([
  "intradaymarketcap",
  "intradayprice",
  "eodprice",
  "totalrevenues.lasttwelvemonths",
]);

/** Money fields whose thresholds are full amounts: one below a million is most likely millions. */
const FULL_AMOUNT_FIELDS = new Set(["intradaymarketcap", "totalrevenues.lasttwelvemonths"]);

const OPS: Record<string, string> = {
  "=": "eq",
  "!=": "neq",
  ">": "gt",
  ">=": "gte",
  "<": "lt",
  "<=": "lte",
};
const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

type Operand = string | number | YQuery;
export interface YQuery {
  operator: string;
  operands: Operand[];
}

function parseValue(raw: string, field: string, warnings?: string[]): string | number {
  const v = raw.trim();
  const text = TEXT_FIELDS.has(field);
  if (/^".*"$|^'.*'$/.test(v)) {
    if (!text) {
      throw new InputError(`query: ${field} needs a number, not the text ${v}`);
    }
    return textValue(v.slice(1, -1), field);
  }
  const m = v.match(/^(-?\d+(?:\.\d+)?)\s*([kmbt%])?$/i);
  if (m && !text) {
    if (m[2] === "%" && !PERCENT_FIELDS.has(field)) {
      throw new InputError(
        `query: ${field} is not a percent field (${SCREEN_FIELDS[field]}); write ${m[1]} without %`,
      );
    }
    const n = Number(m[1]) * (m[2] && m[2] !== "%" ? SUFFIX[m[2].toLowerCase()] : 1);
    if (PERCENT_FIELDS.has(field) && !m[2] && n !== 0 && Math.abs(n) < 1) {
      // Yahoo states these in percent: 0.05 is 0.05%, not 5%
      warnings?.push(
        `query: ${field} is in percent (5 means 5%); ${n} is read as ${n}%, not ${
          Math.round(n * 1e4) / 100
        }% (write ${Math.round(n * 1e4) / 100}% if that was meant)`,
      );
    }
    if (FULL_AMOUNT_FIELDS.has(field) && !m[2] && n !== 0 && Math.abs(n) < 1e6) {
      // a cap threshold below a million passes every listing, and revenue that small is rarely
      // what a screen means: most likely millions were meant
      warnings?.push(
        `query: ${field} is a full amount (${SCREEN_FIELDS[field]}); ${n} is read as ${n}, not ` +
          `${n} million (write ${n}M, or ${n / 1000}B, if millions were meant)`,
      );
    }
    return n;
  }
  if (!text) throw new InputError(`query: ${field} needs a number, not '${v}'`);
  if (/^[\w.\- &]+$/.test(v)) return textValue(v, field);
  throw new InputError(`query: cannot read the value '${raw}' for ${field}; quote text values`);
}

/**
 * A text value as Yahoo's screener matches it (exactly): sector names are checked against
 * Yahoo's eleven and spelled as Yahoo spells them; region codes are two lower-case letters.
 */
function textValue(v: string, field: string): string {
  if (field === "sector") return sectorNameOf(v);
  if (field === "region") {
    if (!/^[a-z]{2}$/i.test(v)) {
      throw new InputError(
        `query: region takes a two-letter country code (us, gb, de, ...), not '${v}'`,
      );
    }
    return v.toLowerCase();
  }
  // Yahoo's exchange codes are upper-case (NMS, NYQ, JPX) and matched exactly: nms matched none
  if (field === "exchange") return v.toUpperCase();
  return v;
}

function parseClause(text: string, warnings?: string[]): YQuery {
  const c = text.trim();
  const inMatch = c.match(/^([\w.]+)\s+in\s*\((.*)\)$/i);
  if (inMatch) {
    const field = checkField(inMatch[1]);
    const values = inMatch[2].split(",").map((v) => parseValue(v, field, warnings));
    if (!values.length) throw new InputError(`query: ${field} IN () lists no values`);
    return {
      operator: "or",
      operands: values.map((v) => ({ operator: "eq", operands: [field, v] })),
    };
  }
  const m = c.match(/^([\w.]+)\s*(>=|<=|!=|=|>|<)\s*(.+)$/);
  if (!m) {
    throw new InputError(
      `query: cannot read '${c}'; write clauses like sector="Technology" or intradaymarketcap>10B`,
    );
  }
  const field = checkField(m[1]);
  if (TEXT_FIELDS.has(field) && m[2] !== "=" && m[2] !== "!=") {
    throw new InputError(`query: ${field} is text and compares with = != or IN, not ${m[2]}`);
  }
  const value = parseValue(m[3], field, warnings);
  if (m[2] !== "=" && m[2] !== "!=" && typeof value !== "number") {
    throw new InputError(`query: ${field}${m[2]} needs a number, not '${m[3].trim()}'`);
  }
  if (m[2] === "!=") {
    return { operator: "not", operands: [{ operator: "eq", operands: [field, value] }] };
  }
  return { operator: OPS[m[2]], operands: [field, value] };
}

function checkField(name: string): string {
  const f = name.toLowerCase();
  if (Object.hasOwn(SCREEN_FIELDS, f)) return f;
  const close = Object.keys(SCREEN_FIELDS).filter((k) =>
    k.startsWith(f.slice(0, 4)) || f.startsWith(k.slice(0, 4))
  );
  throw new InputError(
    `query: unknown field '${name}'${
      close.length ? ` (did you mean ${close.join(", ")}?)` : ""
    }; ` +
      `fields: ${Object.keys(SCREEN_FIELDS).join(", ")}`,
  );
}

/** Splits on a keyword outside quotes and parentheses. */
function splitOn(text: string, word: "AND" | "OR"): string[] {
  const parts: string[] = [];
  let depth = 0, quote = "", start = 0;
  const re = new RegExp(`^\\s${word}\\s`, "i");
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (depth === 0 && re.test(text.slice(i))) {
      parts.push(text.slice(start, i));
      i += word.length + 1;
      start = i + 1;
    }
  }
  if (quote) throw new InputError("query: a quoted value is not closed");
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/**
 * Parses the query into Yahoo's nested operator form; what is readable but likely not meant
 * (a percent field given a fraction) is pushed to `warnings`.
 */
export function parseScreenQuery(query: string, warnings?: string[]): YQuery {
  const text = query.trim();
  if (!text) throw new InputError("query is empty; give a predefined id or clauses");
  if (/(^|\s)(and|or)$/i.test(text) || /^(and|or)(\s|$)/i.test(text)) {
    throw new InputError("query: an AND/OR has nothing on one side");
  }
  const ors = splitOn(text, "OR").map((part) => {
    const ands = splitOn(part, "AND");
    if (ands.some((a) => !a)) throw new InputError(`query: an AND has nothing on one side`);
    const clauses = ands.map((a) => parseClause(a, warnings));
    const never = contradiction(clauses);
    if (never) throw new InputError(`query: ${never}`);
    return clauses.length === 1 ? clauses[0] : { operator: "and", operands: clauses };
  });
  if (ors.length === 1) {
    const only = ors[0];
    return only.operator === "and" ? only : { operator: "and", operands: [only] };
  }
  return { operator: "or", operands: ors };
}

/**
 * Why clauses joined by AND can match no listing (one field equal to two values, a lower bound
 * above an upper one), or null: Yahoo would answer an empty screen, read as "nothing qualifies".
 */
export function contradiction(clauses: YQuery[]): string | null {
  const equal = new Map<string, string | number>();
  const low = new Map<string, { v: number; strict: boolean }>();
  const high = new Map<string, { v: number; strict: boolean }>();
  for (const c of clauses) {
    const [field, value] = c.operands;
    if (typeof field !== "string") continue;
    if (c.operator === "eq" && (typeof value === "string" || typeof value === "number")) {
      const seen = equal.get(field);
      if (seen !== undefined && seen !== value) {
        return `${field}=${seen} AND ${field}=${value} can match no listing (a listing has one ${field}); join them with OR, or write ${field} IN (${seen}, ${value})`;
      }
      equal.set(field, value);
    } else if (typeof value === "number" && /^(gt|gte|lt|lte)$/.test(c.operator)) {
      const side = c.operator.startsWith("g") ? low : high;
      const strict = c.operator.length === 2;
      const had = side.get(field);
      // the tighter bound of each side
      const tighter = !had ||
        (side === low ? value > had.v : value < had.v) || (value === had.v && strict);
      if (tighter) side.set(field, { v: value, strict });
    }
  }
  for (const [field, lo] of low) {
    const hi = high.get(field);
    if (!hi) continue;
    if (lo.v > hi.v || (lo.v === hi.v && (lo.strict || hi.strict))) {
      return `${field}${lo.strict ? ">" : ">="}${lo.v} AND ${field}${
        hi.strict ? "<" : "<="
      }${hi.v} can match no listing (the lower bound is not below the upper one); check the bounds and their units (10B, 500M)`;
    }
  }
  return null;
}

/** The fields a parsed query filters on. */
export function queryFields(q: YQuery): string[] {
  const out = new Set<string>();
  const walk = (node: YQuery) => {
    const [first] = node.operands;
    if (typeof first === "string" && !["and", "or", "not"].includes(node.operator)) out.add(first);
    for (const o of node.operands) if (typeof o === "object") walk(o);
  };
  walk(q);
  return [...out];
}
