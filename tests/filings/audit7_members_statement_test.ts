/**
 * filings.statement and the members of a statement's own axes, on XBRL written here in the
 * shape EDGAR serves (a Workiva-style instance, presentation and definition linkbases; the
 * company, "Orchard", is invented):
 * - an income statement that shows net sales and cost of sales by product and service
 *   (srt:ProductOrServiceAxis: ProductMember, ServiceMember, as Apple's does): those lines were
 *   left out with a warning; they are rows labelled by their member, after their total;
 * - a balance sheet line reported only under a member of its axis (Tesla's "Operating lease
 *   vehicles, net"): the row stayed empty with a warning; it shows the member's figures;
 * - facts of the same axis under members the statement does not list (a note's iPhone-like
 *   breakdown) and of another axis (a segment note) are no rows.
 */
import assert from "node:assert/strict";
import { buildStatement } from "../../analysis/filings/statement.ts";
import { parseInstance, parseLabels, parseLinkbase } from "../../providers/filings_a/xbrl.ts";

const ROLE = "http://www.orchard.example/role/CONSOLIDATEDSTATEMENTSOFOPERATIONS";
const BS = "http://www.orchard.example/role/CONSOLIDATEDBALANCESHEETS";
const GAAP = "https://xbrl.fasb.org/us-gaap/2024/elts/us-gaap-2024.xsd";
const SRT = "https://xbrl.fasb.org/srt/2024/elts/srt-2024.xsd";
const OWN = "orch-20240928.xsd";

const href = (q: string) => {
  const [p, n] = q.split(":");
  return `${p === "srt" ? SRT : p === "orch" ? OWN : GAAP}#${p}_${n}`;
};
const loc = (q: string) =>
  `    <link:loc xlink:type="locator" xlink:label="loc_${q.replace(":", "_")}" xlink:href="${
    href(q)
  }"/>`;

/** One extended link: [from, to, order, arcrole or preferred label] arcs, locators first. */
function link(
  kind: "presentation" | "definition",
  role: string,
  arcs: [string, string, number, string?][],
) {
  const concepts = [...new Set(arcs.flatMap(([a, b]) => [a, b]))];
  const arc = ([from, to, order, extra]: [string, string, number, string?]) =>
    kind === "presentation"
      ? `    <link:presentationArc order="${order}" xlink:arcrole="http://www.xbrl.org/2003/arcrole/parent-child" xlink:from="loc_${
        from.replace(":", "_")
      }" xlink:to="loc_${to.replace(":", "_")}" xlink:type="arc"${
        extra ? ` preferredLabel="${extra}"` : ""
      }/>`
      : `    <link:definitionArc order="${order}" xlink:arcrole="http://xbrl.org/int/dim/arcrole/${extra}" xlink:from="loc_${
        from.replace(":", "_")
      }" xlink:to="loc_${to.replace(":", "_")}" xlink:type="arc"${
        extra === "all" ? ` xbrldt:closed="true" xbrldt:contextElement="segment"` : ""
      }/>`;
  return `  <link:${kind}Link xlink:role="${role}" xlink:type="extended">
${concepts.map(loc).join("\n")}
${arcs.map(arc).join("\n")}
  </link:${kind}Link>`;
}

