/**
 * Finds and parses one transcript for transcripts.read, transcripts.qa and kpi.*: by URL (http,
 * a local path or file:// URL) or by ticker and quarter through transcript search.
 */
import { z } from "zod";
import { urlGuardFor } from "../../core/access.ts";
import { checkLocalPath, readLocal } from "../../core/local_files.ts";
import type { Context } from "../../core/context.ts";
import { FinanceError, InputError, UsageError } from "../../core/errors.ts";
import type { ParsedTranscript, QaRule, Turn } from "../../analysis/evidence/transcript.ts";
import { quarterMatch } from "../../providers/transcripts_a/fool.ts";
import { askedQuarter, checkAddressed, quarterQuery, refuseForeignListing } from "./_quarter.ts";
import { type SavedTranscript, savedTranscript } from "../../providers/transcripts_a/saved_json.ts";

export const transcriptMeta = z.object({
  title: z.string().nullable(),
  quarter: z.string().nullable(),
  published_at: z.string().nullable(),
  url: z.string(),
  source: z.string(),
  provider: z.string().nullable().describe(
    "Provider key of a page read over the network (transcripts_a); null for a local file.",
  ),
  retrieved_at: z.string().nullable().describe(
    "When the page was read (ISO 8601; the recording's time under replay) or the local file was read (this run's clock); null when that is not known (a recording that carries no date).",
  ),
});

export type TranscriptMeta = z.infer<typeof transcriptMeta>;

export interface LoadedTranscript {
  meta: TranscriptMeta;
  parsed: ParsedTranscript;
  /** Where meta.quarter was read: the page's title, the opening of the text, or the address. */
  quarterFrom?: "title" | "text" | "url";
}

function sourceOf(url: string): string {
  if (!/^https?:\/\//i.test(url)) return "local_file";
  const host = new URL(url).hostname.replace(/^www\./, "");
  return host === "fool.com" ? "motley_fool" : host;
}

const MAX_BYTES = 20_000_000;
/** A transcript file's limit, in readLocal's messages. */
const TRANSCRIPT_LIMIT = {
  what: "a transcript file",
  fix: "read a smaller file (a file this large is not one call's transcript)",
};

// read here before it moved to core; kept importable from here for existing callers
export { readLocal };

/** True for text with control characters no transcript has (NUL, bell, backspace...). */
function binary(head: string): boolean {
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c < 9 || (c > 13 && c < 27)) return true;
  }
  return false;
}

