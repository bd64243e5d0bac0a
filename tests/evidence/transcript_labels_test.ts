/**
 * Speaker labels in the forms transcript sites write them (`Name, Title`, `Name (Title)`,
 * `Name — Company — Title`, `NAME: words`, timestamps, turn numbers) and the lines that only look
 * like labels (a sentence with a comma, a list of names in someone's speech, HTTP headers). The
 * calls are made up for these tests.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope } from "../_helpers.ts";
import { textBlocks } from "../../analysis/evidence/transcript_html.ts";
import { parseTranscript } from "../../analysis/evidence/transcript.ts";

type Labeller = (name: string, title: string) => string;

/** One small call: the operator, two executives, one analyst, labels written by `label`. */
function call(label: Labeller, operator = "Operator"): string {
  return [
    label(operator, ""),
    "Good day and welcome to the Northwind Tools third quarter call. I would now like to turn the call over to Maya Lind.",
    label("Maya Lind", "Chief Executive Officer"),
    "Thank you. However, revenue grew 12% (up from 9% a year ago) this quarter. Tomas Berg will take you through the numbers.",
    label("Tomas Berg", "Chief Financial Officer"),
    "Thanks, Maya. Gross margin was 43%, and we expect 44% next quarter.",
    label(operator, ""),
    "Our first question comes from Priya Shah with Harbor Securities.",
    label("Priya Shah", "Harbor Securities"),
    "How should we think about margins next year?",
    label("Tomas Berg", "Chief Financial Officer"),
    "We expect them between 43% and 45%.",
    label(operator, ""),
    "This concludes today's call. Thank you for joining.",
  ].join("\n\n");
}

const EXPECTED = [
  ["Operator", "operator", "prepared"],
  ["Maya Lind", "management", "prepared"],
  ["Tomas Berg", "management", "prepared"],
  ["Operator", "operator", "qa"],
  ["Priya Shah", "analyst", "qa"],
  ["Tomas Berg", "management", "qa"],
  ["Operator", "operator", "qa"],
];

function parse(text: string) {
  const p = parseTranscript(textBlocks(text));
  for (const t of p.turns) assert.equal(p.text.slice(t.start_char, t.end_char), t.text);
  return p;
}

const shape = (p: ReturnType<typeof parse>) => p.turns.map((t) => [t.speaker, t.role, t.part]);

const FORMS: Record<string, Labeller> = {
  "Name, Title": (n, t) => t ? `${n}, ${t}` : n,
  "Name (Title)": (n, t) => t ? `${n} (${t})` : n,
  "Name, Title:": (n, t) => t ? `${n}, ${t}:` : `${n}:`,
  "Name — Company — Title": (n, t) => t ? `${n} — Northwind Tools — ${t}` : n,
  "Name, Company - Title [n]": (n, t) => t ? `${n}, Northwind Tools Inc. - ${t} [3]` : `${n} [1]`,
  "Name (00:01:23):": (n) => `${n} (00:01:23):`,
  "Name | 00:01:23": (n) => `${n} | 00:01:23`,
};

for (const [form, label] of Object.entries(FORMS)) {
  Deno.test(`labels on their own line, ${form}: speakers, roles and the Q&A split`, () => {
    for (const operator of ["Operator", "OPERATOR", "operator"]) {
      const p = parse(call(label, operator));
      assert.deepEqual(shape(p), EXPECTED, `${form} / ${operator}`);
      assert.equal(p.label_warnings.length, 0, p.label_warnings.join(" "));
    }
  });
}

Deno.test("titles and companies are read from `Name, Title, Company` and `Name — Company — Title`", () => {
  const comma = parse(call((n, t) => t ? `${n}, ${t}, Northwind Tools Inc.` : n));
  const maya = comma.turns.find((t) => t.speaker === "Maya Lind")!;
  assert.equal(maya.speaker_title, "Chief Executive Officer, Northwind Tools Inc.");
  assert.equal(maya.speaker_company, "Northwind Tools Inc.");
  const dash = parse(call((n, t) => t ? `${n} — Northwind — ${t}` : n));
  const tomas = dash.turns.find((t) => t.speaker === "Tomas Berg")!;
  assert.equal(tomas.speaker_company, "Northwind");
  assert.equal(
    dash.turns.find((t) => t.speaker === "Priya Shah")!.speaker_company,
    "Harbor Securities",
  );
});

