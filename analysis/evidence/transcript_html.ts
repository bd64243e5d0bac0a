/**
 * Earnings-call pages (Motley Fool, Seeking-Alpha-style sites, saved copies) and plain-text
 * transcripts turned into ordered text blocks plus page metadata. linkedom loads lazily.
 */
import { FinanceError } from "../../core/errors.ts";
import { DEFAULT_MAX_HTML_DEPTH, nestingDepth, parseStoppable } from "../document/html.ts";

/** One paragraph-like piece of the page in reading order. */
export interface Block {
  text: string;
  /** h1..h4 for headings, p for the rest. */
  tag: string;
  /** The whole block is bold (a speaker label or a section title on many sites). */
  bold: boolean;
  /** Speaker markup some sites add: `question` or `answer`. */
  hint: "question" | "answer" | null;
}

export interface PageMeta {
  title: string | null;
  published_at: string | null;
}

interface El {
  tagName: string;
  textContent: string | null;
  innerHTML: string;
  getAttribute(name: string): string | null;
  querySelector(sel: string): El | null;
  querySelectorAll(sel: string): Iterable<El>;
  closest(sel: string): El | null;
}

const BODY_SELECTORS = [
  "#article-body-transcript",
  ".article-body",
  "[itemprop=articleBody]",
  "article",
  "main",
  "body",
];

function clean(text: string): string {
  return text.replace(/[\u00a0\u200b]/g, " ").replace(/[ \t\r\f\v]+/g, " ")
    .replace(/ *\n */g, "\n").trim();
}

function blockText(el: El): string {
  // <br> separates lines inside participant lists; keep them as newlines.
  const html = el.innerHTML.replace(/<br\s*\/?>/gi, "\n");
  const tmp = html.replace(/<[^>]*>/g, "").replace(
    /&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos|nbsp|#39|rsquo|lsquo|ldquo|rdquo|mdash|ndash|hellip);/gi,
    (_m, e: string) => ENTITY[e.toLowerCase()] ?? entityCode(e),
  );
  return clean(tmp);
}

const ENTITY: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
  rsquo: "\u2019",
  lsquo: "\u2018",
  ldquo: "\u201c",
  rdquo: "\u201d",
  mdash: "\u2014",
  ndash: "\u2013",
  hellip: "\u2026",
};

function entityCode(e: string): string {
  const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1));
  return Number.isFinite(code) && code > 0 ? String.fromCodePoint(code) : "";
}

function isBold(el: El, text: string): boolean {
  const strong = [...el.querySelectorAll("strong, b")].map((s) => clean(s.textContent ?? ""))
    .join(" ").trim();
  return strong.length > 0 && strong.replace(/\s+/g, " ") === text.replace(/\s+/g, " ");
}

/** Reads an HTML page into blocks and metadata. */
export async function htmlBlocks(html: string): Promise<{ blocks: Block[]; meta: PageMeta }> {
  // the parse cannot be interrupted and grows with the square of the nesting: measure first
  if (nestingDepth(html, DEFAULT_MAX_HTML_DEPTH) > DEFAULT_MAX_HTML_DEPTH) {
    throw new FinanceError(
      `the page nests its HTML elements more than ${DEFAULT_MAX_HTML_DEPTH} levels deep, which no real transcript page does and which would stall the parser`,
    );
  }
  const { document } = (await parseStoppable(html)) as { document: El };
  const meta = pageMeta(document);
  let body: El | null = null;
  for (const sel of BODY_SELECTORS) {
    body = document.querySelector(sel);
    if (body && (body.textContent ?? "").trim().length > 200) break;
  }
  if (!body) return { blocks: [], meta };
  const blocks = collect(body, BLOCKS, false);
  // A page that writes its call in <div>s (or table cells) would lose it all to a line of
  // boilerplate: when the paragraphs hold less than half the text, the innermost containers are
  // the blocks.
  const total = blocks.reduce((n, b) => n + b.text.length, 0);
  if (total * 2 < clean(body.textContent ?? "").length) {
    return { blocks: collect(body, CONTAINERS, true), meta };
  }
  return { blocks, meta };
}

const BLOCKS = "h1, h2, h3, h4, p, li, blockquote";
const CONTAINERS = `${BLOCKS}, div, section, td, th, dd, dt`;

/** The elements `selector` picks as blocks; with `leaves`, only those holding no other such. */
function collect(body: El, selector: string, leaves: boolean): Block[] {
  const blocks: Block[] = [];
  for (const el of body.querySelectorAll(selector)) {
    const tag = el.tagName.toLowerCase();
    if (tag === "li" && el.querySelector("p")) continue;
    if (leaves && el.querySelector(selector)) continue;
    if (el.closest("script, style, nav, footer, aside, noscript")) continue;
    const text = blockText(el);
    if (!text || /^image source: the motley fool\.?$/i.test(text)) continue;
    const hintEl = el.querySelector(".question, .answer");
    const hint = hintEl
      ? (String(hintEl.getAttribute("class")).includes("question") ? "question" : "answer")
      : null;
    blocks.push({ text, tag: /^h[1-4]$/.test(tag) ? tag : "p", bold: isBold(el, text), hint });
  }
  return blocks;
}

function pageMeta(document: El): PageMeta {
  let title: string | null = null;
  let published: string | null = null;
  for (const s of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      const items = [JSON.parse(s.textContent ?? "")].flat();
      for (const item of items.flatMap((i) => i?.["@graph"] ?? [i])) {
        title ??= typeof item?.headline === "string" ? item.headline : null;
        published ??= typeof item?.datePublished === "string" ? item.datePublished : null;
      }
    } catch {
      // A broken JSON-LD block is the page's problem; other sources of metadata remain.
    }
  }
  const metaContent = (sel: string) => document.querySelector(sel)?.getAttribute("content") ?? null;
  // an empty <h1> is no title: fall through to <title> (`??` never did, "" not being null)
  title ??= metaContent('meta[property="og:title"]') ||
    clean(document.querySelector("h1")?.textContent ?? "") ||
    clean(document.querySelector("title")?.textContent ?? "").replace(/\s+[|–—-]\s+[^|–—-]+$/, "");
  published ??= metaContent('meta[property="article:published_time"]') ??
    metaContent('meta[name="date"]') ??
    clean(document.querySelector("#publish-date, time")?.textContent ?? "") ?? null;
  return { title: title || null, published_at: published ? toIsoDate(published) : null };
}

const MONTHS = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
];

/** `2024-02-21T17:00:00Z`, `February 21, 2024`, `Feb. 21, 2024` → `2024-02-21` (else null). */
export function toIsoDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /\b([A-Z][a-z]{2,8})\.?\s+(\d{1,2}),?\s+(\d{4})\b/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[1].slice(0, 3).toLowerCase());
    if (month >= 0) {
      return `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[2].padStart(2, "0")}`;
    }
  }
  return null;
}

/** Plain text (saved transcript, API text) as blocks: paragraphs, or lines when no blank lines. */
export function textBlocks(text: string): Block[] {
  // rules of `=` or `-` (Refinitiv/StreetEvents transcripts frame each label with them) part blocks
  const normalized = text.replace(/\r\n?/g, "\n").replace(
    /^[ \t]*(?:={10,}|-{10,}|_{10,})[ \t]*$/gm,
    "",
  );
  const parts = /\n\s*\n/.test(normalized) ? normalized.split(/\n\s*\n/) : normalized.split("\n");
  return parts.map((p) => clean(p)).filter(Boolean).map((p) => ({
    text: p,
    tag: "p",
    bold: false,
    hint: null,
  }));
}
