/**
 * Transcript API answers saved as JSON (EarningsCall /transcript levels 1-4, FMP
 * earning_call_transcript): read by their fields, not as one paragraph of JSON syntax; the call's
 * date is its own local day; a missing Q&A part is found in the text; JSON of another layout is
 * refused; figures from the Q&A of an unlabelled call are never the company's over its own.
 * The fixtures are the project's own, shaped like the real answers; the conformance test reads
 * the shared EarningsCall recordings.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";
import { values } from "../../analysis/evidence/kpi_values.ts";
import { UNKNOWN_ROLE_NOTE } from "../../analysis/evidence/kpi.ts";
import { pairQuestions, type Turn as CallTurn } from "../../analysis/evidence/transcript.ts";

const DIR = join(FIXTURES, "evidence", "transcripts_json");
const run = { env: { FINANCE_DOCUMENT_ROOTS: DIR } };
const file = (name: string) => join(DIR, name);

type Turn = { speaker: string; role: string; text: string; start_char: number; end_char: number };
type Read = {
  transcript: { quarter: string | null; title: string | null; published_at: string | null };
  text: string;
  speakers: { name: string; role: string }[];
  prepared_remarks: Turn[];
  qa_turns: Turn[];
  qa_start_char: number | null;
  qa_rule: string | null;
};
type Kpi = {
  metric: string;
  value: { raw: string; number: number };
  part: string | null;
  confidence: string;
  note: string | null;
  start_char: number;
  end_char: number;
  sentence: string;
};

/** Every turn's text is exactly the slice of the text its offsets name. */
function offsetsHold(d: Read): void {
  for (const t of [...d.prepared_remarks, ...d.qa_turns]) {
    assert.equal(d.text.slice(t.start_char, t.end_char), t.text, `offsets of ${t.speaker}'s turn`);
  }
}

const read = async (path: string, opts = run) =>
  await envelope<Read>("transcripts.read", { url: path, include_turns: true, max_chars: 0 }, opts);

Deno.test("EarningsCall level 2 with a name map: named turns, roles, the call's local date", async () => {
  const env = await read(file("level2_named.json"));
  const d = dataOf(env);
  assert.ok(!d.text.includes('"speaker"'), "JSON syntax is not transcript text");
  assert.equal(d.transcript.quarter, "Q3 2025");
  // an 8:30 p.m. New York call is 2025-10-31 in UTC: the call's day is the 30th
  const warned = env.warnings.join("\n");
  assert.match(warned, /dates the call 2025-10-30\b/);
  assert.doesNotMatch(warned, /2025-10-31/);
  assert.match(warned, /speaker_name_map_v2, assigned by machine/);
  const role = (n: string) => d.speakers.find((s) => s.name === n)?.role;
  assert.equal(role("Operator"), "operator");
  assert.equal(role("Ana Silva"), "management");
  assert.equal(role("Carl White"), "analyst");
  assert.equal(d.qa_turns[0].speaker, "Operator");
  assert.match(d.qa_turns[0].text, /^Thank you\. Our first question comes from Carl White/);
  offsetsHold(d);
});

