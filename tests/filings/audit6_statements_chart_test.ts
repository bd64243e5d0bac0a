/**
 * statementSeries on a 10-Q statement: the quarter ("2024-12-29 to 2025-03-29") and the year
 * to date ("2024-09-29 to 2025-03-29") end the same day and were both drawn at "2025-03-29",
 * one bar over the other, the six months read as the quarter. The payload is shaped as
 * filings.statement answers for Apple's Q2 FY2025 10-Q (figures from its R4 page).
 */
import assert from "node:assert/strict";
import { statementChart, statementSeries } from "../../analysis/charts/statement.ts";

const v = (raw: number) => ({ raw, reported: raw / 1e6 });
const Q = "2024-12-29 to 2025-03-29";
const YTD = "2024-09-29 to 2025-03-29";
const QP = "2023-12-31 to 2024-03-30";
const YTDP = "2023-10-01 to 2024-03-30";

Deno.test("statementSeries: a 10-Q's quarter and year to date are two points, each naming its length", () => {
  const data = {
    periods: [YTD, Q, YTDP, QP],
    rows: [{
      concept: "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
      label: "Net sales",
      values: {
        [YTD]: v(219_659e6),
        [Q]: v(95_359e6),
        [YTDP]: v(210_328e6),
        [QP]: v(90_753e6),
      },
    }],
  };
  const [s] = statementSeries(data, ["Net sales"]);
  // old: four points, two at "2025-03-29" and two at "2024-03-30"
  assert.deepEqual(s.points, [
    { period: "2024-03-30 (3 months)", value: 90_753e6, months: 3 },
    { period: "2024-03-30 (6 months)", value: 210_328e6, months: 6 },
    { period: "2025-03-29 (3 months)", value: 95_359e6, months: 3 },
    { period: "2025-03-29 (6 months)", value: 219_659e6, months: 6 },
  ]);
  assert.equal(new Set(s.points.map((p) => p.period)).size, s.points.length);
});

Deno.test("statementSeries: a 10-K's fiscal years stay bare end dates", () => {
  const data = {
    periods: ["2023-10-01 to 2024-09-28", "2022-09-25 to 2023-09-30"],
    rows: [{
      label: "Net sales",
      values: {
        "2023-10-01 to 2024-09-28": v(391_035e6),
        "2022-09-25 to 2023-09-30": v(383_285e6),
      },
    }],
  };
  assert.deepEqual(statementSeries(data, ["net sales"])[0].points.map((p) => p.period), [
    "2023-09-30",
    "2024-09-28",
  ]);
});

const FY = "2024-01-01 to 2024-12-31";
const eur = {
  periods: [FY],
  rows: [
    {
      concept: "ifrs-full:Revenue",
      label: "Revenue",
      values: { [FY]: { raw: 5_000e6, reported: 5_000, unit: "EUR" } },
    },
    {
      concept: "ifrs-full:ProfitLoss",
      label: "Profit for the year",
      values: { [FY]: { raw: 700e6, reported: 700, unit: "EUR" } },
    },
    {
      concept: "ifrs-full:BasicEarningsLossPerShare",
      label: "Basic earnings per share",
      values: { [FY]: { raw: 1.25, reported: 1.25, unit: "EUR/shares" } },
    },
  ],
};
const opts = { title: "IFRS AG", source: "test", asOf: "2025-03-01" };

Deno.test("statementChart: a EUR statement's axis says EUR (it said USD when no unit was passed)", async () => {
  const series = statementSeries(eur, ["Revenue", "Profit for the year"]);
  assert.deepEqual(series.map((s) => s.unit), ["EUR", "EUR"]);
  const svg = await statementChart(series, opts);
  assert.match(svg, /EUR millions/);
  assert.doesNotMatch(svg, /USD/);
});

Deno.test("statementChart: euros beside euros per share, or a EUR statement drawn as USD, is refused", async () => {
  await assert.rejects(
    () => statementChart(statementSeries(eur, ["Revenue", "Basic earnings per share"]), opts),
    /different units \(EUR, EUR\/shares\)/,
  );
  await assert.rejects(
    () => statementChart(statementSeries(eur, ["Revenue"]), { ...opts, unit: "USD" }),
    /line items are in EUR/,
  );
  // the unit the caller names for a USD statement is kept
  const usd = {
    periods: [FY],
    rows: [{ label: "Revenue", values: { [FY]: { raw: 5e9, reported: 5000, unit: "USD" } } }],
  };
  assert.match(
    await statementChart(statementSeries(usd, ["Revenue"]), { ...opts, unit: "USD" }),
    /USD millions/,
  );
});

Deno.test("statementChart: an EPS-only chart given unit USD says USD per share, not USD", async () => {
  const eps = {
    periods: [FY],
    rows: [{
      concept: "us-gaap:EarningsPerShareDiluted",
      label: "Diluted EPS",
      values: { [FY]: { raw: 6.08, reported: 6.08, unit: "USD/shares" } },
    }],
  };
  const svg = await statementChart(statementSeries(eps, ["Diluted EPS"]), { ...opts, unit: "USD" });
  assert.match(svg, /Reported value \(USD per share\)/);
  assert.match(svg, /in USD per share\./);
  // a unit that already says per share is kept as given
  assert.match(
    await statementChart(statementSeries(eps, ["Diluted EPS"]), { ...opts, unit: "USD/share" }),
    /Reported value \(USD\/share\)/,
  );
});
