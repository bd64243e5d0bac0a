/**
 * retrieved_at is when the service gave the answer: a recorded answer's Date header, a cached
 * copy's time of storing. Before, every request was dated by the call that read it, so a
 * document cached for a week, or a cassette's answer, said it was fetched just now.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const CASSETTE = join(import.meta.dirname!, "..", "fixtures", "filings", "cassette");

Deno.test("retrieved_at of a replayed answer is its recorded Date header, not the session's now", async () => {
  const dir = await Deno.makeTempDir({ prefix: "finance-retrieved-" });
  try {
    const index = JSON.parse(await Deno.readTextFile(join(CASSETTE, "index.json")));
    for (const e of index.entries) {
      if (e.file) e.file = join(CASSETTE, e.file);
      e.headers = { ...e.headers, date: "Tue, 30 Apr 2024 09:15:00 GMT" };
    }
    await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
    const d = dataOf<Any>(await envelope("filings.recent", { symbol: "ACME" }, { replay: [dir] }));
    // the cassette's recorded_at (2024-05-01T12:00:00Z) is the session's now; the answers'
    // own Date headers are earlier
    assert.equal(d.retrieved_at, "2024-04-30T09:15:00.000Z");
    // without a Date header: the session's now, as before
    const plain = dataOf<Any>(
      await envelope("filings.recent", { symbol: "ACME" }, { replay: [CASSETTE] }),
    );
    assert.equal(plain.retrieved_at, "2024-05-01T12:00:00.000Z");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
