/**
 * Transcript layouts the parser was not tuned on, each with a silent wrong answer the old code
 * gave: older and newer Motley Fool pages, timestamps, other hosts' titles, same surnames,
 * interpreters, webcast questions read out by a host, paywalls, quarters and dates. The calls
 * and companies are made up, shaped like real pages.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { quarterOf } from "../../providers/transcripts_a/fool.ts";

const DIR = join(FIXTURES, "evidence", "transcripts", "layouts");
const run = { env: { FINANCE_DOCUMENT_ROOTS: DIR }, replay: [DIR] };

type Turn = {
  speaker: string;
  speaker_title: string | null;
  role: string;
  role_source: string;
  text: string;
  start_char: number;
  end_char: number;
};
type ReadData = {
  transcript: { title: string | null; quarter: string | null; published_at: string | null };
  text: string;
  speakers: { name: string; role: string }[];
  prepared_speakers: string[];
  prepared_remarks: Turn[];
  qa_turns: Turn[];
  unsplit_turns?: Turn[];
  unsplit_turn_count?: number;
  prepared_turn_count: number;
  qa_turn_count: number;
  qa_start_char: number | null;
  qa_rule: string | null;
  summary: string | null;
  appears_cut?: boolean;
  cut_evidence?: string;
};
type Passage = { text: string; start_char: number; end_char: number };
type QaData = {
  qa_pairs: {
    questioner: string;
    read_out?: boolean;
    question: Passage[];
    answers: (Passage & { speaker: string })[];
  }[];
  unanswered_count: number;
  appears_cut?: boolean;
};

async function read(name: string) {
  const env = await envelope("transcripts.read", {
    source: join(DIR, name),
    include_turns: true,
    max_chars: 0,
  }, run);
  assert.ok(env.ok, `${name}: ${env.error}`);
  const data = dataOf(env) as ReadData;
  // every turn reopens its exact text in the returned document
  for (const t of [...data.prepared_remarks, ...data.qa_turns, ...(data.unsplit_turns ?? [])]) {
    assert.equal(data.text.slice(t.start_char, t.end_char), t.text, `${name}: ${t.speaker}`);
  }
  return { env, data, all: [...data.prepared_remarks, ...data.qa_turns] };
}

async function qa(name: string) {
  const env = await envelope("transcripts.qa", { source: join(DIR, name), limit: 50 }, run);
  assert.ok(env.ok, `${name}: ${env.error}`);
  const data = dataOf(env) as QaData;
  const text = (dataOf(
    await envelope("transcripts.read", {
      source: join(DIR, name),
      max_chars: 0,
    }, run),
  ) as ReadData).text;
  for (const p of data.qa_pairs) {
    for (const c of [...p.question, ...p.answers]) {
      assert.equal(text.slice(c.start_char, c.end_char), c.text, name);
    }
  }
  return { env, data };
}

const pairsOf = (d: QaData) =>
  d.qa_pairs.map((p) => [p.questioner, p.answers.map((a) => a.speaker)]);

Deno.test("older Motley Fool page: the participant list after the call is no analyst's turn, the footer no question", async () => {
  const { data, all } = await read("old_fool.html");
  assert.ok(!all.some((t) => /transcript of this conference call|More LMHB/.test(t.text)));
  assert.ok(!all.some((t) => /Duration/.test(t.text)), "Duration is nobody's words");
  assert.deepEqual(data.qa_turns.map((t) => t.speaker).at(-1), "Operator");
  const grace = all.find((t) => t.speaker === "Grace Lee")!;
  assert.equal(grace.role_source, "participant_list", "the trailing list is read");
  const { data: pairs } = await qa("old_fool.html");
  assert.deepEqual(pairsOf(pairs), [["Grace Lee", ["Irene Voss"]], ["Victor Hale", ["Paul Lee"]]]);
  assert.equal(pairs.unanswered_count, 0);
});

Deno.test("a table of contents naming 'Questions and Answers' does not put the whole call in the Q&A", async () => {
  const { data } = await read("contents_only.html");
  assert.notEqual(data.qa_rule, "heading");
  assert.deepEqual(data.prepared_speakers, ["Nora Quill", "Paul Lee", "Irene Voss"]);
  assert.match(data.qa_turns[0].text, /first question comes from Grace Lee/);
});

Deno.test("2025 Motley Fool page: takeaways and glossary items are no speakers; title-first participant lines are read", async () => {
  const { data, all } = await read("new_fool.html");
  assert.deepEqual(
    data.speakers.map((s) => s.name),
    ["Operator", "Mira Castell", "Otto Brandt", "Ivy Castell"],
  );
  assert.match(data.summary ?? "", /fiscal first-quarter results/);
  const mira = all.find((t) => t.speaker === "Mira Castell")!;
  assert.equal(mira.role_source, "participant_list");
  assert.equal(mira.speaker_title, "Chief Executive Officer");
  const ivy = all.find((t) => t.speaker === "Ivy Castell")!;
  assert.equal(ivy.role, "analyst", "an analyst sharing the CEO's surname stays an analyst");
});

Deno.test("an analyst with an executive's surname is never taken for the executive", async () => {
  const { env, data } = await read("surname.html");
  const grace = data.qa_turns.find((t) => t.speaker === "Grace Lee")!;
  assert.notEqual(grace.role, "management");
  assert.equal(grace.speaker_title, null, "not the CEO's title");
  assert.match(env.warnings.join(" "), /role unknown .*Grace Lee/);
  const { data: pairs } = await qa("surname.html");
  assert.ok(pairs.qa_pairs.every((p) => p.answers.every((a) => a.speaker !== "Grace Lee")));
});

Deno.test("timestamped labels and a 'Conference Call Host': speakers found, host is the operator", async () => {
  const { data } = await read("stamps.txt");
  assert.equal(data.transcript.quarter, "Q3 2025", "'Fiscal 2025 Third Quarter' in the title");
  const host = data.speakers.find((s) => s.name === "Conference Call Host")!;
  assert.equal(host.role, "operator");
  assert.deepEqual(data.prepared_speakers, ["Helen Park", "Derek Moss"]);
  assert.ok(data.qa_turns.every((t) => !/\[00:/.test(t.text)), "timestamps are labels' parts");
  const { data: pairs } = await qa("stamps.txt");
  assert.deepEqual(pairsOf(pairs), [["Alan Park", ["Helen Park"]], ["Rosa Imai", ["Derek Moss"]]]);

  const inline = await read("inline_stamps.txt");
  assert.deepEqual(
    inline.data.speakers.map((s) => [s.name, s.role]),
    [["Coordinator", "operator"], ["Ken Ward", "management"], ["Ada Brooks", "analyst"]],
  );
});

Deno.test("an interpreter's rendering is part of the question, not an answer", async () => {
  const { data } = await read("interp.txt");
  const interpreter = data.qa_turns.find((t) => t.speaker === "Interpreter")!;
  assert.equal(interpreter.role, "interpreter");
  const { env, data: pairs } = await qa("interp.txt");
  assert.deepEqual(pairsOf(pairs), [["Lin Ho", ["Kenji Sato"]], ["Emma Clark", ["Kenji Sato"]]]);
  assert.match(pairs.qa_pairs[0].question[1].text, /The question is about the outlook/);
  assert.match(env.warnings.join(" "), /interpreter turn/);
});

Deno.test("webcast questions read out by investor relations are questions, not answers to the last caller", async () => {
  const { env, data } = await qa("webcast.txt");
  assert.deepEqual(pairsOf(data), [
    ["Jack Tran", ["Omar Reyes", "Lila Grant"]],
    ["Lila Grant", ["Omar Reyes"]],
    ["Lila Grant", ["Omar Reyes"]],
  ]);
  assert.equal(data.qa_pairs[0].read_out, undefined);
  assert.ok(data.qa_pairs.slice(1).every((p) => p.read_out === true));
  assert.ok(!data.qa_pairs[0].answers.some((a) => /webcast|investor/.test(a.text)));
  assert.match(env.warnings.join(" "), /2 question\(s\) were read out/);
});

Deno.test("a question the operator reads from the webcast is paired with its answer", async () => {
  const { data } = await qa("opwebcast.txt");
  assert.deepEqual(pairsOf(data), [["Liam Ford", ["Ruth Eng"]], ["Operator", ["Ruth Eng"]]]);
  assert.equal(data.qa_pairs[1].read_out, true);
  assert.match(data.qa_pairs[1].answers[0].text, /raise the dividend/);
});

Deno.test("the operator's 'this call will include a question-and-answer session' starts no Q&A; the split is unknown and said", async () => {
  const { env, data } = await read("openmention.txt");
  assert.equal(data.qa_start_char, null);
  assert.equal(data.qa_turn_count, 0);
  assert.equal(data.prepared_turn_count, 0, "not guessed as prepared remarks either");
  assert.equal(data.unsplit_turn_count, 6);
  assert.match(env.warnings.join(" "), /which of the 6 turns are prepared remarks .* is unknown/);
  const q = await envelope("transcripts.qa", { source: join(DIR, "openmention.txt") }, run);
  assert.equal(q.ok, false);
  assert.match(q.error!, /no Q&A start found/);
});

Deno.test("a paywalled transcript says it is cut, and the notice is nobody's question", async () => {
  const { env, data } = await read("cut.txt");
  assert.equal(data.appears_cut, true);
  assert.match(data.cut_evidence!, /Subscribe to read/);
  assert.ok(!data.qa_turns.some((t) => /Subscribe/.test(t.text)));
  assert.match(env.warnings.join(" "), /looks cut at character \d+/);
  const q = await qa("cut.txt");
  assert.equal(q.data.appears_cut, true);
  assert.match(q.env.warnings.join(" "), /looks cut/);
});

Deno.test("a date in the text is the call's day, never passed off as the publication date", async () => {
  const { env, data } = await read("dated.txt");
  assert.equal(data.transcript.published_at, null);
  assert.equal(data.transcript.quarter, "Q2 2025");
  assert.match(env.warnings.join(" "), /no publication date .* dates the call 2025-08-05/);
});

Deno.test("a quarter read from the text, not a title, is said with the words it came from", async () => {
  const { env, data } = await read("webcast.txt");
  assert.equal(data.transcript.title, null);
  assert.equal(data.transcript.quarter, "Q4 2024");
  assert.match(
    env.warnings.join(" "),
    /quarter Q4 2024 is read from the transcript text \("fourth quarter 2024"\)/,
  );
});

Deno.test("quarterOf: fiscal and short forms name the quarter", () => {
  assert.equal(quarterOf("Example Corp FY2024 Q4 Earnings Call"), "Q4 2024");
  assert.equal(quarterOf("Example Corp Q1 FY24 results"), "Q1 2024");
  assert.equal(quarterOf("Example Corp 4Q24 earnings"), "Q4 2024");
  assert.equal(quarterOf("Fiscal 2025 Third Quarter Earnings Call"), "Q3 2025");
  assert.equal(quarterOf("Q3 of fiscal 2025"), "Q3 2025");
  assert.equal(quarterOf("example-software-exsw-q3-2025-earnings-call-transcript"), "Q3 2025");
  assert.equal(quarterOf("third quarter fiscal 2025"), "Q3 2025");
  assert.equal(quarterOf("revenue rose 20% in Q1"), null);
});

Deno.test("transcripts.search: other companies' transcripts on a quote page are never listed as the ticker's", async () => {
  const env = await envelope("transcripts.search", { symbol: "TNMN", debug: true }, run);
  const data = dataOf(env) as { count: number; transcripts: { url: string }[] };
  assert.equal(data.count, 0);
  assert.match(env.warnings.join(" "), /all of other companies, none of TNMN/);
});

Deno.test("transcripts.qa text view marks read-out questions and a cut transcript", async () => {
  const { renderOutput } = await import("../../adapters/render.ts");
  const { env } = await qa("webcast.txt");
  const text = renderOutput(env, "text", { view: "qa", width: 100 }).out;
  assert.match(text, /^Q2 \(read out\)\. /m, text);
  const cut = await qa("cut.txt");
  assert.match(
    renderOutput(cut.env, "text", { view: "qa", width: 100 }).out,
    /The transcript appears cut/,
  );
});
