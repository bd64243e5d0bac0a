/**
 * A footnote mark printed raised and small right after a figure is a mark, not more digits: a
 * raised "1" after "1,234" read "1,2341", which then passed for a decimal comma (1.2341) and
 * turned the table's other figures into fractions ("1,100" read 1.1). A raised "(3)" after "810"
 * stood as a cell of its own, read -3, or ran into the figure ("810 (3)", null).
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const width = (s: string, size: number) =>
  [...s].reduce((n, c) => n + (/[(),]/.test(c) ? (c === "," ? 278 : 333) : 556), 0) * size / 1000;
const right = (xr: number, y: number, s: string) => text(xr - width(s, 9), y, 9, s);

function page(): Uint8Array<ArrayBuffer> {
  const ops = [
    text(72, 740, 10, "(in millions)"),
    right(310, 720, "2024"),
    right(390, 720, "2023"),
  ];
  const rows = [
    ["Revenue", "1,234", "1,100"],
    ["Operating income", "512", "481"],
    ["Net income", "2,345", "2,001"],
    ["Other", "45", "(12)"],
    ["Reclassified", "810", "(7)"],
  ];
  rows.forEach((r, i) => {
    const y = 700 - i * 13;
    ops.push(text(72, y, 9, r[0]), right(310, y, r[1]), right(390, y, r[2]));
  });
  // raised 3 points, at 5 points: "1" after 1,234, "2" after 2,345, "(a)" after (12), "(3)"
  // after 810, "4" after the two-digit 45
  ops.push(text(310.4, 703, 5, "1"));
  ops.push(text(310.4, 677, 5, "2"));
  ops.push(text(390.4, 664, 5, "(a)"));
  ops.push(text(310.4, 651, 5, "(3)"));
  ops.push(text(310.4, 664, 5, "4"));
  return buildPdf([{ ops }]) as Uint8Array<ArrayBuffer>;
}

const fake: typeof fetch = () =>
  Promise.resolve(new Response(page(), { headers: { "content-type": "application/pdf" } }));

Deno.test("document.tables: a raised footnote mark after a figure stays a mark", async () => {
  const env = await envelope<Any>(
    "document.tables",
    { source: "https://ir.example.com/marks.pdf" },
    { fetch: fake },
  );
  const d = dataOf<Any>(env);
  assert.equal(d.count, 1);
  const t = d.tables[0];
  // before: "1,2341" read 1.2341 and the table read with decimal commas (1,100 → 1.1)
  assert.deepEqual(t.rows[0], ["Revenue", "1,234\u00b9", "1,100"]);
  assert.deepEqual(t.values.map((r: Any[]) => r.slice(1)), [
    [1234, 1100],
    [512, 481],
    [2345, 2001],
    [45, -12],
    [810, -7],
  ]);
  assert.equal(t.rows.length, 5, "no row of marks");
  assert.ok(
    !env.warnings.some((w: string) => /decimal comma|run together/.test(w)),
    env.warnings.join("\n"),
  );
});

Deno.test("document.read: the raised mark reads as a superscript, not as another digit", async () => {
  const d = dataOf<Any>(
    await envelope<Any>("document.read", { source: "https://ir.example.com/marks.pdf" }, {
      fetch: fake,
    }),
  );
  assert.match(d.text, /Revenue +1,234\u00b9 +1,100/);
  assert.match(d.text, /Reclassified +810\(3\) +\(7\)/);
  assert.doesNotMatch(d.text, /1,2341/);
});

Deno.test("document tables: a count with its annotation raised beside it keeps the annotation column null", async () => {
  const { streamTables } = await import("../../analysis/document/tables.ts");
  const { applyNumberStyle } = await import("../../analysis/document/table_figures.ts");
  const run = (str: string, x: number, y: number, size = 9) => ({
    str,
    x,
    y,
    size,
    width: width(str, size),
  });
  // "Deliveries | 387(13)": the 13 (intercompany) printed raised and small after the count; the
  // other year's "(14)" stands in a column of its own, unheaded (and no 747 was delivered)
  const runs = [
    run("737 *", 200, 720),
    run("747", 300, 720),
    run("Total", 380, 720),
    run("Deliveries", 72, 700),
    run("387", 200, 700),
    run("(13)", 214, 703, 5),
    run("5", 305, 700),
    run("392", 385, 700),
    run("Deliveries", 72, 687),
    run("43", 200, 687),
    run("(14)", 230, 687),
    run("48", 385, 687),
    run("Deliveries", 72, 674),
    run("157", 200, 674),
    run("(9)", 230, 674),
    run("5", 305, 674),
    run("171", 385, 674),
  ];
  const [t] = streamTables(runs, 1, 792);
  applyNumberStyle(t, { style: "point", ambiguous: null });
  const deliveries = t.values.filter((_, i) => t.rows[i][0] === "Deliveries");
  // "(14)" is an annotation like "(13)", never -14
  assert.ok(!deliveries.flat().includes(-14), JSON.stringify(t.rows));
  assert.ok(!deliveries.flat().includes(-13), JSON.stringify(t.rows));
  assert.ok(!deliveries.flat().includes(-9), JSON.stringify(t.rows));
  assert.deepEqual(deliveries.map((r) => r[1]), [387, 43, 157]);
});

Deno.test("document.tables: a footnote mark set apart after a figure leaves the figure readable", async () => {
  const ops = [
    text(72, 740, 10, "(in thousands)"),
    right(310, 720, "2024"),
    right(390, 720, "2023"),
  ];
  const rows = [
    ["Revenue", "1,234 (a)", "1,100"],
    ["Operating income", "512 *", "481"],
    ["Net income", "(2,345)", "2,001 (b)"],
  ];
  rows.forEach((r, i) => {
    const y = 700 - i * 13;
    ops.push(text(72, y, 9, r[0]), right(310, y, r[1]), right(390, y, r[2]));
  });
  const pdf = buildPdf([{ ops }]) as Uint8Array<ArrayBuffer>;
  const d = dataOf<Any>(
    await envelope<Any>("document.tables", { source: "https://ir.example.com/set.pdf" }, {
      fetch: () =>
        Promise.resolve(new Response(pdf, { headers: { "content-type": "application/pdf" } })),
    }),
  );
  const t = d.tables[0];
  assert.deepEqual(t.rows[0], ["Revenue", "1,234 (a)", "1,100"]);
  // before: null for every figure with its mark set apart
  assert.deepEqual(t.values.map((r: Any[]) => r.slice(1)), [[1234, 1100], [512, 481], [
    -2345,
    2001,
  ]]);
  assert.deepEqual(t.scales[0], [null, 1e3, 1e3]);
});
