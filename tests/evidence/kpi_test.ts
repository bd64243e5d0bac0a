import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { extractKpis, METRICS, sentences, values } from "../../analysis/evidence/kpi.ts";

const DIR = join(FIXTURES, "evidence", "transcripts");
const CALL_URL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";

Deno.test("whole words only: no ARR inside warrant, narrow or carrying", () => {
  const text = "Our warrant liability was $12 million. Carrying costs stayed narrow at $3 million.";
  assert.deepEqual(extractKpis(text, METRICS.filter((m) => m.key === "arr")), []);
});

Deno.test("revenue growth needs a growth verb; the number, unit and offsets come along", () => {
  const text =
    "Hello. Revenue grew 22% year over year to $412 million in Q3 2025. Revenue was $9 million.";
  const hits = extractKpis(text, METRICS.filter((m) => m.key === "revenue_growth"));
  assert.equal(hits.length, 1);
  const [h] = hits;
  assert.deepEqual(h.value, { raw: "22%", number: 22, unit: "percent" });
  assert.equal(h.period, "Q3 2025");
  assert.equal(h.comparison, "yoy");
  assert.equal(text.slice(h.start_char, h.end_char), h.sentence);
  assert.equal(h.confidence, "high");
});

Deno.test("values: money scales, percents, counts; years are not counts", () => {
  const v = values("ARR grew 32% to $3.4 billion with 1,250 customers in 2025.");
  assert.deepEqual(v.map((x) => [x.kind, x.number]), [
    ["percent", 32],
    ["money", 3.4e9],
    ["count", 1250],
  ]);
  assert.equal(sentences("Mr. Smith spoke. Revenue rose 5.5% in the U.S. market today.").length, 2);
});

Deno.test("kpi.extract on a transcript: metric, number, unit, sentence, offsets, speaker", async () => {
  const env = await envelope("kpi.extract", { symbol: "EXSW", source: CALL_URL, limit: 50 }, {
    replay: [DIR],
  });
  const data = dataOf(env) as {
    kpis: {
      metric: string;
      value: { number: number; unit: string };
      sentence: string;
      start_char: number;
      end_char: number;
      speaker: string;
      part: string;
      url: string;
    }[];
  };
  const growth = data.kpis.find((k) => k.metric === "revenue_growth")!;
  assert.equal(growth.value.number, 22);
  assert.equal(growth.value.unit, "percent");
  assert.match(growth.sentence, /revenue grew 22% year over year/);
  assert.equal(growth.speaker, "Jane Doe");
  assert.equal(growth.part, "prepared");
  assert.equal(growth.url, CALL_URL);
  const read = dataOf(
    await envelope("transcripts.read", { url: CALL_URL, max_chars: 0 }, { replay: [DIR] }),
  ) as { text: string };
  assert.equal(read.text.slice(growth.start_char, growth.end_char), growth.sentence);
  const arr = data.kpis.find((k) => k.metric === "arr")!;
  assert.equal(arr.value.number, 3.4e9);
  assert.ok(!data.kpis.some((k) => /warrant/.test(k.sentence) && k.metric === "arr"));
  const nrr = data.kpis.filter((k) => k.metric === "nrr");
  assert.ok(nrr.some((k) => k.part === "qa"), "Q&A is searched too");
});

Deno.test("kpi.extract: unknown metric names the known ones", async () => {
  const env = await envelope(
    "kpi.extract",
    { symbol: "EXSW", source: CALL_URL, metrics: "arr,bogus" },
    {
      replay: [DIR],
    },
  );
  assert.match(env.error!, /unknown metric bogus; choose from arr, /);
  const near = await envelope(
    "kpi.extract",
    { symbol: "EXSW", source: CALL_URL, metrics: "arrr,nrr" },
    { replay: [DIR] },
  );
  assert.match(near.error!, /unknown metric arrr \(did you mean arr\?\); choose from arr, /);
});

Deno.test("kpi.*: from= says where to look, source= is a transcript; the older forms warn", async () => {
  const opts = { replay: [DIR] };
  const byUrl = await envelope("kpi.extract", { symbol: "EXSW", url: CALL_URL, limit: 5 }, opts);
  assert.equal(byUrl.ok, true, byUrl.error ?? "");
  assert.ok(byUrl.warnings.some((w) => /`url` is an older name of `source`/.test(w)));
  const oldFrom = await envelope("kpi.extract", { symbol: "EXSW", source: "filings" }, {
    fetch: () => Promise.resolve(new Response("offline", { status: 503 })),
  });
  assert.ok(
    oldFrom.warnings.some((w) => /source=filings is the older way to say from=filings/.test(w)),
  );
  const clash = await envelope("kpi.extract", {
    symbol: "EXSW",
    from: "filings",
    source: "both",
  }, opts);
  assert.equal(clash.ok, false);
  assert.match(clash.error!, /give from= alone/);
  const transcriptOnly = await envelope("kpi.extract", {
    symbol: "EXSW",
    from: "filings",
    source: CALL_URL,
  }, opts);
  assert.match(transcriptOnly.error!, /source= names a transcript/);
  const history = await envelope("kpi.history", {
    symbol: "EXSW",
    source: "transcripts",
    metrics: "arr",
    limit: 2,
  }, opts);
  assert.equal(history.ok, true, history.error ?? "");
  // source= is the contract's name for it: no warning
  assert.ok(!history.warnings.some((w) => /older name/.test(w)), history.warnings.join("\n"));
});

