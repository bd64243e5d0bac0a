/**
 * Garbage collected before OCR decodes a page, when that lowers the process's peak.
 *
 * - Loading the program grows V8's young generation to its largest size (two 16 MiB
 *   semi-spaces, both touched) because most of what start-up allocates survives, and it stays
 *   that large: decoding a scanned page then fills it again and again (pdf.js turns a grey JPEG
 *   into RGB with `for (const grayColor of data)`, an iterator result per pixel, about 86 MB of
 *   garbage for the Maruti results page). A full collection shrinks it, and young garbage that
 *   dies at once never grows it back: about 28 MB less at the peak of a one-page call.
 * - A page's decoded images and their decoders' buffers (about 14 MB for that page) outlive the
 *   churn, so they reach the old generation, and once the page is done they wait there for a
 *   major collection that V8 had not started after four pages (60 MB of buffers held).
 *
 * `--max-semi-space-size` would bound the first for the whole process, but V8 sizes its heap once
 * at start-up (setting the flag later changes nothing) and a small young generation costs
 * `document.scan` 6% CPU. A collection of a 25 MB heap takes about 35 ms on this thread and 60 to
 * 80 ms of CPU in all, against 3 to 5 s of OCR a page, and runs only when one of the two is there
 * to reclaim.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** A young generation above this is shrunk (a small one is 0.25 to 2 MiB). */
const LARGE_YOUNG = 4 << 20;
/** Buffers grown by this much since the last collection here are taken for released pages. */
const RELEASED = 8 << 20;

/** V8's `gc`, or null where it cannot be had; undefined until first asked. */
let collect: (() => void) | null | undefined;
/** Bytes of array buffers right after the last collection made here. */
let externalAfter = 0;

/**
 * `gc` exists only in a context made while `--expose-gc` is set: the flag is set for one new
 * context and cleared again, so no later context or Worker sees a `gc` global.
 */
function collector(): (() => void) | null {
  if (collect === undefined) {
    let gc: unknown = null;
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc");
    } catch {
      // a runtime without these node APIs: the peak stays as it was
    } finally {
      try {
        setFlagsFromString("--no-expose-gc");
      } catch { /* nothing was set */ }
    }
    collect = typeof gc === "function" ? gc as () => void : null;
  }
  return collect;
}

/** Size of V8's young generation in bytes (0 when unknown). */
function youngGeneration(): number {
  try {
    return getHeapSpaceStatistics().find((s) => s.space_name === "new_space")
      ?.physical_space_size ?? 0;
  } catch {
    return 0;
  }
}

/**
 * A full collection before a page is decoded, when the young generation is large or a page's
 * images are likely waiting in the old one. Never throws.
 */
export function collectBeforePage(): void {
  const external = Deno.memoryUsage().external;
  if (youngGeneration() <= LARGE_YOUNG && external - externalAfter < RELEASED) return;
  const gc = collector();
  if (!gc) return;
  gc();
  externalAfter = Deno.memoryUsage().external;
}
