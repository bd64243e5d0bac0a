/**
 * Which leading rows of a table head its columns. Two ways it went wrong on a 10-Q:
 * - the cover page's table of securities holds no figure, so every row read as a heading and the
 *   table became one header (nine rows joined per column) over its last row;
 * - "Americas:", the name of the first group of rows, became the label column's heading, so the
 *   first group's rows lost their group while the next one's ("Europe:") kept it as a row.
 */
import assert from "node:assert/strict";
import { finish } from "../../analysis/document/table_headings.ts";

const bbox = null;

Deno.test("table headings: a table of words has one header row over its rows", () => {
  const t = finish(
    [
      ["Title of each class", "Trading symbol(s)", "Name of each exchange"],
      ["Common Stock", "AAPL", "The Nasdaq Stock Market LLC"],
      ["0.000% Notes due 2025", "—", "The Nasdaq Stock Market LLC"],
      ["3.600% Notes due 2042", "—", "The Nasdaq Stock Market LLC"],
    ],
    1,
    bbox,
  );
  assert.deepEqual(t.header, ["Title of each class", "Trading symbol(s)", "Name of each exchange"]);
  assert.equal(t.rows.length, 3);
  assert.equal(t.rows[0][0], "Common Stock");
});

Deno.test("table headings: a group's name above its rows is a row, a units note a heading", () => {
  const t = finish(
    [
      ["", "Three Months Ended March 29, 2025", "Three Months Ended March 30, 2024"],
      ["Americas:", "", ""],
      ["Net sales", "$ 40,315", "$ 37,273"],
      ["Europe:", "", ""],
      ["Net sales", "$ 24,454", "$ 24,123"],
    ],
    1,
    bbox,
  );
  assert.deepEqual(t.header, [
    "",
    "Three Months Ended March 29, 2025",
    "Three Months Ended March 30, 2024",
  ]);
  assert.deepEqual(t.rows.map((r) => r[0]), ["Americas:", "Net sales", "Europe:", "Net sales"]);
  // a scale stated in the label cell still heads the table
  const scaled = finish(
    [
      ["(in millions)", "", ""],
      ["", "2024", "2023"],
      ["Net sales", "40,315", "37,273"],
    ],
    1,
    bbox,
  );
  assert.equal(scaled.header[0], "(in millions)");
  assert.equal(scaled.rows.length, 1);
  const under = finish(
    [
      ["", "2024", "2023"],
      ["(in millions)", "", ""],
      ["Net sales", "40,315", "37,273"],
    ],
    1,
    bbox,
  );
  assert.equal(under.header[0], "(in millions)");
  // statements' years over their columns are headings as before
  const years = finish([["", "2024", "2023"], ["Revenue", "10", "9"], ["Cost", "4", "3"]], 1, bbox);
  assert.deepEqual(years.header, ["", "2024", "2023"]);
  assert.equal(years.rows.length, 2);
});
