/** Numbers a person reads: no `-0`, and prices in one column with the same decimals. */
import assert from "node:assert/strict";
import {
  accounting,
  byteSize,
  fieldText,
  formatNumber,
  money,
  percent,
  twoDecimals,
} from "../../adapters/views/model.ts";
import { movesView } from "../../adapters/views/price.ts";
import { blocksText } from "../../adapters/views/text.ts";

Deno.test("text numbers: a value that rounds to zero never reads -0", () => {
  assert.equal(formatNumber(-1.4e-14), "0");
  assert.equal(percent(-0.001), "0.00%");
  assert.equal(money(-1e-9), "0.00");
  assert.equal(twoDecimals(-0.004), "0.00");
  assert.equal(accounting(-0.2), "0");
  // real negatives keep their sign
  assert.equal(formatNumber(-0.5), "-0.5");
  assert.equal(percent(-1.25), "-1.25%");
  assert.equal(accounting(-257), "(257)");
});

Deno.test("text numbers: price.moves prints both closes of a move with two decimals", () => {
  const lines = blocksText(movesView({
    symbol: "AAPL",
    window: "1d",
    threshold_pct: 5,
    start_date: "2025-01-01",
    end_date: "2025-12-31",
    bars: 250,
    moves: [{
      start_date: "2025-08-05",
      end_date: "2025-08-06",
      return_pct: 5.09,
      start_close: 202.31,
      end_close: 212.6,
      volume: 108813227,
      volume_vs_20d: 2.11,
      move_vs_20d_avg_abs_return: 8.15,
    }],
  }));
  assert.ok(lines.some((l) => l.includes("202.31 → 212.60")), lines.join("\n"));
});

Deno.test("text numbers: byte counts also read in KB, MB or GB (finance cache info)", () => {
  assert.equal(byteSize(524_288_000), "500 MB");
  assert.equal(byteSize(1536), "1.5 KB");
  assert.equal(byteSize(512), "512 bytes");
  assert.equal(fieldText("max_bytes", 524_288_000), "524,288,000 (500 MB)");
  assert.equal(fieldText("stored_bytes", 0), "0");
});

Deno.test("text numbers: fractions the data holds (yields, weights, expense ratios) read as percents", () => {
  assert.equal(fieldText("dividend_yield", 0.0041), "0.41%");
  assert.equal(fieldText("market_weight", 0.3), "30.00%");
  assert.equal(fieldText("expense_ratio", 0.0009), "0.09%", "it printed 0.00");
  assert.equal(fieldText("sharpe_ratio", 1.234), "1.23", "other ratios stay numbers");
});

Deno.test("text numbers: a price below 10 keeps four decimals, so an exchange rate is not 1.05", () => {
  assert.equal(money(1.0489877, "USD"), "USD 1.049");
  assert.equal(money(1.1220826, "USD"), "USD 1.1221");
  assert.equal(money(0.076522574, "USD"), "USD 0.0765");
  assert.equal(money(1.62, "USD"), "USD 1.62");
  assert.equal(money(244.6, "USD"), "USD 244.60");
  assert.equal(money(23.7712, "USD"), "USD 23.77");
  assert.equal(money(0.0012345, "USD"), "USD 0.001235");
  assert.equal(money(2_554_603_520, "GBP"), "GBP 2,554,603,520");
});

Deno.test("text numbers: IRR candidates read as percents; an exchange rate keeps its digits", () => {
  assert.equal(fieldText("irr_candidates", [0.063, 7.937]), "6.30%, 793.70%");
  assert.equal(fieldText("rate", 1.0489877), "1.0489877");
});

Deno.test("text numbers: a factor basket's top_pct of 0.34 is 34%, not 0.34%", () => {
  assert.equal(fieldText("top_pct", 0.34), "34.00%");
  assert.equal(fieldText("total_return_pct", 12.5), "12.50%");
});
