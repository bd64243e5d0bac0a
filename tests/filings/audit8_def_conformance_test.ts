/**
 * Conformance on SEC's recorded filings (../shared/fixtures/cassettes/sec, read when present,
 * skipped with a printed reason when not): filings.statement now reads each filing's
 * definition linkbase (`_def.xml`). On Apple's and NVIDIA's filings the statements come out
 * exactly as without it (their presentations list every member their statements show), it is
 * named among the files read, and a recording without it gives the same statement, never a
 * failure.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const FILINGS: [string, string, string][] = [
  ["AAPL", "0000320193-25-000057", "aapl-20250329_def.xml"],
  ["AAPL", "0000320193-23-000077", "aapl-20230701_def.xml"],
  ["NVDA", "0001045810-24-000029", "nvda-20240128_def.xml"],
];

/** The SEC cassette's index without its `_def.xml` entries, in a temporary folder. */
async function withoutDefinitions(sec: string): Promise<string> {
  const index = JSON.parse(await Deno.readTextFile(join(sec, "index.json")));
  index.entries = index.entries
    .filter((e: Any) => !/_def\.xml$/i.test(e.url))
    .map((e: Any) => (e.file ? { ...e, file: join(sec, e.file) } : e));
  const dir = await Deno.makeTempDir({ prefix: "audit8_def_" });
  await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
  return dir;
}

Deno.test({
  name:
    "conformance: Apple's and NVIDIA's statements are the same with their definition linkbases read as without them",
  ignore: !SHARED,
  async fn() {
    const shared = sharedOrSkip("definition linkbase conformance");
    if (!shared) return;
    const sec = join(shared, "cassettes", "sec");
    const bare = await withoutDefinitions(sec);
    try {
      for (const [symbol, accession, def] of FILINGS) {
        for (const statement of ["income", "balance", "cashflow"]) {
          const args = { symbol, accession, statement };
          const full = await envelope("filings.statement", args, { replay: [sec] });
          const without = await envelope("filings.statement", args, { replay: [bare] });
          const what = `${symbol} ${accession} ${statement}`;
          assert.ok(full.ok && without.ok, `${what}: ${full.error ?? without.error}`);
          const a = full.data as Any;
          const b = without.data as Any;
          // read and cited when recorded; left out, silently, when the recording lacks it
          assert.equal(a.xbrl_files.at(-1), def, what);
          assert.ok(!b.xbrl_files.includes(def), what);
          assert.deepEqual(a.xbrl_files.slice(0, -1), b.xbrl_files, what);
          // what was read and when differ by the one file; the statement does not
          const same = { xbrl_files: null, source_urls: null, retrieved_at: null };
          assert.deepEqual({ ...a, ...same }, { ...b, ...same }, what);
          assert.deepEqual(full.warnings, without.warnings, what);
        }
      }
      // the figures as Apple's R2 page shows them: net sales and its Products line
      const income = await envelope("filings.statement", {
        symbol: "AAPL",
        accession: "0000320193-25-000057",
        statement: "income",
      }, { replay: [sec] });
      const d = income.data as Any;
      const q = d.periods[0];
      const sales = d.rows.filter((r: Any) =>
        r.concept === "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
      );
      assert.deepEqual(
        sales.map((r: Any) => [r.member, r.values[q].reported]),
        [[null, 95359], ["us-gaap:ProductMember", 68714], ["us-gaap:ServiceMember", 26645]],
      );
      assert.ok(!d.rows.some((r: Any) => r.dimensions));
    } finally {
      await Deno.remove(bare, { recursive: true });
    }
  },
});
