/**
 * With FINANCE_SEC_BASE_URL set, SEC's documents are fetched from the mirror: an error names the
 * mirror's URL (the one really fetched, SEC's beside it), and an answer whose URLs stay SEC's
 * canonical ones says it was read through the mirror. Errors used to name only
 * https://www.sec.gov/..., an address never contacted.
 */
import assert from "node:assert/strict";
import { HttpClient } from "../../core/http.ts";
import { ProviderError } from "../../core/errors.ts";
import { fixedClock } from "../../core/clock.ts";
import { Client } from "../../providers/filings_a/client.ts";

const MIRROR = "http://sec-mirror.corp.example:8080/sec";

function client(status: number, body: string, vars: Record<string, string>) {
  const asked: string[] = [];
  const warnings: string[] = [];
  const http = new HttpClient({
    fetch: (input) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return Promise.resolve(new Response(body, { status }));
    },
    rewrite: (u) =>
      u.origin === "https://www.sec.gov"
        ? new URL(`${MIRROR}${u.pathname}${u.search}`)
        : u.origin === "https://data.sec.gov"
        ? new URL(`${MIRROR}/data${u.pathname}`)
        : u,
    backoffBaseMs: 1,
    politeness: false,
    cache: null,
  });
  const c = new Client({
    http,
    clock: fixedClock("2026-01-02T00:00:00Z"),
    env: (n) => vars[n],
    warn: (m) => warnings.push(m),
  });
  return { c, asked, warnings };
}

const VARS = {
  FINANCE_SEC_BASE_URL: MIRROR,
  FINANCE_SEC_DATA_BASE_URL: `${MIRROR}/data`,
  FINANCE_FILINGS_USER_AGENT: "Test test@example.com",
};

Deno.test("mirror: an HTTP error names the mirror's URL that was fetched, with SEC's beside it", async () => {
  const { c, asked } = client(404, "not here", VARS);
  const err = await c.archiveText(320193, "0000320193-24-000123", "aapl-20240928.htm").then(
    () => null,
    (e) => e,
  );
  assert.ok(err instanceof ProviderError, String(err));
  const wire = `${MIRROR}/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm`;
  assert.deepEqual(asked, [wire]);
  assert.match(err.message, /HTTP 404 from http:\/\/sec-mirror\.corp\.example:8080\/sec\/Archives/);
  assert.ok(
    err.message.includes(`${wire} (the mirror's copy of https://www.sec.gov/`),
    err.message,
  );
  assert.equal(err.url, wire);
});

Deno.test("mirror: a document read through it is said, as its URLs in the answer stay SEC's", async () => {
  const { c, warnings } = client(200, "<html>ok</html>", VARS);
  await c.archiveText(320193, "0000320193-24-000123", "aapl-20240928.htm");
  assert.equal(warnings.length, 1, warnings.join("\n"));
  assert.match(warnings[0], /https:\/\/www\.sec\.gov was read through the mirror/);
  assert.match(warnings[0], /FINANCE_SEC_BASE_URL/);
  assert.match(warnings[0], /SEC's canonical addresses/);
  assert.equal(
    c.fileUrl({ cik: 320193, accession_no: "0000320193-24-000123" } as never, "a.htm"),
    "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/a.htm",
  );
});

Deno.test("mirror: a mirror URL's password is masked in errors", async () => {
  const vars = {
    ...VARS,
    FINANCE_SEC_BASE_URL: "http://u:hunter2@sec-mirror.corp.example:8080/sec",
  };
  const { c } = client(500, "", vars);
  const err = await c.archiveText(1, "0000000001-24-000001", "x.htm").then(() => null, (e) => e);
  assert.ok(err instanceof ProviderError);
  assert.doesNotMatch(err.message, /hunter2/);
  assert.match(err.message, /sec-mirror\.corp\.example/);
});

Deno.test("no mirror: errors name SEC's URL as before, and nothing is warned", async () => {
  const { c, warnings } = client(404, "", { FINANCE_FILINGS_USER_AGENT: "Test t@example.com" });
  const err = await c.archiveText(1, "0000000001-24-000001", "x.htm").then(() => null, (e) => e);
  assert.match(
    err.message,
    /HTTP 404 from https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/1\/000000000124000001\/x\.htm/,
  );
  assert.deepEqual(warnings, []);
});

Deno.test("mirror: a submissions answer that is no JSON names the mirror's URL", async () => {
  const { c, asked } = client(200, "<html>maintenance</html>", VARS);
  const err = await c.company(320193).then(() => null, (e) => e);
  assert.ok(err instanceof ProviderError, String(err));
  assert.deepEqual(asked, [`${MIRROR}/data/submissions/CIK0000320193.json`]);
  assert.ok(
    err.message.includes(
      `${MIRROR}/data/submissions/CIK0000320193.json (the mirror's copy of https://data.sec.gov/submissions/CIK0000320193.json)`,
    ),
    err.message,
  );
  // said once, not wrapped twice
  assert.equal(err.message.split("the mirror's copy").length, 2, err.message);
});
