/** Company facts on real recorded companyfacts answers (../shared), when present. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const opts = () => ({ replay: [join(SHARED!, "cassettes", "sec")] });
const row = (d: Any, key: string) => d.rows.find((r: Any) => r.key === key);
const M = 1_000_000;

Deno.test({
  name: "conformance: filings.history AAPL annual matches the 10-K, every cell cites a 10-K",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts conformance")) return;
    const d = dataOf<Any>(
      await envelope("filings.history", {
        symbol: "AAPL",
        statement: "income",
        period: "annual",
        years: 5,
      }, opts()),
    );
    assert.equal(d.columns.length, 5);
    const i = d.columns.findIndex((c: Any) => c.label === "FY2024");
    assert.equal(d.columns[i].end, "2024-09-28");
    assert.equal(row(d, "revenue").cells[i].value, 391_035 * M);
    assert.equal(row(d, "net_income").cells[i].value, 93_736 * M);
    for (const r of d.rows) {
      for (const c of r.cells) {
        if (c.value === null) continue;
        assert.ok(c.derived || /^10-K/.test(c.form), `${r.key}: ${c.form}`);
        assert.ok(c.derived || /^\d{10}-\d{2}-\d{6}$/.test(c.accession_no));
      }
    }
  },
});

Deno.test({
  name: "conformance: filings.history AAPL ttm recomputed from the raw facts",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts TTM conformance")) return;
    const d = dataOf<Any>(
      await envelope("filings.history", { symbol: "AAPL", period: "ttm" }, opts()),
    );
    const raw = JSON.parse(
      await Deno.readTextFile(join(SHARED!, "sec", "AAPL", "companyfacts", "CIK0000320193.json")),
    );
    // The latest 10-Q in the recording, found independently of the command's own logic.
    const tenQs = Object.values(raw.facts["us-gaap"]).flatMap((c: Any) =>
      Object.values(c.units).flat() as Any[]
    ).filter((r: Any) => r.form === "10-Q");
    const latest = tenQs.reduce((a: Any, b: Any) => (b.filed > a.filed ? b : a));
    assert.equal(d.columns[0].end > "2025-09-27", true);
    for (
      const [key, tag] of [
        ["revenue", "RevenueFromContractWithCustomerExcludingAssessedTax"],
        ["net_income", "NetIncomeLoss"],
      ]
    ) {
      const rows: Any[] = raw.facts["us-gaap"][tag].units.USD;
      const pick = (start: string, end: string, form?: string) =>
        rows.filter((r) => r.start === start && r.end === end && (!form || r.form === form))
          .sort((a, b) => b.filed.localeCompare(a.filed))[0]?.val;
      // Last full fiscal year + this year's year-to-date - last year's year-to-date.
      const cur = rows.filter((r) =>
        r.accn === latest.accn && r.start &&
        Date.parse(r.end) - Date.parse(r.start) < 100 * 86_400_000
      ).sort((a, b) => b.end.localeCompare(a.end))[0];
      const fy = rows.filter((r) => r.form === "10-K" && r.end < cur.end && r.start)
        .filter((r) => Date.parse(r.end) - Date.parse(r.start) > 340 * 86_400_000)
        .sort((a, b) => b.end.localeCompare(a.end))[0];
      const priorStart = fy.start;
      const prior = rows.find((r) =>
        r.start === priorStart && Date.parse(r.end) - Date.parse(r.start) < 100 * 86_400_000
      );
      const expected = pick(fy.start, fy.end) + cur.val - pick(prior.start, prior.end);
      const cell = row(d, key).cells[0];
      assert.equal(cell.value, expected, key);
      assert.equal(cell.sources.length, 4);
      assert.match(cell.derived, /^Q\d FY\d{4}( \+ Q\d FY\d{4}){3}$/);
      const q4 = cell.sources.find((s: Any) => s.derived);
      assert.equal(q4.derived, "FY - Q1 - Q2 - Q3");
      assert.equal(q4.sources.length, 4);
    }
  },
});

Deno.test({
  name: "conformance: filings.facts AAPL revenue annual: first/last reported, restated, as_of",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts conformance")) return;
    const d = dataOf<Any>(
      await envelope("filings.facts", { symbol: "AAPL", concept: "revenue", period: "annual" }, {
        ...opts(),
      }),
    );
    const fy24 = d.rows.find((r: Any) => r.end === "2024-09-28");
    assert.equal(fy24.fiscal_year, 2024);
    assert.equal(fy24.first_reported.value, 391_035 * M);
    assert.equal(fy24.first_reported.accession_no, "0000320193-24-000123");
    assert.equal(fy24.last_reported.accession_no, "0000320193-25-000079");
    assert.equal(fy24.restated, false);
    // Apple's 2009 change in revenue recognition restated the years before it.
    assert.ok(d.rows.some((r: Any) => r.restated));
    for (const r of d.rows.filter((x: Any) => x.restated)) {
      assert.notEqual(r.first_reported.value, r.last_reported.value);
    }
    const past = dataOf<Any>(
      await envelope("filings.facts", {
        symbol: "AAPL",
        concept: "revenue",
        period: "annual",
        as_of: "2020-01-01",
      }, opts()),
    );
    assert.ok(past.rows.every((r: Any) => r.last_reported.filed <= "2020-01-01"));
    assert.equal(past.rows.at(-1).end, "2019-09-28");
  },
});

Deno.test({
  name: "conformance: no Q4 derived for EPS or balance items (NVDA quarterly)",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts conformance")) return;
    for (const statement of ["income", "balance"]) {
      const d = dataOf<Any>(
        await envelope("filings.history", {
          symbol: "NVDA",
          statement,
          period: "quarterly",
          years: 3,
        }, opts()),
      );
      for (const r of d.rows) {
        if (r.kind === "flow") continue;
        assert.ok(r.cells.every((c: Any) => c.derived === null), `${statement} ${r.key}`);
      }
      if (statement === "income") {
        const q4 = d.columns.findIndex((c: Any) => c.fiscal_period === "Q4");
        assert.ok(q4 >= 0);
        assert.equal(row(d, "revenue").cells[q4].derived, "FY - Q1 - Q2 - Q3");
        assert.equal(row(d, "eps_diluted").cells[q4].value, null);
      }
    }
  },
});

Deno.test({
  name:
    "conformance: filings.history NVDA puts ten years of EPS on one share basis across its 2021 and 2024 splits",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts conformance")) return;
    const e = await envelope<Any>("filings.history", { symbol: "NVDA", years: 10 }, opts());
    const d = dataOf<Any>(e);
    const eps = row(d, "eps_diluted");
    const at = (label: string) => eps.cells[d.columns.findIndex((c: Any) => c.label === label)];
    // FY2019 (6.63 in the FY2019 10-K), FY2022 (3.85, after the 4-for-1 only), FY2025 (as filed)
    assert.equal(at("FY2019").value, 0.16575);
    assert.equal(at("FY2019").sources[0].value, 6.63);
    assert.equal(at("FY2022").value, 0.385);
    assert.equal(at("FY2025").value, 2.94);
    assert.equal(at("FY2025").derived, null);
    assert.equal(at("FY2020").value, 0.113);
    assert.equal(at("FY2021").value, 0.173);
    const w = e.warnings.join("\n");
    assert.match(w, /4-for-1 split between 0001045810-21-000064 \(filed 2021-05-26\)/);
    assert.match(w, /10-for-1 split between 0001045810-24-000124 \(filed 2024-05-29\)/);
  },
});

Deno.test({
  name:
    "conformance: AAPL's 7-for-1 (2014) and 4-for-1 (2020) splits are read from its company facts",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts conformance")) return;
    const e = await envelope<Any>(
      "filings.facts",
      { symbol: "AAPL", concept: "EarningsPerShareDiluted", period: "annual" },
      opts(),
    );
    const d = dataOf<Any>(e);
    const fy2013 = d.rows.find((r: Any) => r.fiscal_year === 2013 && r.period_kind === "annual");
    // 39.75 as filed in 2013; 5.68 once restated for the 7-for-1; 1.42 after the 4-for-1 too
    assert.equal(fy2013.first_reported.value, 39.75);
    assert.equal(fy2013.last_reported.value, 5.68);
    assert.equal(fy2013.split_adjusted, 1.42);
    assert.equal(fy2013.restated, false);
    // FY2008 was restated (the 2009 revenue-recognition change), not only split
    const fy2008 = d.rows.find((r: Any) => r.fiscal_year === 2008 && r.period_kind === "annual");
    assert.equal(fy2008.restated, true);
    assert.match(e.warnings.join("\n"), /7-for-1 split .*; 4-for-1 split/);
  },
});
