/** A rate and its percent read alike, and lists of amounts with thousands commas stay readable. */
import assert from "node:assert/strict";
import { fieldText } from "../../adapters/views/model.ts";
import { dataOf, envelope } from "../_helpers.ts";

Deno.test("wacc and wacc_pct show one rounding in text, and wacc_pct carries no float noise", async () => {
  assert.equal(fieldText("wacc", 0.08985), "8.985%");
  assert.equal(fieldText("wacc_pct", 8.985), "8.985%");
  // other percents keep two decimals
  assert.equal(fieldText("change_pct", 1.23456), "1.23%");
  const data = dataOf(
    await envelope<{ wacc_pct: number }>("formula.wacc", {
      equity_value: "800",
      debt_value: "200",
      cost_of_equity: "0.1",
      cost_of_debt: "0.05",
      tax_rate: "25%",
    }),
  );
  assert.equal(data.wacc_pct, 8.75);
});

Deno.test("a list of amounts with thousands commas is joined by semicolons in text", () => {
  assert.equal(fieldText("addbacks", [2.5e9, 3e8]), "2,500,000,000; 300,000,000");
  assert.equal(fieldText("tickers", ["AAPL", "MSFT"]), "AAPL, MSFT");
});
