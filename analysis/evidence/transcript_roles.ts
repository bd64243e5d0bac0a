/**
 * Roles of the speakers of an earnings call (operator, management, analyst, interpreter), and how
 * each was decided: the participant list, page markup, the title, the operator's hand-over, the
 * prepared remarks.
 */
import {
  firmName,
  INTERPRETER,
  machineName,
  nickname,
  opensTitle,
  OPERATOR,
  personName,
  readLabel,
  type Role,
  roleFromTitle,
  saysTitle,
  titleLike,
} from "./transcript_labels.ts";
import type { Block } from "./transcript_html.ts";

export type RoleSource =
  | "participant_list"
  | "page_markup"
  | "operator_intro"
  | "prepared_remarks"
  | "title"
  | "host_intro"
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
  /**
   * The participant-list name of a speaker labelled otherwise ("Bob Smith" listed as `Robert "Bob"
   * Smith`, "Jen-Hsun Huang" as "Jensen Huang"): one person under two labels. Absent otherwise.
   */
  listed_as?: string;
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

/** Where a hand-over names whom it goes to ("go to", "move on to", "question from", "line of"). */
const CALL_ON =
  /\b(?:(?:go|move|turn)(?: on| over| back)? to|(?:hear|questions?|comes?) from|line of)\s+/gi;
/** A full name, then the firm ("Alex Brown from Goldman Sachs", "Carl White at Morgan Stanley"). */
const NAME_THEN_FIRM =
  /^(\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){1,3}),?\s+(?:with|from|at|of)\s+\p{Lu}/u;

/**
 * Keys of the speakers a turn calls on by full name and firm ("Let's go to Alex Brown from
 * Goldman Sachs"): a host calling on an analyst. A colleague is called on without a firm ("Let's
 * go to Mary Major for that"), so such a hand-over names no one here.
 */
export function calledWithFirm(body: string, index: SpeakerIndex): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(CALL_ON)) {
    const hit = NAME_THEN_FIRM.exec(body.slice(m.index + m[0].length, m.index + m[0].length + 120));
    if (hit) out.push(...(index.get(key(hit[1])) ?? []));
  }
  return out;
}

/** The operator's turn: labelled Operator, or a name titled so ("Sarah Lee -- Operator"). */
export function operatorTurn(d: { speaker: string; title?: string | null }): boolean {
  return OPERATOR.test(d.speaker) || (!!d.title && OPERATOR.test(d.title.trim()));
}

/** A speaker who is neither the operator nor an interpreter. */
export function isPerson(d: { speaker: string; title?: string | null }): boolean {
  return !operatorTurn(d) && !INTERPRETER.test(d.speaker);
}

/** "Unidentified Analyst", "Unknown Company Representative": the label itself says the role. */
export function roleFromName(name: string): Role | null {
  if (/\banalyst\b/i.test(name)) return "analyst";
  if (/\b(?:company representative|corporate representative|executive|management)\b/i.test(name)) {
    return "management";
  }
  return null;
}

/**
 * First names that may be one person's: one the start of the other ("Tim" and "Timothy", "J" and
 * "Joe") or three first letters in common ("Jensen" and "Jen-Hsun"). "Joe" and "John" are two
 * people: John Moore of one firm never takes the title of Joe Moore of another.
 */
