/**
 * fundamentals.statement: what "per share" means when Yahoo's share counts are depositary
 * receipts. BABA's share-count rows count ADSs (2.56B, not the ~20B ordinary shares), so the EPS
 * that net income over them gives is per ADS. Written in the shape of Yahoo's answer.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

function item(type: string, points: [string, number, string][]) {
  return {
    meta: { symbol: ["BABA"], type: [type] },
    timestamp: points.map(([d]) => Date.parse(`${d}T00:00:00Z`) / 1000),
    [type]: points.map(([asOfDate, raw, currencyCode]) => ({
      asOfDate,
      periodType: "3M",
      currencyCode,
      reportedValue: { raw, fmt: String(raw) },
    })),
  };
}

Deno.test("fundamentals.statement: EPS over ADS counts is said to be per what the shares count", async () => {
  const items = [
    item("quarterlyNetIncomeCommonStockholders", [["2023-09-30", 27706000000, "CNY"]]),
    item("quarterlyBasicAverageShares", [["2023-09-30", 2541875000, "USD"]]),
    item("quarterlyBasicEPS", [["2023-09-30", 10.88, "USD"]]),
  ];
  const fetch = fakeMarket(undefined, {
    "fundamentals-timeseries": () =>
      new Response(JSON.stringify({ timeseries: { result: items, error: null } }), {
        headers: { "content-type": "application/json" },
      }),
  });
  const e = (await run("fundamentals.statement", { symbol: "BABA", period: "quarterly" }, {
    fetch,
    now: "2023-12-01T12:00:00Z",
  })).envelope;
  const d = dataOf(e) as Any;
  assert.equal(d.rows.find((r: Any) => r.key === "quarterlyBasicEPS").unit, "CNY per share");
  assert.ok(
    e.warnings.some((w) =>
      /CNY per share.*depositary receipt.*ADS, not the ordinary share/.test(w)
    ),
    e.warnings.join("\n"),
  );
});
