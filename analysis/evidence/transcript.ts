/**
 * Earnings-call structure from text blocks: speaker turns with roles, prepared remarks versus
 * Q&A, participants, and character offsets into the transcript text every passage comes from.
 */
import type { Block } from "./transcript_html.ts";
import {
  accepts,
  bareOnce,
  firmName,
  handedTo,
  type Label,
  type LabelProfile,
  machineName,
  nickname,
  opensTitle,
  OPERATOR,
  personName,
  profileLabels,
  readInline,
  readLabel,
  type Role,
  roleFromTitle,
  strayLabel,
  titleLike,
  unstamp,
} from "./transcript_labels.ts";
import {
  findQaStart,
  plainQaStart,
  QA_HEADING,
  QA_WORDS,
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

export type { Role };
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
/** The words a call ends with; missing at the end, the transcript may be cut. */
const ENDING =
  /\b(?:disconnect|(?:concludes?|concluding|ends?) (?:our|today's|the|this)|(?:closing remarks|signoff|sign-off)\]|thank(?:s| you)(?:,)?(?: all| everyone| again| very much)?(?:,)? for (?:your )?(?:joining|participating|participation|attending|listening|your time|your interest|being with us)|(?:talk|speak) (?:to|with) (?:you|everyone|all of you) (?:next|again|soon|in)|look forward to (?:speaking|talking|updating|seeing|sharing)|(?:have|enjoy) a (?:good|great|nice|wonderful) (?:day|evening|afternoon|weekend)|end of (?:the |today's )?(?:call|conference|q&a|question))/i;

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

/**
 * Keys a participant's name is matched by: the whole name without suffixes ("John Doe, Jr." is
 * "john doe") and, for three words or more, first and last ("John A. Doe" is "john doe"); a name
 * with a nickname by both names (`Robert "Bob" Smith` by "robert smith" and "bob smith").
 */
function nameVariants(name: string): string[] {
  // `Robert "Bob" Smith` is matched by Robert Smith and Bob Smith too
  const nick = nickname(name);
  if (nick) return [key(name), ...nameVariants(nick.full), ...nameVariants(nick.nick)];
  const words = key(name).split(" ").filter((w, i) =>
    w && !SUFFIX_WORD.test(w) && !(i === 0 && HONORIFIC.test(w))
  );
  if (words.length < 2) return [];
  const whole = words.join(" ");
  return words.length > 2 ? [whole, `${words[0]} ${words.at(-1)}`] : [whole];
}

/**
 * A speaker labelled with and without a middle name or initial ("Colette Kress", later "Colette
 * M. Kress") is one person: the later label is listed as the first one heard, when both have
 * the same role. Says each such pair; a participant list's name (listed_as) stands as it is.
 */
function sameSpeakers(turns: Turn[]): string[] {
  const first = new Map<string, Turn>();
  const said = new Set<string>();
  for (const t of turns) {
    if (t.listed_as || machineName(t.speaker) || OPERATOR.test(t.speaker)) continue;
    const variants = nameVariants(t.speaker);
    const core = variants.at(-1);
    if (!core || !core.includes(" ")) continue;
    const seen = first.get(core);
    if (!seen) {
      first.set(core, t);
      continue;
    }
    if (key(seen.speaker) === key(t.speaker) || seen.role !== t.role) continue;
    // one of the two is the name without a middle: "John A. Smith" and "John B. Smith" are two
    if (nameVariants(seen.speaker)[0] !== core && variants[0] !== core) continue;
    t.listed_as = seen.listed_as ?? seen.speaker;
    said.add(`"${t.speaker}" as "${t.listed_as}"`);
  }
  return [...said];
}

const SUFFIX_WORD = /^(?:jr|sr|ii|iii|iv|phd|cfa|cpa|md)$/;
/** "Dr. Lisa Su" is Lisa Su. */
const HONORIFIC = /^(?:dr|mr|mrs|ms|prof|sir)$/;

/** A participant-list line: `Name -- Title`, `Name, Title`, `Name (Firm)`, or the title first. */
function participantLine(line: string): Label | null {
  const text = line.replace(/^[•*-]\s*/, "");
  const parts = unstamp(text).text.split(/\s+(?:--|—|–|-)\s+/).map((p) => p.trim())
    .filter(Boolean);
  if (parts.length >= 2) {
    const last = parts.at(-1)!;
    const head = parts.slice(0, -1).join(" -- ");
    const named = labelOf(last);
    // a title is no name: "Chief Executive Officer — Mira Castell" names Mira Castell; a firm
    // is no name either ("Alex Analyst - Goldman Sachs" names Alex Analyst of Goldman Sachs,
    // and so does "Goldman Sachs - Alex Analyst")
    if (
      named?.form === "bare" && !roleFromTitle(last) && !firmName(last) &&
      ((roleFromTitle(head) && opensTitle(head)) || firmName(head))
    ) {
      return {
        ...named,
        title: head,
        company: firmName(head) ? head : null,
        form: "dash",
        titled: true,
      };
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
  listed?: (name: string) => boolean,
): Label | null {
  const line = firstLine ? b.text.split("\n")[0] : b.text;
  const titled = firstLine ? null : nameThenTitle(b.text);
  if (titled) return accepts(titled, "line", profile, b.hint !== null) ? titled : null;
  const label = labelOf(line);
  if (!label) return null;
  // a full name alone on its line that the participant list names is that participant speaking
  if (label.form !== "role" && !label.opener && !label.machine && listed?.(label.name)) {
    return label;
  }
  const markup = (b.bold && !firstLine) || b.hint !== null;
  const introduced = hand !== undefined && label.form === "bare" &&
    handedTo(label.name, hand.before, hand.writtenTwice);
  return accepts(label, "line", profile, markup, introduced) ? label : null;
}

/**
 * A block of two lines, a name and a title ("John Doe" then "Chief Executive Officer", as IR
 * pages write `<b>John Doe</b><br>Chief Executive Officer`), read as `John Doe -- Chief Executive
 * Officer`; the second line must say it is a title or a firm, so two names are no label.
 */
function nameThenTitle(text: string): Label | null {
  const nl = text.indexOf("\n");
  if (nl < 0 || text.indexOf("\n", nl + 1) >= 0) return null;
  const name = labelOf(text.slice(0, nl));
  const title = text.slice(nl + 1).trim();
  if (name?.form !== "bare" || name.opener || name.machine || title.includes(" -- ")) return null;
  if (!titleLike(title) || !(roleFromTitle(title) || firmName(title))) return null;
  // "Chief among the reasons was demand" is a sentence: every word of a title is capitalised
  if (!title.split(/\s+/).every((w) => /^[\p{Lu}\p{N}&(]/u.test(w) || TITLE_CONNECTOR.test(w))) {
    return null;
  }
  const label = readLabel(`${name.name} -- ${title}`);
  return label?.form === "dash" ? label : null;
}

const TITLE_CONNECTOR = /^(?:and|of|for|the|&|\/|-)$/;

/**
 * The names of a line naming two speakers or more ("John Doe and Mary Major", "John Doe, Mary
 * Major"), each a full name that `known` knows (listed or heard before); else null.
 */
function jointLabel(line: string, known: (name: string) => boolean): string[] | null {
  const t = line.trim();
  if (t.length > 160 || !/,|\band\b|&|\//.test(t)) return null;
  const parts = t.split(/\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+|\s*\/\s*/).filter(Boolean);
  if (parts.length < 2 || parts.length > 4) return null;
  return parts.every((p) => {
      const l = labelOf(p);
      return l?.form === "bare" && p.includes(" ") && known(l.name);
    })
    ? parts
    : null;
}

const BULLET = /^[•*]\s+/;

/**
 * The entries of a participant list block: its lines, or where bullets open the entries and
 * lines under them carry the firm and title (`* Jane Smith` over `Acme Corp. - VP of IR`, the
 * Refinitiv layout), each bullet line joined with the lines under it (`Jane Smith -- Acme Corp. -
 * VP of IR`).
 */
function bulletEntries(text: string): string[] {
  const lines = text.split("\n");
  if (!BULLET.test(lines[0]) || lines.every((l) => BULLET.test(l))) return lines;
  const out: string[] = [];
  for (const line of lines) {
    if (BULLET.test(line) || !out.length) out.push(line.replace(BULLET, ""));
    else out[out.length - 1] += ` -- ${line}`;
  }
  return out;
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
    let j = i;
    for (; single(blocks[j]); j++) out.add(j);
    // the rest of the run is in already: not read again from each of its lines (linear time)
    i = j - 1;
  }
  return out;
}

/** The first line of a speech block when it reads as a person's label the document did not take. */
function strayIn(b: Block, bareLabels: boolean): string | null {
  const first = b.text.split("\n")[0];
  const line = labelOf(first);
  // where labels are names alone on a line, a full name alone on a line not taken is said too
  const bare = bareLabels && line?.form === "bare" && !b.text.includes("\n") &&
    !line.opener && personName(line.name) && line.name.split(/\s+/).length >= 2;
  if (line) return strayLabel(line) || bare ? first.trim() : null;
  const inline = readInline(b.text);
  return inline && strayLabel(inline.label) && inline.label.form !== "bare"
    ? b.text.slice(0, inline.rest).trim()
    : null;
}

/** `Name: words…` (or `[00:01:02] Name, CFO: words…`) at the start of a paragraph. */
function inlineSpeaker(
  b: Block,
  profile: LabelProfile,
  hand: { before: string; writtenTwice: (name: string) => boolean },
): (Label & { rest: number }) | null {
  const hit = readInline(b.text);
  if (!hit || SECTION_TITLES.test(hit.label.name)) return null;
  // "So Yamamoto: …" heard once counts after a hand-over to that name
  const introduced = hit.label.opener === true &&
    handedTo(hit.label.name, hand.before, hand.writtenTwice);
  return accepts(hit.label, "inline", profile, b.hint !== null, introduced)
    ? { ...hit.label, rest: hit.rest }
    : null;
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
