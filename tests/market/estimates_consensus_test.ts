/**
 * estimates.consensus on FMP answers the shared recordings only hint at: a figure FMP counts no
 * analyst (or one analyst) for, an average outside its own low and high, FMP's furthest-first
 * order cut by a small limit (the recorded limit=1 answer for AAPL on 2025-09-23 was fiscal
 * 2029), and periods that have already ended. Rows are shaped as FMP's /stable/analyst-estimates.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const env = { ESTIMATES_A_API_KEY: "fmp-secret-999" };

/** One FMP row: revenue and EPS ranges with their analyst counts. */
function row(
  date: string,
  eps: [number, number, number],
  counts: [number, number] = [20, 20],
  symbol = "AAPL",
) {
  return {
    symbol,
    date,
    revenueLow: 4e11,
    revenueHigh: 4.4e11,
    revenueAvg: 4.2e11,
    ebitdaLow: 1.4e11,
    ebitdaHigh: 1.5e11,
    ebitdaAvg: 1.45e11,
    epsAvg: eps[0],
    epsLow: eps[1],
    epsHigh: eps[2],
    numAnalystsRevenue: counts[0],
    numAnalystsEps: counts[1],
  };
}

/** FMP answering `rows`, furthest period first as it does, cut to the request's limit. */
function fmp(rows: unknown[]): typeof fetch {
  return (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.host !== "financialmodelingprep.com") {
      return Promise.resolve(new Response("no", { status: 404 }));
    }
    const limit = Number(url.searchParams.get("limit") ?? "10");
    const page = Number(url.searchParams.get("page") ?? "0");
    return Promise.resolve(Response.json(rows.slice(page * limit, (page + 1) * limit)));
  };
}

const AAPL = [
  row("2029-09-28", [10.92, 10.48, 11.58], [14, 13]),
  row("2028-09-29", [9.8, 9.1, 10.4]),
  row("2027-09-30", [8.9, 8.4, 9.5]),
  row("2026-09-30", [8.2, 7.9, 8.6]),
  row("2025-09-30", [7.37, 7.3, 7.45]),
];

async function consensus(rows: unknown[], args: Record<string, unknown>, now: string) {
  return (await run("estimates.consensus", { symbol: "AAPL", ...args }, {
    fetch: fmp(rows),
    env,
    now,
  })).envelope;
}

Deno.test("estimates.consensus: a figure no analyst is counted for is no consensus; one analyst's is said", async () => {
  const e = await consensus(
    [
      row("2030-09-30", [12.1, 12.1, 12.1], [0, 1]),
      row("2029-09-28", [10.92, 10.48, 11.58], [14, 13]),
    ],
    { period: "annual" },
    "2025-09-23T12:00:00Z",
  );
  const d = dataOf(e) as Any;
  // revenue with no analyst counted is left empty, not passed as the analysts' consensus
  assert.deepEqual(d.estimates[0].revenue, { avg: null, low: null, high: null });
  assert.equal(d.estimates[0].analyst_count.revenue, 0);
  // one analyst's EPS is kept, and said to be one forecast
  assert.deepEqual(d.estimates[0].eps, { avg: 12.1, low: 12.1, high: 12.1 });
  assert.deepEqual(d.estimates[1].revenue, { avg: 4.2e11, low: 4e11, high: 4.4e11 });
  assert.ok(
    e.warnings.some((w) => /counts no analyst for revenue 2030-09-30.*left empty/.test(w)),
    e.warnings.join("\n"),
  );
  assert.ok(
    e.warnings.some((w) => /eps 2030-09-30 rests on a single analyst/.test(w)),
    e.warnings.join("\n"),
  );
  assert.ok(!e.warnings.some((w) => /analyst.*2029-09-28/.test(w)), e.warnings.join("\n"));
});

Deno.test("estimates.consensus: an average outside its own low and high is said", async () => {
  const e = await consensus(
    [
      row("2026-09-30", [8.9, 7.9, 8.6]),
      row("2025-12-27", [2.3, 2.2, 2.4]),
    ],
    { period: "quarter" },
    "2025-09-23T12:00:00Z",
  );
  assert.ok(
    e.warnings.some((w) => /average lies outside its own low and high for eps 2026-09-30/.test(w)),
    e.warnings.join("\n"),
  );
  assert.ok(!e.warnings.some((w) => /outside.*2025-12-27/.test(w)), e.warnings.join("\n"));
});

