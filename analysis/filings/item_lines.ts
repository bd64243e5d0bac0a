/**
 * What an item or PART heading line of a 10-K, 10-Q or 20-F looks like, however written ("Item
 * 1A. Risk Factors", "ITEM 1.A.", "1A. Risk Factors" without the word, "Items 10 through 14",
 * contents rows with dot leaders), and the numbers, ids and order of the items it names.
 */
import { bareTitle, type Numbering } from "./item_titles.ts";
import { PAGE_CELL } from "./section_body.ts";
import { unpiped } from "./section_clean.ts";

/** An 8-K item number ("Item 1.01", "Item 5.02") quoted in a 10-K's or 10-Q's other information. */
export const EIGHT_K_ITEM =
  /^(?:part\s+[ivx]+\s*[,.:\-–—]?\s*)?items?\s*(?:\|\s*)?\d{1,2}\.\d{2}\b/i;

/**
 * An item heading: "Item 1A. Risk Factors", "Items 1 and 2. Business and Properties", "Part II,
 * Item 7", and "PART II | Item 7." or "PART I. FINANCIAL INFORMATION | Item 1." (the part in a
 * table cell of its own before the item's), "ITEM | 1A. | RISK FACTORS" (the word in a cell of
 * its own), "Item 1 A." (the letter set apart: a tag or a non-breaking space between), "ITEM 1.
 * AND 2.".
 */
export const ITEM_LINE =
  /^(?:part\s+([ivx]+)\b(?:\s*[,.:\-–—]?\s*|[^|]{0,80}\|\s*))?items?\s*(?:\|\s*)?(\d{1,2}(?:\s?\.?\s?[a-k]|t)?)\b\.?\s*(?:(?:and|&|,|through|to)\s*(?:items?\s*)?(\d{1,2}(?:\s?\.?\s?[a-k])?)\b)?\s*[.:\-–—]?\s*(.*)$/i;
export const PART_LINE = /^part\s+([ivx]+)\b\s*[.:\-–—]?\s*(.{0,80})$/i;
const BARE_LINE =
  /^(?:part\s+([ivx]+)\s*[,.:\-–—]?\s*)?(\d{1,2}(?:\.?[a-k])?)(?:\s*[.:\-–—|]|\s)\s*(?:\|\s*)?(\S.*)$/i;

/** Is `title` the title of item `item` ("1A", "7") in a 10-K, 10-Q or 20-F? */
export function isItemTitle(item: string, title: string): boolean {
  const key = item.replace(".", "").toUpperCase();
  const t = unpiped(title).trim();
  return (["10-K", "10-Q", "20-F"] as const).some((n) => bareTitle(n, key).test(t));
}

/**
 * An item heading written without the word "Item" ("1A. Risk Factors", "7. | MANAGEMENT'S
 * DISCUSSION…"), shaped like an `ITEM_LINE` match (part, item, second item, rest), or null
 * when the words after the number are not that item's title in this form.
 */
export function bareItemLine(text: string, numbering: Numbering): RegExpExecArray | null {
  if (text.length > 250) return null;
  const m = BARE_LINE.exec(text);
  if (!m) return null;
  const item = m[2].replace(/[.\s]/g, "").toUpperCase();
  const title = unpiped(m[3]).trim();
  if (!bareTitle(numbering, item).test(title)) return null;
  const out = [m[0], m[1], m[2], undefined, m[3]] as unknown as RegExpExecArray;
  out.index = 0;
  out.input = text;
  return out;
}

/** An item line: "Item 1A. Risk Factors", or (when `bare`) "1A. Risk Factors". */
export function itemLine(
  text: string,
  numbering: Numbering,
  bare: boolean,
): RegExpExecArray | null {
  const m = ITEM_LINE.exec(text);
  return m ? widened(m) : bare ? bareItemLine(text, numbering) : null;
}

/** A match that names every item of "Items 10 through 14", "Items 10, 11, 12, 13 and 14". */
type ItemMatch = RegExpExecArray & { named?: string[] };

/**
 * "Items 10 through 14", "Items 10-14", "Items 10, 11, 12, 13 and 14": every item the heading
 * names (in `named`), its title (group 4) what follows the list.
 */
