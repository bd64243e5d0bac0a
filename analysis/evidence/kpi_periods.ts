/**
 * Which period a KPI figure is of: the quarter, fiscal year or part of a year a sentence names
 * ("Q3 2025", "the first nine months of fiscal 2024", "FY25"), and when it names several, the one
 * of the figure's own clause, never one named only in the base of a comparison. Pure.
 */

/**
 * `Q3 2025`, `fiscal 2025`, `FY2025` in a sentence; `Q4` for a quarter and `FY` for a full year
 * it names without the year (the document's, when the document is about that quarter); else
 * null.
 */
export function periodOf(text: string): string | null {
  // "Q1 FY’21": a curly apostrophe is the straight one (one character for one: offsets hold)
  const sentence = text.replace(/[’‘]/g, "'");
  let m = /\bQ([1-4])\s*(?:FY\s*)?'?((?:19|20)\d{2})\b/i.exec(sentence);
  if (m) return `Q${m[1]} ${m[2]}`;
  // two-digit years: "Q3 FY25", "Q3'25", "3Q25", "3Q FY25"
  m = /\bQ([1-4])\s*(?:FY\s*'?|')(\d{2})\b/i.exec(sentence) ??
    /\b([1-4])Q\s*(?:FY\s*)?'?(\d{2}|(?:19|20)\d{2})\b/i.exec(sentence);
  if (m) return `Q${m[1]} ${m[2].length === 2 ? `20${m[2]}` : m[2]}`;
  m =
    /\b(first|second|third|fourth)\s+quarter(?:\s+of)?(?:\s+fiscal(?:\s+year)?)?\s+((?:19|20)\d{2})\b/i
      .exec(sentence);
  if (m) {
    return `Q${["first", "second", "third", "fourth"].indexOf(m[1].toLowerCase()) + 1} ${m[2]}`;
  }
  // "for the year ended December 31, 2016": that fiscal year, not the document's
  m = /\b(?:fiscal\s+)?years?\s+ended\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+((?:19|20)\d{2})\b/
    .exec(sentence);
  if (m) return `FY ${m[1]}`;
  m = /\b(?:FY\s?|fiscal\s+(?:year\s+)?|full[- ]year\s+(?:of\s+)?)((?:19|20)\d{2})\b/i.exec(
    sentence,
  ) ??
    /\b((?:19|20)\d{2}) (?:full[- ]year|fiscal year)\b/i.exec(sentence);
  if (m) return `FY ${m[1]}`;
  // "FY25", "FY '25": a full year, not the quarter the document is about
  m = /\bFY\s?'?(\d{2})\b/i.exec(sentence);
  if (m) return `FY 20${m[1]}`;
  // a quarter named without its year ("In Q4", "the fourth quarter"): the document completes it
  m = /\bQ([1-4])\b(?!\s*(?:FY\s*)?'?(?:19|20)\d{2})/i.exec(sentence) ??
    /\b(first|second|third|fourth)\s+quarter\b(?!\s*(?:of\s+)?(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d{2})/i
      .exec(sentence);
  if (m) {
    const q = /^[1-4]$/.test(m[1])
      ? m[1]
      : String(["first", "second", "third", "fourth"].indexOf(m[1].toLowerCase()) + 1);
    return `Q${q}`;
  }
  // a year's figure whose year the document gives ("Fiscal year revenue of $10.45 billion")
  return /\b(?:fiscal year|full[- ]year|for the (?:fiscal )?year|FY)\b/i.test(sentence)
    ? "FY"
    : null;
}

/**
 * The period of the figure at `offset` when the sentence names at most one: its own clause's
 * when that names one ("Q3 revenue was $5.2 billion; we now expect full-year revenue of $21
 * billion" gives the $21 billion the full year, not Q3); none when its clause speaks of the
 * quarter and only another clause names the year ("Revenue for the quarter was $5.2 billion, and
 * for the full year we expect $21 billion": the document's quarter); else the sentence's.
 */
function clausePeriod(sentence: string, offset: number): string | null {
  const whole = periodOf(sentence);
  const [from, to] = clauseAround(sentence, offset);
  if (from === 0 && to === sentence.length) return whole;
  const clause = sentence.slice(from, to);
  const own = periodOf(clause);
  if (own !== null) return own;
  return whole?.startsWith("FY") && /\bquarter\b/i.test(clause) ? null : whole;
}

/**
 * Spans of part of a year named in a sentence: "the first half of 2024" (H1 2024), "H1 FY25",
 * "the six months ended June 30, 2024" (6M 2024), "the first nine months of fiscal 2024" (9M
 * 2024), "year-to-date" (YTD); each with where it is named.
 */
const PARTIAL_YEAR =
  /\b(?:(first|second)\s+half|([12])H|H([12]))(?:\s+of)?(?:\s+(?:fiscal\s+(?:year\s+)?|FY\s*))?\s*'?((?:19|20)\d{2}|\d{2}(?!\d))?|\b(?:(first|the|past|last)\s+)?(six|nine|twelve|6|9|12|twenty[- ]six|thirty[- ]nine|fifty[- ]two|26|39|52)[- ](?:months?|weeks?)(\s+(?:fiscal\s+)?(?:period\s+)?end(?:ed|ing)(?:\s+[A-Z][a-z]+\.?\s+\d{1,2},?)?)?(?:\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*)?((?:19|20)\d{2}))?|\b(year[- ]to[- ]date|YTD)\b|\b(TTM|LTM|trailing[- ](?:twelve|12)[- ]months?)\b/gi;

function partialYears(
  sentence: string,
): { label: string; at: number; end: number; joined?: boolean }[] {
  const out: { label: string; at: number; end: number; joined?: boolean }[] = [];
  for (const m of sentence.matchAll(PARTIAL_YEAR)) {
    const at = m.index!;
    const end = at + m[0].trimEnd().length;
    // "the second quarter and first half of fiscal 2024 was $13.5 billion and $20.7 billion,
    // respectively": the first figure is the quarter's; the part is read out of the sentence
    if (/\bquarter\s+and\s+(?:the\s+)?$/i.test(sentence.slice(Math.max(0, at - 30), at))) {
      out.push({ label: "", at, end, joined: true });
      continue;
    }
    if (m[9] || m[10]) {
      out.push({ label: m[9] ? "YTD" : "TTM", at, end });
      continue;
    }
    if (m[6]) {
      // "the first nine months", "six months ended", "nine months of 2024"; not "for 6 months",
      // nor "the three and nine months ended" (two spans, the figures "respectively")
      if (!m[5] && !m[7] && !m[8]) continue;
      if (
        /\b(?:three|3)(?:[- ]months?)?-?\s+and\s+$/i.test(sentence.slice(Math.max(0, at - 24), at))
      ) {
        continue;
      }
      const n = m[6].toLowerCase().replace(/[- ]/, "");
      const label = /^(?:six|6|twentysix|26)$/.test(n)
        ? "6M"
        : /^(?:nine|9|thirtynine|39)$/.test(n)
        ? "9M"
        : "12M";
      out.push({ label: m[8] ? `${label} ${m[8]}` : label, at, end });
      continue;
    }
    // "1H", "H1" alone in a word-wrapped list is a half only with a year or "half" spelled out
    const half = m[1] ? (m[1].toLowerCase() === "first" ? "H1" : "H2") : `H${m[2] ?? m[3]}`;
    const year = m[4] ? (m[4].length === 2 ? `20${m[4]}` : m[4]) : null;
    if (!m[1] && !year) continue;
    out.push({ label: year ? `${half} ${year}` : half, at, end });
  }
  return out;
}

/** A quarter or a fiscal year named with its year: "Q3 2024", "third quarter of 2024", "fiscal 2024". */
const DATED_PERIOD =
  /\bQ([1-4])\s*(?:FY\s*)?'?((?:19|20)\d{2})\b|\b(first|second|third|fourth)\s+quarter(?:\s+of)?(?:\s+fiscal(?:\s+year)?)?\s+((?:19|20)\d{2})\b|\b(?:FY\s?|fiscal\s+(?:year\s+)?|full[- ]year\s+(?:of\s+)?)((?:19|20)\d{2})\b|\bQ([1-4])\s*(?:FY\s*'?|')(\d{2})\b|\bFY\s?'?(\d{2})\b|\b([1-4])Q\s*(?:FY\s*)?'?((?:19|20)\d{2}|\d{2})\b/gi;

/** Where one clause ends and the next begins ("; ", ", and"). */
const CLAUSE_BREAK = /;|,\s+(?:and|but|while|whereas)\b/g;
/** Words opening the base of a comparison ("compared to the first half of fiscal 2023"). */
const COMPARED =
  /\b(?:(?:as\s+)?compared\s+(?:to|with)|versus|vs\.?|from|relative\s+to|(?:growth|increase|decrease|decline|improvement)\s+over)\b/gi;
/** The verb after the base of a comparison, where the sentence's own clause resumes. */
const RESUMES = /\b(?:was|were|is|are|has|had|rose|fell|grew|increased|decreased|declined)\b/i;

/** The clause of `sentence` around `offset`, between the clause breaks before and after it. */
export function clauseAround(sentence: string, offset: number): [number, number] {
  let from = 0;
  let to = sentence.length;
  for (const m of sentence.matchAll(CLAUSE_BREAK)) {
    if (m.index! + m[0].length <= offset) from = m.index! + m[0].length;
    else if (m.index! > offset) {
      to = m.index!;
      break;
    }
  }
  return [from, to];
}

/** The last sentence's bases of comparisons (a sentence's figures are read one after another). */
let basesCache: { sentence: string; bases: [number, number][] } | null = null;

/**
 * The bases of comparisons in a sentence: from "compared to" up to the next comma, clause break
 * or verb, at most 200 characters on.
 */
export function basesOf(sentence: string): [number, number][] {
  if (basesCache?.sentence === sentence) return basesCache.bases;
  const bases: [number, number][] = [];
  for (const m of sentence.matchAll(COMPARED)) {
    const from = m.index! + m[0].length;
    const rest = sentence.slice(from, from + 200);
    // a comma ends it too, but not the one of a date ("ended October 28, 2023")
    let brk = rest.length;
    for (const c of rest.matchAll(/[;,]/g)) {
      if (
        c[0] === "," &&
        /[A-Za-z]\.? \d{1,2}$/.test(rest.slice(Math.max(0, c.index! - 14), c.index!))
      ) {
        continue;
      }
      brk = c.index!;
      break;
    }
    const verb = RESUMES.exec(rest);
    const end = Math.min(brk, verb ? verb.index : rest.length);
    bases.push([m.index!, from + end]);
  }
  basesCache = { sentence, bases };
  return bases;
}

interface Mention {
  label: string;
  at: number;
}

/**
 * The period of the figure at `offset` among the dated periods and parts of a year a sentence
 * names: one named in the base of a comparison ("compared to the first half of fiscal 2023")
 * is the period of a figure in that base only; otherwise the one in the figure's own clause.
 * `undefined` when the sentence names at most one period and no part of a year (the sentence's
 * period holds), null when the figure's clause names none and no period outside a comparison is
 * left to take.
 */
function mentionedPeriod(
  sentence: string,
  offset: number,
  parts: Mention[],
  masked: string,
): { label: string | null; free: Mention[] } | undefined {
  const named: Mention[] = [...parts];
  for (const m of masked.matchAll(DATED_PERIOD)) {
    const label = m[1]
      ? `Q${m[1]} ${m[2]}`
      : m[3]
      ? `Q${["first", "second", "third", "fourth"].indexOf(m[3].toLowerCase()) + 1} ${m[4]}`
      : m[5]
      ? `FY ${m[5]}`
      : m[6]
      ? `Q${m[6]} 20${m[7]}`
      : m[8]
      ? `FY 20${m[8]}`
      : `Q${m[9]} ${m[10].length === 2 ? `20${m[10]}` : m[10]}`;
    named.push({ label, at: m.index! });
  }
  const bases = basesOf(sentence);
  const inBase = (at: number) => bases.find(([a, b]) => at >= a && at < b);
  if (!parts.length && new Set(named.map((n) => n.label)).size < 2) {
    // "Revenue was $1.2 billion, compared to $1.0 billion in the third quarter of 2023": the
    // period named only in the comparison's base is not the figure's
    if (named.length && named.every((n) => inBase(n.at)) && !inBase(offset)) {
      return { label: null, free: [] };
    }
    // "EPS increased 23.5% to $6.68, ..., compared to $5.41 ..., in the fourth quarter of fiscal
    // 2021": a period named only after the comparison opens, the figure before it, is the base's
    const opener = bases[0]?.[0];
    if (
      named.length && opener !== undefined && offset < opener && named.every((n) => n.at > opener)
    ) return { label: null, free: [] };
    // "Revenue was $1.2 billion in the quarter, and we expect FY25 revenue of $4.5 billion":
    // the year named in the other clause is not the quarter's figure's
    if (!named.length || !named[0].label.startsWith("FY")) return undefined;
    const [from, to] = clauseAround(sentence, offset);
    const clause = sentence.slice(from, to);
    if (named.some((n) => n.at >= from && n.at < to) || !/\bquarter\b|\bQ[1-4]\b/i.test(clause)) {
      return undefined;
    }
    return { label: periodOf(clause), free: [] };
  }

  const nearest = (list: Mention[]) =>
    list.reduce((a, b) => Math.abs(b.at - offset) < Math.abs(a.at - offset) ? b : a);
  const base = inBase(offset);
  if (base) {
    const own = named.filter((n) => n.at >= base[0] && n.at < base[1]);
    return { label: own.length ? nearest(own).label : null, free: [] };
  }
  const [from, to] = clauseAround(sentence, offset);
  const free = named.filter((n) => !inBase(n.at));
  const own = free.filter((n) => n.at >= from && n.at < to);
  return { label: own.length ? nearest(own).label : null, free };
}

/** Where a quarter or a year is named, for telling which period a figure is nearest to. */
const PERIOD_WORDS =
  /\bQ[1-4]\b|\b[1-4]Q\b|\b(?:first|second|third|fourth)\s+quarter\b|\bquarter\b|\bFY\s?'?\d{2,4}\b|\bfiscal\s+(?:year\s+)?(?:19|20)\d{2}\b|\bfull[- ]year\b|\bfiscal year\b/gi;

/**
 * The period of the figure at `offset`: the sentence's (see `periodOf`), unless the sentence
 * names part of a year ("first half", "nine months ended", "year-to-date") nearer the figure
 * than any quarter or year it names: that part, never the quarter nor the full year.
 */
export function periodAt(text: string, offset: number): string | null {
  const sentence = text.replace(/[’‘]/g, "'");
  const found = partialYears(sentence);
  // the sentence read without its parts of a year ("the first nine months of fiscal 2024" is
  // not fiscal 2024)
  let masked = "";
  let from = 0;
  for (const p of found) {
    masked += sentence.slice(from, p.at) + " ".repeat(p.end - p.at);
    from = p.end;
  }
  masked += sentence.slice(from);
  const said = mentionedPeriod(sentence, offset, found.filter((p) => !p.joined), masked);
  if (said === undefined) return clausePeriod(masked, offset);
  if (said.label) return said.label;
  // the figure's clause names none: the part of a year named outside a comparison, unless a
  // quarter is named nearer the figure ("Third quarter revenue was $1.2 billion, and revenue
  // for the first nine months was $3.4 billion")
  const parts = found.filter((p) => !p.joined && said.free.some((f) => f.at === p.at));
  const other = periodOf(masked);
  if (!parts.length) return said.free.length ? other : null;
  const dist = (at: number, end: number) =>
    offset >= end ? offset - end : at > offset ? at - offset : 0;
  const part = parts.reduce((a, b) => dist(b.at, b.end) < dist(a.at, a.end) ? b : a);
  if (other) {
    let best = Infinity;
    for (const m of masked.matchAll(PERIOD_WORDS)) {
      best = Math.min(best, dist(m.index!, m.index! + m[0].length));
    }
    if (best < dist(part.at, part.end)) return other;
  }
  return part.label;
}

/** Two or more years in a list: "2022, 2021 and 2020", "fiscal 2023, 2022 and 2021". */
const YEAR_LIST =
  /(?<![\d.,$€£¥])((?:19|20)\d{2})((?:\s*,\s*(?:and\s+)?(?:fiscal\s+)?(?:19|20)\d{2}|\s+and\s+(?:fiscal\s+)?(?:19|20)\d{2})+)(?![\d.]?\d)/gi;

/**
 * "Net sales were $274.5 billion, $365.8 billion and $394.3 billion in 2020, 2021 and 2022,
 * respectively": the year in the place of the figure (`k` of `n` figures in its list), when the
 * sentence states "respectively" with one list of `n` years; else null.
 */
export function respectiveYear(
  sentence: string,
  k: number,
  n: number,
  firstAt = 0,
): string | null {
  if (n < 2) return null;
  // without "respectively", only a list of years before the figures pairs with them ("for fiscal
  // years 2023 and 2022 was $5.2 billion and $4.8 billion")
  const respectively = /\brespectively\b/i.test(sentence);
  const lists = [...sentence.matchAll(YEAR_LIST)]
    .filter((m) => respectively || m.index! + m[0].length <= firstAt)
    .map((m) => [...m[0].matchAll(/(?:19|20)\d{2}/g)].map((y) => y[0]))
    .filter((years) => years.length === n);
  return lists.length === 1 ? lists[0][k] : null;
}
