/**
 * Lays blocks out as HTML for notebooks: the same content as the text view (statement tables,
 * match lists with the match marked, backtest summaries), every text escaped, URLs as links
 * shown in full.
 */
import type { Block, Cell, Column, Match } from "./model.ts";
import { printable } from "./width.ts";

const TABLE = "border-collapse:collapse;font-size:12px;margin:4px 0 10px 0";
const TD = "border:1px solid #ddd;padding:2px 6px;vertical-align:top";
const NOTE = "font-size:12px;color:#444;margin:4px 0";

/**
 * Escapes text for HTML element content and attribute values; control characters and bidi
 * overrides from a provider's text are shown as "\uFFFD" (an override would show a title's
 * words or a figure's sign in another order than they are).
 */
export function escapeHtml(value: unknown): string {
  return printable(String(value)).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * Escaped text with every http(s) URL as a link showing the whole URL. Punctuation that ends
 * the sentence around a URL (`…/R2.htm.`, `…json;`, `(…/R2.htm)`) stays text, out of the link.
 */
export function linkify(text: string): string {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, i) => {
    if (!(i % 2)) return escapeHtml(part);
    const [url, tail] = urlAndTail(part);
    return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(url)}</a>${
      escapeHtml(tail)
    }`;
  }).join("");
}

/** A URL split from the punctuation after it; a `)` the URL opened stays in it. */
function urlAndTail(s: string): [string, string] {
  let end = s.length;
  while (end > 0) {
    const c = s[end - 1];
    if (/[.,;:!?'*]/.test(c)) end--;
    else if (c === ")" || c === "]") {
      const open = c === ")" ? "(" : "[";
      const body = s.slice(0, end);
      if (body.split(open).length >= body.split(c).length) break;
      end--;
    } else break;
  }
  return [s.slice(0, end), s.slice(end)];
}

/** Renders blocks as one HTML fragment. */
export function blocksHtml(blocks: Block[]): string {
  return blocks.map(blockHtml).join("");
}

function blockHtml(b: Block): string {
  switch (b.kind) {
    case "title":
      return `<div style="font-weight:bold;margin:6px 0 2px 0">${escapeHtml(b.text)}</div>`;
    case "fields":
      return `<table style="${TABLE}">${
        b.rows.map(([k, v]) =>
          `<tr><th style="${TD};text-align:left;white-space:nowrap">${
            escapeHtml(k)
          }</th><td style="${TD}">${linkify(v).replace(/\n/g, "<br>")}</td></tr>`
        ).join("")
      }</table>`;
    case "table":
      return (b.caption
        ? `<div style="margin-top:6px"><b>${escapeHtml(b.caption)}</b></div>`
        : "") +
        tableHtml(b.columns, b.rows) +
        (b.note ? `<div style="${NOTE}">${linkify(b.note)}</div>` : "");
    case "matches":
      return (b.caption ? `<div><b>${escapeHtml(b.caption)}</b></div>` : "") +
        `<ol style="margin:4px 0 8px 0;padding-left:22px">${b.items.map(matchHtml).join("")}</ol>`;
    case "text":
      return (b.caption
        ? `<div style="margin-top:6px"><b>${escapeHtml(b.caption)}</b></div>`
        : "") +
        `<div style="margin:2px 0 6px 12px;white-space:pre-wrap">${linkify(b.text)}</div>`;
    case "note":
      return `<div style="${NOTE}">${linkify(b.text).replace(/\n/g, "<br>")}</div>`;
  }
}

function tableHtml(columns: Column[], rows: Cell[][]): string {
  const head = columns.map((c) =>
    `<th style="${TD};text-align:${c.number ? "right" : "left"}">${
      escapeHtml(c.name).replace(/\n/g, "<br>")
    }</th>`
  ).join("");
  const body = rows.map((r) => {
    const total = r.some((c) => c?.total);
    return `<tr${total ? ' style="font-weight:bold;border-top:2px solid #888"' : ""}>${
      columns.map((c, i) => {
        const cell = r[i] ?? { text: "" };
        const pad = cell.indent ? `;padding-left:${6 + 14 * cell.indent}px` : "";
        const align = c.number || cell.number ? ";text-align:right;white-space:nowrap" : "";
        const text = cell.href ? linkify(cell.text) : escapeHtml(cell.text);
        return `<td style="${TD}${align}${pad}">${text}</td>`;
      }).join("")
    }</tr>`;
  }).join("");
  return `<table style="${TABLE}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

function matchHtml(m: Match): string {
  const context = m.before !== undefined || m.match !== undefined || m.after !== undefined
    ? `<div style="margin:2px 0">${escapeHtml(m.before ?? "")}${
      m.match ? `<mark>${escapeHtml(m.match)}</mark>` : ""
    }${escapeHtml(m.after ?? "")}</div>`
    : "";
  const lines = (m.lines ?? []).map((l) => `<div style="${NOTE}">${linkify(l)}</div>`).join("");
  return `<li style="margin-bottom:6px"><div><b>${
    escapeHtml(m.head)
  }</b></div>${context}${lines}</li>`;
}