export async function loadFromUrl(url: string, ctx: Context): Promise<LoadedTranscript> {
  const { htmlBlocks, textBlocks } = await import("../../analysis/evidence/transcript_html.ts");
  const { parseTranscript } = await import("../../analysis/evidence/transcript.ts");
  let body: string;
  let shownUrl = url;
  if (/^https?:\/\//i.test(url)) {
    const guard = ctx.access.allowPrivateUrls ? undefined : urlGuardFor(ctx.access);
    body = await (await ctx.provider("transcripts_a")).page(url, guard);
  } else {
    const path = checkLocalPath(ctx.access, url, MAX_BYTES);
    body = readLocal(path, url, MAX_BYTES, TRANSCRIPT_LIMIT);
    shownUrl = url.startsWith("file://") ? url : `file://${path}`;
  }
  // a PDF or other binary file read as text is no transcript (its "title" was "%PDF-1.4 1 0 obj")
  if (/^\s*%PDF-/.test(body) || binary(body.slice(0, 4096))) {
    throw new InputError(
      `${shownUrl} is ${
        /^\s*%PDF-/.test(body) ? "a PDF" : "a binary file"
      }, not a transcript page: transcripts and kpi.extract read HTML or plain-text calls; read it with document.read (document.scan and document.tables find its figures)`,
    );
  }
  const isHtml = /^\s*</.test(body);
  // a transcript API's answer saved as JSON is read by its fields, never as prose
  const saved = isHtml ? null : savedTranscript(body, shownUrl);
  const { blocks, meta } = isHtml
    ? await htmlBlocks(body)
    : { blocks: textBlocks(saved?.text ?? body), meta: { title: null, published_at: null } };
  const parsed = parseTranscript(blocks);
  if (!parsed.text.trim()) {
    throw new FinanceError(
      !body.trim()
        ? `${shownUrl} is empty: there is no transcript to read; check the file or address`
        : `no transcript text found in ${shownUrl}: the page holds no paragraphs of a call ` +
          `(a quote page, a search page, or text drawn by script); check it in a browser, or ` +
          `find the call with transcripts.search`,
    );
  }
  for (const w of saved?.warnings ?? []) ctx.warn(w);
  // a saved answer's first paragraph is a speaker's label or words, never a title
  const title = meta.title ?? (isHtml || saved ? null : plainTitle(blocks[0]?.text ?? ""));
  const { quarter, from } = quarterFrom(title, parsed.text, url, ctx, saved);
  // The Date section and dates in the opening lines are the call's day, not the page's
  // publication: they never pass for published_at.
  let dated = meta.published_at;
  if (saved?.call_date) {
    ctx.warn(
      `${saved.layout} gives no publication date (published_at is null); its ${saved.dated_by} dates the call ${saved.call_date}, the day where the call was held`,
    );
    dated = saved.call_date;
  } else if (!meta.published_at) {
    const { toIsoDate } = await import("../../analysis/evidence/transcript_html.ts");
    const call = toIsoDate(parsed.sections.date ?? "") ?? toIsoDate(parsed.text.slice(0, 600));
    if (call) {
      ctx.warn(
        `the page gives no publication date (published_at is null); the transcript's own text dates the call ${call}`,
      );
    }
    dated = call;
  }
  if (quarter && dated) warnQuarterDate(quarter, dated, ctx);
  warnCut(parsed, ctx);
  for (const w of parsed.label_warnings) ctx.warn(w);
  for (const w of parsed.handoff_warnings) ctx.warn(w);
  return {
    meta: {
      title,
      quarter,
      published_at: meta.published_at,
      url: shownUrl,
      source: sourceOf(url),
      provider: /^https?:\/\//i.test(url) ? "transcripts_a" : null,
      // a page's time is its answer's (null for an undated recording, warned), never today; a
      // local file was read just now, by this run's clock
      retrieved_at: /^https?:\/\//i.test(url)
        ? ctx.requested().at(-1)?.retrieved_at ?? null
        : ctx.clock.now().toISOString(),
    },
    parsed,
    ...(from ? { quarterFrom: from } : {}),
  };
}

/**
 * Says when the call's date cannot belong to the fiscal quarter named: whatever the fiscal year
 * (ending from December of the year before its name to March of the year after), quarter q ends
 * 3·(4−q) months before it, and its call comes within four months after that.
 */
export function warnQuarterDate(quarter: string, date: string, ctx: Context): void {
  const { q, year } = quarterQuery(quarter);
  const m = /^(\d{4})-(\d{2})/.exec(date);
  if (!q || !year || !m) return;
  const months = (y: number, month: number) => y * 12 + month - 1;
  const at = months(Number(m[1]), Number(m[2]));
  const back = 3 * (4 - Number(q));
  const first = months(Number(year) - 1, 12) - back;
  const last = months(Number(year) + 1, 3) - back + 4;
  if (at < first || at > last) {
    ctx.warn(
      `the transcript names ${quarter} but is dated ${date}, which no fiscal calendar puts near the end of ${quarter}: the page may hold another call, or the title or date is wrong; check which period the call covers before using its figures`,
    );
  }
}

/**
 * The fiscal quarter as the page's own title names it; failing that, as the opening of the text
 * or the address names it, said in a warning with the words it came from. A title and an opening
 * that disagree are said too.
 */
