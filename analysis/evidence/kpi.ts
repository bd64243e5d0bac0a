/**
 * KPI mentions in prose: a metric named as a whole word, with the number, unit and period next
 * to it, cited by character offsets. Pure: text in, rows out.
 */
import { checkpoint } from "../../core/cancel.ts";
import { wholeWordIndexOf } from "../../core/fuzzy.ts";
import { noted } from "./kpi_ambiguous.ts";
import {
  boundOf,
  firstFrom,
  leavesGuidance,
  opensGuidance,
  quotedCompany,
  type RespectiveList,
  respectiveLists,
  respectivelyPair,
} from "./kpi_attach.ts";
import { belongs } from "./kpi_belongs.ts";
import { laterInList, nonGaapAround, nonGaapBefore, segmentOf } from "./kpi_clauses.ts";
import { type KpiHit, type KpiValue, type MetricDef, QUOTED_NOTE, termsIn } from "./kpi_metrics.ts";
import {
  benchmarkOf,
  earlierThanOutlook,
  forwardSentence,
  guidedFigure,
  OUTLOOK_AFTER_TERM,
  resultClause,
} from "./kpi_outlook.ts";
import { isMoveBase, movesIn, namesMoveBase } from "./kpi_move.ts";
import { clauseAround } from "./kpi_periods.ts";
import { rowHits } from "./kpi_rows.ts";
import { BULLET, leadInPeriod, type Sentence, sentences } from "./kpi_sentences.ts";
import { type ScaleNote, scaleNotes } from "./kpi_captions.ts";
import { splitTables } from "./kpi_table.ts";
import { DOLLAR_CODES, type FoundValue, hasScaleWord, values } from "./kpi_values.ts";
import {
  basisOf,
  comparisonOf,
  lossWords,
  namesMeasure,
  NOT_QUALIFIER,
  qualifierOf,
  rangeOf,
  signOf,
} from "./kpi_words.ts";
import { bareYear, periodNamed, yearInList } from "./kpi_years.ts";

export { CENTS, type FoundValue, hasScaleWord, type ValueKind, values } from "./kpi_values.ts";
export { periodAt, periodOf } from "./kpi_periods.ts";
// the public surface of KPI extraction stays here; its parts live in the kpi_*.ts modules
export {
  ANALYST_NOTE,
  DEFAULT_METRICS,
  type KpiHit,
  type KpiValue,
  type MetricDef,
  METRICS,
  QUOTED_NOTE,
  UNKNOWN_ROLE_NOTE,
} from "./kpi_metrics.ts";
export { MAX_SENTENCE, type Sentence, sentences } from "./kpi_sentences.ts";
export { qualifierOf } from "./kpi_words.ts";
export { LISTED_YEAR_NOTE } from "./kpi_years.ts";
export { markAmbiguous } from "./kpi_ambiguous.ts";

/** A scale note ("Dollars in millions") before a sentence, `at` relative to the sentence. */
type Caption = ScaleNote;

/** The scale notes of a stretch of prose, in order. */
const captionsIn = (text: string): Caption[] => scaleNotes(text);

/** How far before a sentence a scale caption still states its amounts' scale, in characters. */
const CAPTION_REACH = 1_000;

/** Options of extractKpis. */
export interface ExtractOptions {
  /** The company's own names (ticker, name, speakers): another name quoting a figure is flagged. */
  own?: string[];
}

