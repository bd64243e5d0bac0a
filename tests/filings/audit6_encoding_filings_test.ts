/**
 * Filing documents in other encodings than UTF-8, read through the filings commands: a 1990s-2000s
 * 10-K in windows-1252 (undeclared or declared), one with a UTF-8 byte order mark, UTF-16 with and
 * without a byte order mark, an SGML .txt submission whose EX-13 holds the MD&A, and HTML
 * character references that older filings write (&#146; &eacute; &pound;). Their curly quotes,
 * dashes, §, ®, £ and € were U+FFFD (or C1 control codes, or the literal entity name), and the
 * MD&A caption "MANAGEMENT’S DISCUSSION" of the exhibit was not found.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { htmlToText } from "../../analysis/filings/html.ts";
import { decodeFiling, decodeHtml, headerCharset } from "../../providers/decode.ts";
import { cleanDocument } from "../../analysis/filings/section_clean.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const CIK = 7654321;
const A = `https://www.sec.gov/Archives/edgar/data/${CIK}`;

/** windows-1252 bytes of `s`: characters below U+0100 are their own byte, the rest 0x80–0x9F. */
function cp1252(s: string): Uint8Array {
  const high = new TextDecoder("windows-1252").decode(
    Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i),
  );
  return Uint8Array.from(s, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x100) return code;
    const at = high.indexOf(c);
    if (at < 0) throw new Error(`no windows-1252 byte for ${c}`);
    return 0x80 + at;
  });
}

const utf16le = (s: string, bom: boolean) => {
  const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
  if (bom) out.set([0xff, 0xfe]);
  for (let i = 0; i < s.length; i++) {
    out[(bom ? 2 : 0) + 2 * i] = s.charCodeAt(i) & 0xff;
    out[(bom ? 2 : 0) + 2 * i + 1] = s.charCodeAt(i) >> 8;
  }
  return out;
};

const p = (t: string) => `<p>${t}</p>`;
const say = (n: number, s: string) =>
  Array.from({ length: n }, (_, i) => p(`${s} (${i + 1})`)).join("");

const BUSINESS = "Old Co\u2019s widgets are sold under the Widget\u00ae brand for \u00a35 each " +
  "\u2013 and for \u20ac6 in Europe \u2014 as \u201cpremium\u201d tools.";
const RISK = "Section \u00a7 404 of the Sarbanes-Oxley Act requires an auditor\u2019s report.";

/** A small 10-K whose text carries the characters windows-1252 has and ASCII has not. */
function tenK(head = "", business = BUSINESS): string {
  return `<html><head>${head}<title>OLD CO 10-K</title></head><body>` + p("PART I") +
    p("Item 1. Business") + p(business) +
    say(3, "We make hand tools for hardware stores.") +
    p("Item 1A. Risk Factors") + p(RISK) + say(3, "Steel prices could cut our margins.") +
    p("Item 2. Properties") + say(1, "We own a forge in Erie, Pennsylvania.") + p("PART II") +
    p("Item 7. Management\u2019s Discussion and Analysis of Financial Condition and Results of Operations") +
    say(3, "Net sales rose 6% on higher volumes of wrenches.") +
    p("Item 8. Financial Statements and Supplementary Data") +
    say(2, "The balance sheets show total assets of $540 million.") +
    p("Item 9. Changes in and Disagreements with Accountants on Accounting and Financial Disclosure") +
    p("None.") + "</body></html>";
}

