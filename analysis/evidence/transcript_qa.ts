/**
 * The Q&A of an earnings call: where it starts (a heading, the operator's hand-over to the first
 * caller, a hand-over phrase, the first analyst) and the question/answer pairs in it.
 */
import { roleFromTitle } from "./transcript_labels.ts";
import {
  bodyOf,
  CALLER,
  type Draft,
  introducedIn,
  isPerson,
  key,
  LINE_OPEN,
  operatorTurn,
  type Participant,
  roleFromName,
  speakerIndex,
  type Turn,
} from "./transcript_roles.ts";

export const QA_WORDS = String
  .raw`(?:(?:analyst|investor) )?(?:questions?[- ](?:and|&)[- ]answers?|q ?& ?a|q and a)(?:[- ](?:session|period|portion|segment))?(?: with analysts)?`;
export const QA_HEADING = new RegExp(`^${QA_WORDS}\\s*:?$`, "i");
const QA_START =
  /\b(open (?:up )?the (?:line|lines|call|floor|phones?) (?:up )?(?:for|to) (?:your |any )?questions|take your questions|(?:begin|start|move to|conduct|open) (?:the |our |a )?(?:q&a|q & a|question[- ]and[- ]answer)|question[- ]and[- ]answer (?:portion|session))/i;
/** Words that make a Q&A phrase an announcement of a later Q&A, not its start. */
const LATER =
  /\b(after (?:that|this|which|the|our|their|his|her|these|those|we|i)|afterwards?|later|follow(?:s|ed|ing)?|at the (?:end|conclusion)|then|there will be|will be (?:a|an|the)|before (?:we|that|the)|once|until|prior to)\b/i;
/** The operator asking for or announcing the first caller. */
const FIRST_QUESTION =
  /\b(?:(?:our|the|your) first question|first question (?:comes|is|will come|today)|take (?:our|the) first question|first caller)\b/i;
/** A management turn that only passes the call on, or closes it: not an answer. */
const HANDOFF =
  /\b(next question|next caller|move on to the next|(?:can|could|may) (?:we|i) (?:have|get|go to|take)|operator,? (?:please|can|could|may|would|will)|open (?:it|the (?:call|line|lines|floor)) (?:up )?(?:for|to) questions)\b/i;
