import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { dataOf, envelope, FIXTURES, SHARED, sharedOrSkip } from "../_helpers.ts";

const DIR = join(FIXTURES, "evidence", "transcripts");
const opts = { replay: [DIR] };
const CALL_URL =
  "https://www.fool.com/earnings/call-transcripts/2025/11/06/example-software-exsw-q3-2025-earnings-call-transcript/";

type Turn = {
  speaker: string;
  role: string;
  role_source: string;
  text: string;
  start_char: number;
  end_char: number;
};
type ReadData = {
  transcript: { title: string; quarter: string; published_at: string; source: string };
  text: string;
  prepared_remarks: Turn[];
  qa_turns: Turn[];
  prepared_speakers: string[];
  speakers: { name: string; role: string }[];
};

Deno.test("transcripts.search: the ticker's own transcripts, newest first, with quarter and date", async () => {
  const data = dataOf(await envelope("transcripts.search", { symbol: "EXSW" }, opts)) as {
    transcripts: { title: string; quarter: string; published_at: string; url: string }[];
  };
  assert.equal(
    data.transcripts[0].title,
    "Example Software (EXSW) Q3 2025 Earnings Call Transcript",
  );
  assert.deepEqual(
    data.transcripts.map((t) => [t.quarter, t.published_at]),
    [["Q3 2025", "2025-11-06"], ["Q2 2025", "2025-08-07"]],
  );
  assert.ok(data.transcripts.every((t) => t.url.includes("-exsw-")));
});

Deno.test("transcripts.search: nothing found is an empty list with a warning naming the pages", async () => {
  const env = await envelope("transcripts.search", { symbol: "NONE", debug: true }, opts);
  const data = dataOf(env) as { count: number; attempts: unknown[] };
  assert.equal(data.count, 0);
  assert.equal(data.attempts.length, 4);
  assert.match(env.warnings.join(" "), /fool\.com\/quote\/nasdaq\/none/);
});

Deno.test("transcripts.read: prepared remarks vs Q&A, speakers, roles and exact offsets", async () => {
  const env = await envelope("transcripts.read", {
    url: CALL_URL,
    include_turns: true,
    max_chars: 0,
  }, opts);
  const data = dataOf(env) as ReadData;
  assert.equal(data.transcript.quarter, "Q3 2025");
  assert.equal(data.transcript.published_at, "2025-11-06");
  assert.equal(data.transcript.source, "motley_fool");
  assert.deepEqual(data.prepared_speakers, ["Jane Doe", "Raj Patel"]);
  for (const t of [...data.prepared_remarks, ...data.qa_turns]) {
    assert.equal(data.text.slice(t.start_char, t.end_char), t.text);
  }
  assert.match(data.qa_turns[0].text, /first question comes from/);
  const sam = data.qa_turns.find((t) => t.speaker === "Sam Lee")!;
  assert.equal(sam.role, "management", "an executive first heard in the Q&A is not an analyst");
  const lena = data.qa_turns.find((t) => t.speaker === "Lena Ortiz")!;
  assert.equal(lena.role, "analyst");
  assert.ok(!data.text.includes("Image source"), "the image credit line is skipped");
});

Deno.test("transcripts.qa: questions paired with answers; follow-ups stay with their caller", async () => {
  const data = dataOf(await envelope("transcripts.qa", { url: CALL_URL }, opts)) as {
    qa_pairs: { questioner: string; question: unknown[]; answers: { speaker: string }[] }[];
  };
  assert.deepEqual(
    data.qa_pairs.map((p) => [p.questioner, p.question.length, p.answers.map((a) => a.speaker)]),
    [["Lena Ortiz", 1, ["Jane Doe"]], ["Tom Becker", 2, ["Raj Patel", "Sam Lee", "Jane Doe"]]],
  );
});

Deno.test("transcripts.read: a local text file (path and file:// URL) with `Name:` labels", async () => {
  const path = join(DIR, "plain_call.txt");
  for (const url of [path, pathToFileURL(path).href]) {
    const data = dataOf(
      await envelope("transcripts.read", { url, include_turns: true }, opts),
    ) as ReadData & { qa_turn_count: number };
    assert.equal(data.transcript.source, "local_file");
    assert.equal(data.transcript.quarter, "Q2 2025");
    assert.equal(data.prepared_remarks.length, 3);
    assert.equal(data.qa_turn_count, 3);
  }
});

Deno.test("transcripts.read: quarter selection is exact, not a substring test", async () => {
  const env = await envelope("transcripts.read", { symbol: "EXSW", quarter: "Q1 2025" }, opts);
  assert.equal(env.ok, false);
  assert.match(env.error!, /no transcript of EXSW matched quarter Q1 2025; found Q3 2025, Q2 2025/);
});

Deno.test({
  name: "conformance: a real NVIDIA call page splits into remarks and 10 answered questions",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("NVIDIA transcript conformance");
    if (!root) return;
    const url = join(root, "transcripts", "html", "nvidia_q4_fy2024_transcript.html");
    const run = { env: { FINANCE_DOCUMENT_ROOTS: root } };
    const read = dataOf(await envelope("transcripts.read", { url, include_turns: true }, run)) as
      & ReadData
      & { qa_marker: string };
    assert.equal(read.transcript.quarter, "Q4 2024");
    assert.equal(read.transcript.published_at, "2024-02-21");
    assert.deepEqual(read.prepared_speakers, ["Simona Jankowski", "Colette Kress"]);
    assert.equal(read.qa_marker, "Question-and-Answer Session");
    const qa = dataOf(await envelope("transcripts.qa", { url, limit: 50 }, run)) as {
      qa_pairs: { questioner: string }[];
    };
    assert.equal(qa.qa_pairs.length, 9);
    assert.equal(qa.qa_pairs[0].questioner, "Toshiya Hari");
    assert.equal(qa.qa_pairs.at(-1)!.questioner, "Harsh Kumar");
  },
});

Deno.test({
  name: "conformance: Motley Fool text without speaker labels is returned with a warning",
  ignore: !SHARED,
  async fn() {
    const root = sharedOrSkip("Motley Fool text conformance");
    if (!root) return;
    const url = join(root, "transcripts", "ectsum-motley-fool-text", "AAP_q4_2020.txt");
    const env = await envelope("transcripts.read", { url }, {
      env: { FINANCE_DOCUMENT_ROOTS: root },
    });
    const data = dataOf(env) as { char_count: number };
    assert.ok(data.char_count > 10000);
    assert.match(env.warnings.join(" "), /no speaker labels/);
  },
});

Deno.test("transcripts.qa CSV: one row per question and answer turn, with speaker and offsets", async () => {
  const { render } = await import("../../adapters/render.ts");
  const e = await envelope("transcripts.qa", { url: CALL_URL }, opts);
  const csv = render(e, "csv", { view: "qa" });
  const [head, first] = csv.split("\n");
  assert.match(
    head,
    /^pair,role,speaker,title,text,start_char,end_char,quarter,published_at,url,source(,warnings)?$/,
  );
  assert.match(first, /^1,question,/);
  assert.ok(csv.includes(",answer,"));
  assert.ok(!/text=|start_char=/.test(csv), "no records flattened into cells");
});
