/**
 * A header cell spanning several columns ("13 Weeks Ended" over three dates, "Thirteen Weeks
 * Ended" colspan over two) heads every column under it: without it two columns of the same
 * date, one of a quarter and one of a year, carry the same header. Fixtures written here,
 * shaped like an earnings release's PDF text runs and an 8-K exhibit's HTML.
 */
import assert from "node:assert/strict";
import { htmlTable, streamTables } from "../../analysis/document/tables.ts";
import type { TextRun } from "../../analysis/document/pdf_layout.ts";
import { htmlTableBlocks } from "../../analysis/document/html.ts";

const run = (str: string, x: number, y: number, size = 9): TextRun => ({
  str,
  x,
  y,
  size,
  width: str.length * size * 0.5,
});

Deno.test("PDF tables: a period's span centred over its columns heads each of them", () => {
  // columns at x = 250, 310, 370 (13 weeks) and 450, 510, 570 (52 weeks)
  const xs = [250, 310, 370, 450, 510, 570];
  const runs: TextRun[] = [
    run("13 Weeks Ended", 285, 700),
    run("52 Weeks Ended", 485, 700),
    ...xs.map((x, i) => run(["January", "January", "January"][i % 3], x, 688)),
    ...xs.map((x, i) => run(["28,", "29,", "30,"][i % 3], x, 676)),
    run("(Dollars in millions)", 54, 664),
    ...xs.map((x, i) => run(["2023", "2022", "2021"][i % 3], x, 664)),
    run("Net sales", 54, 650),
    ...["$ 3,226.8", "$ 2,729.4", "$ 2,198.7", "$ 10,208.6", "$ 8,630.9", "$ 6,152.0"].map((v, i) =>
      run(v, xs[i], 650)
    ),
    run("Diluted earnings per share", 54, 636),
    ...["$ 6.68", "$ 5.41", "$ 3.03", "$ 24.01", "$ 17.98", "$ 3.11"].map((v, i) =>
      run(v, xs[i], 636)
    ),
  ];
  const [t] = streamTables(runs, 1, 800);
  assert.ok(t, "a table");
  assert.deepEqual(t.header.slice(1), [
    "13 Weeks Ended January 28, 2023",
    "13 Weeks Ended January 29, 2022",
    "13 Weeks Ended January 30, 2021",
    "52 Weeks Ended January 28, 2023",
    "52 Weeks Ended January 29, 2022",
    "52 Weeks Ended January 30, 2021",
  ]);
  assert.deepEqual(t.rows[0].slice(0, 2), ["Net sales", "$ 3,226.8"]);
});

Deno.test("PDF tables: a wrapped heading or a note over one column is not spread", () => {
  const xs = [250, 310, 370, 430];
  const runs: TextRun[] = [
    run("Rigid", 310, 712),
    run("(Unaudited)", 250, 700),
    ...["Flexibles", "Packaging", "Other", "Total"].map((w, i) => run(w, xs[i], 700)),
    run("Net sales", 54, 686),
    ...["2,777", "897", "12", "3,673"].map((v, i) => run(v, xs[i], 686)),
    run("EBIT", 54, 672),
    ...["390", "95", "(20)", "465"].map((v, i) => run(v, xs[i], 672)),
  ];
  const [t] = streamTables(runs, 1, 800);
  assert.ok(t, "a table");
  assert.ok(
    !t.header.slice(1).some((h, i) => i !== 1 && /Rigid/.test(h)),
    JSON.stringify(t.header),
  );
  assert.equal(
    t.header.filter((h) => /Unaudited/.test(h)).length <= 1,
    true,
    JSON.stringify(t.header),
  );
});

Deno.test("HTML tables: a colspan period heads each date under it", async () => {
  const td = (t: string, span = 1) => `<td colspan="${span}">${t}</td>`;
  const html = `<table>
    <tr>${td("&#160;")}${td("Thirteen Weeks Ended", 6)}${td("Thirty-Nine Weeks Ended", 6)}</tr>
    <tr>${td("&#160;")}${td("November 2, 2024", 3)}${td("October 28, 2023", 3)}${
    td("November 2, 2024", 3)
  }${td("October 28, 2023", 3)}</tr>
    <tr>${td("SALES, Net")}${td("$")}${td("293,618")}${td("")}${td("$")}${td("303,457")}${td("")}${
    td("$")
  }${td("838,490")}${td("")}${td("$")}${td("878,719")}${td("")}</tr>
    <tr>${td("&#160;")}${td("&#160;", 12)}</tr>
    </table>`;
  const [block] = await htmlTableBlocks(html);
  const t = htmlTable(block.grid, block.above);
  assert.deepEqual(t.header, [
    "",
    "Thirteen Weeks Ended November 2, 2024",
    "Thirteen Weeks Ended October 28, 2023",
    "Thirty-Nine Weeks Ended November 2, 2024",
    "Thirty-Nine Weeks Ended October 28, 2023",
  ]);
  assert.deepEqual(t.rows[0], ["SALES, Net", "$ 293,618", "$ 303,457", "$ 838,490", "$ 878,719"]);
});

Deno.test("document.scan: an empty query is an error, not a scan of the topic groups", async () => {
  const { envelope, FIXTURES } = await import("../_helpers.ts");
  const source = `${FIXTURES}/document/filing.html`;
  for (const query of ["", "   "]) {
    const env = await envelope("document.scan", { source, query });
    assert.equal(env.ok, false, JSON.stringify(env).slice(0, 200));
    assert.match(String(env.error), /query`? is (empty|blank)/);
  }
  // no query at all still scans the topic groups
  const topics = await envelope("document.scan", { source });
  assert.equal(topics.ok, true);
});

Deno.test("PDF ruled tables: a header cell merged over columns (no rule inside it) heads each", async () => {
  const { latticeTables } = await import("../../analysis/document/table_lattice.ts");
  const h = (y: number) => ({ x0: 50, x1: 500, y0: y, y1: y + 0.5 });
  const v = (x: number, top: number) => ({ x0: x, x1: x + 0.5, y0: 620, y1: top });
  const rulings = [
    ...[700, 680, 660, 640, 620].map(h),
    v(50, 700),
    v(200, 700),
    v(500, 700),
    // the rules between the three years stop under the merged "Three Months Ended" cell
    v(300, 680),
    v(400, 680),
  ];
  const runs: TextRun[] = [
    run("Three Months Ended", 310, 686),
    ...[["2024", 240], ["2023", 340], ["2022", 440]].map(([t, x]) =>
      run(String(t), Number(x), 666)
    ),
    run("Revenue", 60, 646),
    ...[["1,200", 230], ["1,100", 330], ["1,000", 430]].map(([t, x]) =>
      run(String(t), Number(x), 646)
    ),
    run("Net income", 60, 626),
    ...[["120", 230], ["110", 330], ["100", 430]].map(([t, x]) => run(String(t), Number(x), 626)),
  ];
  const [t] = latticeTables(runs, rulings, 1, 800);
  assert.ok(t, "a table");
  assert.deepEqual(t.header, [
    "",
    "Three Months Ended 2024",
    "Three Months Ended 2023",
    "Three Months Ended 2022",
  ]);
  assert.deepEqual(t.rows[0], ["Revenue", "1,200", "1,100", "1,000"]);
});
