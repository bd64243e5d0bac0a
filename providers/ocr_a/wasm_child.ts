/**
 * tesseract.js in a child process, so that a stopped call can end a recognition at once: one
 * page is a single wasm call that nothing interrupts, and Deno ends a busy Worker only once it
 * yields (terminate() left a page's recognition running for seconds after the time limit). The
 * parent (client.ts) kills this process instead.
 *
 * Run as `deno run ... wasm_child.ts LANG_PATH`. stdin carries pages, each an 8-byte header (PNG
 * length and dpi, unsigned 32-bit big-endian) and the PNG bytes; for each page one line on stdout
 * starts with RESULT and holds the page's JSON ({text, confidence, words} or {error}). The
 * process ends when stdin closes. Same worker settings as ever: the text is the same.
 */

/** Marks the result lines on stdout (anything else a library prints there is ignored). */
export const RESULT = "\u0001finance-ocr ";

/** Text, mean word confidence and word count of one recognised page. */
export interface PageText {
  text: string;
  /** Mean word confidence 0-100. */
  confidence: number | null;
  words: number;
  /** Words holding digits read with low confidence, with their offsets in `text`. */
  uncertain?: UncertainFigure[];
}

/** A figure the engine was unsure of: "86,775" at confidence 49 may be 36,775. */
export interface UncertainFigure {
  text: string;
  confidence: number;
  start: number;
  end: number;
}

/**
 * A word that is a figure: digits with separators, inside brackets, a sign, a currency or a
 * percent ("(2,494)", "86,775", "«290"); not an identifier with letters ("L34103DL1981").
 */
function isFigure(word: string): boolean {
  const core = word.replace(/^[(\[«"'“$€£¥₹+\-–—]+/, "").replace(/[)\]»"'”%,.;:]+$/, "");
  return /\d/.test(core) && /^[\d.,\s'’]+$/.test(core);
}

/** Word confidence (0-100) under which a figure is flagged for checking against the page. */
export const FIGURE_CONFIDENCE = 80;

/**
 * The words holding digits whose confidence is under {@link FIGURE_CONFIDENCE}, placed in the
 * page's text: every word is looked for in reading order from where the last one was found, so a
 * "2" is the right "2".
 */
export function uncertainFigures(
  text: string,
  words: { text: string; confidence: number }[],
): UncertainFigure[] {
  const out: UncertainFigure[] = [];
  let at = 0;
  for (const w of words) {
    const word = w.text.trim();
    if (!word) continue;
    const i = text.indexOf(word, at);
    if (i < 0) continue;
    at = i + word.length;
    if (isFigure(word) && w.confidence < FIGURE_CONFIDENCE) {
      out.push({
        text: word,
        confidence: Math.round(w.confidence * 100) / 100,
        start: i,
        end: i + word.length,
      });
    }
  }
  return out;
}

/** Recognised text with runs of spaces and blank lines squeezed. */
export function cleanText(raw: string): string {
  return raw
    .split("\n").map((l: string) => l.replace(/[ \t]+/g, " ").trim())
    .join("\n").replace(/\n{3,}/g, "\n\n").trim();
}

/** A page's text, mean word confidence and word count from tesseract.js's result. */
// deno-lint-ignore no-explicit-any
export function pageResult(data: any): PageText {
  const text = cleanText(String(data.text ?? ""));
  const words: { confidence: number; text: string }[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      for (const line of para.lines ?? []) words.push(...(line.words ?? []));
    }
  }
  const confidence = words.length
    ? Math.round((words.reduce((s, w) => s + w.confidence, 0) / words.length) * 100) / 100
    : (typeof data.confidence === "number" ? data.confidence : null);
  return {
    text,
    confidence,
    words: words.length,
    uncertain: uncertainFigures(
      text,
      words.map((w) => ({ text: String(w.text ?? ""), confidence: w.confidence })),
    ),
  };
}

/** The tesseract.js worker every page goes through (in this process). */
export async function createEngine(langPath: string) {
  const tesseract = await import("tesseract.js");
  const { Buffer } = await import("node:buffer");
  const worker = await tesseract.createWorker("eng", 1, {
    langPath,
    cacheMethod: "none",
    gzip: true,
  });
  // tprintf output ("Image too small to scale!!") goes to this file instead of stderr.
  await worker.setParameters({ debug_file: "/dev/null" } as Record<string, string>);
  return {
    async page(png: Uint8Array, dpi: number): Promise<PageText> {
      await worker.setParameters({ user_defined_dpi: String(dpi) } as Record<string, string>);
      const { data } = await worker.recognize(Buffer.from(png), {}, {
        text: true,
        blocks: true,
      });
      return pageResult(data);
    },
    async terminate(): Promise<void> {
      await worker.terminate().catch(() => {});
    },
  };
}

/** Reads exactly n bytes from the reader (null at a clean end of input). */
async function readExact(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: { buf: Uint8Array },
  n: number,
): Promise<Uint8Array | null> {
  const parts: Uint8Array[] = [];
  let have = 0;
  while (have < n) {
    if (!pending.buf.length) {
      const { value, done } = await reader.read();
      if (done) {
        if (have === 0) return null;
        throw new Error("input ended inside a page");
      }
      pending.buf = value;
    }
    const take = pending.buf.subarray(0, n - have);
    pending.buf = pending.buf.subarray(take.length);
    parts.push(take);
    have += take.length;
  }
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function main(langPath: string) {
  const engine = await createEngine(langPath);
  const reader = Deno.stdin.readable.getReader();
  const pending = { buf: new Uint8Array(0) };
  const out = new TextEncoder();
  try {
    while (true) {
      const head = await readExact(reader, pending, 8);
      if (!head) break;
      const view = new DataView(head.buffer, head.byteOffset, 8);
      const png = await readExact(reader, pending, view.getUint32(0));
      if (!png) break;
      let line: string;
      try {
        line = JSON.stringify(await engine.page(png, view.getUint32(4)));
      } catch (err) {
        line = JSON.stringify({ error: err instanceof Error ? err.message : String(err) });
      }
      const bytes = out.encode(`${RESULT}${line}\n`);
      for (let at = 0; at < bytes.length;) at += await Deno.stdout.write(bytes.subarray(at));
    }
  } finally {
    await engine.terminate();
  }
}

if (import.meta.main) {
  await main(Deno.args[0]);
  Deno.exit(0);
}
