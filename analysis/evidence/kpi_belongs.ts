/**
 * Whether a figure in a sentence is the named metric's own: not a prior period's, not another
 * measure's, not a change where a level is read.
 */
import { countOfCustomers, firstFrom, isEffectOn, isPriorPeriod } from "./kpi_attach.ts";
import {
  causeBetween,
  changeInDollars,
  laterInList,
  ofAnotherNoun,
  ownerAfterList,
  partOf,
} from "./kpi_clauses.ts";
import { type MetricDef, NOT_REVENUE_BEFORE, toBeRecognized } from "./kpi_metrics.ts";
import { benchmarkOf, OUTLOOK_AFTER_TERM } from "./kpi_outlook.ts";
import { basesOf } from "./kpi_periods.ts";
import { type FoundValue, hasScaleWord } from "./kpi_values.ts";

/** Words of a change just before a percent ("increased 2%", "up by 2%"). */
const CHANGE_BEFORE =
  /\b(?:increased|decreased|declined|rose|fell|grew|improved|expanded|contracted|dropped|up|down|higher|lower)\s+(?:by\s+)?(?:approximately\s+|about\s+|roughly\s+|nearly\s+|over\s+|almost\s+)?$/i;
/** Words of a change just after a percent ("a 2% increase"). */
const CHANGE_AFTER =
  /^\s*(?:increase|decrease|decline|rise|drop|improvement|expansion|contraction|reduction|growth|higher|lower)\b/i;

/** Whether a percent is stated as a change ("up 2%", "a 2% decline"), not as a level. */
const rateChange = (sentence: string, v: FoundValue) =>
  CHANGE_BEFORE.test(sentence.slice(Math.max(0, v.offset - 40), v.offset)) ||
  CHANGE_AFTER.test(sentence.slice(v.offset + v.raw.length, v.offset + v.raw.length + 20));

/** Words of sales counted in units, not money. */
const UNIT_SALES =
  /\b(?:sales\s+volumes?|volumes?\s+sold|unit\s+sales|units?\s+sold|units|vehicles\s+sold|deliveries|shipments)\b/i;