export function widened(m: ItemMatch): ItemMatch {
  const names = [m[2], ...(m[3] ? [m[3]] : [])];
  let rest = m[4];
  let head = m[0].slice(0, m[0].length - rest.length);
  if (!m[3]) {
    // "Items 10-14.": the dash was read as the end of the number
    const dash = /^(\d{1,2})\b\s*[.:\-–—]?\s*/.exec(rest);
    if (!dash || !/\bitems\s*\|?\s*\d{1,2}\s*[-–—]\s*$/i.test(head)) return m;
    names.push(dash[1]);
    head += dash[0];
    rest = rest.slice(dash[0].length);
  } else {
    const more = /^((?:\s*(?:,|and|&)\s*(?:items?\s*)?\d{1,2}[a-k]?\b)+)\s*[.:\-–—]?\s*/i.exec(
      rest,
    );
    if (more) {
      names.push(...more[1].match(/\d{1,2}[a-k]?/gi)!);
      rest = rest.slice(more[0].length);
    }
  }
  const [a, b] = [names[0], names.at(-1)!];
  const range = names.length === 2 && /^\d+$/.test(a) && /^\d+$/.test(b) &&
    /\d\s*(?:through|to|[-–—])\s*(?:items?\s*)?\d/i.test(head);
  const all = range && +b > +a && +b - +a < 10
    ? Array.from({ length: +b - +a + 1 }, (_, k) => String(+a + k))
    : names;
  const out = [...m] as unknown as ItemMatch;
  out.index = m.index;
  out.input = m.input;
  out[4] = rest;
  out.named = all.map((i) => i.replace(/[.\s]/g, "").toUpperCase());
  return out;
}

/** Dot leaders before a page number: "Risk Factors.......... 12", "Business . . . . 3". */
const LEADER_PAGE = /(?:\.{3,}|(?:\.\s){3,}|…+)\s*(?:[a-z]-)?\d{1,3}\s*$/i;

/**
 * A contents row outside a table: the item's title followed by dot leaders and a page number,
 * or by a page number alone when the title is the form's own ("Item 8. Financial Statements and
 * Supplementary Data 20"). (Only the line's end is read: no pattern retried along a long line.)
 */
export function pagedLine(text: string, m: RegExpExecArray, numbering: Numbering): boolean {
  if (LEADER_PAGE.test(text.slice(-60))) return true;
  const title = unpiped(m[4]).trim();
  return /\s\d{1,3}$/.test(title) && bareTitle(numbering, itemsOf(m)[0]).test(title);
}

/** The part an item number belongs to in an annual form. */
export function partByNumber(item: string, numbering: Numbering): string {
  const n = parseInt(item, 10);
  if (numbering === "20-F") return n <= 12 ? "i" : n <= 16 ? "ii" : "iii";
  return n <= 4 ? "i" : n <= 9 ? "ii" : n <= 14 ? "iii" : "iv";
}

export function itemId(part: string, item: string): string {
  return `part_${part.toLowerCase()}_item_${item.toLowerCase()}`;
}

/** The item numbers a heading names, as "7A" however written ("7A", "7.A"). */
export function itemsOf(m: ItemMatch): string[] {
  return m.named ??
    [m[2], ...(m[3] ? [m[3]] : [])].map((i) => i.replace(/[.\s]/g, "").toUpperCase());
}

/**
 * A sub-item of a 20-F item ("3.A [Reserved]", "ITEM 5B. Liquidity and Capital Resources"): part
 * of its item, not an item of its own. The form's lettered items are 4A (Unresolved Staff
 * Comments) and 16A-16K; 3.D Risk Factors is kept, as the section risk_factors reads.
 */
export function isSubItem(item: string, title: string, numbering: Numbering): boolean {
  if (numbering !== "20-F" || !/[A-Z]$/.test(item)) return false;
  const n = parseInt(item, 10);
  if (n === 16) return false;
  if (item === "4A") return !/unresolved|staff comments/i.test(title);
  return !(item === "3D" && /risk factors/i.test(title));
}

export function isPartLine(text: string): RegExpExecArray | null {
  const t = unpiped(text).trim();
  if (t.length > 100 || /\bitem/i.test(t) || PAGE_CELL.test(text)) return null;
  return PART_LINE.exec(t);
}

/** Titles of a 10-Q's Part II items (legal proceedings, risk factors, share sales, …). */
export const PART_II_TITLE =
  /legal proceedings|risk factors|unregistered sales|defaults upon|mine safety|other information|exhibits/i;

/** Titles only a 10-Q's Part II items carry (Part I: statements, MD&A, market risk, controls). */
export const PART_II_ONLY =
  /^(?:legal proceedings|unregistered sales|changes in securities|defaults upon|mine safety|submission of matters|other information|exhibits)\b/i;

/** The first two words of an item title, lower-case letters only ("" for none). */
export function titleHead(t: string): string {
  return t.toLowerCase().replace(/[^a-z ]/g, "").trim().split(/\s+/).slice(0, 2).join(" ");
}

export function itemOrder(item: string): number {
  const n = parseInt(item, 10);
  const letter = item.slice(String(n).length).toUpperCase();
  return n * 100 + (letter ? letter.charCodeAt(0) - 64 : 0);
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };
export function romanValue(r: string): number {
  let total = 0;
  const ds = r.toLowerCase().split("").map((c) => ROMAN[c] ?? 0);
  ds.forEach((d, i) => (total += d < (ds[i + 1] ?? 0) ? -d : d));
  return total;
}
