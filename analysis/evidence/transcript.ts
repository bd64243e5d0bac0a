/**
 * Earnings-call structure from text blocks: speaker turns with roles, prepared remarks versus
 * Q&A, participants, and character offsets into the transcript text every passage comes from.
 */
import type { Block } from "./transcript_html.ts";

export type Role = "operator" | "management" | "analyst" | "unknown";
export type RoleSource =
  | "participant_list"
  | "page_markup"
  | "operator_intro"
  | "prepared_remarks"
  | "title"
  | "inferred"
  | "none";

export interface Turn {
  index: number;
  speaker: string;
  speaker_title: string | null;
  role: Role;
  role_source: RoleSource;
  part: "prepared" | "qa";
  text: string;
  start_char: number;
  end_char: number;
}

export interface Participant {
  name: string;
  title: string | null;
  role: Role;
}

export interface ParsedTranscript {
  /** The transcript text all offsets point into (blocks joined by blank lines). */
  text: string;
  turns: Turn[];
  participants: Participant[];
  /** Offset where Q&A begins, or null when no Q&A was found. */
  qa_start_char: number | null;
  qa_marker: string | null;
  sections: Record<string, string>;
}

const OPERATOR = /^(operator|coordinator|moderator|conference operator)$/i;
const NAME = /^[A-Z][\p{L}.'’-]*(?:\s+(?:[A-Z][\p{L}.'’-]*|de|van|von|da|del|la|le|di|bin)){0,5}$/u;
const SECTION_TITLES =
  /^(prepared remarks|questions? (?:and|&) answers?|question-and-answer session|q&a|q & a|call participants|company participants|corporate participants|conference call participants|analysts?|participants|executives|full conference call transcript|date|summary|presentation|contents|duration|takeaways|risks|industry glossary|call summary|key takeaways)\s*:?$/i;
const QA_HEADING =
  /^(questions? (?:and|&) answers?|question-and-answer session|q ?& ?a)(?: session)?\s*:?$/i;
const PARTICIPANT_HEADING =
  /^(call participants|company participants|corporate participants|conference call participants|analysts?|participants|executives)\s*:?$/i;
const ANALYST_HEADING = /^(conference call participants|analysts?)\s*:?$/i;
const QA_START =
  /\b(open (?:up )?the (?:line|lines|call|floor) (?:up )?(?:for|to) questions|take your questions|(?:begin|start|move to) the (?:q&a|question[- ]and[- ]answer)|question[- ]and[- ]answer (?:portion|session)|(?:first|our first) question (?:comes|is) from)/i;
const INTRO =
  /(?:question|questions) (?:comes|come|is|will come) from (?:the line of )?([A-Z][\p{L}.'’-]*(?:\s+[A-Z][\p{L}.'’-]*){0,3})(?:\s+(?:with|from|of|at)\s+([^.,]+))?/gu;

function looksLikeName(s: string): boolean {
  const t = s.trim();
  return t.length >= 2 && t.length <= 60 && NAME.test(t) && !SECTION_TITLES.test(t);
}

/** `Name -- Title`, `Name - Firm - Analyst`, `Name — Title` → parts. */
function splitLabel(label: string): { name: string; title: string | null } | null {
  const parts = label.split(/\s+(?:--|—|–|-)\s+/).map((p) => p.trim()).filter(Boolean);
  if (!parts.length || !looksLikeName(parts[0])) return null;
  return { name: parts[0], title: parts.slice(1).join(" -- ") || null };
}

/** A block that only names a speaker (bold label, or a short `Name -- Title` line). */
function speakerLabel(b: Block): { name: string; title: string | null } | null {
  const text = b.text.replace(/:$/, "");
  if (text.length > 120 || text.includes("\n")) return null;
  if (OPERATOR.test(text)) return { name: text, title: null };
  const label = splitLabel(text);
  if (!label) return null;
  // An unbolded bare name is too weak a signal unless it carries a title or markup.
  return b.bold || b.hint || label.title ? label : null;
}

/** `Name: words…` at the start of a paragraph. */
function inlineSpeaker(text: string): { name: string; title: string | null; rest: number } | null {
  const m = /^([^:\n]{2,90}):\s+(?=\S)/.exec(text);
  if (!m) return null;
  if (OPERATOR.test(m[1].trim())) return { name: m[1].trim(), title: null, rest: m[0].length };
  const label = splitLabel(m[1]);
  return label ? { ...label, rest: m[0].length } : null;
}

