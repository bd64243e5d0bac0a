import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { classifyExhibit, parseFilingIndex } from "../../providers/company_ir/exhibits.ts";
import {
  irLinks,
  linkDate,
  linkPeriod,
  registrableDomain,
} from "../../providers/company_ir/crawl.ts";

const DIR = join(FIXTURES, "evidence", "ir");

Deno.test("ir.presentations: 8-K EX-99 exhibits with kind, date, accession; failed index is a warning", async () => {
  const env = await envelope("ir.presentations", { symbol: "EXSW", source: "sec" }, {
    replay: [DIR],
  });
  const data = dataOf(env) as {
    presentations: {
      title: string;
      kind: string;
      confidence: string;
      date: string;
      accession_no: string;
      exhibit: string;
      url: string;
      items: string[];
    }[];
    sources_used: string[];
  };
  assert.deepEqual(
    data.presentations.map((p) => [p.exhibit, p.kind, p.confidence]),
    [["EX-99.2", "investor_day", "high"], ["EX-99.1", "press_release", "medium"]],
  );
  const [deck] = data.presentations;
  assert.equal(deck.date, "2026-03-05");
  assert.equal(deck.accession_no, "0009999001-26-000012");
  assert.deepEqual(deck.items, ["7.01", "9.01"]);
  assert.equal(
    deck.url,
    "https://www.sec.gov/Archives/edgar/data/9999001/000999900126000012/exsw-ex992.htm",
  );
  assert.deepEqual(data.sources_used, ["filings_a"]);
  assert.ok(
    // an SEC page that failed is SEC's failure (it was named company_ir)
    env.warnings.some((w) =>
      /^filings_a: exhibit list of 0009999001-26-000007 unavailable: HTTP 503 from https:\/\/www\.sec\.gov\//
        .test(w)
    ),
  );
});

Deno.test("exhibit scoring follows the reference vectors (whole words, file-name words)", () => {
  const c = (d: string, f: string) => classifyExhibit(d, f);
  assert.equal(c("INVESTOR DAY PRESENTATION", "iot20260305_ex99-1.htm").confidence, "high");
  assert.equal(c("EXHIBIT 99.1", "iot-slides-2026.htm").confidence, "medium");
  assert.equal(c("PRESS RELEASE", "x_pressrelease.htm").kind, "press_release");
  const mixed = c(
    "PRESS RELEASE AND INVESTOR DAY PRESENTATION",
    "iot-q4-results-and-investorday.htm",
  );
  assert.equal(mixed.confidence, "medium");
  assert.equal(c("EXHIBIT 99.1", "ex99-1.htm").kind, "exhibit_99");
  assert.equal(c("EX-99.1", "iot-investorday-capitalmarketsdeck.pdf").confidence, "high");
  assert.equal(
    c("EX-99.1", "quarterly-checkdeck-notes.htm").kind,
    "exhibit_99",
    "deck inside a word",
  );
});

Deno.test("IR page links: documents on the site, high-confidence CDN files flagged, hubs queued", () => {
  const html = Deno.readTextFileSync(join(DIR, "ir_page.html"));
  const { documents, hubs } = irLinks(html, "https://investors.exsw.example/");
  assert.deepEqual(
    documents.map((d) => [d.kind, d.external, d.date, d.period]),
    // a fiscal period or a year is not a date
    [["earnings_presentation", false, null, "Q4 FY2026"], ["investor_day", true, null, "2025"]],
  );
  assert.deepEqual(hubs, ["https://investors.exsw.example/investors/events-and-presentations"]);
  assert.equal(registrableDomain("ir.example.co.uk"), "example.co.uk");
});

Deno.test({
  name: "conformance: real EDGAR index and IR page (JPM EX-99.1, Braiin investors page)",
  ignore: !SHARED,
  fn() {
    const root = sharedOrSkip("IR conformance");
    if (!root) return;
    const acc = "0000019617-26-000241";
    const html = Deno.readTextFileSync(join(root, "sec", "JPM", "8-K", acc, `${acc}-index.html`));
    const ex = parseFilingIndex(
      html,
      `https://www.sec.gov/Archives/edgar/data/19617/000001961726000241/${acc}-index.html`,
    );
    const ex99 = ex.filter((e) => e.type.startsWith("EX-99"));
    assert.equal(ex99.length, 1);
    assert.equal(ex99[0].document, "jpmcpressrelease06252026.htm");
    assert.equal(classifyExhibit(ex99[0].description, ex99[0].document).kind, "press_release");
    const primary = ex.find((e) => e.type === "8-K")!;
    assert.equal(
      primary.url,
      "https://www.sec.gov/Archives/edgar/data/19617/000001961726000241/jpm-20260624.htm",
    );
    const page = Deno.readTextFileSync(join(root, "ir", "investors.html"));
    const links = irLinks(page, "https://braiin.com/investors.html");
    assert.ok(links.hubs.includes("https://ir.braiin.com/presentations"));
    assert.ok(!links.hubs.some((h) => h.includes("emailalerts")));
  },
});

