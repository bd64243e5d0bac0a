/**
 * filings.statement end to end on the project's ACME cassette with its income statement given a
 * table by product and service (srt:ProductOrServiceAxis, as Apple's): the envelope's rows carry
 * `axis` and `member` (the schema kept them), a member row is found by `query`, its total is
 * the figure without a dimension, and the text view shows the member lines under their total.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { acmeCassette } from "./audit6_statements_cassette.ts";
import { statementView } from "../../adapters/views/statement.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const GAAP = "https://xbrl.fasb.org/us-gaap/2023/elts/us-gaap-2023.xsd";
const SRT = "https://xbrl.fasb.org/srt/2023/elts/srt-2023.xsd";
const TABLE =
  `    <link:loc xlink:type="locator" xlink:label="loc_table" xlink:href="${GAAP}#us-gaap_StatementTable"/>
    <link:loc xlink:type="locator" xlink:label="loc_axis" xlink:href="${SRT}#srt_ProductOrServiceAxis"/>
    <link:loc xlink:type="locator" xlink:label="loc_domain" xlink:href="${SRT}#srt_ProductsAndServicesDomain"/>
    <link:loc xlink:type="locator" xlink:label="loc_product" xlink:href="${GAAP}#us-gaap_ProductMember"/>
    <link:loc xlink:type="locator" xlink:label="loc_service" xlink:href="${GAAP}#us-gaap_ServiceMember"/>
    <link:presentationArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/parent-child" xlink:from="loc_abs" xlink:to="loc_table" order="0"/>
    <link:presentationArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/parent-child" xlink:from="loc_table" xlink:to="loc_axis" order="1"/>
    <link:presentationArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/parent-child" xlink:from="loc_axis" xlink:to="loc_domain" order="1"/>
    <link:presentationArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/parent-child" xlink:from="loc_domain" xlink:to="loc_product" order="1"/>
    <link:presentationArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/parent-child" xlink:from="loc_domain" xlink:to="loc_service" order="2"/>
  </link:presentationLink>`;

const ctx = (id: string, year: number, member: string) =>
  `  <context id="${id}"><entity><identifier scheme="http://www.sec.gov/CIK">0001234567</identifier><segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">${member}</xbrldi:explicitMember></segment></entity><period><startDate>${year}-01-01</startDate><endDate>${year}-12-31</endDate></period></context>`;
const rev = (c: string, v: number) =>
  `  <us-gaap:Revenues contextRef="${c}" decimals="-6" unitRef="usd">${v * 1e6}</us-gaap:Revenues>`;

async function cassette() {
  return await acmeCassette({
    // the Ops role (the first presentation link) gets the table
    "acme-20231231_pre.xml": (xml) => xml.replace("  </link:presentationLink>", TABLE),
    "acme-20231231_htm.xml": (xml) =>
      xml
        .replace(
          'xmlns:iso4217="http://www.xbrl.org/2003/iso4217"',
          'xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:srt="http://fasb.org/srt/2023"',
        )
        .replace(
          "  <unit id=",
          [
            ctx("fy23_p", 2023, "us-gaap:ProductMember"),
            ctx("fy23_s", 2023, "us-gaap:ServiceMember"),
            ctx("fy22_p", 2022, "us-gaap:ProductMember"),
            ctx("fy22_s", 2022, "us-gaap:ServiceMember"),
            "  <unit id=",
          ].join("\n"),
        )
        .replace(
          "</xbrl>",
          [
            rev("fy23_p", 1000),
            rev("fy23_s", 200),
            rev("fy22_p", 850),
            rev("fy22_s", 150),
            "</xbrl>",
          ]
            .join("\n"),
        ),
  });
}

const Y23 = "2023-01-01 to 2023-12-31";

Deno.test("filings.statement: lines by product and service are rows with axis and member, after their total", async () => {
  const dir = await cassette();
  try {
    const env = await envelope("filings.statement", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      statement: "income",
    }, { replay: [dir] });
    const d = dataOf<Any>(env);
    const rows = d.rows.map((r: Any) => [r.label, r.member, r.values[Y23].reported]);
    // old: no Product and Service rows, and no axis or member on any row
    assert.deepEqual(rows.slice(0, 3), [
      ["Revenues", null, 1200],
      ["Product", "us-gaap:ProductMember", 1000],
      ["Service", "us-gaap:ServiceMember", 200],
    ]);
    const product = d.rows[1];
    assert.equal(product.concept, "us-gaap:Revenues");
    assert.equal(product.axis, "srt:ProductOrServiceAxis");
    assert.equal(product.parent, "us-gaap:Revenues");
    assert.equal(product.calculation_parent, null);
    // every row says whether it is a member's: null on the others
    assert.ok(d.rows.slice(3).every((r: Any) => r.axis === null && r.member === null));
    assert.ok(
      env.warnings.some((w) => /by member of an axis \(ProductMember, ServiceMember\)/.test(w)),
    );
    // a member row is found by its member
    const q = dataOf<Any>(
      await envelope("filings.statement", {
        symbol: "ACME",
        accession: "0001234567-24-000010",
        query: "ServiceMember",
      }, { replay: [dir] }),
    );
    assert.deepEqual(q.rows.map((r: Any) => r.label), ["Service"]);
    // the text view shows them under the total, indented
    const table = statementView(d).find((b: Any) => b.kind === "table") as Any;
    const labels = table.rows.map((r: Any) => [r[0].text, r[0].indent]);
    assert.deepEqual(labels.slice(0, 3), [["Revenues", 0], ["Product", 1], ["Service", 1]]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
