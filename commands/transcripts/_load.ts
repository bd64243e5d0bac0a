/**
 * Finds and parses one transcript for transcripts.read, transcripts.qa and kpi.*: by URL (http,
 * a local path or file:// URL) or by ticker and quarter through transcript search.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { urlGuardFor } from "../../core/access.ts";
import { checkLocalPath } from "../../core/local_files.ts";
import type { Context } from "../../core/context.ts";
import { FinanceError, InputError, UsageError } from "../../core/errors.ts";
import type { ParsedTranscript } from "../../analysis/evidence/transcript.ts";

export const transcriptMeta = z.object({
  title: z.string().nullable(),
  quarter: z.string().nullable(),
  published_at: z.string().nullable(),
  url: z.string(),
  source: z.string(),
});

export type TranscriptMeta = z.infer<typeof transcriptMeta>;

export interface LoadedTranscript {
  meta: TranscriptMeta;
  parsed: ParsedTranscript;
}

/** `Q4 2024`, `q4-2024`, `2024Q4`, `Q4`, `FY2024 Q4` → {q, year} for exact comparison. */
export function quarterQuery(text: string): { q: string | null; year: string | null } {
  const t = text.toUpperCase();
  return {
    q: /Q([1-4])/.exec(t)?.[1] ?? null,
    year: /((?:19|20)\d{2})/.exec(t)?.[1] ?? null,
  };
}

function sourceOf(url: string): string {
  if (!/^https?:\/\//i.test(url)) return "local_file";
  const host = new URL(url).hostname.replace(/^www\./, "");
  return host === "fool.com" ? "motley_fool" : host;
}

const MAX_BYTES = 20_000_000;

/** Reads and parses one transcript page or file. */
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
  const { quarterOf } = await import("../../providers/transcripts_a/fool.ts");
  let body: string;
  let shownUrl = url;
  if (/^https?:\/\//i.test(url)) {
    const guard = ctx.access.allowPrivateUrls ? undefined : urlGuardFor(ctx.access);
    body = await (await ctx.provider("transcripts_a")).page(url, guard);
  } else {
    const path = checkLocalPath(ctx.access, url, MAX_BYTES);
    body = readFileSync(path, "utf8");
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
  const { blocks, meta } = isHtml
    ? await htmlBlocks(body)
    : { blocks: textBlocks(body), meta: { title: null, published_at: null } };
  const parsed = parseTranscript(blocks);
  if (!parsed.text.trim()) {
    throw new FinanceError(`no transcript text found in ${shownUrl}`);
  }
  const title = meta.title ?? (isHtml ? null : blocks[0]?.text.slice(0, 160) ?? null);
  const { toIsoDate } = await import("../../analysis/evidence/transcript_html.ts");
  return {
    meta: {
      title,
      quarter: quarterOf(title ?? "") ?? quarterOf(parsed.text.slice(0, 3000)) ?? quarterOf(url),
      published_at: meta.published_at ?? toIsoDate(parsed.sections.date ?? "") ??
        toIsoDate(parsed.text.slice(0, 1500)),
      url: shownUrl,
      source: sourceOf(url),
    },
    parsed,
  };
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
  if (args.url) return await loadFromUrl(args.url.trim(), ctx);
  if (!args.symbol) {
    throw new UsageError(
      `${command} needs symbol= (to search) or ${addressArg}= (a page, local file or file:// URL)`,
    );
  }
  const found = await (await ctx.provider("transcripts_a")).search(args.symbol, 12);
  if (!found.transcripts.length) {
    throw new FinanceError(
      `no transcripts found for ${args.symbol} (tried ${
        found.attempts.map((a) => a.url).join(", ")
      }); pass url= with a transcript page or a saved file`,
    );
  }
  let pick = found.transcripts[0];
  const wanted = args.quarter.trim().toLowerCase();
  if (wanted && wanted !== "latest") {
    const { q, year } = quarterQuery(args.quarter);
    if (!q && !year) {
      throw new UsageError(
        `quarter="${args.quarter}" is not a quarter; use latest, Q4, Q4 2024 or 2024Q4`,
      );
    }
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
  loaded.meta.title ??= pick.title;
  loaded.meta.quarter ??= pick.quarter;
  loaded.meta.published_at = pick.published_at ?? loaded.meta.published_at;
  return loaded;
}