function key(name: string): string {
  return name.toLowerCase().replace(/[^a-z\s]/g, "").replace(/\s+/g, " ").trim();
}

function roleFromTitle(title: string | null): Role | null {
  if (!title) return null;
  if (/\banalyst\b/i.test(title)) return "analyst";
  if (
    /\b(chief|ceo|cfo|coo|cto|president|officer|vice president|vp|director|head|chair|founder|treasurer|investor relations|ir)\b/i
      .test(title)
  ) return "management";
  return null;
}

interface Draft {
  speaker: string;
  title: string | null;
  hint: Block["hint"];
  paragraphs: { start: number; end: number }[];
}

/** Splits blocks into turns, finds participants and the Q&A boundary, assigns roles. */
export function parseTranscript(blocks: Block[]): ParsedTranscript {
  let text = "";
  const participants = new Map<string, Participant>();
  const sections: Record<string, string> = {};
  const drafts: Draft[] = [];
  let section: string | null = null;
  let qaStartTurn: number | null = null;
  let qaMarker: string | null = null;
  const append = (s: string) => {
    if (text) text += "\n\n";
    const start = text.length;
    text += s;
    return { start, end: text.length };
  };
  for (const b of blocks) {
    const heading = (/^h[1-4]$/.test(b.tag) || b.bold) && SECTION_TITLES.test(b.text.trim());
    if (heading) {
      section = b.text.trim().replace(/:$/, "");
      append(b.text);
      if (QA_HEADING.test(section) && qaStartTurn === null) {
        qaStartTurn = drafts.length;
        qaMarker = section;
      }
      continue;
    }
    const label = speakerLabel(b);
    if (section && PARTICIPANT_HEADING.test(section) && !drafts.length && !b.bold && !b.hint) {
      const analyst = ANALYST_HEADING.test(section);
      for (const line of b.text.split("\n")) {
        const label = splitLabel(line.replace(/^[•*-]\s*/, ""));
        if (!label) continue;
        const role = roleFromTitle(label.title) ?? (analyst ? "analyst" : "management");
        participants.set(key(label.name), { ...label, role });
      }
      append(b.text);
      continue;
    }
    if (section && /^(date|summary|duration)$/i.test(section) && !drafts.length) {
      sections[section.toLowerCase()] = (sections[section.toLowerCase()] ? "\n\n" : "") + b.text;
      append(b.text);
      continue;
    }
    if (label) {
      append(b.text);
      drafts.push({ speaker: label.name, title: label.title, hint: b.hint, paragraphs: [] });
      continue;
    }
    const inline = inlineSpeaker(b.text);
    const span = append(b.text);
    if (inline) {
      drafts.push({
        speaker: inline.name,
        title: inline.title,
        hint: b.hint,
        paragraphs: [{ start: span.start + inline.rest, end: span.end }],
      });
    } else if (drafts.length) {
      drafts.at(-1)!.paragraphs.push(span);
    }
  }
  const kept = drafts.filter((d) => d.paragraphs.length);
  if (qaStartTurn !== null) {
    // Re-index the heading position onto kept turns.
    const before = drafts.slice(0, qaStartTurn).filter((d) => d.paragraphs.length).length;
    qaStartTurn = before < kept.length ? before : null;
  }
  if (qaStartTurn === null) {
    const found = findQaStart(kept, text);
    qaStartTurn = found?.turn ?? null;
    qaMarker = found?.marker ?? null;
  }
  const turns = assignRoles(kept, text, participants, qaStartTurn);
  return {
    text,
    turns,
    participants: [...participants.values()],
    qa_start_char: qaStartTurn === null ? null : turns[qaStartTurn]?.start_char ?? null,
    qa_marker: qaMarker,
    sections,
  };
}

/** First turn that opens the Q&A. A handoff at the end of a speech starts Q&A at the next turn. */
function findQaStart(drafts: Draft[], text: string): { turn: number; marker: string } | null {
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i];
    const body = text.slice(d.paragraphs[0].start, d.paragraphs.at(-1)!.end);
    const m = QA_START.exec(body);
    if (!m) continue;
    const handoff = !OPERATOR.test(d.speaker) && body.length - m.index < 400 &&
      i + 1 < drafts.length;
    return { turn: handoff ? i + 1 : i, marker: m[0] };
  }
  return null;
}