/** An SGML submission of 1999: the 10-K in plain text, its MD&A in the EX-13 annual report. */
const SUBMISSION = `<SEC-DOCUMENT>0007654321-99-000007.txt : 19990326
<SEC-HEADER>0007654321-99-000007.hdr.sgml : 19990326
ACCESSION NUMBER:		0007654321-99-000007
CONFORMED SUBMISSION TYPE:	10-K
</SEC-HEADER>
<DOCUMENT>
<TYPE>10-K
<SEQUENCE>1
<DESCRIPTION>ANNUAL REPORT
<TEXT>
                                FORM 10-K

                              OLD CO, INC.

PART I

ITEM 1.  BUSINESS

     Old Co\u2019s widgets are sold under the Widget\u00ae brand for \u00a35 each
\u2013 and in every market we serve. We make hand tools for hardware
stores in central Pennsylvania and sell them through distributors.

PART II

ITEM 7.  MANAGEMENT\u2019S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND
         RESULTS OF OPERATIONS

     The information required by this item is incorporated herein by
reference to the section captioned \u201cManagement\u2019s Discussion and
Analysis\u201d of the 1998 Annual Report to Shareholders, filed as Exhibit 13.

ITEM 8.  FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA

     The consolidated financial statements are incorporated herein by
reference to the 1998 Annual Report to Shareholders, filed as Exhibit 13.
</TEXT>
</DOCUMENT>
<DOCUMENT>
<TYPE>EX-13
<SEQUENCE>2
<DESCRIPTION>1998 ANNUAL REPORT TO SHAREHOLDERS
<TEXT>
                              OLD CO, INC.
                   1998 ANNUAL REPORT TO SHAREHOLDERS

To our shareholders: 1998 was the best year in the company\u2019s history.

MANAGEMENT\u2019S DISCUSSION AND ANALYSIS

     Net sales rose 6.4% to \u00a321.4 million \u2014 the \u201cbest\u201d year yet.
Costs of steel fell in the second half of the year and margins grew.

CONSOLIDATED STATEMENTS OF INCOME

     Net income was $6.1 million.
</TEXT>
</DOCUMENT>
</SEC-DOCUMENT>
`;

interface Doc {
  accession: string;
  file: string;
  bytes: Uint8Array;
  type?: string;
}

/** A fake SEC: the company's submissions and the listed documents, nothing else. */
function sec(docs: Doc[]): typeof fetch {
  const submissions = {
    cik: String(CIK).padStart(10, "0"),
    name: "OLD CO INC",
    tickers: [],
    filings: {
      recent: {
        accessionNumber: docs.map((d) => d.accession),
        filingDate: docs.map(() => "1999-03-26"),
        reportDate: docs.map(() => "1998-12-31"),
        form: docs.map(() => "10-K"),
        primaryDocument: docs.map((d) => d.file),
        primaryDocDescription: docs.map(() => "10-K"),
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
    return Promise.resolve(
      new Response(hit.bytes as Uint8Array<ArrayBuffer>, {
        headers: { "content-type": hit.type ?? "text/html" },
      }),
    );
  };
}

const ACC = {
  undeclared: "0007654321-99-000001",
  declared: "0007654321-99-000002",
  bom: "0007654321-99-000003",
  utf16: "0007654321-99-000004",
  utf16bare: "0007654321-99-000005",
  entities: "0007654321-99-000006",
  sgml: "0007654321-99-000007",
};

const DOCS: Doc[] = [
  { accession: ACC.undeclared, file: "oldco-10k.htm", bytes: cp1252(tenK()) },
  {
    accession: ACC.declared,
    file: "oldco-10k.htm",
    bytes: cp1252(
      tenK('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'),
    ),
  },
  {
    accession: ACC.bom,
    file: "oldco-10k.htm",
    bytes: new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode(tenK('<meta charset="utf-8">')),
    ]),
  },
  { accession: ACC.utf16, file: "oldco-10k.htm", bytes: utf16le(tenK(), true) },
  { accession: ACC.utf16bare, file: "oldco-10k.htm", bytes: utf16le(tenK(), false) },
  {
    accession: ACC.entities,
    file: "oldco-10k.htm",
    bytes: new TextEncoder().encode(
      tenK(
        "",
        "Old Co&#146;s widgets are sold under the Widget&reg; brand for &pound;5 each &#150; " +
          "and for &euro;6 in Europe &#151; as &#147;premium&#148; tools.",
      ),
    ),
  },
  {
    accession: ACC.sgml,
    file: "0007654321-99-000007.txt",
    bytes: cp1252(SUBMISSION),
    type: "text/plain",
  },
];

const read = (accession: string, section: string, extra: Record<string, unknown> = {}) =>
  envelope<Any>("filings.read", { accession, section, max_chars: 0, ...extra }, {
    fetch: sec(DOCS),
  });

