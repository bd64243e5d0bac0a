/**
 * transcripts.*, sixth audit: a hand-off the labels do not bear out is said, with its offset, never
 * attributed silently: the operator calls one analyst and another speaker's label follows, a host
 * hands the call to one executive and another speaks, an operator's hand-off sits inside an
 * executive's turn (its label lost). kpi.extract marks figures an analyst or a speaker of unknown
 * role states: not the company's word.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope } from "../_helpers.ts";
import { textBlocks } from "../../analysis/evidence/transcript_html.ts";
import { pairQuestions, parseTranscript, passesOn } from "../../analysis/evidence/transcript.ts";

const CALL = `Acme Corp (ACME) Q3 2025 Earnings Call Transcript

Operator: Good day and welcome to the Acme third quarter 2025 earnings call. I'll now turn the call over to Jane Roe, Head of Investor Relations.

John Doe: Thank you, operator. Good morning everyone. Revenue was $5.2 billion in the quarter.

Jane Roe: Thanks John. Gross margin was 45%. With that, operator, please open the line for questions.

Operator: Our first question comes from Alex Brown with Goldman Sachs.

Carl White: Hi, thanks for taking my question. How should we think about margins?

John Doe: Margins will improve next year.

Operator: Next question comes from the line of Dana Green with Morgan Stanley.

Dana Green: With revenue at $4.9 billion in the quarter, what about pricing?

Jane Roe: Pricing was stable overall across every region we serve. Our next question comes from the line of Stacy Ross with Bernstein.

Stacy Ross: Thanks. What about capex?

John Doe: Capex will be about $1 billion.

Operator: This concludes today's call. Thank you for joining.
`;

/** The same call with every hand-off borne out by the label after it. */
const CLEAN = CALL.replace("over to Jane Roe", "over to John Doe")
  .replace("from Alex Brown", "from Carl White")
  .replace(
    "Our next question comes from the line of Stacy Ross with Bernstein.",
    "That is all on pricing.",
  )
  .replace(
    "Stacy Ross: Thanks.",
    "Operator: Next question comes from Stacy Ross.\n\nStacy Ross: Thanks.",
  );

