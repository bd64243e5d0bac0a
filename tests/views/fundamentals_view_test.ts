/** fundamentals.statement as a person reads it, and the units of Yahoo's items. */
import assert from "node:assert/strict";
import { render } from "../../adapters/render.ts";
import { success } from "../../core/envelope.ts";
import { unitOf } from "../../analysis/market/statement.ts";

Deno.test("fundamentals units: shares issued are shares and the tax rate for calculations is a ratio, not dollars", () => {
  assert.equal(unitOf("annualShareIssued", "USD"), "shares");
  assert.equal(unitOf("annualOrdinarySharesNumber", "USD"), "shares");
  assert.equal(unitOf("annualDilutedAverageShares", "USD"), "shares");
  assert.equal(unitOf("annualTaxRateForCalcs", "USD"), "ratio");
  assert.equal(unitOf("annualDilutedEPS", "USD"), "USD per share");
  assert.equal(unitOf("annualTotalRevenue", "USD"), "USD");
  // "Corporate" holds no Rate word
  assert.equal(unitOf("annualCorporateBonds", "USD"), "USD");
});

Deno.test("fundamentals.statement text: newest period first, money and shares in millions, each row's unit", () => {
  const data = {
    symbol: "ACME",
    statement: "income",
    period: "annual",
    periods: ["2024-09-30", "2023-09-30", "2022-09-30"],
    rows: [
      {
        field: "Total Revenue",
        key: "annualTotalRevenue",
        unit: "USD",
        values: { "2022-09-30": 394328e6, "2023-09-30": 383285e6, "2024-09-30": 391035e6 },
      },
      {
        field: "Diluted EPS",
        key: "annualDilutedEPS",
        unit: "USD per share",
        values: { "2022-09-30": 6.11, "2023-09-30": 6.13, "2024-09-30": 6.08 },
      },
      {
        field: "Share Issued",
        key: "annualShareIssued",
        unit: "shares",
        values: { "2024-09-30": 15116786000 },
      },
      {
        field: "Tax Rate For Calcs",
        key: "annualTaxRateForCalcs",
        unit: "ratio",
        values: { "2024-09-30": 0.241 },
      },
    ],
    count: 4,
    provider: "market_a",
    source: "Yahoo Finance fundamentals time series (ws/fundamentals-timeseries)",
    retrieved_at: "2025-01-01T00:00:00.000Z",
  };
  const text = render(success(data), "text", {
    width: 100,
    view: "fundamentals",
  });
  const lines = text.split("\n");
  const head = lines.find((l) => l.includes("2024-09-30"))!;
  assert.ok(head.indexOf("2024-09-30") < head.indexOf("2022-09-30"), head);
  assert.match(text, /Total Revenue\s+USD millions\s+391,035\s+383,285\s+394,328/);
  assert.match(text, /Diluted EPS\s+USD per share\s+6\.08/);
  assert.match(text, /Share Issued\s+shares millions\s+15,117/);
  assert.match(text, /Tax Rate For Calcs\s+ratio\s+0\.241/);
  assert.match(text, /Source: Yahoo Finance fundamentals time series/);
  assert.match(text, /retrieved 2025-01-01 00:00:00 UTC/);
});

Deno.test("fundamentals.statement text: a row in two currencies and a row of unknown unit say so", () => {
  const data = {
    symbol: "XCO",
    statement: "income",
    period: "annual",
    periods: ["2024-12-31", "2023-12-31"],
    rows: [
      {
        field: "Total Revenue",
        key: "annualTotalRevenue",
        unit: null,
        units: { "2023-12-31": "EUR", "2024-12-31": "USD" },
        values: { "2023-12-31": 5_000e6, "2024-12-31": 5_600e6 },
      },
      {
        field: "Diluted EPS",
        key: "annualDilutedEPS",
        unit: null,
        values: { "2023-12-31": 1.5, "2024-12-31": 1.7 },
      },
    ],
    provider: "market_a",
    source: "Yahoo Finance fundamentals timeseries",
  };
  const text = render(success(data), "text", { view: "fundamentals", width: 100 });
  assert.match(text, /Total Revenue +EUR\/USD millions \(see units\) +5,600 +5,000/);
  assert.match(text, /Diluted EPS +unknown \(see warnings\) +1\.70 +1\.50/);
});
