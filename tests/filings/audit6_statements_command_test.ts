/**
 * filings.statement on a statement tagged as two roles, the second "… (Continued)" (a statement
 * split over two pages of the filing): the rows of the second were never read, and the second
 * was named as a rival ("a combined report of several registrants?"). The cassette is the
 * project's ACME one with the continuation role added; the figures are its own.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";
import { acmeCassette } from "./audit6_statements_cassette.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const CONTINUED_ROLE =
  `  <link:presentationLink xlink:role="http://acme.example/role/OpsContinued" xlink:type="extended">
    <link:loc xlink:type="locator" xlink:label="loc_abs" xlink:href="https://xbrl.fasb.org/us-gaap/2023/elts/us-gaap-2023.xsd#us-gaap_IncomeStatementAbstract"/>
    <link:loc xlink:type="locator" xlink:label="loc_ni" xlink:href="https://xbrl.fasb.org/us-gaap/2023/elts/us-gaap-2023.xsd#us-gaap_NetIncomeLoss"/>
    <link:presentationArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/parent-child" xlink:from="loc_abs" xlink:to="loc_ni" order="1"/>
  </link:presentationLink>
</link:linkbase>`;

Deno.test("filings.statement: a '(Continued)' role's rows follow the statement's, said once", async () => {
  const dir = await acmeCassette({
    "FilingSummary.xml": (xml) =>
      xml.replace(
        /(<Report [^>]*><HtmlFileName>R3\.htm)/,
        `<Report instance="acme-20231231.htm"><HtmlFileName>R5.htm</HtmlFileName><LongName>0000002 - Statement - Consolidated Statements of Operations (Continued)</LongName><Role>http://acme.example/role/OpsContinued</Role><ShortName>Consolidated Statements of Operations (Continued)</ShortName><MenuCategory>Statements</MenuCategory><Position>3</Position></Report>\n    $1`,
      ),
    "acme-20231231_pre.xml": (xml) => xml.replace("</link:linkbase>", CONTINUED_ROLE),
  });
  try {
    const env = await envelope("filings.statement", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      statement: "income",
    }, { replay: [dir] });
    const d = dataOf<Any>(env);
    const concepts = d.rows.map((r: Any) => r.concept);
    // old: the continuation's net income was missing, and it was named as a rival role
    assert.ok(concepts.includes("us-gaap:NetIncomeLoss"), concepts.join(", "));
    assert.ok(concepts.indexOf("us-gaap:NetIncomeLoss") > concepts.indexOf("us-gaap:Revenues"));
    const ni = d.rows.find((r: Any) => r.concept === "us-gaap:NetIncomeLoss");
    assert.ok(Object.values(ni.values).some((v: Any) => v.raw !== null));
    assert.ok(env.warnings.some((w) => /tagged in 2 parts/.test(w)), env.warnings.join(" | "));
    assert.ok(!env.warnings.some((w) => /statement roles of .* match/.test(w)));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("filings.statement: a statement role the presentation linkbase has no rows for is an error, not an empty statement", async () => {
  const dir = await acmeCassette({
    "FilingSummary.xml": (xml) =>
      xml.replace(
        "<Role>http://acme.example/role/Ops</Role>",
        "<Role>http://acme.example/role/OpsElsewhere</Role>",
      ),
  });
  try {
    const env = await envelope("filings.statement", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      statement: "income",
    }, { replay: [dir] });
    // old: ok:true, no rows, a warning that no row "matched"
    assert.equal(env.ok, false, JSON.stringify(env).slice(0, 300));
    assert.match(env.error!, /no line items in its presentation linkbase/);
    assert.match(env.error!, /filings\.report/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
