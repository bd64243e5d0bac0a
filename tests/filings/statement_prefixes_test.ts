/**
 * filings.statement on instances whose own prefixes are not the taxonomy's usual ones: a prefix
 * is the instance's choice (`ifrs:` or `ifrs-full2023:` bound to the IFRS namespace,
 * `us-gaap2023:`), the linkbases name concepts by the taxonomy's usual prefix; the namespace
 * they are bound to decides. A statement left without any value is never answered silently.
 * The instances are written here; the companies are invented.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { buildStatement } from "../../analysis/filings/statement.ts";
import { parseInstance, parseSchema, standardPrefix } from "../../providers/filings_a/xbrl.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const IFRS_2023 = "http://xbrl.ifrs.org/taxonomy/2023-03-23/ifrs-full";
const FY23 = "2023-01-01 to 2023-12-31";

function instance(declarations: string, facts: string) {
  return `<?xml version="1.0" encoding="utf-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" ${declarations}>
<xbrli:context id="FY23"><xbrli:entity><xbrli:identifier scheme="x">1</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2023-01-01</xbrli:startDate><xbrli:endDate>2023-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="FY22"><xbrli:entity><xbrli:identifier scheme="x">1</xbrli:identifier></xbrli:entity>
<xbrli:period><xbrli:startDate>2022-01-01</xbrli:startDate><xbrli:endDate>2022-12-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:unit id="EUR"><xbrli:measure>iso4217:EUR</xbrli:measure></xbrli:unit>
${facts}
</xbrli:xbrl>`;
}

/** A profit-or-loss statement whose linkbases name `concepts` (as EDGAR's locators do). */
function statementOf(concepts: string[], xml: string, namespaces?: Map<string, string>) {
  const arcs = concepts.map((to, i) => ({
    from: "ifrs-full:IncomeStatementAbstract",
    to,
    order: i + 1,
    preferredLabel: null,
    weight: null,
  }));
  return buildStatement({
    role: "r",
    presentation: new Map([["r", arcs]]),
    calculation: new Map(),
    labels: new Map(),
    instance: parseInstance(xml, { namespaces }),
  });
}

const IFRS_ROWS = ["ifrs-full:Revenue", "ifrs-full:CostOfSales", "ifrs-full:ProfitLoss"];
const ifrsFacts = (p: string) => `
<${p}:Revenue contextRef="FY23" unitRef="EUR" decimals="-6">5000000000</${p}:Revenue>
<${p}:Revenue contextRef="FY22" unitRef="EUR" decimals="-6">4600000000</${p}:Revenue>
<${p}:CostOfSales contextRef="FY23" unitRef="EUR" decimals="-6">3000000000</${p}:CostOfSales>
<${p}:ProfitLoss contextRef="FY23" unitRef="EUR" decimals="-6">700000000</${p}:ProfitLoss>`;

Deno.test("namespaces: the usual prefix of a standard taxonomy's namespace", () => {
  assert.equal(standardPrefix("http://fasb.org/us-gaap/2023"), "us-gaap");
  assert.equal(standardPrefix("http://fasb.org/srt/2024"), "srt");
  assert.equal(standardPrefix("http://xbrl.sec.gov/dei/2023"), "dei");
  assert.equal(standardPrefix("http://xbrl.us/us-gaap/2009-01-31"), "us-gaap");
  assert.equal(standardPrefix(IFRS_2023), "ifrs-full");
  assert.equal(standardPrefix("http://www.nvidia.com/20240128"), null);
  assert.equal(standardPrefix("http://www.xbrl.org/2003/instance"), null);
});

for (const prefix of ["ifrs", "ifrs-full2023", "full_ifrs"]) {
  Deno.test(`statement: facts under the instance's own prefix ${prefix}: bound to IFRS are read`, () => {
    const built = statementOf(
      IFRS_ROWS,
      instance(`xmlns:${prefix}="${IFRS_2023}"`, ifrsFacts(prefix)),
    );
    // old: every row empty, no period, no warning
    assert.deepEqual(built.periods, [FY23, "2022-01-01 to 2022-12-31"]);
    const rev = built.rows.find((r) => r.concept === "ifrs-full:Revenue")!;
    assert.equal(rev.values[FY23].raw, 5_000_000_000);
    assert.equal(rev.values[FY23].unit, "EUR");
    assert.equal(
      built.rows.find((r) => r.concept === "ifrs-full:ProfitLoss")!.values[FY23].raw,
      700_000_000,
    );
    assert.deepEqual(built.warnings, []);
  });
}

Deno.test("statement: us-gaap2023: bound to the US GAAP namespace is us-gaap:", () => {
  const xml = instance(
    `xmlns:us-gaap2023="http://fasb.org/us-gaap/2023"`,
    `<us-gaap2023:Revenues contextRef="FY23" unitRef="EUR" decimals="0">120</us-gaap2023:Revenues>
<us-gaap2023:NetIncomeLoss contextRef="FY23" unitRef="EUR" decimals="0">12</us-gaap2023:NetIncomeLoss>`,
  );
  const inst = parseInstance(xml);
  assert.ok(inst.facts.has("us-gaap:Revenues"));
  assert.equal(inst.facts.has("us-gaap2023:Revenues"), false);
  assert.deepEqual([...inst.renamed], [["us-gaap2023", "us-gaap"]]);
  const built = statementOf(["us-gaap:Revenues", "us-gaap:NetIncomeLoss"], xml);
  assert.deepEqual(built.rows.filter((r) => !r.abstract).map((r) => r.values[FY23]?.raw), [
    120,
    12,
  ]);
});

