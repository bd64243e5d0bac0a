/**
 * Speaker labels of earnings-call transcripts in the forms sites write them: `Name -- Title`,
 * `Name — Company — Title`, `Name, Title`, `Name, Company - Title`, `Name (Title)`, a bare name,
 * with timestamps (`[00:01:23] Name`) or turn numbers (`Name [3]`), on a line of their own or
 * before a colon and the words (`Name: words`); and the numbered speakers of machine transcripts
 * (`Speaker 1`, `SPEAKER_00`, `Unknown Speaker`, `Participant 3`). Reading a label and deciding whether a line is one
 * are kept apart: a line is read here, and the document's own label form decides (see
 * `LabelProfile`), so an ordinary sentence with a comma or a parenthesis is never a speaker.
 */
import type { Block } from "./transcript_html.ts";

export type Role = "operator" | "management" | "analyst" | "interpreter" | "unknown";

export const OPERATOR =
  /^(?:the )?(?:operator|coordinator|moderator|host|conference (?:call )?(?:operator|host|moderator|coordinator)|(?:call|event|webcast) (?:operator|host|moderator|coordinator)|operadora?|op[ée]rat(?:eur|rice))$/i;
export const INTERPRETER =
  /^(?:the )?(?:(?:simultaneous |unidentified )?interpreter|translator|interpretation)$/i;
const NAME =
  /^\p{Lu}[\p{L}.'’-]*(?:\s+(?:\p{Lu}[\p{L}.'’-]*|de|van|von|da|del|la|le|di|bin|dos|du|ter)){0,5}$/u;
/**
 * The numbered speakers of machine transcripts (Zoom, Otter, Rev, Whisper diarisation):
 * `Speaker 1`, `SPEAKER_00`, `Speaker A`, `Participant 3`, `Unknown Speaker`. The whole label
 * only: "Speaker of the House" or "speaker 1 of 3" in a sentence is none.
 */
const MACHINE =
  /^(?:(?:speaker|participant|spk|guest)[ _-]?(?:\d{1,3}|[A-Z])|(?:unknown|unidentified) speaker(?:[ _-]?\d{1,3})?)$/i;
/**
 * The labels transcribers give speakers they could not name ("Unidentified Analyst", "Unknown
 * Company Representative", "Unidentified Participant"): a speaker, the role said by the words.
 */
const UNIDENTIFIED =
  /^(?:unidentified|unknown|unnamed)(?: (?:company|corporate|male|female))? (?:analyst|participant|representative|executive|caller|attendee|questioner)$/i;
/** `[00:12:34]`, `(12:34)`, `00:12:34` next to a speaker label. */
export const STAMP = String.raw`[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?[\])]?`;
/** Stamps at either edge of a label, with the `|` or `·` some sites put between them. */
const EDGE_STAMPS = new RegExp(`^(?:${STAMP}\\s*[|·•]?\\s*)+|(?:\\s*[|·•]?\\s*${STAMP})+$`, "g");
/** `Timothy D. Cook, Apple Inc. - CEO [3]`: the turn number some transcript services add. */
const TURN_NUMBER = /\s*\[\d{1,3}\]$/;
/** Separators between a name and its title or company: `--`, dashes with spaces, em and en dashes. */
const DASHES = /\s+(?:--|—|–|-)\s+|\s*(?:--|—|–)\s*/;
/** Parts written after a name that belong to it, not to a title (`John Smith, Jr.`). */
const SUFFIX = /^(?:jr|sr|ii|iii|iv|ph\.?\s?d|cfa|cpa)\.?$/i;

/** Words of titles: a part holding one is a title, not a sentence. */
const TITLE_WORDS =
  /\b(?:chief|ceo|cfo|coo|cto|cio|cao|cmo|cro|cso|president|vice|vp|svp|evp|gvp|officer|director|head|chair(?:man|woman|person)?|founder|co-founder|treasurer|controller|secretary|counsel|analyst|manager|partner|principal|investor relations|ir|strategist|economist|associate|md|executive|senior|deputy|research|relations|operations|finance|managing|representative)\b/i;
