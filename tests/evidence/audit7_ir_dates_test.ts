/**
 * IR link dates nobody tuned on: WordPress upload folders, 20-F file names, quarter tags, words
 * that begin like a month, and day-month orders (27.11.2026, 11/27/2026, 05/03/2026).
 */
import assert from "node:assert/strict";
import { irLinks, linkDate, registrableDomain } from "../../providers/company_ir/crawl.ts";

Deno.test("linkDate: an upload folder (year/month) and a file name are no day", () => {
  // WordPress files uploads under /YYYY/MM/: "4Q25" is a quarter, "20-F" a form, "1-" a number
  assert.equal(linkDate("/wp-content/uploads/2025/11/4Q25-Earnings-Slides.pdf"), null);
  assert.equal(linkDate("/wp-content/uploads/2025/11/20-F-2024.pdf"), null);
  assert.equal(linkDate("/wp-content/uploads/2025/11/1-Investor-Presentation.pdf"), null);
  // a dated folder path and dated file names still read
  assert.equal(linkDate("/news/2025/11/04/q3-results"), "2025-11-04");
  assert.equal(linkDate("/files/2024-12-05-slides.pdf"), "2024-12-05");
  assert.equal(linkDate("/files/exsw_2026_3_5_deck.pdf"), "2026-03-05");
  assert.equal(linkDate("Call 2026-03-05T14:00"), "2026-03-05");
});

Deno.test("linkDate: a word that begins like a month is no month", () => {
  assert.equal(linkDate("Capital Markets 2 2026"), null);
  assert.equal(linkDate("Top 10 Markets 2026 presentation"), null);
  assert.equal(linkDate("Decision 1, 2026"), null);
  assert.equal(linkDate("Mayor 3 2026 slides"), null);
  assert.equal(linkDate("Sept. 5, 2026 investor day"), "2026-09-05");
  assert.equal(linkDate("5 June 2026 update"), "2026-06-05");
  assert.equal(linkDate("December 1, 2026 presentation"), "2026-12-01");
});

Deno.test("linkDate: day and month in numbers are read only when one order makes a date", () => {
  assert.equal(linkDate("Investor Day 27.11.2026"), "2026-11-27");
  assert.equal(linkDate("Results 11/27/2026"), "2026-11-27");
  assert.equal(linkDate("Results 27/11/2026"), "2026-11-27");
  assert.equal(linkDate("Results 05/05/2026"), "2026-05-05");
  assert.equal(linkDate("Results 05/03/2026"), null, "5 March or 3 May");
});

Deno.test("irLinks: an ambiguous day-month date is no date, with a note naming both readings", () => {
  const html = `<html lang="en"><body>
    <a href="/files/q1-results-presentation.pdf">Q1 Results Presentation 05/03/2026</a>
    <a href="/files/investor-day-presentation.pdf">Investor Day Presentation 27.11.2026</a>
    <a href="/wp-content/uploads/2025/11/4Q25-Earnings-Presentation.pdf">4Q25 Earnings Presentation</a>
  </body></html>`;
  const { documents } = irLinks(html, "https://investors.exsw.example/");
  const [q1, day, q4] = documents;
  assert.equal(q1.date, null);
  assert.equal(q1.date_source, null);
  assert.ok(
    q1.notes.some((n) => /5 March 2026/.test(n) && /3 May 2026/.test(n)),
    q1.notes.join(" | "),
  );
  assert.equal(day.date, "2026-11-27");
  assert.equal(day.date_source, "link_text");
  assert.equal(q4.date, null, "the upload folder 2025/11 and 4Q25 are no day");
});

Deno.test("registrableDomain: second-level registry names (ne.jp, or.jp, gob.mx) are not the company's domain", () => {
  assert.equal(registrableDomain("ir.example.ne.jp"), "example.ne.jp");
  assert.equal(registrableDomain("www.example.or.jp"), "example.or.jp");
  assert.equal(registrableDomain("inversionistas.example.gob.mx"), "example.gob.mx");
  assert.equal(registrableDomain("ir.example.co.uk"), "example.co.uk");
  assert.equal(registrableDomain("investors.example.com"), "example.com");
  // another company under the same registry name is off the site
  const html =
    `<a href="https://cdn.other.ne.jp/files/investor-presentation.pdf">Investor Presentation</a>`;
  const { documents } = irLinks(html, "https://ir.example.ne.jp/");
  assert.equal(documents.length, 1);
  assert.equal(documents[0].external, true, "another company's site under ne.jp");
});
