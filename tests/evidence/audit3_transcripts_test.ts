/**
 * transcripts.* cases of the third audit, on calls made up for these tests: participant lists
 * written one line per block (a name, then its title or firm), nicknames in quotes, an operator
 * labelled by name and title, executives first heard answering in the Q&A, and pages whose quarter
 * disagrees with the quarter asked or with the call's date.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";
import { htmlBlocks, textBlocks } from "../../analysis/evidence/transcript_html.ts";
import { pairQuestions, parseTranscript } from "../../analysis/evidence/transcript.ts";

const DIR = join(FIXTURES, "evidence", "audit3_transcripts");
const run = { env: { FINANCE_DOCUMENT_ROOTS: DIR } };
const read = (name: string) => Deno.readTextFileSync(join(DIR, name));

async function parseFile(name: string) {
  const body = read(name);
  const blocks = name.endsWith(".html") ? (await htmlBlocks(body)).blocks : textBlocks(body);
  const parsed = parseTranscript(blocks);
  for (const t of parsed.turns) assert.equal(parsed.text.slice(t.start_char, t.end_char), t.text);
  return parsed;
}

const pairsOf = (p: Awaited<ReturnType<typeof parseFile>>) =>
  pairQuestions(p.turns).pairs.map((q) => [q.questioner, q.answers.map((a) => a.speaker)]);

Deno.test("a participant list of name blocks over title blocks: one participant each, titles never names", async () => {
  const p = await parseFile("alternating.html");
  assert.deepEqual(
    p.participants.map((x) => [x.name, x.title, x.role]),
    [
      ["John Doe", "Chief Executive Officer", "management"],
      ["Jane Roe", "Chief Financial Officer", "management"],
      // "Bernstein Research" and "Cantor Fitzgerald" say no firm word the reader knows: the list
      // alternates (most lines after names are titles or firms), so they are titles too
      ["Stacy Ross", "Bernstein Research", "analyst"],
      ["Alex Brown", "Goldman Sachs", "analyst"],
      ["Carl White", "Cantor Fitzgerald", "analyst"],
      ["Dana Green", "Morgan Stanley", "analyst"],
    ],
  );
  // the analysts are analysts (the old reader ended the list at "Chief Financial Officer", took
  // it for a speaker and listed the analysts as management)
  assert.deepEqual(pairsOf(p), [["Alex Brown", ["Jane Roe"]], ["Carl White", ["John Doe"]]]);
  const carl = p.turns.find((t) => t.speaker === "Carl White")!;
  assert.equal(carl.role, "analyst");
  assert.equal(carl.speaker_title, "Cantor Fitzgerald");
});

Deno.test("a list of names without titles stays a list of names", async () => {
  const html = read("alternating.html").replace(
    /<p>(?:Chief \w+ Officer|Bernstein Research|Goldman Sachs|Cantor Fitzgerald|Morgan Stanley)<\/p>\n/g,
    "",
  );
  const p = parseTranscript((await htmlBlocks(html)).blocks);
  assert.deepEqual(
    p.participants.map((x) => [x.name, x.title]),
    [
      ["John Doe", null],
      ["Jane Roe", null],
      ["Stacy Ross", null],
      ["Alex Brown", null],
      ["Carl White", null],
      ["Dana Green", null],
    ],
  );
});

Deno.test('a nickname in quotes: Robert "Bob" Smith is listed, and speaks as Bob Smith and under his full label', async () => {
  const p = await parseFile("nickname.txt");
  assert.ok(p.participants.some((x) => x.name === 'Robert "Bob" Smith'));
  const shape = p.turns.map((t) => [t.speaker, t.role, t.role_source]);
  assert.deepEqual(shape, [
    ["Operator", "operator", "title"],
    ["Bob Smith", "management", "participant_list"],
    ["Jane Roe", "management", "participant_list"],
    ["Operator", "operator", "title"],
    ["Alex Brown", "analyst", "participant_list"],
    ['Robert "Bob" Smith', "management", "participant_list"],
    ["Operator", "operator", "title"],
  ]);
  // the old reader kept the label and the answer inside the analyst's question
  const question = p.turns.find((t) => t.speaker === "Alex Brown")!;
  assert.equal(question.text, "How should we think about margins into next year?");
  assert.deepEqual(pairsOf(p), [["Alex Brown", ['Robert "Bob" Smith']]]);
  // transcripts.read counts him once, by the list's name
  const env = await envelope("transcripts.read", { source: join(DIR, "nickname.txt") }, run);
  const speakers = (dataOf(env) as { speakers: { name: string; turns: number }[] }).speakers;
  assert.deepEqual(
    speakers.filter((s) => s.name.endsWith("Smith")).map((s) => [s.name, s.turns]),
    [['Robert "Bob" Smith', 2]],
  );
});

Deno.test("an operator labelled by name and title is the operator: the hand-over is no answer", async () => {
  const p = await parseFile("named_operator.txt");
  const sarah = p.turns.filter((t) => t.speaker === "Sarah Lee");
  assert.equal(sarah.length, 4);
  assert.ok(sarah.every((t) => t.role === "operator"));
  assert.deepEqual(pairsOf(p), [["Alex Brown", ["Jane Roe"]], ["Carl White", ["John Doe"]]]);
  const env = await envelope("transcripts.qa", { source: join(DIR, "named_operator.txt") }, run);
  const data = dataOf(env) as { qa_pairs: { answers: { speaker: string; text: string }[] }[] };
  assert.ok(
    data.qa_pairs.every((q) => q.answers.every((a) => a.speaker !== "Sarah Lee")),
    JSON.stringify(data.qa_pairs),
  );
});

Deno.test("transcripts.qa says which speakers were taken as management for answering", async () => {
  const env = await envelope("transcripts.qa", { source: join(DIR, "inferred.txt") }, run);
  const data = dataOf(env) as { qa_pairs: { answers: { speaker: string }[] }[] };
  assert.deepEqual(data.qa_pairs[0].answers.map((a) => a.speaker), ["John Doe", "Mary Major"]);
  assert.ok(
    env.warnings.some((w) => /taken as management/.test(w) && w.includes("Mary Major")),
    env.warnings.join("\n"),
  );
});

Deno.test("a title whose quarter no fiscal calendar puts near the call's date is warned", async () => {
  const env = await envelope("transcripts.read", { source: join(DIR, "misdated.html") }, run);
  assert.equal(env.ok, true);
  assert.ok(
    env.warnings.some((w) => /names Q3 2019 but is dated 2024-11-06/.test(w)),
    env.warnings.join("\n"),
  );
  // a call dated in its quarter's season is not
  const ok = await envelope("transcripts.read", { source: join(DIR, "dated_ok.html") }, run);
  assert.ok(!ok.warnings.some((w) => /is dated/.test(w)), ok.warnings.join("\n"));
});

Deno.test("warnQuarterDate: fiscal years ending from December to March of the next year", async () => {
  const { warnQuarterDate } = await import("../../commands/transcripts/_load.ts");
  const said: string[] = [];
  const ctx = { warn: (w: string) => said.push(w) } as unknown as Parameters<
    typeof warnQuarterDate
  >[2];
  // NVIDIA's Q4 FY2024 (January 2024) called in February 2024; its Q1 FY2025 in May 2024;
  // a retailer's Q4 2023 (February 2024) called in March 2024; Q3 2024 of a calendar year in
  // November 2024
  for (
    const [q, d] of [
      ["Q4 2024", "2024-02-21"],
      ["Q1 2025", "2024-05-22"],
      ["Q4 2023", "2024-03-05"],
      ["Q3 2024", "2024-11-06"],
    ]
  ) warnQuarterDate(q, d, ctx);
  assert.deepEqual(said, []);
  for (const [q, d] of [["Q3 2019", "2024-11-06"], ["Q4 2024", "2023-06-01"]]) {
    warnQuarterDate(q, d, ctx);
  }
  assert.equal(said.length, 2);
});

/** The fake network: a quote page linking a "Q4 2025" call whose page is titled Q3 2025. */
function mislinked(): typeof fetch {
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const file = url.includes("/quote/") ? "quote_page.html" : "mislinked_call.html";
    return Promise.resolve(
      new Response(read(file), { headers: { "content-type": "text/html" } }),
    );
  };
}

