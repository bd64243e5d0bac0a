/**
 * Whether a number in a sentence is the metric's own figure for the period spoken of, or
 * something next to it: a prior year's figure, the base of a comparison, an effect on the
 * metric, a date's day, a product's model number, the second of a "respectively" pair. Pure.
 */

/** A number found in a sentence (see values() in kpi.ts). */
export interface Found {
  raw: string;
  number: number;
  kind: "money" | "percent" | "count";
  unit: string;
  offset: number;
}

/**
 * The index of the first value at or after `offset` in `all` (values in order, apart): a binary
 * search, so a sentence of thousands of numbers is not walked once per number.
 */
export function firstFrom(all: Found[], offset: number): number {
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid].offset < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The value just before `v` (ending at or before it), or undefined. */
export function previousOf(all: Found[], v: Found): Found | undefined {
  for (let i = firstFrom(all, v.offset) - 1; i >= 0; i--) {
    if (all[i].offset + all[i].raw.length <= v.offset) return all[i];
  }
  return undefined;
}

const SPACE = /\s/;

/**
 * Where the last `n` whitespace-separated words of `text.slice(0, at)` start (a word cut by `at`
 * counts); 0 when there are fewer. A pattern that reads only those words, anchored at their end,
 * matches the same on this window as on the whole prefix, in time bounded by the words.
 */
export function lastWordsStart(text: string, at: number, n: number): number {
  let i = at;
  for (let k = 0; k < n; k++) {
    while (i > 0 && SPACE.test(text[i - 1])) i--;
    if (i === 0) return 0;
    while (i > 0 && !SPACE.test(text[i - 1])) i--;
  }
  return i;
}

/** The words of the value's clause after it, up to the next number or clause end. */
function after(sentence: string, v: Found, all: Found[]): string {
  const end = v.offset + v.raw.length;
  const next = all[firstFrom(all, end)]?.offset ?? sentence.length;
  return sentence.slice(end, next).split(/[;:]|,\s(?:and|but|while|which)\b/)[0];
}

/** The words just before the value, back to the previous number. */
function before(sentence: string, v: Found, all: Found[]): string {
  const prev = previousOf(all, v);
  return sentence.slice(prev ? prev.offset + prev.raw.length : 0, v.offset);
}

/**
 * A figure of an earlier period stated for contrast: "on top of growing 24% during the December
 * quarter a year ago", "up from 42% last year", "compared to $4.1 billion in the prior year".
 */
export function isPriorPeriod(sentence: string, v: Found, all: Found[]): boolean {
  const lead = before(sentence, v, all);
  // "will range from $2.1 billion to $2.3 billion": the low end of a range, not a base
  const ranged = /\brang(?:e|es|ed|ing)\s+from\s+(?:approximately\s+|about\s+|roughly\s+)?[$]?$/i
    .test(lead);
  if (
    !ranged &&
    /\b(?:on top of|lapping|compared (?:to|with)|versus|vs\.?|against|from)\s+(?:(?:a|an|the|our)\s+)?(?:(?:last|prior|previous)\s+(?:year|quarter)['’]s\s+|(?:the\s+)?(?:prior|previous|year[- ]ago)[- ](?:year|quarter)['’]?s?\s+)?(?:[\w-]+ing\s+)?(?:approximately\s+|about\s+|roughly\s+)?[$]?$/i
      .test(lead)
  ) return true;
  const tail = after(sentence, v, all);
  // "during the December quarter a year ago", "in the prior year", "last year" as the time of it
  return /^\s*(?:\w+\s+){0,2}?(?:during|in|for)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:quarter|period|year|months?)\s+(?:a year ago|last year|the year before)\b/i
    .test(tail) ||
    /^\s*(?:\w+\s+){0,2}?(?:in|during|for)\s+the\s+(?:prior|previous|year-ago|year ago)\s+(?:[\w-]+\s+)?(?:quarter|period|year)\b/i
      .test(tail) ||
    yearBeforeComparison(sentence.slice(v.offset + v.raw.length, v.offset + v.raw.length + 200)) ||
    // "$4.2 billion versus last year's $3.9 billion": "versus" makes last year the next
    // figure's base, not this figure's time
    /^\s*(?!(?:\w+\s+){0,2}?(?:versus|vs|compared|against|over|from|than)\b)(?:\w+\s+){0,2}?(?:a year ago|last year|last quarter|a quarter ago)\b/i
        .test(tail) &&
      !/\b(?:up|down|grew|growth|increased?|decreased?|declined?|rose|fell|higher|lower)\b/i.test(
        lead,
      );
}

/**
 * "$4.8 billion in 2022 compared to $5.2 billion in 2023": a figure of a year followed by a
 * comparison is the base's when the comparison names no later year; "$5.2 billion in 2023
 * compared to $4.8 billion in 2022" is the later year's figure, not a prior one.
 */
