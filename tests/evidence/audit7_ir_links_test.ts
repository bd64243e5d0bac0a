/**
 * IR page links resolve against the page they are on: after a redirect (an IR address sent on to
 * its hosting platform or another path) and under a `<base href>`. They were resolved against the
 * address asked, giving documents at addresses the company never linked.
 */
import assert from "node:assert/strict";
import { HttpClient } from "../../core/http.ts";
import { fixedClock } from "../../core/clock.ts";
import { Client } from "../../providers/company_ir/client.ts";
import { baseHref, irLinks } from "../../providers/company_ir/crawl.ts";

const PAGE = `<!doctype html><html lang="en"><head><title>IR</title></head><body>
  <a href="files/q4-2025-earnings-presentation.pdf">Q4 2025 Earnings Presentation</a>
</body></html>`;

function client(routes: Record<string, Response | (() => Response)>) {
  const asked: string[] = [];
  const http = new HttpClient({
    fetch: (input) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(url);
      const r = routes[url];
      const res = typeof r === "function" ? r() : r?.clone();
      return Promise.resolve(res ?? new Response("not found", { status: 404 }));
    },
    backoffBaseMs: 1,
    politeness: false,
    cache: null,
  });
  const c = new Client({
    http,
    clock: fixedClock("2026-11-27T12:00:00Z"),
    env: () => undefined,
    warn: () => {},
  });
  return { c, asked };
}

Deno.test("IR crawl: a redirected IR page's relative links are the final page's", async () => {
  const { c } = client({
    "https://investors.exsw.example/": () =>
      new Response(null, {
        status: 301,
        headers: { location: "https://exsw.irhost.example/overview/" },
      }),
    "https://exsw.irhost.example/overview/": () =>
      new Response(PAGE, { headers: { "content-type": "text/html" } }),
  });
  const crawl = await c.crawl(null, "https://investors.exsw.example/", { maxPages: 1 });
  assert.deepEqual(crawl.errors, []);
  assert.equal(crawl.documents.length, 1);
  assert.equal(
    crawl.documents[0].url,
    "https://exsw.irhost.example/overview/files/q4-2025-earnings-presentation.pdf",
  );
  assert.equal(crawl.documents[0].page_url, "https://exsw.irhost.example/overview/");
});

Deno.test("irLinks: relative links follow the page's <base href>", () => {
  const html = PAGE.replace(
    "<title>IR</title>",
    '<title>IR</title><base href="https://cdn.exsw.example/ir/2026/">',
  );
  const { documents } = irLinks(html, "https://investors.exsw.example/news/");
  assert.equal(
    documents[0].url,
    "https://cdn.exsw.example/ir/2026/files/q4-2025-earnings-presentation.pdf",
  );
  assert.equal(documents[0].external, false, "the same company's domain");
  assert.equal(baseHref(PAGE, "https://x.example/"), null);
  assert.equal(baseHref('<head><base target="_blank"></head>', "https://x.example/"), null);
  assert.equal(
    baseHref('<head><base href="/ir/"></head>', "https://x.example/a/b"),
    "https://x.example/ir/",
  );
  // a base in the body is not the page's; a "<base" with no ">" is read once, not per match
  assert.equal(baseHref('<body><base href="/x/">', "https://x.example/"), null);
  // (how fast is measured in bench/, not here)
  assert.equal(baseHref("<base ".repeat(40_000), "https://x.example/"), null);
});

Deno.test("ir.presentations: press releases at one path told apart by their id are two documents", async () => {
  const { documentKey } = await import("../../commands/ir/presentations.ts");
  assert.notEqual(
    documentKey("https://investors.exsw.example/news-release.html?id=1001"),
    documentKey("https://investors.exsw.example/news-release.html?id=1002"),
  );
  // a cache-buster or a download switch is still the same file
  assert.equal(
    documentKey("https://exsw.example/files/deck.pdf?v=3&download=1"),
    documentKey("https://www.exsw.example/files/deck.pdf"),
  );
  const mod = (await import("../../commands/ir/presentations.ts")).default;
  const release = (id: number, title: string) => ({
    title,
    url: `https://investors.exsw.example/news-release.html?id=${id}`,
    date: null,
    date_source: null,
    notes: [],
    period: null,
    kind: "press_release",
    confidence: "medium",
    why: 'matched "press release"',
    external: false,
    page_url: "https://investors.exsw.example/",
  });
  // deno-lint-ignore no-explicit-any
  const ctx: any = {
    access: { allowPrivateUrls: true },
    warn: () => {},
    call: () =>
      Promise.resolve({ ok: true, data: { website: "https://exsw.example", ir_website: null } }),
    provider: () =>
      Promise.resolve({
        lookupCompany: () => Promise.resolve({ cik: "9999001", name: "EXSW", ticker: "EXSW" }),
        crawl: () =>
          Promise.resolve({
            documents: [
              release(1001, "Press release: Q3 2026 results"),
              release(1002, "Press release: new CFO appointed"),
            ],
            visited: ["https://investors.exsw.example/"],
            errors: [],
            warnings: [],
          }),
      }),
  };
  const data = await mod.run({ symbol: "EXSW", limit: 10, source: "company_ir" }, ctx) as {
    presentations: { title: string }[];
  };
  // before: the second release was taken for a copy of the first and left out
  assert.deepEqual(data.presentations.map((p) => p.title).sort(), [
    "Press release: Q3 2026 results",
    "Press release: new CFO appointed",
  ]);
});
