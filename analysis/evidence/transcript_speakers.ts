/**
 * Who is speaking in a transcript's blocks: a line that only names a speaker (in the label form the
 * document uses), a name then a title, two speakers on one line, `Name: words` opening a
 * paragraph, a participant list's entries, and one person labelled with and without a middle name.
 */
import type { Block } from "./transcript_html.ts";
import {
  accepts,
  firmName,
  handedTo,
  type Label,
  type LabelProfile,
  machineName,
  nickname,
  opensTitle,
  OPERATOR,
  personName,
  readInline,
  readLabel,
  roleFromTitle,
  strayLabel,
  titleLike,
  unstamp,
} from "./transcript_labels.ts";
import { QA_WORDS } from "./transcript_qa.ts";
import { key, type Turn } from "./transcript_roles.ts";

export const PARTICIPANT_WORDS = String
  .raw`call participants|company participants|corporate participants|conference call participants|analysts?|participants|executives|company representatives`;
/** Page sections that are about the call, not the call: no turns in them. */
export const META_WORDS = String
  .raw`date|summary|duration|takeaways|key takeaways|risks|industry glossary|glossary|call summary|contents|table of contents|highlights|key points`;
export const SECTION_TITLES = new RegExp(
  `^(?:prepared remarks|presentation|management remarks|opening remarks|full conference call transcript|${QA_WORDS}|${PARTICIPANT_WORDS}|${META_WORDS})\\s*:?$`,
  "i",
);
/** A label read from a line, unless the line is a section title ("Analysts", "Prepared Remarks"). */
export function labelOf(line: string): Label | null {
  return SECTION_TITLES.test(unstamp(line).text) ? null : readLabel(line);
}

/**
 * Whether a name is written at least twice in `all`, remembered per name. A hostile text of
 * thousands of hand-overs to different names would make a search of the whole text per name
 * quadratic: past 64 different names, a name counts as not written twice (a call has far fewer
 * speakers), so its bare line stays in the speech before it.
 */
export function namesWrittenTwice(all: string): ((name: string) => boolean) & { spent?: boolean } {
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
export function nameVariants(name: string): string[] {
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
export function sameSpeakers(turns: Turn[]): string[] {
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
export function participantLine(line: string): Label | null {
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
export function speakerLabel(
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
export function nameThenTitle(text: string): Label | null {
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
export function jointLabel(line: string, known: (name: string) => boolean): string[] | null {
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
export function bulletEntries(text: string): string[] {
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
export function personLine(line: string): boolean {
  const l = labelOf(line);
  return l !== null && l.form !== "role";
}

/**
 * Blocks that list people after words ending in a colon ("Joining me today are:" and two names
 * or more, one a line): the speaker's words, not changes of speaker.
 */
export function listedNames(blocks: Block[]): Set<number> {
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
export function strayIn(b: Block, bareLabels: boolean): string | null {
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
export function inlineSpeaker(
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