const linkbase = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!--XBRL Document Created with the Workiva Platform-->
<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xbrldt="http://xbrl.org/2005/xbrldt" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${body}
</link:linkbase>`;

const TERSE = "http://www.xbrl.org/2003/role/terseLabel";
const TOTAL = "http://www.xbrl.org/2003/role/totalLabel";
const REV = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax";
const COGS = "us-gaap:CostOfGoodsAndServicesSold";

const PRE = linkbase([
  link("presentation", ROLE, [
    ["us-gaap:IncomeStatementAbstract", "us-gaap:StatementTable", 1],
    ["us-gaap:StatementTable", "srt:ProductOrServiceAxis", 1],
    ["srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", 1],
    ["srt:ProductsAndServicesDomain", "us-gaap:ProductMember", 1],
    ["srt:ProductsAndServicesDomain", "us-gaap:ServiceMember", 2],
    ["us-gaap:StatementTable", "us-gaap:StatementLineItems", 2],
    ["us-gaap:StatementLineItems", REV, 1],
    ["us-gaap:StatementLineItems", COGS, 2],
    ["us-gaap:StatementLineItems", "us-gaap:GrossProfit", 3],
    ["us-gaap:StatementLineItems", "us-gaap:NetIncomeLoss", 4],
  ]),
  link("presentation", BS, [
    ["us-gaap:StatementOfFinancialPositionAbstract", "us-gaap:StatementTable", 1],
    ["us-gaap:StatementTable", "us-gaap:PropertyPlantAndEquipmentByTypeAxis", 1, TERSE],
    [
      "us-gaap:PropertyPlantAndEquipmentByTypeAxis",
      "us-gaap:PropertyPlantAndEquipmentTypeDomain",
      1,
      TERSE,
    ],
    ["us-gaap:PropertyPlantAndEquipmentTypeDomain", "orch:OperatingLeaseVehiclesMember", 1, TERSE],
    ["us-gaap:PropertyPlantAndEquipmentTypeDomain", "orch:SolarEnergySystemsMember", 2, TERSE],
    ["us-gaap:StatementTable", "us-gaap:StatementLineItems", 2],
    ["us-gaap:StatementLineItems", "us-gaap:AssetsAbstract", 1, TERSE],
    ["us-gaap:AssetsAbstract", "us-gaap:AssetsCurrent", 1, TOTAL],
    ["us-gaap:AssetsAbstract", "us-gaap:DeferredCostsLeasingNetNoncurrent", 2, TERSE],
    ["us-gaap:AssetsAbstract", "orch:LeasedAssetsNet", 3, TERSE],
    ["us-gaap:AssetsAbstract", "us-gaap:PropertyPlantAndEquipmentNet", 4, TERSE],
    ["us-gaap:AssetsAbstract", "us-gaap:Assets", 5, TOTAL],
  ]),
].join("\n"));

const DEF = linkbase(link("definition", ROLE, [
  ["us-gaap:StatementLineItems", "us-gaap:StatementTable", 1, "all"],
  ["us-gaap:StatementTable", "srt:ProductOrServiceAxis", 1, "hypercube-dimension"],
  ["srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", 1, "dimension-default"],
  ["srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", 1, "dimension-domain"],
  ["srt:ProductsAndServicesDomain", "us-gaap:ProductMember", 0, "domain-member"],
  ["srt:ProductsAndServicesDomain", "us-gaap:ServiceMember", 1, "domain-member"],
  ["us-gaap:StatementLineItems", REV, 0, "domain-member"],
  ["us-gaap:StatementLineItems", COGS, 1, "domain-member"],
]));

const label = (q: string, role: string, text: string) => {
  const id = q.replace(":", "_");
  return `    <link:label id="lab_${id}_${
    role.split("/").pop()
  }" xlink:label="lab_${id}" xlink:role="${role}" xlink:type="resource" xml:lang="en-US">${text}</link:label>`;
};
const STD = "http://www.xbrl.org/2003/role/label";
const LABELS: [string, string, string][] = [
  [REV, STD, "Net sales"],
  [COGS, STD, "Cost of sales"],
  ["us-gaap:GrossProfit", STD, "Gross margin"],
  ["us-gaap:NetIncomeLoss", STD, "Net income"],
  ["us-gaap:ProductMember", STD, "Products"],
  ["us-gaap:ServiceMember", STD, "Services"],
  ["us-gaap:DeferredCostsLeasingNetNoncurrent", TERSE, "Operating lease vehicles, net"],
  ["orch:LeasedAssetsNet", TERSE, "Solar energy systems, net"],
  ["orch:OperatingLeaseVehiclesMember", STD, "Operating Lease Vehicles [Member]"],
  ["orch:SolarEnergySystemsMember", STD, "Solar Energy Systems [Member]"],
  ["us-gaap:AssetsCurrent", TOTAL, "Total current assets"],
  ["us-gaap:PropertyPlantAndEquipmentNet", TERSE, "Property, plant and equipment, net"],
  ["us-gaap:Assets", TOTAL, "Total assets"],
];
const LAB = linkbase(
  `  <link:labelLink xlink:role="http://www.xbrl.org/2003/role/link" xlink:type="extended">
${
    [...new Set(LABELS.map(([q]) => q))].map((q) =>
      `${
        loc(q)
      }\n    <link:labelArc xlink:arcrole="http://www.xbrl.org/2003/arcrole/concept-label" xlink:from="loc_${
        q.replace(":", "_")
      }" xlink:to="lab_${q.replace(":", "_")}" xlink:type="arc"/>`
    ).join("\n")
  }
