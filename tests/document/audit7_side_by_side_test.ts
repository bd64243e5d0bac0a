/**
 * Two tables printed side by side on one page ("Income (in millions)" beside "Balance sheet (in
 * thousands)") are two tables, each with the scale stated over it: read as one table, the balance
 * sheet's figures took the income statement's "in millions"; two ruled grids side by side each
 * took the first caption on the line above them both.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, type PdfPageSpec, rect, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** Helvetica widths of the characters used here, for right-aligned figures. */
const width = (s: string, size: number) =>
  [...s].reduce((n, c) => n + (/[(),]/.test(c) ? (c === "," ? 278 : 333) : 556), 0) * size / 1000;
const right = (xr: number, y: number, size: number, s: string) =>
  text(xr - width(s, size), y, size, s);

const INCOME = [["Revenue", "1,234", "1,100"], ["Cost", "(500)", "(450)"], [
  "Profit",
  "734",
  "650",
], ["Tax", "100", "90"]];
const BALANCE = [["Assets", "9,000", "8,500"], ["Liabilities", "4,000", "3,900"], [
  "Equity",
  "5,000",
  "4,600",
], ["Cash", "700", "650"]];

/** The two statements side by side; the right one `dy` points lower (0: on the same lines). */
function sideBySide(dy: number, captions = true): PdfPageSpec {
  const ops = [
    right(199, 700, 9, "2024"),
    right(259, 700, 9, "2023"),
    right(485, 700 - dy, 9, "2024"),
    right(545, 700 - dy, 9, "2023"),
  ];
  if (captions) {
    ops.push(text(40, 740, 10, "Income (in millions)"));
    ops.push(text(320, 740, 10, "Balance sheet (in thousands)"));
  } else ops.push(text(40, 740, 10, "(in millions)"));
  INCOME.forEach((r, i) => {
    const y = 680 - i * 14;
    ops.push(text(40, y, 9, r[0]), right(205, y, 9, r[1]), right(265, y, 9, r[2]));
  });
  BALANCE.forEach((r, i) => {
    const y = 680 - dy - i * 14;
    ops.push(text(320, y, 9, r[0]), right(485, y, 9, r[1]), right(545, y, 9, r[2]));
  });
  return { ops };
}

const tables = async (page: PdfPageSpec, args: Record<string, unknown> = {}) => {
  const pdf = buildPdf([page]) as Uint8Array<ArrayBuffer>;
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(pdf, { headers: { "content-type": "application/pdf" } }));
  const env = await envelope<Any>(
    "document.tables",
    { source: "https://ir.example.com/two.pdf", ...args },
    { fetch: fake },
  );
  return { env, d: dataOf<Any>(env) };
};

function assertPair(d: Any, second: number) {
  assert.equal(d.count, 2, JSON.stringify(d.tables.map((t: Any) => t.rows)));
  const [a, b] = d.tables;
  assert.deepEqual(a.rows.map((r: string[]) => r[0]), ["Revenue", "Cost", "Profit", "Tax"]);
  assert.deepEqual(a.values[1], [null, -500, -450]);
  assert.equal(a.scale.multiplier, 1e6);
  assert.deepEqual(a.scales[0], [null, 1e6, 1e6]);
  assert.deepEqual(b.rows.map((r: string[]) => r[0]), ["Assets", "Liabilities", "Equity", "Cash"]);
  assert.deepEqual(b.values[0], [null, 9000, 8500]);
  assert.equal(b.scale.multiplier, second);
  assert.deepEqual(b.scales[0], [null, second, second]);
}

Deno.test("document.tables: two statements on the same lines are two tables, each in its own scale", async () => {
  const { env, d } = await tables(sideBySide(0));
  // before: one table of six columns, the balance sheet's figures "in millions"
  assertPair(d, 1e3);
  assert.ok(env.warnings.some((w: string) => /table 2 .*beside another table/.test(w)));
});

Deno.test("document.tables: side by side on lines of their own, the statements are not interleaved", async () => {
  const { d } = await tables(sideBySide(7));
  // before: one table, the income rows run into single cells ("Cost (500) (450)", null) between
  // the balance sheet's rows, which were "in millions"
  assertPair(d, 1e3);
});

Deno.test("document.tables: a scale stated once over both tables is taken for both, and said", async () => {
  const { env, d } = await tables(sideBySide(0, false));
  assertPair(d, 1e6);
  assert.ok(
    env.warnings.some((w: string) =>
      /table 2 .*stated above it and the table beside it together/.test(w)
    ),
    env.warnings.join("\n"),
  );
});

/** A ruled grid of three columns with its top-left corner at (x, 700). */
function grid(x: number, rows: string[][]): string[] {
  const ops: string[] = [];
  const w = [90, 60, 60];
  rows.forEach((r, i) => {
    const y = 700 - (i + 1) * 16 + 5;
    let cx = x;
    r.forEach((c, k) => {
      ops.push(k ? right(cx + w[k] - 4, y, 9, c) : text(cx + 3, y, 9, c));
      cx += w[k];
    });
  });
  for (let i = 0; i <= rows.length; i++) ops.push(rect(x, 700 - i * 16, 210, 0.5));
  for (const cx of [x, x + 90, x + 150, x + 210]) {
    ops.push(rect(cx, 700 - rows.length * 16, 0.5, rows.length * 16));
  }
  return ops;
}

Deno.test("document.tables: two ruled grids side by side each take the caption over them", async () => {
  const ops = [
    text(40, 720, 10, "Income (in millions)"),
    text(320, 720, 10, "Balance sheet (in thousands)"),
    ...grid(40, [["", "2024", "2023"], ...INCOME.slice(0, 3)]),
    ...grid(320, [["", "2024", "2023"], ...BALANCE.slice(0, 3)]),
  ];
  for (const flavor of ["lattice", undefined]) {
    const { d } = await tables({ ops }, flavor ? { flavor } : {});
    assert.equal(d.count, 2);
    // before: both "(in millions)", the first scale on the caption line
    assert.equal(d.tables[0].scale.multiplier, 1e6);
    assert.equal(d.tables[1].scale.multiplier, 1e3);
    assert.equal(d.tables[1].scale.text, "(in thousands)");
    assert.deepEqual(d.tables[1].scales[0], [null, 1e3, 1e3]);
  }
});
