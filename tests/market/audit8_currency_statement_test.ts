/**
 * fundamentals.statement and per-share figures in hundredths: UK filers state EPS in pence while
 * their amounts are in pounds. Yahoo stamps every item GBP, so an EPS of 19.5 (pence) was shown
 * as 19.5 GBP per share, a hundred times too much beside a price in pounds, with no word. EPS
 * a hundred times net income over the average shares is now stated in GBp, and the per-share
 * items not shown either way are left without a currency, said. Shaped as Yahoo's
 * fundamentals-timeseries answer (TSCO.L's recorded layout).
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-24T21:30:00Z";
const SYMBOL = "TGRO.L";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

function item(type: string, currency: string, values: [string, number][]) {
  return {
    meta: { symbol: [SYMBOL], type: [type] },
    timestamp: values.map(([d]) => sec(`${d}T00:00:00Z`)),
    [type]: values.map(([d, v]) => ({
      dataId: 20100,
      asOfDate: d,
      periodType: "12M",
      currencyCode: currency,
      reportedValue: { raw: v, fmt: String(v) },
    })),
  };
}

const D = ["2023-02-28", "2024-02-29"];
const base = [
  item("annualTotalRevenue", "GBP", [[D[0], 65_322_000_000], [D[1], 68_187_000_000]]),
  item("annualNetIncomeCommonStockholders", "GBP", [[D[0], 737_000_000], [D[1], 1_754_000_000]]),
  item("annualBasicAverageShares", "GBP", [[D[0], 7_400_000_000], [D[1], 7_100_000_000]]),
  item("annualDilutedAverageShares", "GBP", [[D[0], 7_500_000_000], [D[1], 7_200_000_000]]),
];

async function statement(series: unknown[]) {
  const rest = fakeMarket();
  const fetch: typeof globalThis.fetch = (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname.endsWith(`/timeseries/${SYMBOL}`)) {
      return Promise.resolve(json({ timeseries: { result: series, error: null } }));
    }
    return rest(input, init);
  };
  const { envelope } = await run("fundamentals.statement", { symbol: SYMBOL }, { fetch, now: NOW });
  const d = dataOf(envelope) as Any;
  const unit = (key: string) => d.rows.find((r: Any) => r.key === key)?.unit;
  return { d, unit, warnings: envelope.warnings };
}

Deno.test("fundamentals.statement: EPS in pence (a hundred times income over shares) is stated in GBp, not GBP", async () => {
  const { unit, warnings } = await statement([
    ...base,
    // 737m / 7.4bn = 0.0996 GBP = 9.96p; 1,754m / 7.1bn = 24.7p
    item("annualBasicEPS", "GBP", [[D[0], 9.96], [D[1], 24.7]]),
    item("annualDilutedEPS", "GBP", [[D[0], 9.83], [D[1], 24.36]]),
    item("annualDividendPerShare", "GBP", [[D[0], 10.9], [D[1], 12.1]]),
  ]);
  assert.equal(unit("annualBasicEPS"), "GBp per share");
  assert.equal(unit("annualDilutedEPS"), "GBp per share");
  assert.equal(unit("annualDividendPerShare"), null);
  assert.equal(unit("annualTotalRevenue"), "GBP");
  const w = warnings.find((x) =>
    /^TGRO\.L's Basic EPS and Diluted EPS are a hundred times/.test(x)
  );
  assert.ok(w, warnings.join("\n"));
  assert.match(w!, /stated in GBp/);
  assert.match(w!, /Dividend Per Share\) are not shown either way/);
});

Deno.test("fundamentals.statement: EPS in pounds that reconciles keeps GBP per share, without a word", async () => {
  const { unit, warnings } = await statement([
    ...base,
    item("annualBasicEPS", "GBP", [[D[0], 0.0996], [D[1], 0.247]]),
    item("annualDividendPerShare", "GBP", [[D[0], 0.109], [D[1], 0.121]]),
  ]);
  assert.equal(unit("annualBasicEPS"), "GBP per share");
  assert.equal(unit("annualDividendPerShare"), "GBP per share");
  assert.ok(!warnings.some((x) => /hundred times/.test(x)), warnings.join("\n"));
});

Deno.test("fundamentals.statement: a hundredfold EPS of a currency without a minor code is left without a unit", async () => {
  const usd = base.map((s) => JSON.parse(JSON.stringify(s).replaceAll('"GBP"', '"USD"')));
  const { unit, warnings } = await statement([
    ...usd,
    item("annualBasicEPS", "USD", [[D[0], 9.96], [D[1], 24.7]]),
  ]);
  assert.equal(unit("annualBasicEPS"), null);
  assert.ok(
    warnings.some((x) => /hundredths of USD or per depositary share of a hundred shares/.test(x)),
    warnings.join("\n"),
  );
});
