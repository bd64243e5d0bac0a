/**
 * filings.statement reads a filing's definition linkbase (`_def.xml`) as an optional fourth
 * linkbase, on the project's ACME cassette given an income statement shaped as EDGAR serves
 * them (tests/fixtures/filings/audit8_def: a Workiva-style presentation, definition and label
 * linkbase and an instance):
 * - its table shows net sales by product (srt:ProductOrServiceAxis) and by region
 *   (srt:StatementGeographicalAxis), and names us-gaap:StatementBusinessSegmentsAxis, whose
 *   members (Widgets, Gadgets) only the definition linkbase lists: those were a warning and no
 *   row, since the definition linkbase was never fetched; they are rows now;
 * - a figure under a product and a region at once, both listed by the presentation, is a row
 *   naming both axes and members (it was a warning); one crossed with a segment only the
 *   definition linkbase lists stays out;
 * - a definition linkbase the filing names but the recording lacks, or SEC answers 404 for,
 *   leaves the statement exactly as without it, with the same warning, never a failure.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { ACME_10K, acmeCassette } from "./audit6_statements_cassette.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const OWN = join(FIXTURES, "filings", "audit8_def");
const own = (name: string) => Deno.readTextFileSync(join(OWN, name));
const Y23 = "2023-01-01 to 2023-12-31";
const Y22 = "2022-01-01 to 2022-12-31";
const DEF = "acme-20231231_def.xml";

/** ACME with the fixture's linkbases and instance; `def`: recorded, absent, or SEC's 404. */
async function cassette(def: "recorded" | "absent" | "404") {
  const listDef = {
    // the filing names its definition linkbase, as every EDGAR filing with dimensions does
    "FilingSummary.xml": (xml: string) =>
      xml.replace("<File>acme-20231231_lab.xml</File>", `<File>${DEF}</File>\n    $&`),
    "acme-20231231.xsd": (xsd: string) =>
      xsd.replace(
        "    <link:linkbaseRef",
        `    <link:linkbaseRef xlink:type="simple" xlink:href="${DEF}" xlink:role="http://www.xbrl.org/2003/role/definitionLinkbaseRef"/>\n$&`,
      ),
  };
  const dir = await acmeCassette(
    {
      ...listDef,
      "acme-20231231_pre.xml": () => own("acme-20231231_pre.xml"),
      "acme-20231231_lab.xml": () => own("acme-20231231_lab.xml"),
      "acme-20231231_htm.xml": () => own("acme-20231231_htm.xml"),
    },
    def === "recorded" ? { [DEF]: { text: own(DEF), type: "application/xml" } } : {},
  );
  if (def === "404") {
    const path = join(dir, "index.json");
    const index = JSON.parse(await Deno.readTextFile(path));
    await Deno.writeTextFile(join(dir, "acme/10k/def404.txt"), "Not Found");
    index.entries.push({
      method: "GET",
      url: `${ACME_10K}/${DEF}`,
      status: 404,
      headers: { "content-type": "text/html" },
      file: "acme/10k/def404.txt",
    });
    await Deno.writeTextFile(path, JSON.stringify(index));
  }
  return dir;
}

