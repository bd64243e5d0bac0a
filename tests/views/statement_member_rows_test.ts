/**
 * A line shown by member shares its total's concept: the text view draws it as a part of that
 * total, without the total's rules (it was drawn as a second total of the same figure kind).
 */
import assert from "node:assert/strict";
import { statementView } from "../../adapters/views/statement.ts";

const fact = (reported: number) => ({ reported, unit: "USD", decimals: -6 });

Deno.test("statement view: a member row of a total's concept is not drawn as a total", () => {
  const blocks = statementView({
    periods: ["2024-06-29"],
    filing: {},
    rows: [
      {
        concept: "us-gaap:Revenues",
        label: "Total net sales",
        level: 1,
        abstract: false,
        calculation_parent: null,
        values: { "2024-06-29": fact(85_777e6) },
      },
      {
        concept: "us-gaap:Revenues",
        label: "Products",
        level: 2,
        abstract: false,
        calculation_parent: null,
        member: "us-gaap:ProductMember",
        values: { "2024-06-29": fact(61_564e6) },
      },
      {
        concept: "us-gaap:GrossProfit",
        label: "Gross margin",
        level: 1,
        abstract: false,
        calculation_parent: "us-gaap:Revenues",
        values: { "2024-06-29": fact(39_678e6) },
      },
    ],
  });
  // deno-lint-ignore no-explicit-any
  const table = blocks.find((b: any) => b.kind === "table") as any;
  assert.ok(table, JSON.stringify(blocks).slice(0, 300));
  const byLabel = new Map(
    table.rows.map((r: { text: string; total?: boolean }[]) => [r[0].text, r[0].total]),
  );
  assert.equal(byLabel.get("Total net sales"), true);
  assert.equal(byLabel.get("Products"), false);
});