/** Words of company names, and the brokers analysts on calls come from most often. */
const COMPANY_WORDS =
  /\b(?:inc|incorporated|corp|corporation|co|company|llc|lp|llp|ltd|limited|plc|group|holdings|capital|securities|bank|banc|partners|advisors|advisers|markets|investments|associates|trust|ag|sa|nv|se|gmbh|bv|ab|asa|spa|brothers|sachs|stanley|morgan|jpmorgan|citi|citigroup|barclays|ubs|jefferies|cowen|evercore|isi|bernstein|fargo|piper|sandler|raymond james|keybanc|mizuho|nomura|macquarie|bmo|rbc|hsbc|deutsche|credit suisse|oppenheimer|needham|baird|stifel|truist|wedbush|bofa|merrill)\b/i;
/** Small words a title or company may hold in lower case. */
const CONNECTOR = /^(?:and|of|for|the|to|in|at|on|de|du|la|y|und|et|&|\+|\/)$/;
/**
 * Capitalised words that open sentences, headings or figures, never a person's first name:
 * "However, Revenue Grew" or "Thank You, Operator" on a line of its own is no label.
 */
const NOT_FIRST = new Set(
  (
    "thank thanks good great okay ok yes no well so hello hi however also now first second third " +
    "next finally today again sure right question questions answer answers revenue revenues income " +
    "margin margins results outlook guidance note notes source total net gross operating safe " +
    "forward-looking date time duration welcome morning afternoon evening everyone all ladies " +
    "gentlemen and the our we i in on for with as at by this that these those it he she they you " +
    "my your his her let please while if but or financial fiscal full"
  ).split(" "),
);
/**
 * Words of that list that are also given names or family names written first ("So Yamamoto",
 * "He Xiaopeng", "My Tran", "In Kim", "Ok Lee", "No Jae-won", "Hi Nguyen"). A label opening with
 * one is read, but taken only on more evidence than its shape (see `accepts`).
 */
const OPENER_NAMES = new Set(["so", "he", "my", "in", "no", "ok", "hi"]);
/** Words after such an opener that make the line a phrase ("In Closing", "So Far"), not a name. */
const PHRASE_WORD =
  /^(?:far|much|many|closing|conclusion|addition|summary|short|sum|brief|fact|particular|general|turn|terms|other|order|light|line|effect|return|contrast|case|doing|here|there|what|how|why|when|where|who|which|overall|ultimately|basically|anyway|clearly|just|not|one|two|millions?|thousands?|billions?|percent|dollars|usd|apologies|view|sight|practice|theory|fairness)$/i;
/** Nouns of headings and figures that no surname is ("Fourth Quarter Highlights"). */
const HEADING_NOUN =
  /^(?:statements?|highlights?|remarks?|results?|summary|revenues?|session|outlook|guidance|overview|agenda|transcript|participants|presentation|earnings|quarter|margins?|disclaimer|harbor|questions?|answers?|updates?|review|performance|strategy|priorities|initiatives|segments?|developments?|introduction|recap|progress|trends|metrics)$/i;

export type LabelForm = "role" | "dash" | "comma" | "paren" | "bare" | "machine";

/** One speaker label read from a line. */
export interface Label {
  name: string;
  /** Everything the label says after the name (title, company), or null. */
  title: string | null;
  /** The company or firm part, when the label names one apart from the title. */
  company: string | null;
  form: LabelForm;
  /** A timestamp stood next to the name. */
  stamped: boolean;
  /** The title holds a title or company word ("Chief", "CFO", "Inc.", "Evercore"). */
  titled: boolean;
  /** A machine transcript's numbered speaker (`Speaker 1`, `SPEAKER_00`): no name, no role. */
  machine?: true;
  /** The name opens with a word that also opens sentences ("So Yamamoto"). */
  opener?: true;
}

/** True for a machine transcript's numbered speaker label (`Speaker 1`, `SPEAKER_00`). */
export function machineName(name: string): boolean {
  return MACHINE.test(name.trim());
}

/** Strips timestamps and turn numbers from a label's edges; says whether there were any. */
export function unstamp(s: string): { text: string; stamped: boolean } {
  const t = s.trim().replace(/:$/, "").trim();
  const text = t.replace(TURN_NUMBER, "").replace(EDGE_STAMPS, "").trim().replace(/:$/, "").trim();
  // "Jun Sato [Interpreted]": the words are the speaker's, through an interpreter
  return { text: text.replace(INTERPRETED, ""), stamped: text !== t };
}

/** The mark some transcripts put after the name of a speaker heard through an interpreter. */
const INTERPRETED =
  /\s*[[(](?:interpreted|translated|through (?:an )?interpret(?:er|ation)|via (?:an )?interpret(?:er|ation)|foreign language|(?:spoken )?in [A-Z][a-z]+)[\])]$/i;

