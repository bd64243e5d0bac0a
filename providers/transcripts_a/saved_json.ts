/**
 * Transcript API answers saved as JSON (EarningsCall's /transcript at levels 1-4, FMP's
 * earning_call_transcript) turned into the labelled plain text the transcript reader parses.
 * Read as text, such a file passed as one paragraph of JSON syntax, its `event` dates and its
 * prepared-remarks/Q&A split unread; JSON of any other layout is refused, never read as prose.
 */
import { InputError } from "../../core/errors.ts";

/** A saved answer as labelled text, with what the answer itself says about the call. */
export interface SavedTranscript {
  /** Paragraphs parted by blank lines; a speaker's label on its own paragraph before the words. */
  text: string;
  /** Which layout was read, for messages ("EarningsCall level 2 (speakers)"). */
  layout: string;
  /** The fiscal quarter the answer's own fields name ("Q1 2022"), else null. */
  quarter: string | null;
  /** The call's date as the answer writes it, in the call's own time zone (YYYY-MM-DD). */
  call_date: string | null;
  /** The field and value the date was read from, for the warning that cites it. */
  dated_by: string | null;
  /** What the reader should know about this answer (provider-assigned names, a missing Q&A). */
  warnings: string[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The body as a saved transcript answer; null when it is no JSON at all (a text transcript may
 * open with "[Operator Instructions]"). JSON of no known layout throws, naming its keys.
 */
export function savedTranscript(body: string, shownUrl: string): SavedTranscript | null {
  const head = body.trimStart()[0];
  if (head !== "{" && head !== "[") return null;
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return null;
  }
  if (Array.isArray(doc)) return fmpTranscript(doc, shownUrl);
  if (isObject(doc)) {
    if ("speakers" in doc || "prepared_remarks" in doc || "text" in doc) {
      return earningsCall(doc, shownUrl);
    }
  }
  throw unknownLayout(doc, shownUrl);
}

function unknownLayout(doc: unknown, shownUrl: string): InputError {
  const keys = isObject(doc)
    ? Object.keys(doc).slice(0, 8).join(", ") || "none"
    : Array.isArray(doc)
    ? `a list of ${doc.length}`
    : typeof doc;
  return new InputError(
    `${shownUrl} is JSON (keys: ${keys}) in no transcript layout this reader knows: it reads ` +
      "HTML pages, plain text with speaker labels, EarningsCall /transcript answers (text, " +
      "speakers or prepared_remarks) and FMP earning_call_transcript answers (content); save " +
      "the transcript as text or HTML, or read the file with document.read",
  );
}

/** `{"year": 2022, "quarter": 1}` as "Q1 2022"; null unless both are whole numbers in range. */
function quarterOf(year: unknown, quarter: unknown): string | null {
  const y = Number(year);
  const q = Number(quarter);
  if (!Number.isInteger(y) || y < 1990 || y > 2100 || !Number.isInteger(q) || q < 1 || q > 4) {
    return null;
  }
  return `Q${q} ${y}`;
}

/**
 * The calendar date a timestamp writes ("2022-01-27T14:00:00.000-08:00" → 2022-01-27): the
 * call's own local day, not the UTC day (an 8 p.m. New York call is the next day in UTC).
 */
function localDate(stamp: unknown): string | null {
  if (typeof stamp !== "string") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]|$)/.exec(stamp.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    ? `${m[1]}-${m[2]}-${m[3]}`
    : null;
}

/** One diarized speaker's name and title from EarningsCall's speaker_name_map_v2, if given. */
function speakerLabel(id: string, map: Json | null): { label: string; named: boolean } {
  const entry = map && Object.hasOwn(map, id) ? map[id] : undefined;
  if (isObject(entry) && typeof entry.name === "string" && entry.name.trim()) {
    const title = typeof entry.title === "string" && entry.title.trim() ? entry.title.trim() : null;
    // "Name -- Title": the dash form the label reader takes apart into name and title
    return { label: title ? `${entry.name.trim()} -- ${title}` : entry.name.trim(), named: true };
  }
  return { label: id.trim(), named: false };
}

/** The words of one diarized turn: level 2 gives text, level 3 the words one by one. */
function turnWords(turn: Json): string | null {
  if (typeof turn.text === "string") return turn.text;
  if (Array.isArray(turn.words) && turn.words.every((w) => typeof w === "string")) {
    return turn.words.join(" ");
  }
  return null;
}

