/**
 * The words around a KPI figure: its comparison (year on year, sequential), its sign (a
 * loss, a decline), its qualifier (whose or which revenue) and its basis (GAAP, adjusted).
 */
import { OTHER_MEASURE } from "./kpi_belongs.ts";
import { type KpiValue, METRICS, termsIn } from "./kpi_metrics.ts";
import type { FoundValue } from "./kpi_values.ts";

/** Comparisons with a year before: "year over year", "from a year ago", "versus the prior year". */
const YOY =
  /\b(?:year[- ](?:over|on)[- ]year|y\/y|yoy|year[- ]ago|a year ago|(?:from|compared (?:to|with)|versus|vs\.?|over|against) (?:the )?(?:prior|previous|last) year|(?:from|compared (?:to|with)|versus|vs\.?|over|against) the same (?:quarter|period) (?:of |in )?(?:the )?(?:prior|previous|last) year)\b/gi;
/** Comparisons with the quarter before: "sequentially", "quarter over quarter", "from Q2". */
const QOQ =
  /\b(?:quarter[- ](?:over|on)[- ]quarter|q\/q|qoq|sequential(?:ly)?|(?:from|compared (?:to|with)|versus|vs\.?|over|against) (?:the )?(?:prior|previous|last) quarter)\b/gi;

/**
 * The comparison a value is stated against: the phrase after it up to the next number ("up 27%
 * sequentially and up 409% year-over-year" gives 27% qoq and 409% yoy), else the nearest one
 * before it back to the previous number ("Year over year, revenue grew 22%"); null when none.
 */
export function comparisonOf(
  sentence: string,
  value: FoundValue,
  all: FoundValue[],
): "yoy" | "qoq" | null {
  const end = value.offset + value.raw.length;
  const next = all.find((v) => v.offset >= end)?.offset ?? sentence.length;
  const prev = all.filter((v) => v.offset + v.raw.length <= value.offset).at(-1);
  const after = sentence.slice(end, next);
  const before = sentence.slice(prev ? prev.offset + prev.raw.length : 0, value.offset);
  const first = (text: string, last: boolean) => {
    let best: { at: number; kind: "yoy" | "qoq" } | null = null;
    for (const [re, kind] of [[YOY, "yoy"], [QOQ, "qoq"]] as const) {
      for (const m of text.matchAll(re)) {
        if (!best || (last ? m.index! > best.at : m.index! < best.at)) {
          best = { at: m.index!, kind };
        }
      }
    }
    return best?.kind ?? null;
  };
  return first(after, false) ?? first(before, true);
}

/** Words just before an amount saying it is below zero ("negative", "a net loss of"). */
const LOSS_BEFORE_VALUE =
  /\b(negative|minus|(?:a\s+)?(?:net\s+)?loss(?:es)?\s+of|(?:an\s+)?outflow\s+of|(?:a\s+)?deficit\s+of)\s+(?:(?:approximately|about|roughly|nearly)\s+)?$/i;
/** Words just before a metric's name saying its figure is a loss ("net loss per diluted share"). */
const LOSS_BEFORE_TERM = /\b(negative|(?:net\s+)?loss)\s+$/i;

/**
 * The words saying a signed metric's amount is a loss or a shortfall, or null: just before the
 * amount, just before the metric's name or in it ("loss per share").
 */
export function lossWords(
  sentence: string,
  term: { term: string; at: number },
  v: FoundValue,
): string | null {
  const lead = sentence.slice(Math.max(0, v.offset - 40), v.offset);
  const m = LOSS_BEFORE_VALUE.exec(lead);
  if (m) return m[1];
  if (/\bloss\b/i.test(term.term)) return term.term;
  const t = LOSS_BEFORE_TERM.exec(sentence.slice(Math.max(0, term.at - 20), term.at));
  return t ? `${t[1]} ${term.term}` : null;
}

