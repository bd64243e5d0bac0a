/**
 * SEC filing index pages and the scoring of 8-K EX-99 exhibits as press releases or investor
 * presentations. Pure functions over HTML text.
 */
import { bestMatch } from "../../core/fuzzy.ts";

export interface Exhibit {
  seq: string | null;
  description: string;
  document: string;
  type: string;
  size: number | null;
  url: string;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  nbsp: " ",
  "#39": "'",
};

/**
 * `html` with each tag (`<` to the next `>`) replaced by a space, as `/<[^>]*>/g` would, with
 * indexOf: the pattern restarts at every `<` that no `>` follows, so "<a " repeated took time
 * growing with the square of its length (100 KB for 4 s). Once no `>` remains, no tag follows.
 */
function dropTags(html: string): string {
  let out = "";
  let pos = 0;
  for (let lt = html.indexOf("<"); lt >= 0; lt = html.indexOf("<", pos)) {
    const gt = html.indexOf(">", lt + 1);
    if (gt < 0) break;
    out += `${html.slice(pos, lt)} `;
    pos = gt + 1;
  }
  return pos ? out + html.slice(pos) : html;
}

/** Visible text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function cellText(html: string): string {
  return dropTags(html)
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) ? String.fromCodePoint(code) : m;
      }
      const name = e.toLowerCase();
      return Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : m;
    })
    .replace(/\s+/g, " ").trim();
}

/**
 * Rows of the document tables of an EDGAR `-index.html` page. The page is machine-generated and
 * regular, so a pattern over its rows is enough (no DOM needed).
 */
export function parseFilingIndex(html: string, indexUrl: string): Exhibit[] {
  const out: Exhibit[] = [];
  const tables = html.match(/<table[^>]*class="tableFile"[^>]*>[\s\S]*?<\/table>/gi) ?? [];
  for (const table of tables) {
    for (const row of table.match(/<tr[^>]*>[\s\S]*?<\/tr>/gi) ?? []) {
      const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((m) => m[1]);
      if (cells.length < 4) continue;
      const href = /href="([^"]+)"/i.exec(cells[2])?.[1];
      if (!href) continue;
      // Inline-XBRL viewer links wrap the real path: /ix?doc=/Archives/...
      const path = href.startsWith("/ix?doc=") ? href.slice("/ix?doc=".length) : href;
      const size = Number(cellText(cells[4] ?? "").replace(/[^\d]/g, ""));
      const anchor = /<a[^>]*>([\s\S]*?)<\/a>/i.exec(cells[2])?.[1] ?? "";
      out.push({
        seq: cellText(cells[0]) || null,
        description: cellText(cells[1]),
        document: cellText(anchor),
        type: cellText(cells[3]),
        size: Number.isFinite(size) && size > 0 ? size : null,
        url: new URL(path, indexUrl).toString(),
      });
    }
  }
  return out;
}

const HIGH = [
  "investor day",
  "investor presentation",
  "analyst day",
  "capital markets day",
  "earnings presentation",
  "results presentation",
  "investor day presentation",
];
const RELEASE = [
  "press release",
  "news release",
  "earnings release",
  "pressrelease",
  "shareholder letter",
  "letter to shareholders",
];
const PRESENTATION = ["presentation", "slides", "slide deck", "deck"];

export type ExhibitKind =
  | "investor_day"
  | "earnings_presentation"
  | "ir_presentation"
  | "press_release"
  | "exhibit_99";

/** Splits a file name into words: `iot-investorday-capitalmarketsdeck.pdf` → words. */
function fileWords(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, "").replace(/[_\-.]+/g, " ")
    .replace(/(investor)(day|presentation)/gi, "$1 $2")
    .replace(/(capital)(markets)/gi, "$1 $2")
    .replace(/(press)(release)/gi, "$1 $2")
    .replace(/(markets)(deck|day)/gi, "$1 $2")
    .replace(/(earnings)(release|presentation|deck)/gi, "$1 $2");
}

/**
 * What an EX-99 exhibit is, from its description and file name. Whole-word matching only, so
 * `deck` never hits inside another word. Returns kind, confidence and the phrase that decided.
 */
export function classifyExhibit(
  description: string,
  document: string,
): { kind: ExhibitKind; confidence: "high" | "medium" | "low"; why: string } {
  const text = `${description} ${fileWords(document)}`;
  const hit = (terms: string[]) => bestMatch(text, terms, { mode: "exact" });
  const high = hit(HIGH);
  const release = hit(RELEASE);
  const deck = hit(PRESENTATION);
  if (high) {
    const kind = /investor day|analyst day|capital markets/.test(high.query)
      ? "investor_day"
      : "earnings_presentation";
    return { kind, confidence: release ? "medium" : "high", why: `matched "${high.query}"` };
  }
  if (deck) {
    const earnings = /\b(earnings|results|q[1-4])\b/i.test(text);
    return {
      kind: earnings ? "earnings_presentation" : "ir_presentation",
      confidence: release ? "low" : "medium",
      why: `matched "${deck.query}"`,
    };
  }
  if (release) {
    return { kind: "press_release", confidence: "medium", why: `matched "${release.query}"` };
  }
  return { kind: "exhibit_99", confidence: "low", why: "EX-99 exhibit without a telling title" };
}
