/**
 * filings.frames for a period too recent for every filer to have reported it: SEC adds a
 * company to a frame when it files, so in February the past calendar year's frame holds only
 * the early filers, and "the largest" of them is not the field's. Said, with the dates; a
 * period that has not started is refused before any request.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const replay = [join(FIXTURES, "filings", "facts_frames_calendar")];
// deno-lint-ignore no-explicit-any
type Any = any;
const ask = (now: string, period = "CY2023") =>
  envelope<Any>("filings.frames", { concept: "NetIncomeLoss", period }, { replay, now });

Deno.test("filings.frames: a year frame asked 40 days after the year is said to be partial", async () => {
  const e = await ask("2024-02-09T12:00:00Z");
  const d = dataOf<Any>(e);
  assert.equal(d.count, 3); // the rows are still given
  // old: no warning; three early filers ranked as if they were the field
  const w = e.warnings.filter((x: string) => /the frame is partial/.test(x));
  assert.equal(w.length, 1, e.warnings.join("\n"));
  assert.match(w[0], /^CY2023 ended 2023-12-31, 40 day\(s\) before today \(2024-02-09\)/);
  assert.match(w[0], /missing from the ranking, not ranked lower/);
  assert.match(w[0], /rank again after 2024-05-29/);
});

Deno.test("filings.frames: a year frame asked long after the year is not warned as partial", async () => {
  const e = await ask("2024-09-01T12:00:00Z");
  assert.ok(!e.warnings.some((x: string) => /partial/.test(x)), e.warnings.join("\n"));
});

Deno.test("filings.frames: a year not over is partial; one not started is refused, no request made", async () => {
  const e = await ask("2023-11-15T12:00:00Z");
  assert.ok(
    e.warnings.some((x: string) =>
      /^CY2023 has not ended \(it ends 2023-12-31; today is 2023-11-15\)/.test(x)
    ),
    e.warnings.join("\n"),
  );
  // the cassette has no CY2030 entry: a request would fail as an unmatched URL
  const later = await ask("2026-03-01T12:00:00Z", "CY2030");
  assert.equal(later.ok, false);
  assert.match(
    later.error!,
    /period: CY2030 starts 2030-01-01, after today \(2026-03-01\): no filer has reported it yet/,
  );
});

// ---- a bank ranked by its fee income ----

function framesFetch(frames: Record<string, unknown[]>): typeof fetch {
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const m = /\/frames\/([^/]+)\/([^/]+)\/([^/]+)\/([^/.]+)\.json$/.exec(url);
    const data = m ? frames[`${m[2]}/${decodeURIComponent(m[3])}`] : undefined;
    if (!data) return Promise.resolve(new Response("Not Found", { status: 404 }));
    return Promise.resolve(
      new Response(
        JSON.stringify({ taxonomy: m![1], tag: m![2], ccp: m![4], uom: m![3], label: m![2], data }),
        { status: 200, headers: { "content-type": "application/json" } },
      ),
    );
  };
}

const frameRow = (cik: number, name: string, val: number) => ({
  accn: `00000${cik}-24-000001`,
  cik,
  entityName: name,
  loc: "US-OH",
  start: "2023-01-01",
  end: "2023-12-31",
  val,
});

Deno.test("filings.frames: a bank ranked by contract revenue beside its interest income is said", async () => {
  const fetch = framesFetch({
    "RevenueFromContractWithCustomerExcludingAssessedTax/USD": [
      frameRow(31, "Community Bank Corp", 40_000), // fee income only
      frameRow(32, "Widget Makers", 50_000),
    ],
    "InterestAndDividendIncomeOperating/USD": [frameRow(31, "Community Bank Corp", 300_000)],
  });
  const e = await envelope<Any>("filings.frames", { concept: "revenue", period: "CY2023" }, {
    fetch,
  });
  const d = dataOf<Any>(e);
  assert.equal(d.rows.length, 2);
  // old: no warning; the bank's 40,000 of fees ranked as its revenue
  const w = e.warnings.filter((x: string) => /income that tag leaves out/.test(x));
  assert.equal(w.length, 1, e.warnings.join("\n"));
  assert.match(
    w[0],
    /^1 company\(ies\) are ranked by revenue from contracts with customers .*Community Bank Corp \(RevenueFromContractWithCustomerExcludingAssessedTax 40,000 beside InterestAndDividendIncomeOperating 300,000\)/,
  );
  assert.doesNotMatch(w[0], /Widget Makers/);
  // an exact tag asks for that tag: no check, no warning
  const exact = await envelope<Any>(
    "filings.frames",
    { concept: "RevenueFromContractWithCustomerExcludingAssessedTax", period: "CY2023" },
    { fetch },
  );
  assert.ok(!exact.warnings.some((x: string) => /leaves out/.test(x)));
});

Deno.test("filings.frames: per-share values are said to be on each filing's own share basis", async () => {
  const fetch = framesFetch({
    "EarningsPerShareDiluted/USD-per-shares": [
      frameRow(41, "Split Later Inc", 4.52), // before a 4-for-1 split its later filings apply
      frameRow(42, "Steady Co", 2.1),
    ],
  });
  const e = await envelope<Any>("filings.frames", { concept: "eps_diluted", period: "CY2023" }, {
    fetch,
  });
  assert.equal(dataOf<Any>(e).rows[0].value, 4.52);
  // old: no word of the share basis
  assert.ok(
    e.warnings.some((x: string) =>
      /^values in USD\/shares are each company's as it last reported CY2023, on that filing's share basis: a share split .* not applied/
        .test(x)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("filings.frames: a fourth quarter's balances wait for the annual reports; a second quarter's for 10-Qs", async () => {
  const fetch = framesFetch({ "Assets/USD": [frameRow(51, "Balance Co", 9_000)] });
  const at = (period: string, now: string) =>
    envelope<Any>("filings.frames", { concept: "Assets", period }, { fetch, now });
  // 120 days after 2023-12-31: 20-F filers and January year ends are still to come
  const q4 = await at("CY2023Q4I", "2024-04-29T12:00:00Z");
  assert.ok(
    q4.warnings.some((x: string) =>
      /^CY2023Q4I ended 2023-12-31, 120 day\(s\) .*come with the annual report/.test(x)
    ),
    q4.warnings.join("\n"),
  );
  // 110 days after 2023-06-30: every 10-Q is in
  const q2 = await at("CY2023Q2I", "2023-10-18T12:00:00Z");
  assert.ok(!q2.warnings.some((x: string) => /partial/.test(x)), q2.warnings.join("\n"));
  const early = await at("CY2023Q2I", "2023-08-01T12:00:00Z");
  assert.ok(early.warnings.some((x: string) => /a 10-Q is due up to 45 days/.test(x)));
});
