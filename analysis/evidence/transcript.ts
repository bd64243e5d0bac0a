/**
 * Earnings-call structure from text blocks: speaker turns with roles, prepared remarks versus
 * Q&A, participants, and character offsets into the transcript text every passage comes from.
 * Who speaks in a block is read in transcript_speakers.ts, labels and titles in
 * transcript_labels.ts, roles in transcript_roles.ts, the Q&A boundary in transcript_qa.ts.
 */
import type { Block } from "./transcript_html.ts";
import {
  bareOnce,
  type Label,
  machineName,
  OPERATOR,
  profileLabels,
  readInline,
  roleFromTitle,
} from "./transcript_labels.ts";
import {
  findQaStart,
  plainQaStart,
  QA_HEADING,
  type QaRule,
  type QaStart,
} from "./transcript_qa.ts";
import {
  assignRoles,
  type Draft,
  handOffWarnings,
  key,
  operatorTurn,
  type Participant,
  titlePairs,
  type Turn,
} from "./transcript_roles.ts";
import {
  bulletEntries,
  inlineSpeaker,
  jointLabel,
  labelOf,
  listedNames,
  META_WORDS,
  namesWrittenTwice,
  nameThenTitle,
  nameVariants,
  PARTICIPANT_WORDS,
  participantLine,
  personLine,
  sameSpeakers,
  SECTION_TITLES,
  speakerLabel,
  strayIn,
} from "./transcript_speakers.ts";
export type { Role } from "./transcript_labels.ts";
export type { Participant, RoleSource, Turn } from "./transcript_roles.ts";
export {
  pairQuestions,
  passesOn,
  type QaPair,
  type QaPairing,
  type QaRule,
  readsOutQuestion,
} from "./transcript_qa.ts";

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
  /**
   * Hand-offs the labels do not bear out (a turn handing the line to one speaker followed by
   * another's turn, an operator's hand-off inside another speaker's turn), with offsets: to be
   * passed on as warnings.
   */
  handoff_warnings: string[];
}

const PARTICIPANT_HEADING = new RegExp(`^(?:${PARTICIPANT_WORDS})\\s*:?$`, "i");
const ANALYST_HEADING = /^(conference call participants|analysts?)\s*:?$/i;
const META_HEADING = new RegExp(`^(?:${META_WORDS})\\s*:?$`, "i");
/** A paywall or sign-in notice where the text stops: the transcript is cut there. */
const PAYWALL =
  /\b(?:subscribe (?:now |today )?to (?:read|continue|unlock|access|see|view)|(?:sign|log) ?in to (?:read|continue|see|view|access|unlock)|already (?:a|an) (?:member|subscriber)|continue reading|read the (?:full|rest of the|entire|complete) (?:transcript|article|call)|(?:rest|remainder) of (?:this|the) (?:transcript|article|call) is|unlock (?:the )?(?:full|this|rest|complete)|(?:for|available to) (?:premium )?(?:subscribers|members) only|start (?:your )?free trial|transcript (?:is )?(?:truncated|cut off|continues)|\[(?:transcript )?(?:truncated|continues)\])/i;