/** Words that do not name whose revenue (or other metric) it is: articles, periods, verbs. */
export const NOT_QUALIFIER = new Set(
  ("a an the our its their his her my your this that these those total net gross overall " +
    "consolidated reported record strong solid quarterly annual annualized full year fiscal " +
    "quarter first second third fourth q1 q2 q3 q4 of for in on to and or with by from as at " +
    "was were is are be been had has have we us i you they it which who while than also " +
    "growing grew increased higher lower expect expects see sees saw believe think drive drove " +
    "deliver delivers achieve achieves generate generates post posts remain remains continue " +
    "continues stay stays keep keeps improve improves maintain maintains reach reaches exceed " +
    "exceeds beat beats hit hits get gets got why how what when where if so but not only just " +
    "about around over under nearly approximately more less most some all any each every both " +
    "very much many now then again still even here there all-time new best highest ever " +
    "double-digit company company-wide forecast forecasts project projects target targets " +
    "guide guides assumes assume sees outlook guidance calls implies full-year fy actual " +
    "actually reported").split(" "),
);

/** Lines of business named by a word in -ing ("leasing revenue", "advertising revenue"). */
const ING_NOUN =
  /^(?:leasing|licensing|advertising|processing|banking|trading|marketing|consulting|clearing|financing|shipping|hosting|gaming|streaming|printing|publishing|engineering|manufacturing|lending|underwriting|ticketing|catering|packaging|outsourcing|mining|drilling|refining|charging|computing|networking|messaging|retailing|franchising|merchandising|servicing|training|building|testing|imaging|staffing|supercharging)$/;

/**
 * A product's or a line's name with digits in it ("H20", "GB200", "M365"): letters first, not a
 * period ("Q3", "FY25", "H1", "CY2024").
 */
