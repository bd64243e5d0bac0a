/**
 * Roles of the speakers of an earnings call (operator, management, analyst, interpreter), and how
 * each was decided: the participant list, page markup, the title, the operator's hand-over, the
 * prepared remarks.
 */
import {
  INTERPRETER,
  machineName,
  OPERATOR,
  type Role,
  roleFromTitle,
} from "./transcript_labels.ts";
import type { Block } from "./transcript_html.ts";

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
  /** The company or firm the label names apart from the title, when it does. */
  speaker_company: string | null;
  role: Role;
  role_source: RoleSource;
  /** "unknown" when no Q&A start was found: the split is not guessed. */
  part: "prepared" | "qa" | "unknown";
  text: string;
  start_char: number;
  end_char: number;
}

export interface Participant {
  name: string;
  title: string | null;
  company: string | null;
  role: Role;
}

/** Phrases that hand the line to a caller, whose name follows; names are checked against the speakers. */
export const CALLER =
  /\b(?:questions? (?:today )?(?:comes?|is|will come|will be|is coming|we have is|we have comes) from|take (?:our |the |your )?(?:first |next |last |final |following )?(?:questions? |caller )?(?:today )?from|(?:the )?line of)\s+/gi;
/** Looser hand-overs ("Next we'll hear from…"), trusted only once the Q&A has begun. */
const NEXT_CALLER =
  /\b(?:(?:we'll|we will|let's|we're going to) (?:now )?(?:next )?(?:hear from|go (?:next )?to|move (?:on )?to)|next,? (?:we have|is|up is|we'll hear from|we will hear from))\s+/gi;
/** `Name, your line is open.` */
export const LINE_OPEN = /\byour line is (?:now )?(?:open|live)\b/gi;

/**
 * A name compared case- and punctuation-blind ("Tim Cook", "TIM COOK", "Tim Cook,"); digits are
 * kept, so `Speaker 1` and `Speaker 2` stay two speakers.
 */
export function key(name: string): string {
  return name.toLowerCase().replace(/_/g, " ").replace(/[^a-z0-9\s]/g, "").replace(/\s+/g, " ")
    .trim();
}

/** A speaker turn as read, before its role and part are known. */
export interface Draft {
  speaker: string;
  title: string | null;
  company: string | null;
  hint: Block["hint"];
  paragraphs: { start: number; end: number }[];
}

/** The words of a turn. */
export function bodyOf(d: Draft, text: string): string {
  return text.slice(d.paragraphs[0].start, d.paragraphs.at(-1)!.end);
}

/** `Christopher J. Sankar` → keys to look for: the full name and first + last. */
function nameKeys(name: string): string[] {
  const k = key(name);
  const words = k.split(" ");
  return words.length > 2 ? [k, `${words[0]} ${words.at(-1)}`] : [k];
}

/** The speakers' keys by each key an operator may call them by (see `nameKeys`), built once. */
export type SpeakerIndex = Map<string, string[]>;

export function speakerIndex(speakers: string[]): SpeakerIndex {
  const index: SpeakerIndex = new Map();
  for (const s of speakers) {
    for (const k of nameKeys(s)) {
      const list = index.get(k);
      if (list) list.push(key(s));
      else index.set(k, [key(s)]);
    }
  }
  return index;
}

/**
 * Keys of the speakers an operator turn hands the line to. The words after a hand-over are looked
 * up word by word in the index, never compared with every speaker: a hostile text with thousands
 * of hand-overs and speakers stays linear.
 */
export function introducedIn(body: string, index: SpeakerIndex, loose: boolean): Set<string> {
  const out = new Set<string>();
  const startsWithName = (after: string) => {
    const norm = key(after.slice(0, 120));
    // a speaker's key that is the whole of `norm` or its first words
    for (let end = norm.indexOf(" ");; end = norm.indexOf(" ", end + 1)) {
      for (const k of index.get(end < 0 ? norm : norm.slice(0, end)) ?? []) out.add(k);
      if (end < 0) break;
    }
  };
  const patterns = loose ? [CALLER, NEXT_CALLER] : [CALLER];
  for (const re of patterns) {
    for (const m of body.matchAll(re)) startsWithName(body.slice(m.index + m[0].length));
  }
  for (const m of body.matchAll(LINE_OPEN)) {
    // `Jim Suva with Citi, your line is open`: the name opens the sentence.
    const sentence = body.slice(Math.max(0, m.index - 160), m.index).split(/[.!?]\s+/).at(-1)!;
    startsWithName(sentence);
  }
  return out;
}

/** A speaker who is neither the operator nor an interpreter. */
export function isPerson(d: { speaker: string }): boolean {
  return !OPERATOR.test(d.speaker) && !INTERPRETER.test(d.speaker);
}

/** "Unidentified Analyst", "Unknown Company Representative": the label itself says the role. */
export function roleFromName(name: string): Role | null {
  if (/\banalyst\b/i.test(name)) return "analyst";
  if (/\b(?:company representative|corporate representative|executive|management)\b/i.test(name)) {
    return "management";
  }
  return null;
}

/** Same first letter of the first name ("Jensen" and "Jen-Hsun"): may be one person. */
function sameFirst(a: string, b: string): boolean {
  return a.split(" ")[0][0] === b.split(" ")[0][0];
}

