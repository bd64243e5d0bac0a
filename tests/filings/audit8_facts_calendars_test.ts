/**
 * Fiscal calendars nobody tuned on: a 10-KT transition period, a year end moved on a 10-K, and
 * 52/53-week years. The companies are invented (see audit8_facts_fixture.ts).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, SHARED, sharedOrSkip } from "../_helpers.ts";
import { type Any, call, cellAt, history } from "./audit8_facts_fixture.ts";

const labels = (d: Any) => d.columns.map((c: Any) => c.label);

// ---- a 10-KT: the 7 months to July 2022 between a December and a July year end ----

Deno.test("filings.history annual: a 10-KT's 7 months are no fiscal year, and are said", async () => {
  const { d, w } = await history({ symbol: "TRNS", period: "annual" });
  assert.deepEqual(labels(d), ["FY2019", "FY2020", "FY2021", "FY2023"]);
  // no column is the 7 months, and no year holds them
  assert.ok(d.columns.every((c: Any) => c.end !== "2022-07-31"));
  assert.equal(cellAt(d, "revenue", "FY2023").value, 1390);
  // old: nothing said; FY2021 then FY2023 read as consecutive years
  const t = w.filter((x) => /^transition period\(s\) 2022-01-01\.\.2022-07-31/.test(x));
  assert.equal(t.length, 1, w.join("\n"));
  assert.match(t[0], /7 months, first reported in 10-KT 0009990801-22-000020/);
  assert.match(t[0], /no fiscal year, so no column shows them as a whole/);
  // filed before the next 10-K, the transition is the latest period: said too
  const early = await history({ symbol: "TRNS", period: "annual", as_of: "2022-11-30" });
  assert.deepEqual(labels(early.d), ["FY2019", "FY2020", "FY2021"]);
  assert.ok(early.w.some((x) => /^transition period\(s\) 2022-01-01\.\.2022-07-31/.test(x)));
});

Deno.test("filings.history quarterly: two calendars' quarters get no shared label, and their overlap is said", async () => {
  const { d, w } = await history({ symbol: "TRNS", period: "quarterly" });
  const named = d.columns.filter((c: Any) => c.fiscal_year !== null).map((c: Any) => c.label);
  // old: "Q1 FY2022" named both 2021-08-01..2021-10-31 (a recast comparative) and 2022-01-01..
  // 2022-03-31 (the old calendar's first quarter)
  assert.equal(new Set(named).size, named.length, labels(d).join(", "));
  assert.ok(labels(d).includes("2021-08-01..2021-10-31"));
  assert.ok(labels(d).includes("2022-01-01..2022-03-31"));
  const c = d.columns.find((x: Any) => x.label === "2022-01-01..2022-03-31");
  assert.equal(c.fiscal_year, null);
  assert.equal(c.fiscal_period, null);
  assert.ok(w.some((x) => /were each labelled Q1 FY2022/.test(x)), w.join("\n"));
  assert.ok(w.some((x) => /^2 pair\(s\) of columns overlap/.test(x)), w.join("\n"));
  // the new calendar's Q4 is derived within its own year only
  const q4 = cellAt(d, "revenue", "Q4 FY2023");
  assert.equal(q4.value, 1390 - 330 - 340 - 350);
  assert.equal(q4.derived, "FY - Q1 - Q2 - Q3");
});

Deno.test("filings.history ttm: twelve months across a transition are not summed, and it is said", async () => {
  const { d, w } = await history({ symbol: "TRNS", period: "ttm", as_of: "2023-06-30" });
  assert.equal(cellAt(d, "revenue", "2023-04-30").value, null);
  // old: only "fewer than four consecutive quarters reported"
  assert.ok(
    w.some((x) =>
      /^transition period 2022-01-01\.\.2022-07-31 \(10-KT 0009990801-22-000020\): the company moved its fiscal year end within the trailing twelve months to 2023-04-30/
        .test(x)
    ),
    w.join("\n"),
  );
  // twelve months all on the new calendar: summed, nothing said
  const later = await history({ symbol: "TRNS", period: "ttm" });
  assert.equal(cellAt(later.d, "revenue", "2023-07-31").value, 1390);
  assert.ok(!later.w.some((x) => /transition/.test(x)), later.w.join("\n"));
});

Deno.test("filings.facts: the 10-KT's period is labelled a transition, never FY", async () => {
  const e = await call("filings.facts", { symbol: "TRNS", concept: "revenue", period: "annual" });
  const rows = dataOf<Any>(e).rows;
  assert.ok(rows.every((r: Any) => r.end !== "2022-07-31"));
  // old: left out unsaid
  assert.ok(
    e.warnings.some((x: string) =>
      /^1 value\(s\) of the transition period\(s\) ending 2022-07-31 .*0009990801-22-000020 \(10-KT\)\) are left out of period=annual/
        .test(x)
    ),
    e.warnings.join("\n"),
  );
  const bal = await call("filings.facts", { symbol: "TRNS", concept: "Assets", period: "annual" });
  assert.ok(dataOf<Any>(bal).rows.every((r: Any) => r.end !== "2022-07-31"));
  assert.ok(bal.warnings.some((x: string) => /transition period\(s\) ending 2022-07-31/.test(x)));
  const all = dataOf<Any>(
    await call("filings.facts", { symbol: "TRNS", concept: "revenue", period: "all" }),
  ).rows;
  const t = all.find((r: Any) => r.start === "2022-01-01" && r.end === "2022-07-31");
  assert.equal(t.fiscal_period, "transition");
  assert.equal(t.period_kind, "other");
});

// ---- a year end moved from March to December, the 9-month transition on form 10-K ----

Deno.test("filings.history annual: a year recast onto the new calendar is not named as a fiscal year of the old one", async () => {
  const { d, w } = await history({ symbol: "MOVE", period: "annual" });
  // old: FY2021 twice (April 2020 to March 2021, and the calendar 2021 the FY2022 10-K recast)
  assert.deepEqual(labels(d), [
    "FY2020",
    "2020-04-01..2021-03-31",
    "2021-01-01..2021-12-31",
    "FY2022",
  ]);
  assert.ok(
    w.some((x) =>
      /2020-04-01\.\.2021-03-31 and 2021-01-01\.\.2021-12-31 were each labelled FY2021/.test(x)
    ),
  );
  assert.ok(
    w.some((x) =>
      /^1 pair\(s\) of columns overlap \(2020-04-01\.\.2021-03-31 and 2021-01-01\.\.2021-12-31\)/
        .test(x)
    ),
  );
  assert.ok(
    w.some((x) =>
      /^transition period\(s\) 2021-04-01\.\.2021-12-31 \(9 months, first reported in 10-K 0009990803-22-000001\)/
        .test(x)
    ),
    w.join("\n"),
  );
});

Deno.test("filings.history quarterly: quarters before a moved year end take the company's own fy/fp, not the new calendar's", async () => {
  const { d } = await history({ symbol: "MOVE", period: "quarterly" });
  // January to March 2021 was the fourth quarter of the year to March 2021 (old: "Q1 FY2021",
  // a guess from the new December calendar)
  const jan = d.columns.find((c: Any) => c.end === "2021-03-31");
  assert.equal(jan.label, "Q4 FY2021");
  // October to December 2021, the transition's nine months less its first half: no quarter of
  // any fiscal year (old: "Q3 FY2021", the label of October to December 2020)
  const oct = d.columns.find((c: Any) => c.end === "2021-12-31");
  assert.equal(oct.label, "2021-12-31");
  assert.equal(oct.fiscal_period, null);
  const cell = cellAt(d, "revenue", "2021-12-31");
  assert.equal(cell.value, 720 - 470);
  assert.equal(cell.derived, "Q3 YTD - Q2 YTD");
  // the new calendar's own quarters keep their names
  assert.equal(cellAt(d, "revenue", "Q3 FY2022").value, 260);
  assert.equal(cellAt(d, "revenue", "Q4 FY2022").value, 1030 - 250 - 255 - 260);
});

// ---- 52/53-week years ----

Deno.test("filings.history: a 53-week year and its 14-week quarter are said", async () => {
  const { d, w } = await history({ symbol: "WEEK", period: "annual" });
  assert.equal(cellAt(d, "revenue", "FY2023").value, 500);
  // old: nothing said; FY2023's 500 against FY2022's 480 read as like for like
  const y = w.filter((x) =>
    /^1 fiscal year\(s\) \(FY2023, 2022-09-25\.\.2023-09-30: 53 weeks\)/.test(x)
  );
  assert.equal(y.length, 1, w.join("\n"));
  assert.match(y[0], /growth from a 52-week year to them is overstated/);
  const q = await history({ symbol: "WEEK", period: "quarterly" });
  assert.ok(
    q.w.some((x) => /^1 quarter\(s\) \(Q1 FY2023, 2022-09-25\.\.2022-12-31: 14 weeks\)/.test(x)),
    q.w.join("\n"),
  );
  // a calendar-year company's 365- and 366-day years are not 53-week years
  const cal = await history({ symbol: "RSTM", period: "annual" });
  assert.ok(!cal.w.some((x) => /53 weeks|14 weeks/.test(x)), cal.w.join("\n"));
});

Deno.test("filings.facts: a 53-week year is said; a share count's is not", async () => {
  const e = await call("filings.facts", { symbol: "WEEK", concept: "revenue", period: "annual" });
  const w = e.warnings.filter((x: string) => /longer than 52 weeks \(a year\) or 13 weeks/.test(x));
  assert.equal(w.length, 1, e.warnings.join("\n"));
  assert.match(w[0], /\(2022-09-25\.\.2023-09-30: 53 weeks\)/);
  const s = await call("filings.facts", {
    symbol: "SPLT",
    concept: "WeightedAverageNumberOfDilutedSharesOutstanding",
  });
  assert.ok(!s.warnings.some((x: string) => /longer than 52 weeks/.test(x)));
});

Deno.test({
  name: "conformance: AAPL's and NVIDIA's 53-week years are said",
  ignore: !SHARED,
  async fn() {
    if (!sharedOrSkip("company facts 53-week years")) return;
    const replay = [join(SHARED!, "cassettes", "sec")];
    for (
      const [symbol, years] of [
        ["AAPL", /FY2023, 2022-09-25\.\.2023-09-30: 53 weeks/],
        ["NVDA", /FY2021, 2020-01-27\.\.2021-01-31: 53 weeks/],
      ] as const
    ) {
      const e = await envelope<Any>("filings.history", { symbol, years: 20 }, { replay });
      dataOf(e);
      assert.ok(e.warnings.some((x: string) => years.test(x)), e.warnings.join("\n"));
    }
  },
});

Deno.test("filings.history: a 10-KT of nearly a year, shown as one, is said to be a transition", async () => {
  const { filingPeriods } = await import("../../analysis/filings/facts.ts");
  const { buildHistory } = await import("../../analysis/filings/history.ts");
  const f = (accn: string, fy: number, form: string, filed: string) => ({
    accn,
    fy,
    fp: "FY",
    form,
    filed,
  });
  const k21 = f("0009990809-22-000001", 2021, "10-K", "2022-02-18");
  const kt = f("0009990809-23-000001", 2022, "10-KT", "2023-02-20");
  const k23 = f("0009990809-24-000001", 2023, "10-K", "2024-02-20");
  // December 31 moved to the last Saturday of December: 358 days to 2022-12-24
  const rows = [
    { start: "2020-01-01", end: "2020-12-31", val: 1000, ...k21 },
    { start: "2021-01-01", end: "2021-12-31", val: 1100, ...k21 },
    { start: "2021-01-01", end: "2021-12-31", val: 1100, ...kt },
    { start: "2022-01-01", end: "2022-12-24", val: 1150, ...kt },
    { start: "2022-01-01", end: "2022-12-24", val: 1150, ...k23 },
    { start: "2022-12-25", end: "2023-12-30", val: 1250, ...k23 },
  ];
  const h = buildHistory(
    { "us-gaap": { Revenues: { units: { USD: rows } } } },
    filingPeriods([rows]),
    {
      statement: "income",
      period: "annual",
      years: 5,
      asOf: null,
      basis: "latest",
    },
  )!;
  assert.deepEqual(h.columns.map((c) => c.label), ["FY2020", "FY2021", "FY2022", "FY2023"]);
  // old: FY2022 read as a regular year, nothing said
  assert.ok(
    h.warnings.some((x) =>
      /^2022-01-01\.\.2022-12-24 \(358 days, 10-KT 0009990809-23-000001\): first reported on a transition report/
        .test(x)
    ),
    h.warnings.join("\n"),
  );
});
