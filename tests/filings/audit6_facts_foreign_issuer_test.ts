/**
 * filings.history of a foreign private issuer: its interim results come on form 6-K, which
 * needs no XBRL, so its company facts end at its latest 20-F. A TTM there is that fiscal year
 * and a quarterly history has no quarters; neither may pass as current unsaid. The company is
 * invented (an IFRS filer reporting in EUR); its rows are shaped as SEC's companyfacts rows.
 */
import assert from "node:assert/strict";
import { type Concepts, type FactRow, filingPeriods } from "../../analysis/filings/facts.ts";
import { buildHistory, type HistoryOptions } from "../../analysis/filings/history.ts";

const F = (y: number, form = "20-F") => ({
  accn: `0000000064-${String(y).slice(2)}-000001`,
  fy: y - 1,
  fp: "FY",
  form,
  filed: `${y}-04-20`,
});
const over = (start: string, end: string, val: number, y: number, form?: string): FactRow => ({
  start,
  end,
  val,
  ...F(y, form),
});

function company(form: string): Record<string, Concepts> {
  return {
    "ifrs-full": {
      Revenue: {
        units: {
          EUR: [
            over("2022-01-01", "2022-12-31", 100, 2023, form),
            over("2023-01-01", "2023-12-31", 120, 2024, form),
            over("2022-01-01", "2022-12-31", 100, 2024, form),
          ],
        },
      },
      ProfitLoss: { units: { EUR: [over("2023-01-01", "2023-12-31", 12, 2024, form)] } },
    },
  };
}

const build = (t: Record<string, Concepts>, opts: Partial<HistoryOptions>) =>
  buildHistory(
    t,
    filingPeriods(Object.values(t["ifrs-full"]).flatMap((c) => Object.values(c.units))),
    { statement: "income", period: "ttm", years: 3, asOf: null, basis: "latest", ...opts },
  )!;

Deno.test("filings.history: a 20-F filer's TTM is its last fiscal year, and that is said", () => {
  const h = build(company("20-F"), { period: "ttm" });
  assert.equal(h.currency, "EUR");
  assert.equal(h.rows.find((r) => r.key === "revenue")!.cells[0].value, 120);
  // old: no warning; "TTM to 2023-12-31" read as the latest twelve months
  const w = h.warnings.filter((x) => /foreign private issuer/.test(x));
  assert.equal(w.length, 1, h.warnings.join("\n"));
  assert.match(
    w[0],
    /^the latest annual report is a 20-F \(0000000064-24-000001, for the year to 2023-12-31\) .*6-K.*the trailing twelve months are that fiscal year/,
  );
  const q = build(company("20-F"), { period: "quarterly" });
  assert.ok(q.warnings.some((x) => /quarters and half years are missing here/.test(x)));
  // the annual history needs no such word
  const a = build(company("20-F"), { period: "annual" });
  assert.ok(!a.warnings.some((x) => /foreign private issuer/.test(x)), a.warnings.join("\n"));
});

Deno.test("filings.history: a 10-K filer, or a 20-F filer with later interim facts, is not warned", () => {
  const k = build(company("10-K"), { period: "ttm" });
  assert.ok(!k.warnings.some((x) => /foreign private issuer/.test(x)), k.warnings.join("\n"));
  const t = company("20-F");
  t["ifrs-full"].Revenue.units.EUR.push({
    start: "2024-01-01",
    end: "2024-06-30",
    val: 65,
    accn: "0000000064-24-000050",
    fy: 2024,
    fp: "Q2",
    form: "6-K",
    filed: "2024-08-01",
  });
  const later = build(t, { period: "ttm" });
  assert.ok(!later.warnings.some((x) => /foreign private issuer/.test(x)));
  // as of a date before the interim 6-K, the 20-F is the latest again
  const asOf = build(t, { period: "ttm", asOf: "2024-05-01" });
  assert.ok(asOf.warnings.some((x) => /foreign private issuer/.test(x)), asOf.warnings.join("\n"));
});