Deno.test("`Name, Title: words` and `Name (Title): words` on the line of the speech", () => {
  for (
    const [form, label] of Object.entries({
      comma: (n: string, t: string) => t ? `${n}, ${t}` : n,
      paren: (n: string, t: string) => t ? `${n} (${t})` : n,
      dash: (n: string, t: string) => t ? `${n} -- ${t}` : n,
      caps: (n: string, _t: string) => n.toUpperCase(),
    })
  ) {
    const lines = call(label).split("\n\n");
    const inline = [];
    for (let i = 0; i < lines.length; i += 2) inline.push(`${lines[i]}: ${lines[i + 1]}`);
    const p = parse(inline.join("\n\n"));
    const expected = EXPECTED.map(([n, r, q]) => [form === "caps" ? n.toUpperCase() : n, r, q]);
    expected.forEach((e) => e[0] === "OPERATOR" && (e[0] = "Operator"));
    assert.deepEqual(shape(p), expected, form);
    // the speech starts after the label, never inside a title
    assert.match(p.turns[1].text, /^Thank you\. However, revenue grew/, form);
  }
});

Deno.test("a participants list in `Name, Title` and `Name (Firm)` form says who is an analyst", () => {
  const text = [
    "Corporate Participants",
    "Maya Lind, Chief Executive Officer\nTomas Berg, Chief Financial Officer",
    "Conference Call Participants",
    "Priya Shah (Harbor Securities)\nOwen Pike (Elm Street Research)",
    call((n) => n),
  ].join("\n\n").replace(
    "Good day",
    "Owen Pike\n\nHi, a quick one first: is the call recorded?\n\nOperator\n\nGood day",
  );
  const p = parse(text);
  const role = (n: string) => p.turns.find((t) => t.speaker === n)?.role;
  assert.equal(role("Priya Shah"), "analyst");
  assert.equal(p.turns.find((t) => t.speaker === "Priya Shah")!.role_source, "participant_list");
  assert.equal(role("Tomas Berg"), "management");
  assert.equal(p.participants.find((x) => x.name === "Owen Pike")?.role, "analyst");
  assert.equal(
    p.participants.find((x) => x.name === "Tomas Berg")?.title,
    "Chief Financial Officer",
  );
});

Deno.test("bare names: one heard once is a speaker when the words before hand over to them", () => {
  const p = parse(call((n) => n));
  assert.deepEqual(shape(p), EXPECTED);
});

Deno.test("sentences with a comma or a parenthesis, alone on a line, are speech, not labels", () => {
  const speech = [
    "However, Revenue Grew",
    "Thank You, Operator",
    "Revenue (excluding currency) grew 5%",
    "Paris, France",
    "Good Morning, Everyone",
    "Net Revenue, Fourth Quarter",
  ];
  const text = call((n, t) => t ? `${n}, ${t}` : n).replace(
    "Thanks, Maya.",
    `${speech.join("\n\n")}\n\nThanks, Maya.`,
  );
  const p = parse(text);
  assert.deepEqual(shape(p), EXPECTED);
  const tomas = p.turns.find((t) => t.speaker === "Tomas Berg")!;
  for (const s of speech) assert.ok(tomas.text.includes(s), s);
});

Deno.test("a list of names in someone's speech, in another form than the labels, stays their speech and is said", () => {
  const text = call((n, t) => t ? `${n} -- ${t}` : n).replace(
    "Thank you. However,",
    "Joining me today are:\n\nTomas Berg, Chief Financial Officer\n\nEla Novak, Head of Investor Relations\n\nThank you. However,",
  );
  const p = parse(text);
  assert.deepEqual(shape(p), EXPECTED);
  assert.match(p.turns[1].text, /Ela Novak, Head of Investor Relations\n\nThank you/);
  assert.match(
    p.label_warnings.join(" "),
    /2 line\(s\) read like speaker labels .*"Tomas Berg, Chief Financial Officer"/,
  );
});

Deno.test("`Note:` or `Forward-Looking Statements:` opening a paragraph is no speaker", () => {
  const lines = call((n) => n).split("\n\n");
  const inline = [];
  for (let i = 0; i < lines.length; i += 2) inline.push(`${lines[i]}: ${lines[i + 1]}`);
  inline.splice(
    2,
    0,
    "Note: figures are unaudited.",
    "Forward-Looking Statements: we may be wrong.",
  );
  const p = parse(inline.join("\n\n"));
  assert.deepEqual(shape(p), EXPECTED);
  assert.match(p.turns[1].text, /Note: figures are unaudited/);
});

