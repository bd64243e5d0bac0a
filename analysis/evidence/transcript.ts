/**
 * Earnings-call structure from text blocks: speaker turns with roles, prepared remarks versus
 * Q&A, participants, and character offsets into the transcript text every passage comes from.
 */
import type { Block } from "./transcript_html.ts";
import {
  accepts,
  handedTo,
  INTERPRETER,
  type Label,
  type LabelProfile,
  OPERATOR,
  profileLabels,
  readInline,
  readLabel,
  type Role,
  roleFromTitle,
  strayLabel,
  unstamp,
} from "./transcript_labels.ts";

export type { Role };
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

export interface ParsedTranscript {
  /** The transcript text all offsets point into (blocks joined by blank lines). */
  text: string;
  turns: Turn[];
  participants: Participant[];
  /** Offset where Q&A begins, or null when no Q&A was found. */
  qa_start_char: number | null;
  qa_marker: string | null;
  /** Which rule placed the Q&A start (null when none did). */
  qa_rule: QaRule | null;
  sections: Record<string, string>;
  /** Why the transcript looks cut (a paywall or sign-in notice, text ending mid-sentence), else null. */
  cut: { start_char: number; evidence: string } | null;
  /** True when the last turns (or the end of unlabelled text) hold the call's closing words. */
  ends_with_closing: boolean;
  /**
   * What the reader could not settle about the speaker labels (one speaker only, lines that look
   * like labels in a form the document does not use): to be passed on as warnings.
   */
  label_warnings: string[];
}

const QA_WORDS = String
  .raw`(?:(?:analyst|investor) )?(?:questions?[- ](?:and|&)[- ]answers?|q ?& ?a|q and a)(?:[- ](?:session|period|portion|segment))?(?: with analysts)?`;
const QA_HEADING = new RegExp(`^${QA_WORDS}\\s*:?$`, "i");
const PARTICIPANT_WORDS = String
  .raw`call participants|company participants|corporate participants|conference call participants|analysts?|participants|executives|company representatives`;
const PARTICIPANT_HEADING = new RegExp(`^(?:${PARTICIPANT_WORDS})\\s*:?$`, "i");
const ANALYST_HEADING = /^(conference call participants|analysts?)\s*:?$/i;
/** Page sections that are about the call, not the call: no turns in them. */
const META_WORDS = String
  .raw`date|summary|duration|takeaways|key takeaways|risks|industry glossary|glossary|call summary|contents|table of contents|highlights|key points`;
const META_HEADING = new RegExp(`^(?:${META_WORDS})\\s*:?$`, "i");
const SECTION_TITLES = new RegExp(
  `^(?:prepared remarks|presentation|management remarks|opening remarks|full conference call transcript|${QA_WORDS}|${PARTICIPANT_WORDS}|${META_WORDS})\\s*:?$`,
  "i",
);
/** A paywall or sign-in notice where the text stops: the transcript is cut there. */
const PAYWALL =
  /\b(?:subscribe (?:now |today )?to (?:read|continue|unlock|access|see|view)|(?:sign|log) ?in to (?:read|continue|see|view|access|unlock)|already (?:a|an) (?:member|subscriber)|continue reading|read the (?:full|rest of the|entire|complete) (?:transcript|article|call)|(?:rest|remainder) of (?:this|the) (?:transcript|article|call) is|unlock (?:the )?(?:full|this|rest|complete)|(?:for|available to) (?:premium )?(?:subscribers|members) only|start (?:your )?free trial|transcript (?:is )?(?:truncated|cut off|continues)|\[(?:transcript )?(?:truncated|continues)\])/i;
const QA_START =
  /\b(open (?:up )?the (?:line|lines|call|floor|phones?) (?:up )?(?:for|to) (?:your |any )?questions|take your questions|(?:begin|start|move to|conduct|open) (?:the |our |a )?(?:q&a|q & a|question[- ]and[- ]answer)|question[- ]and[- ]answer (?:portion|session))/i;
