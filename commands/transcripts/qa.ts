import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError } from "../../core/errors.ts";
import { ticker } from "../../core/schema.ts";
import {
  loadTranscript,
  transcriptMeta,
  warnAnswering,
  warnAsking,
  warnCut,
  warnQaStart,
} from "./_load.ts";

const passage = z.object({ text: z.string(), start_char: z.int(), end_char: z.int() });

export default defineCommand({
  name: "transcripts.qa",
  summary: "Pair analyst questions with management answers from an earnings call",
  description:
    "Finds the Q&A part of one earnings-call transcript (by ticker and quarter, page URL, local file or file:// URL) and returns each analyst's question, with follow-ups, paired with the management answers that followed (the host's hand-offs such as 'next question, please' and closing remarks are not answers), every passage cited by character offsets into the transcript text (as transcripts.read returns it with max_chars=0). Analysts are recognised from participant lists, page markup, the operator's introductions and titles, so an executive who speaks only in the Q&A is still management; a speaker none of these place is named in a warning and left out.",
  usage: "finance transcripts.qa [SYMBOL] [source=URL|PATH] [quarter=latest limit=10]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: ["url", "quarter", "questioner", "speaker", "start_char", "end_char"],
  positional: ["symbol"],
  synonyms: { url: "source" },
  requireOneOf: [["symbol"], ["source"]],
  view: "qa",
  args: z.strictObject({
    symbol: ticker("Ticker to find the transcript for (ignored when source is given).").optional(),
    source: z.string().trim().min(1).optional().describe(
      "Transcript page URL, local file path or file:// URL.",
    ),
    quarter: z.string().default("latest").describe(
      "Which call when searching by ticker: latest, Q4, Q4 2024 or 2024Q4.",
    ),
    limit: z.int().min(1).max(200).default(10).describe("Most question/answer pairs returned."),
  }),
  data: z.object({
    symbol: z.string().nullable(),
    transcript: transcriptMeta,
    qa_pairs: z.array(z.object({
      questioner: z.string(),
      questioner_title: z.string().nullable(),
      read_out: z.boolean().optional().describe(
        "true when the operator or a host read the question out for an investor (webcast, e-mail); questioner is who read it",
      ),
      question: z.array(passage),
      answers: z.array(
        passage.extend({ speaker: z.string(), speaker_title: z.string().nullable() }),
      ),
    })),
    count: z.int(),
    total_count: z.int(),
    unanswered_count: z.int(),
    appears_cut: z.boolean().optional().describe(
      "Present (true) when the transcript looks cut, so later questions are missing.",
    ),
    source: z.string(),
  }),
  examples: [
    "finance transcripts.qa NVDA",
    "finance transcripts.qa source=./saved/nvda-q4-2024.html limit=20",
  ],
  async run(args, ctx) {
    const { pairQuestions } = await import("../../analysis/evidence/transcript.ts");
    const { meta, parsed } = await loadTranscript(
      { ...args, url: args.source },
      ctx,
      "transcripts.qa",
      "source",
    );
    if (parsed.qa_start_char === null) {
      throw new FinanceError(
        `no Q&A start found in ${meta.url} (no Q&A heading, no hand-over to a first caller, no analyst), so questions cannot be told from prepared remarks; use transcripts.read to see what the transcript holds`,
      );
    }
    if (!parsed.turns.length) {
      throw new FinanceError(
        `${meta.url} has no speaker labels: its Q&A starts at character ${parsed.qa_start_char} ("${parsed.qa_marker}"), but who asks and who answers is not marked, so no question can be paired with its answer; use transcripts.read for the text`,
      );
    }
    // loading said a definite cut already; the missing closing words are said here
    if (!parsed.cut) warnCut(parsed, ctx, true);
    warnQaStart(parsed, ctx);
    warnAsking(parsed.turns, ctx);
    warnAnswering(parsed.turns, ctx, true);
    const { pairs, unanswered, unknown_speakers, read_out, interpreted } = pairQuestions(
      parsed.turns,
    );
    if (read_out) {
      ctx.warn(
        `${read_out} question(s) were read out by the operator or a host for investors (webcast, e-mail): paired with read_out=true and the reader as questioner`,
      );
    }
    if (interpreted) {
      ctx.warn(
        `${interpreted} interpreter turn(s) are kept with the question or answer they render`,
      );
    }
    if (!pairs.length) {
      ctx.warn(`the Q&A of ${meta.url} has no question followed by a management answer`);
    }
    if (unknown_speakers.length) {
      ctx.warn(
        `the role of ${
          unknown_speakers.join(", ")
        } is unknown (not in a participant list, not introduced by the operator, not heard in the prepared remarks): their turns are left out of the pairs, neither questions nor answers`,
      );
    }
    if (unanswered) {
      ctx.warn(`${unanswered} question(s) had no management answer and were left out`);
    }
    return {
      symbol: args.symbol ?? null,
      transcript: meta,
      qa_pairs: pairs.slice(0, args.limit),
      count: Math.min(pairs.length, args.limit),
      total_count: pairs.length,
      unanswered_count: unanswered,
      ...(parsed.cut ? { appears_cut: true } : {}),
      source: meta.source,
    };
  },
});
