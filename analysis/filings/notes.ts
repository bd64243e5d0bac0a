/** The segment note of the financial statements: from its heading to the next note heading. */
import type { SectionSpan } from "./canonical.ts";

const NOTE_HEAD = /^(?:[Nn][Oo][Tt][Ee]\s+)?(\d{1,2})\s*[.:\-–—]?\s+([A-Z][^|]{2,120})$/;
const SEGMENT_HEAD =
  /^(?:note\s+)?(\d{1,2})?\s*[.:\-–—]?\s*(segment information|segment reporting|segments?\b|operating segments|segment and geographic|business segment|information (?:on|by) (?:business |operating |reportable )?segments?)/i;

/**
 * What follows the last note in a filing's financial statements: the auditor's report, the
 * schedules, the exhibit index, the next item. A segment note that is the last note ends at the
 * first of these (Apple's Note 13 ran on into both audit reports, NVIDIA's Note 17 into
 * Schedule II and the exhibit index).
 */
export const AFTER_NOTES =
  /^(?:report of independent (?:registered )?(?:public )?(?:accounting firm|accountants|auditors?)|schedule\s+ii\b|valuation and qualifying accounts|exhibit index|index to exhibits|exhibits and financial statement schedules|item\s+(?:9[abc]?|15|16)\b|part\s+iv\b|signatures?$|management['’]s (?:annual )?report on internal control|(?:selected )?quarterly (?:financial )?(?:data|results|information)\b)/i;

/** A company-name line over a schedule ("NVIDIA Corporation and Subsidiaries"). */
const COMPANY_LINE =
  /^[A-Z][\w.,&' -]{2,80}(?:and subsidiaries|inc\.?|corporation|corp\.?|company|ltd\.?|plc|n\.v\.|s\.a\.)$/i;

/** A line with a note heading laid out as a table row ("13. | Segment Information") read as text. */
function noteLine(raw: string): string {
  return raw.trim().replace(/^((?:note\s+)?\d{1,2}[.:]?)\s*\|\s*(?=[A-Z])/i, "$1 ");
}

/** Notes whose subheadings name policies, not notes: "Segment Reporting" under Note 1. */
const POLICIES_NOTE =
  /accounting policies|basis of presentation|organization and (?:summary|basis)|summary of significant/i;

/**
 * Where the segment note's heading is: a numbered note ("15. Segment Information") first; a
 * heading without a number only when no numbered one exists and it is not a subheading of the
 * accounting-policies note (Note 1's "Segment Reporting" paragraph is not the segment note).
 */
function segmentHeading(
  text: string,
  from: number,
  to: number,
): { pos: number; nl: number; noteNo: number | null } | null {
  let unnumbered: { pos: number; nl: number; noteNo: null } | null = null;
  let inPolicies = false;
  let pos = from;
  while (pos < to) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const line = noteLine(text.slice(pos, nl));
    const m = line.length < 140 && !line.includes("|") ? SEGMENT_HEAD.exec(line) : null;
    if (m?.[1]) return { pos, nl, noteNo: parseInt(m[1], 10) };
    const note = m ? null : NOTE_HEAD.exec(line);
    if (note) inPolicies = POLICIES_NOTE.test(note[2]);
    if (m && /^segment/i.test(line) && !inPolicies && !unnumbered) {
      unnumbered = { pos, nl, noteNo: null };
    }
    pos = nl + 1;
  }
  return unnumbered;
}

/** The segment note of the financial statements, from its heading to the next note heading. */
export function findSegmentNote(
  text: string,
  fin?: Pick<SectionSpan, "start" | "end">,
): SectionSpan | null {
  const to = fin?.end ?? text.length;
  const head = segmentHeading(text, fin?.start ?? 0, to);
  if (!head) return null;
  const { pos, nl, noteNo } = head;
  let end = to;
  let p = nl + 1;
  let prev = -1;
  while (p < to) {
    let e = text.indexOf("\n", p);
    if (e < 0) e = text.length;
    const line = noteLine(text.slice(p, e));
    const next = NOTE_HEAD.exec(line);
    if (next && (noteNo === null || parseInt(next[1], 10) === noteNo + 1)) {
      end = p;
      break;
    }
    if (line.length < 140 && !line.includes("|") && AFTER_NOTES.test(line)) {
      // the company's name printed over the schedule belongs to it
      const above = prev >= 0 ? text.slice(prev, p - 1).trim() : "";
      end = prev >= 0 && COMPANY_LINE.test(above) ? prev : p;
      break;
    }
    prev = p;
    p = e + 1;
  }
  return {
    key: "segments",
    found_as: null,
    form_item: null,
    part: null,
    start: pos,
    end,
    method: "note",
    cross_reference: null,
    incorporated_by_reference: false,
    reference: null,
  };
}