${LABELS.map(([q, r, t]) => label(q, r, t)).join("\n")}
  </link:labelLink>`,
);

/** A context as EDGAR's extracted instances write them; `dims` are [axis, member] pairs. */
function context(id: string, period: string, dims: [string, string][] = [], typed = "") {
  const seg = dims.length || typed
    ? `
            <segment>
${
      dims.map(([a, m]) =>
        `                <xbrldi:explicitMember dimension="${a}">${m}</xbrldi:explicitMember>`
      ).join("\n")
    }${typed}
            </segment>`
    : "";
  return `    <context id="${id}">
        <entity>
            <identifier scheme="http://www.sec.gov/CIK">0000999001</identifier>${seg}
        </entity>
        <period>
            ${period}
        </period>
    </context>`;
}
const dur = (s: string, e: string) =>
  `<startDate>${s}</startDate>\n            <endDate>${e}</endDate>`;
const at = (d: string) => `<instant>${d}</instant>`;
const fact = (q: string, c: string, millions: number) =>
  `    <${q} contextRef="${c}" decimals="-6" id="f-${c}-${q.replace(":", "")}" unitRef="usd">${
    millions * 1e6
  }</${q}>`;

/** The instance: its own prefix is `o`, bound to the company namespace the schema names `orch`. */
function instanceXml(contexts: string[], facts: string[]) {
  return `<?xml version="1.0" encoding="utf-8"?>
<xbrl
  xmlns="http://www.xbrl.org/2003/instance"
  xmlns:o="http://www.orchard.example/20240928"
  xmlns:us-gaap="http://fasb.org/us-gaap/2024"
  xmlns:srt="http://fasb.org/srt/2024"
  xmlns:xbrldi="http://xbrl.org/2006/xbrldi"
  xmlns:iso4217="http://www.xbrl.org/2003/iso4217">
${contexts.join("\n")}
    <unit id="usd">
        <measure>iso4217:USD</measure>
    </unit>
