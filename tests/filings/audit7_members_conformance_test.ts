/**
 * Conformance on recorded filings (../shared/fixtures, read when present, skipped with a printed
 * reason when not): the member rows of Apple's and Tesla's statements match the figures the
 * filings show (Apple's R2 page; Tesla's balance sheet, which adds up only with its two lines
 * reported by member), and every total is the figure without a dimension, as before.
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

const SEC = new URL("../../../shared/fixtures/sec/", import.meta.url).pathname;
const AAPL_Q = `${SEC}AAPL/10-Q/0000320193-25-000057`;
const AAPL_K = `${SEC}AAPL/10-K/0000320193-23-000106`;
const TSLA_Q = `${SEC}TSLA/10-Q/0001628280-24-032662`;

function statement(dir: string, base: string, kind: StatementKind) {
  const read = (s: string) => Deno.readTextFileSync(`${dir}/${base}${s}`);
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

/** The R page's rows as [label, cells as printed after the label]. */
function rPage(html: string): [string, string[]][] {
  const text = (s: string) =>
    s.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ").replace(/&amp;/g, "&").trim();
  const out: [string, string[]][] = [];
  // the report's own table, not the definitions pop-ups after it
  const report = html.slice(0, html.indexOf("</table>"));
  for (const tr of report.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)) {
    const cells = [...tr[1].matchAll(/<t[dh][^>]*>([\s\S]*?)<\/t[dh]>/g)].map((c) => text(c[1]));
    if (cells.length > 1) out.push([cells[0], cells.slice(1)]);
  }
  return out;
}
const figure = (s: string) => Number(s.replace(/[$,\s]/g, "").replace(/^\((.*)\)$/, "-$1"));

Deno.test({
  name:
    "conformance: Apple's 10-Q (Q2 FY2025) income statement gives Products and Services lines as its R page (R2) shows them",
  ignore: !existsSync(AAPL_Q),
  fn() {
    const built = statement(AAPL_Q, "aapl-20250329", "income");
    // R2 lists each member's lines after the statement: "Products", then its "Net sales" and
    // "Cost of sales"; then "Services", the same
    const r2 = rPage(Deno.readTextFileSync(`${AAPL_Q}/R2.htm`));
    const expected: [string, string, number[]][] = [];
    let group: string | null = null;
    for (const [label, cells] of r2) {
      if (/^(Products|Services)$/.test(label) && cells.every((c) => c === "")) group = label;
      else if (group && cells.some((c) => c !== "")) {
        expected.push([group, label, cells.map(figure)]);
      }
    }
    assert.equal(expected.length, 4, JSON.stringify(expected));
    for (const [member, line, figures] of expected) {
      const total = built.rows.find((r) => r.label === line && !r.member)!;
      const row = built.rows.find((r) =>
        r.member && r.label === member && r.concept === total.concept
      );
      assert.ok(row, `${member} ${line}`);
      assert.deepEqual(built.periods.map((p) => row.values[p].reported), figures);
      assert.equal(row.parent, total.concept);
      assert.equal(row.calculation_parent, null);
    }
    // the totals are R2's first rows, unchanged
    const sales = built.rows.find((r) => r.label === "Net sales" && !r.member)!;
    assert.deepEqual(built.periods.map((p) => sales.values[p].reported), [
      95359,
      90753,
      219659,
      210328,
    ]);
    const net = built.rows.find((r) => r.label === "Net income")!;
    assert.deepEqual(built.periods.map((p) => net.values[p].reported), [
      24780,
      23636,
      61110,
      57552,
    ]);
    // products and services add up to the total (as filed), each a row apart from it
    const parts = built.rows.filter((r) => r.member && r.concept === sales.concept);
    assert.equal(parts.length, 2);
    assert.equal(
      parts.reduce((s, r) => s + r.values[built.periods[0]].reported!, 0),
      sales.values[built.periods[0]].reported,
    );
  },
});

