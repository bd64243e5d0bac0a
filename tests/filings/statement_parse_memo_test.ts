/**
 * A filing's XBRL files are parsed once in a process, whatever number of statements are asked
 * of it: the HTTP cache keeps the bytes and the session's memo the decoded text, but every
 * filings.statement call parsed the instance, schema and all four linkbases again (the definition
 * linkbase among them, some 200 ms a large filing). parseXbrl keeps each parse by its file's text:
 * - the same text gives the same frozen structures, another text (another copy of the file) its
 *   own parse, a filing without a definition linkbase none;
 * - a second call on the ACME 10-K (another session, another query) parses nothing again.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import {
  parsedXbrlStats,
  parseXbrl,
  type XbrlBundle,
} from "../../providers/filings_a/xbrl_files.ts";

const ACME = join(FIXTURES, "filings", "cassette");
const OWN = join(FIXTURES, "filings", "audit8_def");
const own = (name: string) => Deno.readTextFileSync(join(OWN, name));

function bundle(def: string | null): XbrlBundle {
  const files = {
    instance: "acme-20231231_htm.xml",
    schema: "acme-20231231.xsd",
    pre: "acme-20231231_pre.xml",
    cal: null,
    lab: "acme-20231231_lab.xml",
    def: def === null ? null : "acme-20231231_def.xml",
  };
  return {
    summary: null,
    files,
    instance: own("acme-20231231_htm.xml"),
    schema: Deno.readTextFileSync(join(ACME, "acme", "10k", "acme-20231231.xsd")),
    pre: own("acme-20231231_pre.xml"),
    cal: null,
    lab: own("acme-20231231_lab.xml"),
    def,
    notes: [],
  };
}

Deno.test("parseXbrl: the same files give the same frozen parse; another copy is parsed anew", () => {
  const first = parseXbrl(bundle(own("acme-20231231_def.xml")));
  const before = parsedXbrlStats();
  const again = parseXbrl(bundle(own("acme-20231231_def.xml")));
  // five parses (schema, presentation, labels, definition, instance) served, none built
  assert.equal(parsedXbrlStats().misses, before.misses);
  assert.equal(parsedXbrlStats().hits - before.hits, 5);
  assert.equal(again.instance, first.instance);
  assert.equal(again.definition, first.definition);
  assert.ok(again.definition!.size > 0);
  // shared between calls, so no call can change what another reads
  assert.throws(() => again.definition!.set("x", []), TypeError);
  assert.ok(Object.isFrozen(again.instance.facts.get("us-gaap:Revenues")![0]));
  // a filing without a definition linkbase has none; no calculation linkbase: an empty map
  const without = parseXbrl(bundle(null));
  assert.equal(without.definition, undefined);
  assert.equal(without.calculation.size, 0);
  // another copy of the instance (one figure changed) is its own parse, never the first's
  const changed = bundle(null);
  changed.instance = changed.instance.replace(">1200000000<", ">1300000000<");
  assert.notEqual(changed.instance, bundle(null).instance);
  const other = parseXbrl(changed);
  assert.notEqual(other.instance, first.instance);
  const revenue = (p: typeof other) =>
    p.instance.facts.get("us-gaap:Revenues")!.find((f) => f.value === 1300000000);
  assert.ok(revenue(other));
  assert.equal(revenue(first), undefined);
});

Deno.test("filings.statement: a second call on a filing parses none of its files again", async () => {
  const call = (query?: string) =>
    envelope<{ rows: unknown[] }>("filings.statement", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      statement: "income",
      ...(query ? { query } : {}),
    }, { replay: [ACME] });
  dataOf(await call());
  const before = parsedXbrlStats();
  // another session, another question of the same filing
  const again = dataOf(await call("revenue"));
  assert.ok(again.rows.length > 0);
  assert.equal(parsedXbrlStats().misses, before.misses);
  assert.ok(parsedXbrlStats().hits - before.hits >= 4);
});
