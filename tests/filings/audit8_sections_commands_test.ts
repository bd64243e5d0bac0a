/**
 * filings.read on items whose number alone is ambiguous or whose text is elsewhere, against a
 * fake SEC serving small made-up filings: a 10-Q's "item 2" (Part I's MD&A, said so, never Part
 * II's share sales), "Part II, Item 2" (refused by name with where it is, not an argument error
 * listing enum values), a part the form does not put the item in, and a 10-K whose items only say
 * the text "appears above" (the pointer returned with a warning, not as if it were the section).
 */
import assert from "node:assert/strict";
import { htmlToText } from "../../analysis/filings/html.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";
import { dataOf, envelope } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const CIK = 7700001;
const A = `https://www.sec.gov/Archives/edgar/data/${CIK}`;

interface Doc {
  accession: string;
  file: string;
  form: string;
  html: string;
}

/** A fake SEC: the company's submissions and the listed documents, nothing else. */
function sec(docs: Doc[]): typeof fetch {
  const submissions = {
    cik: String(CIK).padStart(10, "0"),
    name: "QUILL CORP",
    tickers: [],
    filings: {
      recent: {
        accessionNumber: docs.map((d) => d.accession),
        filingDate: docs.map(() => "2025-02-20"),
        reportDate: docs.map(() => "2024-12-31"),
        form: docs.map((d) => d.form),
        primaryDocument: docs.map((d) => d.file),
        primaryDocDescription: docs.map((d) => d.form),
      },
      files: [],
    },
  };
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === `https://data.sec.gov/submissions/CIK${submissions.cik}.json`) {
      return Promise.resolve(
        new Response(JSON.stringify(submissions), {
          headers: { "content-type": "application/json" },
        }),
      );
    }
    const hit = docs.find((d) => url === `${A}/${d.accession.replaceAll("-", "")}/${d.file}`);
    if (!hit) return Promise.resolve(new Response("not found", { status: 404 }));
    return Promise.resolve(new Response(hit.html, { headers: { "content-type": "text/html" } }));
  };
}

const p = (t: string) => `<p>${t}</p>`;
const say = (n: number, sentence: string) =>
  Array.from({ length: n }, (_, i) => p(`${sentence} (${i + 1})`)).join("");

const TEN_Q: Doc = {
  accession: "0007700001-25-000010",
  file: "quill-20250331x10q.htm",
  form: "10-Q",
  html: p("PART I. FINANCIAL INFORMATION") + p("Item 1. Financial Statements") +
    "<table><tr><td>Net sales</td><td>$ 1,234</td><td>$ 1,100</td></tr>" +
    "<tr><td>Net income</td><td>$ 234</td><td>$ 200</td></tr></table>" +
    say(2, "The condensed consolidated financial statements are unaudited.") +
    p("Item 2. Management&#8217;s Discussion and Analysis of Financial Condition") +
    say(3, "Quarterly revenue rose 5% on stronger demand from schools.") +
    p("Item 4. Controls and Procedures") + say(2, "Our disclosure controls were effective.") +
    p("PART II. OTHER INFORMATION") + p("Item 1. Legal Proceedings") +
    p("See Note 7 for a description of legal proceedings.") +
    p("Item 2. Unregistered Sales of Equity Securities and Use of Proceeds") +
    say(2, "We repurchased 1,000 shares during the quarter."),
};

const TEN_K: Doc = {
  accession: "0007700001-25-000011",
  file: "quill-20241231x10k.htm",
  form: "10-K",
  html: p("Management&#8217;s discussion and analysis") +
    say(3, "The firm earned record revenue in every segment.") + p("Risk Factors") +
    say(3, "Credit losses could rise if the economy weakens.") +
    p("Consolidated Financial Statements") +
    "<table><tr><td>Revenues</td><td>$ 1,234</td></tr><tr><td>Net income</td><td>$ 234</td></tr></table>" +
    p("Part I") + p("Item 1. Business") +
    p("Quill Corp sells paper and toner to offices in the Midwest through its own stores.") +
    p("Item 1A. Risk Factors") +
    p("Risk factors are described on the pages under Risk Factors above.") +
    p("Item 1B. Unresolved Staff Comments") + p("None.") + p("Part II") +
    p("Item 7. Management&#8217;s discussion and analysis of financial condition") +
    say(
      3,
      "Revenue grew in every segment, as the discussion in the front of this report shows in full.",
    ) +
    p("Item 8. Financial Statements and Supplementary Data") +
    p("The consolidated financial statements appear above."),
};

const DOCS = [TEN_Q, TEN_K];
const read = (doc: Doc, section: string) =>
  envelope<Any>("filings.read", { accession: doc.accession, section, max_chars: 0 }, {
    fetch: sec(DOCS),
  });

/** The returned text is the cleaned document's text at the returned offsets. */
function atOffsets(d: Any, doc: Doc) {
  const text = cleanDocument(htmlToText(doc.html)).text;
  assert.equal(text.slice(d.start_char, d.end_char), d.text);
}

Deno.test("filings.read: item 2 of a 10-Q is Part I's MD&A, and the answer says which Item 2 it is", async () => {
  for (const section of ["item_2", "Item 2", "2"]) {
    const env = await read(TEN_Q, section);
    const d = dataOf<Any>(env);
    assert.equal(d.found_as, "part_i_item_2");
    assert.match(d.text, /^Item 2\. Management’s Discussion/);
    assert.doesNotMatch(d.text, /repurchased/);
    atOffsets(d, TEN_Q);
    // before: no warning; the reader could not tell which of the two Items 2 it got
    assert.equal(env.warnings.length, 1, env.warnings.join("\n"));
    assert.match(
      env.warnings[0],
      /a 10-Q has an Item 2 in Part I and in Part II; this is Part I, Item 2 \(mda\), not Part II, Item 2 \("Unregistered Sales of Equity Securities and Use of Proceeds"\)/,
    );
  }
  const item1 = await read(TEN_Q, "item 1");
  assert.equal(dataOf<Any>(item1).found_as, "part_i_item_1");
  assert.match(item1.warnings[0], /not Part II, Item 1 \("Legal Proceedings"\)/);
});

