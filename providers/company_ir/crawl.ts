/**
 * Investor-relations pages: documents (presentations, press releases) and hub pages worth one
 * more hop. Plain HTML only; sites that render links with JavaScript yield nothing here.
 */
import { checkpoint } from "../../core/cancel.ts";
import { cellText, classifyExhibit, type ExhibitKind } from "./exhibits.ts";

export interface IrLink {
  title: string;
  url: string;
  /** A full calendar date written in the link text or URL, else null. */
  date: string | null;
  /** Where `date` was read: the link's text, or its URL (file name or path); null without one. */
  date_source: "link_text" | "url" | null;
  /** What the link says that a reader should weigh (its text and URL give different dates). */
  notes: string[];
  /** A fiscal period or year written instead of a date (`Q4 2024`, `FY2024`, `2025`), else null. */
  period: string | null;
  kind: ExhibitKind;
  confidence: "high" | "medium" | "low";
  why: string;
  /** The document sits on another host than the IR page (a CDN); cite with care. */
  external: boolean;
}

const TWO_PART_SUFFIX = /\.(co|com|ac|gov|org|net)\.[a-z]{2}$/;

/** `investors.apple.com` → `apple.com`; `ir.example.co.uk` → `example.co.uk`. */
export function registrableDomain(host: string): string {
  const h = host.toLowerCase().replace(/^www\./, "");
  const parts = h.split(".");
  return parts.slice(TWO_PART_SUFFIX.test(h) ? -3 : -2).join(".");
}

