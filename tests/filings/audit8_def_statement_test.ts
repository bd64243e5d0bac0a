/**
 * buildStatement and figures under two of a statement's members at once, on the project's
 * audit8_def fixture (an income statement whose presentation lists products and regions, and a
 * segments axis whose members only its definition linkbase lists):
 * - a line reported only under a product and a region at once stays empty (never takes a part's
 *   figure as its own) and the crossed row follows it; that was a warning and no row;
 * - a figure under a segment only the definition linkbase lists and a region is no row, and the
 *   empty cell it leaves is said;
 * - a member right under its axis (in its domain's place) is not a listed member: crossed with
 *   another, no row, said;
 * - 30,000 crossed figures build in linear time.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";
import { buildStatement } from "../../analysis/filings/statement.ts";
import {
  type Arc,
  parseInstance,
  parseLabels,
  parseLinkbase,
  parseSchema,
} from "../../providers/filings_a/xbrl.ts";

const OWN = join(FIXTURES, "filings", "audit8_def");
const ACME = join(FIXTURES, "filings", "cassette", "acme", "10k");
const own = (name: string) => Deno.readTextFileSync(join(OWN, name));
const ROLE = "http://acme.example/role/Ops";
const Y23 = "2023-01-01 to 2023-12-31";
const Y22 = "2022-01-01 to 2022-12-31";
const ROY = "acme:RoyaltyIncome";

function build(
  instanceXml: string,
  presentation = parseLinkbase(own("acme-20231231_pre.xml"), "presentationLink"),
) {
  const schema = parseSchema(Deno.readTextFileSync(join(ACME, "acme-20231231.xsd")));
  return buildStatement({
    role: ROLE,
    presentation,
    calculation: new Map(),
    definition: parseLinkbase(own("acme-20231231_def.xml"), "definitionLink"),
    labels: parseLabels(own("acme-20231231_lab.xml")),
    instance: parseInstance(instanceXml, { namespaces: schema.namespaces }),
    balances: schema.balances,
  });
}

/** Royalty income reported only under a product and a region (2023) and a segment and a region (2022). */
function royaltyCrossed() {
  const seg = (cid: string, year: number, dims: [string, string][]) =>
    `  <context id="${cid}"><entity><identifier scheme="http://www.sec.gov/CIK">0001234567</identifier><segment>${
      dims.map(([a, m]) => `<xbrldi:explicitMember dimension="${a}">${m}</xbrldi:explicitMember>`)
        .join("")
    }</segment></entity><period><startDate>${year}-01-01</startDate><endDate>${year}-12-31</endDate></period></context>`;
  return own("acme-20231231_htm.xml")
    .replace(/\s*<acme:RoyaltyIncome contextRef="fy23"[^\n]*/, "")
    .replace(
      '  <unit id="usd">',
      `${
        seg("fy22_wam", 2022, [
          ["us-gaap:StatementBusinessSegmentsAxis", "acme:WidgetsMember"],
          ["srt:StatementGeographicalAxis", "srt:AmericasMember"],
        ])
      }\n  <unit id="usd">`,
    )
    .replace(
      "</xbrl>",
      `  <acme:RoyaltyIncome contextRef="fy23_pam" decimals="-6" unitRef="usd">15000000</acme:RoyaltyIncome>
  <acme:RoyaltyIncome contextRef="fy22_wam" decimals="-6" unitRef="usd">12000000</acme:RoyaltyIncome>
</xbrl>`,
    );
}

