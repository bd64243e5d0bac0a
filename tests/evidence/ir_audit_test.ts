/**
 * ir.presentations on inputs nobody tuned it on: each date says where it was read, a link's
 * text and URL that disagree on the date, a non-English IR page, the same 8-K exhibit linked
 * from the IR page through EDGAR's viewer, and another filer's EDGAR document on the IR page.
 */
import assert from "node:assert/strict";
import { irLinks, pageLanguage } from "../../providers/company_ir/crawl.ts";
import { documentKey } from "../../commands/ir/presentations.ts";

Deno.test("IR links: a date says whether the link text or the URL gave it; a disagreement is noted", () => {
  const html = `<html lang="en"><body>
    <a href="/files/2026-03-04-investor-presentation.pdf">Investor Day, March 5, 2026</a>
    <a href="/files/investor-presentation-20251104.pdf">Q3 earnings presentation</a>
    <a href="/files/results-presentation.pdf">Results presentation, November 4, 2025</a>
  </body></html>`;
  const { documents, warnings } = irLinks(html, "https://investors.exsw.example/");
  assert.deepEqual(warnings, []);
  assert.deepEqual(
    documents.map((d) => [d.date, d.date_source]),
    [["2026-03-04", "url"], ["2025-11-04", "url"], ["2025-11-04", "link_text"]],
  );
  assert.match(
    documents[0].notes.join(),
    /link text gives 2026-03-05 and the URL 2026-03-04: 2026-03-04 was taken/,
  );
  assert.deepEqual(documents[2].notes, []);
});

Deno.test("IR links: a page in another language says its links are read by English words", () => {
  const html = `<!doctype html><html lang="de-DE"><body>
    <a href="/dokumente/praesentation-2025.pdf">Präsentation zum Kapitalmarkttag</a>
  </body></html>`;
  const { documents, warnings } = irLinks(html, "https://ir.exsw.example/de/");
  assert.equal(documents.length, 0);
  assert.ok(
    warnings.some((w) => /is in 'de-DE': documents are recognised by English words/.test(w)),
  );
  assert.equal(pageLanguage('<html class="x" lang=en-US>'), "en-US");
  assert.equal(pageLanguage("<html><body>"), null);
});

Deno.test("documentKey: one EDGAR file through the viewer, a padded CIK or plain is one key", () => {
  const plain = documentKey(
    "https://www.sec.gov/Archives/edgar/data/9999001/000999900126000012/exsw-ex992.htm",
  );
  assert.equal(
    documentKey(
      "https://www.sec.gov/ix?doc=/Archives/edgar/data/0009999001/000999900126000012/EXSW-EX992.htm",
    ),
    plain,
  );
  assert.equal(
    documentKey("http://sec.gov/Archives/edgar/data/9999001/000999900126000012/exsw-ex992.htm"),
    plain,
  );
  assert.notEqual(
    documentKey(
      "https://www.sec.gov/Archives/edgar/data/1111111/000999900126000012/exsw-ex992.htm",
    ),
    plain,
  );
  assert.equal(
    documentKey("https://www.exsw.example/files/deck.pdf?v=2"),
    documentKey("https://exsw.example/files/deck.pdf"),
  );
});

Deno.test("ir.presentations: duplicates across EDGAR and the IR page once; another filer's filing flagged; dates labelled", async () => {
  const mod = (await import("../../commands/ir/presentations.ts")).default;
  const warnings: string[] = [];
  const exhibitUrl =
    "https://www.sec.gov/Archives/edgar/data/9999001/000999900126000012/exsw-ex992.htm";
  const link = (url: string, title: string, extra: Record<string, unknown> = {}) => ({
    title,
    url,
    date: null,
    date_source: null,
    notes: [],
    period: null,
    kind: "investor_day",
    confidence: "high",
    why: 'matched "investor day"',
    external: true,
    page_url: "https://investors.exsw.example/",
    ...extra,
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
              filings: [{
                form: "8-K",
                accession_no: "0009999001-26-000012",
                filed_at: "2026-03-05",
                items: ["7.01"],
              }],
            },
          }
          : { ok: true, data: { website: "https://exsw.example", ir_website: null } },
      ),
    provider: () =>
      Promise.resolve({
        filingIndex: () =>
          Promise.resolve({
            url: "https://www.sec.gov/idx.html",
            exhibits: [{
              type: "EX-99.2",
              description: "INVESTOR DAY PRESENTATION",
              document: "exsw-ex992.htm",
              url: exhibitUrl,
            }],
          }),
        lookupCompany: () => Promise.resolve({ cik: "9999001", name: "EXSW", ticker: "EXSW" }),
        crawl: () =>
          Promise.resolve({
            documents: [
              // the same exhibit, through EDGAR's inline viewer with a padded CIK
              link(
                "https://www.sec.gov/ix?doc=/Archives/edgar/data/0009999001/000999900126000012/exsw-ex992.htm",
                "Investor Day presentation",
              ),
              // an acquirer's investor-day deck filed under its own CIK
              link(
                "https://www.sec.gov/Archives/edgar/data/1234567/000123456726000003/acq-ex991.htm",
                "Investor Day presentation (Acquirer Corp.)",
              ),
              link("https://investors.exsw.example/files/deck.pdf", "Investor Day", {
                date: "2026-03-04",
                date_source: "url",
                external: false,
                notes: ["the link text gives 2026-03-05 and the URL 2026-03-04"],
              }),
            ],
            visited: ["https://investors.exsw.example/"],
            errors: [],
            warnings: ["https://investors.exsw.example/ is in 'fr'"],
          }),
      }),
  };
  const data = await mod.run({ symbol: "EXSW", limit: 10, source: "all" }, ctx) as {
    presentations: {
      url: string;
      source: string;
      date_source: string | null;
      confidence: string;
      warnings: string[];
    }[];
  };
  const p = data.presentations;
  // before: three rows for two documents, the viewer link as a second "investor day"
  assert.equal(p.filter((d) => /exsw-ex992/.test(d.url)).length, 1);
  const filed = p.find((d) => d.url === exhibitUrl)!;
  assert.equal(filed.date_source, "filing_date");
  assert.ok(filed.warnings.some((w) => /also linked from the IR page/.test(w)));
  // before: kept at high confidence as this company's investor day
  const other = p.find((d) => /1234567/.test(d.url))!;
  assert.equal(other.confidence, "low");
  assert.ok(
    other.warnings.some((w) =>
      /CIK 1234567, not EXSW's \(CIK 9999001\): another company's/.test(w)
    ),
  );
  const deck = p.find((d) => /deck\.pdf/.test(d.url))!;
  assert.equal(deck.date_source, "url");
  assert.ok(deck.warnings.some((w) => /link text gives 2026-03-05/.test(w)));
  assert.ok(warnings.some((w) => /^company_ir: .* is in 'fr'/.test(w)));
});

Deno.test("parseArchiveUrl reads the inline-XBRL viewer's link as the archive file it wraps", async () => {
  const { parseArchiveUrl } = await import("../../providers/filings_a/edgar.ts");
  const plain =
    "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm";
  const viewer =
    "https://www.sec.gov/ix?doc=/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm";
  assert.deepEqual(parseArchiveUrl(viewer), parseArchiveUrl(plain));
  assert.deepEqual(parseArchiveUrl(plain), {
    cik: 320193,
    accession: "0000320193-24-000123",
    file: "aapl-20240928.htm",
  });
  assert.equal(
    parseArchiveUrl("https://evil.example/ix?doc=/Archives/edgar/data/1/000000000000000001/a.htm"),
    null,
  );
});
