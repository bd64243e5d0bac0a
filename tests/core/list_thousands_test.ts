import assert from "node:assert/strict";
import { thousandsNote } from "../../core/args.ts";
import { amount, collectParseNotes, list } from "../../core/schema.ts";
import { run } from "../_helpers.ts";

// `addbacks=1,234` could be one number with a thousands separator or two items; it is read as
// items (as the comma says) and the envelope must say so, with how to pass the one number.
Deno.test("list: text that could be one number with thousands separators gets a note", () => {
  const { value, notes } = collectParseNotes(() => list(amount()).parse("1,234"));
  assert.deepEqual(value, [1, 234]);
  assert.equal(notes.length, 1);
  assert.match(notes[0], /read as 2 items/);
  assert.match(notes[0], /\[1234\]/);
  const three = collectParseNotes(() => list(amount()).parse("-1,234,567"));
  assert.deepEqual(three.value, [-1, 234, 567]);
  assert.match(three.notes[0], /read as 3 items.*\[-1234567\]/);
});

Deno.test("list: text that cannot be a grouped number, or a JSON array, gets no note", () => {
  for (const text of ["1,23", "1234,567", "-100M,30M", "10,20,30", "[1,234]", "5"]) {
    const { notes } = collectParseNotes(() => list(amount()).safeParse(text));
    assert.deepEqual(notes, [], text);
  }
  const { notes } = collectParseNotes(() => list(amount()).parse([1, 234]));
  assert.deepEqual(notes, []);
  assert.equal(thousandsNote("12,345", 2)?.includes("12345"), true);
  assert.equal(thousandsNote("12,34", 2), null);
});

Deno.test("list: the note reaches the envelope's warnings through the runner", async () => {
  const r = await run("formula.adjusted_ebitda", {
    ebit: "9285",
    d_and_a: "2237",
    addbacks: "284,163",
  });
  assert.equal(r.envelope.ok, true);
  assert.ok(
    r.envelope.warnings.some((w: string) => /284,163.*read as 2 items/.test(w)),
    JSON.stringify(r.envelope.warnings),
  );
});

Deno.test("list: a bracketed list with a tight 1,234 beside ', ' items gets the note too", async () => {
  // "[1,234, 5]" summed 240 add-backs without a word: JSON reads 1 and 234 as two items
  assert.match(thousandsNote("[1,234, 5]", 3)!, /if 1,234 is one number .* pass \[1234, 5\]$/);
  assert.match(
    thousandsNote("[12,345, 6,789, 10]", 5)!,
    /if 12,345 and 6,789 are numbers .* pass \[12345, 6789, 10\]$/,
  );
  // commas that all separate items alike are a list
  assert.equal(thousandsNote("[1,234,5]", 3), null);
  assert.equal(thousandsNote("[1,234]", 2), null);
  assert.equal(thousandsNote("[1, 2, 3]", 3), null);
  assert.equal(thousandsNote("[1, 2345]", 2), null);
  const r = await run("formula.adjusted_ebitda", {
    ebit: "9285",
    d_and_a: "2237",
    addbacks: "[1,234, 5]",
  });
  assert.equal((r.envelope.data as { addbacks_total: number }).addbacks_total, 240);
  assert.ok(r.envelope.warnings.some((w: string) => /\[1,234, 5\].*read as 3 items/.test(w)));
});