/** The words a call ends with; missing at the end, the transcript may be cut. */
const ENDING =
  /\b(?:disconnect|(?:concludes?|concluding|ends?) (?:our|today's|the|this)|(?:closing remarks|signoff|sign-off)\]|thank(?:s| you)(?:,)?(?: all| everyone| again| very much)?(?:,)? for (?:your )?(?:joining|participating|participation|attending|listening|your time|your interest|being with us)|(?:talk|speak) (?:to|with) (?:you|everyone|all of you) (?:next|again|soon|in)|look forward to (?:speaking|talking|updating|seeing|sharing)|(?:have|enjoy) a (?:good|great|nice|wonderful) (?:day|evening|afternoon|weekend)|end of (?:the |today's )?(?:call|conference|q&a|question))/i;

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
  /** Offset of the first Q&A heading after some text (for a transcript with no labels). */
  let plainQaHeading: number | null = null;
  let cut: ParsedTranscript["cut"] = null;
  const append = (s: string) => {
    if (text) text += "\n\n";
    const start = text.length;
    text += s;
    return { start, end: text.length };
  };
  /** Participants' names as `nameVariants` gives them, for reading their names alone on a line. */
  const listedKeys = new Set<string>();
  const isListed = (name: string) => nameVariants(name).some((k) => listedKeys.has(k));
  const addParticipant = (line: string, analyst: boolean) => {
    const label = participantLine(line);
    if (!label) return false;
    const role = roleFromTitle(label.title) ?? (analyst ? "analyst" : "management");
    const { name, title, company } = label;
    // the first listing stands: a later line naming the same person never changes the role
    if (!participants.has(key(name))) participants.set(key(name), { name, title, company, role });
    for (const k of nameVariants(name)) listedKeys.add(k);
    return true;
  };
  const listed = listedNames(blocks);
  /** Name blocks of participant lists over their title blocks ("Jane Roe" over "CFO"). */
  const pairs = titlePairs(
    blocks,
    (t) => PARTICIPANT_HEADING.test(t),
    (t) => SECTION_TITLES.test(t),
  );
  const pairedTitles = new Set(pairs.values());
  /**
   * Full names of the speakers heard so far by their first name's key (null when two share it),
   * and how many turns were opened by labels on their own line and before a colon.
   */
  const firstNames = new Map<string, string | null>();
  const placed = { line: 0, inline: 0 };
  const shortNames = new Set<string>();
  /** Keys of the full names heard as speakers so far. */
  const heard = new Set<string>();
  const opened = (name: string, place: "line" | "inline") => {
    placed[place]++;
    heard.add(key(name));
    const words = key(name).split(" ");
    if (words.length < 2 || OPERATOR.test(name) || machineName(name)) return;
    const known = firstNames.get(words[0]);
    if (known === undefined) firstNames.set(words[0], name);
    else if (known !== null && key(known) !== key(name)) firstNames.set(words[0], null);
  };
  /** Names heard once taken as speakers (see `bareOnce`): said in a warning. */
  const heardOnce: string[] = [];
  let recurringNames = 0;
  for (const name of profile.recurring) if (!name.startsWith("inline:")) recurringNames++;
  for (const [i, b] of blocks.entries()) {
    const trimmed = b.text.trim();
    // A paywall or sign-in notice: the transcript stops here, whatever the page shows after it.
    if (cut || (trimmed.length < 400 && PAYWALL.test(trimmed))) {
      const span = append(b.text);
      cut ??= { start_char: span.start, evidence: trimmed.slice(0, 200) };
      continue;
    }
    // "Company Participants" over its names in one paragraph, before the call: heading and list.
    const nl = trimmed.indexOf("\n");
    if (nl > 0 && !drafts.length && !trailing && PARTICIPANT_HEADING.test(trimmed.slice(0, nl))) {
      section = trimmed.slice(0, nl).replace(/:$/, "").trim();
      const analysts = ANALYST_HEADING.test(section);
      for (const line of bulletEntries(trimmed.slice(nl + 1))) addParticipant(line, analysts);
      append(b.text);
      continue;
    }
    // A block that is nothing but a section title is a heading, marked up or not: plain-text
    // transcripts write "Questions & Answers:" on a line of its own.
    if (SECTION_TITLES.test(trimmed)) {
      section = trimmed.replace(/:$/, "").trim();
      const span = append(b.text);
      // after some text, where no labels follow, it is where an unlabelled call's Q&A opens
      if (QA_HEADING.test(section) && span.start > 0) plainQaHeading ??= span.start;
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
    // "Jane Roe" over "Chief Financial Officer": one participant, the title never a name of its own
    const titleAt = pairs.get(i);
    if (titleAt !== undefined || pairedTitles.has(i)) {
      if (titleAt !== undefined) {
        const analysts = section !== null && ANALYST_HEADING.test(section);
        addParticipant(`${trimmed} -- ${blocks[titleAt].text.trim()}`, analysts);
      }
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
    let label: Label | null = listed.has(i)
      ? null
      : speakerLabel(b, profile, false, hand, isListed);
    if (!label && !listed.has(i) && !b.text.includes("\n")) {
      // "John Doe and Mary Major": two known speakers answering together, one turn of both
      const both = jointLabel(b.text, (n) => isListed(n) || heard.has(key(n)));
      if (both) {
        const titles = both.map((n) => participants.get(key(n))?.title ?? null);
        label = {
          name: b.text.trim(),
          title: titles.every((t) => t) ? titles.join("; ") : null,
          company: null,
          form: "bare",
          stamped: false,
          titled: false,
        };
      }
    }
    if (!label && !listed.has(i) && !b.text.includes("\n")) {
      // a name heard once, alone on its line between speeches, where the labels are such names
      // and no participant list says who speaks (with one, an unlisted name is said as stray)
      const once = labelOf(b.text);
      const next = blocks[i + 1]?.text.trim() ?? "";
      if (
        participants.size === 0 && once && bareOnce(once, profile, recurringNames) &&
        next.length > 0 &&
        !SECTION_TITLES.test(next) && !personLine(next.split("\n")[0])
      ) {
        label = once;
        heardOnce.push(once.name);
      }
    }
    let inline = label ? null : inlineSpeaker(b, profile, hand);
    if (!label && !inline && !listed.has(i)) {
      // "Mary:" after turns of "Mary Major:": the speaker of that first name, when only one is
      const line = b.text.includes("\n") ? null : labelOf(b.text);
      const hit = line ? null : readInline(b.text);
      const short = line ?? hit?.label;
      const full = short && short.form === "bare" && !short.opener && !short.stamped &&
          !short.name.includes(" ")
        ? firstNames.get(key(short.name))
        : undefined;
      if (full && short && (line ? placed.line : placed.inline) >= 2) {
        if (line) label = { ...line, name: full };
        else if (hit) inline = { ...hit.label, name: full, rest: hit.rest };
        shortNames.add(`"${short.name}" as ${full}`);
      }
    }
    const operatorSpeaks = (label && operatorTurn({ speaker: label.name, title: label.title })) ||
      (inline && operatorTurn({ speaker: inline.name, title: inline.title }));
    // The list ends where a listed name stands alone on its line (that participant speaks: the
    // Seeking Alpha layout has no operator) or where a block lists nobody (speech).
    const inList = section !== null && PARTICIPANT_HEADING.test(section) && !drafts.length;
    const lines = inList ? b.text.split("\n") : [];
    const listEnds = inList && (
      (label?.form === "bare" && isListed(label.name)) ||
      !lines.some((line) => participantLine(line) !== null) ||
      // a name over a speech ("Jane Smith" then "Good afternoon and welcome…"): the call began
      (lines.length > 1 && labelOf(lines[0])?.form === "bare" &&
        lines.slice(1).some((line) => participantLine(line) === null))
    );
    if (
      inList && !b.bold && !b.hint && !operatorSpeaks && !(inline && b.text.length > 160) &&
      !listEnds
    ) {
      const analysts = ANALYST_HEADING.test(section ?? "");
      // "John Doe" over "Chief Executive Officer" is one participant, not two
      const pair = nameThenTitle(b.text);
      if (pair) addParticipant(`${pair.name} -- ${pair.title}`, analysts);
      else for (const line of bulletEntries(b.text)) addParticipant(line, analysts);
      append(b.text);
      continue;
    }
    if (inList) section = null;
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
      opened(label.name, "line");
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
      opened(inline.name, "inline");
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
    const multi = b.text.includes("\n") && !b.text.split("\n").every(personLine);
    let lead = multi ? speakerLabel(b, profile, true, hand, isListed) : null;
    if (multi && !lead && !listed.has(i) && participants.size === 0) {
      // a name heard once over its speech, where the labels are such names (see `bareOnce`)
      const once = labelOf(b.text.slice(0, b.text.indexOf("\n")));
      if (once && bareOnce(once, profile, recurringNames)) {
        lead = once;
        heardOnce.push(once.name);
      }
    }
    if (lead) {
      const rest = b.text.indexOf("\n") + 1;
      opened(lead.name, "line");
      drafts.push({
        speaker: lead.name,
        title: lead.title,
        company: lead.company,
        hint: b.hint,
        paragraphs: [{ start: span.start + rest, end: span.end }],
      });
    } else {
      for (const line of listed.has(i) ? [] : [strayIn(b, recurringNames >= 2)]) {
        if (line) stray.push(line);
      }
      if (listed.has(i)) stray.push(trimmed);
      if (drafts.length) drafts.at(-1)!.paragraphs.push(span);
    }
  }
  const labelWarnings = labelNotes(stray, shortNames, heardOnce, !!writtenTwice.spent);
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
  const numbered = [...new Set(kept.map((d) => d.speaker).filter(machineName))];
  if (numbered.length) {
    labelWarnings.push(
      `speakers are numbered, not named (${numbered.slice(0, 4).join(", ")}${
        numbered.length > 4 ? ", …" : ""
      }): the labels are kept as written, not matched to the names said in the call; one number may be two people or one person two numbers, and roles are unknown unless a participant list or title gives them`,
    );
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
  const merged = sameSpeakers(turns);
  if (merged.length) {
    labelWarnings.push(
      `one speaker under two labels, counted as one: ${merged.slice(0, 4).join(", ")}${
        merged.length > 4 ? ", …" : ""
      }`,
    );
  }
  // no labels, no turns: the Q&A start is still where the text says it is
  const plain = turns.length ? null : plainQaStart(text, plainQaHeading);
  const tail = turns.length ? turns.slice(-3).map((t) => t.text).join("\n") : text.slice(-1500);
  cut ??= stopsMidSentence(turns, text, tail);
  return {
    text,
    turns,
    participants: [...participants.values()],
    qa_start_char: plain?.start_char ?? (start ? turns[start.turn]?.start_char ?? null : null),
    qa_marker: plain?.marker ?? start?.marker ?? null,
    qa_rule: plain?.rule ?? start?.rule ?? null,
    sections,
    cut,
    ends_with_closing: ENDING.test(tail),
    label_warnings: labelWarnings,
    handoff_warnings: handOffWarnings(turns),
  };
}

/**
 * The notes on labels the reader could not settle: lines kept as speech though they read like
 * labels, turns given to a speaker by a first name, names heard once taken as speakers, and the
 * cap on names written twice being reached.
 */
function labelNotes(
  stray: string[],
  shortNames: Set<string>,
  heardOnce: string[],
  spent: boolean,
): string[] {
  const labelWarnings: string[] = [];
  if (stray.length) {
    labelWarnings.push(
      `${stray.length} line(s) read like speaker labels but were kept as speech, not as a change of speaker (a list of names after a colon, or a label form the rest of the transcript does not use): ${
        stray.slice(0, 3).map((t) => `"${t}"`).join(", ")
      }`,
    );
  }
  if (shortNames.size) {
    labelWarnings.push(
      `turns labelled by a first name only were given to the one speaker of that first name heard before: ${
        [...shortNames].slice(0, 4).join(", ")
      }`,
    );
  }
  if (heardOnce.length) {
    labelWarnings.push(
      `${heardOnce.length} speaker label(s) are names heard once, alone on a line, that no participant list names and nothing hands over to: ${
        heardOnce.slice(0, 4).map((t) => `"${t}"`).join(", ")
      }${
        heardOnce.length > 4 ? ", …" : ""
      }; they were taken as speakers because the transcript's other labels are names on their own lines: check that none is a heading`,
    );
  }
  if (spent) {
    labelWarnings.push(
      "more than 64 different names stand alone on a line after a hand-over to them; past the 64th such a line is kept as speech, so turns after it may be attributed to the speaker before",
    );
  }
  return labelWarnings;
}

/**
 * Where the text stops mid-sentence after the last turn, when the call's closing words are not
 * in its last turns (`tail`): the transcript is cut there. Null when it ends as a call does.
 */
function stopsMidSentence(turns: Turn[], text: string, tail: string): ParsedTranscript["cut"] {
  const lastWords = (turns.at(-1)?.text ?? text).trim();
  if (!turns.length || !/[\p{L}\p{N},;:]$/u.test(lastWords) || ENDING.test(tail)) return null;
  // the last words stop mid-sentence
  return {
    start_char: turns.at(-1)!.end_char,
    evidence: `the last turn stops mid-sentence: "…${lastWords.slice(-60)}"`,
  };
}