/** The section's text is the cleaned text of the document, decoded right, at its offsets. */
function atOffsets(d: Any, html: string) {
  const text = cleanDocument(htmlToText(html)).text;
  assert.equal(text.slice(d.start_char, d.end_char), d.text);
}

Deno.test("filings.read: an undeclared windows-1252 10-K reads its quotes, dashes, ®, £, € and §, and says so", async () => {
  const env = await read(ACC.undeclared, "business");
  const d = dataOf<Any>(env);
  // before: "Old Co\ufffds widgets are sold under the Widget\ufffd brand for \ufffd5 each \ufffd ..."
  assert.ok(d.text.includes(BUSINESS), d.text.slice(0, 200));
  assert.ok(!d.text.includes("\ufffd"));
  atOffsets(d, tenK());
  assert.equal(env.warnings.length, 1, env.warnings.join("\n"));
  assert.match(env.warnings[0], /oldco-10k\.htm: \d+ byte\(s\) .*not UTF-8.*windows-1252/);
  const risk = dataOf<Any>(await read(ACC.undeclared, "risk_factors"));
  assert.ok(risk.text.includes(RISK), risk.text);
  // a quote taken from the answer is found at its offsets: the same text, the same characters
  const sections = dataOf<Any>(
    await envelope<Any>("filings.sections", { accession: ACC.undeclared }, {
      fetch: sec(DOCS),
    }),
  );
  assert.ok(sections.items.some((i: Any) => /^Management’s Discussion/.test(i.title)));
});

Deno.test("filings.read: a 10-K that declares windows-1252 is read in it, with nothing to warn", async () => {
  const env = await read(ACC.declared, "business");
  const d = dataOf<Any>(env);
  assert.ok(d.text.includes(BUSINESS), d.text.slice(0, 200));
  assert.deepEqual(env.warnings, []);
});

Deno.test("filings.read: UTF-8 with a byte order mark is read as UTF-8, the mark not part of the text", async () => {
  const env = await read(ACC.bom, "business");
  const d = dataOf<Any>(env);
  assert.ok(d.text.includes(BUSINESS), d.text.slice(0, 200));
  atOffsets(d, tenK('<meta charset="utf-8">'));
  assert.deepEqual(env.warnings, []);
});

Deno.test("filings.read: UTF-16 documents are read, with a byte order mark or (said) without", async () => {
  const env = await read(ACC.utf16, "business");
  const d = dataOf<Any>(env);
  // before: the UTF-16 bytes read as UTF-8 held a NUL beside every letter and no item was found
  assert.ok(d.text.includes(BUSINESS), d.text.slice(0, 200));
  atOffsets(d, tenK());
  assert.deepEqual(env.warnings, []);
  const bare = await read(ACC.utf16bare, "business");
  assert.ok(dataOf<Any>(bare).text.includes(BUSINESS));
  assert.equal(bare.warnings.length, 1, bare.warnings.join("\n"));
  assert.match(bare.warnings[0], /no byte order mark but its bytes are UTF-16LE/);
});

Deno.test("filings.read: &#146; &#150; &#147; are windows-1252's quotes and dashes; &pound; &euro; are read", async () => {
  const env = await read(ACC.entities, "business");
  const d = dataOf<Any>(env);
  // before: "Old Co\u0092s" (a control code) and "for &pound;5", "&euro;6" as printed names
  assert.ok(d.text.includes(BUSINESS), d.text.slice(0, 200));
  assert.deepEqual(env.warnings, []);
});