async function statement(def: "recorded" | "absent" | "404") {
  const dir = await cassette(def);
  try {
    return await envelope("filings.statement", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      statement: "income",
    }, { replay: [dir] });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const revenueLines = (d: Any) =>
  d.rows.filter((r: Any) => r.concept === "us-gaap:Revenues").map((
    r: Any,
  ) => [r.label, r.member, r.values[Y23].reported, r.values[Y22].reported]);

Deno.test("filings.statement: members only the definition linkbase lists are rows once _def.xml is read", async () => {
  const env = await statement("recorded");
  const d = dataOf<Any>(env);
  // old: no Widgets or Gadgets rows, and a warning that the axis's members are not listed
  assert.deepEqual(revenueLines(d), [
    ["Revenues", null, 1200, 1000],
    ["Products", "us-gaap:ProductMember", 1000, 850],
    ["Products | Americas", "us-gaap:ProductMember | srt:AmericasMember", 600, 510],
    ["Products | Europe", "us-gaap:ProductMember | srt:EuropeMember", 400, 340],
    ["Services", "us-gaap:ServiceMember", 200, 150],
    ["Services | Americas", "us-gaap:ServiceMember | srt:AmericasMember", 100, 90],
    ["Services | Europe", "us-gaap:ServiceMember | srt:EuropeMember", 100, 60],
    ["Americas", "srt:AmericasMember", 700, 600],
    ["Europe", "srt:EuropeMember", 500, 400],
    ["Widgets", "acme:WidgetsMember", 900, 780],
    ["Gadgets", "acme:GadgetsMember", 300, 220],
  ]);
  const widgets = d.rows.find((r: Any) => r.member === "acme:WidgetsMember");
  assert.equal(widgets.axis, "us-gaap:StatementBusinessSegmentsAxis");
  assert.equal(widgets.parent, "us-gaap:Revenues");
  assert.equal(widgets.calculation_parent, null);
  assert.ok(!env.warnings.some((w) => /whose members its linkbases do not list/.test(w)));
  // the provenance names every file read, the definition linkbase among them
  assert.deepEqual(d.xbrl_files, [
    "acme-20231231_htm.xml",
    "acme-20231231.xsd",
    "acme-20231231_pre.xml",
    "acme-20231231_cal.xml",
    "acme-20231231_lab.xml",
    DEF,
  ]);
});

Deno.test("filings.statement: a figure under two members the presentation lists is a row citing both, never a total", async () => {
  const env = await statement("recorded");
  const d = dataOf<Any>(env);
  const total = d.rows.find((r: Any) => r.concept === "us-gaap:Revenues" && !r.member);
  const row = d.rows.find((r: Any) => r.label === "Products | Americas");
  // old: no such row; a warning sent the reader to the R page
  assert.deepEqual(row.dimensions, [
    { axis: "srt:ProductOrServiceAxis", member: "us-gaap:ProductMember" },
    { axis: "srt:StatementGeographicalAxis", member: "srt:AmericasMember" },
  ]);
  assert.equal(row.axis, "srt:ProductOrServiceAxis | srt:StatementGeographicalAxis");
  assert.equal(row.parent, "us-gaap:Revenues");
  assert.equal(row.calculation_parent, null);
  // nested under its product's row, the product's row under the total
  const products = d.rows.find((r: Any) => r.label === "Products" && r.concept === total.concept);
  assert.equal(products.level, total.level + 1);
  assert.equal(row.level, products.level + 1);
  // the total is the figure without a dimension, untouched by its parts
  assert.equal(total.values[Y23].reported, 1200);
  // rows of one member carry no dimensions list
  assert.equal(products.dimensions, undefined);
  const w = env.warnings.find((w) => /two or more of the statement's members at once/.test(w));
  assert.ok(w, JSON.stringify(env.warnings));
  assert.match(w, /srt:ProductOrServiceAxis = us-gaap:ProductMember and/);
  assert.match(w, /never a total/);
  // Widgets under a region at once: Widgets is only in the definition linkbase, no row
  assert.ok(!d.rows.some((r: Any) => /Widgets \|/.test(r.label)));
  // a member row is found by either of its members
  const dir = await cassette("recorded");
  try {
    const q = dataOf<Any>(
      await envelope("filings.statement", {
        symbol: "ACME",
        accession: "0001234567-24-000010",
        query: "EuropeMember",
      }, { replay: [dir] }),
    );
    assert.deepEqual(q.rows.map((r: Any) => r.label), [
      "Products | Europe",
      "Services | Europe",
      "Europe",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

for (const def of ["absent", "404"] as const) {
  Deno.test(
    `filings.statement: a definition linkbase ${
      def === "absent" ? "missing from the recording" : "SEC answers 404 for"
    } leaves the statement as without it, warned, never a failure`,
    async () => {
      const env = await statement(def);
      const d = dataOf<Any>(env);
      const lines = revenueLines(d);
      // the presentation's members are rows; the segments' members are not, and that is said
      assert.ok(!lines.some((l: Any) => /Widgets|Gadgets/.test(l[0])));
      assert.deepEqual(lines[0], ["Revenues", null, 1200, 1000]);
      assert.ok(lines.some((l: Any) => l[0] === "Products | Americas"));
      const w = env.warnings.find((w) => /whose members its linkbases do not list/.test(w));
      assert.ok(w, JSON.stringify(env.warnings));
      assert.match(w, /filings\.report/);
      assert.ok(!d.xbrl_files.includes(DEF));
      assert.ok(!env.warnings.some((w) => /definition linkbase .* could not be read/.test(w)));
    },
  );
}

Deno.test("filings.statement: a definition linkbase SEC fails to serve (500) is said, the statement still given", async () => {
  const dir = await cassette("recorded");
  try {
    const index = JSON.parse(await Deno.readTextFile(join(dir, "index.json")));
    const files = new Map<string, string>(
      index.entries.filter((e: Any) => e.file && e.status === 200)
        .map((e: Any) => [e.url, join(dir, e.file)] as [string, string]),
    );
    const asked: string[] = [];
    // SEC answering from the recording, except the definition linkbase: a server error
    const fakeFetch: typeof fetch = (input) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      const file = files.get(url);
      if (url.endsWith(DEF) || !file) {
        return Promise.resolve(new Response("Internal Server Error", { status: 500 }));
      }
      return Promise.resolve(new Response(Deno.readFileSync(file), { status: 200 }));
    };
    const env = await envelope("filings.statement", {
      symbol: "ACME",
      accession: "0001234567-24-000010",
      statement: "income",
    }, { fetch: fakeFetch });
    const d = dataOf<Any>(env);
    assert.ok(asked.some((u) => u.endsWith(DEF)), "the definition linkbase was asked for");
    assert.deepEqual(revenueLines(d)[0], ["Revenues", null, 1200, 1000]);
    assert.ok(!d.rows.some((r: Any) => r.member === "acme:WidgetsMember"));
    assert.ok(!d.xbrl_files.includes(DEF));
    const w = env.warnings.find((w) => /definition linkbase acme-20231231_def\.xml/.test(w));
    assert.ok(w, JSON.stringify(env.warnings));
    assert.match(w, /could not be read/);
    assert.ok(!/\n\s+at /.test(w), "no stack trace");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
