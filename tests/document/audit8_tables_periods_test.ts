/**
 * A row of years printed far above a table's rows (a units line and section labels between, as
 * balance sheets are set) heads its columns. Before, the stream reader's block started at the
 * first row of figures and the row of years was dropped: the table came back with empty headers
 * and its columns lost their periods. A row of years that does not line up with the columns is
 * not taken, and the table says so; a statement continued below a blank band takes the headings
 * of the part above it only when its columns line up with them.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

async function tables(ops: string[]) {
  const pdf = buildPdf([{ ops }]) as Uint8Array<ArrayBuffer>;
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(pdf, { headers: { "content-type": "application/pdf" } }));
  return dataOf<Any>(
    await envelope<Any>("document.tables", { source: "https://ir.example.com/bs.pdf" }, {
      fetch: fake,
    }),
  );
}

const ROWS = [
  ["Cash and cash equivalents", "5,911.8", "4,703.0"],
  ["Receivables, net", "852.1", "(583.9)"],
  ["Inventories", "126.0", "\u2014"],
  ["Total current assets", "8,154.6", "6,416.1"],
];

/** Rows from y down, figures starting at x 330 and 420 (about 30 points wide). */
function rows(y: number, data = ROWS, xs = [330, 420]): string[] {
  return data.flatMap((r, i) => [
    text(72, y - i * 13, 9, r[0]),
    ...xs.map((x, k) => text(x, y - i * 13, 9, r[k + 1])),
  ]);
}

/** A balance sheet's head: dates, a units line and section labels between them and the rows. */
function head(years: [number, number][]): string[] {
  return [
    text(200, 760, 10, "Consolidated Balance Sheets"),
    ...years.map(([x]) => text(x - 6, 732, 9, "December 31,")),
    ...years.map(([x], k) => text(x, 720, 9, String(2024 - k))),
    text(200, 706, 9, "(In millions, except share data)"),
    text(240, 692, 9, "ASSETS"),
    text(72, 679, 9, "Current assets:"),
  ];
}

Deno.test("document.tables: a row of years above a units line and section labels heads the columns", async () => {
  const d = await tables([...head([[336, 0], [426, 0]]), ...rows(666)]);
  assert.equal(d.count, 1);
  const t = d.tables[0];
  // before: ["", "", ""]: the figures had no period
  assert.deepEqual(t.header, ["", "December 31, 2024", "December 31, 2023"]);
  assert.deepEqual(t.values[1], [null, 852.1, -583.9]);
  assert.deepEqual(t.values[2], [null, 126, null]);
  assert.equal(t.scale?.multiplier, 1e6);
});

Deno.test("document.tables: a row of years that does not line up with the columns is not taken, and said", async () => {
  // both years stand left of the first column of figures, over neither
  const d = await tables([...head([[236, 0], [280, 0]]), ...rows(666)]);
  const t = d.tables[0];
  assert.deepEqual(t.header, ["", "", ""]);
  assert.ok(
    d.warnings.some((w: string) => /does not line up with its 2 column\(s\) of figures/.test(w)),
    d.warnings.join("\n"),
  );
});

Deno.test("document.tables: a statement continued after a blank band takes the headings above it", async () => {
  const ops = [
    text(336, 740, 9, "2024"),
    text(426, 740, 9, "2023"),
    ...rows(726),
    // a blank band of four lines, then the statement goes on in the same columns
    text(72, 620, 9, "Current liabilities:"),
    ...rows(607, [["Accounts payable", "369.8", "286.1"], [
      "Accrued liabilities",
      "(44.2)",
      "36.4",
    ]]),
  ];
  const d = await tables(ops);
  assert.equal(d.count, 2);
  assert.deepEqual(d.tables[0].header, ["", "2024", "2023"]);
  // before: ["", "", ""]
  assert.deepEqual(d.tables[1].header, ["", "2024", "2023"]);
  assert.ok(d.warnings.some((w: string) => /table 2 .*continued after a blank band/.test(w)));
});

Deno.test("document.tables: a table below another whose columns do not line up keeps no headings", async () => {
  const ops = [
    text(336, 740, 9, "2024"),
    text(426, 740, 9, "2023"),
    ...rows(726),
    text(72, 620, 9, "Other data:"),
    ...rows(607, [["Stores", "369", "286"], ["Employees", "44", "36"]], [250, 500]),
  ];
  const d = await tables(ops);
  assert.equal(d.count, 2);
  assert.deepEqual(d.tables[1].header, ["", "", ""]);
});

const SHARED = "/work/shared/fixtures/pdf/ULTABEAUTY_2023Q4_EARNINGS.pdf";

Deno.test("document.tables: Ulta's balance sheet has its dates (real filing)", async () => {
  if (!existsSync(SHARED)) {
    console.log(`skipped: ${SHARED} is not here (the shared fixtures are not installed)`);
    return;
  }
  const d = dataOf<Any>(await envelope<Any>("document.tables", { source: SHARED, pages: "7" }));
  const t = d.tables.find((x: Any) => x.rows[0]?.[0] === "Cash and cash equivalents");
  assert.ok(t, "the balance sheet is read");
  // before: ["", "", ""]
  assert.deepEqual(t.header, ["", "January 28, 2023", "January 29, 2022"]);
  assert.equal(t.values[0][1], 737877);
});