Deno.test("statement: a prefix declared on the fact itself is resolved there", () => {
  const xml = instance(
    "",
    `<g:Revenue xmlns:g="${IFRS_2023}" contextRef="FY23" unitRef="EUR" decimals="0">9</g:Revenue>`,
  );
  const built = statementOf(["ifrs-full:Revenue"], xml);
  assert.equal(built.rows[1].values[FY23].raw, 9);
});

Deno.test("statement: the company's own prefix read through its schema's namespace", () => {
  const xsd =
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="http://widgets.example/20231231">
<xs:element id="wdg_RoyaltyIncome" name="RoyaltyIncome" xbrli:balance="credit"/>
<xs:element id="wdg_OtherIncome" name="OtherIncome"/></xs:schema>`;
  const schema = parseSchema(xsd);
  assert.deepEqual([...schema.namespaces], [["http://widgets.example/20231231", "wdg"]]);
  const xml = instance(
    `xmlns:w="http://widgets.example/20231231" xmlns:us-gaap="http://fasb.org/us-gaap/2023"`,
    `<w:RoyaltyIncome contextRef="FY23" unitRef="EUR" decimals="0">7</w:RoyaltyIncome>
<us-gaap:Revenues contextRef="FY23" unitRef="EUR" decimals="0">70</us-gaap:Revenues>`,
  );
  const built = statementOf(["us-gaap:Revenues", "wdg:RoyaltyIncome"], xml, schema.namespaces);
  assert.deepEqual(built.rows.filter((r) => !r.abstract).map((r) => r.values[FY23]?.raw), [70, 7]);
  // without the schema's namespace the row is empty, and that is said
  const blind = statementOf(["us-gaap:Revenues", "wdg:RoyaltyIncome"], xml);
  assert.equal(blind.rows[2].values[FY23], undefined);
  assert.ok(
    blind.warnings.some((w) =>
      /1 row\(s\) have no value .* another prefix.*wdg:RoyaltyIncome \(the instance has w:RoyaltyIncome\)/
        .test(w)
    ),
    blind.warnings.join("\n"),
  );
});

Deno.test("statement: every row empty while the instance has facts is warned, never silent", () => {
  // a namespace no rule knows: its prefix is kept, and the linkbases' names find nothing
  const xml = instance(`xmlns:x="http://example.org/some-gaap/v7"`, ifrsFacts("x"));
  const built = statementOf(IFRS_ROWS, xml);
  assert.deepEqual(built.periods, []);
  assert.ok(
    built.warnings.some((w) =>
      /^none of the 3 row\(s\) of this statement has a value, though the instance holds 4 non-dimensional fact\(s\)/
        .test(w)
    ),
    built.warnings.join("\n"),
  );
});

// ---- the command, over the ACME cassette with its instance rewritten ----

const CASSETTE = join(FIXTURES, "filings", "cassette");

async function acmeWith(
  rewrite: { instance: (xml: string) => string; schema?: (xsd: string) => string },
  run: (dir: string) => Promise<void>,
) {
  const dir = await Deno.makeTempDir();
  try {
    const index = JSON.parse(await Deno.readTextFile(join(CASSETTE, "index.json")));
    for (const e of index.entries) {
      if (!e.file) continue;
      await Deno.mkdir(join(dir, e.file, ".."), { recursive: true });
      let text = await Deno.readTextFile(join(CASSETTE, e.file));
      if (e.file.endsWith("_htm.xml")) text = rewrite.instance(text);
      if (e.file.endsWith(".xsd") && rewrite.schema) text = rewrite.schema(text);
      await Deno.writeTextFile(join(dir, e.file), text);
    }
    await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const ACME_ARGS = { accession: "000123456724000010", statement: "income" };

Deno.test("filings.statement: the same statement when the instance names its prefixes otherwise", async () => {
  const original = dataOf<Any>(
    await envelope("filings.statement", ACME_ARGS, { replay: [CASSETTE] }),
  );
  await acmeWith({
    instance: (xml) =>
      xml.replaceAll("us-gaap:", "usgaap2023:").replace("xmlns:us-gaap=", "xmlns:usgaap2023=")
        .replaceAll("acme:", "acm:").replace("xmlns:acme=", "xmlns:acm="),
    schema: (xsd) =>
      xsd.replace("<xs:schema ", `<xs:schema targetNamespace="http://acme.example/20231231" `),
  }, async (dir) => {
    const env = await envelope("filings.statement", ACME_ARGS, { replay: [dir] });
    const d = dataOf<Any>(env);
    // old: the same rows, every value null, and no warning
    assert.deepEqual(d.periods, original.periods);
    assert.deepEqual(d.rows, original.rows);
    assert.equal(d.rows[1].values[FY23].raw, 20_000_000); // acm:RoyaltyIncome
    assert.deepEqual(env.warnings, []);
  });
});

Deno.test("filings.statement: a statement with no value at all is an error naming why", async () => {
  await acmeWith({
    instance: (xml) =>
      xml.replace('xmlns:us-gaap="http://fasb.org/us-gaap/2023"', 'xmlns:og="urn:example:gaap"')
        .replaceAll("us-gaap:", "og:")
        .replace('xmlns:acme="http://acme.example/20231231"', 'xmlns:zz="http://acme.example/x"')
        .replaceAll("acme:", "zz:"),
  }, async (dir) => {
    const env = await envelope("filings.statement", ACME_ARGS, { replay: [dir] });
    assert.equal(env.ok, false);
    assert.match(
      env.error!,
      /income statement of 0001234567-24-000010 .* has no values in its XBRL instance acme-20231231_htm\.xml: none of the 5 row\(s\) of this statement has a value, though the instance holds \d+ non-dimensional fact\(s\)/,
    );
  });
});
