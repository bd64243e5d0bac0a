/**
 * The HTTP adapter's answers of pure calculators, by command and the exact text of the request
 * body. A pure calculator's envelope depends on its arguments alone (adapters/pure.ts: no clock, no
 * session, no provider), so the same body text asked of the same command gets the same answer
 * text. The adapter stores only bodies that passed every check on the way in (UTF-8, JSON, an
 * object, no reserved or repeated key) and were answered by the pure path: a hit stands for a
 * body that would pass them again, since each check reads nothing but the text.
 *
 * Bounded in entries and in bytes held (bodies and answers together, two bytes a character, as
 * V8 holds text at most); past either bound the oldest entries go first. Once it is full, only
 * one new body in ADMIT_EVERY is let in: with every body new (measured with
 * `bench/adapter_wrk.ts --distinct`) replacing an entry per request cost the server about a
 * tenth more CPU per request than keeping none, for no hit, while a body sent again and again
 * still gets in after a few sends. Long bodies are not kept at all.
 */

/** Default bounds: entries, bytes held (bodies plus answers), longest body kept (characters). */
export const MEMO_ENTRIES = 1024;
export const MEMO_BYTES = 2 * 1024 * 1024;
export const MEMO_BODY_CHARS = 4096;
/** Once the memo is full, one new body in this many replaces its oldest entry. */
export const ADMIT_EVERY = 16;

interface Kept {
  answers: Map<string, string>;
  body: string;
  bytes: number;
}

export class AnswerMemo {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly maxBodyChars: number;
  readonly #byCommand = new Map<string, Map<string, string>>();
  /** Entries oldest first, from `#head` on (the part before it is already gone). */
  #order: Kept[] = [];
  #head = 0;
  #bytes = 0;
  /** New bodies not let in since the memo was last full and let one in. */
  #turnedAway = 0;

  constructor(maxEntries = MEMO_ENTRIES, maxBytes = MEMO_BYTES, maxBodyChars = MEMO_BODY_CHARS) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.maxBodyChars = maxBodyChars;
  }

  /** Entries held. */
  get size(): number {
    return this.#order.length - this.#head;
  }

  /** Bytes held, bodies and answers together (two a character). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The answer text kept for `body` sent to `command`, if any. */
  get(command: string, body: string): string | undefined {
    return this.#byCommand.get(command)?.get(body);
  }

  /** Keeps `answer` (the response text) for `body` sent to `command`, within the bounds. */
  set(command: string, body: string, answer: string): void {
    const bytes = 2 * (body.length + answer.length);
    if (body.length > this.maxBodyChars || bytes > this.maxBytes || this.maxEntries < 1) return;
    let answers = this.#byCommand.get(command);
    if (!answers) this.#byCommand.set(command, answers = new Map());
    if (answers.has(body)) return;
    const full = this.size >= this.maxEntries || this.#bytes + bytes > this.maxBytes;
    if (full && ++this.#turnedAway < ADMIT_EVERY) return;
    this.#turnedAway = 0;
    while (this.size >= this.maxEntries || this.#bytes + bytes > this.maxBytes) this.#dropOldest();
    answers.set(body, answer);
    this.#order.push({ answers, body, bytes });
    this.#bytes += bytes;
  }

  #dropOldest(): void {
    const oldest = this.#order[this.#head];
    this.#order[this.#head++] = undefined as unknown as Kept;
    oldest.answers.delete(oldest.body);
    this.#bytes -= oldest.bytes;
    // the dropped part of the list is cut off once it is most of it (amortised, no shift per drop)
    if (this.#head > 64 && this.#head * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#head);
      this.#head = 0;
    }
  }
}
