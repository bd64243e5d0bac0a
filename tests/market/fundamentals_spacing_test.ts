/**
 * fundamentals.statement: columns that are not consecutive periods. Yahoo states a length
 * (12M, 3M) for each point but nothing ties one column to the next: a quarter missing from its
 * series leaves the columns looking like four consecutive quarters, and a changed fiscal year end
 * leaves two "12M" columns six months apart. Fixtures are written in the shape of Yahoo's
 * fundamentals-timeseries answer.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** A timeseries item as Yahoo answers it: [period end, value] points. */
function item(type: string, points: [string, number][], currencyCode = "USD") {
  return {
    meta: { symbol: ["X"], type: [type] },
    timestamp: points.map(([d]) => Date.parse(`${d}T00:00:00Z`) / 1000),
    [type]: points.map(([asOfDate, raw]) => ({
      asOfDate,
      periodType: type.startsWith("annual") ? "12M" : "3M",
      currencyCode,
      reportedValue: { raw, fmt: String(raw) },
    })),
  };
}

async function statement(symbol: string, items: unknown[], period: string, now: string) {
  // each series names the symbol asked for in meta.symbol, as Yahoo's do
  const own = (items as { meta: Record<string, unknown> }[])
    .map((it) => ({ ...it, meta: { ...it.meta, symbol: [symbol] } }));
  const fetch = fakeMarket(undefined, {
    "fundamentals-timeseries": () =>
      new Response(JSON.stringify({ timeseries: { result: own, error: null } }), {
        headers: { "content-type": "application/json" },
      }),
  });
  return (await run("fundamentals.statement", { symbol, period }, { fetch, now })).envelope;
}

Deno.test("fundamentals.statement: a quarter missing from Yahoo's series is said", async () => {
  const e = await statement(
    "XYZ",
    [
      item("quarterlyTotalRevenue", [
        ["2023-03-31", 100e6],
        ["2023-06-30", 110e6],
        ["2023-12-31", 130e6],
        ["2024-03-31", 120e6],
      ]),
    ],
    "quarterly",
    "2024-05-15T12:00:00Z",
  );
  const d = dataOf(e) as Any;
  assert.deepEqual(d.periods, ["2024-03-31", "2023-12-31", "2023-06-30", "2023-03-31"]);
  assert.ok(
    e.warnings.some((w) =>
      /has no quarter between 2023-06-30 and 2023-12-31 \(184 days\).*do not add up to a year/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("fundamentals.statement: two 12M columns half a year apart are not both full years", async () => {
  // fiscal year end moved from June to December: the last column covers six months
  const e = await statement(
    "XYZ",
    [
      item("annualTotalRevenue", [
        ["2021-06-30", 400e6],
        ["2022-06-30", 420e6],
        ["2022-12-31", 215e6],
        ["2023-12-31", 450e6],
      ]),
    ],
    "annual",
    "2024-03-01T12:00:00Z",
  );
  assert.ok(
    e.warnings.some((w) =>
      /columns end less than a fiscal year apart: 2022-06-30 and 2022-12-31 \(184 days\)/.test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("fundamentals.statement: 52/53-week years and 13/14-week quarters are consecutive", async () => {
  const years = await statement(
    "TGT",
    [
      item("annualTotalRevenue", [
        ["2022-01-29", 106e9],
        ["2023-01-28", 109e9],
        ["2024-02-03", 107e9],
      ]),
    ],
    "annual",
    "2024-04-01T12:00:00Z",
  );
  assert.ok(!years.warnings.some((w) => /apart|between/.test(w)), years.warnings.join("\n"));
  const quarters = await statement(
    "TGT",
    [
      item("quarterlyTotalRevenue", [
        ["2023-04-29", 25e9],
        ["2023-07-29", 25e9],
        ["2023-10-28", 26e9],
        ["2024-02-03", 31e9],
      ]),
    ],
    "quarterly",
    "2024-04-01T12:00:00Z",
  );
  assert.ok(
    !quarters.warnings.some((w) => /apart|between/.test(w)),
    quarters.warnings.join("\n"),
  );
});