const DOC = /\.(pdf|pptx?|htm|html)(\?|#|$)/i;
const HUB =
  /\b(presentations?|events?|investor[- ]?(day|relations)|financial[- ]results|quarterly[- ]results|press[- ]?releases|news)\b/i;
const SKIP =
  /\b(privacy|terms|cookie|governance|proxy|code of conduct|email alerts?|contact|careers|login|subscribe)\b/i;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function isoDay(y: string, m: number, d: number): string | null {
  const t = new Date(Date.UTC(Number(y), m - 1, d));
  if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;

/**
 * A full date in link text or URL: 2026-03-05, 2026_3_5, 20260305, March 5, 2026, Mar. 5 2026,
 * 5 March 2026. A year or fiscal period alone is no date (see linkPeriod).
 */
export function linkDate(text: string): string | null {
  let m = /(?<!\d)(20\d{2})[-_/.](\d{1,2})[-_/.](\d{1,2})(?!\d)/.exec(text);
  if (m) return isoDay(m[1], Number(m[2]), Number(m[3]));
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(20\d{2})\b/.exec(text);
  if (m && monthOf(m[1]) > 0) return isoDay(m[3], monthOf(m[1]), Number(m[2]));
  m = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(20\d{2})\b/.exec(text);
  if (m && monthOf(m[2]) > 0) return isoDay(m[3], monthOf(m[2]), Number(m[1]));
  m = /(?:^|[^\d])(20\d{2})(\d{2})(\d{2})(?!\d)/.exec(text);
  if (m) return isoDay(m[1], Number(m[2]), Number(m[3]));
  return null;
}

/** The fiscal period or year a link names: `Q4 FY2026` → `Q4 2026`, `FY2024`, `2025`. */
export function linkPeriod(text: string): string | null {
  const t = text.replace(/[-_]+/g, " ");
  let m = /\bQ([1-4])\s*(?:FY|fiscal(?: year)?)?\s*'?(20\d{2})\b/i.exec(t);
  if (m) return `Q${m[1]} ${m[2]}`;
  m = /\b(20\d{2})\s*Q([1-4])\b/i.exec(t);
  if (m) return `Q${m[2]} ${m[1]}`;
  m = /\b(?:FY|fiscal(?: year)?)\s*'?(20\d{2})\b/i.exec(t);
  if (m) return `FY${m[1]}`;
  m = /\b(20\d{2})\b/.exec(t);
  return m ? m[1] : null;
}

/**
 * How much of an IR page is read for links, in UTF-16 units: IR pages run to a few megabytes,
 * and the positions of a page's `>`s are held in memory while it is read.
 */
export const MAX_IR_PAGE_CHARS = 16_000_000;

/** Positions of every match of `re` (global) in `text`, in order. */
function positions(text: string, re: RegExp): Int32Array {
  let count = 0;
  while (re.exec(text)) count++;
  const at = new Int32Array(count);
  for (let k = 0, m = re.exec(text); m; m = re.exec(text)) at[k++] = m.index;
  return at;
}

/** The first of the ascending `sorted` at or after `from`, or -1. */
function firstFrom(sorted: Int32Array, from: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length ? sorted[lo] : -1;
}

const WORD = /\w/;
const isQuote = (c: number) => c === 34 || c === 39; // " and '

/**
 * The links of a page (href and inner HTML), as
 * `/<a\b[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi` finds them: in each `<a` tag
 * the last href-like attribute whose quoted value is not empty and that a `>` and then `</a>`
 * follow. The pattern retried every `<a` to the end of the page whenever no `>` or `</a>` was
 * left, and every attribute of a tag against each later one ('<a href="' repeated: 20 KB for
 * 36 s, in one call no deadline interrupts); here every `>` and `</a>` is found once, each tag's
 * attributes are read once, and the walk ends when no `>` remains.
 */
function* anchors(html: string): Generator<{ href: string; inner: string }> {
  const gts = positions(html, />/g);
  const closes = positions(html, /<\/a>/gi);
  let tagEnd = -1; // the `>` ending the tag last read, and its last attribute that leads to a link
  let found: { at: number; href: string; inner: string; end: number } | null = null;
  let pos = 0;
  for (let lt = html.indexOf("<", pos); lt >= 0; lt = html.indexOf("<", pos)) {
    pos = lt + 1;
    if ((html[lt + 1] !== "a" && html[lt + 1] !== "A") || WORD.test(html[lt + 2] ?? "")) continue;
    const gt = firstFrom(gts, lt + 2);
    if (gt < 0) return; // no tag can end from here on
    if (gt !== tagEnd) {
      tagEnd = gt;
      found = lastLink(html, lt + 2, gt, gts, closes);
    }
    // a later `<a` inside the same tag sees only the attributes after it
    if (!found || found.at < lt + 2) continue;
    yield { href: found.href, inner: found.inner };
    pos = found.end;
  }
}

/**
 * The last href-like attribute in html[from, to) (a tag's text) with a quoted value that leads to
 * a link: a `>` after its value and a `</a>` after that. Its value may run past `to`, as the
 * pattern reads it.
 */
function lastLink(html: string, from: number, to: number, gts: Int32Array, closes: Int32Array) {
  const attrs = [...html.slice(from, to).matchAll(/href\s*=\s*["']/gi)];
  for (let k = attrs.length - 1; k >= 0; k--) {
    const at = from + attrs[k].index;
    const start = at + attrs[k][0].length;
    let end = start;
    while (end < html.length && !isQuote(html.charCodeAt(end))) end++;
    if (end === start || end === html.length) continue;
    const gt = firstFrom(gts, end + 1);
    const close = gt < 0 ? -1 : firstFrom(closes, gt + 1);
    if (close < 0) continue;
    return { at, href: html.slice(start, end), inner: html.slice(gt + 1, close), end: close + 4 };
  }
  return null;
}

/**
 * Documents and hub pages linked from one IR page; a page over MAX_IR_PAGE_CHARS is read up to
 * that length, and `warnings` says so.
 */
export function irLinks(
  html: string,
  pageUrl: string,
): { documents: IrLink[]; hubs: string[]; warnings: string[] } {
  const home = registrableDomain(new URL(pageUrl).hostname);
  const documents: IrLink[] = [];
  const hubs: string[] = [];
  const warnings: string[] = [];
  if (html.length > MAX_IR_PAGE_CHARS) {
    warnings.push(
      `${pageUrl}: only the first ${MAX_IR_PAGE_CHARS} of ${html.length} characters were read for links`,
    );
    html = html.slice(0, MAX_IR_PAGE_CHARS);
  }
  const lang = pageLanguage(html);
  if (lang && !/^en\b/i.test(lang)) {
    warnings.push(
      `${pageUrl} is in '${lang}': documents are recognised by English words (presentation, press release, investor day), so its links in other languages are not found`,
    );
  }
  let read = 0;
  for (const a of anchors(html)) {
    // classifying a link takes tens of microseconds: a page of links is a long loop
    if ((++read & 255) === 0) checkpoint();
    let url: URL;
    try {
      url = new URL(a.href.trim(), pageUrl);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    url.hash = "";
    const label = cellText(a.inner);
    const file = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    if (SKIP.test(label)) continue;
    const external = registrableDomain(url.hostname) !== home;
    if (DOC.test(url.pathname) && !/default\.aspx$/i.test(url.pathname)) {
      const c = classifyExhibit(label, file);
      if (c.kind === "exhibit_99") continue; // a document link with nothing telling about it
      if (external && c.confidence !== "high") continue;
      const date = linkDate(`${label} ${url.pathname}`);
      const inText = linkDate(label);
      const inUrl = linkDate(url.pathname);
      const notes = inText && inUrl && inText !== inUrl
        ? [
          `the link text gives ${inText} and the URL ${inUrl}: ${date} was taken, check the document`,
        ]
        : [];
      documents.push({
        title: label || file.replace(/[-_]+/g, " "),
        url: url.toString(),
        date,
        date_source: date === null ? null : date === inText ? "link_text" : "url",
        notes,
        period: date ? null : linkPeriod(`${label} ${file}`),
        kind: c.kind,
        confidence: c.confidence,
        why: c.why,
        external,
      });
    } else if (!external && HUB.test(`${label} ${url.pathname.replace(/[-_/]/g, " ")}`)) {
      hubs.push(url.toString());
    }
  }
  return { documents, hubs: [...new Set(hubs)], warnings };
}

/** The language an HTML page declares (`<html lang="de-DE">`), else null. */
export function pageLanguage(html: string): string | null {
  const tag = /<html\b[^>]*>/i.exec(html.slice(0, 20_000))?.[0] ?? "";
  const m = /\blang\s*=\s*["']?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)/i.exec(tag);
  return m ? m[1] : null;
}

/** Start pages for a company: its IR site, else the usual IR paths of its website. */
export function startPages(website: string | null, irWebsite: string | null): string[] {
  const out: string[] = [];
  const add = (u: string) => {
    try {
      const url = new URL(/^https?:\/\//i.test(u) ? u : `https://${u}`);
      url.hash = "";
      if (!out.includes(url.toString())) out.push(url.toString());
    } catch {
      // not a URL; skip it
    }
  };
  if (irWebsite) add(irWebsite);
  if (website) {
    const base = new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`);
    const bare = base.hostname.replace(/^www\./, "");
    add(`https://investor.${bare}/`);
    add(`https://investors.${bare}/`);
    add(`${base.origin}/investors`);
  }
  return out;
}
