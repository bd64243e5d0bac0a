/**
 * Plain-text transcripts in the two layouts saved calls come in (Motley Fool's text with
 * `Name -- Title` lines and section headings, and `Name: words` paragraphs): where the Q&A
 * starts, who asks, and which management turns answer. The calls are the project's own.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope } from "../_helpers.ts";
import { passesOn } from "../../analysis/evidence/transcript.ts";

type Turn = {
  speaker: string;
  role: string;
  role_source: string;
  text: string;
  start_char: number;
  end_char: number;
};
type ReadData = {
  transcript: { title: string | null; quarter: string | null };
  text: string;
  prepared_speakers: string[];
  prepared_remarks: Turn[];
  qa_turns: Turn[];
  qa_start_char: number | null;
  qa_marker: string | null;
  qa_rule: string | null;
  speakers: { name: string; role: string }[];
};
type QaData = {
  qa_pairs: { questioner: string; answers: { speaker: string; text: string }[] }[];
  count: number;
  unanswered_count: number;
};

const HOST_INTRO =
  "Thank you. Speaking first today is our CEO Ana Silva, and she'll be followed by CFO Ben Ode. After that, we'll open the call to questions from analysts. Please note that some of what you hear today is forward-looking. I'd now like to turn the call over to Ana.";

/** Motley Fool text layout: title line, headings on lines of their own, `Name -- Title` labels. */
const FOOL_LAYOUT = `Example Widgets Inc (EXWG) Q2 2025 Earnings Call Transcript

Prepared Remarks:

Operator

Good day, and welcome to the Example Widgets second quarter fiscal 2025 call. I would like to turn the call over to Tess Moreau, head of investor relations. Please go ahead.

Tess Moreau -- Head of Investor Relations

${HOST_INTRO}

Ana Silva -- Chief Executive Officer

Thank you, Tess. Revenue grew 12% to $810 million. We shipped our new line ahead of plan.

Ben Ode -- Chief Financial Officer

Thanks, Ana. Gross margin was 41.5%. We expect revenue of $830 million next quarter.

Tess Moreau -- Head of Investor Relations

Thank you, Ben. We ask that you limit yourself to one question. Operator, may we have the first question, please?

Questions & Answers:

Operator

Certainly. We will take our first question from Dana Wu with Example Bank.

Dana Wu -- Example Bank -- Analyst

How should we think about margins next year?

Ben Ode -- Chief Financial Officer

We expect gross margin between 41% and 42%.

Tess Moreau -- Head of Investor Relations

Great. Thanks. Can we have the next question, please?

Operator

Our next question comes from omar Haddad of Sample Capital.

Omar Haddad -- Sample Capital -- Analyst

What drove demand in Europe?

Ana Silva -- Chief Executive Officer

Mostly the new line; Europe grew 9%.

Tess Moreau -- Head of Investor Relations

Thanks, Omar. A replay of today's call will be available for two weeks on our website. Thank you again for joining us.
`;

/** `Name: words` layout without headings or titles; callers introduced in several ways. */
const COLON_LAYOUT =
  `Operator: Good day, and welcome to the Example Widgets second quarter fiscal 2025 call. I would like to turn the call over to Tess Moreau. Please go ahead.

Tess Moreau: ${HOST_INTRO}

Ana Silva: Thank you, Tess. Revenue grew 12% to $810 million.

Ben Ode: Thanks, Ana. Gross margin was 41.5%. Operator, may we have the first question, please?

Operator: Certainly. We will go ahead and take our first question from Dana Wu with Example Bank.

Dana Wu: How should we think about margins next year?

Ben Ode: We expect gross margin between 41% and 42%.

Tess Moreau: Great. Thanks. Can we have the next question, please?

Operator: Our next question comes from omar Haddad of Sample Capital.

Omar Haddad: What drove demand in Europe?

Ana Silva: Mostly the new line; Europe grew 9%.

Tess Moreau: Thanks, Omar. Can we have the next question, please?

Operator: Next we'll hear from Priya Nair of Demo Securities. Priya, your line is open.

Priya Nair: Any update on pricing?

Ana Silva: Prices held steady this quarter.

Operator: Go ahead, caller.

Lee Grant: Can you size the backlog?

Ben Ode: The backlog was $1.2 billion.

Tess Moreau: Thanks, Lee. A replay of today's call will be available for two weeks on our website. Thank you again for joining us.
`;

const dir = Deno.makeTempDirSync({ prefix: "finance_transcripts_" });
const files: Record<string, string> = {
  fool: FOOL_LAYOUT,
  fool_no_heading: FOOL_LAYOUT.replace("Questions & Answers:\n\n", ""),
  colon: COLON_LAYOUT,
  sentence_first: "I am joined by Ana Silva, our Chief Executive Officer.\nRevenue grew 12%.\n",
};
for (const [name, text] of Object.entries(files)) {
  Deno.writeTextFileSync(join(dir, `${name}.txt`), text);
}
const run = { env: { FINANCE_DOCUMENT_ROOTS: dir } };
const path = (name: string) => join(dir, `${name}.txt`);

