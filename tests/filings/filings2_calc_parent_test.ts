/**
 * calculation_parent of a row names a row of the same statement, never a concept only another
 * statement holds: a parent taken from another role's calculation linkbase that the statement
 * does not contain (cash flows summing an amount of the income statement, a segment note summing gross profit) is null, with a warning naming
 * that role; one that is a row here is kept; a continuation's rows count as the statement's.
 * On the project's acme fixture (an income statement, role Ops), with calculation arcs written
 * here.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";
import {
  buildStatement,
  joinStatements,
  type StatementRow,
} from "../../analysis/filings/statement.ts";
import {
  type Arc,
  parseInstance,
  parseLabels,
  parseLinkbase,
  parseSchema,
} from "../../providers/filings_a/xbrl.ts";

const ACME = join(FIXTURES, "filings", "cassette", "acme", "10k");
const read = (name: string) => Deno.readTextFileSync(join(ACME, name));
const OPS = "http://acme.example/role/Ops";
const OPS_CONT = "http://acme.example/role/OpsContinued";
const OTHER = "http://acme.example/role/SegmentDetails";
const arc = (from: string, to: string): Arc => ({
  from,
  to,
  order: 1,
  preferredLabel: null,
  weight: 1,
});

function build(role: string, calculation: Map<string, Arc[]>, presentation?: Map<string, Arc[]>) {
  const schema = parseSchema(read("acme-20231231.xsd"));
  return buildStatement({
    role,
    presentation: presentation ?? parseLinkbase(read("acme-20231231_pre.xml"), "presentationLink"),
    calculation,
    labels: parseLabels(read("acme-20231231_lab.xml")),
    instance: parseInstance(read("acme-20231231_htm.xml"), { namespaces: schema.namespaces }),
    balances: schema.balances,
  });
}

/** The calculation parent of the row of `concept` (the row must be there). */
function parentOf(rows: StatementRow[], concept: string): string | null {
  const r = rows.find((x) => x.concept === concept);
  assert.ok(r, `no row ${concept}`);
  return r.calculation_parent;
}

Deno.test("a calculation parent only another statement holds is null, with a warning naming its role", () => {
  const calc = new Map([
    [OPS, [arc("us-gaap:GrossProfit", "us-gaap:Revenues")]],
    [OTHER, [arc("us-gaap:OperatingIncomeLoss", "us-gaap:GrossProfit")]],
  ]);
  const { rows, warnings } = build(OPS, calc);
  assert.equal(parentOf(rows, "us-gaap:GrossProfit"), null);
  const concepts = new Set(rows.map((r) => r.concept));
  for (const r of rows) {
    if (r.calculation_parent) assert.ok(concepts.has(r.calculation_parent), r.concept);
  }
  const w = warnings.find((x) => x.includes("us-gaap:GrossProfit → us-gaap:OperatingIncomeLoss"));
  assert.ok(w, warnings.join("\n"));
  assert.match(w, /another statement/);
  assert.ok(w.includes(OTHER), w);
  // the statement's own calculation is kept as it is
  assert.equal(parentOf(rows, "us-gaap:Revenues"), "us-gaap:GrossProfit");
});

Deno.test("a calculation parent from another role that is a row of this statement is kept, first such role", () => {
  const calc = new Map([
    [OPS, [arc("us-gaap:GrossProfit", "us-gaap:Revenues")]],
    [OTHER, [arc("us-gaap:ComprehensiveIncomeNetOfTax", "acme:RoyaltyIncome")]],
    ["http://acme.example/role/Details", [arc("us-gaap:GrossProfit", "acme:RoyaltyIncome")]],
  ]);
  const { rows, warnings } = build(OPS, calc);
  assert.equal(
    parentOf(rows, "acme:RoyaltyIncome"),
    "us-gaap:GrossProfit",
  );
  assert.ok(!warnings.some((w) => w.includes("calculation_parent is null")), warnings.join("\n"));
});

Deno.test("a parent that is a row of the statement's continuation is given back when the parts are joined", () => {
  const presentation = parseLinkbase(read("acme-20231231_pre.xml"), "presentationLink");
  presentation.set(OPS_CONT, [
    arc("us-gaap:IncomeStatementAbstract", "us-gaap:OperatingIncomeLoss"),
  ]);
  const calc = new Map([
    [OPS, [arc("us-gaap:GrossProfit", "us-gaap:Revenues")]],
    [OPS_CONT, [arc("us-gaap:OperatingIncomeLoss", "us-gaap:GrossProfit")]],
  ]);
  const first = build(OPS, calc, presentation);
  assert.ok(first.warnings.some((w) => w.includes(OPS_CONT)));
  const joined = joinStatements([first, build(OPS_CONT, calc, presentation)]);
  assert.equal(
    parentOf(joined.rows, "us-gaap:GrossProfit"),
    "us-gaap:OperatingIncomeLoss",
  );
  assert.ok(
    !joined.warnings.some((w) => w.includes("calculation_parent is null")),
    joined.warnings.join("\n"),
  );
});