${facts.join("\n")}
</xbrl>`;
}

const PS = "srt:ProductOrServiceAxis";
const FY = [["c-1", "2023-10-01", "2024-09-28"], ["c-2", "2022-09-25", "2023-09-30"]];
const NAMESPACES = new Map([["http://www.orchard.example/20240928", "orch"]]);

function build(role: string, xml: string, definition = true) {
  return buildStatement({
    role,
    presentation: parseLinkbase(PRE, "presentationLink"),
    calculation: new Map(),
    definition: definition ? parseLinkbase(DEF, "definitionLink") : undefined,
    labels: parseLabels(LAB),
    instance: parseInstance(xml, { namespaces: NAMESPACES }),
  });
}

// FY2024 and FY2023: totals, the statement's two members, a note's member of the same axis
// (iPhone-like, "orch:PhoneMember") and a segment note's member of another axis
function incomeXml() {
  const contexts = FY.flatMap(([id, s, e]) => [
    context(id, dur(s, e)),
    context(`${id}-p`, dur(s, e), [[PS, "us-gaap:ProductMember"]]),
    context(`${id}-s`, dur(s, e), [[PS, "us-gaap:ServiceMember"]]),
    context(`${id}-phone`, dur(s, e), [[PS, "o:PhoneMember"]]),
    context(`${id}-am`, dur(s, e), [[
      "us-gaap:StatementBusinessSegmentsAxis",
      "o:AmericasSegmentMember",
    ]]),
  ]);
  const [a, b] = ["c-1", "c-2"];
  const facts = [
    fact(REV, a, 391035),
    fact(REV, b, 383285),
    fact(REV, `${a}-p`, 294866),
    fact(REV, `${b}-p`, 298085),
    fact(REV, `${a}-s`, 96169),
    fact(REV, `${b}-s`, 85200),
    fact(REV, `${a}-phone`, 201183),
    fact(REV, `${b}-phone`, 200583),
    fact(REV, `${a}-am`, 167045),
    fact(REV, `${b}-am`, 162560),
    fact(COGS, a, 210352),
    fact(COGS, b, 214137),
    fact(COGS, `${a}-p`, 185233),
    fact(COGS, `${b}-p`, 189282),
    fact(COGS, `${a}-s`, 25119),
    fact(COGS, `${b}-s`, 24855),
    fact("us-gaap:GrossProfit", a, 180683),
    fact("us-gaap:GrossProfit", b, 169148),
    fact("us-gaap:NetIncomeLoss", a, 93736),
    fact("us-gaap:NetIncomeLoss", b, 96995),
  ];
  return instanceXml(contexts, facts);
}

const Y1 = "2023-10-01 to 2024-09-28";
const Y2 = "2022-09-25 to 2023-09-30";

for (const definition of [true, false]) {
  Deno.test(`statement members: lines shown by product and service are rows labelled by their member, totals unchanged (definition linkbase ${definition ? "read" : "absent"})`, () => {
    const built = build(ROLE, incomeXml(), definition);
    assert.deepEqual(built.periods, [Y1, Y2]);
    const lines = built.rows.filter((r) => !r.abstract);
    // old: Products and Services were no rows (a warning said they were left out)
    assert.deepEqual(lines.map((r) => [r.label, r.member]), [
      ["Net sales", null],
      ["Products", "us-gaap:ProductMember"],
      ["Services", "us-gaap:ServiceMember"],
      ["Cost of sales", null],
      ["Products", "us-gaap:ProductMember"],
      ["Services", "us-gaap:ServiceMember"],
      ["Gross margin", null],
      ["Net income", null],
    ]);
    const [sales, products, services, cost, costP, costS] = lines;
    // the totals are the figures without a dimension, never a member's
    assert.equal(sales.values[Y1].reported, 391035);
    assert.equal(sales.values[Y2].reported, 383285);
    assert.equal(cost.values[Y1].reported, 210352);
    assert.equal(sales.axis, null);
    // each member row cites its concept, axis and member, under its total, summed into nothing
    assert.equal(products.concept, REV);
    assert.equal(products.axis, PS);
    assert.equal(products.parent, REV);
    assert.equal(products.calculation_parent, null);
    assert.equal(products.level, sales.level + 1);
    assert.equal(products.values[Y1].reported, 294866);
    assert.equal(products.values[Y1].raw, 294866e6);
    assert.equal(services.values[Y1].reported, 96169);
    assert.equal(services.values[Y2].reported, 85200);
    assert.equal(costP.values[Y2].reported, 189282);
    assert.equal(costS.values[Y1].reported, 25119);
    // the note's member of the same axis and the segment note's member are no rows
    assert.ok(!built.rows.some((r) => /Phone|Americas/.test(`${r.member} ${r.label}`)));
    const w = built.warnings.find((w) => /by member of an axis/.test(w));
    assert.ok(w, JSON.stringify(built.warnings));
    assert.match(w, /\(ProductMember, ServiceMember\)/);
    assert.match(w, /not to be added/);
  });
}

function balanceXml(withTotal: boolean, bothMembers = false) {
  const PPE = "us-gaap:PropertyPlantAndEquipmentByTypeAxis";
  const dates = [["i-1", "2024-06-30"], ["i-2", "2023-12-31"]];
  const contexts = dates.flatMap(([id, d]) => [
    context(id, at(d)),
    context(`${id}-olv`, at(d), [[PPE, "o:OperatingLeaseVehiclesMember"]]),
    context(`${id}-ses`, at(d), [[PPE, "o:SolarEnergySystemsMember"]]),
  ]);
  const facts = dates.flatMap(([id], k) => [
    fact("us-gaap:AssetsCurrent", id, [52977, 49616][k]),
    fact("us-gaap:PropertyPlantAndEquipmentNet", id, [32902, 29725][k]),
    fact("us-gaap:Assets", id, [112832, 106618][k]),
    fact("us-gaap:DeferredCostsLeasingNetNoncurrent", `${id}-olv`, [5541, 5989][k]),
    fact("o:LeasedAssetsNet", `${id}-ses`, [5102, 5229][k]),
    ...(bothMembers
      ? [fact("us-gaap:DeferredCostsLeasingNetNoncurrent", `${id}-ses`, [7, 8][k])]
      : []),
    ...(withTotal ? [fact("o:LeasedAssetsNet", id, [5200, 5300][k])] : []),
  ]);
  return instanceXml(contexts, facts);
}

Deno.test("statement members: a balance sheet line reported only under a member of its axis shows that member's figures, naming it", () => {
  const built = build(BS, balanceXml(false), false);
  assert.deepEqual(built.periods, ["2024-06-30", "2023-12-31"]);
  const lines = built.rows.filter((r) => !r.abstract);
  const olv = lines.find((r) => r.label === "Operating lease vehicles, net")!;
  const ses = lines.find((r) => r.label === "Solar energy systems, net")!;
  // old: both rows empty ({}), a warning sending the reader to the R page
  assert.equal(olv.values["2024-06-30"].reported, 5541);
  assert.equal(olv.values["2023-12-31"].reported, 5989);
  assert.equal(olv.member, "orch:OperatingLeaseVehiclesMember");
  assert.equal(olv.axis, "us-gaap:PropertyPlantAndEquipmentByTypeAxis");
  assert.equal(ses.values["2024-06-30"].reported, 5102);
  assert.equal(ses.member, "orch:SolarEnergySystemsMember");
  // no extra member row: the line is the row itself
  assert.equal(lines.length, 5);
  const w = built.warnings.find((w) => /reported only by a member/.test(w));
  assert.ok(w, JSON.stringify(built.warnings));
  assert.match(w, /^2 row\(s\)/);
  // the statement adds up as the filing's does: current + the two lines + PP&E = total here
  const sum = ["us-gaap:AssetsCurrent", "us-gaap:PropertyPlantAndEquipmentNet"]
    .map((c) => lines.find((r) => r.concept === c)!.values["2024-06-30"].reported!)
    .reduce((a, b) => a + b, 0) + 5541 + 5102;
  assert.equal(sum, 96522);
});

Deno.test("statement members: a row with its own total keeps it; its member's figure is a row after it, never the total", () => {
  const built = build(BS, balanceXml(true), false);
  const lines = built.rows.filter((r) => !r.abstract);
  const i = lines.findIndex((r) => r.concept === "orch:LeasedAssetsNet" && !r.member);
  assert.equal(lines[i].values["2024-06-30"].reported, 5200);
  assert.equal(lines[i + 1].member, "orch:SolarEnergySystemsMember");
  assert.equal(lines[i + 1].label, "Solar Energy Systems");
  assert.equal(lines[i + 1].values["2024-06-30"].reported, 5102);
});

Deno.test("statement members: a line reported under two members and no total stays empty, its member rows follow", () => {
  const built = build(BS, balanceXml(false, true), false);
  const lines = built.rows.filter((r) => !r.abstract);
  const i = lines.findIndex((r) => r.concept === "us-gaap:DeferredCostsLeasingNetNoncurrent");
  assert.deepEqual(lines[i].values, {});
  assert.equal(lines[i].member, null);
  assert.deepEqual(
    lines.slice(i + 1, i + 3).map((r) => [r.member, r.values["2024-06-30"].reported]),
    [["orch:OperatingLeaseVehiclesMember", 5541], ["orch:SolarEnergySystemsMember", 7]],
  );
  assert.ok(
    built.warnings.some((w) => /given only by member/.test(w)),
    JSON.stringify(built.warnings),
  );
});

Deno.test("statement members: a figure under two of the statement's members at once or a typed member is no row, and its empty cell is said", () => {
  const PPE = "us-gaap:PropertyPlantAndEquipmentByTypeAxis";
  const contexts = [
    context("i-1", at("2024-06-30")),
    context("i-1-x", at("2024-06-30"), [
      [PPE, "o:OperatingLeaseVehiclesMember"],
      [PS, "us-gaap:ProductMember"],
    ]),
    context(
      "i-1-t",
      at("2024-06-30"),
      [],
      `
                <xbrldi:typedMember dimension="${PPE}"><o:VehicleId>VIN-1</o:VehicleId></xbrldi:typedMember>`,
    ),
  ];
  const xml = instanceXml(contexts, [
    fact("us-gaap:AssetsCurrent", "i-1", 10),
    fact("us-gaap:Assets", "i-1", 30),
    fact("us-gaap:DeferredCostsLeasingNetNoncurrent", "i-1-x", 4),
    fact("o:LeasedAssetsNet", "i-1-t", 6),
  ]);
  const inst = parseInstance(xml, { namespaces: NAMESPACES });
  assert.deepEqual(inst.contexts.get("i-1-t")!.typed, [{ axis: PPE, value: "VIN-1" }]);
  // the second axis is one of the statement's only when its table lists it: add it
  const presentation = parseLinkbase(PRE, "presentationLink");
  presentation.get(BS)!.push(
    { from: "us-gaap:StatementTable", to: PS, order: 3, preferredLabel: null, weight: null },
    { from: PS, to: "us-gaap:ProductMember", order: 1, preferredLabel: null, weight: null },
  );
  const built = buildStatement({
    role: BS,
    presentation,
    calculation: new Map(),
    labels: parseLabels(LAB),
    instance: inst,
  });
  const lines = built.rows.filter((r) => !r.abstract);
  assert.ok(!lines.some((r) => r.member), JSON.stringify(lines.map((r) => r.label)));
  assert.ok(built.warnings.some((w) => /two or more of the statement's members/.test(w)));
  assert.ok(built.warnings.some((w) => /typed members/.test(w)));
});

Deno.test("statement members: members only the definition linkbase lists are rows; with neither linkbase listing them, said", () => {
  // a presentation that names the axis but not its domain or members
  const presentation = parseLinkbase(PRE, "presentationLink");
  presentation.set(
    ROLE,
    presentation.get(ROLE)!.filter((a) =>
      a.from !== "srt:ProductOrServiceAxis" && a.from !== "srt:ProductsAndServicesDomain"
    ),
  );
  const run = (definition?: ReturnType<typeof parseLinkbase>) =>
    buildStatement({
      role: ROLE,
      presentation,
      calculation: new Map(),
      definition,
      labels: parseLabels(LAB),
      instance: parseInstance(incomeXml(), { namespaces: NAMESPACES }),
    });
  const withDef = run(parseLinkbase(DEF, "definitionLink"));
  assert.deepEqual(
    withDef.rows.filter((r) => r.member).map((r) => [r.label, r.values[Y1].reported]),
    [["Products", 294866], ["Services", 96169], ["Products", 185233], ["Services", 25119]],
  );
  // the domain is the axis's default: no row of its own
  assert.ok(!withDef.rows.some((r) => r.member === "srt:ProductsAndServicesDomain"));
  const without = run();
  assert.ok(!without.rows.some((r) => r.member));
  const w = without.warnings.find((w) => /whose members its linkbases do not list/.test(w));
  assert.ok(w, JSON.stringify(without.warnings));
  assert.match(w, /filings\.report/);
  // the totals are the same either way
  const sales = (b: typeof without) => b.rows.find((r) => r.concept === REV && !r.member)!;
  assert.equal(sales(without).values[Y1].reported, 391035);
  assert.equal(sales(withDef).values[Y1].reported, 391035);
});

Deno.test("statement members: an axis the presentation shows with its domain alone lists no member: its members' figures are said, not dropped", () => {
  const presentation = parseLinkbase(PRE, "presentationLink");
  presentation.set(
    ROLE,
    presentation.get(ROLE)!.filter((a) => a.from !== "srt:ProductsAndServicesDomain"),
  );
  const built = buildStatement({
    role: ROLE,
    presentation,
    calculation: new Map(),
    labels: parseLabels(LAB),
    instance: parseInstance(incomeXml(), { namespaces: NAMESPACES }),
  });
  assert.ok(!built.rows.some((r) => r.member));
  assert.ok(
    built.warnings.some((w) => /whose members its linkbases do not list/.test(w)),
    JSON.stringify(built.warnings),
  );
});