function assignRoles(
  drafts: Draft[],
  text: string,
  participants: Map<string, Participant>,
  qaStart: number | null,
): Turn[] {
  const introduced = new Set<string>();
  const prepared = new Set<string>();
  drafts.forEach((d, i) => {
    const body = text.slice(d.paragraphs[0].start, d.paragraphs.at(-1)!.end);
    if (OPERATOR.test(d.speaker)) {
      for (const m of body.matchAll(INTRO)) introduced.add(key(m[1]));
    } else if (qaStart === null || i < qaStart) prepared.add(key(d.speaker));
  });
  const lookup = (name: string) => {
    const k = key(name);
    if (participants.has(k)) return participants.get(k)!;
    const last = k.split(" ").at(-1)!;
    const hits = [...participants.entries()].filter(([p]) => p.split(" ").at(-1) === last);
    return hits.length === 1 ? hits[0][1] : null;
  };
  const isIntroduced = (name: string) => {
    const k = key(name);
    return introduced.has(k) ||
      [...introduced].some((i) =>
        i.split(" ").at(-1) === k.split(" ").at(-1) && i.split(" ")[0] === k.split(" ")[0]
      );
  };
  return drafts.map((d, index) => {
    let role: Role = "unknown";
    let source: RoleSource = "none";
    const p = lookup(d.speaker);
    const fromTitle = roleFromTitle(d.title);
    if (OPERATOR.test(d.speaker)) [role, source] = ["operator", "title"];
    else if (d.hint) {
      [role, source] = [d.hint === "question" ? "analyst" : "management", "page_markup"];
    } else if (p) [role, source] = [p.role, "participant_list"];
    else if (fromTitle) [role, source] = [fromTitle, "title"];
    else if (isIntroduced(d.speaker)) [role, source] = ["analyst", "operator_intro"];
    else if (prepared.has(key(d.speaker))) [role, source] = ["management", "prepared_remarks"];
    else if (qaStart !== null && index >= qaStart) [role, source] = ["management", "inferred"];
    const start = d.paragraphs[0].start;
    const end = d.paragraphs.at(-1)!.end;
    return {
      index,
      speaker: d.speaker,
      speaker_title: d.title ?? p?.title ?? null,
      role,
      role_source: source,
      part: qaStart !== null && index >= qaStart ? "qa" : "prepared",
      text: text.slice(start, end),
      start_char: start,
      end_char: end,
    };
  });
}

export interface QaPair {
  questioner: string;
  questioner_title: string | null;
  question: { text: string; start_char: number; end_char: number }[];
  answers: {
    speaker: string;
    speaker_title: string | null;
    text: string;
    start_char: number;
    end_char: number;
  }[];
}

/** Pairs each analyst question (with its follow-ups) with the management answers that follow. */
export function pairQuestions(turns: Turn[]): { pairs: QaPair[]; unanswered: number } {
  const pairs: QaPair[] = [];
  let open: QaPair | null = null;
  let unanswered = 0;
  const close = () => {
    if (open) {
      if (open.answers.length) pairs.push(open);
      else unanswered++;
    }
    open = null;
  };
  for (const t of turns) {
    if (t.part !== "qa") continue;
    // The operator hands over to the next caller or to closing remarks: the exchange is over.
    if (t.role === "operator") {
      close();
      continue;
    }
    const cite = { text: t.text, start_char: t.start_char, end_char: t.end_char };
    if (t.role === "analyst") {
      const current = open as QaPair | null;
      // A caller who speaks again before the operator moves on is following up.
      if (current && current.questioner === t.speaker) {
        current.question.push(cite);
        continue;
      }
      close();
      open = {
        questioner: t.speaker,
        questioner_title: t.speaker_title,
        question: [cite],
        answers: [],
      };
    } else if (open) {
      (open as QaPair).answers.push({
        speaker: t.speaker,
        speaker_title: t.speaker_title,
        ...cite,
      });
    }
  }
  close();
  return { pairs, unanswered };
}
