/**
 * fundamentals.statement on a Yahoo answer whose points carry no currencyCode for some items:
 * their unit was null (or "per share") with no word of why, while the schema promises a warning
 * when a unit is not known. Written in the shape of Yahoo's fundamentals-timeseries answer.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** A timeseries item as Yahoo answers it; currency undefined leaves currencyCode out. */
function item(type: string, points: [string, number, string | undefined][]) {
  return {
    meta: { symbol: ["XYZ"], type: [type] },
    timestamp: points.map(([d]) => Date.parse(`${d}T00:00:00Z`) / 1000),
    [type]: points.map(([asOfDate, raw, currencyCode]) => ({
      asOfDate,
      periodType: "12M",
      ...(currencyCode ? { currencyCode } : {}),
      reportedValue: { raw, fmt: String(raw) },
    })),
  };
}

async function statement(items: unknown[]) {
  const fetch = fakeMarket(undefined, {
    "fundamentals-timeseries": () =>
      new Response(JSON.stringify({ timeseries: { result: items, error: null } }), {
        headers: { "content-type": "application/json" },
      }),
  });
  return (await run("fundamentals.statement", { symbol: "XYZ" }, {
    fetch,
    now: "2024-03-20T12:00:00Z",
  })).envelope;
}

Deno.test("fundamentals.statement: items Yahoo states no currency for are said to have none", async () => {
  const e = await statement([
    item("annualTotalRevenue", [["2023-12-31", 5e9, "EUR"], ["2022-12-31", 4.5e9, "EUR"]]),
    item("annualNetIncome", [["2023-12-31", 4e8, undefined], ["2022-12-31", 3e8, undefined]]),
    item("annualBasicEPS", [["2023-12-31", 1.2, undefined], ["2022-12-31", 0.9, undefined]]),
  ]);
  const d = dataOf(e) as Any;
  const unit = (k: string) => d.rows.find((r: Any) => r.key === k).unit;
  assert.equal(unit("annualTotalRevenue"), "EUR");
  assert.equal(unit("annualNetIncome"), null);
  assert.equal(unit("annualBasicEPS"), "per share");
  assert.ok(
    e.warnings.some((w) =>
      /Yahoo states no currency for XYZ's Basic EPS, Net Income: their unit is unknown/.test(w)
    ),
    e.warnings.join("\n"),
  );
});

Deno.test("fundamentals.statement: items all stamped say nothing of a missing currency", async () => {
  const e = await statement([
    item("annualTotalRevenue", [["2023-12-31", 5e9, "EUR"], ["2022-12-31", 4.5e9, "EUR"]]),
    item("annualBasicEPS", [["2023-12-31", 1.2, "EUR"], ["2022-12-31", 0.9, "EUR"]]),
  ]);
  assert.ok(!e.warnings.some((w) => /states no currency/.test(w)), e.warnings.join("\n"));
});

Deno.test("fundamentals.statement: EPS stamped USD over amounts that moved from CNY to USD has no currency", async () => {
  const e = await statement([
    item("annualTotalRevenue", [
      ["2023-12-31", 5e9, "USD"],
      ["2022-12-31", 4.5e9, "USD"],
      ["2021-12-31", 3e10, "CNY"],
    ]),
    item("annualBasicEPS", [
      ["2023-12-31", 1.2, "USD"],
      ["2022-12-31", 0.9, "USD"],
      ["2021-12-31", 5.1, "USD"],
    ]),
  ]);
  const d = dataOf(e) as Any;
  const eps = d.rows.find((r: Any) => r.key === "annualBasicEPS");
  // before: "USD per share" for 2021 too, though that year's figures are CNY
  assert.equal(eps.unit, null);
  assert.ok(
    e.warnings.some((w) =>
      /XYZ's amounts are in (USD and CNY|CNY and USD) over the periods.*\(Basic EPS\).*left null/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
  // stamps that follow the amounts period by period keep each period's unit
  const follows = await statement([
    item("annualTotalRevenue", [["2023-12-31", 5e9, "USD"], ["2021-12-31", 3e10, "CNY"]]),
    item("annualBasicEPS", [["2023-12-31", 1.2, "USD"], ["2021-12-31", 5.1, "CNY"]]),
  ]);
  const kept = (dataOf(follows) as Any).rows.find((r: Any) => r.key === "annualBasicEPS");
  assert.deepEqual(kept.units, { "2023-12-31": "USD per share", "2021-12-31": "CNY per share" });
  assert.ok(!follows.warnings.some((w) => /left null \(unknown\), since a stamp/.test(w)));
});