Deno.test("kpi.history lines ARR up across two transcripts, oldest first", async () => {
  const env = await envelope("kpi.history", { symbol: "EXSW", metrics: "arr", limit: 2 }, {
    replay: [DIR],
  });
  const data = dataOf(env) as {
    series: { metric: string; points: { period: string; value: { number: number } }[] }[];
  };
  assert.deepEqual(
    data.series[0].points.map((p) => [p.period, p.value.number]),
    [["Q2 2025", 3.1e9], ["Q3 2025", 3.4e9]],
  );
});

Deno.test({
  name: "conformance: KPI rows from a real Motley Fool call text (Equifax Q3 2021)",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("KPI conformance on ECTSum text");
    if (!root) return;
    const url = join(root, "transcripts", "ectsum-motley-fool-text", "EFX_q3_2021.txt");
    const env = await envelope("kpi.extract", {
      symbol: "EFX",
      source: url,
      metrics: "revenue,revenue_growth",
      limit: 100,
    }, { env: { FINANCE_DOCUMENT_ROOTS: root } });
    const data = dataOf(env) as { kpis: { metric: string; sentence: string }[] };
    assert.ok(data.kpis.some((k) => k.metric === "revenue_growth"));
    for (const k of data.kpis) assert.match(k.sentence, /\b(revenue|revenues|sales|top-line)\b/i);
  },
});

const only = (key: string) => METRICS.filter((m) => m.key === key);

Deno.test("a growth figure's comparison is the one next to it, not the first in the sentence", () => {
  const text = "Revenue of $463 million was up 11% sequentially and up 105% year on year. " +
    "Data center revenue rose 409% year-over-year and 27% sequentially.";
  const hits = extractKpis(text, only("revenue_growth"));
  assert.deepEqual(hits.map((h) => [h.value.raw, h.comparison]), [["11%", "qoq"], ["409%", "yoy"]]);
  // an amount is a level: no comparison of its own
  const [rev] = extractKpis(text, only("revenue"));
  assert.equal(rev.value.raw, "$463 million");
  assert.equal(rev.comparison, null);
});

Deno.test("growth needs its own verb: 'follow up on the 40% of revenues' is not growth", () => {
  const text = "I wanted to follow up on the 40% of revenues coming from inference, please.";
  assert.deepEqual(extractKpis(text, only("revenue_growth")), []);
});

Deno.test("an annualized run rate is not revenue", () => {
  const text = "Networking exceeded a $13 billion annualized revenue run rate in the quarter.";
  assert.deepEqual(extractKpis(text, only("revenue")), []);
});

Deno.test("a segment's or another company's figure carries its name as qualifier", () => {
  const hit = (text: string, key = "revenue") => extractKpis(text, only(key))[0];
  assert.equal(
    hit("In the fourth quarter, data center revenue of $18.4 billion was a record.")
      .qualifier,
    "data center",
  );
  assert.equal(
    hit(
      "Microsoft noted GitHub revenue growth accelerating to 40% year-over-year.",
      "revenue_growth",
    )
      .qualifier,
    "GitHub",
  );
  assert.equal(hit("In Q3, our revenue was $412 million in total.").qualifier, null);
  assert.equal(hit("We reported revenue of $412 million for the quarter.").qualifier, null);
  assert.equal(hit("We expect net retention to stay above 115% next year.", "nrr").qualifier, null);
});

Deno.test("an outlook is marked; a result set against an outlook is not", () => {
  const [guide] = extractKpis(
    "Total revenue is expected to be $24 billion, plus or minus 2%.",
    only("revenue"),
  );
  assert.equal(guide.forward_looking, true);
  const [beat] = extractKpis(
    "Revenue of $22.1 billion was up 22% and well above our outlook of $20 billion.",
    only("revenue"),
  );
  assert.equal(beat.forward_looking, false);
  assert.equal(beat.value.raw, "$22.1 billion");
});