function quarterFrom(
  title: string | null,
  text: string,
  url: string,
  ctx: Context,
  saved: SavedTranscript | null = null,
): { quarter: string | null; from?: "title" | "text" | "url" } {
  const fromTitle = quarterMatch(title ?? "");
  const opening = quarterMatch(text.slice(0, 3000));
  if (saved?.quarter) {
    // the answer's own year and quarter fields name the call, as a title does
    if (opening && opening.quarter !== saved.quarter) {
      ctx.warn(
        `${saved.layout} files the call as ${saved.quarter} but the transcript opens with "${opening.match}" (${opening.quarter}); quarter is the file's, check which period the call covers`,
      );
    }
    return { quarter: saved.quarter, from: "title" };
  }
  if (fromTitle) {
    if (opening && opening.quarter !== fromTitle.quarter) {
      ctx.warn(
        `the title names ${fromTitle.quarter} but the transcript opens with "${opening.match}" (${opening.quarter}); quarter is the title's, check which period the call covers`,
      );
    }
    return { quarter: fromTitle.quarter, from: "title" };
  }
  if (opening) {
    ctx.warn(
      `quarter ${opening.quarter} is read from the transcript text ("${opening.match}"), not from a title: the first quarter the opening names, check it is the call's own`,
    );
    return { quarter: opening.quarter, from: "text" };
  }
  let address = url.split(/[?#]/)[0];
  try {
    address = decodeURIComponent(address);
  } catch {
    // a malformed %-escape: the address is read as written
  }
  const fromUrl = quarterMatch(address);
  if (fromUrl) {
    ctx.warn(
      `quarter ${fromUrl.quarter} is read from the address ("${fromUrl.match}"); the transcript's title and text name no quarter`,
    );
    return { quarter: fromUrl.quarter, from: "url" };
  }
  ctx.warn("no title or opening line names the call's quarter: quarter is null");
  return { quarter: null };
}

/**
 * Says when the transcript looks cut (paywall, text stopping mid-sentence). With `ending`, also
 * when it lacks the call's closing words (transcripts.read and .qa say it; kpi rows need not).
 */
export function warnCut(parsed: ParsedTranscript, ctx: Context, ending = false): void {
  if (parsed.cut) {
    ctx.warn(
      `the transcript looks cut at character ${parsed.cut.start_char} (${parsed.cut.evidence}): turns, Q&A pairs and figures after it are missing`,
    );
  } else if (ending && !parsed.ends_with_closing) {
    ctx.warn(
      'the transcript does not end with the call\'s closing words (no "this concludes", "thank you for joining", "disconnect"): it may be cut short',
    );
  }
}

/**
 * The first line of a plain-text transcript when it reads as a title ("Apple Inc (AAPL) Q1 2023
 * Earnings Call Transcript"); a sentence or a speaker's words are no title.
 */
export function plainTitle(firstBlock: string): string | null {
  const line = firstBlock.split("\n")[0].trim();
  if (!line || line.length > 160 || /[.,;:!?]$/.test(line) || /^[^:]{2,60}:\s/.test(line)) {
    return null;
  }
  // "[Operator Instructions]", "(Audio begins)": a stage note in brackets is no title
  if (/^[[(][^\])]*[\])]$/.test(line)) return null;
  return line.split(/\s+/).length <= 20 ? line : null;
}

const QA_RULE_TEXT: Record<QaRule, string> = {
  heading: "a Q&A heading",
  operator_first_question: "the operator's hand-over to the first caller (no Q&A heading)",
  qa_phrase: 'a hand-over phrase such as "open the call for questions" (no Q&A heading)',
  first_analyst: "the first turn of a speaker titled or listed as an analyst (no Q&A heading)",
};

/** Says how the Q&A start was found when no heading marked it. */
export function warnQaStart(parsed: ParsedTranscript, ctx: Context): void {
  if (parsed.qa_rule === null || parsed.qa_rule === "heading") return;
  ctx.warn(
    `the Q&A start (character ${parsed.qa_start_char}) was found by ${
      QA_RULE_TEXT[parsed.qa_rule]
    }: "${parsed.qa_marker}"`,
  );
}

/** Names the speakers taken as analysts because they asked in the Q&A (see `assignRoles`). */
export function warnAsking(turns: Turn[], ctx: Context): void {
  const asking = [
    ...new Set(
      turns.filter((t) => t.role_source === "inferred" && t.role === "analyst").map((t) =>
        t.speaker
      ),
    ),
  ];
  if (asking.length) {
    ctx.warn(
      `taken as analysts because first heard in the Q&A asking a question that a speaker of the prepared remarks answers (no participant list or operator names them): ${
        asking.join(", ")
      }`,
    );
  }
}

/** The speakers of turns whose role came from `source` (`role` "any", or that role). */
function speakersOf(turns: Turn[], source: string, role: string): string[] {
  return [
    ...new Set(
      turns.filter((t) =>
        t.role_source === source && t.role !== "operator" && t.role !== "interpreter" &&
        (role === "any" || t.role === role)
      )
        .map((t) => t.speaker),
    ),
  ];
}

/**
 * Names the speakers taken as management because first heard answering in the Q&A (see
 * `assignRoles`): no list, title or prepared remarks say so. `pairs`: their turns count as answers.
 */
export function warnAnswering(turns: Turn[], ctx: Context, pairs = false): void {
  const inferred = speakersOf(turns, "inferred", "management");
  if (inferred.length) {
    ctx.warn(
      `taken as management because first heard answering in the Q&A, not introduced by the operator${
        pairs
          ? " (no participant list, title or prepared remarks say so; their turns are paired as answers)"
          : ""
      }: ${inferred.join(", ")}`,
    );
  }
}

