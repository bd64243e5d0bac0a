/**
 * filings.frames' ranking (commands/filings/frames.ts): the frames of a concept's tags merged into
 * one value per company, the notes on companies ranked by only a part of the item, and the
 * notes on the period (partial, off the calendar, on a filing's share basis).
 */
import type { Frame, FrameRow } from "../../providers/filings_a/facts.ts";

/** The frame of one tag in the asked taxonomy, unit and period, or null when SEC has none. */
export type ReadFrame = (tag: string) => Promise<Frame | null>;

/** Each company's ranked row and the tag it was read from. */
export type Ranked = { row: FrameRow; tag: string };

/**
 * The frames of `tags` in order, one row per company: the first tag's, except that a whole-item
 * tag larger than a `partial` tag's value replaces it. The notes name the companies ranked by
 * the total and those ranked by a part beside a smaller total (`key`: the friendly name).
 */
export async function gatherFrames(
  read: ReadFrame,
  tags: string[],
  partial: Set<string>,
  key: string | undefined,
) {
  const notes: string[] = [];
  const byCik = new Map<number, Ranked>();
  const urls: string[] = [];
  let label: string | null = null;
  const parts: string[] = [];
  const totals: string[] = [];
  const partCiks = new Set<number>();
  for (const tag of tags) {
    const f = await read(tag);
    if (!f) continue;
    urls.push(f.url);
    label ??= f.label;
    for (const row of f.rows) {
      const seen = byCik.get(row.cik);
      if (!seen) byCik.set(row.cik, { row, tag });
      else if (partial.has(seen.tag) && !partial.has(tag) && seen.row.val !== row.val) {
        partCiks.add(row.cik);
        // the larger whole-item tag is the company's total: it is ranked by that, said
        const whole = row.val > seen.row.val;
        if (whole) byCik.set(row.cik, { row, tag });
        (whole ? totals : parts).push(
          `${row.entityName} (${seen.tag} ${seen.row.val.toLocaleString("en-US")}, ${tag} ${
            row.val.toLocaleString("en-US")
          })`,
        );
      }
    }
  }
  if (totals.length) {
    notes.push(
      `${totals.length} company(ies) report both a tag that may be only part of their ${key} (revenue from contracts with customers leaves out interest, lease and insurance income) and a larger total: they are ranked by the total (their row's tag says which): ${
        totals.slice(0, 5).join("; ")
      }${totals.length > 5 ? "; ..." : ""}`,
    );
  }
  if (parts.length) {
    notes.push(
      `${parts.length} company(ies) are ranked by a tag that may be only part of their ${key} (revenue from contracts with customers leaves out interest, lease and insurance income) while they report another, smaller total: ${
        parts.slice(0, 5).join("; ")
      }${
        parts.length > 5 ? "; ..." : ""
      }; compare them with filings.history or filings.facts, not by this ranking`,
    );
  }
  return { byCik, urls, label, partCiks, notes };
}

/**
 * The notes on companies ranked by a partial tag (`onPart`) that also report income such a tag
 * never includes (the frames of `beside`), and on those frames that could not be read. A
 * failure while `aborted()` (a cancelled call) ends the call instead.
 */
export async function besideNotes(
  read: ReadFrame,
  beside: string[],
  onPart: Ranked[],
  key: string,
  aborted: () => boolean,
): Promise<string[]> {
  const notes: string[] = [];
  const outside: string[] = [];
  const unread: string[] = [];
  const named = new Set<number>();
  for (const tag of beside) {
    let f: Frame | null = null;
    try {
      f = await read(tag);
    } catch (e) {
      // a cancelled request ends the command; any other failure leaves the check undone
      if (aborted()) throw e;
      unread.push(tag);
      continue;
    }
    const at = new Map(f?.rows.map((r) => [r.cik, r]) ?? []);
    for (const x of onPart) {
      const o = at.get(x.row.cik);
      if (!o || named.has(x.row.cik)) continue;
      named.add(x.row.cik);
      outside.push(
        `${x.row.entityName} (${x.tag} ${x.row.val.toLocaleString("en-US")} beside ${tag} ${
          o.val.toLocaleString("en-US")
        })`,
      );
    }
  }
  if (outside.length) {
    notes.push(
      `${outside.length} company(ies) are ranked by ${key} from contracts with customers while they also report income that tag leaves out (a bank's interest or noninterest income, an insurer's premiums), so their value is only a part of their ${key}, which they tag as no total: ${
        outside.slice(0, 5).join("; ")
      }${
        outside.length > 5 ? "; ..." : ""
      }; compare them with filings.history or filings.facts, not by this ranking`,
    );
  }
  if (unread.length) {
    notes.push(
      `${onPart.length} company(ies) are ranked by a tag that is only a part of ${key} for banks and insurers, and the frames of ${
        unread.join(", ")
      } that would show which of them those are could not be read: such a company's value may be only its fee income`,
    );
  }
  return notes;
}

/**
 * A note naming the companies whose fiscal period is not `period`'s months (SEC ranks the one
 * that best fits it), or null.
 */
