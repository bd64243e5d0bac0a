/**
 * A statement's table whose hypercube, axes and members the definition linkbase declares in other
 * roles, reached by `xbrldt:targetRole` (XBRL Dimensions 1.0): the project's statement_target_role
 * fixture is ACME's income statement (audit8_def's presentation, labels and instance) with a
 * definition linkbase whose Ops role ties its line items to a table declared in a Tables role,
 * whose segments axis takes its domain from a Segments role (Gadgets under Widgets in a fourth),
 * its defaults in a fifth.
 * - the segments' members are rows, as when declared in the statement's own role (read in that
 *   role alone, they were missed and said unlisted);
 * - a domain-member arc of the statement's own role that is no consecutive arc of the table's
 *   (its dimension-domain arc targets another role) adds no member;
 * - defaults hold from any role; a loop of target roles ends.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES } from "../_helpers.ts";
import { buildStatement } from "../../analysis/filings/statement.ts";
import { statementHypercubes } from "../../analysis/filings/hypercube.ts";
import {
  type Arc,
  parseInstance,
  parseLabels,
  parseLinkbase,
  parseSchema,
} from "../../providers/filings_a/xbrl.ts";

const OWN = join(FIXTURES, "filings", "statement_target_role");
const BASE = join(FIXTURES, "filings", "audit8_def");
const ACME = join(FIXTURES, "filings", "cassette", "acme", "10k");
const ROLE = "http://acme.example/role/Ops";
const R = "http://acme.example/role/";
const Y23 = "2023-01-01 to 2023-12-31";
const Y22 = "2022-01-01 to 2022-12-31";
const SEG = "us-gaap:StatementBusinessSegmentsAxis";
const DEF = Deno.readTextFileSync(join(OWN, "acme-20231231_def.xml"));
const base = (name: string) => Deno.readTextFileSync(join(BASE, name));

/** ACME's instance with a 2023 revenue under a segment only the statement's own role names. */
function instanceXml() {
  return base("acme-20231231_htm.xml")
    .replace(
      '  <unit id="usd">',
      `  <context id="fy23_other"><entity><identifier scheme="http://www.sec.gov/CIK">0001234567</identifier><segment><xbrldi:explicitMember dimension="${SEG}">acme:OtherSegmentMember</xbrldi:explicitMember></segment></entity><period><startDate>2023-01-01</startDate><endDate>2023-12-31</endDate></period></context>
  <unit id="usd">`,
    )
    .replace(
      "</xbrl>",
      `  <us-gaap:Revenues contextRef="fy23_other" decimals="-6" unitRef="usd">50000000</us-gaap:Revenues>
</xbrl>`,
    );
}

function build(definitionXml: string) {
  const schema = parseSchema(Deno.readTextFileSync(join(ACME, "acme-20231231.xsd")));
  return buildStatement({
    role: ROLE,
    presentation: parseLinkbase(base("acme-20231231_pre.xml"), "presentationLink"),
    calculation: new Map(),
    definition: parseLinkbase(definitionXml, "definitionLink"),
    labels: parseLabels(base("acme-20231231_lab.xml")),
    instance: parseInstance(instanceXml(), { namespaces: schema.namespaces }),
    balances: schema.balances,
  });
}

const segmentRows = (built: ReturnType<typeof build>) =>
  built.rows.filter((r) => r.axis === SEG).map((r) => [
    r.label,
    r.member,
    r.level,
    r.values[Y23]?.reported ?? null,
    r.values[Y22]?.reported ?? null,
  ]);

Deno.test("definition linkbase: an arc's xbrldt:targetRole is read, whatever its prefix; absent when none", () => {
  const links = parseLinkbase(DEF, "definitionLink");
  const all = links.get(ROLE)!.find((a) => a.arcrole === "all")!;
  assert.equal(all.targetRole, `${R}Tables`);
  assert.equal(links.get(ROLE)!.find((a) => a.arcrole === "domain-member")!.targetRole, undefined);
  const other = parseLinkbase(
    DEF.replaceAll("xbrldt:", "xdt:").replace('xmlns:xbrldt="', 'xmlns:xdt="'),
    "definitionLink",
  );
  assert.equal(other.get(ROLE)!.find((a) => a.arcrole === "all")!.targetRole, `${R}Tables`);
  // presentation arcs never carry one
  const pre = parseLinkbase(base("acme-20231231_pre.xml"), "presentationLink");
  assert.ok([...pre.values()].flat().every((a) => a.targetRole === undefined));
});

Deno.test("statement table: members declared in the roles targetRole names are rows, with their figures", () => {
  const built = build(DEF);
  // old: no segment rows, and a warning that the axis's members are not listed
  assert.deepEqual(segmentRows(built), [
    ["Widgets", "acme:WidgetsMember", 4, 900, 780],
    // listed under Widgets in the role Widgets' arc targets: one level further
    ["Gadgets", "acme:GadgetsMember", 5, 300, 220],
  ]);
  assert.ok(!built.warnings.some((w) => /whose members its linkbases do not list/.test(w)));
  // a member only the statement's own role lists under the segments' domain is none of the
  // table's (the table's dimension-domain arc targets the Segments role): no row
  assert.ok(!built.rows.some((r) => r.member?.includes("OtherSegment")));
  // the lines the presentation lists are as before, totals unchanged
  const revenue = built.rows.find((r) => r.concept === "us-gaap:Revenues" && !r.member)!;
  assert.equal(revenue.values[Y23].reported, 1200);
  assert.ok(built.rows.some((r) => r.label === "Products | Americas"));
});

Deno.test("statement table: without following targetRole the segments would be missed (the old reading), said", () => {
  // the same linkbase with its targetRole attributes removed: the table's arcs are not in the
  // statement's role, so its segments axis lists no member
  const built = build(DEF.replace(/\s+xbrldt:targetRole="[^"]*"/g, ""));
  assert.deepEqual(segmentRows(built), []);
  assert.ok(built.warnings.some((w) => /whose members its linkbases do not list/.test(w)));
});

Deno.test("statement hypercubes: defaults from any role, the table's axes in order, a loop of target roles ends", () => {
  const links = parseLinkbase(DEF, "definitionLink");
  const cubes = statementHypercubes(links, ROLE);
  assert.deepEqual(cubes.axes, ["srt:ProductOrServiceAxis", "srt:StatementGeographicalAxis", SEG]);
  assert.ok(cubes.defaults.has("us-gaap:SegmentDomain"));
  assert.deepEqual(cubes.trees.get(SEG)!.get("us-gaap:SegmentDomain")!.map((a) => a.to), [
    "acme:WidgetsMember",
  ]);
  // Gadgets' role targets Widgets' again: walked once each
  const arc = (from: string, to: string, targetRole?: string): Arc => ({
    from,
    to,
    order: 0,
    arcrole: "domain-member",
    preferredLabel: null,
    weight: null,
    ...(targetRole ? { targetRole } : {}),
  });
  links.set(`${R}MoreSegments`, [
    arc("acme:WidgetsMember", "acme:GadgetsMember", `${R}Segments`),
  ]);
  links.set(`${R}Segments`, [
    ...links.get(`${R}Segments`)!,
    arc("acme:GadgetsMember", "acme:WidgetsMember", `${R}MoreSegments`),
  ]);
  const looped = statementHypercubes(links, ROLE);
  assert.deepEqual(looped.trees.get(SEG)!.get("acme:WidgetsMember")!.map((a) => a.to), [
    "acme:GadgetsMember",
  ]);
});
