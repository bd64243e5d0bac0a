/**
 * Column headings printed close together ("Dec 31, 2024" and "Dec 31, 2023" a few points apart,
 * each centred over a right-aligned column of figures) head their own columns. They were joined
 * into one cell that headed the first column ("Three months ended Dec 31, 2023 Dec 31, 2024")
 * and left the next without its date, so a reader took its figures for the wrong period.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** Helvetica widths (per 1000) of the characters used here. */
const W: Record<string, number> = {
  ",": 278,
  ".": 278,
  "(": 333,
  ")": 333,
  " ": 278,
  D: 722,
  c: 500,
  T: 611,
  h: 556,
  r: 333,
  m: 833,
  o: 556,
  n: 556,
  t: 278,
  s: 500,
  e: 556,
  d: 556,
  w: 722,
  l: 222,
  v: 500,
};
const width = (s: string, size: number) =>
  [...s].reduce((n, c) => n + (W[c] ?? 556), 0) * size / 1000;
const right = (xr: number, y: number, s: string) => text(xr - width(s, 9), y, 9, s);
const centre = (xc: number, y: number, s: string) => text(xc - width(s, 9) / 2, y, 9, s);

async function tables(ops: string[]) {
  const pdf = buildPdf([{ ops }]) as Uint8Array<ArrayBuffer>;
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(pdf, { headers: { "content-type": "application/pdf" } }));
  return dataOf<Any>(
    await envelope<Any>("document.tables", { source: "https://ir.example.com/q4.pdf" }, {
      fetch: fake,
    }),
  );
}

const BODY = [
  ["Revenue", "1,234.5", "1,100.2", "4,800.0", "4,500.1"],
  ["Operating income", "(12.3)", "8.1", "120.0", "96.4"],
];
const RIGHT = [290, 360, 420, 490];

function body(ops: string[]) {
  BODY.forEach((r, i) => {
    const y = 690 - i * 13;
    ops.push(text(72, y, 9, r[0]));
    RIGHT.forEach((x, k) => ops.push(right(x, y, r[k + 1])));
  });
  return ops;
}

Deno.test("document.tables: dates printed a few points apart head their own columns", async () => {
  const ops = body([
    text(72, 740, 10, "(in millions)"),
    centre(300, 720, "Three months ended"),
    centre(420, 720, "Twelve months ended"),
    // 6 points between the second and the third date: less than the gap that parts cells
    ...[270, 340, 400, 470].map((x, k) => centre(x, 708, k % 2 ? "Dec 31, 2023" : "Dec 31, 2024")),
  ]);
  const d = await tables(ops);
  assert.equal(d.count, 1);
  // before: ["", "Three months ended Dec 31, 2024", "Three months ended Dec 31, 2023 Dec 31,
  // 2024", "Twelve months ended", "Twelve months ended Dec 31, 2023"]
  assert.deepEqual(d.tables[0].header, [
    "",
    "Three months ended Dec 31, 2024",
    "Three months ended Dec 31, 2023",
    "Twelve months ended Dec 31, 2024",
    "Twelve months ended Dec 31, 2023",
  ]);
  assert.deepEqual(d.tables[0].values[1], [null, -12.3, 8.1, 120, 96.4]);
});

Deno.test("document.tables: a heading set word by word with word spaces stays one heading", async () => {
  // "Three", "months", "ended" as separate runs a word space apart, over two columns
  const words = ["Three", "months", "ended"];
  const ops = body([text(72, 740, 10, "(in millions)")]);
  let x = 275;
  for (const w of words) {
    ops.push(text(x, 720, 9, w));
    x += width(w, 9) + 2.5;
  }
  ops.push(centre(455, 720, "Twelve months ended"));
  ops.push(...[270, 340, 400, 470].map((x, k) => centre(x, 708, k % 2 ? "2023" : "2024")));
  const d = await tables(ops);
  assert.deepEqual(d.tables[0].header, [
    "",
    "Three months ended 2024",
    "Three months ended 2023",
    "Twelve months ended 2024",
    "Twelve months ended 2023",
  ]);
});