Deno.test("estimates.consensus: a small limit that keeps only FMP's furthest years is said", async () => {
  // the recorded answer: AAPL, annual, limit=1 on 2025-09-23 gave fiscal 2029 alone
  const one = await consensus(AAPL, { period: "annual", limit: 1 }, "2025-09-23T12:00:00Z");
  assert.equal((dataOf(one) as Any).estimates[0].date, "2029-09-28");
  assert.ok(
    one.warnings.some((w) =>
      /nearest fiscal year given ends 2029-09-28.*furthest periods first.*limit=1 left out/.test(w)
    ),
    one.warnings.join("\n"),
  );
  // fewer rows than the limit, and still no coming year: FMP lacks it
  const gap = await consensus(AAPL.slice(0, 3), { period: "annual" }, "2025-09-23T12:00:00Z");
  assert.ok(
    gap.warnings.some((w) =>
      /no fiscal year ending between 2025-09-23 and 2027-09-30: the coming fiscal year is missing/
        .test(w)
    ),
    gap.warnings.join("\n"),
  );
  // every year up to the coming one: nothing left out
  const all = await consensus(AAPL, { period: "annual", limit: 10 }, "2025-09-23T12:00:00Z");
  assert.ok(!all.warnings.some((w) => /left out the nearer/.test(w)), all.warnings.join("\n"));
  // three weeks before fiscal 2025 ends, limit=4 (2029 back to 2026) leaves out that year
  const four = await consensus(AAPL, { period: "annual", limit: 4 }, "2025-09-09T12:00:00Z");
  assert.ok(four.warnings.some((w) => /ends 2026-09-30.*limit=4 left out/.test(w)));
  // once it has ended, fiscal 2026 is the coming year, and it is in the answer
  const after = await consensus(AAPL, { period: "annual", limit: 4 }, "2025-10-15T12:00:00Z");
  assert.ok(!after.warnings.some((w) => /left out the nearer/.test(w)), after.warnings.join("\n"));
});

Deno.test("estimates.consensus: periods that already ended are not passed as reported results", async () => {
  const e = await consensus(AAPL, { period: "annual" }, "2025-11-01T12:00:00Z");
  assert.ok(
    e.warnings.some((w) =>
      /1 of the periods \(ending 2025-09-30\) ended by 2025-11-01: .*not the reported/.test(w)
    ),
    e.warnings.join("\n"),
  );
  const before = await consensus(AAPL, { period: "annual" }, "2025-09-23T12:00:00Z");
  assert.ok(!before.warnings.some((w) => /ended by/.test(w)), before.warnings.join("\n"));
});

Deno.test("estimates.consensus: a quarter's fiscal_year is said to be the calendar year it ends in", async () => {
  const q = await consensus([row("2025-12-27", [2.3, 2.2, 2.4])], {
    period: "quarter",
  }, "2025-10-15T12:00:00Z");
  assert.equal((dataOf(q) as Any).estimates[0].fiscal_year, "2025");
  assert.ok(
    q.warnings.some((w) => /fiscal_year of a quarter is the calendar year it ends in/.test(w)),
    q.warnings.join("\n"),
  );
  assert.ok(q.warnings.some((w) => /per ordinary share rather than per ADR/.test(w)));
  const a = await consensus(AAPL, { period: "annual" }, "2025-10-15T12:00:00Z");
  assert.ok(!a.warnings.some((w) => /fiscal_year of a quarter/.test(w)), a.warnings.join("\n"));
});

Deno.test("estimates.consensus: FMP's empty answer is said, not passed as a clean result", async () => {
  const none = await consensus([], { symbol: "NOPE" }, "2025-10-15T12:00:00Z");
  assert.equal(none.ok, true);
  assert.equal((dataOf(none) as Any).count, 0);
  assert.ok(
    none.warnings.some((w) => /FMP gave no estimates for NOPE: .*check it/.test(w)),
    none.warnings.join("\n"),
  );
  const past = await consensus(AAPL, { page: 3, limit: 4 }, "2025-10-15T12:00:00Z");
  assert.ok(
    past.warnings.some((w) => /no estimates for AAPL on page 3.*try page=0/.test(w)),
    past.warnings.join("\n"),
  );
});

