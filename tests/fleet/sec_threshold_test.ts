/** SEC's rate-threshold page and 429s pause the host's budget for every request (own process). */
import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";
import { pausedFor } from "../../core/limiter.ts";

const PAGE = `<html><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head>
<body><h1>Your Request Originates from an Undeclared Automated Tool</h1>
<p>Request Rate Threshold Exceeded</p></body></html>`;

Deno.test("SEC's 'Request Rate Threshold Exceeded' page: a clear error and a ten-minute pause", async () => {
  let calls = 0;
  const fake: typeof fetch = () => {
    calls++;
    return Promise.resolve(
      new Response(PAGE, { status: 403, headers: { "content-type": "text/html" } }),
    );
  };
  const e = await envelope("filings.recent", { symbol: "AAPL" }, { fetch: fake });
  assert.equal(e.ok, false);
  assert.match(e.error!, /SEC's fair-access rate limit was exceeded.*paused for 10 minutes/);
  assert.equal(calls, 1, "no retry hammering a blocked client");
  assert.ok(pausedFor("www.sec.gov") > 9 * 60_000);
  assert.ok(pausedFor("data.sec.gov") > 9 * 60_000, "SEC's hosts share one budget");
});
