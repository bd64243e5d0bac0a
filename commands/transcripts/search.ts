import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { readFrom, SOURCE_URLS_HELP, sourceUrls } from "../market/_sources.ts";

export default defineCommand({
  name: "transcripts.search",
  summary: "Find earnings-call transcript pages for a ticker",
  description:
    "Lists earnings-call transcript pages for a ticker from Motley Fool quote pages, newest first, each with title, fiscal quarter, publication date and URL. Feed a URL to transcripts.read or transcripts.qa. Finds only transcripts the quote page links to (usually the last few quarters); for other calls pass a page URL or a saved file to transcripts.read directly. An empty list comes with a warning naming the pages tried; unreachable pages make the command fail.",
  usage: "finance transcripts.search SYMBOL [limit=4 debug=false]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [
    "symbol",
    "url",
    "quarter",
    "published_at",
    "source",
    "provider",
    "retrieved_at",
  ],
  positional: ["symbol"],
  view: "transcripts",
  args: z.strictObject({
    symbol: ticker("Ticker whose transcripts are listed, e.g. NVDA."),
    limit: z.int().min(1).max(50).default(4).describe("Most transcripts to list."),
    debug: z.boolean().default(false).describe(
      "Add the quote pages tried and what each gave (attempts).",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    transcripts: z.array(z.object({
      symbol: z.string(),
      title: z.string(),
      quarter: z.string().nullable(),
      published_at: z.string().nullable(),
      url: z.string(),
      source: z.literal("motley_fool"),
    })),
    count: z.int(),
    source: z.literal("motley_fool"),
    provider: z.literal("transcripts_a"),
    retrieved_at: z.string().nullable().describe(
      "When the newest listing page was read (ISO 8601; the recording's time under replay); null when that is not known (a recording that carries no date).",
    ),
    source_urls: z.array(z.string()).describe(
      `The listing pages the links were read from. ${SOURCE_URLS_HELP}`,
    ),
    attempts: z.array(z.object({
      url: z.string(),
      ok: z.boolean(),
      found: z.int(),
      error: z.string().nullable(),
    })).optional(),
  }),
  examples: [
    "finance transcripts.search NVDA",
    "finance transcripts.search AAPL limit=8 debug=true",
  ],
  async run(args, ctx) {
    const { refuseForeignListing } = await import("./_quarter.ts");
    await refuseForeignListing(args.symbol);
    const found = await (await ctx.provider("transcripts_a")).search(args.symbol, args.limit);
    if (!found.transcripts.length) {
      ctx.warn(
        `no transcript links found for ${args.symbol} on ${
          found.attempts.map((a) => `${a.url} (${a.error ?? "no links"})`).join(", ")
        }`,
      );
    }
    const transcripts = found.transcripts.map((t) => ({
      symbol: args.symbol,
      ...t,
      source: "motley_fool" as const,
    }));
    return {
      symbol: args.symbol,
      transcripts,
      count: transcripts.length,
      source: "motley_fool" as const,
      provider: "transcripts_a" as const,
      // a date nobody knows (an undated recording, warned) is null, never today
      retrieved_at: readFrom(ctx, "transcripts_a").retrieved_at,
      source_urls: sourceUrls(ctx),
      ...(args.debug ? { attempts: found.attempts } : {}),
    };
  },
});