/** "OPERATOR" and "operator" are the Operator; other role labels keep their words. */
function roleName(name: string): string {
  if (name !== name.toUpperCase() && name !== name.toLowerCase()) return name;
  return name.toLowerCase().replace(
    /(^|\s)(\p{L})/gu,
    (_m, s: string, c: string) => s + c.toUpperCase(),
  );
}

/**
 * True for a person's name: capitalised words (particles such as "de" or "van" aside), short,
 * and no word that opens a sentence or names a figure. Section titles are checked by the caller.
 */
export function personName(s: string): boolean {
  return nameKind(s) === "name";
}

/**
 * "name" for a person's name, "opener" for one whose first word also opens sentences ("So
 * Yamamoto"; never a lone "So", nor "In Closing" or "So Thank You"), null for no name.
 */
function nameKind(s: string): "name" | "opener" | null {
  // "John Doe, Jr.": the suffix after a comma belongs to the name
  let t = s.trim().replace(/,\s+(?:jr|sr|ii|iii|iv)\.?$/i, "");
  // `Robert "Bob" Smith` is a name as Robert Smith is
  const nick = nickname(t);
  if (nick) t = nick.full;
  if (t.length < 2 || t.length > 60 || !NAME.test(t)) return null;
  const words = t.split(/\s+/).map((w) => w.toLowerCase().replace(/[.'’]+$/, ""));
  if (words.some((w) => HEADING_NOUN.test(w))) return null;
  if (!NOT_FIRST.has(words[0])) return "name";
  if (!OPENER_NAMES.has(words[0]) || words.length < 2) return null;
  const rest = words.slice(1);
  return rest.some((w) => NOT_FIRST.has(w) || PHRASE_WORD.test(w)) ? null : "opener";
}

/** `Robert "Bob" Smith`, `Robert “Bob” Smith`, `Robert (Bob) Smith`: a nickname inside a name. */
const NICKNAME =
  /^(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}\.)?)\s+(?:"|“|‘|'|\()(\p{Lu}[\p{L}’-]*)(?:"|”|’|'|\))\s+(\p{Lu}.*)$/u;

/**
 * The two names a name with a quoted nickname stands for: `Robert "Bob" Smith` is Robert Smith
 * (`full`) and Bob Smith (`nick`); null for a name without one.
 */
export function nickname(name: string): { full: string; nick: string } | null {
  // most names hold no quote or parenthesis after a space: no regex for them
  if (!/\s["“‘'(]/.test(name)) return null;
  const m = NICKNAME.exec(name.trim());
  if (!m || m[3].length > 40) return null;
  return { full: `${m[1]} ${m[3]}`, nick: `${m[2]} ${m[3]}` };
}

/** Words of a name, particles and initials aside: "Timothy D. Cook" has two. */
function nameWords(name: string): number {
  return name.split(/\s+/).filter((w) => /^\p{Lu}[\p{L}'’-]{1,}/u.test(w)).length;
}

/**
 * True for a title or company part ("Chief Financial Officer", "Evercore ISI", "EVP & CFO"):
 * capitalised words, abbreviations and connectors only, no sentence punctuation. "revenue grew
 * 12% this quarter" and "our CFO, will now" are no title.
 */
export function titleLike(part: string): boolean {
  const t = part.trim();
  if (!t || t.length > 100 || /[:;?!"“”]/.test(t) || /\.\s+\p{Ll}/u.test(t)) return false;
  const words = t.split(/\s+/);
  if (words.length > 12) return false;
  // "head of investor relations": a title written in lower case still says it is one
  if (words.length <= 8 && TITLE_WORDS.test(t) && !/\d/.test(t)) return true;
  return words.every((w) => {
    const bare = w.replace(/^[("'‘“]+|[),.'’”]+$/g, "");
    return !bare || CONNECTOR.test(bare) || /^[\p{Lu}\p{N}&]/u.test(bare);
  });
}

/** Words a title opens with besides the title words ("Interim CFO", "General Counsel"). */
const TITLE_OPENER =
  /^(?:interim|acting|global|general|group|corporate|assistant|lead|former|co-?head|sr|jr|exec)\.?$/i;

/**
 * True when a part opens with a title's word ("Chief Executive Officer", "EVP & CFO", "Interim
 * CFO"), not with a first name: "Alex Analyst" holds a title word but opens with a name.
 */
export function opensTitle(part: string): boolean {
  const first = part.trim().split(/\s+/)[0].replace(/[,.:]+$/, "");
  return TITLE_WORDS.test(first) || TITLE_OPENER.test(first) || /^[A-Z&/]{2,6}$/.test(first);
}

/** A firm's name ("Goldman Sachs", "Evercore ISI"): company words and no title words. */
export function firmName(part: string): boolean {
  return COMPANY_WORDS.test(part) && !TITLE_WORDS.test(part);
}

/** A title part that says it is one (a title word, a company word, or an abbreviation like IR). */
export function saysTitle(part: string): boolean {
  return TITLE_WORDS.test(part) || COMPANY_WORDS.test(part) ||
    /^[A-Z&/ ]{2,12}$/.test(part.trim());
}

/**
 * The company among a label's parts: the one with company words and no title words ("Evercore
 * ISI" in `Name -- Evercore ISI -- Analyst`), or with two parts or more the one without title words
 * (`Name — Apple — CEO`).
 */
function companyOf(parts: string[]): string | null {
  const named = parts.find((p) => COMPANY_WORDS.test(p) && !TITLE_WORDS.test(p));
  if (named) return named;
  const plain = parts.filter((p) => !TITLE_WORDS.test(p) && !/^[A-Z&/ ]{2,12}$/.test(p));
  return parts.length >= 2 && plain.length === 1 ? plain[0] : null;
}

/** Name plus title parts → a label, when the name is a person's and every part reads as a title. */
function build(
  name: string,
  parts: string[],
  form: LabelForm,
  stamped: boolean,
  joiner: string,
): Label | null {
  const clean = parts.map((p) => p.trim()).filter(Boolean);
  const named = machineName(name) ? "machine" : nameKind(name);
  if (!named || !clean.every(titleLike)) return null;
  return {
    name: name.trim(),
    title: clean.length ? clean.join(joiner) : null,
    company: clean.length ? companyOf(clean) : null,
    form: clean.length ? form : named === "machine" ? "machine" : "bare",
    stamped,
    titled: clean.some(saysTitle),
    ...(named === "machine" ? { machine: true as const } : {}),
    ...(named === "opener" ? { opener: true as const } : {}),
  };
}

/**
 * Reads a line that is nothing but a speaker label, in any of the forms above, or null when the
 * line is no label (a sentence, a figure, a heading). Whether the document uses that form is
 * decided elsewhere.
 */
export function readLabel(line: string): Label | null {
  const { text, stamped } = unstamp(line);
  if (!text || text.length > 160 || text.includes("\n")) return null;
  if (OPERATOR.test(text) || INTERPRETER.test(text)) {
    return {
      name: roleName(text),
      title: null,
      company: null,
      form: "role",
      stamped,
      titled: true,
    };
  }
  const dashed = text.split(DASHES).map((p) => p.trim()).filter(Boolean);
  if (dashed.length >= 2) {
    // `Timothy D. Cook, Apple Inc. - CEO`: the company sits after a comma in the first part
    const [head, ...rest] = dashed;
    const comma = head.indexOf(", ");
    if (comma > 0 && !nameKind(head)) {
      return build(head.slice(0, comma), [head.slice(comma + 2), ...rest], "dash", stamped, " -- ");
    }
    return build(head, rest, "dash", stamped, " -- ");
  }
  const paren = /^([^()]+?)\s*\(([^()]+)\)$/.exec(text);
  if (paren) {
    return build(paren[1], paren[2].split(/\s*,\s+|\s+(?:-|--|—|–)\s+/), "paren", stamped, ", ");
  }
  if (text.includes(", ")) {
    const parts = text.split(/,\s+/);
    let n = 1;
    while (n < parts.length && SUFFIX.test(parts[n].trim())) n++;
    return build(parts.slice(0, n).join(", "), parts.slice(n), "comma", stamped, ", ");
  }
  return build(text, [], "bare", stamped, "");
}

const INLINE = new RegExp(
  `^(?:${STAMP}\\s*[|·•]?\\s*)?([^:\\n]{2,120}?)\\s*(?:${STAMP})?\\s*:\\s+(?=\\S)`,
);

/** `Name: words…` (or `[00:01:02] Name, CFO: words…`) at the start of a paragraph. */
export function readInline(text: string): { label: Label; rest: number } | null {
  const m = INLINE.exec(text);
  if (!m) return null;
  const label = readLabel(m[1]);
  if (!label) return null;
  return { label: { ...label, stamped: label.stamped || /\d:\d/.test(m[0]) }, rest: m[0].length };
}

/** The role a title says: analyst, or management for executive titles; null when it says neither. */
export function roleFromTitle(title: string | null): Role | null {
  if (!title) return null;
  // "Sarah Lee -- Operator": the call's operator, whatever the name
  if (OPERATOR.test(title.trim())) return "operator";
  if (/\banalyst\b/i.test(title)) return "analyst";
  if (
    /\b(chief|ceo|cfo|coo|cto|president|officer|vice president|vp|director|head|chair|founder|treasurer|investor relations|ir)\b/i
      .test(title)
  ) return "management";
  return null;
}

/** Where a label stands: a line of its own (or a block's first line), or before `:` and the words. */
export type Place = "line" | "inline";

/**
 * How the document writes its speaker labels, counted over every block before any is taken:
 * a label form the document uses is trusted, a stray one (a list of names in someone's speech,
 * "Note: …") is not. The operator's label says nothing about the form and is not counted.
 */
export interface LabelProfile {
  counts: Map<string, number>;
  /** Full names that stand alone on a line (or a block's first line) twice or more. */
  recurring: Set<string>;
  max: number;
  /** Labels whose name opens like a sentence ("So Yamamoto") read twice or more, in any form. */
  openers: Set<string>;
  /** Numbered speakers of machine transcripts (`Speaker 1`) read, repeats counted. */
  machine: number;
}

function kind(place: Place, form: LabelForm): string {
  return `${place}:${form}`;
}

/**
 * A label worth counting: titled, or a full name (two words or more). Numbered speakers and names
 * that open like sentences are not counted: the document's other labels must show the form.
 */
function countable(l: Label): boolean {
  return l.form !== "role" && (l.titled || nameWords(l.name) >= 2) && !l.stamped && !l.machine &&
    !l.opener;
}

/** Counts the label forms the document's blocks could hold. */
export function profileLabels(blocks: Block[], isHeading: (s: string) => boolean): LabelProfile {
  const counts = new Map<string, number>();
  const seen = new Map<string, number>();
  const openers = new Map<string, number>();
  let machine = 0;
  const add = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  /** Numbered speakers and sentence-opening names are counted apart; true when `l` is one. */
  const apart = (l: Label) => {
    if (l.machine) machine++;
    if (l.opener) openers.set(l.name, (openers.get(l.name) ?? 0) + 1);
    return l.machine || l.opener;
  };
  for (const b of blocks) {
    const first = b.text.split("\n")[0];
    if (isHeading(first.trim())) continue;
    const line = readLabel(first);
    if (line) {
      if (apart(line)) continue;
      if (countable(line)) add(kind("line", line.form));
      const t = unstamp(first).text;
      // "Thank You" on a line of its own is not a speaker
      if (line.form === "bare" && nameWords(t) >= 2 && !/[.!?,]$/.test(t)) {
        seen.set(t, (seen.get(t) ?? 0) + 1);
      }
      continue;
    }
    const inline = readInline(b.text);
    if (inline && inline.label.form !== "role" && !apart(inline.label)) {
      if (!inline.label.stamped) add(kind("inline", inline.label.form));
      // `Tim: …` twice is a speaker; the key keeps it apart from the line names
      const k = `inline:${inline.label.name}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
  }
  const twice = (m: Map<string, number>) =>
    new Set([...m].filter(([, n]) => n >= 2).map(([t]) => t));
  return {
    counts,
    recurring: twice(seen),
    max: Math.max(0, ...counts.values()),
    openers: twice(openers),
    machine,
  };
}

/**
 * True when a label of this form is one the document uses: seen twice or more (or once, when
 * titled), and not a minority next to another form used three times as often.
 */
function established(p: LabelProfile, place: Place, form: LabelForm, titled: boolean): boolean {
  const n = p.counts.get(kind(place, form)) ?? 0;
  return (n >= 2 || (n >= 1 && titled)) && n * 3 >= p.max;
}

/**
 * Decides whether a label read from a block is the speaker of what follows. The operator, page
 * markup, timestamps and `Name -- Title` (the forms read before) keep their say; `Name, Title`,
 * `Name (Title)`, a bare name and `Name: words` count only in a document that uses that form. A
 * bare name heard once counts when `introduced` (the words just before hand over to that name) in
 * a document whose labels are bare names. A numbered speaker (`Speaker 1`) counts in a document
 * with two of them or more (or stamped, or marked up). A name that opens like a sentence ("So
 * Yamamoto") counts when titled, read as a label twice, or handed over to, and only in a form
 * the document's other labels use (or stamped, or marked up).
 */
export function accepts(
  l: Label,
  place: Place,
  p: LabelProfile,
  markup: boolean,
  introduced = false,
): boolean {
  // "Unidentified Analyst" is the label transcribers give a speaker they could not name
  if (UNIDENTIFIED.test(l.name) && (l.form === "bare" || l.titled)) return true;
  if (l.machine) return markup || l.stamped || p.machine >= 2;
  if (l.opener) {
    if (!l.titled && !p.openers.has(l.name) && !introduced) return false;
    if (markup || l.stamped) return true;
    if (place === "line" && l.form === "bare") return established(p, place, l.form, false);
    return established(p, place, l.form, l.titled);
  }
  if (l.form === "role" || markup || l.stamped) return true;
  const full = nameWords(l.name) >= 2;
  if (place === "line") {
    if (l.form === "dash") return l.titled || established(p, place, l.form, false);
    if (l.form === "bare") {
      return p.recurring.has(l.name) ||
        (introduced && nameWords(l.name) >= 2 && established(p, place, l.form, false));
    }
    return (l.titled || full) && established(p, place, l.form, l.titled);
  }
  // `Name: words`: a one-word name ("Note", "Tim") only when the document uses it again
  return established(p, place, l.form, l.titled) &&
    (full || l.titled || p.recurring.has(`inline:${l.name}`));
}

/**
 * A full name alone on its line heard once (no list names it, nothing hands over to it), in a
 * document whose labels are such names (`recurringNames` of them heard twice or more): a speaker
 * the caller takes with a warning. Names holding title or firm words ("Investor Relations",
 * "Goldman Sachs") and names that open like sentences are not taken.
 */
export function bareOnce(l: Label, p: LabelProfile, recurringNames: number): boolean {
  if (l.form !== "bare" || l.opener || l.machine || l.stamped || recurringNames < 2) return false;
  const words = nameWords(l.name);
  return words >= 2 && words <= 4 && !TITLE_WORDS.test(l.name) && !COMPANY_WORDS.test(l.name) &&
    !BUSINESS_NOUN.test(l.name) && established(p, "line", "bare", false);
}

/**
 * Words of segment and product headings in prepared remarks ("Data Center", "Professional
 * Visualization", "Cloud Services"), never of a person's name: a line holding one heard once is
 * no speaker.
 */
const BUSINESS_NOUN =
  /\b(?:data|center|centre|cloud|services?|products?|platforms?|segments?|business|markets?|customers?|automotive|auto|gaming|visualization|professional|intelligence|pro|energy|storage|software|hardware|solutions|systems|technology|retail|consumer|enterprise|commercial|international|americas|europe|asia|pacific|china|emea|north|south|region(?:al)?|wholesale|devices?|mobile|networking|infrastructure|health(?:care)?|industrial|financial|outlook|capital|allocation|balance|sheet|cash|flow|update|overview|operating|expenses|pricing|demand|supply|sales|orders|backlog|innovation|sustainability|esg)\b/i;

/** A label that the document's form did not take though it reads as one: said in a warning. */
export function strayLabel(l: Label): boolean {
  return l.machine === true ||
    (l.form !== "role" && nameWords(l.name) >= 2 && (l.titled || l.form !== "bare"));
}

/**
 * True when the text just before a bare-name line hands over to that name ("turn the call over to
 * Tim", "comes from Amit Daryanani") and the full name is written elsewhere too (`writtenTwice`,
 * which the caller bounds: it reads the whole text): a one-off line of two capitalised words
 * ("Apple Watch") is then not taken for a speaker on its own.
 */
export function handedTo(
  name: string,
  before: string,
  writtenTwice: (name: string) => boolean,
): boolean {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}[\p{L}'’-]+$/u.test(w));
  if (words.length < 2) return false;
  // "So" of "So Yamamoto" is in every other sentence: the hand-over must name the rest
  const telling = words.filter((w) => !NOT_FIRST.has(w.toLowerCase()));
  return telling.some((w) => hasWord(before, w)) && writtenTwice(name);
}

const LETTER = /\p{L}/u;

/** True when `word` stands in `text` as a word of its own (no letter right before or after it). */
function hasWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    const before = i > 0 ? text[i - 1] : "";
    const after = text[i + word.length] ?? "";
    if (!LETTER.test(before) && !LETTER.test(after)) return true;
  }
  return false;
}
