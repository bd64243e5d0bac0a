/**
 * Transcript commands given a quarter that is none, or a call's address beside a symbol= or
 * quarter= that the call contradicts (found by argument fuzzing).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { askedQuarter, transcriptTicker } from "../../commands/transcripts/_quarter.ts";

const opts = { replay: [join(FIXTURES, "evidence", "transcripts")] };
const CALL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";

Deno.test("transcripts.read: quarter=Q5 2025 or Q3 2O25 is refused, never read as any call of a year", async () => {
  for (const quarter of ["Q5 2025", "Q3 2O25", "third", "Q0"]) {
    const env = await envelope("transcripts.read", { symbol: "EXSW", quarter }, opts);
    assert.equal(env.ok, false, `${quarter}: ${JSON.stringify(env.data)?.slice(0, 100)}`);
    assert.equal(env.data, null);
    assert.match(env.error!, /is not a quarter; use latest, Q4, Q4 2024/);
  }
  // a year alone, a quarter alone and the usual forms still pick their call
  const year = dataOf<{ transcript: { quarter: string } }>(
    await envelope("transcripts.read", { symbol: "EXSW", quarter: "2025" }, opts),
  );
  assert.equal(year.transcript.quarter, "Q3 2025");
  const q2 = dataOf<{ transcript: { quarter: string } }>(
    await envelope("transcripts.read", { symbol: "EXSW", quarter: "Q2" }, opts),
  );
  assert.equal(q2.transcript.quarter, "Q2 2025");
});

Deno.test("transcripts: a quarter that is none is refused before any transcript is searched", async () => {
  // a cassette holding nothing: a search would fail on the missing recording instead
  const empty = await Deno.makeTempDir({ prefix: "finance-tr-empty-" });
  try {
    await Deno.writeTextFile(join(empty, "index.json"), '{"entries":[]}');
    for (const name of ["transcripts.read", "transcripts.qa", "kpi.extract"]) {
      const env = await envelope(name, { symbol: "EXSW", quarter: "Q5" }, { replay: [empty] });
      assert.equal(env.ok, false);
      assert.match(
        env.error!,
        /^quarter="Q5" is not a quarter; use latest, Q4/,
        `${name}: ${env.error}`,
      );
    }
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("transcripts.read/qa and kpi.extract: a call's address under another company's symbol is refused", async () => {
  for (const name of ["transcripts.read", "transcripts.qa", "kpi.extract"]) {
    const env = await envelope(name, { symbol: "AAPL", source: CALL }, opts);
    assert.equal(env.ok, false, `${name}: ${JSON.stringify(env.data)?.slice(0, 100)}`);
    assert.match(env.error!, /holds a call of EXSW .*not of AAPL: pass symbol=EXSW/);
  }
  const own = await envelope("transcripts.read", { symbol: "exsw", source: CALL }, opts);
  assert.equal(own.ok, true, own.error ?? "");
});

Deno.test("transcripts.read: a call's address beside another quarter= is refused", async () => {
  const env = await envelope("transcripts.read", { source: CALL, quarter: "Q1 2020" }, opts);
  assert.equal(env.ok, false);
  assert.match(env.error!, /holds the Q3 2025 call, not the Q1 2020 asked/);
  const same = await envelope("transcripts.read", { source: CALL, quarter: "Q3 2025" }, opts);
  assert.equal(same.ok, true, same.error ?? "");
});

Deno.test("transcriptTicker: the title's ticker before the quarter, else the Fool address's", () => {
  assert.equal(
    transcriptTicker("NVIDIA Corporation (NVDA) Q4 2024 Earnings Call Transcript", "x"),
    "NVDA",
  );
  assert.equal(transcriptTicker("Berkshire (NYSE: BRK.B) Q1 2024 Earnings Call", "x"), "BRK.B");
  // a parenthesis that is no ticker before the quarter is not taken for one
  assert.equal(transcriptTicker("Toyota (ADR) annual meeting", "x"), null);
  assert.equal(transcriptTicker(null, CALL), "EXSW");
  assert.deepEqual(askedQuarter("4Q24"), { q: "4", year: "2024" });
  // "Q2 25" was refused while "3Q25" and "Q1'25" were read
  assert.deepEqual(askedQuarter("Q2 25"), { q: "2", year: "2025" });
  assert.deepEqual(askedQuarter("q2-25"), { q: "2", year: "2025" });
  assert.throws(() => askedQuarter("Q5 25"), /is not a quarter/);
  assert.throws(() => askedQuarter("Q2 250"), /is not a quarter/);
});

Deno.test("transcripts: a share class the title names is the company's, another ticker is not", async () => {
  const { checkAddressed } = await import("../../commands/transcripts/_quarter.ts");
  const loaded = (title: string) => ({
    meta: {
      title,
      quarter: "Q1 2024",
      published_at: null,
      url: "file:///call.html",
      source: "local_file",
      provider: null,
      retrieved_at: null,
    },
    // deno-lint-ignore no-explicit-any
    parsed: {} as any,
  });
  const ctx = { warn: () => {} } as unknown as Parameters<typeof checkAddressed>[3];
  const call = loaded("Berkshire Hathaway (BRK.A) Q1 2024 Earnings Call");
  for (const symbol of ["BRK-B", "brk.b", "BRK/A"]) checkAddressed({ symbol }, call, "source", ctx);
  assert.throws(
    () =>
      checkAddressed(
        { symbol: "AAP" },
        loaded("Apple (AAPL) Q1 2024 Earnings Call"),
        "source",
        ctx,
      ),
    /holds a call of AAPL .*not of AAP/,
  );
});

Deno.test("transcripts and kpi: a non-US listing (7203.T, VOD.L) is refused before any search, naming what to give", async () => {
  for (
    const [name, symbol] of [
      ["transcripts.search", "7203.T"],
      ["transcripts.read", "VOD.L"],
      ["transcripts.qa", "SAP.DE"],
      ["kpi.extract", "7203.T"],
      ["kpi.history", "VOD.L"],
    ]
  ) {
    // no recording of any Fool page: a search would fail on the network, not with this answer
    const env = await envelope(name, { symbol }, opts);
    assert.equal(env.ok, false, name);
    assert.match(env.error!, /is a listing on a non-US exchange .*covers US listings only/, name);
  }
  const vod = await envelope("transcripts.read", { symbol: "VOD.L" }, opts);
  assert.match(vod.error!, /or VOD if that is its US line/);
  // a share class is a US listing
  const brk = await envelope("transcripts.search", { symbol: "BRK.B" }, opts);
  assert.doesNotMatch(brk.error ?? "", /non-US exchange/);
});