export function offCalendarNote(ranked: FrameRow[], period: string): string | null {
  // SEC fills a calendar frame with each filer's fiscal period that best fits it, so a
  // September or January fiscal year sits in CY2023 beside calendar years: said, with dates.
  const offCalendar = offCalendarRows(ranked, period);
  if (!offCalendar.length) return null;
  return `${offCalendar.length} of ${ranked.length} company(ies) have a fiscal period that is not ${period}: SEC ranks the period that best fits it, so their values cover other months: ${
    offCalendar.slice(0, 5).map((r) =>
      `${r.entityName} (${r.start ? `${r.start} to ` : ""}${r.end})`
    )
      .join("; ")
  }${offCalendar.length > 5 ? "; ..." : ""}; see each row's start and end before comparing`;
}

/**
 * The note on per-share values and share counts: each on the share basis of the filing that last
 * reported the period, a later split not applied; null for other units.
 */
export function shareBasisNote(unit: string, period: string): string | null {
  // per-share figures and share counts: each company's as it last reported the period, on
  // that filing's share basis; a split since then is not applied
  if (!/\/shares$|^shares$/.test(unit)) return null;
  return `values in ${unit} are each company's as it last reported ${period}, on that filing's share basis: a share split the company made after that filing is not applied (its later filings would show the period ${
    unit === "shares" ? "multiplied" : "divided"
  } by the split's ratio), so a value may not match the company's current per-share or share-count basis; filings.facts gives one company's split_adjusted values`;
}

const QUARTER_END = ["03-31", "06-30", "09-30", "12-31"];
const QUARTER_START = ["01-01", "04-01", "07-01", "10-01"];

/** First and last day of a calendar frame's period (an instant: its quarter's). */
export function calendarSpan(period: string): { start: string; end: string } | null {
  const m = /^CY(\d{4})(?:Q([1-4]))?I?$/.exec(period);
  if (!m) return null;
  const q = m[2] ? Number(m[2]) - 1 : null;
  return {
    start: `${m[1]}-${QUARTER_START[q ?? 0]}`,
    end: `${m[1]}-${QUARTER_END[q ?? 3]}`,
  };
}

/**
 * Days after a calendar period's end before every filer has reported it: a 10-K is due up to
 * 90 days after the year end, a 20-F four months, and SEC puts in a calendar year fiscal years
 * ending a month or two after it (a retailer's year to January 31): 150 days, for a fourth
 * quarter too (its figures and year-end balances come with the annual report). A 10-Q is due
 * up to 45 days after the quarter, and quarters ending weeks after the calendar's fit it too:
 * 100 days.
 */
const FILING_LAG_DAYS = { year: 150, quarter: 100 };

/**
 * A frame asked for a period not over, or over too lately for all filers to have reported it
 * (see FILING_LAG_DAYS): said, with the dates, since the missing companies are not in the
 * ranking at all. Null for a period all filers have had time to report.
 */
export function coverageWarning(
  period: string,
  span: { start: string; end: string },
  today: string,
  taxonomy: string,
): string | null {
  const day = 86_400_000;
  const days = Math.round((Date.parse(today) - Date.parse(span.end)) / day);
  const year = !/Q[1-4]/.test(period);
  // a fourth quarter's figures and year-end balances come with the annual report
  const q4 = /Q4/.test(period);
  const lag = year || q4 ? FILING_LAG_DAYS.year : FILING_LAG_DAYS.quarter;
  if (days >= lag) return null;
  const annual = `a 10-K is due up to 90 days after the year end${
    taxonomy === "ifrs-full" ? " and a 20-F four months" : " (a 20-F four months)"
  }`;
  const due = year
    ? `${annual}, and fiscal years ending after ${span.end} can fit ${period} too`
    : q4
    ? `a fourth quarter's figures and year-end balances come with the annual report: ${annual}`
    : "a 10-Q is due up to 45 days after the quarter, and fiscal quarters ending weeks later can fit it too";
  return `${period} ${
    days < 0
      ? `has not ended (it ends ${span.end}; today is ${today})`
      : `ended ${span.end}, ${days === 0 ? "today" : `${days} day(s) before today (${today})`}`
  }: the frame is partial: SEC adds a company when it files, and ${due}; companies that have not filed yet are missing from the ranking, not ranked lower, so rank again after ${
    new Date(Date.parse(span.end) + lag * day).toISOString().slice(0, 10)
  } for the whole field`;
}

/** Rows whose period ends more than a week from the calendar period's end (a 52/53-week
 * year ending on the last Saturday of December stays within it). */
function offCalendarRows(rows: FrameRow[], period: string): FrameRow[] {
  const m = /^CY(\d{4})(?:Q([1-4]))?I?$/.exec(period);
  if (!m) return [];
  const end = Date.parse(`${m[1]}-${QUARTER_END[m[2] ? Number(m[2]) - 1 : 3]}T00:00:00Z`);
  const week = 7 * 86400000;
  return rows.filter((r) => {
    const t = Date.parse(`${r.end}T00:00:00Z`);
    return !Number.isFinite(t) || Math.abs(t - end) > week;
  });
}