/** Words that make a Q&A phrase an announcement of a later Q&A, not its start. */
const LATER =
  /\b(after (?:that|this|which|the|our|their|his|her|these|those|we|i)|afterwards?|later|follow(?:s|ed|ing)?|at the (?:end|conclusion)|then|there will be|will be (?:a|an|the)|before (?:we|that|the)|once|until|prior to)\b/i;
/** The operator asking for or announcing the first caller. */
const FIRST_QUESTION =
  /\b(?:(?:our|the|your) first question|first question (?:comes|is|will come|today)|take (?:our|the) first question|first caller)\b/i;
/** Phrases that hand the line to a caller, whose name follows; names are checked against the speakers. */
const CALLER =
  /\b(?:questions? (?:today )?(?:comes?|is|will come|will be|is coming|we have is|we have comes) from|take (?:our |the |your )?(?:first |next |last |final |following )?(?:questions? |caller )?(?:today )?from|(?:the )?line of)\s+/gi;
/** Looser hand-overs ("Next we'll hear from…"), trusted only once the Q&A has begun. */
const NEXT_CALLER =
  /\b(?:(?:we'll|we will|let's|we're going to) (?:now )?(?:next )?(?:hear from|go (?:next )?to|move (?:on )?to)|next,? (?:we have|is|up is|we'll hear from|we will hear from))\s+/gi;
/** `Name, your line is open.` */
const LINE_OPEN = /\byour line is (?:now )?(?:open|live)\b/gi;
/** A management turn that only passes the call on, or closes it: not an answer. */
const HANDOFF =
  /\b(next question|next caller|move on to the next|(?:can|could|may) (?:we|i) (?:have|get|go to|take)|operator,? (?:please|can|could|may|would|will)|open (?:it|the (?:call|line|lines|floor)) (?:up )?(?:for|to) questions)\b/i;