Deno.test({
  name: "conformance: Apple's 10-Q balance sheet (R4) has no member rows and its totals as R4",
  ignore: !existsSync(AAPL_Q),
  fn() {
    const built = statement(AAPL_Q, "aapl-20250329", "balance");
    assert.ok(!built.rows.some((r) => r.member));
    const r4 = new Map(rPage(Deno.readTextFileSync(`${AAPL_Q}/R4.htm`)));
    const assets = built.rows.find((r) => r.concept === "us-gaap:Assets")!;
    assert.deepEqual(
      built.periods.map((p) => assets.values[p].reported),
      r4.get("Total assets")!.map(figure),
    );
  },
});

Deno.test({
  name: "conformance: Apple's FY2023 10-K income statement gives Products and Services net sales",
  ignore: !existsSync(AAPL_K),
  fn() {
    const built = statement(AAPL_K, "aapl-20230930", "income");
    const fy = built.periods[0];
    assert.equal(fy, "2022-09-25 to 2023-09-30");
    const get = (label: string, concept: string) =>
      built.rows.find((r) => r.label === label && r.concept === concept)!.values[fy].reported;
    const REV = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax";
    const COGS = "us-gaap:CostOfGoodsAndServicesSold";
    assert.equal(get("Products", REV), 298085);
    assert.equal(get("Services", REV), 85200);
    assert.equal(get("Net sales", REV), 383285);
    assert.equal(get("Products", COGS), 189282);
    assert.equal(get("Services", COGS), 24855);
  },
});

Deno.test({
  name:
    "conformance: Tesla's 10-Q (Q2 2024) balance sheet shows its two member-only lines and adds up",
  ignore: !existsSync(TSLA_Q),
  fn() {
    const built = statement(TSLA_Q, "tsla-20240630", "balance");
    assert.deepEqual(built.periods, ["2024-06-30", "2023-12-31"]);
    const row = (label: string) => built.rows.find((r) => r.label === label)!;
    const olv = row("Operating lease vehicles, net");
    const ses = row("Solar energy systems, net");
    assert.deepEqual([olv.values["2024-06-30"].reported, olv.values["2023-12-31"].reported], [
      5541,
      5989,
    ]);
    assert.equal(olv.member, "tsla:OperatingLeaseVehiclesMember");
    assert.deepEqual([ses.values["2024-06-30"].reported, ses.values["2023-12-31"].reported], [
      5102,
      5229,
    ]);
    assert.equal(ses.member, "tsla:SolarEnergySystemsMember");
    // the assets under "Assets" add up to the total only with those two lines
    const assets = row("Total assets");
    for (const p of built.periods) {
      const parts = built.rows.filter((r) =>
        r.parent === "us-gaap:AssetsAbstract" && !r.abstract && r !== assets
      );
      const current = built.rows.find((r) => r.concept === "us-gaap:AssetsCurrent")!;
      const sum = parts.reduce((s, r) => s + (r.values[p]?.reported ?? 0), 0) +
        current.values[p].reported!;
      assert.equal(sum, assets.values[p].reported, p);
    }
  },
});

Deno.test({
  name:
    "conformance: Tesla's 10-Q (Q2 2024) income statement gives its revenue lines by member, nested",
  ignore: !existsSync(TSLA_Q),
  fn() {
    const built = statement(TSLA_Q, "tsla-20240630", "income");
    const q = built.periods[0];
    assert.equal(q, "2024-04-01 to 2024-06-30");
    const REV = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax";
    const lines = built.rows.filter((r) => r.concept === REV);
    assert.deepEqual(lines.map((r) => [r.label, r.values[q].reported]), [
      ["Revenues", 25500],
      ["Automotive Revenues", 19878],
      ["Automotive sales", 18530],
      ["Automotive regulatory credits", 890],
      ["Automotive leasing", 458],
      ["Energy generation and storage", 3014],
      ["Services and other", 2608],
    ]);
    // the total is the one without a dimension; automotive's parts sit a level below it
    assert.equal(lines[0].member, null);
    assert.equal(lines[2].level, lines[1].level + 1);
  },
});

if (!existsSync(SEC)) console.log(`skipped member conformance: ${SEC} is not here`);