Deno.test("EarningsCall level 3 (words one by one) reads as the same call, numbered voices said", async () => {
  const env = await read(file("level3_words.json"));
  const d = dataOf(env);
  const two = dataOf(await read(file("level2_named.json")));
  assert.deepEqual(
    [...d.prepared_remarks, ...d.qa_turns].map((t) => t.text),
    [...two.prepared_remarks, ...two.qa_turns].map((t) => t.text),
  );
  assert.match(env.warnings.join("\n"), /speakers are numbered, not named \(spk04, spk01/);
  // a hand-over to a name followed by a numbered voice is no mislabelled turn
  assert.doesNotMatch(env.warnings.join("\n"), /hands the line to/);
  offsetsHold(d);
});

Deno.test("EarningsCall level 4: the answer's split is the Q&A start; qa refuses unlabelled pairs", async () => {
  const env = await read(file("level4_split.json"));
  const d = dataOf(env);
  assert.equal(d.qa_rule, "heading");
  assert.ok(d.text.slice(d.qa_start_char!).startsWith("Questions and Answers\n\nThank you. Our"));
  assert.match(env.warnings.join("\n"), /"Questions and Answers" line put where its answer parts/);
  const qa = await envelope("transcripts.qa", { url: file("level4_split.json") }, run);
  assert.equal(qa.ok, false);
  assert.equal(qa.data, null);
  assert.match(qa.error!, /no speaker labels.*transcripts\.read/);
});

Deno.test("EarningsCall level 4 without questions_and_answers: the Q&A start is found in the text", async () => {
  const env = await read(file("level4_no_qa.json"));
  const d = dataOf(env);
  assert.match(env.warnings.join("\n"), /no questions_and_answers part/);
  assert.equal(d.qa_rule, "operator_first_question");
  assert.ok(d.text.slice(d.qa_start_char!).startsWith("Our first question comes from Carl White"));
});

Deno.test("kpi.extract: a figure in an unlabelled call's Q&A is never taken over the company's", async () => {
  for (const name of ["level4_split.json", "level4_no_qa.json"]) {
    const env = await envelope<{ kpis: Kpi[] }>(
      "kpi.extract",
      { symbol: "EXWG", source: file(name) },
      run,
    );
    const rows = dataOf(env).kpis.filter((r) => r.metric === "revenue");
    const own = rows.find((r) => r.value.raw === "$810 million")!;
    const asked = rows.find((r) => r.value.raw === "$5 billion")!;
    assert.equal(own.confidence, "high", name);
    assert.equal(own.part, "prepared");
    assert.equal(asked.part, "qa");
    assert.equal(asked.confidence, "low");
    assert.ok(asked.note!.includes(UNKNOWN_ROLE_NOTE), asked.note!);
    assert.match(asked.note!, /not taken as the company's/);
    assert.doesNotMatch(asked.note!, /^the largest/);
    const text = dataOf(await read(file(name))).text;
    for (const r of rows) assert.equal(text.slice(r.start_char, r.end_char), r.sentence);
  }
});

Deno.test("FMP earning_call_transcript: `Name: words` lines become turns, quarter from its fields", async () => {
  const env = await read(file("fmp_call.json"));
  const d = dataOf(env);
  assert.equal(d.transcript.quarter, "Q3 2025");
  assert.match(env.warnings.join("\n"), /dates the call 2025-10-30\b/);
  assert.deepEqual(
    d.speakers.map((s) => [s.name, s.role]),
    [["Operator", "operator"], ["Ana Silva", "management"], ["Ben Ode", "management"], [
      "Carl White",
      "analyst",
    ]],
  );
  offsetsHold(d);
});

Deno.test("JSON of no transcript layout is refused, naming the file and what is read", async () => {
  const env = await read(file("events.json"));
  assert.equal(env.ok, false);
  assert.equal(env.data, null);
  assert.match(env.error!, /events\.json is JSON \(keys: company_name, events\) in no transcript/);
  assert.match(env.error!, /document\.read/);
  const kpi = await envelope("kpi.extract", { symbol: "EXWG", source: file("events.json") }, run);
  assert.equal(kpi.ok, false);
});

Deno.test("hostile JSON: an empty list, prototype keys as speaker ids, deep nesting", async () => {
  const dir = await Deno.makeTempDir();
  const opts = { env: { FINANCE_DOCUMENT_ROOTS: dir } };
  const write = (name: string, body: string) => {
    Deno.writeTextFileSync(join(dir, name), body);
    return join(dir, name);
  };
  try {
    const empty = await read(write("empty.json", "[]"), opts);
    assert.equal(empty.ok, false);
    assert.match(empty.error!, /empty JSON list: no transcript/);
    const proto = dataOf(
      await read(
        write(
          "proto.json",
          JSON.stringify({
            speakers: [{ speaker: "__proto__", text: "Hello." }, {
              speaker: "constructor",
              text: "Hi.",
            }],
            speaker_name_map_v2: {},
          }),
        ),
        opts,
      ),
    );
    assert.ok(proto.text.startsWith("__proto__\n\nHello."), proto.text);
    const deep = await read(write("deep.json", "[".repeat(200_000) + "]".repeat(200_000)), opts);
    assert.equal(deep.ok, false);
    assert.match(deep.error!, /in no transcript layout/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a text transcript opening with a bracket is still read as text", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "call.txt");
    await Deno.writeTextFile(
      path,
      "[Operator Instructions]\n\nOperator: Good day and welcome to the call.\n\nAna Silva: Revenue grew 12%.\n\nOperator: Our first question comes from Carl White.\n\nCarl White: How is demand?\n\nAna Silva: Demand is strong.\n\nOperator: This concludes today's call. You may now disconnect.\n",
    );
    const d = dataOf(await read(path, { env: { FINANCE_DOCUMENT_ROOTS: dir } }));
    assert.ok(d.text.startsWith("[Operator Instructions]"));
    assert.ok(d.speakers.some((s) => s.name === "Ana Silva"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("kpi values: 'mid-70%' is a band, no figure of -70; a hyphen after a word is no minus", () => {
  assert.deepEqual(values("we expect gross margins to be in the mid-70% range."), []);
  assert.deepEqual(values("margins in the high-30% range"), []);
  const joined = values("revenue fell year-over-year-5% in the quarter");
  assert.equal(joined.length, 1);
  assert.equal(joined[0].number, 5);
  assert.equal(joined[0].raw, "5%");
  assert.equal("revenue fell year-over-year-5% in".slice(joined[0].offset).slice(0, 2), "5%");
  assert.equal(values("growth was -5% this year")[0].number, -5);
});

Deno.test("qa pairs: another caller's bare thanks opens no question", () => {
  let at = 0;
  const turn = (speaker: string, role: string, text: string) => {
    const t = { speaker, role, text, part: "qa", start_char: at, end_char: at + text.length };
    at += text.length + 2;
    return t as unknown as CallTurn;
  };
  const { pairs } = pairQuestions([
    turn("Operator", "operator", "Our first question comes from Carl White."),
    turn("Carl White", "analyst", "How is demand in China this quarter?"),
    turn("Ana Silva", "management", "Demand in China grew for the third quarter running."),
    turn("Dan Roe", "analyst", "Great, thank you."),
    turn("Ana Silva", "management", "Yeah."),
    turn("Operator", "operator", "Our next question comes from Dan Roe."),
    turn("Dan Roe", "analyst", "What about pricing?"),
    turn("Ben Ode", "management", "Pricing was stable."),
  ]);
  assert.deepEqual(pairs.map((p) => p.questioner), ["Carl White", "Dan Roe"]);
  assert.equal(pairs[1].question[0].text, "What about pricing?");
});

/** The body of a `responses` YAML recording: its single-quoted scalar, unfolded. */
function recordedBody(yaml: string): string {
  let i = yaml.indexOf("body: '") + 7;
  let out = "";
  for (;;) {
    const q = yaml.indexOf("'", i);
    if (yaml[q + 1] === "'") {
      out += yaml.slice(i, q + 1);
      i = q + 2;
      continue;
    }
    out += yaml.slice(i, q);
    break;
  }
  return out.replace(/[ \t]*\n[ \t]*/g, " ");
}

Deno.test({
  name: "conformance: EarningsCall's recorded /transcript answers read by their fields",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("EarningsCall transcript conformance");
    if (!root) return;
    const dir = await Deno.makeTempDir();
    const opts = { env: { FINANCE_DOCUMENT_ROOTS: dir } };
    const saved = (name: string) => {
      const body = recordedBody(
        readFileSync(join(root, "transcripts", "earningscall-api", `${name}.yaml`), "utf8"),
      );
      JSON.parse(body); // the recording unfolds to the JSON the API sent
      const path = join(dir, `${name}.json`);
      Deno.writeTextFileSync(path, body);
      return path;
    };
    try {
      // NVIDIA's Q2 FY2025 answer: questions_and_answers null, the Q&A inside prepared_remarks
      const nv = await read(saved("nvda-q2-2025-level-4-data-missing"), opts);
      const nvd = dataOf(nv);
      assert.equal(nvd.transcript.quarter, "Q2 2025");
      assert.match(nv.warnings.join("\n"), /no questions_and_answers part/);
      assert.match(nv.warnings.join("\n"), /dates the call 2024-08-28\b/);
      assert.match(
        nvd.text.slice(nvd.qa_start_char!, nvd.qa_start_char! + 80),
        /^And your first question comes from the line of Vivek Arya/,
      );
      // Apple Q1 FY2022 level 4: the answer's own split
      const ap = dataOf(await read(saved("aapl-q1-2022-advanced-data-level-4"), opts));
      assert.equal(ap.qa_rule, "heading");
      assert.match(
        ap.text.slice(ap.qa_start_char!),
        /^Questions and Answers\n\nWe'll take our first question from Katie Huberty/,
      );
      // Microsoft level 1: plain text, the Q&A at the operator's first caller
      const ms = dataOf(await read(saved("msft-transcript-response"), opts));
      assert.ok(!ms.text.startsWith("{"));
      assert.match(
        ms.text.slice(ms.qa_start_char!),
        /^Our first question is coming from the line of Keith Weiss/,
      );
      // the name map: named roles, and its operator/IR mix-up said, not passed silently
      const map = await read(saved("aapl-q1-2022-speaker-name-map-v2"), opts);
      const md = dataOf(map);
      assert.equal(md.transcript.quarter, "Q1 2023");
      assert.equal(md.speakers.find((s) => s.name === "Tim Cook")?.role, "management");
      assert.equal(md.speakers.find((s) => s.name === "David Bott")?.role, "analyst");
      assert.match(map.warnings.join("\n"), /assigned by machine/);
      assert.match(map.warnings.join("\n"), /in Teja Skala's turn but reads as the operator's/);
      offsetsHold(md);
      // a stray "Great, thank you." under Harsh Kumar's name (spk13) is no question of his
      const qa = dataOf(
        await envelope<{ qa_pairs: { questioner: string; question: { text: string }[] }[] }>(
          "transcripts.qa",
          { url: saved("aapl-q1-2022-speaker-name-map-v2"), limit: 50 },
          opts,
        ),
      );
      assert.equal(qa.qa_pairs.length, 9);
      assert.ok(!qa.qa_pairs.some((p) => p.question[0].text === "Great, thank you."));
      for (const level of ["2", "3"]) {
        const d = dataOf(await read(saved(`aapl-q1-2022-advanced-data-level-${level}`), opts));
        assert.equal(d.transcript.quarter, "Q1 2022");
        assert.ok(d.prepared_remarks.length + d.qa_turns.length > 50);
        offsetsHold(d);
      }
      // the calendar and events answers hold no transcript
      for (const other of ["msft-company-events", "get-calendar-successful-response"]) {
        const env = await read(saved(other), opts);
        assert.equal(env.ok, false, other);
        assert.match(env.error!, /in no transcript layout/);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