Deno.test("statement crossed members: a line given only under a product and a region at once stays empty, the crossed row follows it", () => {
  const built = build(royaltyCrossed());
  const i = built.rows.findIndex((r) => r.concept === ROY && !r.member);
  const row = built.rows[i];
  // never the part's figure as the line's own, never promoted to it
  assert.deepEqual(row.values, {});
  assert.equal(row.member, null);
  const next = built.rows[i + 1];
  // old: no such row (a warning said figures under two members at once were not given)
  assert.equal(next.concept, ROY);
  assert.equal(next.label, "Products | Americas");
  assert.deepEqual(next.dimensions, [
    { axis: "srt:ProductOrServiceAxis", member: "us-gaap:ProductMember" },
    { axis: "srt:StatementGeographicalAxis", member: "srt:AmericasMember" },
  ]);
  assert.equal(next.values[Y23].reported, 15);
  assert.equal(next.values[Y22], undefined);
  assert.equal(next.parent, ROY);
  assert.equal(next.calculation_parent, null);
  assert.ok(
    built.warnings.some((w) => /given only by member of the statement's axes/.test(w)),
    JSON.stringify(built.warnings),
  );
  // 2022's figure is under Widgets, which only the definition linkbase lists: no row, said
  assert.ok(!built.rows.some((r) => /Widgets \|/.test(r.label)));
  const w = built.warnings.find((w) => /only under two or more of the statement's members/.test(w));
  assert.ok(w, JSON.stringify(built.warnings));
  assert.match(w, new RegExp(`\\(${ROY}\\) ${Y22}`));
});

Deno.test("statement crossed members: a member in its domain's place (right under the axis) is no listed member, so no crossed row", () => {
  // the presentation puts the regions right under their axis, without the domain
  const presentation = parseLinkbase(own("acme-20231231_pre.xml"), "presentationLink");
  const arcs = presentation.get(ROLE)!;
  const moved: Arc[] = arcs.filter((a) =>
    a.from !== "srt:SegmentGeographicalDomain" &&
    a.to !== "srt:SegmentGeographicalDomain"
  );
  moved.push(
    {
      from: "srt:StatementGeographicalAxis",
      to: "srt:AmericasMember",
      order: 1,
      preferredLabel: null,
      weight: null,
    },
  );
  presentation.set(ROLE, moved);
  const built = build(royaltyCrossed(), presentation);
  assert.ok(!built.rows.some((r) => r.dimensions), JSON.stringify(built.rows.map((r) => r.label)));
  assert.ok(
    built.warnings.some((w) => /only under two or more of the statement's members/.test(w)),
    JSON.stringify(built.warnings),
  );
});

Deno.test("statement crossed members: 30,000 figures under a product and a region are each a row, in order", () => {
  const n = 150;
  const m = 200;
  const arc = (from: string, to: string, order: number): Arc => ({
    from,
    to,
    order,
    preferredLabel: null,
    weight: null,
  });
  const arcs: Arc[] = [
    arc("us-gaap:IncomeStatementAbstract", "us-gaap:StatementTable", 1),
    arc("us-gaap:StatementTable", "srt:ProductOrServiceAxis", 1),
    arc("srt:ProductOrServiceAxis", "srt:ProductsAndServicesDomain", 1),
    arc("us-gaap:StatementTable", "srt:StatementGeographicalAxis", 2),
    arc("srt:StatementGeographicalAxis", "srt:SegmentGeographicalDomain", 1),
    arc("us-gaap:StatementTable", "us-gaap:StatementLineItems", 3),
    arc("us-gaap:StatementLineItems", "us-gaap:Revenues", 1),
  ];
  for (let i = 0; i < n; i++) {
    arcs.push(arc("srt:ProductsAndServicesDomain", `acme:P${i}Member`, i));
  }
  for (let j = 0; j < m; j++) {
    arcs.push(arc("srt:SegmentGeographicalDomain", `acme:R${j}Member`, j));
  }
  const contexts: string[] = [];
  const facts: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      contexts.push(
        `<context id="c${i}_${j}"><entity><segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">acme:P${i}Member</xbrldi:explicitMember><xbrldi:explicitMember dimension="srt:StatementGeographicalAxis">acme:R${j}Member</xbrldi:explicitMember></segment></entity><period><startDate>2023-01-01</startDate><endDate>2023-12-31</endDate></period></context>`,
      );
      facts.push(
        `<us-gaap:Revenues contextRef="c${i}_${j}" decimals="0" unitRef="usd">${
          i * m + j
        }</us-gaap:Revenues>`,
      );
    }
  }
  const xml =
    `<xbrl xmlns:us-gaap="http://fasb.org/us-gaap/2023" xmlns:acme="http://acme.example/20231231"><context id="fy"><entity></entity><period><startDate>2023-01-01</startDate><endDate>2023-12-31</endDate></period></context>${
      contexts.join("")
    }<unit id="usd"><measure>iso4217:USD</measure></unit><us-gaap:Revenues contextRef="fy" decimals="0" unitRef="usd">1</us-gaap:Revenues>${
      facts.join("")
    }</xbrl>`;
  const built = buildStatement({
    role: ROLE,
    presentation: new Map([[ROLE, arcs]]),
    calculation: new Map(),
    labels: new Map(),
    instance: parseInstance(xml),
  });
  const crossed = built.rows.filter((r) => r.dimensions);
  assert.equal(crossed.length, n * m);
  // in the table's order: P0 | R0, P0 | R1, …
  assert.deepEqual(crossed.slice(0, 2).map((r) => r.label), ["P0 | R0", "P0 | R1"]);
  assert.equal(crossed[m].values[Y23].raw, m);
});

Deno.test("statement crossed members: the axes of a hypercube the line items are excluded from (notAll) give no member rows", () => {
  const SEG = "us-gaap:StatementBusinessSegmentsAxis";
  const presentation = parseLinkbase(own("acme-20231231_pre.xml"), "presentationLink");
  presentation.set(ROLE, presentation.get(ROLE)!.filter((a) => a.to !== SEG));
  const definition = parseLinkbase(own("acme-20231231_def.xml"), "definitionLink");
  const arcs = definition.get(ROLE)!.filter((a) => a.to !== SEG);
  const arc = (from: string, to: string, arcrole: string): Arc => ({
    from,
    to,
    order: 0,
    arcrole,
    preferredLabel: null,
    weight: null,
  });
  // the segments are a second hypercube's, which the line items are tied to by notAll
  arcs.push(
    arc("us-gaap:StatementLineItems", "acme:ExcludedSegmentsTable", "notAll"),
    arc("acme:ExcludedSegmentsTable", SEG, "hypercube-dimension"),
  );
  definition.set(ROLE, arcs);
  const schema = parseSchema(Deno.readTextFileSync(join(ACME, "acme-20231231.xsd")));
  const built = buildStatement({
    role: ROLE,
    presentation,
    calculation: new Map(),
    definition,
    labels: parseLabels(own("acme-20231231_lab.xml")),
    instance: parseInstance(own("acme-20231231_htm.xml"), { namespaces: schema.namespaces }),
  });
  // old: Widgets and Gadgets rows, figures the statement excludes
  assert.ok(!built.rows.some((r) => /Widgets|Gadgets/.test(r.label)));
  assert.ok(built.rows.some((r) => r.label === "Products | Americas"));
  // with an all arc to that hypercube as well, its members are the statement's again
  arcs.push(arc("us-gaap:StatementLineItems", "acme:ExcludedSegmentsTable", "all"));
  arcs.push(
    arc(SEG, "us-gaap:SegmentDomain", "dimension-domain"),
    arc("us-gaap:SegmentDomain", "acme:WidgetsMember", "domain-member"),
  );
  const again = buildStatement({
    role: ROLE,
    presentation,
    calculation: new Map(),
    definition,
    labels: parseLabels(own("acme-20231231_lab.xml")),
    instance: parseInstance(own("acme-20231231_htm.xml"), { namespaces: schema.namespaces }),
  });
  assert.ok(again.rows.some((r) => r.label === "Widgets"));
});
