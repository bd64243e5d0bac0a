/** The segment note of the financial statements: from its heading to the next note heading. */
import type { SectionSpan } from "./canonical.ts";

const NOTE_HEAD = /^(?:[Nn][Oo][Tt][Ee]\s+)?(\d{1,2})\s*[.:\-–—]?\s+([A-Z][^|]{2,120})$/;
const SEGMENT_HEAD =
  /^(?:note\s+)?(\d{1,2})?\s*[.:\-–—]?\s*(segment information|segment reporting|segments?\b|operating segments|segment and geographic|business segment|information (?:on|by) (?:business |operating |reportable )?segments?)/i;

/** A line with a note heading laid out as a table row ("13. | Segment Information") read as text. */
function noteLine(raw: string): string {
  return raw.trim().replace(/^((?:note\s+)?\d{1,2}[.:]?)\s*\|\s*(?=[A-Z])/i, "$1 ");
}

/** The segment note of the financial statements, from its heading to the next note heading. */
export function findSegmentNote(
  text: string,
  fin?: Pick<SectionSpan, "start" | "end">,
): SectionSpan | null {
  const from = fin?.start ?? 0;
  const to = fin?.end ?? text.length;
  let pos = from;
  while (pos < to) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const line = noteLine(text.slice(pos, nl));
    const m = line.length < 140 && !line.includes("|") ? SEGMENT_HEAD.exec(line) : null;
    if (m && (m[1] || /^segment/i.test(line))) {
      const noteNo = m[1] ? parseInt(m[1], 10) : null;
      let end = to;
      let p = nl + 1;
      while (p < to) {
        let e = text.indexOf("\n", p);
        if (e < 0) e = text.length;
        const head = NOTE_HEAD.exec(noteLine(text.slice(p, e)));
        if (head && (noteNo === null || parseInt(head[1], 10) === noteNo + 1)) {
          end = p;
          break;
        }
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
    pos = nl + 1;
  }
  return null;
}