async function read(name: string) {
  const env = await envelope("transcripts.read", {
    source: path(name),
    include_turns: true,
    max_chars: 0,
  }, run);
  return { env, data: dataOf(env) as ReadData };
}

function assertOffsets(data: ReadData) {
  for (const t of [...data.prepared_remarks, ...data.qa_turns]) {
    assert.equal(data.text.slice(t.start_char, t.end_char), t.text);
  }
}

Deno.test("transcripts.read plain text: a `Questions & Answers:` line starts the Q&A, not the host's announcement", async () => {
  const { data } = await read("fool");
  assert.equal(data.qa_rule, "heading");
  assert.equal(data.qa_marker, "Questions & Answers");
  assert.equal(
    data.text.slice(data.qa_start_char!).split("\n")[0],
    "Certainly. We will take our first question from Dana Wu with Example Bank.",
  );
  assert.deepEqual(data.prepared_speakers, ["Tess Moreau", "Ana Silva", "Ben Ode"]);
  assert.ok(
    !data.qa_turns.some((t) => /Revenue grew 12%/.test(t.text)),
    "the CEO's remarks are prepared",
  );
  assertOffsets(data);
});

Deno.test("transcripts.read plain text: without a heading the operator's first hand-over starts the Q&A, and a warning says so", async () => {
  const { env, data } = await read("fool_no_heading");
  assert.equal(data.qa_rule, "operator_first_question");
  assert.deepEqual(data.prepared_speakers, ["Tess Moreau", "Ana Silva", "Ben Ode"]);
  assert.match(data.qa_turns[0].text, /take our first question from Dana Wu/);
  assert.match(
    env.warnings.join(" "),
    /Q&A start \(character \d+\) was found by the operator's hand-over to the first caller/,
  );
  assertOffsets(data);
});

Deno.test("transcripts.read `Name:` text: callers introduced as 'take our first question from', lower-case and 'Next we'll hear from' are analysts", async () => {
  const { data } = await read("colon");
  const role = (n: string) => data.qa_turns.find((t) => t.speaker === n)!;
  for (const n of ["Dana Wu", "Omar Haddad", "Priya Nair"]) {
    assert.equal(role(n).role, "analyst", n);
    assert.equal(role(n).role_source, "operator_intro", n);
  }
  assert.deepEqual(data.prepared_speakers, ["Tess Moreau", "Ana Silva", "Ben Ode"]);
});

Deno.test("transcripts.read: a speaker nothing places is role unknown, named in a warning, not assumed management", async () => {
  const { env, data } = await read("colon");
  const lee = data.qa_turns.find((t) => t.speaker === "Lee Grant")!;
  assert.equal(lee.role, "unknown");
  assert.match(env.warnings.join(" "), /role unknown .*Lee Grant/);
});

Deno.test("transcripts.qa: every introduced caller is paired; the host's hand-offs and closing are not answers", async () => {
  for (const name of ["fool", "colon"]) {
    const env = await envelope("transcripts.qa", { source: path(name), limit: 50 }, run);
    const data = dataOf(env) as QaData;
    const expected = [["Dana Wu", ["Ben Ode"]], ["Omar Haddad", ["Ana Silva"]]];
    if (name === "colon") expected.push(["Priya Nair", ["Ana Silva"]]);
    assert.deepEqual(
      data.qa_pairs.map((p) => [p.questioner, p.answers.map((a) => a.speaker)]),
      expected,
      name,
    );
    assert.ok(
      data.qa_pairs.every((p) => p.answers.every((a) => !/next question|replay/.test(a.text))),
    );
    if (name === "colon") assert.match(env.warnings.join(" "), /role of Lee Grant is unknown/);
  }
});

Deno.test("passesOn: hand-offs and closings, but not answers that mention questions", () => {
  assert.ok(passesOn("Great. Thanks. Can we have the next question, please?"));
  assert.ok(passesOn("Operator, can we move on to the next? Richard. Okay."));
  assert.ok(passesOn("Thanks, Omar. A replay of today's call will be available for two weeks."));
  assert.ok(!passesOn("We expect gross margin between 41% and 42%. Next question, please."));
  assert.ok(
    !passesOn(
      "Yes. On the first question, demand was strong across regions and we added capacity.",
    ),
  );
});

Deno.test("transcripts.read plain text: the title is the first line only when it reads as a title", async () => {
  assert.equal(
    (await read("fool")).data.transcript.title,
    "Example Widgets Inc (EXWG) Q2 2025 Earnings Call Transcript",
  );
  assert.equal((await read("sentence_first")).data.transcript.title, null);
  assert.equal((await read("colon")).data.transcript.title, null);
  assert.equal((await read("colon")).data.transcript.quarter, "Q2 2025");
});