function yearBeforeComparison(tail: string): boolean {
  const m = /^\s*(?:in|during)\s+(?:fiscal\s+)?((?:19|20)\d{2})\b/i.exec(tail);
  if (!m) return false;
  const cmp = /\b(?:compared|versus|vs\.?)\b/i.exec(tail.slice(m[0].length));
  if (!cmp) return false;
  const later = /\b((?:19|20)\d{2})\b/.exec(tail.slice(m[0].length + cmp.index));
  return !later || Number(later[1]) >= Number(m[1]);
}

/**
 * An amount that is an effect on the metric, not the metric: "a benefit of approximately $0.23 to
 * our reported adjusted earnings per share", "$20 million impact on revenue".
 */
export function isEffectOn(sentence: string, v: Found, termAt: number): boolean {
  const end = v.offset + v.raw.length;
  if (termAt < end) return false;
  const gap = sentence.slice(end, termAt);
  if (/\d/.test(gap)) return false;
  if (/^\s*(?:\w+\s+){0,2}?(?:to|on|from)\s+(?:[\w-]+\s+){0,4}$/i.test(gap)) {
    return /\b(?:benefit|impact|headwind|tailwind|contribut\w*|added|add|effect|dilution|accretion|accretive|dilutive|charge|hurt|reduced?|lowered?|boost\w*|help\w*|cost)\b/i
      .test(sentence.slice(Math.max(0, v.offset - 60), termAt));
  }
  return false;
}

/** Words that may lead a count at a sentence's start ("Over 1,000 customers"). */
const LEADS =
  /^(?:over|about|nearly|approximately|more|almost|roughly|some|around|with|now|we|our|and|in|of|the|total|than|to|had|has|have|reached|added|exceeded)$/i;

/**
 * A count is the number of customers when it stands just before the customer noun ("485
 * customers with more than $1 million", "1,250 enterprise customers") or is what the customer
 * count came to ("customers ... grew to 485"); not a product's model number ("iPhone 14
 * customers") or part of a name ("451 Research").
 */
export function countOfCustomers(sentence: string, v: Found, termAt: number, termEnd: number) {
  const end = v.offset + v.raw.length;
  // the word before the number, read backwards by hand: a pattern anchored at the end of the
  // prefix retried every start of a long word (30 KB took 11 s)
  let wordEnd = v.offset;
  while (wordEnd > 0 && SPACE.test(sentence[wordEnd - 1])) wordEnd--;
  let wordStart = wordEnd;
  while (wordStart > 0 && !SPACE.test(sentence[wordStart - 1])) wordStart--;
  const prevWord = sentence.slice(wordStart, wordEnd);
  let lead = wordStart;
  while (lead > 0 && SPACE.test(sentence[lead - 1])) lead--;
  const startsSentence = lead === 0;
  // "iPhone 14", "Windows 11", "Model 3": a name's number
  if (
    /^[A-Za-z]*[a-z][A-Z]/.test(prevWord) ||
    /^[A-Z][\w-]*$/.test(prevWord) && !startsSentence && !LEADS.test(prevWord)
  ) {
    return false;
  }
  if (termAt >= end) {
    const between = sentence.slice(end, termAt);
    // "we delivered 31 aircraft to customers": a count of another noun, given to customers
    if (/\b(?:to|for|from|with|by|of|per|across|among|through)\s+$/i.test(between)) return false;
    return /^\+?\s+(?:[A-Za-z$][\w$+.,-]*\s+){0,3}$/.test(between) || end === termAt;
  }
  // after the noun: "customers with more than $1 million in ARR grew to 485", but not a count
  // of something else ("for up to 48 months")
  const next = /^\s+([a-z]+)/.exec(sentence.slice(end))?.[1];
  if (
    next &&
    !/^(?:in|as|at|from|compared|versus|up|down|and|during|this|for|by|on|over|with|customers?)$/
      .test(next)
  ) {
    return false;
  }
  const gap = sentence.slice(termEnd, v.offset);
  return gap.length <= 120 &&
    /\b(?:to|of|was|were|reached|totaled|totaling|at|now|is|are|stood at)\s+(?:approximately\s+|about\s+|over\s+|more than\s+|nearly\s+|roughly\s+|just over\s+)?$/i
      .test(gap) &&
    !/[.;]/.test(gap);
}

/** A list of figures stated "respectively" and the names before them, one name per figure. */
export interface RespectiveList {
  values: Found[];
  /** Each figure's name as [start, end) in the sentence; null when the words do not split so. */
  names: [number, number][] | null;
}