const CLOSING =
  /\b(replay of (?:today's|this|the) (?:call|webcast|conference)|(?:concludes?|concluding) (?:our|today's|the|this)|thank(?:s| you)(?: all| everyone| again)? for joining|(?:that|this) (?:concludes|ends) (?:our|today's|the|this))/i;
/** A host (operator, investor relations) reading out a question sent in by an investor. */
const READ_OUT =
  /\b(?:questions? (?:\w+ ){0,3}(?:from|on|via|through|over|in) (?:the |our )?(?:webcast|web|internet|e-?mail|portal|platform|chat|q&a (?:box|tool))|(?:webcast|e-?mail(?:ed)?|written|submitted|text) questions?|(?:an?|one of our|another|some|several) (?:\w+ )?(?:investors?|shareholders?|listeners?)(?: \w+){0,3} (?:asks?|asked|wants?|wanted|would like|wrote|writes|submitted|sent)|(?:read|reading) (?:out )?(?:a |the |some |one |another |next )?(?:\w+ )?questions?)\b/i;

/** How the start of the Q&A was found, strongest first. */
export type QaRule = "heading" | "operator_first_question" | "qa_phrase" | "first_analyst";

export interface QaStart {
  turn: number;
  marker: string;
  rule: QaRule;
}

/**
 * The turn that opens the Q&A when no heading marks it, strongest rule first: the operator's
 * hand-over to the first caller; a present-tense "open the call for questions" (at the end of a
 * speech it starts the Q&A at the next turn; an announcement of a later Q&A does not count); the
 * first speaker titled or listed as an analyst.
 */
export function findQaStart(
  drafts: Draft[],
  text: string,
  participants: Map<string, Participant>,
): QaStart | null {
  const bodies = drafts.map((d) => bodyOf(d, text));
  const index = speakerIndex([...new Set(drafts.filter(isPerson).map((d) => d.speaker))]);
  /** Keys of the speakers of the turns before turn i. */
  const spoken = new Set<string>();
  let caller: QaStart | null = null;
  for (let i = 0; i < drafts.length && !caller; i++) {
    if (i > 0) spoken.add(key(drafts[i - 1].speaker));
    if (!operatorTurn(drafts[i])) continue;
    const first = FIRST_QUESTION.exec(bodies[i]);
    const named = introducedIn(bodies[i], index, false);
    // The caller named must not have spoken yet: an operator does not introduce a caller twice.
    const fresh = [...named].filter((k) => !spoken.has(k));
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
      if (operatorTurn(drafts[i]) && drafts.slice(0, i + 1).every((d) => !isPerson(d))) {
        continue;
      }
      if (operatorTurn(drafts[i])) {
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
    if (between.every((d) => operatorTurn(d))) return phrase;
  }
  if (caller ?? phrase) return caller ?? phrase;
  const analyst = drafts.findIndex((d) =>
    d.hint === "question" || (roleFromTitle(d.title) ?? roleFromName(d.speaker)) === "analyst" ||
    participants.get(key(d.speaker))?.role === "analyst"
  );
  if (analyst < 0) return null;
  const turn = analyst > 0 && operatorTurn(drafts[analyst - 1]) ? analyst - 1 : analyst;
  return { turn, marker: drafts[analyst].speaker, rule: "first_analyst" };
}

/**
 * Where the Q&A of a transcript with no speaker labels starts (an API's plain text, a saved
 * level-4 answer): the first Q&A heading after some text, else the sentence where the first
 * caller is asked for, else a present-tense hand-over phrase. No turns exist to hang it on, so
 * the start is a character offset; before it the text is prepared remarks.
 */
export function plainQaStart(
  text: string,
  headingAt: number | null,
): { start_char: number; marker: string; rule: QaRule } | null {
  if (headingAt !== null) {
    const marker = text.slice(headingAt).split("\n")[0].trim();
    return { start_char: headingAt, marker, rule: "heading" };
  }
  /** Where the sentence holding offset `at` opens, past the spaces after the last stop. */
  const sentenceStart = (at: number) => {
    if (at === 0) return 0;
    let from = Math.max(...[".", "!", "?", "\n"].map((p) => text.lastIndexOf(p, at - 1))) + 1;
    while (from < at && /\s/.test(text[from])) from++;
    return from;
  };
  const first = FIRST_QUESTION.exec(text);
  if (first) {
    return {
      start_char: sentenceStart(first.index),
      marker: first[0],
      rule: "operator_first_question",
    };
  }
  for (const m of text.matchAll(new RegExp(QA_START.source, "gi"))) {
    // the operator's welcome describes the call ("this call will include a Q&A session")
    if (m.index < WELCOME_CHARS) continue;
    const at = sentenceStart(m.index);
    // "after that, we'll open the call to questions" announces a later Q&A; it does not start it
    if (LATER.test(text.slice(at, m.index + m[0].length))) continue;
    return { start_char: at, marker: m[0], rule: "qa_phrase" };
  }
  return null;
}

/** The opening characters of an unlabelled call where the welcome describes what follows. */
const WELCOME_CHARS = 1000;

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

/** A host calling on the next analyst by name ("Next, we'll go to Carl White at Morgan Stanley"). */
const TO_CALLER =
  /\b(?:(?:we'll|we will|let's|let us|we're going to|i'll|i will|we can) (?:now )?(?:next )?(?:go|move|turn|head)(?: on| over| back)? to|next,? (?:we have|is|up is|we'll hear from|we will hear from)|(?:questions?|caller) (?:today )?(?:comes?|is|will come|will be) from|(?:take|hear) (?:our |the |a )?(?:next |last |final |following )?(?:questions? )?from|line of)\s+(?:the line of\s+)?/gi;

/** A caller's full name, then their firm ("with", "from", "at", "of") or the sentence's end. */
const CALLER_NAME =
  /^\p{Lu}[\p{L}.'’-]+(?:\s+\p{Lu}[\p{L}.'’-]+){1,3}(?:\s+(?:with|from|at|of)\b|\s*[.,;!?]|\s*$)/u;

/**
 * True when `s` hands the line to a caller named right after the phrase: "We'll go to Carl White
 * at Morgan Stanley" does, "We'll go to Best Buy and Target next quarter" does not.
 */
function handsToCaller(s: string): boolean {
  for (const m of s.matchAll(TO_CALLER)) {
    if (CALLER_NAME.test(s.slice(m.index + m[0].length))) return true;
  }
  return false;
}

const handsOff = (s: string) => HANDOFF.test(s) || handsToCaller(s);

/**
 * True for a management turn that only passes the call on ("Thanks, Jim. Can we have the next
 * question, please?", "Next, we'll go to Carl White at Morgan Stanley") or closes it ("A replay of
 * today's call will be available…"): no answer.
 */
/** Words of a short sentence that passes the call on, not an answer. */
const SHORT_PASS =
  /^\W*(?:[\p{L}'’]+[,\s]+)?(?:operator|next|go ahead|please|over to|back to|moving on|let'?s|question|the line|who'?s next|thanks?|thank you)\b|^\W*[\p{L}'’]+\W*$/iu;

export function passesOn(text: string): boolean {
  if (CLOSING.test(text) && text.length < 2000) return true;
  if (text.length > 400 || !handsOff(text)) return false;
  const sentences = text.split(/(?<=[.!?])\s+/).filter(Boolean);
  // a short sentence passes the call on ("Operator?", "Next question, please.") unless it says
  // something of its own ("Pricing was stable.": an answer before the hand-off)
  return sentences.every((s) =>
    (handsOff(s) && s.length <= 90) || PLEASANTRY.test(s.trim()) ||
    (s.length <= 25 && SHORT_PASS.test(s))
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

/**
 * True when a turn that closes the call answers first: words before the closing sentence that
 * are more than thanks or a hand-off ("Pricing was flat. Thank you all for joining us today.").
 */
export function answersBeforeClosing(text: string): boolean {
  const m = CLOSING.exec(text);
  if (!m) return false;
  const before = text.slice(0, text.lastIndexOf(".", m.index) + 1);
  return before.split(/(?<=[.!?])\s+/).some((s) =>
    s.trim().length > 25 && !PLEASANTRY.test(s.trim()) && !HANDOFF.test(s)
  );
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
      // "Great, thank you." under another caller's name asks nothing: a caller's thanks a
      // machine transcript gave the wrong voice, or a stray line; it opens no question
      if (PLEASANTRY.test(t.text.trim())) continue;
      close();
      open = {
        questioner: t.speaker,
        questioner_title: t.speaker_title,
        question: [cite],
        answers: [],
      };
    } else if (
      passesOn(t.text) &&
      !((open as QaPair | null)?.answers.length === 0 && answersBeforeClosing(t.text))
    ) {
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
