/**
 * Stream tables set close together and rows that wrap, shaped after a packaging maker's release:
 * - a second table with its own headings run on below the first (no blank band between) is a
 *   table of its own: its "Reported ∆%" figures stood under the first one's "2022 $ million";
 * - a label too long for a section label that wraps onto its figures' line keeps the statement
 *   whole: it cut a cash flow statement in two, the rest without headings or scale;
 * - a figure under the long labels of the rows above is a column, not words of its row's label;
 * - "EBITDA, EBIT, Net income and EPS" across columns "EBITDA | EBIT | EPS" is in the scale
 *   where its column is.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { buildPdf, text } from "../fixtures/document/make_pdf.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const t = (x: number, y: number, s: string, size = 9) => text(x, y, size, s);

async function saved(ops: string[]): Promise<string> {
  const path = await Deno.makeTempFile({ prefix: "audit12_blocks_", suffix: ".pdf" });
  await Deno.writeFile(path, buildPdf([{ ops }]));
  return path;
}

Deno.test("document.tables: a second table's headings below the first one's rows start a table of its own", async () => {
  const ops = [
    t(410, 298, "Twelve Months Ended June 30,"),
    t(39, 286, "GAAP results"),
    t(404, 286, "2022 $ million"),
    t(490, 286, "2023 $ million"),
    t(39, 272, "Net sales"),
    t(444, 272, "14,544"),
    t(530, 272, "14,694"),
    t(39, 260, "Net income"),
    t(456, 260, "805"),
    t(535, 260, "1,048"),
    t(39, 247, "EPS (diluted US cents)"),
    t(454, 247, "52.9"),
    t(540, 247, "70.5"),
    t(237, 226, "Twelve Months Ended June 30,"),
    t(493, 226, "Comparable"),
    t(501, 217, "constant"),
    t(39, 209, "Adjusted non-GAAP results"),
    t(231, 209, "2022 $ million"),
    t(317, 209, "2023 $ million"),
    t(405, 209, "Reported %"),
    t(492, 209, "currency %"),
    t(39, 194, "Net sales"),
    t(271, 194, "14,544"),
    t(357, 194, "14,694"),
    t(466, 194, "1"),
    t(548, 194, "2"),
    t(39, 180, "EBITDA"),
    t(276, 180, "2,117"),
    t(362, 180, "2,018"),
    t(463, 180, "(5)"),
    t(552, 180, "1"),
  ];
  const d: Any = dataOf(await envelope("document.tables", { source: await saved(ops) }));
  // before: one table whose "Reported %" column of 1 and (5) was headed "2022 $ million"
  assert.equal(d.count, 2, JSON.stringify(d.tables.map((x: Any) => x.header)));
  const [gaap, adjusted] = d.tables;
  assert.deepEqual(gaap.rows.map((r: string[]) => r[0]), [
    "Net sales",
    "Net income",
    "EPS (diluted US cents)",
  ]);
  assert.equal(adjusted.header[0], "Adjusted non-GAAP results");
  assert.match(adjusted.header[1], /2022 \$ million$/);
  assert.match(adjusted.header[3], /^Reported %$/);
  assert.match(adjusted.header[4], /Comparable constant currency %/);
  const ebitda = adjusted.rows.findIndex((r: string[]) => r[0] === "EBITDA");
  assert.deepEqual(adjusted.values[ebitda], [null, 2117, 2018, -5, 1]);
  assert.deepEqual(adjusted.scales[ebitda], [null, 1e6, 1e6, null, null]);
});

Deno.test("document.tables: a long label wrapped onto its figures' line keeps the statement in one table", async () => {
  const ops = [
    t(419, 765, "Twelve Months Ended June 30,", 8),
    t(39, 752, "($ million)", 8),
    t(429, 752, "2022", 8),
    t(512, 752, "2023", 8),
    t(39, 736, "Net income", 8),
    t(461, 736, "815", 8),
    t(538, 736, "1,058", 8),
    t(39, 722, "Depreciation, amortization, and impairment", 8),
    t(461, 722, "625", 8),
    t(544, 722, "586", 8),
    t(
      39,
      708,
      "Changes in operating assets and liabilities, excluding effect of acquisitions, divestitures, and",
      8,
    ),
    t(39, 702, "currency", 8),
    t(458, 702, "(207)", 8),
    t(542, 702, "(265)", 8),
    t(39, 688, "Other non-cash items", 8),
    t(461, 688, "155", 8),
    t(544, 688, "102", 8),
    t(39, 674, "Net cash provided by operating activities", 8),
    t(454, 674, "1,526", 8),
    t(538, 674, "1,261", 8),
  ];
  const d: Any = dataOf(await envelope("document.tables", { source: await saved(ops) }));
  // before: a second table from "currency" on, with empty headings and no scale
  assert.equal(d.count, 1, JSON.stringify(d.tables.map((x: Any) => x.rows)));
  const tb = d.tables[0];
  assert.equal(tb.scale.multiplier, 1e6);
  const i = tb.rows.findIndex((r: string[]) => r[0] === "currency");
  assert.match(tb.rows[i - 1][0], /^Changes in operating assets/);
  assert.deepEqual(tb.values[i], [null, -207, -265]);
  assert.deepEqual(tb.scales[i], [null, 1e6, 1e6]);
  const cash = tb.rows.findIndex((r: string[]) => r[0].startsWith("Net cash provided"));
  assert.deepEqual(tb.values[cash], [null, 1526, 1261]);
  assert.equal(tb.header[1], "Twelve Months Ended June 30, 2022");
});

Deno.test("document.tables: a figure under the long labels of the rows above is a column, not part of its label", async () => {
  const ops: string[] = [];
  const pct = [
    ["% growth - Adjusted EBITDA, EBIT, Net income and EPS", "(11)", "(14)", "(23)", "(21)"],
    ["% currency impact", "2", "1", "3", "4"],
    ["% comparable constant currency growth", "(6)", "(7)", "(16)", "(14)"],
  ];
  pct.forEach((r, i) => {
    const y = 364 - 14 * i;
    ops.push(t(39, y, r[0], 8), t(422, y, r[1], 8), t(465, y, r[2], 8));
    ops.push(t(503, y, r[3], 8), t(546, y, r[4], 8));
  });
  const fcf = [["Adjusted EBITDA", "609", "540"], ["Interest paid, net", "(47)", "(79)"], [
    "Income tax paid",
    "(93)",
    "(95)",
  ]];
  fcf.forEach((r, i) => {
    const y = 321 - 15 * i;
    ops.push(t(39, y, r[0], 8), t(236, y, r[1], 8), t(416, y, r[2], 8));
  });
  const d: Any = dataOf(await envelope("document.tables", { source: await saved(ops) }));
  const rows: string[][] = d.tables.flatMap((x: Any) => x.rows);
  // before: "Adjusted EBITDA 609" | 540, its first figure read as words of its label
  const ebitda = rows.find((r) => r[0].startsWith("Adjusted EBITDA"))!;
  assert.equal(ebitda[0], "Adjusted EBITDA");
  assert.deepEqual(ebitda.filter(Boolean), ["Adjusted EBITDA", "609", "540"]);
  assert.ok(!rows.some((r) => /\d/.test(r[0].replace(/^%.*/, ""))), JSON.stringify(rows));
});