/** Extracts KPI mentions of `metrics` from a text whose offsets start at `base`. */
export function extractKpis(
  text: string,
  metrics: MetricDef[],
  base = 0,
  opts: ExtractOptions = {},
): KpiHit[] {
  const hits: KpiHit[] = [];
  const { prose, rows } = splitTables(text);
  for (const chunk of prose) {
    // sentences under a guidance lead-in ("we're pleased to provide our 2021 guidance.") are
    // outlook items until the list ends
    let underGuidance = false;
    // the period a heading or lead-in names for the bullets after it ("Fiscal 2023 Full Year
    // Highlights", "For fiscal 2024, the Company expects:")
    let leadPeriod: string | null = null;
    let afterColon = false;
    const captions = captionsIn(chunk.text);
    let c = 0;
    for (const s of sentences(chunk.text, base + chunk.offset)) {
      checkpoint();
      const bullet = BULLET.test(s.text);
      // "June 2023 quarter:" / "GAAP diluted EPS of 12.3 cps": a lead-in's period reaches the
      // line after it as it reaches a list
      const led = bullet || afterColon;
      afterColon = s.text.endsWith(":");
      if (!bullet) {
        const lead = leadInPeriod(s.text);
        if (!led || lead) leadPeriod = lead;
      }
      const found = values(s.text);
      // the last caption before the sentence ends, its offset made the sentence's own
      const at = s.end - base - chunk.offset;
      while (c < captions.length && captions[c].at < at) c++;
      const last = captions[c - 1];
      // a caption far above (another table's, a page's heading) does not state this sentence's
      // scale: its bare amount is then one without a scale
      const near = last && s.start - base - chunk.offset - last.at <= CAPTION_REACH;
      const caption = near ? { ...last, at: last.at - (s.start - base - chunk.offset) } : null;
      const figures = found.some((v) => v.kind !== "count");
      if (underGuidance && leavesGuidance(s.text, figures)) underGuidance = false;
      if (opensGuidance(s.text, figures)) {
        underGuidance = true;
        continue;
      }
      if (!found.length) continue;
      const quoted = opts.own ? quotedCompany(s.text, opts.own) : null;
      for (const metric of metrics) {
        for (const hit of sentenceHits(s, found, metric, caption)) {
          hit.forward_looking ||= underGuidance;
          if (led && hit.period === null && leadPeriod) {
            hit.period = leadPeriod;
            hit.note = noted(hit.note, `period from the heading above the list (${leadPeriod})`);
          }
          // "Net sales for the Amcor Group", "for the Group": the company's own figure
          if (hit.qualifier && companyWide(hit.qualifier, opts.own ?? [])) hit.qualifier = null;
          if (quoted) {
            hit.note = `${QUOTED_NOTE} (${quoted}): not the company's own figure`;
            hit.confidence = "low";
          }
          hits.push(hit);
        }
      }
    }
  }
  for (const row of rows) hits.push(...rowHits(row, metrics, base));
  yenOrYuan(text, hits);
  whichDollars(text, hits);
  return hits.sort((a, b) => a.start_char - b.start_char);
}

/** Words a qualifier may add to the company's own name ("Amcor Group", "the Company"). */
const COMPANY_WORDS =
  /^(?:the|group|company|consolidated|total|inc|corp|corporation|plc|ltd|limited|holdings|sa|ag|nv|se)$/i;

/**
 * Whether a figure's qualifier names the company as a whole ("the Group", "Amcor Group",
 * "consolidated"), not a part of it.
 */
function companyWide(qualifier: string, own: string[]): boolean {
  const words = qualifier.split(/[\s,]+/).filter(Boolean);
  const names = new Set(own.map((o) => o.toLowerCase()));
  const named = words.filter((w) => !COMPANY_WORDS.test(w));
  // a bare "Group" or "Company" is the company; a segment is "Consumer Group"
  if (!named.length) return words.some((w) => /^(?:group|company|consolidated)$/i.test(w));
  return named.every((w) => names.has(w.toLowerCase()));
}

/**
 * "¥" is the yen and the yuan: an amount whose sentence does not say which is the renminbi when
 * the document speaks of it (RMB, yuan) and never of the yen, and is marked when it speaks of
 * both.
 */
