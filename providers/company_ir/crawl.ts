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

/**
 * Second-level names under which a country's registry gives out domains (example.co.uk,
 * example.ne.jp, example.gob.mx): the company's own domain is one level further.
 */
const TWO_PART_SUFFIX =
  /\.(co|com|ac|gov|org|net|ne|or|go|gob|gouv|edu|ltd|plc|gr|ind|biz)\.[a-z]{2}$/;

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
 * A month's name or its usual abbreviation as a whole word: "Markets", "Decision" or "Mayor" are
 * no month, though they begin as one.
 */
const MONTH_WORD =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const MONTH_DAY_YEAR = new RegExp(
  `\\b${MONTH_WORD}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(20\\d{2})\\b`,
  "i",
);
const DAY_MONTH_YEAR = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_WORD}\\.?,?\\s+(20\\d{2})\\b`,
  "i",
);

/**
 * Year first, one separator throughout: 2026-03-05, 2026_3_5, 2026.03.05, 2026/03/05. The day
 * ends the number ("2025/11/4Q25" is a folder and a file name). Written with slashes, as URL
 * folders are, it must be a whole path segment: "/uploads/2025/11/20-F-2024.pdf" is the folder of
 * November 2025 and a 20-F, not 20 November.
 */
const YEAR_FIRST = /(?<!\d)(20\d{2})([-_/.])(\d{1,2})\2(\d{1,2})(?=T\d|[^\dA-Za-z]|$)/g;

/** Day and month in numbers before the year: 27.11.2026, 11/27/2026, 05-03-2026. */
const NUMERIC_DMY = /(?<![\d.])(\d{1,2})([/.-])(\d{1,2})\2(20\d{2})(?!\d)/;

/** A full date read from link text or a URL, or why a date written there was not taken. */
export interface LinkDateRead {
  date: string | null;
  /** A date written in numbers whose day and month could be either ("05/03/2026"), else null. */
  ambiguous: string | null;
}

/**
 * A full date in link text or URL: 2026-03-05, 2026_3_5, 20260305, March 5, 2026, Mar. 5 2026,
 * 5 March 2026, and day and month in numbers before the year when only one order makes a date
 * (27.11.2026 and 11/27/2026 are 27 November). 05/03/2026 may be 5 March (as written in Britain)
 * or 3 May (in the US): no date is taken, and `ambiguous` holds the text. A year or fiscal period
 * alone is no date (see linkPeriod).
 */
export function readLinkDate(text: string): LinkDateRead {
  const none = { date: null, ambiguous: null };
  YEAR_FIRST.lastIndex = 0;
  for (let m = YEAR_FIRST.exec(text); m; m = YEAR_FIRST.exec(text)) {
    const after = text[m.index + m[0].length];
    if (m[2] === "/" && after !== undefined && !/[/\s?#),;]/.test(after)) continue;
    return { date: isoDay(m[1], Number(m[3]), Number(m[4])), ambiguous: null };
  }
  let m = MONTH_DAY_YEAR.exec(text);
  if (m) return { date: isoDay(m[3], monthOf(m[1]), Number(m[2])), ambiguous: null };
  m = DAY_MONTH_YEAR.exec(text);
  if (m) return { date: isoDay(m[3], monthOf(m[2]), Number(m[1])), ambiguous: null };
  m = NUMERIC_DMY.exec(text);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    if (a === b || (a > 12 && b <= 12)) return { date: isoDay(m[4], b, a), ambiguous: null };
    if (b > 12 && a <= 12) return { date: isoDay(m[4], a, b), ambiguous: null };
    return a <= 12 && b <= 12 ? { date: null, ambiguous: m[0] } : none;
  }
  m = /(?:^|[^\d])(20\d{2})(\d{2})(\d{2})(?!\d)/.exec(text);
  if (m) return { date: isoDay(m[1], Number(m[2]), Number(m[3])), ambiguous: null };
  return none;
}

/** The date of {@link readLinkDate}, null when none or when the order of day and month is not said. */
export function linkDate(text: string): string | null {
  return readLinkDate(text).date;
}

/**
 * The fiscal period or year a link names: `Q4 FY2026` (a fiscal quarter keeps its FY), `Q4 2024`
 * (`4Q24`, `Q4'24`), `FY2024` (`FY24`), `2025`; null when none is named.
 */
export function linkPeriod(text: string): string | null {
  const t = text.replace(/[-_]+/g, " ");
  // a two-digit year is this century's ("Q4'25", "4Q25", "FY25")
  const year = (y: string) => (y.length === 2 ? `20${y}` : y);
  // a fiscal quarter keeps its FY: "Q4 FY2026" is no calendar quarter of 2026
  let m = /\bQ([1-4])\s*(FY|fiscal(?: year)?)?\s*(?:'(\d{2})\b|'?(20\d{2})\b)/i.exec(t);
  if (m) return `Q${m[1]} ${m[2] ? "FY" : ""}${year(m[3] ?? m[4])}`;
  m = /\b([1-4])Q\s*'?(\d{2}|20\d{2})\b/i.exec(t);
  if (m) return `Q${m[1]} ${year(m[2])}`;
  m = /\b(20\d{2})\s*Q([1-4])\b/i.exec(t);
  if (m) return `Q${m[2]} ${m[1]}`;
  m = /\b(?:FY|fiscal(?: year)?)\s*(?:'?(20\d{2})|'?(\d{2}))\b/i.exec(t);
  if (m) return `FY${m[1] ?? year(m[2])}`;
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
  // relative links resolve against the page's <base href> when it gives one
  const base = baseHref(html, pageUrl) ?? pageUrl;
  let read = 0;
  for (const a of anchors(html)) {
    // classifying a link takes tens of microseconds: a page of links is a long loop
    if ((++read & 255) === 0) checkpoint();
    let url: URL;
    try {
      url = new URL(a.href.trim(), base);
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
      const read = readLinkDate(`${label} ${url.pathname}`);
      const date = read.date;
      const inText = linkDate(label);
      const inUrl = linkDate(url.pathname);
      const notes = inText && inUrl && inText !== inUrl
        ? [
          `the link text gives ${inText} and the URL ${inUrl}: ${date} was taken, check the document`,
        ]
        : [];
      if (!date && read.ambiguous) {
        const [a, b, y] = read.ambiguous.split(/[/.-]/).map(Number);
        const name = (d: number, mo: number) =>
          `${d} ${
            new Date(Date.UTC(y, mo - 1, 1)).toLocaleString("en-GB", {
              month: "long",
              timeZone: "UTC",
            })
          } ${y}`;
        notes.push(
          `the link writes the date ${read.ambiguous}, which is ${
            name(a, b)
          } read day first (as in Britain) or ${
            name(b, a)
          } read month first (as in the US): no date was taken, check the document`,
        );
      }
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

/**
 * The address a page's `<base href>` sets for its relative links (resolved against the page's
 * own), else null. Only the page's head is looked at, where the element belongs.
 */
export function baseHref(html: string, pageUrl: string): string | null {
  const head = html.slice(0, 200_000);
  const body = head.search(/<body\b/i);
  const top = body >= 0 ? head.slice(0, body) : head;
  // indexOf, not /<base\b[^>]*>/: that pattern rereads the rest of the head at every "<base"
  // no ">" follows
  const at = top.search(/<base\b/i);
  const close = at >= 0 ? top.indexOf(">", at) : -1;
  const tag = close >= 0 ? top.slice(at, close + 1) : undefined;
  const href = tag ? /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1]?.trim() : undefined;
  if (!href) return null;
  try {
    const u = new URL(href, pageUrl);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
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