function sameFirst(a: string, b: string): boolean {
  const [x, y] = [a.split(" ")[0], b.split(" ")[0]];
  if (x.startsWith(y) || y.startsWith(x)) return true;
  let common = 0;
  while (common < x.length && x[common] === y[common]) common++;
  return common >= 3;
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
    if (operatorTurn(d)) {
      // The looser "we'll hear from" counts only in the Q&A, where the operator speaks to callers.
      for (const k of introducedIn(bodyOf(d, text), index, inQa(i))) introduced.add(k);
    } else if (qaStart !== null && !inQa(i) && isPerson(d)) prepared.add(key(d.speaker));
  });
  // A host of the call (investor relations, no operator) calling on analysts in the Q&A
  const hostCalled = new Set<string>();
  drafts.forEach((d, i) => {
    if (inQa(i) && isPerson(d) && !operatorTurn(d)) {
      for (const k of calledWithFirm(bodyOf(d, text), index)) {
        if (k !== key(d.speaker) && !prepared.has(k)) hostCalled.add(k);
      }
    }
  });
  /** Participants by the last word of their key, so that a lookup reads only namesakes. */
  const byLast = new Map<string, [string, Participant][]>();
  /** `Robert "Bob" Smith` on the list, by "bob smith" and "robert smith". */
  const byNickname = new Map<string, Participant | null>();
  for (const entry of participants.entries()) {
    const last = entry[0].split(" ").at(-1)!;
    const list = byLast.get(last);
    if (list) list.push(entry);
    else byLast.set(last, [entry]);
    const nick = nickname(entry[1].name);
    for (const k of nick ? [key(nick.full), key(nick.nick)] : []) {
      // two listed people of one such name: neither is taken
      byNickname.set(k, byNickname.has(k) ? null : entry[1]);
    }
  }
  const lookup = (name: string) => {
    // "Mary Major Jr." on the list as "Mary Major, Jr." or "Mary Major"
    const k = key(name).replace(/ (?:jr|sr|ii|iii|iv)$/, "");
    if (participants.has(k)) return participants.get(k)!;
    if (participants.has(key(name))) return participants.get(key(name))!;
    const nick = byNickname.get(k);
    if (nick) return nick;
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
      !operatorTurn(drafts[i - 1]);
  };
  // With no operator in the Q&A to introduce callers (the Seeking Alpha layout), a speaker first heard in
  // the Q&A who asks something ("?") and is answered by a speaker of the prepared remarks is an
  // analyst, said as inferred.
  const hosted = drafts.some((d, i) => inQa(i) && operatorTurn(d));
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
    if (operatorTurn(d)) [role, source] = ["operator", "title"];
    else if (INTERPRETER.test(d.speaker)) [role, source] = ["interpreter", "title"];
    else if (d.hint) {
      [role, source] = [d.hint === "question" ? "analyst" : "management", "page_markup"];
    } else if (p) [role, source] = [p.role, "participant_list"];
    else if (fromTitle) [role, source] = [fromTitle, "title"];
    else if (introduced.has(key(d.speaker))) [role, source] = ["analyst", "operator_intro"];
    else if (guessed && prepared.has(key(d.speaker))) {
      [role, source] = ["management", "prepared_remarks"];
    } else if (guessed && hostCalled.has(key(d.speaker))) {
      [role, source] = ["analyst", "host_intro"];
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
      ...(p && key(p.name) !== key(d.speaker) ? { listed_as: p.name } : {}),
    };
  });
}

/** A line that says it is a title or a firm ("Chief Financial Officer", "EVP & CFO", "Goldman Sachs"). */
function saysTitleOrFirm(line: string): boolean {
  return (opensTitle(line) && titleLike(line) && roleFromTitle(line) !== null) || firmName(line);
}

/** A line that is a person's name alone ("Jane Roe", "C.J. Muse"), not a title or a firm. */
function nameAlone(line: string): boolean {
  const label = readLabel(line);
  return label?.form === "bare" && !label.machine && !label.opener && !saysTitleOrFirm(line);
}

/**
 * Participant lists written one line per block, each name over its title or firm ("Jane Roe",
 * then "Chief Financial Officer"; "Alex Analyst", then "Goldman Sachs"): the name block's index
 * to its title block's index. A line after a name is its title when it opens like a title or names
 * a firm; where one does and a strict majority of the lines after names hold a title's or a firm's
 * word ("Bernstein Research"), the list alternates and the others ("Cantor Fitzgerald") are titles
 * too. `heading` says which
 * blocks open a participant list, `stops` which end one (section titles, the operator); a name
 * listed already ends it too (that participant speaks). Names may be bold, as IR pages write them.
 */