const productCode = (w: string) =>
  /^[A-Za-z][A-Za-z\d-]*\d[A-Za-z\d-]*$/.test(w) &&
  !/^(?:Q[1-4]|H[12]|[FC]Y'?\d{2,4}|FQ[1-4]|Q[1-4]FY\d{2,4})$/i.test(w);

/**
 * Up to three words just before a metric's name that say whose it is ("data center revenue",
 * "GitHub revenue growth"), within its clause; null when there are none ("our revenue",
 * "In Q3, revenue").
 */
export function qualifierOf(sentence: string, at: number): string | null {
  // "FSD (Supervised) revenue": an aside just before the name is part of its name
  const clause = sentence.slice(0, at).replace(/\s*\([^()]{1,40}\)\s*$/, " ")
    .split(/[,;:()"“”—–]|\s-\s/).at(-1) ?? "";
  const words = clause.trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (let i = words.length - 1; i >= 0 && kept.length < 3; i--) {
    const w = words[i].replace(/['’]s$/i, "");
    // adverbs and past participles in lower case ("sequentially", "reported") name nobody
    const lower = w === w.toLowerCase();
    // a word ending a sentence ("the P&L. GAAP gross margins") is the sentence before's
    const ends = /\.$/.test(w) && !/\..*\./.test(w);
    if (
      (/\d/.test(w) && !productCode(w)) || NOT_QUALIFIER.has(w.toLowerCase()) ||
      !/^[\p{L}\d&.-]+$/u.test(w) ||
      (lower && /(?:ly|ed|ing)$/.test(w) && !ING_NOUN.test(w)) || ends
    ) break;
    kept.unshift(w);
  }
  return kept.length ? kept.join(" ") : null;
}

/**
 * A value stated as a range ("1% to 3%", "$1.50 to $1.60", "$24 billion, plus or minus 2%"): its
 * words, the low end as the number and the high end beside it; a single value as it is.
 */
export function rangeOf(
  sentence: string,
  v: FoundValue,
  all: FoundValue[],
): KpiValue {
  const end = v.offset + v.raw.length;
  // "150 basis points to 45.2%" is a change and a level, not a range
  const next = all.find((x) => x.offset >= end && x.kind === v.kind);
  if (next) {
    const between = sentence.slice(end, next.offset);
    // "76.3% and 77%" is two figures; "between 43.5% and 44.5%" is a range
    const and = /^\s*and\s*$/i.test(between) &&
      /\bbetween\s+(?:approximately\s+|about\s+)?$/i.test(sentence.slice(0, v.offset));
    if (
      (/^\s*(?:to|-|–|—)\s*$/i.test(between) || and) && next.number > v.number &&
      next.unit === v.unit
    ) {
      return {
        raw: sentence.slice(v.offset, next.offset + next.raw.length),
        number: v.number,
        unit: v.unit,
        high: next.number,
      };
    }
  }
  // "$24 billion, plus or minus 2%": the band around the figure
  const band = /^,?\s*plus or minus\s*(\d+(?:\.\d+)?)\s*%/i.exec(sentence.slice(end));
  if (band && v.kind === "money") {
    const k = Number(band[1]) / 100;
    return {
      raw: sentence.slice(v.offset, end + band[0].length),
      number: v.number * (1 - k),
      unit: v.unit,
      high: v.number * (1 + k),
    };
  }
  return { raw: v.raw, number: v.number, unit: v.unit };
}

/** Whether words name a measure (a line item, a margin, a metric's own name). */
export const namesMeasure = (words: string) =>
  new RegExp(OTHER_MEASURE.source, "i").test(words) ||
  METRICS.some((m) => termsIn(words, m).length > 0);

/** Words of a decline or a rise, the last before a change figure saying which it is. */
const DIRECTION =
  /\b(?:(declin\w*|decreas\w*|fell|fall(?:s|ing)?|down|lower|drop(?:s|ped)?|contract(?:ed|ion)?|shr[iau]nk\w*|reduc\w*|negative|dipped|slipped)|gr[eo]w\w*|growth|increas\w*|rose|ris(?:e|es|ing)|up|higher|expan\w*|improv\w*|gain\w*|accelerat\w*|positive)\b/gi;

/**
 * The sign of a change figure: "down 17%", "declined 5%", "decreased $2.74 billion, or 15%", "a 3%
 * decline in revenue" are negative; "declined to 5%" states a level, not a change.
 */
export function signOf(sentence: string, v: FoundValue, termAt: number): 1 | -1 {
  if (v.number < 0) return 1;
  const end = v.offset + v.raw.length;
  if (
    /^\s*(?:decline|decrease|drop|reduction|contraction|lower)\b/i.test(
      sentence.slice(end, end + 20),
    )
  ) {
    return -1;
  }
  const from = termAt < v.offset ? termAt : Math.max(0, v.offset - 40);
  const lead = sentence.slice(from, v.offset);
  let last: RegExpMatchArray | null = null;
  for (const m of lead.matchAll(DIRECTION)) last = m;
  if (!last?.[1]) return 1;
  // "fell to 5%" is where it came to
  const rest = lead.slice(last.index! + last[0].length);
  return /^\s+(?:to|at)\b/i.test(rest) ? 1 : -1;
}

/** The basis a growth figure is stated on, when not as reported. */
const BASIS_AFTER =
  /^\s*,?\s*\(?(?:(?:in|on an?|at)\s+(constant[- ]currency|constant[- ]dollar|local[- ]currency|organic|fx[- ]neutral|currency[- ]neutral|like[- ]for[- ]like)\b|(organically)\b|(?:excluding|ex-?)\s*(?:the\s+)?(?:(?:impact|effect)\s+of\s+)?(?:foreign\s+)?(currency|fx|exchange rates?)\b|(cc)\b)/i;
const BASIS_BEFORE =
  /\b(?:on an?\s+(constant[- ]currency|constant[- ]dollar|organic|like[- ]for[- ]like|fx[- ]neutral|currency[- ]neutral)\s+basis|in\s+(constant|local)\s+currency|(?:excluding|ex-?)\s*(?:the\s+)?(?:(?:impact|effect)\s+of\s+)?(?:foreign\s+)?(currency|fx|exchange rates?)(?:\s+(?:changes|movements|fluctuations|impacts?))?|(organically))\s*,\s*(?:(?:our|total|the)\s+)?$/i;

/**
 * "Revenue grew 12% on a constant currency basis", "excluding currency, revenue grew 10%",
 * "grew 5% organically": the figure is not the reported one; the words saying so, or null.
 */
export function basisOf(sentence: string, v: FoundValue, termAt: number): string | null {
  const end = v.offset + v.raw.length;
  const m = BASIS_AFTER.exec(sentence.slice(end, end + 80)) ??
    BASIS_BEFORE.exec(
      sentence.slice(Math.max(0, Math.min(termAt, v.offset) - 100), Math.min(termAt, v.offset)),
    );
  if (!m) return null;
  const said = (m.slice(1).find(Boolean) ?? "").toLowerCase();
  if (/^(?:currency|fx|exchange rates?)$/.test(said)) return "excluding currency";
  if (said === "cc" || said === "constant") return "constant currency";
  if (said === "local") return "local currency";
  if (said === "organically") return "organic";
  return said.replace("-", " ");
}