/** Roles of the turns, each with the rule that decided it, and their part (prepared or Q&A). */
export function assignRoles(
  drafts: Draft[],
  text: string,
  participants: Map<string, Participant>,
  qaStart: number | null,
): Turn[] {
  const index = speakerIndex([...new Set(drafts.filter(isPerson).map((d) => d.speaker))]);
  const introduced = new Set<string>();
  const prepared = new Set<string>();
  const inQa = (i: number) => qaStart !== null && i >= qaStart;
  drafts.forEach((d, i) => {
    if (OPERATOR.test(d.speaker)) {
      // The looser "we'll hear from" counts only in the Q&A, where the operator speaks to callers.
      for (const k of introducedIn(bodyOf(d, text), index, inQa(i))) introduced.add(k);
    } else if (qaStart !== null && !inQa(i) && isPerson(d)) prepared.add(key(d.speaker));
  });
  /** Participants by the last word of their key, so that a lookup reads only namesakes. */
  const byLast = new Map<string, [string, Participant][]>();
  for (const entry of participants.entries()) {
    const last = entry[0].split(" ").at(-1)!;
    const list = byLast.get(last);
    if (list) list.push(entry);
    else byLast.set(last, [entry]);
  }
  const lookup = (name: string) => {
    // "Mary Major Jr." on the list as "Mary Major, Jr." or "Mary Major"
    const k = key(name).replace(/ (?:jr|sr|ii|iii|iv)$/, "");
    if (participants.has(k)) return participants.get(k)!;
    if (participants.has(key(name))) return participants.get(key(name))!;
    // "Lisa Su" on the list as "Dr. Lisa Su"
    for (const title of ["dr", "mr", "mrs", "ms", "prof"]) {
      const p = participants.get(`${title} ${k}`);
      if (p) return p;
    }
    if (machineName(name)) return null;
    // "Jen-Hsun Huang" on the list as "Jensen Huang"; never Grace Lee for Paul Lee, the CEO.
    const last = k.split(" ").at(-1)!;
    const hits = (byLast.get(last) ?? []).filter(([p]) =>
      k.split(" ").length === 1 || sameFirst(p, k)
    );
    return hits.length === 1 ? hits[0][1] : null;
  };
  // Where the operator introduces callers, someone heard first in the middle of an exchange
  // (not straight after the operator) is an executive; otherwise the role stays unknown.
  const firstQaTurn = new Map<string, number>();
  drafts.forEach((d, i) => {
    if (inQa(i) && !firstQaTurn.has(key(d.speaker))) firstQaTurn.set(key(d.speaker), i);
  });
  const midExchange = (name: string) => {
    const i = firstQaTurn.get(key(name));
    return introduced.size > 0 && i !== undefined && i > 0 &&
      !OPERATOR.test(drafts[i - 1].speaker);
  };
  // With no operator in the Q&A to introduce callers (the Seeking Alpha layout), a speaker first heard in
  // the Q&A who asks something ("?") and is answered by a speaker of the prepared remarks is an
  // analyst, said as inferred.
  const hosted = drafts.some((d, i) => inQa(i) && OPERATOR.test(d.speaker));
  const asks = (name: string) => {
    const i = firstQaTurn.get(key(name));
    if (hosted || introduced.size > 0 || i === undefined || prepared.has(key(name))) return false;
    const next = drafts[i + 1];
    return next !== undefined && prepared.has(key(next.speaker)) &&
      bodyOf(drafts[i], text).includes("?");
  };
  return drafts.map((d, index) => {
    let role: Role = "unknown";
    let source: RoleSource = "none";
    const p = lookup(d.speaker);
    const fromTitle = roleFromTitle(d.title) ?? roleFromName(d.speaker);
    // A numbered speaker (`Speaker 1`) may be the operator as well as an executive: only the
    // participant list, a title or a hand-over naming that very label says its role.
    const guessed = !machineName(d.speaker);
    if (OPERATOR.test(d.speaker)) [role, source] = ["operator", "title"];
    else if (INTERPRETER.test(d.speaker)) [role, source] = ["interpreter", "title"];
    else if (d.hint) {
      [role, source] = [d.hint === "question" ? "analyst" : "management", "page_markup"];
    } else if (p) [role, source] = [p.role, "participant_list"];
    else if (fromTitle) [role, source] = [fromTitle, "title"];
    else if (introduced.has(key(d.speaker))) [role, source] = ["analyst", "operator_intro"];
    else if (guessed && prepared.has(key(d.speaker))) {
      [role, source] = ["management", "prepared_remarks"];
    } else if (guessed && inQa(index) && midExchange(d.speaker)) {
      [role, source] = ["management", "inferred"];
    } else if (guessed && inQa(index) && asks(d.speaker)) {
      [role, source] = ["analyst", "inferred"];
    }
    const start = d.paragraphs[0].start;
    const end = d.paragraphs.at(-1)!.end;
    return {
      index,
      speaker: d.speaker,
      speaker_title: d.title ?? p?.title ?? null,
      speaker_company: d.company ?? (d.title ? null : p?.company ?? null),
      role,
      role_source: source,
      part: qaStart === null ? "unknown" : inQa(index) ? "qa" : "prepared",
      text: text.slice(start, end),
      start_char: start,
      end_char: end,
    };
  });
}
