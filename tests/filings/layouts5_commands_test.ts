/**
 * filings.read and filings.sections on the layouts of tests/fixtures/filings/layouts5: a 10-Q
 * with no Part II Item 1A whose MD&A carries a "Risk Factors" subheading (never returned as the
 * risk factors), a 10-K whose item headings carry no word "Item" ("1A. RISK FACTORS"), and a
 * 10-K of 2003 whose risk factors are only a title line inside Item 1 (returned with a warning).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const opts = { replay: [join(FIXTURES, "filings", "layouts5")] };
const A = "https://www.sec.gov/Archives/edgar/data";
const indexOf = (cik: number, acc: string) =>
  `${A}/${cik}/${acc.replaceAll("-", "")}/${acc}-index.html`;
const NO_1A_10Q = indexOf(2000031, "0002000031-25-000044");
const BARE_10K = indexOf(2000032, "0002000032-25-000006");
const EARLY_10K = indexOf(2000033, "0002000033-04-000012");
const FORTY_F = indexOf(2000035, "0002000035-25-000009");
const ITEM18_20F = indexOf(2000036, "0002000036-25-000003");

const read = (url: string, section: string) =>
  envelope<Any>("filings.read", { url, section, max_chars: 0 }, opts);

Deno.test("10-Q without Part II Item 1A: an MD&A 'Risk Factors' subheading is not the risk factors", async () => {
  const r = await read(NO_1A_10Q, "risk_factors");
  assert.equal(r.ok, false);
  assert.match(r.error!, /risk_factors was not found in 10-Q 0002000031-25-000044/);
  assert.match(
    r.error!,
    /no Part II, Item 1A heading; the title line "Risk Factors" stands inside part_i_item_2/,
  );
  // the MD&A keeps its subsection, and no warning claims it holds the risk factors
  const env = await envelope<Any>("filings.sections", { url: NO_1A_10Q }, opts);
  const d = dataOf<Any>(env);
  const risk = d.supported_sections.find((s: Any) => s.key === "risk_factors");
  assert.equal(risk.available, false);
  assert.ok(!env.warnings.some((w: string) => /holds the risk_factors text/.test(w)));
  const mda = dataOf<Any>(await read(NO_1A_10Q, "mda"));
  assert.match(
    mda.text,
    /^Item 2\. Management’s Discussion[\s\S]*Risk Factors[\s\S]*Cash from operations/,
  );
  assert.doesNotMatch(mda.text, /disclosure controls/);
});

Deno.test("10-K with headings '1A. RISK FACTORS': each section is its own item's text", async () => {
  const env = await envelope<Any>("filings.sections", { url: BARE_10K }, opts);
  const d = dataOf<Any>(env);
  assert.deepEqual(d.item_ids, [
    "part_i_item_1",
    "part_i_item_1a",
    "part_i_item_1b",
    "part_i_item_2",
    "part_ii_item_7",
    "part_ii_item_8",
    "part_ii_item_9",
  ]);
  assert.deepEqual(env.warnings, []);
  const risk = dataOf<Any>(await read(BARE_10K, "risk_factors"));
  assert.match(risk.text, /^1A\. RISK FACTORS\nA hurricane could close our stores/);
  assert.doesNotMatch(risk.text, /UNRESOLVED|eleven stores/);
  const doc = risk.text;
  assert.equal(risk.end_char - risk.start_char, doc.length);
  const fs = dataOf<Any>(await read(BARE_10K, "financial_statements"));
  // the note "1. Business" inside the statements is not Item 1
  assert.match(fs.text, /^8\. FINANCIAL STATEMENTS[\s\S]*incorporated in Alabama in 1972/);
  const business = dataOf<Any>(await read(BARE_10K, "business"));
  assert.match(business.text, /^1\. BUSINESS\nOsprey Marine Supply sells/);
  assert.doesNotMatch(business.text, /hurricane|incorporated in Alabama/);
});

Deno.test("10-K of 2003: risk factors found only by a title line inside Item 1 say so", async () => {
  const env = await read(EARLY_10K, "risk_factors");
  const risk = dataOf<Any>(env);
  assert.match(risk.text, /^Risk Factors\nDiesel fuel prices/);
  assert.doesNotMatch(risk.text, /terminals in Mobile/);
  assert.equal(risk.found_as, "pattern");
  assert.ok(
    env.warnings.some((w: string) =>
      /^risk_factors: no Item 1A heading was found; the text starts at the title line "Risk Factors" inside part_i_item_1/
        .test(w)
    ),
    env.warnings.join("; "),
  );
});

Deno.test("filings.recent: 10-K405s left out by forms=10-K are counted, old 8-K items classified", async () => {
  const env = await envelope<Any>(
    "filings.recent",
    { symbol: "GULX", forms: "10-K,8-K", classify: true },
    opts,
  );
  const d = dataOf<Any>(env);
  assert.deepEqual(d.filings.map((f: Any) => f.form), ["10-K", "8-K", "8-K"]);
  assert.ok(
    env.warnings.some((w: string) =>
      /forms= matches form types exactly: 2 10-K405 filing\(s\).*add 10-K405 to forms=/.test(w)
    ),
    env.warnings.join("; "),
  );
  // items "12,7" of 2003: results of operations and exhibits, not "other events"
  assert.equal(d.filings[1].event_type, "results_of_operations");
  assert.deepEqual(d.filings[1].events.map((e: Any) => e.item), ["12", "7"]);
  // no item in SEC's data: no item is guessed
  assert.equal(d.filings[2].event_type, "current_report");
  assert.equal(d.filings[2].events[0].item, null);
  const all = dataOf<Any>(
    await envelope("filings.recent", { symbol: "GULX", forms: "10-K405" }, opts),
  );
  assert.deepEqual(all.filings.map((f: Any) => f.filed_at), ["2002-03-28", "2001-03-29"]);
});

Deno.test("40-F: its Part II 'Item 1. Undertaking' is not listed as 10-K item part_i_item_1", async () => {
  const env = await envelope<Any>("filings.sections", { url: FORTY_F }, opts);
  const d = dataOf<Any>(env);
  assert.deepEqual(d.item_ids, []);
  assert.deepEqual(d.items, []);
  assert.ok(
    env.warnings.some((w: string) =>
      /^a 40-F has no item map: its numbered headings \(Item 1 "Undertaking", Item 2 "Consent/
        .test(w)
    ),
    env.warnings.join("; "),
  );
  const found = Object.fromEntries(d.supported_sections.map((s: Any) => [s.key, s.found_as]));
  assert.equal(found.business, "EX-99.1");
  assert.equal(found.mda, "EX-99.3");
  const risk = dataOf<Any>(
    await envelope("filings.read", { url: FORTY_F, section: "risk_factors", follow: true }, opts),
  );
  assert.match(risk.text, /^RISK FACTORS\nLumber prices are volatile/);
  assert.doesNotMatch(risk.text, /quarterly dividend/);
});

Deno.test("20-F: section=item_8 read from Item 18 says whose text it is", async () => {
  const env = await envelope<Any>(
    "filings.read",
    { url: ITEM18_20F, section: "item 8", max_chars: 0 },
    opts,
  );
  const d = dataOf<Any>(env);
  assert.equal(d.found_as, "part_iii_item_18");
  assert.equal(d.form_item, "Item 18");
  assert.match(d.text, /^Item 18\. Financial Statements\nReport of Independent/);
  assert.ok(
    env.warnings.some((w: string) =>
      /^section=item_8: Item 8 is read as financial_statements, which this 20-F holds in Item 18/
        .test(w)
    ),
    env.warnings.join("; "),
  );
  // asked by its own number or by name: no such note
  for (const section of ["item 18", "financial_statements"]) {
    const own = await envelope<Any>("filings.read", { url: ITEM18_20F, section }, opts);
    assert.deepEqual(own.warnings, [], section);
  }
});

Deno.test("20-F: Item 8 or 17 read from an Item 18 that only points elsewhere is still said", async () => {
  // the note was left out when Item 18 pointed to the F-pages (nordvik) or to an exhibit (fja):
  // the answer was Item 18's text under section=item_8 with no word that Item 8 was not read
  const cases = [
    ["layouts", "2000003/000200000324000007/nordvik-20231231x20f.htm"],
    ["layouts4", "2000025/000200002525000014/fja-20241231x20f.htm"],
  ];
  for (const [folder, path] of cases) {
    for (const section of ["item_8", "part_i_item_8", "item_17"]) {
      const env = await envelope<Any>("filings.read", { url: `${A}/${path}`, section }, {
        replay: [join(FIXTURES, "filings", folder)],
      });
      assert.equal(dataOf<Any>(env).form_item, "Item 18", `${path} ${section}`);
      const item = section.endsWith("17") ? "17" : "8";
      const note = env.warnings.find((w: string) =>
        w.startsWith(`section=${section}: Item ${item} is read as financial_statements`)
      );
      assert.ok(note, `${path} ${section}: ${env.warnings.join("; ")}`);
      if (item === "8") assert.match(note, /not Item 8's own \(its legal proceedings/);
    }
  }
});
