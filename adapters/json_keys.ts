/**
 * A JSON body that names one key twice in an object: JSON.parse would keep the last value
 * silently, so the adapters refuse it and say which key and where.
 */
import { clip } from "../core/args.ts";

/**
 * The first key a JSON object of `text` names twice, with where (the keys leading to it), or
 * null. JSON.parse keeps the last value of a repeated key without a word, so a body naming
 * `start` twice would run on one of the two values, and a tool call naming `name` twice on one
 * of two tools: the caller meant one of them, and nothing tells which. One pass over the text
 * (already parsed, so well formed), no recursion: 100,000 levels of nesting cost a stack array.
 */
export function duplicateKey(text: string): { key: string; path: string[] } | null {
  // most bodies hold one or two keys: fewer than two quoted names cannot repeat one
  if (text.indexOf('":') === text.lastIndexOf('":') && !/"\s+:/.test(text)) return null;
  const stack: { keys: Set<string> | null; name: string }[] = [];
  let expectKey = false;
  let lastKey = "";
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      while (end < n) {
        const d = text.charCodeAt(end);
        if (d === 0x5c /* \ */) {
          escaped = true;
          end += 2;
          continue;
        }
        if (d === 0x22) break;
        end++;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end);
        let key = raw;
        if (escaped) {
          try {
            key = JSON.parse(text.slice(i, end + 1));
          } catch { /* well formed already: kept as written */ }
        }
        if (top.keys.has(key)) {
          return { key, path: stack.slice(1).map((s) => s.name) };
        }
        top.keys.add(key);
        lastKey = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      // a value inside a list is named by its place in it; one of an object, by its key
      const name = stack.length && !stack[stack.length - 1].keys ? "[]" : lastKey;
      stack.push({ keys: c === 0x7b ? new Set() : null, name });
      expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = !!stack[stack.length - 1]?.keys;
    }
  }
  return null;
}

/** The refusal of a body naming a key twice in one object (see duplicateKey). */
export function duplicateKeyMessage(found: { key: string; path: string[] }): string {
  const where = found.path.filter(Boolean).slice(-3).map(clip).join(".");
  return `the request body names the key \`${clip(found.key)}\` twice in one object${
    where ? ` (inside \`${where}\`)` : ""
  }, so the call was refused: JSON keeps only the last value and it would run on one of the two without a word; send each key once`;
}