/** What separates the items of a list: ", ", ", and ", " and ", "; " or ": " (the verb's side). */
const LIST_SEP = /\s*[,;:]\s*(?:and\s+)?|\s+and\s+|\s+as well as\s+/gi;
const FIGURE_SEP = /^\s*(?:,\s*(?:and\s+)?|and\s+|&\s+)$/i;

/**
 * "Revenue, operating income and net income were $5.2 billion, $1.1 billion and $0.8 billion,
 * respectively" (or "were, respectively, $5.2 billion and ..."): each list of two or more figures
 * stated "respectively", with the names of the words before it when they split into as many
 * (the last ones: "In the quarter, revenue and ..." drops "In the quarter").
 */
export function respectiveLists(sentence: string, all: Found[]): RespectiveList[] {
  const out: RespectiveList[] = [];
  for (const m of sentence.matchAll(/\brespectively\b/gi)) {
    const at = m.index!;
    const end = at + m[0].length;
    let values: Found[] = [];
    let subjectEnd = 0;
    let j = firstFrom(all, at) - 1;
    const last = all[j];
    if (last && /^\s*,?\s*$/.test(sentence.slice(last.offset + last.raw.length, at))) {
      // the figures before "respectively"
      values = [last];
      while (
        j > 0 &&
        FIGURE_SEP.test(sentence.slice(all[j - 1].offset + all[j - 1].raw.length, all[j].offset))
      ) values.unshift(all[--j]);
      subjectEnd = values[0].offset;
      // "..., respectively, of leasing cost of revenue": the names come after the list
      if (/^\s*,?\s*(?:of|in|for|from)\s/i.test(sentence.slice(end, end + 10))) {
        if (values.length > 1) out.push({ values, names: null });
        continue;
      }
    } else {
      // "were, respectively, $5.2 billion and $1.1 billion"
      let k = firstFrom(all, end);
      const first = all[k];
      if (!first || !/^\s*,?\s*$/.test(sentence.slice(end, first.offset))) continue;
      values = [first];
      while (
        k + 1 < all.length &&
        FIGURE_SEP.test(sentence.slice(all[k].offset + all[k].raw.length, all[k + 1].offset))
      ) values.push(all[++k]);
      subjectEnd = at;
      j = firstFrom(all, at);
    }
    if (values.length < 2) continue;
    const prev = all[j - 1];
    const from = prev && prev.offset < subjectEnd ? prev.offset + prev.raw.length : 0;
    out.push({ values, names: namesIn(sentence, from, subjectEnd, values.length) });
  }
  return out;
}

/** The last `n` list items of `sentence[from, to)`, or null when there are fewer. */
function namesIn(sentence: string, from: number, to: number, n: number): [number, number][] | null {
  const items: [number, number][] = [];
  let start = from;
  const push = (a: number, b: number) => {
    const text = sentence.slice(a, b);
    const lead = text.length - text.trimStart().length;
    if (text.trim()) items.push([a + lead, a + lead + text.trim().length]);
  };
  for (const sep of sentence.slice(from, to).matchAll(LIST_SEP)) {
    push(start, from + sep.index!);
    start = from + sep.index! + sep[0].length;
  }
  push(start, to);
  return items.length >= n ? items.slice(-n) : null;
}

/**
 * "GAAP and non-GAAP gross margins are expected to be 76.3% and 77% respectively": the two
 * names before the metric and the two figures after it, paired in order; null when the sentence
 * is not such a pair.
 */
export function respectivelyPair(
  sentence: string,
  termAt: number,
  termEnd: number,
  all: Found[],
  kind: string,
): { names: [string, string] | null; values: [Found, Found] } | null {
  if (!/\brespectively\b/i.test(sentence.slice(termEnd))) return null;
  let a: Found | undefined;
  for (let i = firstFrom(all, termEnd); i < all.length; i++) {
    if (all[i].kind !== kind) continue;
    const b = all[i];
    if (!a) {
      a = b;
      continue;
    }
    const between = sentence.slice(a.offset + a.raw.length, b.offset);
    const pair = /^\s*,?\s*(?:and|&)\s*$/i.test(between) &&
      /^\s*,?\s*respectively\b/i.test(sentence.slice(b.offset + b.raw.length));
    if (!pair) {
      a = b;
      continue;
    }
    // the names are at most five words before the metric, after the clause's last , ; : ( or )
    let clauseStart = lastWordsStart(sentence, termAt, 5);
    for (let j = termAt - 1; j >= clauseStart; j--) {
      if (",;:()".includes(sentence[j])) {
        clauseStart = j + 1;
        break;
      }
    }
    // a name starts where its word does (a match inside a word would match from its start too)
    const before = sentence.slice(clauseStart, termAt);
    const names =
      /(?<![\p{L}&.-])([\p{L}&.-]+(?:\s+[\p{L}&.-]+)?)\s+and\s+([\p{L}&.-]+(?:\s+[\p{L}&.-]+)?)\s*$/u
        .exec(before);
    if (names) return { names: [names[1], names[2]], values: [a, b] };
    // "Basic and diluted EPS were $1.25 and $1.20": the metric's own name opens with the second
    // name ("diluted EPS"), the first stands before "and"
    const first = /(?<![\p{L}&.-])([\p{L}&.-]+)\s+and\s+$/u.exec(before);
    const own = /^([\p{L}-]+)\s+\S/u.exec(sentence.slice(termAt, termEnd));
    return { names: first && own ? [first[1], own[1]] : null, values: [a, b] };
  }
  return null;
}