Deno.test("linkDate: a full date written in words or numbers; a year or fiscal period is no date", () => {
  assert.equal(linkDate("March 5, 2026 Investor Day"), "2026-03-05");
  assert.equal(linkDate("Investor Day, Mar. 5 2026"), "2026-03-05");
  assert.equal(linkDate("5 March 2026 strategy update"), "2026-03-05");
  assert.equal(linkDate("/files/exsw_2026_3_5_deck.pdf"), "2026-03-05");
  assert.equal(linkDate("iot20260305_ex99-1.htm"), "2026-03-05");
  assert.equal(linkDate("Q4 2024 Investor Presentation"), null);
  assert.equal(linkDate("Investor Day 2025"), null);
  assert.equal(linkDate("2026-02-30 call"), null, "a day that does not exist");
  assert.equal(linkPeriod("Q4 2024 Investor Presentation"), "Q4 2024");
  assert.equal(linkPeriod("FY2024 annual review"), "FY2024");
  // a fiscal quarter keeps its FY (it was "Q4 2026", a calendar quarter); short spellings read
  assert.equal(linkPeriod("Q4 FY2026 Earnings Presentation"), "Q4 FY2026");
  assert.equal(linkPeriod("q3 fiscal 2025"), "Q3 FY2025");
  assert.equal(linkPeriod("4Q25 earnings slides"), "Q4 2025");
  assert.equal(linkPeriod("Q4'25 results"), "Q4 2025");
  assert.equal(linkPeriod("FY25 results"), "FY2025");
  assert.equal(linkPeriod("Q1 25 page"), null);
});

Deno.test("ir.presentations: undated IR links come after dated 8-K exhibits, so the limit keeps the dated ones", async () => {
  const mod = (await import("../../commands/ir/presentations.ts")).default;
  const warnings: string[] = [];
  const exhibit = (acc: string, doc: string) => ({
    type: "EX-99.1",
    description: "INVESTOR PRESENTATION",
    document: doc,
    url: `https://www.sec.gov/Archives/edgar/data/9999001/${acc}/${doc}`,
  });
  const irLink = (name: string) => ({
    title: "Investor presentation",
    url: `https://investors.exsw.example/files/${name}.pdf`,
    date: null,
    period: null,
    kind: "earnings_presentation",
    confidence: "high",
    why: 'matched "investor presentation"',
    external: false,
    page_url: "https://investors.exsw.example/",
  });
  // deno-lint-ignore no-explicit-any
  const ctx: any = {
    access: { allowPrivateUrls: true },
    warn: (w: string) => warnings.push(w),
    call: (name: string) =>
      Promise.resolve(
        name === "filings.recent"
          ? {
            ok: true,
            data: {
              cik: "9999001",
              filings: [
                { form: "8-K", accession_no: "A-1", filed_at: "2026-03-05", items: ["7.01"] },
                { form: "8-K", accession_no: "A-2", filed_at: "2025-11-04", items: ["2.02"] },
              ],
            },
          }
          : { ok: true, data: { website: "https://exsw.example", ir_website: null } },
      ),
    provider: () =>
      Promise.resolve({
        filingIndex: (_cik: string, acc: string) =>
          Promise.resolve({
            url: `https://www.sec.gov/${acc}-index.html`,
            exhibits: [exhibit(acc, `deck-${acc}.htm`)],
          }),
        crawl: () =>
          Promise.resolve({
            documents: [irLink("deck-a"), irLink("deck-b")],
            visited: ["https://investors.exsw.example/"],
            errors: [],
          }),
      }),
  };
  const data = await mod.run({ symbol: "EXSW", limit: 3, source: "all" }, ctx) as {
    presentations: { date: string | null; accession_no: string | null }[];
  };
  assert.deepEqual(
    data.presentations.map((p) => [p.date, p.accession_no]),
    [["2026-03-05", "A-1"], ["2025-11-04", "A-2"], [null, null]],
  );
});

Deno.test("ir.read: source is the address read, not a provider label", async () => {
  const url = "https://investors.exsw.example/news/q4-results.html";
  const page = "<html><body><h1>EXSW reports fourth quarter results</h1>" +
    "<p>Revenue grew 22% to $412 million in the quarter.</p></body></html>";
  const fake: typeof fetch = () =>
    Promise.resolve(new Response(page, { headers: { "content-type": "text/html" } }));
  const data = dataOf(await envelope("ir.read", { source: url }, { fetch: fake })) as {
    source: string;
    url: string;
  };
  assert.equal(data.source, url);
  assert.equal(data.url, url);
});