/** Whether a number is this metric's own figure, not one beside it (see kpi_attach.ts). */
export function belongs(
  sentence: string,
  metric: MetricDef,
  term: { term: string; at: number },
  v: FoundValue,
  all: FoundValue[],
): boolean {
  if (isPriorPeriod(sentence, v, all) || isEffectOn(sentence, v, term.at)) return false;
  // "Revenue in the prior-year quarter was $3.9 billion", "Last year, revenue was $3.9 billion":
  // the earlier period's figure (read without a period it took the document's)
  if (!metric.requires && priorNamed(sentence, term, v)) return false;
  // "Sales Volumes ... Domestic 67,027 -82.1%", "unit sales grew 3%": sales counted in units
  // (vehicles, deliveries), not revenue
  if (
    term.term.toLowerCase() === "sales" &&
    UNIT_SALES.test(sentence.slice(0, Math.max(term.at + term.term.length, v.offset)))
  ) return false;
  // "Revenue exceeded our guidance of $2.1 billion": the guidance's figure is not the result;
  // "revenue guidance of $2.1 billion" is the metric's outlook (marked so)
  const termEnd = term.at + term.term.length;
  if (
    benchmarkOf(sentence, v) && !OUTLOOK_AFTER_TERM.test(sentence.slice(termEnd, termEnd + 20))
  ) return false;
  // "... compared to net sales of $878.7 million for the 39-week period ended October 28,
  // 2023": the name and the figure both in the base of a comparison are the earlier period's
  const base = basesOf(sentence).find(([a, b]) => v.offset >= a && v.offset < b);
  if (base && term.at >= base[0] && term.at < base[1]) return false;
  // "International revenue grew to 35% of total revenue": a share of a whole, not a growth rate
  if (
    metric.requires && v.kind === "percent" &&
    /^\s*of\s+(?:(?:the|our|its|total|net|group|company|consolidated|overall)\s+){0,3}(?:revenues?|sales|net sales|top[- ]line|total|mix|business|company)\b/i
      .test(sentence.slice(v.offset + v.raw.length, v.offset + v.raw.length + 60))
  ) return false;
  // "Gross margin increased 2% year over year to 45%": a rate's change is not its level
  if (
    metric.kind === "percent" && !metric.requires && v.unit === "percent" && rateChange(sentence, v)
  ) {
    return false;
  }
  // "customers with more than $100,000 in ARR": the threshold of a group, not the metric
  if (
    /\b(?:with|having|paying|spending)\s+(?:more than|over|at least|greater than|above|in excess of)\s+$/i
      .test(sentence.slice(Math.max(0, v.offset - 40), v.offset))
  ) return false;
  // an amount per share is never stated in millions
  if (metric.perShare && (hasScaleWord(v.raw) || Math.abs(v.number) >= 1e4)) {
    return false;
  }
  // "guidance by $131 million", "impacted by $20 million": an amount of a change or an effect
  if (
    metric.kind === "money" && !metric.requires &&
    /\bby\s+(?:approximately\s+|about\s+|roughly\s+|nearly\s+)?$/i.test(
      sentence.slice(Math.max(0, v.offset - 30), v.offset),
    )
  ) return false;
  // "the net effect on our gross margin was an unfavorable impact of 2.7% and 7.5%": an effect
  // on it, named between the metric and the figure
  if (
    v.offset >= term.at + term.term.length &&
    /\b(?:impact|effect|benefit|headwind|tailwind|drag|dilution)\s+(?:of|from|on)\b/i.test(
      sentence.slice(term.at + term.term.length, v.offset),
    )
  ) return false;
  // "penalties of up to €20 million or 4% of worldwide revenue": a figure before the name is
  // its own only with no other figure between them
  if (
    v.offset < term.at &&
    all[firstFrom(all, v.offset + v.raw.length)]?.offset < term.at
  ) return false;
  // "a $4.5 billion charge", "a $4.0 billion reduction in H20 sales": the amount of another noun
  if (metric.kind === "money" && ofAnotherNoun(sentence, v.offset + v.raw.length)) return false;
  // "which decreased 1% or $1.2 billion": the change in dollars
  if (metric.kind === "money" && !metric.requires && changeInDollars(sentence, v.offset)) {
    return false;
  }
  // "growth in revenue, partially offset by a $4.5 billion charge": a figure in a clause of
  // causes after the name is the cause's
  if (causeBetween(sentence, term.at + term.term.length, v.offset)) return false;
  // "$1.78 billion, $1.86 billion and $1.75 billion ..., respectively": only the list's first
  // is the first period's; "... includes $3.7 billion": a part of the amount; a list stated
  // "respectively" between the name and a figure after it ends the name's figures
  if (laterInList(sentence, v, all) || partOf(sentence, term.at + term.term.length, v.offset)) {
    return false;
  }
  if (
    v.offset > term.at &&
    (/\brespectively\b/i.test(sentence.slice(term.at + term.term.length, v.offset)) ||
      ownerAfterList(sentence, v.offset + v.raw.length))
  ) return false;
  // "Revenue was down 3% and EPS was $1.20": another measure named between the name and a
  // figure after it owns the figure
  if (v.offset >= term.at + term.term.length && namesAnother(sentence, metric, term, v)) {
    return false;
  }
  // "revenue decreased $2.74 billion": the change, not the level
  if (
    metric.kind === "money" && !metric.requires &&
    /\b(?:increased|decreased|declined|rose|fell|grew|up|down|higher|lower)\s+(?:by\s+)?(?:approximately\s+|about\s+|roughly\s+|nearly\s+)?$/i
      .test(sentence.slice(Math.max(0, v.offset - 40), v.offset))
  ) return false;
  if (metric.notBefore === NOT_REVENUE_BEFORE && toBeRecognized(sentence)) return false;
  if (metric.customerCount) {
    return countOfCustomers(sentence, v, term.at, term.at + term.term.length);
  }
  return true;
}