/**
 * "a minimum of $600 million", "at least 20%", "up to $2 billion": the value is a bound, not a
 * point; the words that say so and which side it bounds.
 */
export function boundOf(
  sentence: string,
  v: Found,
): { words: string; bound: "at_least" | "at_most" } | null {
  const m =
    /\b((?:a\s+)?(?:minimum|maximum)\s+of|at\s+(?:least|most)|no\s+(?:less|more)\s+than|more\s+than|less\s+than|greater\s+than|fewer\s+than|in\s+excess\s+of|up\s+to|exceed(?:ed|ing)?)\s+$/i
      .exec(sentence.slice(Math.max(0, v.offset - 30), v.offset));
  if (!m) return null;
  const w = m[1].toLowerCase();
  // "up to 265% year-on-year" is a rise to a figure, not a ceiling
  if (/^up\s+to$/.test(w) && v.kind === "percent") return null;
  const atMost = /maximum|at\s+most|no\s+more|less\s+than|fewer|up\s+to/.test(w);
  return { words: m[1], bound: atMost ? "at_most" : "at_least" };
}

/**
 * A sentence that opens a list of outlook items without figures of its own: "we're pleased to
 * provide our 2021 guidance.", "Our outlook for the year is as follows:".
 */
export function opensGuidance(sentence: string, hasFigures: boolean): boolean {
  if (hasFigures) return false;
  if (
    /\b(?:provid|giv|issu|introduc|initiat|reaffirm|updat|rais|shar|establish|announc)\w*\s+(?:our|the|its|initial|full[- ]year)\s+(?:[\w'-]+\s+){0,3}(?:guidance|outlook|targets|expectations)\b/i
      .test(sentence)
  ) return true;
  // "guidance ... is as follows" within one stretch between full stops: the stretch's first
  // "guidance" and any "follows" after it (a `[^.]*` between them rescanned the stretch for
  // every "guidance")
  for (const stretch of sentence.split(".")) {
    const lead = /\b(?:guidance|outlook)\b/i.exec(stretch);
    const follows = /\b(?:is|are|as) (?:as )?follows\b/gi;
    if (lead) follows.lastIndex = lead.index + lead[0].length;
    if (lead && follows.test(stretch)) return true;
  }
  // "... guidance ...:" at the end: the word in the stretch after the last full stop
  const body = sentence.trimEnd();
  if (!body.endsWith(":")) return false;
  const stretch = body.slice(body.lastIndexOf(".", body.length - 2) + 1, -1);
  // "Amcor reports fiscal 2023 results and provides outlook for fiscal 2024" / "June 2023
  // quarter:": a headline's outlook above a lead-in of results, not a list of outlook items
  const last = stretch.slice(stretch.lastIndexOf("\n") + 1);
  if (
    !/\b(?:guidance|outlook|expect)\w*\b/i.test(last) &&
    /\b(?:quarter|results|highlights|(?:19|20)\d{2})\b/i.test(last)
  ) return false;
  return /\b(?:guidance|outlook|expect)\w*\b/i.test(stretch);
}

/** A sentence that moves on from a list of outlook items. */
export function leavesGuidance(sentence: string, hasFigures: boolean): boolean {
  return !hasFigures ||
    /^(?:finally|turning|moving|now|with that|in closing|in summary|overall|lastly)\b/i.test(
      sentence,
    );
}

/**
 * Another company named as the one speaking: "Microsoft recently noted that ...". Its figures
 * are not the company's. `own` are the company's names (ticker, name words) when known.
 */
export function quotedCompany(sentence: string, own: string[]): string | null {
  const m =
    /\b([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})\s+(?:recently\s+|also\s+|just\s+)?(?:noted|said|reported|announced|stated|disclosed|highlighted|cited|shared)\b/
      .exec(sentence);
  if (!m) return null;
  const name = m[1];
  if (/^(?:We|I|They|He|She|It|Our|The|This|That|Management|Company|As|And|But|So)$/i.test(name)) {
    return null;
  }
  const lower = name.toLowerCase();
  if (own.some((o) => o && (lower.includes(o.toLowerCase()) || o.toLowerCase().includes(lower)))) {
    return null;
  }
  return name;
}
