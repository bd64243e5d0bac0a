/**
 * Columns a stream table cannot line up are said, and a figure glued to the next column's
 * "$ 14,177" is two figures. Before: Boeing's 10-K p.108 (AOCI by component) came back with
 * "($84) ($15,942)" in one cell (null, with a note about that cell) and the figures of the other
 * rows under a neighbouring column's heading without a word; Uber's equity statement read
 * "903,607 $ 14,177" as one cell, its share count and its amount in the shares column.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

async function tables(ops: string[], args: Record<string, unknown> = {}) {
  const pdf = buildPdf([{ ops }]) as Uint8Array<ArrayBuffer>;
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(pdf, { headers: { "content-type": "application/pdf" } }));
  return dataOf<Any>(
    await envelope<Any>("document.tables", { source: "https://ir.example.com/t.pdf", ...args }, {
      fetch: fake,
    }),
  );
}

Deno.test("document.tables: figures printed apart that fall into one column make the table say its columns are not lined up", async () => {
  // as Boeing's AOCI table: the rows with the most cells lack the second column and hold a
  // footnote mark set apart ("(2)") instead, so the widest rows' columns are not the table's
  const ops = [
    text(250, 740, 9, "Currency"),
    text(320, 740, 9, "Investments"),
    text(400, 740, 9, "Derivatives"),
    text(480, 740, 9, "Pension"),
    text(550, 740, 9, "Total"),
  ];
  const rows: [string, [number, string][]][] = [
    ["Balance at January 1", [[250, "(128)"], [330, "1"], [405, "(84)"], [480, "(15,942)"], [
      550,
      "(16,153)",
    ]]],
    ["Other comprehensive loss", [[255, "98"], [410, "14"], [480, "(1,929)"], [515, "(2)"], [
      550,
      "(1,817)",
    ]]],
    ["Reclassified", [[410, "27"], [485, "810"], [555, "837"]]],
    ["Balance at December 31", [[255, "(30)"], [330, "1"], [405, "(43)"], [480, "(17,061)"], [
      550,
      "(17,133)",
    ]]],
    ["Other comprehensive income", [[255, "(75)"], [410, "55"], [480, "4,268"], [515, "(2)"], [
      550,
      "4,248",
    ]]],
  ];
  rows.forEach(([label, cells], i) => {
    const y = 724 - i * 12;
    ops.push(text(40, y, 8, label), ...cells.map(([x, s]) => text(x, y, 8, s)));
  });
  const d = await tables(ops, { flavor: "stream" });
  const t = d.tables[0];
  // read as one grid, "14" (printed under Derivatives) stands in the Investments column
  const oc = t.rows.findIndex((r: string[]) => r[0] === "Other comprehensive loss");
  assert.equal(t.header[t.rows[oc].indexOf("14")], "Investments");
  // before: no word that the figures' columns are not to be trusted
  assert.ok(
    d.warnings.some((w: string) => /columns could not be lined up/.test(w)),
    d.warnings.join("\n"),
  );
});

Deno.test('document.tables: a figure and the next column\'s "$ 14,177" printed close are two cells', async () => {
  const ops = [
    text(300, 740, 9, "Shares"),
    text(350, 740, 9, "Amount"),
    text(420, 740, 9, "Total"),
    text(40, 726, 9, "Balance as of December 31, 2018"),
    text(300, 726, 9, "903,607"),
    // three points after "903,607" ends: closer than the gap that parts cells
    text(338.5, 726, 9, "$ 14,177"),
    text(420, 726, 9, "$ 14,177"),
    text(40, 713, 9, "Vesting of warrants"),
    text(310, 713, 9, "923"),
    text(360, 713, 9, "45"),
    text(430, 713, 9, "45"),
  ];
  const d = await tables(ops, { flavor: "stream" });
  const t = d.tables[0];
  // before: ["Balance as of December 31, 2018", "903,607 $ 14,177", "", "$ 14,177"]
  assert.deepEqual(t.rows[0], [
    "Balance as of December 31, 2018",
    "903,607",
    "$ 14,177",
    "$ 14,177",
  ]);
  assert.deepEqual(t.values[0], [null, 903607, 14177, 14177]);
});

const BOEING = "/work/shared/fixtures/pdf/BOEING_2022_10K.pdf";

Deno.test("document.tables: Boeing's AOCI table (10-K p.108) says its columns are not lined up (real filing)", async () => {
  if (!existsSync(BOEING)) {
    console.log(`skipped: ${BOEING} is not here (the shared fixtures are not installed)`);
    return;
  }
  const d = dataOf<Any>(await envelope<Any>("document.tables", { source: BOEING, pages: "108" }));
  assert.ok(
    d.warnings.some((w: string) => /page 108\).*columns could not be lined up/.test(w)),
    d.warnings.join("\n"),
  );
});