Deno.test("audit6: hand-offs the next label does not bear out are warned, with offsets", () => {
  const p = parseTranscript(textBlocks(CALL));
  const w = p.handoff_warnings;
  // before: no warning at all; Carl White's words went unremarked after a call to Alex Brown
  assert.equal(w.length, 3, w.join("\n"));
  const jane =
    /^Operator hands the line to Jane Roe \("turn the call over to Jane Roe", character (\d+)\) but the next turn \(character (\d+)\) is labelled John Doe/
      .exec(w[0]);
  assert.ok(jane, w[0]);
  assert.equal(p.text.slice(Number(jane[1])).startsWith("turn the call over to Jane Roe"), true);
  const john = p.turns.find((t) => t.speaker === "John Doe")!;
  assert.equal(Number(jane[2]), john.start_char);
  assert.match(w[1], /hands the line to Alex Brown .* labelled Carl White/);
  const alex = /character (\d+)/.exec(w[1])!;
  assert.ok(p.text.slice(Number(alex[1])).startsWith("question comes from Alex Brown"));
  // the operator's words in Jane Roe's turn
  assert.match(w[2], /"the line of Stacy Ross" \(character \d+\) is in Jane Roe's turn/);
  const at = Number(/character (\d+)/.exec(w[2])![1]);
  assert.ok(p.text.slice(at).startsWith("the line of Stacy Ross"));
});

Deno.test("audit6: a call whose hand-offs are borne out has no such warning", () => {
  const p = parseTranscript(textBlocks(CLEAN));
  assert.deepEqual(p.handoff_warnings, []);
  // a hand-off mid-turn ("Before I turn it over to John, ...") is no hand-off of the turn
  const mid = CLEAN.replace(
    "Thanks John. Gross margin",
    "Before I turn it over to John Doe again, a word on margins. " + "x ".repeat(100) +
      "Gross margin",
  );
  assert.deepEqual(parseTranscript(textBlocks(mid)).handoff_warnings, []);
});

Deno.test("audit6: transcripts.read and qa pass the hand-off warnings on", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "acme_q3_2025.txt");
    await Deno.writeTextFile(file, CALL);
    const opts = { env: { FINANCE_DOCUMENT_ROOTS: dir } };
    for (const command of ["transcripts.read", "transcripts.qa"]) {
      const args = command === "transcripts.read" ? { url: file, max_chars: 0 } : { url: file };
      const env = await envelope(command, args, opts);
      assert.equal(env.ok, true, JSON.stringify(env.error));
      const warnings = [
        ...env.warnings,
        ...((env.data as { warnings?: string[] }).warnings ?? []),
      ].join("\n");
      assert.match(warnings, /hands the line to Alex Brown/, command);
      assert.match(warnings, /role unknown|is unknown/, command);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit6: kpi.extract marks a figure an analyst states, and keeps it out of the company's", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "acme_q3_2025.txt");
    await Deno.writeTextFile(file, CALL);
    const env = await envelope("kpi.extract", {
      symbol: "ACME",
      source: file,
      metrics: "revenue",
      limit: 50,
    }, { env: { FINANCE_DOCUMENT_ROOTS: dir } });
    const data = dataOf(env) as {
      kpis: {
        speaker: string;
        value: { number: number };
        note: string | null;
        confidence: string;
      }[];
    };
    const own = data.kpis.find((k) => k.speaker === "John Doe")!;
    assert.equal(own.value.number, 5.2e9);
    assert.notEqual(own.confidence, "low");
    // before: Dana Green's $4.9 billion came back as a company figure like any other
    const asked = data.kpis.filter((k) => k.speaker === "Dana Green");
    assert.equal(asked.length, 1, JSON.stringify(data.kpis));
    for (const k of asked) {
      assert.match(k.note ?? "", /^said by an analyst \(Dana Green\)/);
      assert.equal(k.confidence, "low");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("audit6: a caller's question inside the operator's turn (the caller's label lost) is warned", () => {
  const text = `Acme Corp (ACME) Q3 2025 Earnings Call Transcript

Operator: Good day and welcome to the Acme call. I'll now turn the call over to John Doe, CEO.

John Doe: Thank you, operator. Revenue was $5.2 billion in the quarter. Operator, please open the line for questions.

Operator: Our first question comes from Alex Brown with Goldman Sachs. Hi, thanks for taking my question. I wanted to ask about margins and how we should think about the trajectory into next year given the pricing environment and the cost inflation you flagged?

John Doe: Margins will improve next year as pricing catches up.

Operator: This concludes today's call. Thank you for joining.
`;
  const p = parseTranscript(textBlocks(text));
  // before: no warning; the question was the operator's words and the answer answered nobody
  assert.equal(p.handoff_warnings.length, 1, p.handoff_warnings.join("\n"));
  assert.match(
    p.handoff_warnings[0],
    /^the operator's turn goes on for \d+ characters with a question after handing the line to Alex Brown \(character (\d+)\)/,
  );
  const at = Number(/character (\d+)/.exec(p.handoff_warnings[0])![1]);
  assert.ok(p.text.slice(at).startsWith("question comes from Alex Brown"));
});

Deno.test("audit6: a firm named in the hand-off is not taken for the caller", () => {
  const text = CLEAN.replace(
    "Operator: Our first question comes from Carl White with Goldman Sachs.",
    "Operator: Our first question comes from Goldman Sachs. Carl White, your line is open.",
  );
  assert.notEqual(text, CLEAN);
  assert.deepEqual(parseTranscript(textBlocks(text)).handoff_warnings, []);
});

Deno.test("audit6: a short answer before the host's hand-off is an answer, not a hand-off", () => {
  const text = CALL.replace(
    "Pricing was stable overall across every region we serve.",
    "Pricing was stable.",
  );
  assert.notEqual(text, CALL);
  const q = pairQuestions(parseTranscript(textBlocks(text)).turns);
  // before: Jane Roe's "Pricing was stable." was dropped as a hand-off and Dana Green's question
  // counted unanswered
  assert.deepEqual(
    q.pairs.map((p) => [p.questioner, p.answers.map((a) => a.speaker)]),
    [["Dana Green", ["Jane Roe"]], ["Stacy Ross", ["John Doe"]]],
  );
  // a turn that only passes the call on is still no answer
  assert.ok(passesOn("Operator? Next question, please."));
  assert.ok(passesOn("Great. Thanks. Can we have the next question, please?"));
});