export function titlePairs(
  blocks: Block[],
  heading: (text: string) => boolean,
  stops: (text: string) => boolean,
): Map<number, number> {
  const pairs = new Map<number, number>();
  /** Names listed so far: a name again is the call beginning (that participant speaks). */
  const seen = new Set<string>();
  const entry = (b: Block | undefined) => {
    const t = b?.text.trim() ?? "";
    return b !== undefined && b.hint === null && t.length > 0 && t.length <= 100 &&
      !t.includes("\n") && !stops(t) && !OPERATOR.test(t) && !seen.has(key(t)) &&
      (readLabel(t) !== null || titleLike(t));
  };
  for (let h = 0; h < blocks.length; h++) {
    if (!heading(blocks[h].text.trim())) continue;
    let end = h + 1;
    for (; entry(blocks[end]); end++) {
      const t = blocks[end].text.trim();
      // titles repeat ("Executive Vice President" twice); a name again is its owner speaking
      if (nameAlone(t)) seen.add(key(t));
    }
    const run = blocks.slice(h + 1, end).map((b) => b.text.trim());
    // alternating: names at even places, titles or firms (by their words, mostly) at odd ones
    // "Chief Executive Officer" over "John Doe": the title first, each name after its own
    const titleFirst = run.length >= 2 && saysTitleOrFirm(run[0]) && nameAlone(run[1]);
    const nameAt = titleFirst ? 1 : 0;
    // alternating: names at every other place, titles or firms (by their words, mostly) between
    let strong = 0;
    let said = 0;
    let titles = 0;
    let alternating = run.length >= 2;
    for (let i = 0; i < run.length && alternating; i++) {
      if (i % 2 === nameAt) alternating = nameAlone(run[i]);
      else {
        titles++;
        if (saysTitleOrFirm(run[i])) strong++;
        if (saysTitle(run[i])) said++;
        alternating = titleLike(run[i]);
      }
    }
    alternating &&= strong > 0 && said * 2 > titles;
    const used = new Set<number>();
    for (let i = 0; i < run.length; i++) {
      const t = titleFirst ? i - 1 : i + 1;
      if (t < 0 || t >= run.length || used.has(t) || !nameAlone(run[i])) continue;
      if (saysTitleOrFirm(run[t]) || (alternating && i % 2 === nameAt && titleLike(run[t]))) {
        pairs.set(h + 1 + i, h + 1 + t);
        used.add(i).add(t);
        if (!titleFirst) i++;
      }
    }
    h = end - 1;
  }
  return pairs;
}

/**
 * Words handing the line to someone named right after them: the operator's "question comes from",
 * "line of", a host's "I'll now turn the call over to", "let me hand it to".
 */
const HAND_TO = new RegExp(
  `${CALLER.source}|${NEXT_CALLER.source}|\\b(?:turn(?:ing)?|hand(?:ing)?|pass(?:ing)?)\\s+(?:the\\s+(?:call|conference|floor|line|meeting|presentation|discussion)|it|things)\\s+(?:back\\s+)?(?:over\\s+)?to\\s+`,
  "gi",
);
/** The name handed to, after an optional title ("our CEO, John Doe"). */
const HANDED_NAME =
  /^(?:(?:our|the|my)\s+[^,.;:!?]{1,60},\s+)?(\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){0,3})/u;

/** Whether two names may be one person's: the same key, last name, or a first name of the other. */
function samePerson(called: string, speaker: string): boolean {
  const [a, b] = [key(called), key(speaker)];
  if (!a || !b) return false;
  if (a === b) return true;
  const [x, y] = [a.split(" "), b.split(" ")];
  // "Jane" for Jane Roe, "Roe" for Jane Roe, "Jim Smith" for James Smith
  if (x.length === 1) return y.includes(x[0]);
  return x.at(-1) === y.at(-1) || y.length === 1 && x.includes(y[0]);
}

/**
 * Warnings on hand-offs the labels do not bear out, each with its character offset: a turn that
 * ends handing the line to a named speaker ("Our first question comes from Alex Brown", "I'll now
 * turn the call over to Jane Roe") followed by another speaker's turn (a label may be wrong, and
 * the turn's words attributed to the wrong person); and, in a call with an operator, an
 * operator's hand-off inside another speaker's turn (the operator's label may be missing, so the
 * operator's words are attributed to that speaker). Linear in the text.
 */
