import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { loadTranscript, transcriptMeta, warnCut, warnQaStart, warnRoles } from "./_load.ts";

const ROLES = ["operator", "management", "analyst", "interpreter", "unknown"] as const;

const turn = z.object({
  speaker: z.string(),
  speaker_title: z.string().nullable(),
  speaker_company: z.string().nullable().describe(
    "The company or firm the speaker's label names apart from the title, when it does.",
  ),
  role: z.enum(ROLES),
  role_source: z.string(),
  text: z.string(),
  start_char: z.int(),
  end_char: z.int(),
});

const speaker = z.object({
  name: z.string(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  role: z.enum(ROLES),
  turns: z.int(),
});

export default defineCommand({
  name: "transcripts.read",
  summary: "Read an earnings-call transcript split into prepared remarks and Q&A",
  description:
    "Reads one earnings-call transcript (a Motley Fool page found by ticker and quarter, any transcript page with speaker labels, a saved local page or text file, a saved EarningsCall or FMP transcript answer (JSON, read by its fields; JSON of another layout is refused), or a file:// URL) and returns its text with the speakers, their roles (management, analyst, operator, and how each role was decided) and where the Q&A starts. include_turns=true adds every turn of the prepared remarks and the Q&A with character offsets into the full transcript text. Use transcripts.qa for question/answer pairs and kpi.extract for numbers.",
  usage:
    "finance transcripts.read [SYMBOL] [source=URL|PATH] [quarter=latest max_chars=12000 include_turns=false]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: ["url", "quarter", "speaker", "start_char", "end_char", "published_at"],
  positional: ["symbol"],
  synonyms: { url: "source" },
  requireOneOf: [["symbol"], ["source"]],
  args: z.strictObject({
    symbol: ticker("Ticker to find the transcript for (ignored when source is given).").optional(),
    source: z.string().trim().min(1).optional().describe(
      "Transcript page URL, local file path or file:// URL (HTML, plain text, or a saved EarningsCall/FMP transcript JSON).",
    ),
    quarter: z.string().default("latest").describe(
      "Which call when searching by ticker: latest, Q4, Q4 2024 or 2024Q4.",
    ),
    max_chars: z.int().min(0).default(12000).describe(
      "Characters of transcript text returned (0 = all); turns are never cut.",
    ),
    include_turns: z.boolean().default(false).describe(
      "Add prepared_remarks and qa_turns with speaker, role and offsets.",
    ),
  }),
  data: z.object({
    symbol: z.string().nullable(),
    transcript: transcriptMeta,
    text: z.string(),
    char_count: z.int(),
    returned_chars: z.int(),
    truncated: z.boolean(),
    summary: z.string().nullable(),
    speakers: z.array(speaker),
    prepared_speakers: z.array(z.string()),
    prepared_turn_count: z.int(),
    qa_turn_count: z.int(),
    qa_start_char: z.int().nullable(),
    qa_marker: z.string().nullable(),
    qa_rule: z.enum(["heading", "operator_first_question", "qa_phrase", "first_analyst"])
      .nullable().describe(
        "How the Q&A start was found: a Q&A heading, the operator's hand-over to the first caller, a present-tense hand-over phrase, or the first analyst's turn.",
      ),
    prepared_remarks: z.array(turn).optional(),
    qa_turns: z.array(turn).optional(),
    unsplit_turn_count: z.int().optional().describe(
      "Present when no Q&A start was found: turns that could be prepared remarks or Q&A (counted in neither).",
    ),
    unsplit_turns: z.array(turn).optional(),
    appears_cut: z.boolean().optional().describe(
      "Present (true) when the transcript looks cut: a paywall or sign-in notice, or text stopping mid-sentence.",
    ),
    cut_evidence: z.string().optional(),
    source: z.string(),
  }),
  examples: [
    "finance transcripts.read NVDA quarter=latest",
    "finance transcripts.read source=./saved/nvda-q4-2024.html include_turns=true max_chars=0",
  ],
  async run(args, ctx) {
    const { meta, parsed } = await loadTranscript(
      { ...args, url: args.source },
      ctx,
      "transcripts.read",
      "source",
    );
    // one person under two labels ("Bob Smith", `Robert "Bob" Smith`) is one speaker, by the list
    const speakers = new Map<string, z.infer<typeof speaker>>();
    for (const t of parsed.turns) {
      const who = t.listed_as ?? t.speaker;
      const s = speakers.get(who);
      if (s) s.turns++;
      else {speakers.set(who, {
          name: who,
          title: t.speaker_title,
          company: t.speaker_company,
          role: t.role,
          turns: 1,
        });}
    }
    const prepared = parsed.turns.filter((t) => t.part === "prepared");
    const qa = parsed.turns.filter((t) => t.part === "qa");
    const unsplit = parsed.turns.filter((t) => t.part === "unknown");
    if (!parsed.turns.length) {
      ctx.warn(
        `no ${
          parsed.label_warnings.length ? "usable " : ""
        }speaker labels found in ${meta.url}; the text is returned without turns${
          parsed.qa_start_char === null
            ? ""
            : `; the Q&A starts at character ${parsed.qa_start_char} ("${parsed.qa_marker}"), but who asks and who answers is not marked`
        }`,
      );
    } else if (parsed.qa_start_char === null) {
      ctx.warn(
        `no Q&A start found (no Q&A heading, no hand-over to a first caller, no analyst): which of the ${unsplit.length} turns are prepared remarks and which are Q&A is unknown, so they are counted in neither (unsplit_turn_count)`,
      );
    }
    // loading said a definite cut already; the missing closing words are said here
    if (!parsed.cut) warnCut(parsed, ctx, true);
    warnQaStart(parsed, ctx);
    warnRoles(parsed.turns, ctx);
    const limit = args.max_chars === 0 ? parsed.text.length : args.max_chars;
    const shape = (t: (typeof parsed.turns)[number]) => ({
      speaker: t.speaker,
      speaker_title: t.speaker_title,
      speaker_company: t.speaker_company,
      role: t.role,
      role_source: t.role_source,
      text: t.text,
      start_char: t.start_char,
      end_char: t.end_char,
    });
    return {
      symbol: args.symbol ?? null,
      transcript: meta,
      text: parsed.text.slice(0, limit),
      char_count: parsed.text.length,
      returned_chars: Math.min(limit, parsed.text.length),
      truncated: limit < parsed.text.length,
      summary: parsed.sections.summary ?? null,
      speakers: [...speakers.values()],
      prepared_speakers: [
        ...new Set(prepared.filter((t) => t.role !== "operator").map((t) => t.speaker)),
      ],
      prepared_turn_count: prepared.length,
      qa_turn_count: qa.length,
      qa_start_char: parsed.qa_start_char,
      qa_marker: parsed.qa_marker,
      qa_rule: parsed.qa_rule,
      ...(args.include_turns
        ? { prepared_remarks: prepared.map(shape), qa_turns: qa.map(shape) }
        : {}),
      ...(unsplit.length
        ? {
          unsplit_turn_count: unsplit.length,
          ...(args.include_turns ? { unsplit_turns: unsplit.map(shape) } : {}),
        }
        : {}),
      ...(parsed.cut ? { appears_cut: true, cut_evidence: parsed.cut.evidence } : {}),
      source: meta.source,
    };
  },
});
