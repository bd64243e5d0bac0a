/**
 * Conformance on a recorded filing (../shared/fixtures, read when present, skipped with a printed
 * reason when not): every figure of Apple's 10-Q (Q2 FY2025) income statement, balance sheet and
 * cash flow statement as filings.statement builds them from the XBRL equals the figure EDGAR's
 * own R page prints for the same concept, row by row and column by column, with the sign the
 * page shows (`reported` times `preferred_sign`): no value under another period's column, no
 * sign flipped, no scale misread, no row from another statement, none missing; and the statement
 * says nothing about scales (its figures are all in millions, as the pages say).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { buildStatement, type StatementKind } from "../../analysis/filings/statement.ts";
import { chooseRole } from "../../analysis/filings/statement_roles.ts";
import {
  parseInstance,
  parseLabels,
  parseLinkbase,
  parseSchema,
} from "../../providers/filings_a/xbrl.ts";
import { parseReport } from "../../analysis/filings/rfile.ts";

const DIR = new URL(
  "../../../shared/fixtures/sec/AAPL/10-Q/0000320193-25-000057/",
  import.meta.url,
).pathname;
const here = existsSync(DIR);
if (!here) console.log(`skipped Apple's statements against their R pages: ${DIR} is not here`);

function statement(kind: StatementKind) {
  const read = (s: string) => Deno.readTextFileSync(`${DIR}aapl-20250329${s}`);
  const schema = parseSchema(read(".xsd"));
  const role = chooseRole(kind, schema.roles)!;
  return buildStatement({
    role: role.uri,
    presentation: parseLinkbase(read("_pre.xml"), "presentationLink"),
    calculation: parseLinkbase(read("_cal.xml"), "calculationLink"),
    definition: parseLinkbase(read("_def.xml"), "definitionLink"),
    labels: parseLabels(read("_lab.xml")),
    instance: parseInstance(read("_htm.xml"), { namespaces: schema.namespaces }),
    balances: schema.balances,
  });
}

for (
  const [kind, page, columns] of [
    ["income", "R2.htm", 4],
    ["balance", "R4.htm", 2],
    ["cashflow", "R7.htm", 2],
  ] as [StatementKind, string, number][]
) {
  Deno.test({
    name:
      `conformance: Apple's 10-Q ${kind} statement has every figure of its R page (${page}), in its column, with its sign`,
    ignore: !here,
    fn() {
      const built = statement(kind);
      const report = parseReport(Deno.readTextFileSync(`${DIR}${page}`));
      assert.equal(built.periods.length, columns);
      assert.equal(report.columns.length, columns);
      // R pages head columns "3 Months Ended Mar. 29, 2025", "Mar. 29, 2025": the same order
      const lines = built.rows.filter((r) => !r.abstract);
      const used = new Set<number>();
      let compared = 0;
      for (const r of report.rows) {
        if (!r.values.some((v) => v.number !== null)) continue;
        // the R page's rows of one concept in order: the total, then its members' lines
        const i = lines.findIndex((l, k) => !used.has(k) && l.concept === r.concept);
        assert.ok(i >= 0, `${page} "${r.label}" (${r.concept}) is no row of the statement`);
        used.add(i);
        const shown = built.periods.map((p) => {
          const v = lines[i].values[p];
          return v?.reported == null ? null : v.reported * v.preferred_sign;
        });
        assert.deepEqual(shown, r.values.map((v) => v.number), `${page} "${r.label}"`);
        compared++;
      }
      assert.ok(compared >= 15, `${compared} rows compared`);
      // no row of figures the page does not print
      const extra = lines.filter((l, k) =>
        !used.has(k) && Object.values(l.values).some((v) => v.raw !== null)
      );
      assert.deepEqual(extra.map((l) => l.label), []);
      assert.ok(!built.warnings.some((w) => /scale|decimals/.test(w)), built.warnings.join("\n"));
    },
  });
}