export function handOffWarnings(turns: Turn[]): string[] {
  const mismatched: string[] = [];
  const inside: string[] = [];
  const runOn: string[] = [];
  const hasOperator = turns.some((t) => t.role === "operator");
  // the speakers' names, looked up once per hand-off (never every turn against every turn)
  const speakerKeys = new Set<string>();
  const lastNames = new Set<string>();
  const firstOrLast = new Set<string>();
  for (const t of turns) {
    if (t.role === "operator") continue;
    const words = key(t.speaker).split(" ");
    speakerKeys.add(words.join(" "));
    lastNames.add(words.at(-1)!);
    for (const w of words) firstOrLast.add(w);
  }
  turns.forEach((t, i) => {
    let last: { at: number; name: string; words: string; end: number } | null = null;
    for (const m of t.text.matchAll(HAND_TO)) {
      const rest = t.text.slice(m.index + m[0].length, m.index + m[0].length + 160);
      const n = HANDED_NAME.exec(rest);
      // "question comes from Goldman Sachs. Alex Brown, your line is open": a firm, not the caller
      if (!n || firmName(n[1])) continue;
      // "Nora Quill. Please go ahead": a full stop after a word (not an initial) ends the name
      const cut = /\p{L}{2}\.\s/u.exec(n[1]);
      const name = (cut ? n[1].slice(0, cut.index + 2) : n[1]).replace(/[.'’]+$/, "");
      const end = m.index + m[0].length + n[0].length - (n[1].length - name.length);
      last = { at: m.index, name, words: t.text.slice(m.index, end), end };
      // "Our next question comes from the line of Stacy Ross": the operator's words in a
      // non-operator's turn, in a call with an operator
      if (
        hasOperator && t.role !== "operator" && new RegExp(CALLER.source, "i").test(m[0]) &&
        personName(name)
      ) {
        inside.push(
          `"${last.words}" (character ${
            t.start_char + m.index
          }) is in ${t.speaker}'s turn but reads as the operator's hand-off: the operator's label may be missing, so these words may be attributed to ${t.speaker}`,
        );
      }
    }
    // "Operator: Our first question comes from Alex Brown. Hi, thanks for taking my question
    // ...?": the caller's label is missing, the question is in the operator's turn
    if (
      last && t.role === "operator" && !OPERATOR.test(last.name) &&
      t.text.length - last.end > 160 && t.text.slice(last.end).includes("?")
    ) {
      runOn.push(
        `the operator's turn goes on for ${
          t.text.length - last.end
        } characters with a question after handing the line to ${last.name} (character ${
          t.start_char + last.at
        }): the caller's label may be missing, so the caller's words are attributed to the operator`,
      );
      return;
    }
    const next = turns[i + 1];
    if (!last || !next || next.role === "operator" || OPERATOR.test(last.name)) return;
    // a numbered voice ("spk15", "Speaker 2") names no one: nothing to hold the name against
    if (machineName(next.speaker)) return;
    // the hand-off ends the turn ("Before I turn it over to John, ..." does not)
    if (t.text.length - last.end > 160) return;
    if (samePerson(last.name, next.speaker) || samePerson(last.name, next.listed_as ?? "")) return;
    // a name that is a speaker of this call, or a person's full name
    const called = key(last.name).split(" ");
    const speaks = called.length === 1
      ? firstOrLast.has(called[0])
      : speakerKeys.has(key(last.name)) || lastNames.has(called.at(-1)!);
    if (!speaks && !(personName(last.name) && last.name.includes(" "))) return;
    if (key(last.name) === key(t.speaker)) return;
    mismatched.push(
      `${t.speaker} hands the line to ${last.name} ("${last.words}", character ${
        t.start_char + last.at
      }) but the next turn (character ${next.start_char}) is labelled ${next.speaker}: a label may be wrong, so that turn's words may be attributed to the wrong speaker`,
    );
  });
  const said = (list: string[]) =>
    list.length > 3 ? [...list.slice(0, 3), `…and ${list.length - 3} more such hand-off(s)`] : list;
  return [...said(mismatched), ...said(inside), ...said(runOn)];
}