Deno.test("filings.read: a 10-Q's item named with its part is that part's, and nothing to warn", async () => {
  for (const section of ["Part I, Item 2", "part_i_item_2", "part i item 2"]) {
    const env = await read(TEN_Q, section);
    const d = dataOf<Any>(env);
    assert.equal(d.found_as, "part_i_item_2", section);
    assert.equal(d.section.key, "mda");
    assert.deepEqual(env.warnings, [], section);
  }
});

Deno.test("filings.read: Part II, Item 2 of a 10-Q is refused by name, with where that item is", async () => {
  for (const section of ["Part II, Item 2", "part_ii_item_2", "PART II ITEM 2."]) {
    const env = await read(TEN_Q, section);
    assert.equal(env.ok, false, section);
    // before: "expected one of "business", "risk_factors", …, got "Part II, Item 2""
    assert.match(
      env.error!,
      /Part II, Item 2 of a 10-Q is not one of the sections filings\.read reads \(financial_statements = Part I Item 1, mda = Part I Item 2, risk_factors = Part II Item 1A\); this filing's Part II, Item 2 is "Unregistered Sales of Equity Securities and Use of Proceeds" \(characters \d+-\d+\), as filings\.sections lists; for other items use document\.scan/,
    );
    assert.doesNotMatch(env.error!, /expected one of/);
  }
  // the offsets given are the item's in filings.sections
  const sections = dataOf<Any>(
    await envelope<Any>("filings.sections", { accession: TEN_Q.accession }, { fetch: sec(DOCS) }),
  );
  const two = sections.items.find((i: Any) => i.id === "part_ii_item_2");
  const env = await read(TEN_Q, "part_ii_item_2");
  assert.ok(env.error!.includes(`characters ${two.start_char}-${two.end_char}`), env.error!);
});

Deno.test("filings.read: an item named in a part the form does not put it in is refused", async () => {
  // a 10-K's Item 1A is in Part I; before: "Part II, Item 1A" read Part I's Item 1A silently
  const env = await read(TEN_K, "Part II, Item 1A");
  assert.equal(env.ok, false);
  assert.match(
    env.error!,
    /Part II, Item 1A of a 10-K is not one of the sections filings\.read reads \(business = Item 1, risk_factors = Item 1A, mda = Item 7, financial_statements = Item 8\); no Part II, Item 1A was found in this filing/,
  );
  const mda = dataOf<Any>(await read(TEN_K, "Part II, Item 7"));
  assert.equal(mda.found_as, "part_ii_item_7");
});

Deno.test("filings.read: every item id filings.sections lists is refused by what it is, or read", async () => {
  // part_ii_item_7a, which filings.sections lists, failed the schema with "did you mean
  // part_ii_item_1a?" (Risk Factors), and a 10-Q's "Item 3" with "did you mean item_1?"
  const sections = dataOf<Any>(
    await envelope<Any>("filings.sections", { accession: TEN_K.accession }, { fetch: sec(DOCS) }),
  );
  for (const item of sections.items as Any[]) {
    const env = await read(TEN_K, item.id);
    if (env.ok) continue;
    assert.doesNotMatch(env.error!, /did you mean|expected a section/, item.id);
    assert.ok(env.error!.includes(`characters ${item.start_char}-${item.end_char}`), env.error!);
  }
  const q3 = await read(TEN_Q, "Item 3");
  assert.equal(q3.ok, false);
  assert.match(
    q3.error!,
    /^section=item_3: Item 3 of a 10-Q is not one of the sections filings\.read reads/,
  );
  assert.doesNotMatch(q3.error!, /did you mean/);
  // a word that is no section still gets the nearest section's name
  const typo = await read(TEN_K, "risk factor");
  assert.equal(typo.ok, false);
  assert.match(typo.error!, /expected a section .*got "risk_factor"; did you mean risk_factors\?/);
});

Deno.test("filings.read: an item that only says its text is elsewhere in the report is returned with a warning", async () => {
  for (
    const [section, words] of [
      ["risk_factors", "Risk factors are described on the pages under Risk Factors above."],
      ["financial_statements", "The consolidated financial statements appear above."],
    ]
  ) {
    const env = await read(TEN_K, section);
    const d = dataOf<Any>(env);
    assert.ok(d.text.endsWith(words), d.text);
    atOffsets(d, TEN_K);
    // before: ok with no warning, the pointer read as if it were the section
    assert.equal(env.warnings.length, 1, env.warnings.join("\n"));
    assert.match(
      env.warnings[0],
      new RegExp(
        `^${section}: Item 1?[A8] holds only "${
          words.replace(/[.]/g, "\\.")
        }" under its heading; it may point to text elsewhere in the document`,
      ),
    );
  }
  // an item with text of its own, however short, has nothing to warn
  const business = await read(TEN_K, "business");
  assert.match(dataOf<Any>(business).text, /through its own stores\.$/);
  assert.deepEqual(business.warnings, []);
  const mda = await read(TEN_K, "mda");
  assert.ok(!mda.warnings.some((w: string) => /holds only/.test(w)), mda.warnings.join("\n"));
});
