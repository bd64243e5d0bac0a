/**
 * Form types as people type them: `forms=10k` matched no filing (SEC writes 10-K) and the answer
 * said the company had no 10-K at all; a form no one files (a typo) was matched in silence.
 */
import assert from "node:assert/strict";
import { readForms, readFormType, unknownFormNote } from "../../providers/filings_a/form_types.ts";

Deno.test("readFormType: hyphens, spaces and case as SEC writes the type, said when respelled", () => {
  const cases: [string, string, boolean][] = [
    ["10-K", "10-K", false],
    ["10-k", "10-K", false],
    ["10k", "10-K", true],
    ["10 K", "10-K", true],
    ["10q/a", "10-Q/A", true],
    ["10-Q / A", "10-Q/A", false],
    ["def14a", "DEF 14A", true],
    ["DEF 14A", "DEF 14A", false],
    ["sc13g/a", "SC 13G/A", true],
    ["8k", "8-K", true],
    ["20f", "20-F", true],
    ["S1", "S-1", true],
    ["4", "4", false],
    // a rare type this tool does not list stays as typed (exact, upper case)
    ["N-MFP2", "N-MFP2", false],
  ];
  for (const [typed, form, said] of cases) {
    const got = readFormType(typed);
    assert.equal(got.form, form, typed);
    assert.equal(got.note !== null, said, `${typed}: ${got.note}`);
  }
  assert.match(readFormType("10k").note!, /^form 10k is read as 10-K, as SEC writes/);
  const warned: string[] = [];
  assert.deepEqual(readForms(["10k", "8-K"], (m) => warned.push(m)), ["10-K", "8-K"]);
  assert.equal(warned.length, 1);
});

Deno.test("unknownFormNote: a known type is not questioned; another gets the nearest known one", () => {
  assert.equal(unknownFormNote("10-K"), null);
  assert.equal(unknownFormNote("10-K/A"), null);
  assert.match(
    unknownFormNote("10-KX")!,
    /^10-KX is not an SEC form type this tool knows \(did you mean 10-K/,
  );
  assert.match(unknownFormNote("BOGUS")!, /matched exactly as SEC writes them/);
  // a caller's long text is not echoed whole
  assert.ok(unknownFormNote("X".repeat(5000))!.length < 200);
});
