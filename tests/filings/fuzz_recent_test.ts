/** filings.recent at the edges of its arguments (found by argument fuzzing). */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";

const CASSETTE = join(FIXTURES, "filings", "cassette");

Deno.test("filings.recent: forms= with no form type names the argument and what to give", async () => {
  for (const forms of ["", ",,", " , "]) {
    const env = await envelope("filings.recent", { symbol: "ACME", forms }, { replay: [CASSETTE] });
    assert.equal(env.ok, false, forms);
    assert.equal(env.data, null);
    assert.match(env.error!, /`forms`/);
    assert.match(env.error!, /forms=10-K|leave forms out|leave it out/);
  }
});

Deno.test("filings.recent: a form not found before an unreadable older page is not said absent from the whole history", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const index = JSON.parse(await Deno.readTextFile(join(CASSETTE, "index.json")));
    index.entries = index.entries.filter((e: { url: string }) =>
      !/submissions-001\.json$/.test(e.url)
    );
    for (const e of index.entries) {
      if (!e.file) continue;
      await Deno.mkdir(join(dir, e.file, ".."), { recursive: true });
      await Deno.copyFile(join(CASSETTE, e.file), join(dir, e.file));
    }
    await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
    const env = await envelope("filings.recent", { symbol: "ACME", forms: "20-F" }, {
      replay: [dir],
    });
    assert.equal(env.ok, true, env.error ?? "");
    const none = env.warnings.find((w) => w.startsWith("no filings of form 20-F"));
    assert.ok(none, JSON.stringify(env.warnings));
    assert.match(none, /in the part read of ACME WIDGETS INC's SEC history/);
    // with the whole history read, the absence is the history's
    const whole = await envelope("filings.recent", { symbol: "ACME", forms: "20-F" }, {
      replay: [CASSETTE],
    });
    assert.ok(
      whole.warnings.includes("no filings of form 20-F in ACME WIDGETS INC's SEC history"),
      JSON.stringify(whole.warnings),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("filings.recent classify: an amendment's event says it is one; a 10-KT is a transition report", async () => {
  const { classifyFiling } = await import("../../commands/filings/_events.ts");
  const tenKA = classifyFiling("10-K/A", [])[0];
  assert.equal(tenKA.event_type, "annual_report");
  assert.match(tenKA.title, /^Annual report, amended \(10-K\/A: it amends an earlier filing/);
  assert.doesNotMatch(classifyFiling("10-K", [])[0].title, /amended/);
  const eightKA = classifyFiling("8-K/A", ["2.02", "9.01"]);
  assert.ok(eightKA.every((e) => /amended \(8-K\/A/.test(e.title)), JSON.stringify(eightKA));
  assert.equal(classifyFiling("20-F/A", [])[0].event_type, "annual_report");
  assert.match(classifyFiling("20-F/A", [])[0].title, /amended/);
  assert.match(classifyFiling("10-KT", [])[0].title, /^Transition report/);
  // a successor issuer's amended 8-K says so once, as before
  assert.equal(classifyFiling("8-K12G3/A", [])[0].title.match(/amended/g)!.length, 1);
});