Deno.test("filings.read: an SGML .txt submission in windows-1252, its MD&A followed into the EX-13", async () => {
  const business = await read(ACC.sgml, "business");
  const b = dataOf<Any>(business);
  assert.match(b.text, /Old Co’s widgets are sold under the Widget® brand for £5 each – and/);
  assert.equal(business.warnings.length, 1, business.warnings.join("\n"));
  assert.match(business.warnings[0], /0007654321-99-000007\.txt: .*not UTF-8/);
  const env = await read(ACC.sgml, "mda", { follow: true });
  const d = dataOf<Any>(env);
  // before: the caption "MANAGEMENT\ufffdS DISCUSSION" was not found in the exhibit: ok:false
  assert.equal(d.followed.type, "EX-13");
  assert.match(d.text, /^MANAGEMENT’S DISCUSSION AND ANALYSIS\nNet sales rose 6\.4% to £21\.4/);
  assert.match(d.text, /— the “best” year yet/);
  assert.doesNotMatch(d.text, /CONSOLIDATED STATEMENTS/);
  // said once per document, however many times the call read it
  assert.equal(
    env.warnings.filter((w: string) => /not UTF-8/.test(w)).length,
    1,
    env.warnings.join("\n"),
  );
});

Deno.test("decodeFiling: its quick paths give what document.read's reader gives", () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const cases: [string, Uint8Array, string | null][] = [
    ["ASCII declared ASCII", enc("<?xml version='1.0' encoding='ASCII'?><p>a&#8217;b</p>"), null],
    ["UTF-8 undeclared", enc("<p>Old Co\u2019s \u20ac5</p>"), null],
    ["UTF-8 declared latin-1", enc('<meta charset="iso-8859-1"><p>caf\u00e9</p>'), null],
    [
      "UTF-8 under a server's windows-1252",
      enc("<p>caf\u00e9</p>"),
      "text/html; charset=windows-1252",
    ],
    ["windows-1252 undeclared", cp1252("<p>Old Co\u2019s \u00a35</p>"), null],
    ["windows-1252 declared", cp1252('<meta charset="windows-1252"><p>\u201cq\u201d</p>'), null],
    [
      "UTF-8 BOM over a windows-1252 meta",
      new Uint8Array([0xef, 0xbb, 0xbf, ...enc('<meta charset="windows-1252"><p>\u2019</p>')]),
      null,
    ],
    ["ASCII under an unknown charset", enc('<meta charset="x-nonsense"><p>ok</p>'), null],
    ["UTF-16LE with its mark", utf16le("<p>\u2019</p>", true), null],
  ];
  for (const [name, bytes, type] of cases) {
    const quick = decodeFiling(bytes, type);
    const full = decodeHtml(bytes, headerCharset(type));
    assert.equal(quick.text, full.html, name);
    assert.deepEqual(quick.warnings, full.warnings, name);
  }
});

Deno.test("filings.report: an R page in windows-1252 reads its labels' dashes and quotes, and says so", async () => {
  // the project's ACME recordings, served as SEC would, with R2.htm in windows-1252
  const root = join(FIXTURES, "filings", "cassette");
  const index = JSON.parse(Deno.readTextFileSync(join(root, "index.json")));
  const files = new Map<string, string>(index.entries.map((e: Any) => [e.url, e.file]));
  const fake: typeof fetch = (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const file = files.get(url);
    if (!file) return Promise.resolve(new Response("not found", { status: 404 }));
    let body: Uint8Array = Deno.readFileSync(join(root, file));
    if (file.endsWith("/R2.htm")) {
      const page = new TextDecoder().decode(body)
        .replace(">Net revenue<", ">Net revenue \u2013 widgets\u2019 \u201ccore\u201d lines<");
      body = cp1252(page);
    }
    return Promise.resolve(
      new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": "text/html" } }),
    );
  };
  const env = await envelope<Any>(
    "filings.report",
    { symbol: "ACME", report: "R2", max_rows: 0 },
    { fetch: fake },
  );
  const d = dataOf<Any>(env);
  // before: "Net revenue \ufffd widgets\ufffd \ufffdcore\ufffd lines"
  const revenue = d.rows.find((r: Any) => r.concept === "us-gaap:Revenues");
  assert.equal(revenue.label, "Net revenue \u2013 widgets\u2019 \u201ccore\u201d lines");
  assert.equal(revenue.values[0].number, 1200);
  assert.match(d.text, /Net revenue – widgets’ “core” lines/);
  assert.ok(
    env.warnings.some((w: string) => /R2\.htm: 4 byte\(s\) .*not UTF-8/.test(w)),
    env.warnings.join("\n"),
  );
});