function earningsCall(doc: Json, shownUrl: string): SavedTranscript {
  const event = isObject(doc.event) ? doc.event : {};
  const base = {
    quarter: quarterOf(event.year, event.quarter),
    call_date: localDate(event.conference_date),
    dated_by: typeof event.conference_date === "string"
      ? `event.conference_date ${event.conference_date}`
      : null,
  };
  const bad = (what: string) =>
    new InputError(
      `${shownUrl} looks like an EarningsCall transcript answer but ${what}: the file is not read as a transcript; save it again from the API or as text`,
    );
  if (Array.isArray(doc.speakers)) {
    const map = isObject(doc.speaker_name_map_v2) ? doc.speaker_name_map_v2 : null;
    const parts: string[] = [];
    let named = 0;
    for (const [i, turn] of doc.speakers.entries()) {
      const words = isObject(turn) && typeof turn.speaker === "string" ? turnWords(turn) : null;
      if (words === null || !isObject(turn)) {
        throw bad(`speakers[${i}] has no speaker id with text or words`);
      }
      const { label, named: isNamed } = speakerLabel(String(turn.speaker), map);
      if (isNamed) named++;
      if (words.trim()) parts.push(label, words.trim());
    }
    const level = doc.speakers.some((t) => isObject(t) && Array.isArray(t.words)) ? 3 : 2;
    // numbered voices (spk01...) are said by the label reader; names from the map are said here
    const warnings = named
      ? [
        "speaker names and titles are EarningsCall's speaker_name_map_v2, assigned by machine " +
        "to the voices it told apart, not written by a transcriber: check a name against what " +
        "the speaker says (who hands over to whom) before quoting it as theirs",
      ]
      : [];
    return { ...base, text: parts.join("\n\n"), layout: `EarningsCall level ${level}`, warnings };
  }
  if ("prepared_remarks" in doc) {
    if (typeof doc.prepared_remarks !== "string") throw bad("prepared_remarks is not text");
    const qa = doc.questions_and_answers;
    if (qa !== null && qa !== undefined && typeof qa !== "string") {
      throw bad("questions_and_answers is not text");
    }
    const warnings: string[] = [];
    if (typeof qa === "string" && qa.trim()) {
      warnings.push(
        'the text is EarningsCall\'s prepared_remarks, a "Questions and Answers" line put where ' +
          "its answer parts them, then its questions_and_answers: the line is the reader's, the " +
          "words around it the answer's",
      );
    } else {
      // NVIDIA's Q2 FY2025 answer holds the whole call, Q&A included, in prepared_remarks
      warnings.push(
        "EarningsCall's answer has no questions_and_answers part (null or empty): its " +
          "prepared_remarks may hold the whole call, Q&A included, so the Q&A start is looked " +
          "for in the text, not taken from the answer's split",
      );
    }
    const text = typeof qa === "string" && qa.trim()
      ? `${doc.prepared_remarks.trim()}\n\nQuestions and Answers\n\n${qa.trim()}`
      : doc.prepared_remarks.trim();
    return { ...base, text, layout: "EarningsCall level 4", warnings };
  }
  if (typeof doc.text !== "string") throw bad("text is not text");
  return { ...base, text: doc.text, layout: "EarningsCall level 1", warnings: [] };
}

/** FMP's earning_call_transcript: a list of {symbol, quarter, year, date, content}, one call. */
function fmpTranscript(list: unknown[], shownUrl: string): SavedTranscript {
  if (!list.length) {
    throw new InputError(
      `${shownUrl} is an empty JSON list: no transcript in it (FMP answers [] for a call it does not have); save a transcript that holds the call`,
    );
  }
  const calls = list.filter((c) => isObject(c) && typeof c.content === "string") as Json[];
  if (!calls.length || calls.length !== list.length) throw unknownLayout(list, shownUrl);
  if (calls.length > 1) {
    const named = calls.slice(0, 4).map((c) =>
      `${c.symbol ?? "?"} ${quarterOf(c.year, c.quarter) ?? c.date ?? "?"}`
    );
    throw new InputError(
      `${shownUrl} holds ${calls.length} transcripts (${named.join(", ")}${
        calls.length > 4 ? ", ..." : ""
      }): which one to read is not known; save the one wanted on its own`,
    );
  }
  const call = calls[0];
  return {
    // FMP writes "Name: words" a line per turn; blank lines part the turns for the reader
    text: (call.content as string).replace(/\r\n?/g, "\n").split("\n").filter((l) => l.trim())
      .join("\n\n"),
    layout: "FMP earning_call_transcript",
    quarter: quarterOf(call.year, call.quarter),
    call_date: localDate(call.date),
    dated_by: typeof call.date === "string" ? `date ${call.date}` : null,
    warnings: [],
  };
}
