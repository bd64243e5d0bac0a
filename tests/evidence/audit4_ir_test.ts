/**
 * ir.presentations, fourth audit: an 8-K exhibit's row is dated by the filing, and the event's
 * own day is said when it differs; IR pages that could not be read beside pages that could are
 * said, not hidden.
 */
import assert from "node:assert/strict";

// deno-lint-ignore no-explicit-any
function context(opts: { reportDate: string; crawl?: any }): { ctx: any; warnings: string[] } {
  const warnings: string[] = [];
  const ctx = {
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
                filed_at: "2026-03-09",
                report_date: opts.reportDate,
                items: ["7.01", "9.01"],
              }],
            },
          }
          : { ok: true, data: { website: "https://exsw.example", ir_website: null } },
      ),
    provider: () =>
      Promise.resolve({
        filingIndex: () =>
          Promise.resolve({
            url:
              "https://www.sec.gov/Archives/edgar/data/9999001/000999900126000012/0009999001-26-000012-index.html",
            exhibits: [{
              type: "EX-99.1",
              description: "INVESTOR DAY PRESENTATION",
              document: "exsw-ex991.htm",
              url:
                "https://www.sec.gov/Archives/edgar/data/9999001/000999900126000012/exsw-ex991.htm",
            }],
          }),
        lookupCompany: () => Promise.resolve({ cik: "9999001", name: "EXSW", ticker: "EXSW" }),
        crawl: () => Promise.resolve(opts.crawl),
      }),
  };
  return { ctx, warnings };
}

type Row = { date: string | null; date_source: string | null; url: string; warnings: string[] };

Deno.test("ir.presentations: an 8-K filed days after its event says the event's day", async () => {
  const mod = (await import("../../commands/ir/presentations.ts")).default;
  const { ctx } = context({ reportDate: "2026-03-05" });
  const data = await mod.run({ symbol: "EXSW", limit: 10, source: "filings_a" }, ctx) as {
    presentations: Row[];
  };
  const [row] = data.presentations;
  assert.equal(row.date, "2026-03-09");
  assert.equal(row.date_source, "filing_date");
  assert.match(row.url, /^https:\/\/www\.sec\.gov\//);
  assert.ok(
    row.warnings.some((w) =>
      /reports an event of 2026-03-05; date is the filing day 2026-03-09/.test(w)
    ),
    row.warnings.join(),
  );
  // the same day, or no report date: nothing to say
  for (const reportDate of ["2026-03-09", ""]) {
    const same = context({ reportDate });
    const d = await mod.run({ symbol: "EXSW", limit: 10, source: "filings_a" }, same.ctx) as {
      presentations: Row[];
    };
    assert.deepEqual(d.presentations[0].warnings, []);
  }
});

Deno.test("ir.presentations: IR pages that failed beside pages read are warned, not hidden", async () => {
  const mod = (await import("../../commands/ir/presentations.ts")).default;
  const { ctx, warnings } = context({
    reportDate: "",
    crawl: {
      documents: [{
        title: "Q4 2025 earnings presentation",
        url: "https://exsw.example/investors/q4-2025-presentation.pdf",
        date: null,
        date_source: null,
        notes: [],
        period: "Q4 2025",
        kind: "earnings_presentation",
        confidence: "medium",
        why: 'matched "presentation"',
        external: false,
        page_url: "https://exsw.example/investors",
      }],
      visited: [
        "https://investor.exsw.example/",
        "https://investors.exsw.example/",
        "https://exsw.example/investors",
      ],
      errors: [
        "https://investor.exsw.example/: HTTP 403",
        "https://investors.exsw.example/: connection refused",
      ],
      warnings: [],
    },
  });
  const data = await mod.run({ symbol: "EXSW", limit: 10, source: "company_ir" }, ctx) as {
    presentations: Row[];
  };
  assert.equal(data.presentations.length, 1);
  assert.equal(data.presentations[0].date, null);
  assert.ok(
    warnings.some((w) =>
      /^company_ir: 2 of 3 IR pages could not be read, so their documents are not listed \(https:\/\/investor\.exsw\.example\/: HTTP 403/
        .test(w)
    ),
    warnings.join("\n"),
  );
});

Deno.test("ir.presentations: a profile whose website makes no IR address is refused with why", async () => {
  const mod = (await import("../../commands/ir/presentations.ts")).default;
  const { ctx } = context({
    reportDate: "",
    crawl: { documents: [], visited: [], errors: [], warnings: [] },
  });
  await assert.rejects(
    () => mod.run({ symbol: "EXSW", limit: 10, source: "company_ir" }, ctx),
    /company_ir: no IR page address could be made from the profile of EXSW|no source answered: company_ir: no IR page address/,
  );
});