Deno.test("transcripts.read quarter=Q4 2025: a page titled Q3 2025 behind a Q4 link is refused, not passed as Q4", async () => {
  const env = await envelope("transcripts.read", { symbol: "ACME", quarter: "Q4 2025" }, {
    fetch: mislinked(),
  });
  assert.equal(env.ok, false, JSON.stringify(env.data));
  assert.match(env.error!, /titled Q3 2025, not the Q4 2025 asked/);
  assert.match(env.error!, /source=https:\/\/www\.fool\.com\/earnings\/call-transcripts\//);
  // quarter=latest reads it, saying the link and the page disagree
  const latest = await envelope("transcripts.read", { symbol: "ACME" }, { fetch: mislinked() });
  assert.equal(latest.ok, true);
  assert.equal(
    (dataOf(latest) as { transcript: { quarter: string } }).transcript.quarter,
    "Q3 2025",
  );
  assert.ok(
    latest.warnings.some((w) => /labelled Q4 2025 but the page names Q3 2025/.test(w)),
    latest.warnings.join("\n"),
  );
});

Deno.test("a namesake is not the listed analyst: John Moore never takes Joe Moore's firm", async () => {
  const p = await parseFile("namesake.txt");
  const pairs = pairQuestions(p.turns).pairs.map((q) => [q.questioner, q.questioner_title]);
  assert.deepEqual(pairs, [
    ["Joe Moore", "Morgan Stanley -- Analyst"],
    ["John Moore", null],
    ["Tim Moore", null],
  ]);
  assert.equal(p.turns.find((t) => t.speaker === "John Moore")!.role_source, "operator_intro");
  // a first name written otherwise is still the listed person ("Jen-Hsun" of "Jensen Huang")
  const renamed = parseTranscript(textBlocks(
    read("namesake.txt").replace("John Doe -- Chief Executive Officer", "Jensen Huang -- CEO")
      .replaceAll("\nJohn Doe\n", "\nJen-Hsun Huang\n").replace(
        "over to John Doe",
        "over to Jen-Hsun Huang",
      ),
  ));
  const jensen = renamed.turns.filter((t) => t.speaker === "Jen-Hsun Huang");
  assert.equal(jensen.length, 2);
  assert.ok(jensen.every((t) => t.role_source === "participant_list" && t.speaker_title === "CEO"));
});

Deno.test("an IR host calling on the next analyst by name passes the call on: no answer", async () => {
  const p = await parseFile("ir_host.txt");
  assert.deepEqual(pairsOf(p), [["Alex Brown", ["Jane Roe"]], ["Carl White", ["John Doe"]]]);
  // an answer that names no caller is still an answer
  const { passesOn } = await import("../../analysis/evidence/transcript.ts");
  assert.equal(passesOn("Thanks, Jane. Next, we'll go to Carl White at Morgan Stanley."), true);
  assert.equal(passesOn("We'll move to a new platform next year."), false);
  assert.equal(passesOn("Let's go to the numbers: revenue was up 12%."), false);
  assert.equal(passesOn("We'll go to Best Buy and Target next quarter."), false);
  assert.equal(passesOn("Thank you. Let's go to Alex Brown."), true);
});

Deno.test("a quarter in a file name written with underscores (AAP_q4_2020.txt)", async () => {
  const { quarterMatch } = await import("../../providers/transcripts_a/fool.ts");
  assert.equal(quarterMatch("/data/AAP_q4_2020.txt")?.quarter, "Q4 2020");
  assert.equal(quarterMatch("example-software-exsw-q3-2025-earnings")?.quarter, "Q3 2025");
});

Deno.test("a list writing the firm or the title before the name, and a host labelled Host", async () => {
  const p = await parseFile("firm_first.txt");
  assert.deepEqual(
    p.participants.map((x) => [x.name, x.title, x.company, x.role]),
    [
      ["John Doe", "Chief Executive Officer", null, "management"],
      ["Jane Roe", "Chief Financial Officer", null, "management"],
      ["Alex Brown", "Goldman Sachs", "Goldman Sachs", "analyst"],
      ["Carl White", "Morgan Stanley", "Morgan Stanley", "analyst"],
    ],
  );
  assert.ok(p.turns.filter((t) => t.speaker === "Host").every((t) => t.role === "operator"));
  assert.deepEqual(pairsOf(p), [["Alex Brown", ["Jane Roe"]], ["Carl White", ["John Doe"]]]);
});

Deno.test("name blocks in bold over their titles: the list is read as on the plain page", async () => {
  const p = await parseFile("alternating_bold.html");
  assert.deepEqual(
    p.participants.map((x) => [x.name, x.title, x.role]),
    [
      ["John Doe", "Chief Executive Officer", "management"],
      ["Jane Roe", "Chief Financial Officer", "management"],
      ["Stacy Ross", "Bernstein Research", "analyst"],
      ["Alex Brown", "Goldman Sachs", "analyst"],
      ["Carl White", "Cantor Fitzgerald", "analyst"],
      ["Dana Green", "Morgan Stanley", "analyst"],
    ],
  );
  // the old reader took "John Doe" for a speaker saying "Chief Executive Officer" and found no pair
  assert.deepEqual(pairsOf(p), [["Alex Brown", ["Jane Roe"]], ["Carl White", ["John Doe"]]]);
});

Deno.test("no operator: a listed name again starts the call, a short first line is speech, titles may repeat", async () => {
  const p = await parseFile("alternating_no_operator.html");
  assert.deepEqual(
    p.participants.map((x) => [x.name, x.title]),
    [
      ["John Doe", "Executive Vice President"],
      ["Jane Roe", "Executive Vice President"],
      ["Alex Brown", "Goldman Sachs"],
      ["Carl White", "Morgan Stanley"],
    ],
  );
  assert.deepEqual(p.turns.map((t) => [t.speaker, t.role]), [
    ["John Doe", "management"],
    ["Jane Roe", "management"],
    ["Alex Brown", "analyst"],
    ["Jane Roe", "management"],
    ["Carl White", "analyst"],
    ["John Doe", "management"],
  ]);
  assert.match(p.turns[0].text, /^Good Morning\.\n\nRevenue was \$512 million/);
});

Deno.test("a list writing each title or firm over its name: never a name paired with the next title", async () => {
  const p = await parseFile("title_first.html");
  assert.deepEqual(
    p.participants.map((x) => [x.name, x.title, x.role]),
    [
      ["John Doe", "Chief Executive Officer", "management"],
      ["Jane Roe", "Chief Financial Officer", "management"],
      ["Alex Brown", "Goldman Sachs", "analyst"],
      ["Carl White", "Cantor Fitzgerald", "analyst"],
      ["Dana Green", "Morgan Stanley", "analyst"],
    ],
  );
  assert.deepEqual(pairsOf(p), [["Alex Brown", ["Jane Roe"]], ["Carl White", ["John Doe"]]]);
});

Deno.test("an IR host calling on an unlisted analyst by name and firm makes them an analyst", async () => {
  const p = await parseFile("ir_host_unlisted.txt");
  const alex = p.turns.find((t) => t.speaker === "Alex Brown")!;
  assert.deepEqual([alex.role, alex.role_source], ["analyst", "host_intro"]);
  assert.deepEqual(pairsOf(p), [["Alex Brown", ["Jane Roe"]], ["Carl White", ["John Doe"]]]);
  // a colleague called on without a firm is not taken for an analyst
  const colleague = parseTranscript(textBlocks(
    read("ir_host_unlisted.txt").replace(
      "We expect margins to stay around 45% as the mix holds steady.",
      "Let's go to Mary Major for that.\n\nMary Major\n\nMargins hold at 45%.",
    ),
  ));
  const mary = colleague.turns.find((t) => t.speaker === "Mary Major");
  assert.ok(mary, "Mary Major speaks");
  assert.notEqual(mary.role, "analyst");
});

Deno.test("quarter=3Q25 asks for the third quarter of 2025, not a second quarter of any year", async () => {
  const replay = { replay: [join(FIXTURES, "evidence", "transcripts")] };
  for (const quarter of ["3Q25", "Q3 FY25", "Q3'25"]) {
    const env = await envelope("transcripts.read", { symbol: "EXSW", quarter }, replay);
    assert.equal(env.ok, true, `${quarter}: ${env.error}`);
    assert.equal(
      (dataOf(env) as { transcript: { quarter: string } }).transcript.quarter,
      "Q3 2025",
    );
  }
  // a year the search does not list is refused, not answered with another year's call
  const other = await envelope("transcripts.read", { symbol: "EXSW", quarter: "3Q24" }, replay);
  assert.equal(other.ok, false);
  assert.match(other.error!, /no transcript of EXSW matched quarter 3Q24/);
});
