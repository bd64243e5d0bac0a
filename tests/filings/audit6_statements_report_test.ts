/**
 * filings.report on a page that is no HTML report table: the renderer's older XML R files
 * (R2.xml, filings of 2009-2011, an `<InstanceReport>` of Rows and Cells) were read as a page
 * with no row and a text of run-together figures, ok:true. They are refused with what to do.
 * The cassette is the project's ACME one, copied to a temporary folder with an XML page added
 * (shaped as the renderer's InstanceReport); the figures are invented.
 */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";
import { isReportPage } from "../../analysis/filings/rfile.ts";
import { acmeCassette } from "./audit6_statements_cassette.ts";

const XML_PAGE = `<?xml version="1.0" encoding="utf-8"?>
<?xml-stylesheet type="text/xsl" href="InstanceReport.xslt"?>
<InstanceReport xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Version>2.0.0.3</Version>
  <ReportLongName>0000005 - Statement - Consolidated Balance Sheets</ReportLongName>
  <DisplayLabelColumn>true</DisplayLabelColumn>
  <ShowElementNames>false</ShowElementNames>
  <RoundingOption>In Millions</RoundingOption>
  <Columns>
    <Column><Id>1</Id><Labels><Label Id="1" Label="Dec. 31, 2010" /></Labels><CurrencySymbol>$</CurrencySymbol></Column>
    <Column><Id>2</Id><Labels><Label Id="1" Label="Dec. 31, 2009" /></Labels><CurrencySymbol>$</CurrencySymbol></Column>
  </Columns>
  <Rows>
    <Row><Id>1</Id><Label>Cash and cash equivalents</Label><ElementName>us-gaap_CashAndCashEquivalentsAtCarryingValue</ElementName>
      <Cells><Cell><Id>1</Id><IsNumeric>true</IsNumeric><NumericAmount>1234</NumericAmount><DisplayValue>1,234</DisplayValue></Cell>
      <Cell><Id>2</Id><IsNumeric>true</IsNumeric><NumericAmount>987</NumericAmount><DisplayValue>987</DisplayValue></Cell></Cells></Row>
    <Row><Id>2</Id><Label>Total assets</Label><ElementName>us-gaap_Assets</ElementName>
      <Cells><Cell><Id>1</Id><IsNumeric>true</IsNumeric><NumericAmount>5678</NumericAmount><DisplayValue>5,678</DisplayValue></Cell>
      <Cell><Id>2</Id><IsNumeric>true</IsNumeric><NumericAmount>4321</NumericAmount><DisplayValue>4,321</DisplayValue></Cell></Cells></Row>
  </Rows>
</InstanceReport>`;

function cassetteWithXmlPage(): Promise<string> {
  return acmeCassette({
    "FilingSummary.xml": (xml) =>
      xml.replace(
        "</MyReports>",
        `<Report instance="acme-20231231.htm"><XmlFileName>R5.xml</XmlFileName><LongName>0000005 - Statement - Consolidated Balance Sheets</LongName><Role>http://acme.example/role/BS</Role><ShortName>Consolidated Balance Sheets</ShortName><MenuCategory>Statements</MenuCategory><Position>5</Position></Report>\n  </MyReports>`,
      ),
  }, { "R5.xml": { text: XML_PAGE, type: "application/xml" } });
}

Deno.test("isReportPage: an R page's report table is one; the older XML InstanceReport is not", () => {
  assert.equal(
    isReportPage(`<html><body><table class="report"><tr></tr></table></body></html>`),
    true,
  );
  assert.equal(isReportPage(XML_PAGE), false);
});

Deno.test("filings.report: an XML R page (2009-2011) is refused with what to read instead, never ok with no rows", async () => {
  const dir = await cassetteWithXmlPage();
  try {
    const opts = { replay: [dir] };
    const env = await envelope("filings.report", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      report: "R5",
    }, opts);
    // old: ok:true, rows [], text "… 1,234 987 …"
    assert.equal(env.ok, false, JSON.stringify(env).slice(0, 400));
    assert.match(env.error!, /R5\.xml/);
    assert.match(env.error!, /older XML format/);
    assert.match(env.error!, /filings\.statement/);
    // by its name too (old: ok:true, no rows)
    const byName = await envelope("filings.report", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      report: "Consolidated Balance Sheets",
    }, opts);
    assert.equal(byName.ok, false);
    assert.match(byName.error!, /older XML format/);
    // the HTML pages of the same filing still read
    const r2 = await envelope("filings.report", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      report: "R2",
    }, opts);
    assert.equal(r2.ok, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
