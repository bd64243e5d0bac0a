/**
 * XBRL contexts keep their members: a context kept only `dimensional: true`, so nothing could
 * tell Apple's ProductMember net sales from a segment note's figure. Each dimensional context
 * now keeps its explicit axis/member pairs (prefixes resolved through the namespaces they are
 * bound to, as the linkbases name concepts) and its typed members; definition arcs keep their
 * arcrole. Instances are written here as EDGAR extracts them; the company is invented.
 */
import assert from "node:assert/strict";
import { parseInstance, parseLinkbase } from "../../providers/filings_a/xbrl.ts";

const XML = `<?xml version="1.0" encoding="utf-8"?>
<xbrl
  xmlns="http://www.xbrl.org/2003/instance"
  xmlns:o="http://www.orchard.example/20240928"
  xmlns:gaap="http://fasb.org/us-gaap/2024"
  xmlns:srt="http://fasb.org/srt/2024"
  xmlns:xbrldi="http://xbrl.org/2006/xbrldi"
  xmlns:iso4217="http://www.xbrl.org/2003/iso4217">
    <context id="c-1">
        <entity>
            <identifier scheme="http://www.sec.gov/CIK">0000999001</identifier>
        </entity>
        <period>
            <startDate>2023-10-01</startDate>
            <endDate>2024-09-28</endDate>
        </period>
    </context>
    <context id="c-2">
        <entity>
            <identifier scheme="http://www.sec.gov/CIK">0000999001</identifier>
            <segment>
                <xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">gaap:ProductMember</xbrldi:explicitMember>
                <xbrldi:explicitMember dimension="gaap:StatementBusinessSegmentsAxis">o:AmericasSegmentMember</xbrldi:explicitMember>
            </segment>
        </entity>
        <period>
            <startDate>2023-10-01</startDate>
            <endDate>2024-09-28</endDate>
        </period>
    </context>
    <context id="c-3">
        <entity>
            <identifier scheme="http://www.sec.gov/CIK">0000999001</identifier>
            <segment>
                <xbrldi:typedMember dimension="gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis">
                    <gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis.domain>2024-09-29</gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis.domain>
                </xbrldi:typedMember>
            </segment>
        </entity>
        <period>
            <instant>2024-09-28</instant>
        </period>
    </context>
    <unit id="usd">
        <measure>iso4217:USD</measure>
    </unit>
    <gaap:RevenueFromContractWithCustomerExcludingAssessedTax contextRef="c-1" decimals="-6" unitRef="usd">391035000000</gaap:RevenueFromContractWithCustomerExcludingAssessedTax>
    <gaap:RevenueFromContractWithCustomerExcludingAssessedTax contextRef="c-2" decimals="-6" unitRef="usd">120000000000</gaap:RevenueFromContractWithCustomerExcludingAssessedTax>
</xbrl>`;

Deno.test("xbrl members: a context keeps its explicit axis/member pairs and typed members, prefixes as the linkbases name them", () => {
  const inst = parseInstance(XML, {
    namespaces: new Map([["http://www.orchard.example/20240928", "orch"]]),
  });
  // old: only { dimensional: true }
  assert.deepEqual(inst.contexts.get("c-2")!.members, [
    { axis: "srt:ProductOrServiceAxis", member: "us-gaap:ProductMember" },
    { axis: "us-gaap:StatementBusinessSegmentsAxis", member: "orch:AmericasSegmentMember" },
  ]);
  assert.deepEqual(inst.contexts.get("c-2")!.typed, []);
  assert.deepEqual(inst.contexts.get("c-3")!.typed, [{
    axis: "us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis",
    value: "2024-09-29",
  }]);
  assert.deepEqual(inst.contexts.get("c-3")!.members, []);
  // a context without a dimension is as before: no members key at all
  assert.deepEqual(inst.contexts.get("c-1"), {
    start: "2023-10-01",
    end: "2024-09-28",
    instant: null,
    dimensional: false,
  });
});

Deno.test("xbrl members: definition arcs keep their arcrole, presentation arcs carry none", () => {
  const def = `<?xml version="1.0" encoding="UTF-8"?>
<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xbrldt="http://xbrl.org/2005/xbrldt" xmlns:xlink="http://www.w3.org/1999/xlink">
  <link:definitionLink xlink:role="http://www.orchard.example/role/OPS" xlink:type="extended">
    <link:loc xlink:type="locator" xlink:label="loc_t" xlink:href="https://xbrl.fasb.org/us-gaap/2024/elts/us-gaap-2024.xsd#us-gaap_StatementTable"/>
    <link:loc xlink:type="locator" xlink:label="loc_a" xlink:href="https://xbrl.fasb.org/srt/2024/elts/srt-2024.xsd#srt_ProductOrServiceAxis"/>
    <link:loc xlink:type="locator" xlink:label="loc_d" xlink:href="https://xbrl.fasb.org/srt/2024/elts/srt-2024.xsd#srt_ProductsAndServicesDomain"/>
    <link:definitionArc order="1" xlink:arcrole="http://xbrl.org/int/dim/arcrole/hypercube-dimension" xlink:from="loc_t" xlink:to="loc_a" xlink:type="arc"/>
    <link:definitionArc order="1" xlink:arcrole="http://xbrl.org/int/dim/arcrole/dimension-default" xlink:from="loc_a" xlink:to="loc_d" xlink:type="arc"/>
  </link:definitionLink>
</link:linkbase>`;
  const arcs = parseLinkbase(def, "definitionLink").get("http://www.orchard.example/role/OPS")!;
  assert.deepEqual(arcs.map((a) => [a.to, a.arcrole]), [
    ["srt:ProductOrServiceAxis", "hypercube-dimension"],
    ["srt:ProductsAndServicesDomain", "dimension-default"],
  ]);
  const pre = parseLinkbase(def.replaceAll("definition", "presentation"), "presentationLink");
  assert.equal(pre.get("http://www.orchard.example/role/OPS")![0].arcrole, undefined);
});

Deno.test("xbrl members: 20,000 dimensional contexts parse in linear time", () => {
  const ctx = (i: number) =>
    `<context id="c${i}"><entity><identifier scheme="http://www.sec.gov/CIK">1</identifier><segment><xbrldi:explicitMember dimension="srt:ProductOrServiceAxis">o:M${i}Member</xbrldi:explicitMember><xbrldi:typedMember dimension="o:IdAxis"><o:Id>${i}</o:Id></xbrldi:typedMember></segment></entity><period><instant>2024-09-28</instant></period></context>`;
  const big = (n: number) =>
    `<xbrl xmlns="http://www.xbrl.org/2003/instance" xmlns:o="http://o.example/2024">${
      Array.from({ length: n }, (_, i) => ctx(i)).join("\n")
    }</xbrl>`;
  const time = (xml: string) => {
    const t = performance.now();
    const inst = parseInstance(xml);
    return { ms: performance.now() - t, n: inst.contexts.size };
  };
  // the fastest of three runs of each size, so a busy machine's pauses do not decide it
  const best = (xml: string) => {
    const runs = [time(xml), time(xml), time(xml)];
    return { ms: Math.min(...runs.map((r) => r.ms)), n: runs[0].n };
  };
  time(big(2000)); // warm up
  const small = best(big(2500));
  const large = best(big(20000));
  assert.equal(large.n, 20000);
  // eight times the input: a linear parse takes about eight times as long, a quadratic scan
  // sixty-four times; the line is drawn at twenty-four
  assert.ok(large.ms < Math.max(small.ms, 5) * 24, `${small.ms} ms then ${large.ms} ms`);
});