Deno.test("estimates.consensus: a year ending in March is warned about its name, as January's is", async () => {
  // Toyota names the year ended 2025-03-31 fiscal 2025; Sony names its own fiscal 2024
  const e = await consensus([row("2026-03-31", [3.1, 2.9, 3.3], [12, 12], "SONY")], {
    symbol: "SONY",
    period: "annual",
  }, "2025-10-15T12:00:00Z");
  assert.equal((dataOf(e) as Any).estimates[0].fiscal_year, "2026");
  assert.ok(
    e.warnings.some((w) =>
      /SONY's years end in March \(2026-03-31\), which some companies name for the year before/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
  const june = await consensus([row("2026-06-30", [14, 13, 15], [30, 30], "MSFT")], {
    symbol: "MSFT",
    period: "annual",
  }, "2025-10-15T12:00:00Z");
  assert.ok(!june.warnings.some((w) => /years end in/.test(w)), june.warnings.join("\n"));
});

Deno.test("estimates.consensus: two years less than a year apart are not both passed as years", async () => {
  // a fiscal year end moved from June to December: FMP holds both ends
  const e = await consensus(
    [
      row("2027-12-31", [5.2, 5.0, 5.4]),
      row("2026-12-31", [4.8, 4.6, 5.0]),
      row("2026-06-30", [4.5, 4.3, 4.7]),
    ],
    { period: "annual" },
    "2025-10-15T12:00:00Z",
  );
  assert.ok(
    e.warnings.some((w) =>
      /years ending 2026-06-30 and 2026-12-31 are less than one year apart/.test(w)
    ),
    e.warnings.join("\n"),
  );
  const fine = await consensus(AAPL, { period: "annual" }, "2025-10-15T12:00:00Z");
  assert.ok(!fine.warnings.some((w) => /less than one/.test(w)), fine.warnings.join("\n"));
});

Deno.test("estimates.consensus: rows FMP gives for another symbol are not passed as this one's", async () => {
  const other = await consensus([row("2026-12-31", [3, 2.8, 3.2], [10, 10], "GOOGL")], {
    symbol: "GOOG",
  }, "2025-10-15T12:00:00Z");
  assert.equal(other.ok, false);
  assert.match(other.error!, /FMP answered estimates for GOOGL when asked for GOOG/);
  const mixed = await consensus(
    [
      row("2026-12-31", [3, 2.8, 3.2], [10, 10], "BRK.B"),
      row("2026-12-31", [9, 8, 10], [10, 10], "BRK-A"),
    ],
    { symbol: "BRK-B" },
    "2025-10-15T12:00:00Z",
  );
  const d = dataOf(mixed) as Any;
  // FMP's BRK.B is the BRK-B asked for; BRK-A is another share class
  assert.equal(d.count, 1);
  assert.equal(d.estimates[0].eps.avg, 3);
  assert.ok(mixed.warnings.some((w) => /left out FMP's rows for BRK-A/.test(w)));
});

Deno.test("estimates.consensus: a period no analyst covers has no figure at all", async () => {
  const e = await consensus([row("2031-09-30", [13, 12, 14], [0, 0])], {
    period: "annual",
  }, "2025-10-15T12:00:00Z");
  const d = dataOf(e) as Any;
  const empty = { avg: null, low: null, high: null };
  assert.deepEqual(d.estimates[0].revenue, empty);
  assert.deepEqual(d.estimates[0].eps, empty);
  // FMP counts no analyst for EBITDA itself: with none for revenue or EPS, it is no one's
  assert.deepEqual(d.estimates[0].ebitda, empty);
  assert.ok(
    e.warnings.some((w) =>
      /counts no analyst for revenue 2031-09-30, eps 2031-09-30, ebitda/.test(w)
    ),
    e.warnings.join("\n"),
  );
  // with analysts counted for revenue, EBITDA is kept
  const kept = await consensus([row("2031-09-30", [13, 12, 14], [3, 0])], {
    period: "annual",
  }, "2025-10-15T12:00:00Z");
  assert.deepEqual((dataOf(kept) as Any).estimates[0].ebitda, {
    avg: 1.45e11,
    low: 1.4e11,
    high: 1.5e11,
  });
});