Deno.test("tables: a row naming several measures and EPS is in the scale where its column is", async () => {
  const { cellScales } = await import("../../analysis/document/table_scale.ts");
  const scales = cellScales({
    header: ["($ million)", "EBITDA", "EBIT", "Net Income", "EPS (Diluted US cents)"],
    rows: [
      ["EBITDA, EBIT, Net income and EPS", "395", "250", "109", "7.3"],
      ["Diluted EPS", "", "", "", "7.3"],
    ],
    values: [[null, 395, 250, 109, 7.3], [null, null, null, null, 7.3]],
    scale: { multiplier: 1e6, text: "($ million)", where: "header" },
  });
  // before: all null, as if 395 were per share
  assert.deepEqual(scales[0], [null, 1e6, 1e6, 1e6, null]);
  assert.deepEqual(scales[1], [null, null, null, null, null]);
});

Deno.test("document.tables: equity lines after section labels, their first label line wrapped and indented, keep the statement's headings and scale", async () => {
  const s = 10;
  const ops = [
    t(250, 420, "(In millions, except par value amounts)", s),
    t(420, 400, "December 31,", s),
    t(490, 400, "December 25,", s),
    t(440, 388, "2022", s),
    t(508, 388, "2021", s),
    t(69, 370, "Total current liabilities", s),
    t(434, 370, "9,415", s),
    t(498, 370, "2,583", s),
    t(69, 358, "Total liabilities", s),
    t(434, 358, "12,830", s),
    t(498, 358, "4,922", s),
    t(69, 320, "Commitments and Contingencies (see Notes 16 and 17)", s),
    t(69, 308, "Stockholders' equity:", s),
    t(89, 296, "Capital stock:", s),
    t(89, 284, "Common stock, par value $0.01; shares authorized: 2,250; shares issued: 1,645", s),
    t(99, 272.4, "and 1,232; shares outstanding: 1,612 and 1,207", s),
    t(451, 272.4, "16", s),
    t(508, 272.4, "12", s),
    t(89, 260.8, "Additional paid-in capital", s),
    t(434, 260.8, "58,005", s),
    t(490, 260.8, "11,069", s),
    t(69, 249.2, "Total stockholders' equity", s),
    t(434, 249.2, "54,750", s),
    t(490, 249.2, "7,497", s),
  ];
  const env = await envelope("document.tables", { source: await saved(ops) });
  const d: Any = dataOf(env);
  const equity = d.tables.find((x: Any) =>
    x.rows.some((r: string[]) => r[0] === "Total stockholders' equity")
  );
  // before: headings "" and scale null, so $54,750 million read as $54,750
  assert.equal(equity.scale?.multiplier, 1e6, JSON.stringify(d.tables.map((x: Any) => x.rows)));
  // the headings of the statement above it
  assert.notEqual(equity, d.tables[0]);
  assert.deepEqual(equity.header.slice(1), d.tables[0].header.slice(1));
  assert.match(equity.header[1], /2022$/);
  const total = equity.rows.findIndex((r: string[]) => r[0] === "Total stockholders' equity");
  assert.deepEqual(equity.scales[total], [null, 1e6, 1e6]);
});

