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
  assert.ok(history.warnings.some((w) => /`source` is an older name of `from`/.test(w)));
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