Deno.test("HTTP headers (`Cache-Control: public`) in a saved API response are no speakers", () => {
  const text =
    'Good day and welcome.\nRevenue grew 12%.\nCache-Control: public, max-age=600\nETag: W/"abc"\nVary: Accept-Encoding\n';
  const p = parse(text);
  assert.deepEqual(p.turns, []);
});

const dir = Deno.makeTempDirSync({ prefix: "finance_labels_" });
Deno.writeTextFileSync(
  join(dir, "one_label.txt"),
  call((n, t) => n === "Operator" ? n : `>> ${n}${t ? ` / ${t}` : ""}`),
);

Deno.test("transcripts.read: one speaker label only is not everything said by that speaker", async () => {
  const env = await envelope("transcripts.read", {
    source: join(dir, "one_label.txt"),
    include_turns: true,
  }, { env: { FINANCE_DOCUMENT_ROOTS: dir } });
  assert.ok(env.ok);
  const data = dataOf(env) as { speakers: unknown[]; prepared_turn_count: number };
  assert.deepEqual(data.speakers, [], "the executives' words are not the operator's");
  assert.match(env.warnings.join(" "), /no (usable )?speaker labels found/);
  const p = parse(Deno.readTextFileSync(join(dir, "one_label.txt")));
  assert.match(p.label_warnings.join(" "), /only one speaker label was found \("Operator"/);
});

/** A machine transcript (Otter, Rev, Zoom, Whisper): numbered speakers, the operator among them. */
function numbered(label: (n: number) => string, join = "\n\n"): string {
  const turns: [number, string][] = [
    [
      1,
      "Good day and welcome to the Northwind Tools third quarter call. I will now hand over to our chief executive.",
    ],
    [
      2,
      "Thank you. As the Speaker of the House said last week, tariffs matter. This is speaker 1 of 3 on the slide. Revenue grew 12%.",
    ],
    [
      1,
      "We will now begin the question-and-answer session. Our first question comes from Jane Doe with Harbor Securities.",
    ],
    [3, "How should we think about margins next year?"],
    [2, "We expect them between 43% and 45%."],
    [1, "This concludes today's call. Thank you for joining."],
  ];
  return turns.map(([n, words]) => `${label(n)}${join}${words}`).join("\n\n");
}

Deno.test("numbered speakers of machine transcripts are read as written, never renamed, roles not guessed", () => {
  const forms: Record<string, [(n: number) => string, string, (n: number) => string]> = {
    "Speaker 1": [(n) => `Speaker ${n}`, "\n\n", (n) => `Speaker ${n}`],
    "Speaker 1 (00:01:23):": [(n) => `Speaker ${n} (00:0${n}:23):`, "\n", (n) => `Speaker ${n}`],
    "Speaker 2  00:05:10": [(n) => `Speaker ${n}  00:05:1${n}`, "\n", (n) => `Speaker ${n}`],
    "[00:01:23] SPEAKER_01: words": [
      (n) => `[00:01:2${n}] SPEAKER_0${n - 1}:`,
      " ",
      (n) => `SPEAKER_0${n - 1}`,
    ],
    "Participant 3": [(n) => `Participant ${n}`, "\n\n", (n) => `Participant ${n}`],
    "SPEAKER_00": [(n) => `SPEAKER_0${n - 1}`, "\n\n", (n) => `SPEAKER_0${n - 1}`],
  };
  for (const [form, [label, join, name]] of Object.entries(forms)) {
    const p = parse(numbered(label, join));
    assert.deepEqual(
      shape(p),
      [
        [name(1), "unknown", "prepared"],
        [name(2), "unknown", "prepared"],
        [name(1), "unknown", "prepared"],
        // the operator handed over to Jane Doe: not enough to rename Speaker 3 or call it an analyst
        [name(3), "unknown", "qa"],
        [name(2), "unknown", "qa"],
        [name(1), "unknown", "qa"],
      ],
      form,
    );
    assert.equal(p.qa_rule, "qa_phrase", form);
    assert.match(p.turns[1].text, /Speaker of the House said .*speaker 1 of 3 on the slide/, form);
    assert.match(p.label_warnings.join(" "), /speakers are numbered, not named \(/, form);
    assert.ok(!p.turns.some((t) => t.speaker.includes("Jane")), form);
  }
});

Deno.test("a numbered speaker named by a participant list, and a lone `Speaker 1` among named labels", () => {
  // `Unknown Speaker` twice among named labels: a speaker, role not guessed, and said
  const named = call((n, t) => t ? `${n}, ${t}` : n).replace(
    "Operator\n\nThis concludes",
    "Unknown Speaker\n\nCan I ask one more?\n\nTomas Berg, Chief Financial Officer\n\nSure, later.\n\nUnknown Speaker\n\nThanks.\n\nOperator\n\nThis concludes",
  );
  const p = parse(named);
  const unknown = p.turns.filter((t) => t.speaker === "Unknown Speaker");
  assert.equal(unknown.length, 2);
  assert.ok(unknown.every((t) => t.role === "unknown" && t.role_source === "none"));
  assert.match(p.label_warnings.join(" "), /numbered, not named \(Unknown Speaker\)/);
  // one `Speaker 1` line among named labels: kept as speech, and said, never silently
  const lone = parse(
    call((n, t) => t ? `${n}, ${t}` : n).replace("Thanks, Maya.", "Speaker 1\n\nThanks, Maya."),
  );
  assert.deepEqual(shape(lone), EXPECTED);
  assert.match(lone.label_warnings.join(" "), /kept as speech.*"Speaker 1"/);
  // a participant list that gives a numbered speaker a title gives it a role
  const listed = parse(
    "Company Participants\n\nSpeaker 2 -- Chief Financial Officer\n\nOperator\n\n" +
      numbered((n) => `Speaker ${n}`),
  );
  const two = listed.turns.find((t) => t.speaker === "Speaker 2")!;
  assert.deepEqual([two.role, two.role_source], ["management", "participant_list"]);
  assert.equal(listed.turns.find((t) => t.speaker === "Speaker 3")!.role, "unknown");
});

Deno.test("a first name that also opens sentences (So, He, My, In) is a label where the document's labels are", () => {
  const people = ["So Yamamoto", "He Xiaopeng", "My Tran", "In Kim", "Will Smith", "May Chen"];
  const forms: Record<string, [Labeller, boolean]> = {
    bare: [(n) => n, false],
    "Name -- Title": [(n, t) => t ? `${n} -- ${t}` : n, false],
    "Name, Title": [(n, t) => t ? `${n}, ${t}` : n, false],
    "Name (Title)": [(n, t) => t ? `${n} (${t})` : n, false],
    "[00:01:23] Name": [(n) => `[00:01:23] ${n}`, false],
    "Name: words": [(n) => n, true],
    "Name, Title: words": [(n, t) => t ? `${n}, ${t}` : n, true],
  };
  for (const ceo of people) {
    for (const [form, [label, inline]] of Object.entries(forms)) {
      // the CEO's first word in speech, as a sentence opener, must stay speech
      let text = call(label).replaceAll("Maya Lind", ceo).replace(
        "Thanks, Maya.",
        "So, revenue grew.\n\nWill we see margins improve: that is the question.\n\nSo Far\n\nIn Closing: margins held.\n\nThanks.",
      );
      if (inline) {
        const lines = text.split("\n\n");
        const out = [];
        for (let i = 0; i < lines.length; i++) {
          const isLabel = [ceo, "Tomas Berg", "Priya Shah", "Operator"].some((n) =>
            lines[i].startsWith(n)
          );
          out.push(isLabel ? `${lines[i]}: ${lines[++i]}` : lines[i]);
        }
        text = out.join("\n\n");
      }
      const p = parse(text);
      const expected = EXPECTED.map(([n, r, q]) => [n === "Maya Lind" ? ceo : n, r, q]);
      assert.deepEqual(shape(p), expected, `${ceo} / ${form}`);
      const tomas = p.turns.find((t) => t.speaker === "Tomas Berg")!;
      assert.match(
        tomas.text,
        /So, revenue grew\.\n\nWill we see margins improve: .*So Far/s,
        form,
      );
      assert.match(tomas.text, /In Closing: margins held/, form);
    }
  }
  // heard once, not handed over to, in no label form of the document: speech, as before
  const once = call((n) => n).replace("Thanks, Maya.", "So Yamamoto\n\nThanks, Maya.");
  assert.deepEqual(shape(parse(once)), EXPECTED);
});