Deno.test("several revenue figures for one period: the largest is taken, the rest marked low", async () => {
  const { markAmbiguous } = await import("../../analysis/evidence/kpi.ts");
  const text = "Revenue was $22.1 billion in Q4 2024. " +
    "Moving to gaming. Revenue was $2.9 billion in Q4 2024, up 56% year on year.";
  const rows = markAmbiguous(extractKpis(text, only("revenue")));
  assert.deepEqual(rows.map((r) => [r.value.raw, r.confidence]), [
    ["$22.1 billion", "high"],
    ["$2.9 billion", "low"],
  ]);
  assert.match(rows[0].note!, /largest of 2 different revenue figures for Q4 2024/);
  assert.match(rows[1].note!, /smaller than \$22\.1 billion: likely a segment's/);
});

Deno.test("kpi.extract: a full year named without its number is the document's fiscal year", async () => {
  const { periodOf } = await import("../../analysis/evidence/kpi.ts");
  assert.equal(periodOf("Fiscal year revenue of $10.45 billion was up 15%."), "FY");
  assert.equal(periodOf("For fiscal 2024, revenue was $60.9 billion."), "FY 2024");
});

Deno.test({
  name:
    "conformance: NVIDIA's Q4 FY2024 call: the total, not a segment, is its revenue; the outlook is marked",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("KPI conformance on a recorded transcript page");
    if (!root) return;
    const page = join(root, "transcripts", "html", "nvidia_q4_fy2024_transcript.html");
    const env = await envelope("kpi.extract", {
      symbol: "NVDA",
      source: page,
      metrics: "revenue,revenue_growth",
      limit: 100,
    }, { env: { FINANCE_DOCUMENT_ROOTS: root } });
    // deno-lint-ignore no-explicit-any
    const kpis = (dataOf(env) as any).kpis as any[];
    const find = (raw: string, metric = "revenue") =>
      kpis.find((k) => k.value.raw === raw && k.metric === metric);
    // fiscal 2024: $60.9 billion, and the gaming segment's "fiscal year revenue of $10.45 billion"
    assert.equal(find("$60.9 billion").period, "FY 2024");
    assert.equal(find("$60.9 billion").confidence, "high");
    assert.equal(find("$10.45 billion").period, "FY 2024");
    assert.equal(find("$10.45 billion").confidence, "low");
    // "Total revenue is expected to be $24 billion": next quarter's outlook, not Q4's revenue
    assert.equal(find("$24 billion, plus or minus 2%").forward_looking, true);
    assert.equal(find("$24 billion, plus or minus 2%").period, null);
    // "up 27% sequentially and up 409% year-over-year" of data center revenue
    const dc = find("27%", "revenue_growth");
    assert.equal(dc.comparison, "qoq");
    assert.equal(dc.qualifier, "data center");
    // a run rate is not revenue
    assert.ok(!kpis.some((k) => /run rate/.test(k.sentence) && k.metric === "revenue"));
  },
});

Deno.test("kpi: plural margins, quarters without a year, 'full year 2020'; EPS figures are not segments", async () => {
  const { markAmbiguous, periodOf } = await import("../../analysis/evidence/kpi.ts");
  const [gm] = extractKpis(
    "GAAP gross margins expanded sequentially to 76% on strong data center growth.",
    only("gross_margin"),
  );
  assert.equal(gm.value.raw, "76%");
  assert.equal(gm.qualifier, "GAAP");
  assert.equal(periodOf("In Q4, revenue was $2.4 billion."), "Q4");
  assert.equal(periodOf("In Q4 2024, revenue was $2.4 billion."), "Q4 2024");
  assert.equal(periodOf("Our full year 2020 adjusted diluted EPS was $8.51."), "FY 2020");
  const eps = markAmbiguous(extractKpis(
    "Earnings per share were $1.50 in Q4 2020. Excluding charges, earnings per share were $1.87 in Q4 2020.",
    only("eps"),
  ));
  assert.equal(eps.length, 2);
  // GAAP and adjusted, not a company figure and a segment's: both kept at medium, both noted
  assert.ok(eps.every((r) => r.confidence === "medium" && /GAAP, adjusted/.test(r.note!)));
});

Deno.test("kpi.extract and transcripts refuse a PDF given as a transcript instead of reading its bytes", async () => {
  const pdf = join(FIXTURES, "document", "stream_table.pdf");
  const env = await envelope("kpi.extract", { symbol: "X", source: pdf });
  assert.equal(env.ok, false);
  assert.match(env.error!, /is a PDF, not a transcript page: .*document\.read/);
  const read = await envelope("transcripts.read", { url: pdf });
  assert.equal(read.ok, false);
});

Deno.test("kpi: a range keeps both ends ('1% to 3%', 'plus or minus 2%')", async () => {
  const { kpiValue } = await import("../../adapters/views/evidence.ts");
  const [comp] = extractKpis(
    "For 2021 we expect revenue growth of 1% to 3% on a comparable basis.",
    only("revenue_growth"),
  );
  assert.deepEqual(comp.value, { raw: "1% to 3%", number: 1, unit: "percent", high: 3 });
  assert.equal(kpiValue(comp.value), "1.00% to 3.00%");
  // a bound reads as one: "a minimum of $600 million" is at least that
  assert.equal(
    kpiValue({ raw: "a minimum of $600 million", number: 600e6, unit: "USD", bound: "at_least" }),
    "at least USD 600,000,000",
  );
  assert.equal(
    kpiValue({ raw: "up to 5%", number: 5, unit: "percent", bound: "at_most" }),
    "at most 5.00%",
  );
  const [band] = extractKpis(
    "Total revenue is expected to be $24 billion, plus or minus 2%.",
    only("revenue"),
  );
  assert.equal(band.value.raw, "$24 billion, plus or minus 2%");
  assert.ok(Math.abs(band.value.number - 23.52e9) < 1);
  assert.ok(Math.abs(band.value.high! - 24.48e9) < 1);
});
