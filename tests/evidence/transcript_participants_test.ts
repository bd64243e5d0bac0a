/**
 * The layout of Seeking Alpha and many IR sites: a participant list ("Company Participants",
 * "Conference Call Participants", `Name - Title` lines), then each speaker's name alone on its
 * line with the speech after it, a "Question-and-Answer Session" heading and often no operator.
 * The old reader took the speaker lines for more participants (all analysts), found two speakers
 * of five and no Q&A pairs. Also: names heard once with no list, first names after the first
 * turn, an answer that closes the call. The calls are made up for these tests.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES, ROOT } from "../_helpers.ts";
import { textBlocks } from "../../analysis/evidence/transcript_html.ts";
import { pairQuestions, parseTranscript } from "../../analysis/evidence/transcript.ts";

const DIR = join(FIXTURES, "evidence", "transcripts_sa");
const run = { env: { FINANCE_DOCUMENT_ROOTS: DIR } };
const SA = Deno.readTextFileSync(join(DIR, "acme_q3.txt"));

function parse(text: string) {
  const p = parseTranscript(textBlocks(text));
  for (const t of p.turns) assert.equal(p.text.slice(t.start_char, t.end_char), t.text);
  return p;
}

type Parsed = ReturnType<typeof parse>;
const shape = (p: Parsed) => p.turns.map((t) => [t.speaker, t.role, t.part]);
const pairs = (p: Parsed) =>
  pairQuestions(p.turns).pairs.map((q) => [q.questioner, q.answers.map((a) => a.speaker)]);

const EXPECTED = [
  ["Jane Smith", "management", "prepared"],
  ["John Doe", "management", "prepared"],
  ["Mary Major", "management", "prepared"],
  ["Alex Analyst", "analyst", "qa"],
  ["Mary Major", "management", "qa"],
  ["Bob Banker", "analyst", "qa"],
  ["John Doe", "management", "qa"],
];
const PAIRS = [["Alex Analyst", ["Mary Major"]], ["Bob Banker", ["John Doe"]]];

Deno.test("transcripts.read: participant lists then names alone on a line: five speakers, roles from the lists, Q&A at the heading", async () => {
  const env = await envelope("transcripts.read", {
    source: join(DIR, "acme_q3.txt"),
    include_turns: true,
    max_chars: 0,
  }, run);
  const data = dataOf(env) as {
    speakers: { name: string; role: string; title: string | null }[];
    qa_marker: string | null;
    qa_rule: string | null;
    prepared_speakers: string[];
    qa_turn_count: number;
  };
  assert.deepEqual(
    data.speakers.map((s) => [s.name, s.role, s.title]),
    [
      ["Jane Smith", "management", "Vice President, Investor Relations"],
      ["John Doe", "management", "Chief Executive Officer"],
      ["Mary Major", "management", "Chief Financial Officer"],
      ["Alex Analyst", "analyst", "Goldman Sachs"],
      ["Bob Banker", "analyst", "Morgan Stanley"],
    ],
  );
  assert.equal(data.qa_marker, "Question-and-Answer Session");
  assert.equal(data.qa_rule, "heading");
  assert.deepEqual(data.prepared_speakers, ["Jane Smith", "John Doe", "Mary Major"]);
  assert.equal(data.qa_turn_count, 4);
});

Deno.test("transcripts.qa: the participant-list layout without an operator gives its two Q&A pairs", async () => {
  const env = await envelope("transcripts.qa", { source: join(DIR, "acme_q3.txt") }, run);
  const data = dataOf(env) as {
    qa_pairs: {
      questioner: string;
      question: { text: string }[];
      answers: { speaker: string }[];
    }[];
    unanswered_count: number;
  };
  assert.deepEqual(
    data.qa_pairs.map((q) => [q.questioner, q.answers.map((a) => a.speaker)]),
    PAIRS,
  );
  assert.equal(data.qa_pairs[1].question[0].text, "What about pricing?");
  assert.equal(data.unanswered_count, 0);
});

Deno.test("participant-list layout: without blank lines, with operator turns, in capitals, with any Q&A heading", () => {
  const noBlank = SA.split("\n").filter((l) => l.trim()).join("\n");
  assert.deepEqual(shape(parse(noBlank)), EXPECTED, "no blank lines");
  assert.deepEqual(pairs(parse(noBlank)), PAIRS);
  for (const heading of ["Questions and Answers", "Q&A", "QUESTION-AND-ANSWER SESSION", "Q&A:"]) {
    const p = parse(SA.replace("Question-and-Answer Session", heading));
    assert.deepEqual(shape(p), EXPECTED, heading);
    assert.equal(p.qa_rule, "heading", heading);
    assert.deepEqual(pairs(p), PAIRS, heading);
  }
  let caps = SA;
  for (const n of ["Jane Smith", "John Doe", "Mary Major", "Alex Analyst", "Bob Banker"]) {
    caps = caps.replaceAll(`\n\n${n}\n\n`, `\n\n${n.toUpperCase()}\n\n`);
  }
  assert.deepEqual(
    shape(parse(caps)),
    EXPECTED.map(([n, r, q]) => [n.toUpperCase(), r, q]),
    "names in capitals",
  );
  const withOperator = SA
    .replace(
      "Jane Smith\n\nGood afternoon",
      "Operator\n\nGood day, and welcome. I would now like to turn the call over to Jane Smith.\n\nJane Smith\n\nGood afternoon",
    )
    .replace(
      "Session\n\nAlex Analyst",
      "Session\n\nOperator\n\nOur first question comes from Alex Analyst with Goldman Sachs.\n\nAlex Analyst",
    )
    .replace(
      "\n\nBob Banker\n\nWhat",
      "\n\nOperator\n\nNext question, Bob Banker with Morgan Stanley.\n\nBob Banker\n\nWhat",
    ) + "\nOperator\n\nThis concludes today's call. Thank you for joining.\n";
  const op = parse(withOperator);
  assert.deepEqual(
    shape(op).filter(([n]) => n !== "Operator"),
    EXPECTED,
    "with the operator",
  );
  assert.deepEqual(pairs(op), PAIRS);
});

Deno.test("participant-list layout: middle initials and suffixes match the list", () => {
  const text = SA
    .replace("John Doe - Chief", "John A. Doe - Chief")
    .replace("Mary Major - Chief", "Mary Major, Jr. - Chief")
    .replaceAll("\n\nJohn Doe\n\n", "\n\nJohn A. Doe\n\n")
    .replaceAll("\n\nMary Major\n\n", "\n\nMary Major Jr.\n\n");
  const p = parse(text);
  assert.deepEqual(
    shape(p),
    EXPECTED.map(([n, r, q]) => [
      n.replace("John Doe", "John A. Doe").replace("Mary Major", "Mary Major Jr."),
      r,
      q,
    ]),
  );
  const mary = p.turns.find((t) => t.speaker === "Mary Major Jr.")!;
  assert.equal(mary.role_source, "participant_list");
  assert.equal(mary.speaker_title, "Chief Financial Officer");
  // "Name, Jr." alone on a line is the name, suffix included
  const comma = parse(SA.replaceAll("\n\nMary Major\n\n", "\n\nMary Major, Jr.\n\n"));
  assert.equal(comma.turns[2].speaker, "Mary Major, Jr.");
  assert.equal(comma.turns[2].role_source, "participant_list");
  // "Dr. Mary Major" on the list speaks as "Mary Major"
  const dr = parse(SA.replace("Mary Major - Chief", "Dr. Mary Major - Chief"));
  assert.deepEqual(shape(dr), EXPECTED);
  assert.equal(dr.turns[2].speaker_title, "Chief Financial Officer");
});

Deno.test("participant-list layout: speech lines that look like names never become speakers", () => {
  const text = SA
    .replace("With me are John and Mary.", "With me are John and Mary.\n\nThank you.\n\nRevenue")
    .replace(
      "Margins expanded by 150 basis points.",
      "Margins expanded by 150 basis points.\n\nBusiness Update\n\nWe opened two plants.\n\nApple Watch",
    );
  const p = parse(text);
  assert.deepEqual(shape(p), EXPECTED);
  assert.match(p.turns[0].text, /Thank you\.\n\nRevenue$/);
  assert.match(p.turns[1].text, /Business Update\n\nWe opened two plants\.\n\nApple Watch$/);
  assert.deepEqual(pairs(p), PAIRS);
});

Deno.test("participant lists: `Name - Firm` names the person, not the firm, even when the name holds a title word", () => {
  const p = parse(SA);
  const alex = p.participants.find((x) => x.name === "Alex Analyst");
  assert.ok(alex, p.participants.map((x) => x.name).join(", "));
  assert.equal(alex.title, "Goldman Sachs");
  assert.equal(alex.role, "analyst");
  assert.ok(!p.participants.some((x) => x.name === "Goldman Sachs"));
  // the title first still names the person after it
  const titleFirst = parse(
    SA.replace("John Doe - Chief Executive Officer", "Chief Executive Officer - John Doe"),
  );
  assert.equal(
    titleFirst.participants.find((x) => x.name === "John Doe")?.title,
    "Chief Executive Officer",
  );
});

Deno.test("names alone on a line without participant lists: taken with a warning, askers inferred as analysts with a warning", async () => {
  const noList = SA.slice(0, SA.indexOf("Company Participants")) +
    SA.slice(SA.indexOf("Jane Smith\n\nGood")).replaceAll("Alex Analyst", "Alex Ames");
  const p = parse(noList);
  assert.deepEqual(
    shape(p),
    EXPECTED.map(([n, r, q]) => [n.replace("Alex Analyst", "Alex Ames"), r, q]),
  );
  assert.equal(p.turns[3].role_source, "inferred");
  assert.match(
    p.label_warnings.join(" "),
    /names heard once.*"Jane Smith", "Alex Ames", "Bob Banker"/,
  );
  const path = join(await Deno.makeTempDir(), "nolist.txt");
  Deno.writeTextFileSync(path, noList);
  const env = await envelope("transcripts.qa", { source: path }, {
    env: { FINANCE_DOCUMENT_ROOTS: join(path, "..") },
  });
  const data = dataOf(env) as { qa_pairs: { questioner: string }[] };
  assert.deepEqual(data.qa_pairs.map((q) => q.questioner), ["Alex Ames", "Bob Banker"]);
  assert.match(env.warnings.join(" "), /taken as analysts because .*Alex Ames, Bob Banker/);
  // a name alone on a line that is not taken is said, never silently given to the speaker before
  const analyst = parse(noList.replace("Alex Ames", "Alex Analyst"));
  assert.match(analyst.label_warnings.join(" "), /kept as speech.*"Alex Analyst"/);
});

Deno.test("`Mary:` after turns of `Mary Major:` is Mary Major, not more of the caller's question", () => {
  const text = [
    "Operator: Good day. I will now turn the call over to John Doe, Chief Executive Officer.",
    "John Doe: Thanks. Revenue grew 12% to $1.2 billion. Mary will cover the details.",
    "Mary Major: Gross margin was 45.2%.",
    "Operator: Our first question comes from Alex Ames with Goldman Sachs.",
    "Alex Ames: Thanks. Can you talk about margins into next year?",
    "Mary: Sure. We expect margins to hold around 45%.",
    "Alex: And pricing?",
    "John: Pricing was flat in the quarter.",
    "Operator: This concludes today's call. Thank you for joining.",
  ].join("\n\n");
  const p = parse(text);
  assert.deepEqual(
    p.turns.map((t) => t.speaker),
    [
      "Operator",
      "John Doe",
      "Mary Major",
      "Operator",
      "Alex Ames",
      "Mary Major",
      "Alex Ames",
      "John Doe",
      "Operator",
    ],
  );
  assert.equal(p.turns[5].text, "Sure. We expect margins to hold around 45%.");
  assert.match(p.label_warnings.join(" "), /first name only.*"Mary" as Mary Major/);
  // two speakers named John: "John:" is nobody's for sure, kept as speech
  const two = parse(
    text.replace("Operator: Our first", "John Roe: I add that costs fell.\n\nOperator: Our first"),
  );
  assert.ok(!two.turns.some((t) => t.text.startsWith("Pricing was flat")));
});

Deno.test("an answer that ends with the call's closing words is still the answer", async () => {
  const env = await envelope("transcripts.qa", { source: join(DIR, "acme_q3_ir.html") }, run);
  const data = dataOf(env) as {
    qa_pairs: { questioner: string; answers: { speaker: string; text: string }[] }[];
    unanswered_count: number;
  };
  assert.deepEqual(
    data.qa_pairs.map((q) => [q.questioner, q.answers.map((a) => a.speaker)]),
    [["Alex Ames", ["Mary Major"]], ["Bob Banker", ["John Doe"]]],
  );
  assert.equal(data.unanswered_count, 0);
  // closing remarks after the last answer are still no answer
  const closing = parse(
    SA + "\nJohn Doe\n\nThanks everyone. That concludes our call. Thank you for joining.\n",
  );
  assert.deepEqual(pairs(closing), PAIRS);
  assert.equal(pairQuestions(closing.turns).hand_offs, 1);
});

// speed is measured in bench/, not here: these assert that the whole input is read right
Deno.test("participant-list layout: thousands of listed and once-heard names all read", async () => {
  const make = `(() => {
  const c = (n) => String.fromCharCode(97 + n % 26);
  const name = (i) => "Jo" + c(i) + c(i / 26 | 0) + " Do" + c(i / 676 | 0) + c(i / 17576 | 0);
  const list = [], turns = [];
  for (let i = 0; i < 20000; i++) list.push(name(i) + " - Analyst");
  for (let i = 0; i < 40000; i++) {
    turns.push(name(i % 20000), "What about pricing " + i + "?", "Mary Major", "Pricing was flat.", "Mary", "Sure.", name(20000 + i), "And costs?");
  }
  return "Company Participants\\n\\n" + list.join("\\n") + "\\n\\nQuestion-and-Answer Session\\n\\n" + turns.join("\\n\\n");
})()`;
  const script = `const mod = await import(${
    JSON.stringify(new URL("analysis/evidence/transcript.ts", `file://${ROOT}/`).href)
  });
const html = await import(${
    JSON.stringify(new URL("analysis/evidence/transcript_html.ts", `file://${ROOT}/`).href)
  });
const input = ${make};
const parsed = mod.parseTranscript(html.textBlocks(input));
if (parsed.turns.length !== 120000) throw new Error("turns " + parsed.turns.length);
console.log("finished");`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=js", script],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(
    out.success && new TextDecoder().decode(out.stdout).includes("finished"),
    new TextDecoder().decode(out.stderr).slice(0, 400),
  );
});

Deno.test("IR pages writing the name over the title (`<b>Name</b><br>Title`): speakers with titles, lists read as one person a block", async () => {
  const env = await envelope("transcripts.read", {
    source: join(DIR, "acme_q3_titles.html"),
    include_turns: true,
  }, run);
  const data = dataOf(env) as {
    speakers: { name: string; role: string; title: string | null }[];
    qa_rule: string | null;
  };
  assert.deepEqual(data.speakers.map((s) => [s.name, s.role, s.title]), [
    ["Jane Smith", "management", "Vice President, Investor Relations"],
    ["John Doe", "management", "Chief Executive Officer"],
    ["Mary Major", "management", "Chief Financial Officer"],
    ["Alex Ames", "analyst", "Analyst, Goldman Sachs"],
    ["Bob Banker", "analyst", "Analyst, Morgan Stanley"],
  ]);
  assert.equal(data.qa_rule, "heading");
  // a sentence under a name ("Apple Watch" over "Chief among the reasons…") is no label
  const p = parse(
    "Apple Watch\nChief among the reasons was demand\n\nMary Major\nChief Financial Officer\n\nMargins rose.\n\nJohn Doe\nChief Executive Officer\n\nThanks.",
  );
  assert.deepEqual(p.turns.map((t) => t.speaker), ["Mary Major", "John Doe"]);
});

Deno.test("`Unidentified Analyst` and names marked [Interpreted] are speakers, not more of the last answer", () => {
  const text = SA
    .replace("\n\nJohn Doe\n\nPricing", "\n\nJohn Doe [Interpreted]\n\nPricing")
    .replace("\n\nMary Major\n\nSure", "\n\nMary Major (via interpreter)\n\nSure") +
    "\nUnidentified Analyst\n\nAnd volumes?\n\nUnidentified Company Representative\n\nVolumes rose 3%.\n";
  const p = parse(text);
  assert.deepEqual(shape(p), [
    ...EXPECTED,
    ["Unidentified Analyst", "analyst", "qa"],
    ["Unidentified Company Representative", "management", "qa"],
  ]);
  assert.equal(p.turns[6].text, "Pricing was flat in the quarter.");
  assert.deepEqual(pairs(p), [...PAIRS, [
    "Unidentified Analyst",
    ["Unidentified Company Representative"],
  ]]);
  assert.equal(p.label_warnings.length, 0, p.label_warnings.join(" "));
});

Deno.test("names alone on a line: a first name after the full one, and two speakers on one line", () => {
  const first = parse(
    SA.replace("Mary Major\n\nSure.", "Mary\n\nSure.").replace(
      "\n\nJohn Doe\n\nPricing",
      "\n\nJohn\n\nPricing",
    ),
  );
  assert.deepEqual(shape(first), EXPECTED);
  assert.match(first.label_warnings.join(" "), /"Mary" as Mary Major, "John" as John Doe/);
  const joint = parse(
    SA.replace("\n\nJohn Doe\n\nPricing", "\n\nJohn Doe and Mary Major\n\nPricing"),
  );
  assert.deepEqual(pairs(joint), [...PAIRS.slice(0, 1), ["Bob Banker", [
    "John Doe and Mary Major",
  ]]]);
  assert.equal(joint.turns[5].text, "What about pricing?");
  assert.equal(joint.turns[6].role, "management");
  // names nobody listed or heard, joined, stay speech
  const strangers = parse(SA.replace("\n\nJohn Doe\n\nPricing", "\n\nApple and Google\n\nPricing"));
  assert.ok(!strangers.turns.some((t) => t.speaker.includes("Apple")));
});

Deno.test("Refinitiv/StreetEvents text: rules around labels, bulleted participants over `Firm - Title`", async () => {
  const source = join(DIR, "acme_q3_refinitiv.txt");
  const read = dataOf(
    await envelope("transcripts.read", { source, include_turns: true }, run),
  ) as {
    speakers: { name: string; role: string }[];
    qa_marker: string | null;
    prepared_speakers: string[];
  };
  assert.deepEqual(read.speakers.map((s) => [s.name, s.role]), [
    ["Operator", "operator"],
    ["Jane Smith", "management"],
    ["John Doe", "management"],
    ["Mary Major", "management"],
    ["Alex Ames", "analyst"],
    ["Bob Banker", "analyst"],
  ]);
  assert.equal(read.qa_marker, "Questions and Answers");
  const qa = dataOf(await envelope("transcripts.qa", { source }, run)) as {
    qa_pairs: { questioner: string; answers: { speaker: string; text: string }[] }[];
  };
  assert.deepEqual(
    qa.qa_pairs.map((q) => [q.questioner, q.answers.map((a) => a.text)]),
    [
      ["Alex Ames", ["We expect margins to hold around 45%."]],
      ["Bob Banker", ["Pricing was flat in the quarter."]],
    ],
  );
});

Deno.test("a name over its speech in one paragraph: the list ends there and never makes executives analysts", () => {
  let lead = SA;
  for (const n of ["Jane Smith", "John Doe", "Mary Major", "Alex Analyst", "Bob Banker"]) {
    lead = lead.replaceAll(`\n\n${n}\n\n`, `\n\n${n}\n`);
  }
  const p = parse(lead);
  assert.deepEqual(shape(p), EXPECTED);
  assert.deepEqual(pairs(p), PAIRS);
  assert.equal(p.participants.find((x) => x.name === "Mary Major")?.role, "management");
  // without the lists: names heard once are taken, and said
  const noList = lead.slice(0, lead.indexOf("Company Participants")) +
    lead.slice(lead.indexOf("Jane Smith\nGood")).replaceAll("Alex Analyst", "Alex Ames");
  const q = parse(noList);
  assert.deepEqual(pairs(q), [["Alex Ames", ["Mary Major"]], ["Bob Banker", ["John Doe"]]]);
  assert.match(q.label_warnings.join(" "), /names heard once/);
});

Deno.test("a participant heading over its names in one paragraph is read as the list", () => {
  const p = parse(
    SA.replace("Company Participants\n\n", "Company Participants\n").replace(
      "Conference Call Participants\n\n",
      "Conference Call Participants:\n",
    ),
  );
  assert.deepEqual(shape(p), EXPECTED);
  assert.deepEqual(pairs(p), PAIRS);
  assert.equal(p.participants.length, 5);
});

Deno.test("a listed caller's `Name - Firm` line is a speaker though the firm holds no company word", () => {
  const p = parse(
    SA.replace("Alex Analyst - Goldman Sachs", "Alex Ames - Redburn Atlantic").replace(
      "\n\nAlex Analyst\n\n",
      "\n\nAlex Ames - Redburn Atlantic\n\n",
    ),
  );
  assert.deepEqual(pairs(p), [["Alex Ames", ["Mary Major"]], PAIRS[1]]);
  assert.equal(p.turns[3].role_source, "participant_list");
});

Deno.test("an IR page that writes its call in <div>s is read, not cut to its one paragraph of boilerplate", async () => {
  const source = join(DIR, "acme_q3_divs.html");
  const env = await envelope("transcripts.read", { source, max_chars: 0 }, run);
  const data = dataOf(env) as {
    text: string;
    speakers: { name: string; role: string }[];
    qa_rule: string | null;
  };
  assert.match(data.text, /Pricing was flat in the quarter/);
  assert.deepEqual(data.speakers.map((s) => [s.name, s.role]), [
    ["Jane Smith", "management"],
    ["John Doe", "management"],
    ["Mary Major", "management"],
    ["Alex Ames", "analyst"],
    ["Bob Banker", "analyst"],
  ]);
  assert.equal(data.qa_rule, "heading");
  const qa = dataOf(await envelope("transcripts.qa", { source }, run)) as {
    qa_pairs: { questioner: string }[];
  };
  assert.deepEqual(qa.qa_pairs.map((q) => q.questioner), ["Alex Ames", "Bob Banker"]);
});

Deno.test("a page of deeply nested <div>s and thousands of turns is read whole", async () => {
  const script = `const mod = await import(${
    JSON.stringify(new URL("analysis/evidence/transcript_html.ts", `file://${ROOT}/`).href)
  });
let deep = "";
for (let i = 0; i < 900; i++) deep += "<div>" + "<span>x</span>".repeat(200);
deep += "</div>".repeat(900);
const turns = [];
for (let i = 0; i < 20000; i++) turns.push("<div><div>John Doe, Chief Executive Officer</div><div>Revenue grew " + i + "%.</div></div>");
const { blocks } = await mod.htmlBlocks("<html><body><p>Boilerplate.</p>" + deep + turns.join("") + "</body></html>");
if (blocks.length < 40000) throw new Error("blocks " + blocks.length);
console.log("finished");`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=js", script],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(
    out.success && new TextDecoder().decode(out.stdout).includes("finished"),
    new TextDecoder().decode(out.stderr).slice(0, 400),
  );
});

Deno.test("without lists, segment headings heard once in the remarks are no speakers", () => {
  const noList = SA.slice(0, SA.indexOf("Company Participants")) +
    SA.slice(SA.indexOf("Jane Smith\n\nGood")).replaceAll("Alex Analyst", "Alex Ames").replace(
      "Margins expanded by 150 basis points.",
      "Margins expanded by 150 basis points.\n\nData Center\n\nData center revenue rose.\n\nProfessional Visualization\n\nThe segment was flat.",
    );
  const p = parse(noList);
  assert.ok(!p.turns.some((t) => /Data Center|Visualization/.test(t.speaker)));
  assert.match(p.turns[1].text, /Data Center\n\nData center revenue rose\./);
});
