/**
 * kpi.extract from=filings reads an item that is incorporated by reference from the exhibit it
 * points to (EX-13), and cites the exhibit's URL: the offsets index the text that was read.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";
import { filingRows } from "../../commands/kpi/_documents.ts";
import type { MetricDef } from "../../analysis/evidence/kpi.ts";
import type { Context } from "../../core/context.ts";

const A = "https://www.sec.gov/Archives/edgar/data";
const EX13_INDEX = `${A}/2000002/000200000224000012/0002000002-24-000012-index.html`;
const EX13_DOC = `${A}/2000002/000200000224000012/omb-ex13_2023.htm`;
const opts = { replay: [join(FIXTURES, "filings", "layouts")] };

Deno.test("kpi filing rows: a cross-referenced MD&A is read from EX-13 and cited there", async () => {
  const calls: Record<string, unknown>[] = [];
  const warnings: string[] = [];
  // A context whose filings.read opens the fixture filing from its index page (the fictional
  // company has no ticker), passing on every other argument kpi.extract gives.
  const ctx = {
    call: (command: string, args: Record<string, unknown>) => {
      calls.push(args);
      const { symbol: _s, form: _f, ...rest } = args;
      return envelope(command, { ...rest, url: EX13_INDEX }, opts);
    },
    warn: (w: string) => warnings.push(w),
  } as unknown as Context;
  // a metric the fictional bank's annual report speaks of (the fixture has no SaaS metrics)
  const netIncome: MetricDef = {
    key: "net_income",
    label: "Net income",
    terms: ["net income"],
    kind: "money",
  };
  const { docs, rows } = await filingRows(ctx, { symbol: "OMB", form: "10-K" }, [
    netIncome,
  ], 0);
  assert.ok(calls.every((a) => a.follow === true));
  const mda = docs.find((d) => d.section === "mda")!;
  assert.equal(mda.url, EX13_DOC);
  const row = rows.find((r) =>
    r.section === "mda" && /Net income for 2023 was \$9\.4 million/.test(r.sentence)
  );
  assert.ok(
    row,
    `no net income row from the EX-13 MD&A: ${JSON.stringify(rows.map((r) => r.sentence))}`,
  );
  assert.equal(row.url, EX13_DOC);
  // the offsets locate the sentence in the exhibit's cleaned text
  const read = await envelope<{ text: string; start_char: number }>("filings.read", {
    url: EX13_INDEX,
    section: "mda",
    follow: true,
    max_chars: 0,
  }, opts);
  assert.ok(read.ok);
  const { text, start_char } = read.data!;
  assert.equal(
    text.slice(row.start_char - start_char, row.end_char - start_char),
    row.sentence,
  );
});