const CLOSING =
  /\b(replay of (?:today's|this|the) (?:call|webcast|conference)|(?:concludes?|concluding) (?:our|today's|the|this)|thank(?:s| you)(?: all| everyone| again)? for joining|(?:that|this) (?:concludes|ends) (?:our|today's|the|this))/i;
/** The words a call ends with; missing at the end, the transcript may be cut. */
const ENDING =
  /\b(?:disconnect|(?:concludes?|concluding|ends?) (?:our|today's|the|this)|(?:closing remarks|signoff|sign-off)\]|thank(?:s| you)(?:,)?(?: all| everyone| again| very much)?(?:,)? for (?:your )?(?:joining|participating|participation|attending|listening|your time|your interest|being with us)|(?:talk|speak) (?:to|with) (?:you|everyone|all of you) (?:next|again|soon|in)|look forward to (?:speaking|talking|updating|seeing|sharing)|(?:have|enjoy) a (?:good|great|nice|wonderful) (?:day|evening|afternoon|weekend)|end of (?:the |today's )?(?:call|conference|q&a|question))/i;
/** A host (operator, investor relations) reading out a question sent in by an investor. */
const READ_OUT =
  /\b(?:questions? (?:\w+ ){0,3}(?:from|on|via|through|over|in) (?:the |our )?(?:webcast|web|internet|e-?mail|portal|platform|chat|q&a (?:box|tool))|(?:webcast|e-?mail(?:ed)?|written|submitted|text) questions?|(?:an?|one of our|another|some|several) (?:\w+ )?(?:investors?|shareholders?|listeners?)(?: \w+){0,3} (?:asks?|asked|wants?|wanted|would like|wrote|writes|submitted|sent)|(?:read|reading) (?:out )?(?:a |the |some |one |another |next )?(?:\w+ )?questions?)\b/i;

/** How the start of the Q&A was found, strongest first. */
export type QaRule = "heading" | "operator_first_question" | "qa_phrase" | "first_analyst";

/** A label read from a line, unless the line is a section title ("Analysts", "Prepared Remarks"). */
function labelOf(line: string): Label | null {
  return SECTION_TITLES.test(unstamp(line).text) ? null : readLabel(line);
}

/**
 * Whether a name is written at least twice in `all`, remembered per name. A hostile text of
 * thousands of hand-overs to different names would make a search of the whole text per name
 * quadratic: past 64 different names, a name counts as not written twice (a call has far fewer
 * speakers), so its bare line stays in the speech before it.
 */
function namesWrittenTwice(all: string): ((name: string) => boolean) & { spent?: boolean } {
  const seen = new Map<string, boolean>();
  const check: ((name: string) => boolean) & { spent?: boolean } = (name) => {
    let twice = seen.get(name);
    if (twice === undefined) {
      twice = false;
      if (seen.size < 64) {
        const first = all.indexOf(name);
        twice = first >= 0 && all.indexOf(name, first + name.length) >= 0;
      } else check.spent = true;
      seen.set(name, twice);
    }
    return twice;
  };
  return check;
}

/** A participant-list line: `Name -- Title`, `Name, Title`, `Name (Firm)`, or the title first. */
function participantLine(line: string): Label | null {
  const text = line.replace(/^[•*-]\s*/, "");
  const parts = unstamp(text).text.split(/\s+(?:--|—|–|-)\s+/).map((p) => p.trim())
    .filter(Boolean);
  if (parts.length >= 2) {
    const last = parts.at(-1)!;
    const head = parts.slice(0, -1).join(" -- ");
    const named = labelOf(last);
    // a title is no name: "Chief Executive Officer — Mira Castell" names Mira Castell
    if (named?.form === "bare" && roleFromTitle(head) && !roleFromTitle(last)) {
      return { ...named, title: head, form: "dash", titled: true };
    }
  }
  const label = labelOf(text);
  return label && label.form !== "role" ? label : null;
}

/**
 * A block (or its first line) that only names a speaker, when the document uses that label form
 * (see `accepts`); bold or marked-up blocks are labels on the page's own say.
 */
function speakerLabel(
  b: Block,
  profile: LabelProfile,
  firstLine = false,
  hand?: { before: string; writtenTwice: (name: string) => boolean },
): Label | null {
  const line = firstLine ? b.text.split("\n")[0] : b.text;
  const label = labelOf(line);
  if (!label) return null;
  const markup = (b.bold && !firstLine) || b.hint !== null;
  const introduced = hand !== undefined && label.form === "bare" &&
    handedTo(label.name, hand.before, hand.writtenTwice);
  return accepts(label, "line", profile, markup, introduced) ? label : null;
}

/** A line that reads as a person's label (not the operator's). */
function personLine(line: string): boolean {
  const l = labelOf(line);
  return l !== null && l.form !== "role";
}

/**
 * Blocks that list people after words ending in a colon ("Joining me today are:" and two names
 * or more, one a line): the speaker's words, not changes of speaker.
 */
function listedNames(blocks: Block[]): Set<number> {
  const out = new Set<number>();
  const single = (b: Block | undefined) =>
    b !== undefined && !b.text.includes("\n") && personLine(b.text);
  for (let i = 1; i < blocks.length; i++) {
    if (!blocks[i - 1].text.trim().endsWith(":") || !single(blocks[i]) || !single(blocks[i + 1])) {
      continue;
    }
    for (let j = i; single(blocks[j]); j++) out.add(j);
  }
  return out;
}

/** The first line of a speech block when it reads as a person's label the document did not take. */
function strayIn(b: Block): string | null {
  const first = b.text.split("\n")[0];
  const line = labelOf(first);
  if (line) return strayLabel(line) ? first.trim() : null;
  const inline = readInline(b.text);
  return inline && strayLabel(inline.label) && inline.label.form !== "bare"
    ? b.text.slice(0, inline.rest).trim()
    : null;
}

/** `Name: words…` (or `[00:01:02] Name, CFO: words…`) at the start of a paragraph. */
function inlineSpeaker(b: Block, profile: LabelProfile): (Label & { rest: number }) | null {
  const hit = readInline(b.text);
  if (!hit || SECTION_TITLES.test(hit.label.name)) return null;
  return accepts(hit.label, "inline", profile, b.hint !== null)
    ? { ...hit.label, rest: hit.rest }
    : null;
}

function key(name: string): string {
  return name.toLowerCase().replace(/[^a-z\s]/g, "").replace(/\s+/g, " ").trim();
}

interface Draft {
  speaker: string;
  title: string | null;
  company: string | null;
  hint: Block["hint"];
  paragraphs: { start: number; end: number }[];
}

/** Splits blocks into turns, finds participants and the Q&A boundary, assigns roles. */
export function parseTranscript(blocks: Block[]): ParsedTranscript {
  let text = "";
  const participants = new Map<string, Participant>();
  const sections: Record<string, string> = {};
  const drafts: Draft[] = [];
  const qaHeadings: { turn: number; marker: string }[] = [];
  const profile = profileLabels(blocks, (s) => SECTION_TITLES.test(s));
  const writtenTwice = namesWrittenTwice(blocks.map((b) => b.text).join("\n\n"));
  let before = "";
  /** Lines that read as labels in a form the document does not use: kept as speech, and said. */
  const stray: string[] = [];
  let section: string | null = null;
  /** A participant list that comes after the turns (older Motley Fool pages): no turns follow. */
  let trailing = false;
  let cut: ParsedTranscript["cut"] = null;
  const append = (s: string) => {
    if (text) text += "\n\n";
    const start = text.length;
    text += s;
    return { start, end: text.length };
  };
  const addParticipant = (line: string, analyst: boolean) => {
    const label = participantLine(line);
    if (!label) return;
    const role = roleFromTitle(label.title) ?? (analyst ? "analyst" : "management");
    const { name, title, company } = label;
    participants.set(key(name), { name, title, company, role });
  };
  const listed = listedNames(blocks);
  for (const [i, b] of blocks.entries()) {
    const trimmed = b.text.trim();
    // A paywall or sign-in notice: the transcript stops here, whatever the page shows after it.
    if (cut || (trimmed.length < 400 && PAYWALL.test(trimmed))) {
      const span = append(b.text);
      cut ??= { start_char: span.start, evidence: trimmed.slice(0, 200) };
      continue;
    }
    // A block that is nothing but a section title is a heading, marked up or not: plain-text
    // transcripts write "Questions & Answers:" on a line of its own.
    if (SECTION_TITLES.test(trimmed)) {
      section = trimmed.replace(/:$/, "").trim();
      append(b.text);
      trailing = drafts.length > 0 && PARTICIPANT_HEADING.test(section);
      // A Q&A heading before any speaker is a table of contents, not the start of the Q&A.
      if (QA_HEADING.test(section) && drafts.length) {
        qaHeadings.push({ turn: drafts.length, marker: section });
      }
      continue;
    }
    // "Duration: 58 minutes" closes older Motley Fool transcripts; it is nobody's words.
    if (/^duration:\s*\d+\s*min(?:ute)?s?\.?$/i.test(trimmed)) {
      sections.duration = trimmed.replace(/^duration:\s*/i, "");
      append(b.text);
      continue;
    }
    if (trailing) {
      for (const line of b.text.split("\n")) addParticipant(line, false);
      append(b.text);
      continue;
    }
    const hand = { before, writtenTwice };
    before = b.text;
    const label = listed.has(i) ? null : speakerLabel(b, profile, false, hand);
    const inline = label ? null : inlineSpeaker(b, profile);
    const operatorSpeaks = (label && OPERATOR.test(label.name)) ||
      (inline && OPERATOR.test(inline.name));
    if (
      section && PARTICIPANT_HEADING.test(section) && !drafts.length && !b.bold && !b.hint &&
      !operatorSpeaks && !(inline && b.text.length > 160)
    ) {
      for (const line of b.text.split("\n")) addParticipant(line, ANALYST_HEADING.test(section));
      append(b.text);
      continue;
    }
    if (section && META_HEADING.test(section)) {
      // Takeaways, glossary and summary items ("Revenue -- $512 million", "ARR: annual recurring
      // revenue") are no speakers; a bold speaker label or the operator ends the section.
      if (!(operatorSpeaks || (label && b.bold))) {
        const name = section.toLowerCase();
        sections[name] = (sections[name] ? sections[name] + "\n\n" : "") + b.text;
        append(b.text);
        continue;
      }
      section = null;
    }
    if (label) {
      append(b.text);
      drafts.push({
        speaker: label.name,
        title: label.title,
        company: label.company,
        hint: b.hint,
        paragraphs: [],
      });
      continue;
    }
    const span = append(b.text);
    if (inline) {
      drafts.push({
        speaker: inline.name,
        title: inline.title,
        company: inline.company,
        hint: b.hint,
        paragraphs: [{ start: span.start + inline.rest, end: span.end }],
      });
      continue;
    }
    // `Name -- Title` on the first line and the words on the next ones (one block of plain text).
    // a block whose every line reads as a label is a list of names, not a label and its words
    const lead = b.text.includes("\n") && !b.text.split("\n").every(personLine)
      ? speakerLabel(b, profile, true, hand)
      : null;
    if (lead) {
      const rest = b.text.indexOf("\n") + 1;
      drafts.push({
        speaker: lead.name,
        title: lead.title,
        company: lead.company,
        hint: b.hint,
        paragraphs: [{ start: span.start + rest, end: span.end }],
      });
    } else {
      for (const line of listed.has(i) ? [] : [strayIn(b)]) if (line) stray.push(line);
      if (listed.has(i)) stray.push(trimmed);
      if (drafts.length) drafts.at(-1)!.paragraphs.push(span);
    }
  }
  const labelWarnings: string[] = [];
  if (stray.length) {
    labelWarnings.push(
      `${stray.length} line(s) read like speaker labels but were kept as speech, not as a change of speaker (a list of names after a colon, or a label form the rest of the transcript does not use): ${
        stray.slice(0, 3).map((t) => `"${t}"`).join(", ")
      }`,
    );
  }
  if (writtenTwice.spent) {
    labelWarnings.push(
      "more than 64 different names stand alone on a line after a hand-over to them; past the 64th such a line is kept as speech, so turns after it may be attributed to the speaker before",
    );
  }
  let kept = drafts.filter((d) => d.paragraphs.length);
  if (new Set(kept.map((d) => key(d.speaker))).size === 1) {
    // An earnings call has two voices at least: one label means the others went unread.
    labelWarnings.push(
      `only one speaker label was found ("${
        kept[0].speaker
      }", ${kept.length} turn(s)); the other speakers' labels are in a form the reader does not know, so no text is attributed to anyone`,
    );
    kept = [];
  }
  const heading = qaHeadings[0];
  let start: QaStart | null = null;
  if (heading) {
    // Re-index the heading position onto kept turns.
    const before = drafts.slice(0, heading.turn).filter((d) => d.paragraphs.length).length;
    if (before < kept.length) start = { turn: before, marker: heading.marker, rule: "heading" };
  }
  start ??= findQaStart(kept, text, participants);
  const turns = assignRoles(kept, text, participants, start?.turn ?? null);
  const tail = turns.length ? turns.slice(-3).map((t) => t.text).join("\n") : text.slice(-1500);
  const lastWords = (turns.at(-1)?.text ?? text).trim();
  if (!cut && turns.length && /[\p{L}\p{N},;:]$/u.test(lastWords) && !ENDING.test(tail)) {
    // the last words stop mid-sentence
    const end = turns.at(-1)!.end_char;
    cut = {
      start_char: end,
      evidence: `the last turn stops mid-sentence: "…${lastWords.slice(-60)}"`,
    };
  }
  return {
    text,
    turns,
    participants: [...participants.values()],
    qa_start_char: start ? turns[start.turn]?.start_char ?? null : null,
    qa_marker: start?.marker ?? null,
    qa_rule: start?.rule ?? null,
    sections,
    cut,
    ends_with_closing: ENDING.test(tail),
    label_warnings: labelWarnings,
  };
}

interface QaStart {
  turn: number;
  marker: string;
  rule: QaRule;
}

function bodyOf(d: Draft, text: string): string {
  return text.slice(d.paragraphs[0].start, d.paragraphs.at(-1)!.end);
}

/** `Christopher J. Sankar` → keys to look for: the full name and first + last. */
function nameKeys(name: string): string[] {
  const k = key(name);
  const words = k.split(" ");
  return words.length > 2 ? [k, `${words[0]} ${words.at(-1)}`] : [k];
}

/** Keys of the speakers an operator turn hands the line to. */
function introducedIn(body: string, speakers: string[], loose: boolean): Set<string> {
  const out = new Set<string>();
  const startsWithName = (after: string) => {
    const norm = key(after.slice(0, 120));
    for (const s of speakers) {
      if (nameKeys(s).some((k) => norm === k || norm.startsWith(`${k} `))) out.add(key(s));
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
function isPerson(d: { speaker: string }): boolean {
  return !OPERATOR.test(d.speaker) && !INTERPRETER.test(d.speaker);
}

/** "Unidentified Analyst", "Unknown Company Representative": the label itself says the role. */
function roleFromName(name: string): Role | null {
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

/**
 * The turn that opens the Q&A when no heading marks it, strongest rule first: the operator's
 * hand-over to the first caller; a present-tense "open the call for questions" (at the end of a
 * speech it starts the Q&A at the next turn; an announcement of a later Q&A does not count); the
 * first speaker titled or listed as an analyst.
 */
function findQaStart(
  drafts: Draft[],
  text: string,
  participants: Map<string, Participant>,
): QaStart | null {
  const bodies = drafts.map((d) => bodyOf(d, text));
  const speakers = [...new Set(drafts.filter(isPerson).map((d) => d.speaker))];
  let caller: QaStart | null = null;
  for (let i = 0; i < drafts.length && !caller; i++) {
    if (!OPERATOR.test(drafts[i].speaker)) continue;
    const first = FIRST_QUESTION.exec(bodies[i]);
    const named = introducedIn(bodies[i], speakers, false);
    // The caller named must not have spoken yet: an operator does not introduce a caller twice.
    const fresh = [...named].filter((k) => !drafts.slice(0, i).some((d) => key(d.speaker) === k));
    if (first) caller = { turn: i, marker: first[0], rule: "operator_first_question" };
    else if (fresh.length) {
      const m = new RegExp(CALLER.source, "i").exec(bodies[i]) ?? LINE_OPEN.exec(bodies[i]);
      caller = {
        turn: i,
        marker: m?.[0].trim() ?? "caller introduced",
        rule: "operator_first_question",
      };
    }
  }
  let phrase: QaStart | null = null;
  for (let i = 0; i < drafts.length && !phrase; i++) {
    const body = bodies[i];
    for (const m of body.matchAll(new RegExp(QA_START.source, "gi"))) {
      const sentenceStart = Math.max(...[".", "!", "?"].map((p) => body.lastIndexOf(p, m.index))) +
        1;
      const sentence = body.slice(sentenceStart, m.index + m[0].length);
      if (LATER.test(sentence)) continue;
      // The operator's welcome, before anyone else has spoken, describes the call ("this call
      // will include a question-and-answer session"); it does not start the Q&A.
      if (OPERATOR.test(drafts[i].speaker) && drafts.slice(0, i + 1).every((d) => !isPerson(d))) {
        continue;
      }
      if (OPERATOR.test(drafts[i].speaker)) {
        phrase = { turn: i, marker: m[0], rule: "qa_phrase" };
      } else if (body.length - m.index < 400 && i + 1 < drafts.length) {
        // A hand-over at the end of a speech; mid-speech it is a mention, not the start.
        phrase = { turn: i + 1, marker: m[0], rule: "qa_phrase" };
      }
      if (phrase) break;
    }
  }
  if (caller && phrase && phrase.turn < caller.turn) {
    // "We will now begin the Q&A" from the operator just before the first caller is named.
    const between = drafts.slice(phrase.turn, caller.turn);
    if (between.every((d) => OPERATOR.test(d.speaker))) return phrase;
  }
  if (caller ?? phrase) return caller ?? phrase;
  const analyst = drafts.findIndex((d) =>
    d.hint === "question" || (roleFromTitle(d.title) ?? roleFromName(d.speaker)) === "analyst" ||
    participants.get(key(d.speaker))?.role === "analyst"
  );
  if (analyst < 0) return null;
  const turn = analyst > 0 && OPERATOR.test(drafts[analyst - 1].speaker) ? analyst - 1 : analyst;
  return { turn, marker: drafts[analyst].speaker, rule: "first_analyst" };
}

function assignRoles(
  drafts: Draft[],
  text: string,
  participants: Map<string, Participant>,
  qaStart: number | null,
): Turn[] {
  const speakers = [...new Set(drafts.filter(isPerson).map((d) => d.speaker))];
  const introduced = new Set<string>();
  const prepared = new Set<string>();
  const inQa = (i: number) => qaStart !== null && i >= qaStart;
  drafts.forEach((d, i) => {
    if (OPERATOR.test(d.speaker)) {
      // The looser "we'll hear from" counts only in the Q&A, where the operator speaks to callers.
      for (const k of introducedIn(bodyOf(d, text), speakers, inQa(i))) introduced.add(k);
    } else if (qaStart !== null && !inQa(i) && isPerson(d)) prepared.add(key(d.speaker));
  });
  const lookup = (name: string) => {
    const k = key(name);
    if (participants.has(k)) return participants.get(k)!;
    // "Jen-Hsun Huang" on the list as "Jensen Huang"; never Grace Lee for Paul Lee, the CEO.
    const last = k.split(" ").at(-1)!;
    const hits = [...participants.entries()].filter(([p]) =>
      p.split(" ").at(-1) === last && (k.split(" ").length === 1 || sameFirst(p, k))
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
  return drafts.map((d, index) => {
    let role: Role = "unknown";
    let source: RoleSource = "none";
    const p = lookup(d.speaker);
    const fromTitle = roleFromTitle(d.title) ?? roleFromName(d.speaker);
    if (OPERATOR.test(d.speaker)) [role, source] = ["operator", "title"];
    else if (INTERPRETER.test(d.speaker)) [role, source] = ["interpreter", "title"];
    else if (d.hint) {
      [role, source] = [d.hint === "question" ? "analyst" : "management", "page_markup"];
    } else if (p) [role, source] = [p.role, "participant_list"];
    else if (fromTitle) [role, source] = [fromTitle, "title"];
    else if (introduced.has(key(d.speaker))) [role, source] = ["analyst", "operator_intro"];
    else if (prepared.has(key(d.speaker))) [role, source] = ["management", "prepared_remarks"];
    else if (inQa(index) && midExchange(d.speaker)) [role, source] = ["management", "inferred"];
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

export interface QaPair {
  questioner: string;
  questioner_title: string | null;
  /** Set when the operator or a host read out a question sent in by an investor (webcast, e-mail). */
  read_out?: true;
  question: { text: string; start_char: number; end_char: number }[];
  answers: {
    speaker: string;
    speaker_title: string | null;
    text: string;
    start_char: number;
    end_char: number;
  }[];
}

const PLEASANTRY =
  /^(?:(?:thanks?|thank you|great|okay|ok|yeah|yep|yes|perfect|sure|all right|alright|good|excellent|very good)[\s,!]*)+(?:[\p{L}'’ ]{0,30})?[.!?]?$/iu;

/**
 * True for a management turn that only passes the call on ("Thanks, Jim. Can we have the next
 * question, please?") or closes it ("A replay of today's call will be available…"): no answer.
 */
export function passesOn(text: string): boolean {
  if (CLOSING.test(text) && text.length < 2000) return true;
  if (!HANDOFF.test(text) || text.length > 400) return false;
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  return sentences.every((s) =>
    (HANDOFF.test(s) && s.length <= 90) || PLEASANTRY.test(s.trim()) || s.length <= 25
  );
}

export interface QaPairing {
  pairs: QaPair[];
  unanswered: number;
  /** Management turns left out as hand-offs or closing remarks. */
  hand_offs: number;
  /** Speakers of unknown role, whose turns are neither questions nor answers. */
  unknown_speakers: string[];
  /** Questions a host read out for investors (they are pairs too, marked read_out). */
  read_out: number;
  /** Interpreter turns kept with the question or answer they render. */
  interpreted: number;
}

/** A host's turn that reads out an investor's question, not an answer or a hand-off. */
export function readsOutQuestion(text: string, operator: boolean): boolean {
  const t = text.trim();
  if (t.length > 1200 || !READ_OUT.test(t)) return false;
  // the operator asks nothing of their own; a host's answer seldom ends on a question mark
  return operator ? t.includes("?") : /\?["”’)]?$/.test(t);
}

/** Pairs each analyst question (with its follow-ups) with the management answers that follow. */
export function pairQuestions(turns: Turn[]): QaPairing {
  const pairs: QaPair[] = [];
  let open: QaPair | null = null;
  let unanswered = 0;
  let handOffs = 0;
  let readOut = 0;
  let interpreted = 0;
  const unknown = new Set<string>();
  const close = () => {
    if (open) {
      if (open.answers.length) pairs.push(open);
      else unanswered++;
    }
    open = null;
  };
  for (const t of turns) {
    if (t.part !== "qa") continue;
    const cite = { text: t.text, start_char: t.start_char, end_char: t.end_char };
    if (
      (t.role === "operator" || t.role === "management") &&
      readsOutQuestion(t.text, t.role === "operator")
    ) {
      // "An investor on the webcast asks…": a question of its own, asked through the host.
      close();
      readOut++;
      open = {
        questioner: t.speaker,
        questioner_title: t.speaker_title,
        read_out: true,
        question: [cite],
        answers: [],
      };
      continue;
    }
    // The operator hands over to the next caller or to closing remarks: the exchange is over.
    if (t.role === "operator") {
      close();
      continue;
    }
    if (t.role === "unknown") {
      unknown.add(t.speaker);
      continue;
    }
    if (t.role === "interpreter") {
      // The interpreter renders what was just said: the question until someone answers it.
      const current = open as QaPair | null;
      if (!current) continue;
      interpreted++;
      if (current.answers.length) {
        current.answers.push({ speaker: t.speaker, speaker_title: t.speaker_title, ...cite });
      } else current.question.push(cite);
      continue;
    }
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
    } else if (passesOn(t.text)) {
      // The host asking for the next question ends the exchange as the operator does.
      handOffs++;
      close();
    } else if (open) {
      (open as QaPair).answers.push({
        speaker: t.speaker,
        speaker_title: t.speaker_title,
        ...cite,
      });
    }
  }
  close();
  return {
    pairs,
    unanswered,
    hand_offs: handOffs,
    unknown_speakers: [...unknown],
    read_out: readOut,
    interpreted,
  };
}