/** Words naming an earlier period than the document's ("the prior-year quarter", "last year"). */
const PRIOR_WORDS =
  /\b(?:(?:the\s+)?(?:prior|previous|year[- ]ago)[- ](?:year|quarter|period|fiscal\s+year)(?:['’]s)?(?:\s+(?:quarter|period))?|(?:the\s+)?same\s+(?:quarter|period)\s+(?:of\s+|in\s+)?(?:the\s+)?(?:prior|previous|last)\s+year|a\s+year\s+(?:ago|earlier|before)|last\s+year(?:['’]s)?|(?:the\s+)?year\s+before|a\s+quarter\s+ago|last\s+quarter(?:['’]s)?)\b/i;
/**
 * Whether a sentence opens with a clause naming an earlier period, the metric's name a few words
 * after its comma: "Last year, revenue", "In the fourth quarter of last year, revenue", "In the
 * prior-year quarter, EPS"; not "Compared with last year, revenue" (a comparison's base).
 */
function priorOpening(lead: string): boolean {
  const comma = lead.indexOf(",");
  if (comma < 0 || comma > 80) return false;
  if (!/^\s*(?:[\w'’-]+\s+){0,4}$/.test(lead.slice(comma + 1))) return false;
  const opening = lead.slice(0, comma);
  return PRIOR_WORDS.test(opening) && !/\d/.test(opening.replace(/\b(?:19|20)\d{2}\b/g, "")) &&
    !/\b(?:compared|versus|vs|relative|from|over|than|against|since|up|down)\b/i.test(opening);
}

/** Words making the earlier period a comparison's base ("up 12% from a year ago"). */
const BASE_BEFORE_PRIOR =
  /\b(?:from|over|versus|vs\.?|compared\s+(?:to|with)|against|than|relative\s+to|since)\s+(?:the\s+|that\s+of\s+)?$/i;

/**
 * Whether a level figure is stated for an earlier period named between the metric's name and the
 * figure ("revenue in the prior-year quarter was $3.9 billion", "last year's revenue of") or
 * opening its clause before the name ("Last year, revenue was $3.9 billion"), not as the base of
 * a comparison ("revenue, up 12% from a year ago, was $5 billion" is the current figure).
 */
function priorNamed(
  sentence: string,
  term: { term: string; at: number },
  v: FoundValue,
): boolean {
  const termEnd = term.at + term.term.length;
  if (v.offset < termEnd) return false;
  // "Last year's revenue of", "the prior year's gross margin was": a possessive just before
  // the name; "Last year, revenue was", "In the prior-year quarter, EPS was": an opening clause
  // only the words just before the name are read (a sentence's every mention meets every figure)
  const before = sentence.slice(Math.max(0, term.at - 60), term.at);
  if (
    /\b(?:last|prior|previous|year[- ]ago)[- ](?:year|quarter|period)['’]s\s+(?:[\w-]+\s+){0,2}$/i
      .test(before) ||
    // "Prior year revenue was", "year-ago quarter gross margin of": the same without the 's
    /\b(?:(?:prior|previous)[- ](?:year|quarter|period)|year[- ]ago)(?:[- ](?:quarter|period))?\s+(?:[\w-]+\s+){0,2}$/i
      .test(before) ||
    (term.at < 160 && priorOpening(sentence.slice(0, term.at)))
  ) return true;
  const gap = sentence.slice(termEnd, v.offset);
  // a number between them is another figure's words, not this one's time
  if (/\d/.test(gap.replace(/\b(?:19|20)\d{2}\b/g, ""))) return false;
  const m = PRIOR_WORDS.exec(gap);
  if (!m) return false;
  // "revenue, up 12% from a year ago, was": the base of a comparison, not the figure's time
  const head = gap.slice(0, m.index);
  return !BASE_BEFORE_PRIOR.test(head) &&
    !/\b(?:compared|versus|vs|relative|up|down|growth|grew|increase|decrease)/i.test(head);
}

/** Other measures a figure may belong to: line items, per-share amounts, cash flows, margins. */
export const OTHER_MEASURE =
  /\b(?:net (?:income|loss|earnings)|gross (?:profit|loss)|operating (?:income|loss|expenses|cash flow)|income from operations|adjusted EBITDA|EBITDA|EBIT|gross profit|earnings|EPS|per (?:diluted |basic )?share|free cash flow|cash flow from operations|capital expenditures?|capex|dividends?|buybacks?|repurchases?|bookings|backlog|ARR|RPO|deferred revenue|costs? of (?:revenue|sales)|(?:gross|operating|EBITDA|net|profit) margins?|revenues?|net sales|sales)\b/gi;

/** A measure other than the metric named between its name and the figure after it. */
function namesAnother(
  sentence: string,
  metric: MetricDef,
  term: { term: string; at: number },
  v: FoundValue,
): boolean {
  // an aside ("(including deferred revenue)", ", which includes deferred revenue and ...,")
  // describes the metric, it does not name another
  const gap = sentence.slice(term.at + term.term.length, v.offset)
    .replace(/\([^()]*\)/g, " ")
    .replace(/,\s*(?:which|that|including|includes|excluding|net of)\b[^,]*,/gi, ",");
  for (const m of gap.matchAll(OTHER_MEASURE)) {
    const name = m[0].toLowerCase();
    // the metric's own words ("revenue" again, "margin" of a margin) do not name another
    const own = metric.terms.some((t) => {
      const tl = t.toLowerCase();
      return tl === name || tl.includes(name);
    });
    if (!own) return true;
  }
  return false;
}
