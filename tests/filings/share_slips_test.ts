/**
 * Share counts tagged in thousands as units (NVIDIA's 10-Q of 2010 gave 546,639 for 546,639
 * thousand diluted shares): a restatement by a power of a thousand is warned as a likely slip,
 * as amounts of money were, and neighbouring periods a thousand times apart are warned even when
 * each was reported once.
 */
import assert from "node:assert/strict";
import { type Cell, type Column, type Row, shareJumps } from "../../analysis/filings/history.ts";
import { scaleSlips } from "../../analysis/filings/facts_reading.ts";

const cell = (value: number | null): Cell => ({
  value,
  tag: "WeightedAverageNumberOfDilutedSharesOutstanding",
  accession_no: null,
  form: null,
  filed: null,
  restated: false,
  first_reported: value,
  restated_from: null,
  derived: null,
  sources: null,
  note: null,
});

const columns: Column[] = ["Q1 FY2011", "Q2 FY2011", "Q3 FY2011", "Q4 FY2011"].map((label) => ({
  label,
  start: null,
  end: "2011-01-01",
  fiscal_year: 2011,
  fiscal_period: label.slice(0, 2),
}));

const row = (kind: Row["kind"], values: (number | null)[]): Row => ({
  key: kind === "shares" ? "shares_diluted" : "revenue",
  label: "x",
  kind,
  unit: kind === "shares" ? "shares" : "USD",
  level: 0,
  total: false,
  cells: values.map(cell),
});

Deno.test("filings.history: share counts a thousand times apart in neighbouring periods are warned", () => {
  const warned = shareJumps(
    [row("shares", [23_639_880, 22_910_560, 23_305_920_000, null])],
    columns,
  );
  assert.equal(warned.length, 1);
  assert.match(
    warned[0],
    /^shares_diluted: share counts a thousand times apart in neighbouring periods \(Q2 FY2011 22,910,560 beside Q3 FY2011 23,305,920,000\)/,
  );
  // counts that move by a few percent, and amounts of money, are not
  assert.deepEqual(shareJumps([row("shares", [23e9, 23.3e9, 24e9, 22e9])], columns), []);
  assert.deepEqual(shareJumps([row("flow", [1e6, 1e9, 1e6, 1e9])], columns), []);
});

Deno.test("filings.facts: a share count restated to a thousand times its first report is warned as a slip", async () => {
  const report = (value: number, accession_no: string, filed: string) => ({
    value,
    accession_no,
    form: "10-Q",
    filed,
  });
  const rows = [{
    start: "2009-04-27",
    end: "2009-07-26",
    restated: true,
    first_reported: report(546_639_000, "0001045810-09-000024", "2009-08-20"),
    last_reported: report(546_639, "0001045810-10-000029", "2010-08-30"),
  }];
  const said = await scaleSlips(rows, "shares");
  assert.match(said ?? "", /1 period\(s\) are restated to a power of a thousand/);
  assert.match(
    said ?? "",
    /546,639,000 in 0001045810-09-000024 .* then 546,639 in 0001045810-10-000029/,
  );
  // a per-share figure is not read this way
  assert.equal(await scaleSlips(rows, "USD/shares"), null);
});