function yenOrYuan(text: string, hits: KpiHit[]) {
  const yen = hits.filter((h) => h.value.unit === "JPY" && /^[-−(]?¥/.test(h.value.raw));
  if (!yen.length) return;
  const yuan = /\b(?:RMB|CNY|renminbi|yuan)\b/i.test(text);
  if (!yuan) return;
  const both = /\b(?:JPY|yen)\b/i.test(text);
  for (const h of yen) {
    if (!both) {
      h.value.unit = "CNY";
      h.note = noted(h.note, "¥ read as renminbi: the document speaks of RMB, never of yen");
    } else {
      h.note = noted(h.note, "¥ read as yen, but the document speaks of RMB too: check which");
      h.confidence = "low";
    }
  }
}

/** Amounts a document states in another dollar ("C$1.2 billion", "AUD 300", "5 million Canadian dollars"). */
const OTHER_DOLLAR =
  /\b(?:CA?|AU?|NZ|HK|S|NT|MX)\$\s?\d[\d,.]*|\b(?:CAD|AUD|NZD|HKD|SGD|TWD|MXN)\s?\d[\d,.]*|\d(?:\s+(?:billion|million|thousand))?\s+(?:Canadian|Australian|New Zealand|Hong Kong|Singapore|New Taiwan|Taiwanese|Mexican)\s+dollars\b|\bin\s+(?:billions|millions|thousands)\s+of\s+(?:Canadian|Australian|New Zealand|Hong Kong|Singapore|New Taiwan|Taiwanese|Mexican)\s+dollars\b/;

/**
 * "$" is read as the US dollar unless a caption says which dollars: in a document that names
 * another dollar ("Canadian dollars", "C$", "AUD") a bare "$" may be that one, so its figures are
 * marked and their confidence lowered, never silently taken as US dollars.
 */
function whichDollars(text: string, hits: KpiHit[]) {
  const bare = hits.filter((h) =>
    h.value.unit === "USD" && /^[-−(]?\$/.test(h.value.raw) && !/^[-−(]?US\$/.test(h.value.raw)
  );
  if (!bare.length) return;
  const other = OTHER_DOLLAR.exec(text);
  if (!other) return;
  for (const h of bare) {
    h.note = noted(
      h.note,
      `"$" read as US dollars, but the document states amounts in another dollar ("${
        other[0].trim()
      }"): check which dollars`,
    );
    h.confidence = "low";
  }
}

/** The hits of one metric in one sentence: each place it is named with its own figure. */
function sentenceHits(
  s: Sentence,
  found: FoundValue[],
  metric: MetricDef,
  caption: Caption | null = null,
): KpiHit[] {
  if (metric.requires && !metric.requires.test(s.text)) return [];
  if (metric.excludes?.some((x) => wholeWordIndexOf(s.text, x) >= 0)) return [];
  // "Revenue grew 11% over prior year revenue of $4.5 billion to $5.0 billion": the move's
  // level is the first mention's; the mention naming its base is the earlier figure's name
  const moves = movesIn(s.text, found);
  const named = termsIn(s.text, metric);
  const terms = named.filter((t, i) => i === 0 || !namesMoveBase(moves, t.at));
  const claimed = new Set<number>();
  const out: KpiHit[] = [];
  const lists = /\brespectively\b/i.test(s.text) ? respectiveLists(s.text, found) : [];
  terms.forEach((term, i) => {
    const termEnd = term.at + term.term.length;
    // "Net income and revenue were $1.1 billion and $5.2 billion, respectively": the figure in
    // the place of the name that holds the metric (none when that figure is of another kind)
    const listed = listedFigure(s.text, lists, term, metric);
    if (listed !== undefined) {
      if (listed && !claimed.has(listed.offset)) {
        claimed.add(listed.offset);
        out.push(hitOf(s, found, metric, term, listed, 0, undefined, caption));
      }
      return;
    }
    // "GAAP and non-GAAP gross margins ... 76.3% and 77% respectively": one figure each
    // a pair at the end of a longer list ("$7 million, $164 million and $427 million,
    // respectively") is not the first period's pair: read as any other figure
    const pair = respectivelyPair(s.text, term.at, termEnd, found, metric.kind);
    if (pair && !laterInList(s.text, pair.values[0], found)) {
      pair.values.forEach((v, k) => {
        if (claimed.has(v.offset) || (k === 1 && !pair.names)) return;
        claimed.add(v.offset);
        const who = pair.names ? qualifierOf(pair.names[k], pair.names[k].length) : null;
        out.push(hitOf(s, found, metric, term, v, 0, who ?? undefined, caption));
      });
      return;
    }
    // the figure is the nearest of the metric's kind within this mention's stretch of the
    // sentence (between the mentions before and after it), after the name winning a tie
    // a later mention takes only a figure after it ("... and non-GAAP gross margins to 76.7%")
    // (a figure before it, after the mention before, in its clause: "delivering 17% revenue
    // growth despite the 21% decline")
    const from = i > 0 ? terms[i - 1].at + terms[i - 1].term.length : 0;
    const to = terms[i + 1]?.at ?? s.text.length;
    const distance = (v: FoundValue) =>
      v.offset >= termEnd ? v.offset - termEnd : term.at - (v.offset + v.raw.length) + 0.5;
    const pick = found.filter((v) =>
      v.kind === metric.kind && v.offset >= from && v.offset + v.raw.length <= to &&
      !claimed.has(v.offset) && !isMoveBase(moves, v) && belongs(s.text, metric, term, v, found) &&
      // a figure before the name is its own only within the same clause ("22% revenue growth"),
      // never the last of a table row's figures on the line above ("Total $66,608 $62,286
      // $58,158" / "Revenues increased by ...")
      (v.offset >= termEnd || !/[,;]/.test(s.text.slice(v.offset + v.raw.length, term.at))) &&
      !rowAbove(s.text, v, found, v.offset >= termEnd ? termEnd : term.at)
    ).sort((a, b) =>
      // "expanded 150 basis points to 45.2%": the level is the figure, the change only when alone
      Number(a.unit === "percentage_points") - Number(b.unit === "percentage_points") ||
      distance(a) - distance(b)
    )[0];
    if (!pick) {
      return;
    }
    // the growth verb belongs to this figure: between its name and its number, or just before
    if (metric.requires) {
      const lo = Math.min(term.at, pick.offset);
      const hi = Math.max(termEnd, pick.offset + pick.raw.length);
      if (!metric.requires.test(s.text.slice(Math.max(0, lo - 25), hi))) {
        return;
      }
    }
    claimed.add(pick.offset);
    const hit = hitOf(s, found, metric, term, pick, Math.abs(distance(pick)), undefined, caption);
    // "$1.72 to $1.82": the high end is this figure's, not another mention's
    if (hit.value.high !== undefined) {
      const high = found.find((v) =>
        v.offset > pick.offset && v.kind === pick.kind
      );
      if (high) claimed.add(high.offset);
    }
    out.push(hit);
  });
  return out;
}

/**
 * Whether a figure on another line than its name is one of a row of figures (another figure on
 * its line): a table's column (another row's), not the name's.
 */
function rowAbove(sentence: string, v: FoundValue, all: FoundValue[], termAt: number): boolean {
  const between = v.offset < termAt
    ? sentence.slice(v.offset + v.raw.length, termAt)
    : sentence.slice(termAt, v.offset);
  if (!between.includes("\n")) return false;
  const lineStart = sentence.lastIndexOf("\n", v.offset) + 1;
  const lineEnd = sentence.indexOf("\n", v.offset);
  const i = firstFrom(all, v.offset);
  // a neighbour on its line with nothing but spaces and signs between: columns, not prose
  // ("$5.2 billion, up 8%" on a wrapped line is a sentence's)
  const column = (a: FoundValue, b: FoundValue) =>
    /^[\s$€£¥()%*−-]*$/.test(sentence.slice(a.offset + a.raw.length, b.offset));
  const prev = all[i - 1];
  const next = all[i + 1];
  return (i > 0 && prev.offset >= lineStart && column(prev, v)) ||
    (i >= 0 && next !== undefined && (lineEnd < 0 || next.offset < lineEnd) && column(v, next));
}

/**
 * The figure of a metric named in a "respectively" list of names, by its place: undefined when
 * the name is in no such list, or the names before it name no measure ("GAAP and non-GAAP gross
 * margins", "Data center and gaming revenue": one metric's figures, see respectivelyPair); null
 * when the figure in its place is not of the metric's kind (or is scaled for a per-share amount).
 */
function listedFigure(
  sentence: string,
  lists: RespectiveList[],
  term: { term: string; at: number },
  metric: MetricDef,
): FoundValue | null | undefined {
  for (const list of lists) {
    const k = list.names?.findIndex(([a, b]) => term.at >= a && term.at < b) ?? -1;
    if (k < 0) continue;
    const names = list.names!;
    if (
      k === names.length - 1 &&
      names.slice(0, k).every(([a, b]) => !namesMeasure(sentence.slice(a, b)))
    ) return undefined;
    const v = list.values[k] as FoundValue;
    if (v.kind !== metric.kind) return null;
    if (metric.perShare && (hasScaleWord(v.raw) || Math.abs(v.number) >= 1e4)) return null;
    return v;
  }
  return undefined;
}

function hitOf(
  s: Sentence,
  found: FoundValue[],
  metric: MetricDef,
  term: { term: string; at: number },
  pick: FoundValue,
  gap: number,
  qualifier?: string,
  caption?: Caption | null,
): KpiHit {
  const termEnd = term.at + term.term.length;
  // a percent is a change or a rate against something; an amount only when stated as a change
  // a rate's level ("gross margin ... to 45%") is not stated against a period; its change in
  // points is
  const level = metric.kind === "percent" && !metric.requires && pick.unit === "percent";
  const change = (pick.kind === "percent" && !level) ||
    /\b(?:up|down|by|grew|rose|fell|increased|decreased|declined)\s*$/i.test(
      s.text.slice(Math.max(0, pick.offset - 25), pick.offset),
    );
  const value: KpiValue = rangeOf(s.text, pick, found);
  const bound = boundOf(s.text, pick);
  let rawAt = pick.offset;
  if (bound && value.high === undefined) {
    rawAt = pick.offset - bound.words.length - 1;
    value.raw = s.text.slice(rawAt, pick.offset + pick.raw.length);
    value.bound = bound.bound;
  }

  // a growth rate or a basis-point change is negative when it says so ("down 17%")
  if ((metric.requires || pick.unit === "percentage_points") && signOf(s.text, pick, term.at) < 0) {
    value.number = -value.number;
    if (value.high !== undefined) [value.number, value.high] = [-value.high, value.number];
  }
  const notes: string[] = [];
  // "operating margin expanded 80 basis points": the figure is how far the rate moved, never
  // the rate (0.8%); said, so it is not read as the margin
  if (pick.unit === "percentage_points") {
    notes.push(
      `a change of the ${metric.label.toLowerCase()} in percentage points ("${pick.raw}"), not its level`,
    );
  }
  // "negative $120 million", "a loss of $0.12", "net loss per diluted share was $0.12": a loss
  // stated as a positive amount is a negative figure
  if (metric.signed && pick.kind === "money" && value.number > 0) {
    const words = lossWords(s.text, term, pick);
    if (words) {
      value.number = -value.number;
      if (value.high !== undefined) [value.number, value.high] = [-value.high, value.number];
      notes.push(`a loss or shortfall ("${words}"), taken as negative`);
    }
  }
  // an amount without its scale ("revenue was $1,234") is in the scale a caption stated earlier
  // ("(Dollars in millions)"), else its scale is not known
  if (
    pick.kind === "money" && !metric.perShare && !hasScaleWord(pick.raw) && !pick.scaledByRange
  ) {
    if (caption?.scale && caption.at <= pick.offset) {
      value.number *= caption.scale;
      if (value.high !== undefined && !hasScaleWord(value.raw)) value.high *= caption.scale;
      notes.push(`in ${caption.words} as stated before it ("${caption.text}")`);
    } else {
      notes.push("stated without a scale (thousands? millions?): check the document's captions");
    }
  }
  // "$" under "(in millions of Canadian dollars)" is that currency; under "(in millions of
  // euros)" a "$" is still a dollar, not a euro
  if (
    caption?.currency && DOLLAR_CODES.has(caption.currency) && pick.kind === "money" &&
    // "$1,234" and "1.2 billion dollars" (not "US dollars") are the caption's dollars
    (/^[-−]?\$/.test(pick.raw) ||
      /(?<!US|U\.S\.|Canadian|Australian|Kong|Zealand|Singapore|Taiwan\w*)\s+dollars?$/i.test(
        pick.raw,
      ))
  ) {
    value.unit = caption.currency;
  }
  // "70.5 cps", "45.3p": an amount in a hundredth of a currency, kept in that unit
  if (value.unit === "cents") {
    notes.push(
      "in cents of a currency the sentence does not name (not converted): check the document's currency",
    );
  } else if (value.unit === "GBp") {
    notes.push("in pence (GBp, a hundredth of GBP) as written, not converted to pounds");
  } else if (/ cents$/.test(value.unit)) {
    notes.push(
      `in ${value.unit} (a hundredth of ${value.unit.slice(0, 3)}) as written, not converted`,
    );
  }
  if (pick.note) notes.push(pick.note);
  if (value.bound) {
    notes.push(
      `a ${value.bound === "at_least" ? "lower" : "upper"} bound ("${
        bound!.words
      }"), not a point figure`,
    );
  }
  let whose = qualifier ??
    (term.term.toLowerCase().startsWith("total") ? null : wholeOf(s.text, term, pick));
  // "net loss per diluted share": "loss" says the sign, not whose figure it is; "net income
  // per diluted share" names the measure, not whose
  if (metric.signed && whose && /^(?:net\s+)?loss$/i.test(whose)) whose = null;
  // diluted is how earnings per share are stated (as in a table row); basic is the other measure
  if (
    metric.perShare && whose && /^(?:diluted|(?:net\s+)?(?:income|earnings|loss))$/i.test(whose)
  ) {
    whose = null;
  }
  // "earnings per share of $1.25 basic and $1.20 diluted", "$1.25 per basic share": the basic
  // figure, not the diluted one EPS is taken to be
  if (
    metric.perShare && !whose &&
    /^\s*(?:\(\s*)?(?:per\s+)?basic\b/i.test(
      s.text.slice(pick.offset + pick.raw.length, pick.offset + pick.raw.length + 20),
    )
  ) whose = "basic";
  // "adjusted diluted earnings per share": not the GAAP figure
  const adjusted = nonGaapBefore(s.text, term.at) ?? nonGaapAround(s.text, termEnd, pick, found);
  if (adjusted && !whose?.toLowerCase().includes(adjusted.toLowerCase())) {
    whose = whose ? `${adjusted} ${whose}` : adjusted;
  }
  // "Compute & Networking segment operating income ... growth in revenue": the segment's figure
  if (!whose && !term.term.toLowerCase().startsWith("total")) {
    whose = segmentOf(s.text, term.at, clauseAround(s.text, term.at)[0]);
  }
  const basis = metric.kind === "percent" ? basisOf(s.text, pick, term.at) : null;
  const low = notes.some((n) => n.startsWith("stated without a scale"));
  // "Revenue was $5.2 billion, and we expect Q4 revenue of $5.5 billion": the first figure's
  // clause states a result, the outlook and its quarter are the other clause's
  const result = forwardSentence(s.text) ? resultClause(s.text, pick.offset, term.at) : null;
  let period = result
    ? periodNamed(
      s.text.slice(result[0], result[1]),
      term.at - result[0],
      pick.offset - result[0],
    )
    : periodNamed(s.text, term.at, pick.offset);
  period = yearInList(s.text, pick, found, period, notes) ?? bareYear(s.text, pick, termEnd);
  let forward =
    (forwardSentence(s.text) && !result && !earlierThanOutlook(s.text, period, notes)) ||
    benchmarkOf(s.text, pick) || OUTLOOK_AFTER_TERM.test(s.text.slice(termEnd, termEnd + 20));
  // "Last quarter we guided revenue of $5.0 billion", "our prior guidance called for revenue of
  // $5.0 billion": the figure of an outlook, not the result
  if (!forward && guidedFigure(s.text, term.at, termEnd, pick.offset)) {
    forward = true;
    notes.push("the figure of an outlook or guidance named before it, not a result");
  }
  // "2021 adjusted earnings per share of $7.52 to $7.62": a result is one figure; a range is
  // what an outlook states, even without its words
  if (!forward && value.high !== undefined) {
    forward = true;
    notes.push("a range, as an outlook states it: taken as forward-looking, not a result");
  }
  return {
    metric: metric.key,
    label: metric.label,
    qualifier: basis && !whose?.toLowerCase().includes(basis)
      ? (whose ? `${whose}, ${basis}` : basis)
      : whose,
    value,
    period,
    comparison: change ? comparisonOf(s.text, pick, found) : null,
    forward_looking: forward,
    note: notes.length ? notes.join("; ") : null,
    sentence: s.text,
    start_char: s.start,
    end_char: s.end,
    // the figure's own place in the text (the range's or bound's words from their first)
    value_start_char: s.start + rawAt,
    value_end_char: s.start + rawAt + value.raw.length,
    matched_term: term.term,
    confidence: low ? "low" : gap <= 40 ? "high" : gap <= 120 ? "medium" : "low",
  };
}

/** Words that name a period or the figure itself after "in"/"for", not whose figure it is. */
const NOT_WHOSE =
  /^(?:the\s+)?(?:(?:first|second|third|fourth|three|six|nine|twelve|december|march|june|september|fiscal|full|prior|last|next|coming|same|current|holiday|quarter|year|period|month|months|week|weeks|half|total(?: company)?$|aggregate|revenue|revenues|sales|constant|q[1-4]|fy\d*|\d[\w-]*)\b|$)/i;

/**
 * Whose figure it is: the words before the metric's name ("data center revenue"), else a part
 * named after it ("revenue contribution of the automotive vertical", "revenue for wearables",
 * "$20.8 billion in services"); null for the company's own.
 */
function wholeOf(sentence: string, term: { term: string; at: number }, v: FoundValue) {
  const termEnd = term.at + term.term.length;
  // "X revenue contribution of the automotive vertical": the part is the one after
  const part =
    /^\s+(?:contribution|share|portion)\s+(?:of|from)\s+(?:the\s+|our\s+)?([\p{L}&-]+(?:\s+[\p{L}&-]+)?)/u
      .exec(sentence.slice(termEnd));
  if (part) return part[1];
  const before = qualifierOf(sentence, term.at);
  if (before) return before;
  // "Moving to services, we generated $20.8 billion in revenue": the topic the sentence opens with
  const topic =
    /^(?:(?:moving|turning|switching|shifting|starting|now)\s+(?:on\s+)?(?:to|with)|as for|for)\s+(?:our\s+|the\s+)?([\p{L}&-]+(?:\s+[\p{L}&-]+)?)\s*,/iu
      .exec(sentence);
  if (
    topic && topic.index + topic[0].length <= term.at &&
    !/\b(?:outlook|guidance|results|rest|p&l|balance|cash|quarter|year|fiscal|total)\b/i.test(
      topic[1],
    ) &&
    !NOT_WHOSE.test(topic[1])
  ) return topic[1];
  for (const at of [termEnd, v.offset + v.raw.length]) {
    const m = /^\s+(?:for|from|in)\s+(?:our\s+|the\s+)?([\p{L}\p{N}&-]+(?:\s+[\p{L}\p{N}&-]+)?)/u
      .exec(
        sentence.slice(at),
      );
    // "to $293.6 million from net sales of $303.4 million": the base's measure, not a part
    if (!m || NOT_WHOSE.test(m[1]) || namesMeasure(m[1])) continue;
    const words = m[1].split(/\s+/);
    // "in services, which" / "in China and": keep the noun, not a verb or article after it
    const kept =
      words[1] && (NOT_QUALIFIER.has(words[1].toLowerCase()) || /(?:ed|ing)$/.test(words[1]))
        ? words[0]
        : m[1];
    if (kept.includes(" ") || !NOT_QUALIFIER.has(kept.toLowerCase())) return kept;
  }
  return null;
}
