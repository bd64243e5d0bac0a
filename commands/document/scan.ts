import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { documentReadFrom, documentReadFromShape } from "./read.ts";
import { InputError } from "../../core/errors.ts";
import { list } from "../../core/schema.ts";
import { documentFields, liftWarnings } from "../../analysis/document/view.ts";

const match = z.object({
  match_id: z.string().describe(
    "char_<START>_<END>: pass it to document.window to read around it.",
  ),
  start_char: z.int(),
  end_char: z.int(),
  page: z.int().nullable(),
  score: z.number().describe(
    "0-100; 100 is the phrase word for word (case, breaks, number format aside).",
  ),
  method: z.string().describe("exact, fuzzy or all_terms."),
  topic: z.string(),
  query: z.string().describe("The query (or topic phrase) that matched."),
  text: z.string().describe("The matched passage as printed in the document."),
  context: z.string(),
  context_start_char: z.int(),
  context_end_char: z.int(),
  source: z.string(),
  url: z.string().nullable(),
  path: z.string().nullable(),
});

/** Longest phrase (query, or a topic given as a literal phrase) looked for, in characters. */
const MAX_PHRASE_CHARS = 1000;

export default defineCommand({
  name: "document.scan",
  summary: "Find a phrase, table text or topics in a document with stable offsets",
  description:
    "Searches a PDF or HTML document (local file or http(s) URL) for a phrase, a line of table " +
    "text or topic groups, tolerating line breaks, hyphenation, number formatting, case and small " +
    "typos, but never matching a word inside a longer word. Each hit gives the exact passage, page, " +
    "score and a match_id that document.window reopens in a later call. By default the whole " +
    "document is scanned (max_pages=0, max_chars=0), unlike document.read which returns text. " +
    "Use document.tables for tabular numbers and filings.* for XBRL facts.",
  usage:
    "finance document.scan SOURCE|source=PATH_OR_URL [query=TEXT topics=risk,disclosure format=pdf|html match=fuzzy|all_terms threshold=80 max_chars=0 max_pages=0 limit=50 window=0 start_char=0 end_char=0]",
  side_effects: "local_or_network_read",
  auth_required: "none",
  citation_fields: [
    "source",
    "url",
    "path",
    "page",
    "start_char",
    "end_char",
    "match_id",
    "retrieved_at",
  ],
  positional: ["source"],
  view: "scan",
  aliases: { "path": "source", "url": "source", "topic": "topics" },
  args: z.strictObject({
    source: z.string().describe("Local file path or http(s) URL of the PDF or HTML document."),
    query: z.string().optional().describe("Phrase or row of table text to look for."),
    topics: list(z.string()).optional().describe(
      "Topic groups (disclosure, risk, financial_reporting, portfolio, guidance) or literal phrases; " +
        "used when query is absent (neither: all five groups).",
    ),
    format: z.enum(["pdf", "html"]).optional().describe(
      "Treat the document as this format instead of detecting it from its first bytes.",
    ),
    match: z.enum(["fuzzy", "all_terms"]).default("fuzzy").describe(
      "fuzzy: the phrase with small differences; all_terms: all its words close together, any order.",
    ),
    threshold: z.number().min(0).max(100).default(80.0).describe(
      "Lowest score (0-100) a hit needs to be returned.",
    ),
    max_chars: z.int().min(0).default(0).describe(
      "Only scan the first N characters of the text (0 = no limit).",
    ),
    max_pages: z.int().min(0).default(0).describe(
      "Only scan the first N PDF pages (0 = every page).",
    ),
    limit: z.int().min(1).default(50).describe("Most matches to return, best first."),
    window: z.int().min(0).default(0).describe(
      "Context characters around each hit (0 = about 240).",
    ),
    start_char: z.int().min(0).optional().describe("Scan only from this offset on."),
    end_char: z.int().min(0).optional().describe("Scan only up to this offset."),
  }),
  data: z.object({
    ...documentFields,
    topics: z.array(z.string()),
    match_mode: z.enum(["fuzzy", "all_terms"]),
    threshold: z.number(),
    start_char: z.int(),
    end_char: z.int(),
    matches: z.array(match),
    count: z.int(),
    total_matches: z.int(),
    pages_scanned: z.int(),
    char_count: z.int().describe("Characters of the text that was read."),
    ...documentReadFromShape,
  }),
  examples: [
    'finance document.scan ./10-K.pdf query="effective tax rate" window=600',
    "finance document.scan ./deck.pdf topics=guidance,risk limit=10",
    'finance document.scan ./10-K.pdf query="Operating income 9,285" start_char=120000 end_char=180000',
  ],
  async run(args, ctx) {
    if (!args.source?.trim()) {
      throw new InputError("source is required (a local path or an http(s) URL)");
    }
    // query="" (an unset variable in a script) is not "no query": scanning the five topic
    // groups instead would answer another question
    if (args.query !== undefined && !args.query.trim()) {
      throw new InputError(
        "query is empty: give the phrase to look for, or leave query out to scan the topic groups (topics=)",
      );
    }
    // a phrase is compared with passages of its own length: one of thousands of words costs
    // the square of its length per candidate passage and matches no passage anyway
    for (
      const [name, phrase] of [
        ["query", args.query],
        ...(args.topics ?? []).map((t) => ["topics", t]),
      ]
    ) {
      if (phrase !== undefined && phrase.length > MAX_PHRASE_CHARS) {
        throw new InputError(
          `${name} holds a phrase of ${
            phrase.length.toLocaleString("en-US")
          } characters; a phrase ` +
            `to look for is at most ${MAX_PHRASE_CHARS.toLocaleString("en-US")} (a sentence or a ` +
            "table row): look for a distinctive part of the text, or read a span with document.window",
        );
      }
    }
    if (
      args.start_char !== undefined && args.end_char !== undefined &&
      args.end_char < args.start_char
    ) {
      throw new InputError(`end_char (${args.end_char}) is before start_char (${args.start_char})`);
    }
    const { loadDocument } = await import("../../analysis/document/load.ts");
    const { resolveTopics, scanText } = await import("../../analysis/document/scan.ts");
    const untilChar = args.max_chars > 0 || args.end_char !== undefined
      ? Math.min(args.max_chars || Infinity, args.end_char ?? Infinity)
      : undefined;
    const doc = await loadDocument(ctx, args.source, {
      format: args.format,
      maxPages: args.max_pages,
      untilChar,
    });
    const warnings = [...doc.warnings];
    const limitEnd = args.max_chars > 0
      ? Math.min(args.max_chars, doc.text.length)
      : doc.text.length;
    if (args.start_char !== undefined && args.start_char > 0 && args.start_char >= limitEnd) {
      // a range past the text read scans nothing: said, never an empty answer said nothing of
      throw new InputError(
        `start_char=${args.start_char} is past the end of ${
          limitEnd < doc.text.length
            ? `the first ${limitEnd} characters scanned (max_chars=${args.max_chars}); raise max_chars or pass max_chars=0`
            : doc.complete
            ? `the document text (${doc.text.length} characters)`
            : `the text of the pages read (${doc.text.length} characters, max_pages=${args.max_pages}); pass max_pages=0`
        }`,
      );
    }
    const start = Math.min(args.start_char ?? 0, limitEnd);
    const end = Math.min(args.end_char ?? limitEnd, limitEnd);
    if (args.max_chars > 0 && doc.text.length > args.max_chars) {
      warnings.push(
        `scanned the first ${args.max_chars} characters only (max_chars); pass max_chars=0 to scan all`,
      );
    }
    const topics = resolveTopics(args.query, args.topics);
    const { matches, total, mismatches } = scanText(doc, {
      topics,
      mode: args.match,
      threshold: args.threshold,
      limit: args.limit,
      window: args.window,
      start,
      end,
    });
    if (mismatches.length) {
      const m = mismatches[0];
      warnings.push(
        `${mismatches.length} passage(s) worded like the query but stating other numbers or signs were left out (e.g. "${
          m.text.slice(0, 80)
        }"${m.page ? ` on page ${m.page}` : ""} for "${m.query}"): a figure only matches itself`,
      );
    }
    if (total > matches.length) {
      warnings.push(`returned the best ${matches.length} of ${total} matches (limit)`);
    }
    if (total === 0 && !doc.text.trim()) {
      warnings.push("the document has no extractable text to scan");
    }
    const cite = { source: doc.source, url: doc.url, path: doc.path };
    return {
      source: doc.source,
      url: doc.url,
      path: doc.path,
      format: doc.format,
      engine: doc.engine,
      page_count: doc.page_count,
      topics: topics.map((t) => t.topic),
      match_mode: args.match,
      threshold: args.threshold,
      start_char: start,
      end_char: end,
      matches: matches.map((m) => ({ ...m, ...cite })),
      count: matches.length,
      total_matches: total,
      pages_scanned: doc.pages.filter((p) => p.start_char < end && p.end_char >= start).length,
      char_count: doc.text.length,
      warnings: liftWarnings(warnings, ctx.warn),
      ...documentReadFrom(ctx, doc.url),
    };
  },
});