Deno.test("document.tables: a scale above a table whose column headings were not read is said to be unchecked", async () => {
  const s = 8;
  const ops = [
    t(398, 451, "Total Number of", s),
    t(466, 451, "Maximum Dollar", s),
    t(270, 427, "Total Number of", s),
    t(400, 427, "Part of Publicly", s),
    t(477, 427, "Purchased", s),
    t(276, 411, "Repurchased", s),
    t(337, 411, "Paid per Share", s),
    t(412, 411, "Program", s),
    t(480, 411, "Program", s),
    t(441, 399, "(In millions)", s),
    t(69, 387, "Repurchases during each fiscal quarter of", 10),
    t(79, 375, "2022:", 10),
  ];
  const rows = [
    ["March 27, 2022 - June 25, 2022", "10,159,900", "$ 90.58", "10,159,900", "$7,407"],
    ["June 26, 2022 - September 24, 2022", "6,895,972", "$ 89.52", "6,895,972", "$6,790"],
  ];
  rows.forEach((r, i) => {
    const y = 363 - 12 * i;
    ops.push(t(69, y, r[0], 10), t(276, y, r[1], 10), t(347, y, r[2], 10));
    ops.push(t(405, y, r[3], 10), t(482, y, r[4], 10));
  });
  const env = await envelope("document.tables", { source: await saved(ops) });
  const d: Any = dataOf(env);
  assert.equal(d.tables[0].values[0][1], 10159900);
  // before: a share count of 10,159,900 and a price of $90.58 scaled to millions, unsaid
  assert.ok(
    env.warnings.some((w) =>
      /no headings .*"\(In millions\)" found above it may be one column's|"\(In millions\)" is printed among them/
        .test(w)
    ),
    env.warnings.join("\n"),
  );
});

Deno.test("document.tables: long section labels ending in a colon keep a statement's last rows in it, share counts in their stated scale", async () => {
  const s = 8.8;
  const scale =
    "(In millions, except share amounts which are reflected in thousands, and per share amounts)";
  const ops = [
    t(150, 600, scale, s),
    t(450, 585, "2020", s),
    t(510, 585, "2021", s),
    t(18, 570, "Net loss attributable to Uber Technologies, Inc.", s),
    t(451, 570, "(6,768)", s),
    t(508, 570, "(496)", s),
    t(
      18,
      557,
      "Net loss per share attributable to Uber Technologies, Inc. common stockholders:",
      s,
    ),
    t(41, 546, "Basic", s),
    t(455, 546, "(3.86)", s),
    t(512, 546, "(0.26)", s),
    t(
      18,
      533,
      "Weighted-average shares used to compute net loss per share attributable to common stockholders:",
      s,
    ),
    t(41, 522, "Basic", s),
    t(439, 522, "1,752,960", s),
    t(496, 522, "1,892,546", s),
    t(41, 508, "Diluted", s),
    t(439, 508, "1,752,960", s),
    t(496, 508, "1,895,519", s),
  ];
  const d: Any = dataOf(await envelope("document.tables", { source: await saved(ops) }));
  // before: the per-share and share rows were two tables of their own, without scale or headings
  assert.equal(d.count, 1, JSON.stringify(d.tables.map((x: Any) => x.rows)));
  const tb = d.tables[0];
  assert.deepEqual(tb.header.slice(1), ["2020", "2021"]);
  const rows = tb.rows.map((r: string[]) => r[0]);
  const eps = rows.indexOf("Basic"), shares = rows.lastIndexOf("Basic");
  assert.deepEqual(tb.scales[rows.indexOf("Net loss attributable to Uber Technologies, Inc.")], [
    null,
    1e6,
    1e6,
  ]);
  assert.deepEqual(tb.scales[eps], [null, null, null]);
  // shares "reflected in thousands": 1,752,960 thousand shares, not millions, not unscaled
  assert.deepEqual(tb.scales[shares], [null, 1000, 1000]);
  assert.deepEqual(tb.scales[rows.indexOf("Diluted")], [null, 1000, 1000]);
});
