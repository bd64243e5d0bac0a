/**
 * HTML to the canonical plain text: visible text in document order, block elements as line
 * breaks, table rows as lines with " | " between cells, scripts/styles/hidden parts dropped,
 * inline XBRL tags read through (their text stays, the hidden header goes). Also gives the
 * HTML tables as cell grids. linkedom is imported lazily.
 */

const DROP = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "meta",
  "link",
  "svg",
  "iframe",
  "object",
  "ix:header",
  "ix:hidden",
  "ix:references",
  "ix:resources",
]);
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "caption",
  "dd",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tbody",
  "thead",
  "tfoot",
  "tr",
  "ul",
  "center",
  "title",
]);

// deno-lint-ignore no-explicit-any
type Node = any;

function hidden(el: Node): boolean {
  if (el.hasAttribute?.("hidden")) return true;
  if (el.getAttribute?.("aria-hidden") === "true") return true;
  const style = (el.getAttribute?.("style") ?? "").toLowerCase().replace(/\s+/g, "");
  return style.includes("display:none") || style.includes("visibility:hidden");
}

function walk(node: Node, out: string[]): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      // Source line breaks are layout of the HTML file, not of the page.
      out.push((child.nodeValue ?? "").replace(/\s+/g, " "));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const tag = String(child.tagName ?? child.nodeName).toLowerCase();
    if (DROP.has(tag) || hidden(child)) continue;
    if (tag === "td" || tag === "th") {
      out.push("\u0001"); // cell start marker, turned into a separator per row later
      walk(child, out);
      continue;
    }
    const block = BLOCK.has(tag);
    if (block) out.push("\n");
    walk(child, out);
    if (block) out.push("\n");
  }
}

/** Cleans the raw walk output: one line per block, cells joined by " | ", no empty lines. */
function tidy(raw: string): string {
  const lines: string[] = [];
  for (const line of raw.split("\n")) {
    const cells = line.split("\u0001").map((c) => c.replace(/[\s\u00a0\u200b]+/g, " ").trim());
    const text = cells.length > 1
      ? (cells[0] ? [cells[0]] : []).concat(cells.slice(1).filter(Boolean)).join(" | ")
      : cells[0];
    if (text) lines.push(text);
  }
  return lines.join("\n");
}

async function parse(html: string): Promise<Node> {
  const { parseHTML } = await import("linkedom");
  // SEC exhibits may keep the EDGAR SGML envelope (<DOCUMENT><TYPE>...) before <html>.
  const at = html.search(/<html[\s>]/i);
  if (at > 0) html = html.slice(at);
  return (parseHTML(html) as unknown as { document: Node }).document;
}

/** Visible text of an HTML document in reading order. */
export async function htmlToText(html: string): Promise<string> {
  const doc = await parse(html);
  const out: string[] = [];
  walk(doc.documentElement ?? doc, out);
  return tidy(out.join(""));
}

/** `<title>` text, or null. */
export async function htmlTitle(html: string): Promise<string | null> {
  const doc = await parse(html);
  return doc.querySelector("title")?.textContent?.trim() || null;
}

/** Each visible HTML table as rows of trimmed cell strings (empty rows dropped). */
export async function htmlTableGrids(html: string): Promise<string[][][]> {
  const doc = await parse(html);
  const grids: string[][][] = [];
  for (const table of doc.querySelectorAll("table")) {
    if (hidden(table)) continue;
    const rows: string[][] = [];
    for (const tr of table.querySelectorAll("tr")) {
      if (tr.closest("table") !== table) continue; // rows of nested tables belong to them
      const cells: string[] = [];
      for (const cell of tr.children) {
        const tag = String(cell.tagName).toLowerCase();
        if (tag !== "td" && tag !== "th") continue;
        const out: string[] = [];
        walk(cell, out);
        cells.push(
          out.join(" ").replaceAll("\u0001", " ").replace(/[\s\u00a0\u200b]+/g, " ").trim(),
        );
        // A cell spanning k columns fills k slots (text in the first) so columns line up.
        const span = Math.min(50, Math.max(1, Number(cell.getAttribute("colspan")) || 1));
        for (let k = 1; k < span; k++) cells.push("\u0002");
      }
      if (cells.some(Boolean)) rows.push(cells);
    }
    if (rows.length) grids.push(rows);
  }
  return grids;
}
