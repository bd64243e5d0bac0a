/**
 * Text a network caller sends must be text: a JSON string may spell half of a UTF-16 surrogate
 * pair (`"\ud800"`), which JSON.parse accepts and every later step (URL encoding, a provider's
 * query, a file name, the UTF-8 of a log line) turns into U+FFFD without a word, so the call
 * would run on a character the caller never sent. Bodies holding one are refused, naming where.
 */
import { clip } from "../core/args.ts";

/** An escape that starts or ends a surrogate pair; only bodies holding one are walked. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Where a lone surrogate sits in a JSON text: the keys leading to it, or null when none. */
export function loneSurrogate(text: string): { path: string[] } | null {
  // raw surrogates cannot reach here (bodies are decoded as strict UTF-8): only escapes can
  // spell one, and most bodies hold none
  if (!text.includes("\\u") || !SURROGATE_ESCAPE.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null; // not JSON: the caller answers that
  }
  // no recursion, and no path copied per value: a body nested 100,000 deep costs one small
  // record a value, each naming its parent, and the path is spelled only for the one found
  type Step = { value: unknown; key: string; parent: Step | null };
  const pathOf = (step: Step | null, last?: string): string[] => {
    const keys = last === undefined ? [] : [last];
    for (let s = step; s?.parent; s = s.parent) keys.push(s.key);
    return keys.reverse();
  };
  const stack: Step[] = [{ value, key: "", parent: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === "string") {
      if (!v.isWellFormed()) return { path: pathOf(step) };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: v[i], key: `[${i}]`, parent: step });
      }
    } else if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      for (const key of keys) {
        if (!key.isWellFormed()) return { path: pathOf(step, key.toWellFormed()) };
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: (v as Record<string, unknown>)[keys[i]], key: keys[i], parent: step });
      }
    }
  }
  return null;
}

/** The refusal of a body holding a lone surrogate (see loneSurrogate). */
export function loneSurrogateMessage(found: { path: string[] }): string {
  const where = found.path.slice(-3).map((p) => clip(p).toWellFormed()).join(".")
    .replace(/\.\[/g, "[");
  return `the request body holds a lone UTF-16 surrogate (an escape such as \\ud800 without its pair)${
    where ? ` in \`${where}\`` : ""
  }, which is no character: the call would run on U+FFFD instead of what was meant, so it was refused; send well-formed text (a character beyond U+FFFF as both escapes of its pair, or as UTF-8)`;
}
