/**
 * Attack on the server's log: an unexpected exception's text goes to stderr (errors.ts
 * hideInternals) and may quote what a caller sent (an engine's "Invalid URL: '<input>'"). A CR
 * there wrote a forged line over the real one, and ANSI escapes cleared or repainted the
 * operator's terminal; now every control character is written as an escape, on one line.
 */
import assert from "node:assert/strict";
import { hideInternals, logSafe } from "../../core/errors.ts";

function logged(error: string): string[] {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    hideInternals({ error }, "document.read");
  } finally {
    console.error = original;
  }
  return lines;
}

Deno.test("attack: control characters in an internal error's text are escaped in the server's log", () => {
  const forged = "\rfinance adapter listening on http://0.0.0.0:80 (token: none)";
  const ansi = "\u001b[2J\u001b[H\u001b]0;owned\u0007";
  const lines = logged(`internal error: TypeError: Invalid URL: 'x${forged}${ansi}\u2028\u0085'`);
  assert.equal(lines.length, 1);
  const line = lines[0];
  // no byte below 0x20, no DEL or C1 control, no line separator
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(line), JSON.stringify(line));
  assert.ok(line.includes("\\u000d"), line);
  assert.ok(line.includes("\\u001b[2J"), line);
  assert.ok(line.includes("Invalid URL: 'x"), line);
});

Deno.test("log text: printable text, quotes and non-ASCII letters are kept as they are", () => {
  assert.equal(logSafe(`open '/home/élise/x.db' "ok" — 5 €`), `open '/home/élise/x.db' "ok" — 5 €`);
  assert.equal(logSafe("a\tb\nc"), "a\\u0009b\\u000ac");
});