/** Names the speakers whose role was inferred or could not be decided. */
export function warnRoles(turns: Turn[], ctx: Context): void {
  const unknown = speakersOf(turns, "none", "any");
  warnAsking(turns, ctx);
  warnAnswering(turns, ctx);
  if (unknown.length) {
    ctx.warn(
      `role unknown (not in a participant list, not introduced by the operator, not heard in the prepared remarks): ${
        unknown.join(", ")
      }`,
    );
  }
}

/**
 * Resolves a transcript address (`source=`) or
 * `symbol=` + `quarter=` to a parsed transcript.
 */
export async function loadTranscript(
  args: { symbol?: string; url?: string; quarter: string },
  ctx: Context,
  command: string,
  addressArg = "url",
): Promise<LoadedTranscript> {
  if (args.url) {
    const loaded = await loadFromUrl(args.url.trim(), ctx);
    checkAddressed(args, loaded, addressArg, ctx);
    return loaded;
  }
  if (!args.symbol) {
    throw new UsageError(
      `${command} needs symbol= (to search) or ${addressArg}= (a page, local file or file:// URL)`,
    );
  }
  await refuseForeignListing(args.symbol);
  // a quarter= that names no quarter (Q5) is refused before the search, not after it
  const wanted = args.quarter.trim().toLowerCase();
  const asked = wanted && wanted !== "latest" ? askedQuarter(args.quarter) : null;
  const found = await (await ctx.provider("transcripts_a")).search(args.symbol, 12);
  if (!found.transcripts.length) {
    throw new FinanceError(
      `no transcripts found for ${args.symbol} (tried ${
        found.attempts.map((a) => a.url).join(", ")
      }); pass url= with a transcript page or a saved file`,
    );
  }
  let pick = found.transcripts[0];
  if (asked) {
    const { q, year } = asked;
    const hit = found.transcripts.find((t) => {
      const tq = quarterQuery(t.quarter ?? "");
      return (!q || tq.q === q) && (!year || tq.year === year);
    });
    if (!hit) {
      throw new FinanceError(
        `no transcript of ${args.symbol} matched quarter ${args.quarter}; found ${
          found.transcripts.map((t) => t.quarter ?? t.title).join(", ")
        }`,
      );
    }
    pick = hit;
  }
  const loaded = await loadFromUrl(pick.url, ctx);
  checkPicked(args, pick, loaded, ctx);
  loaded.meta.title ??= pick.title;
  loaded.meta.quarter ??= pick.quarter;
  loaded.meta.published_at = pick.published_at ?? loaded.meta.published_at;
  return loaded;
}

/**
 * The page found by ticker must be the call asked for: a page whose own title names another
 * quarter than the one asked (the link was labelled wrong) is refused; one whose text or address
 * does, or that differs from its link for quarter=latest, is said.
 */
function checkPicked(
  args: { symbol?: string; quarter: string },
  pick: { quarter: string | null; url: string },
  loaded: LoadedTranscript,
  ctx: Context,
): void {
  const got = loaded.meta.quarter;
  if (!got) return;
  const page = quarterQuery(got);
  const wanted = args.quarter.trim().toLowerCase();
  if (wanted && wanted !== "latest") {
    const asked = quarterQuery(args.quarter);
    const differs = (asked.q !== null && page.q !== asked.q) ||
      (asked.year !== null && page.year !== asked.year);
    if (!differs) return;
    if (loaded.quarterFrom === "title") {
      throw new FinanceError(
        `the transcript listed for ${args.symbol} as ${
          pick.quarter ?? "that quarter"
        } (${pick.url}) is titled ${got}, not the ${args.quarter} asked: it holds another call; pass source=${pick.url} to read it anyway, or ask for quarter=${got}`,
      );
    }
    ctx.warn(
      `the transcript listed for ${args.symbol} as ${pick.quarter} (${pick.url}) has no quarter in its title and its text names ${got}, not the ${args.quarter} asked: check it is the call wanted`,
    );
    return;
  }
  if (pick.quarter && pick.quarter !== got) {
    ctx.warn(
      `the latest transcript listed for ${args.symbol} is labelled ${pick.quarter} but the page names ${got}: quarter is the page's; check which call it is`,
    );
  }
}
