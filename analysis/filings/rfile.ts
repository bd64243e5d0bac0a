/**
 * EDGAR renderer R pages (R2.htm ...): the report table as readable text and as structured
 * rows with hierarchical context, concept, and numeric cells.
 */
import { checkpoint } from "../../core/cancel.ts";
import { decodeEntities, htmlToText } from "./html.ts";

export interface ReportCell {
  column: string;
  text: string;
  /** The number as printed: parentheses negative, dashes and blanks null, % kept as printed. */
  number: number | null;
  /** `number` times the table's scale for this row ($ in millions, shares in thousands), or null. */
  scaled: number | null;
}

export interface ReportRow {
  table: string;
  context: string[];
  label: string;
  concept: string | null;
  abstract: boolean;
  values: ReportCell[];
}

const SCALES: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };

function cellText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ").trim();
}

/** Cell text → number as printed; null when the cell is not a plain number. */
export function parseCellNumber(text: string): number | null {
  const t = text.replace(/\[\d+\]/g, "").replace(/[$€£\s]/g, "").trim();
  if (!t || /^[—–-]+$/.test(t)) return null;
  const m = /^(\()?(-)?([\d,]*\.?\d+)(\))?(%)?$/.exec(t);
  if (!m || (m[1] && !m[4]) || (!m[1] && m[4])) return null;
  const n = Number(m[3].replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return m[1] || m[2] ? -n : n;
}

/** Scales the title declares: `$ in Millions`, `shares in Thousands`. */
export function titleScales(title: string): { money: number; shares: number } {
  const out = { money: 1, shares: 1 };
  for (
    const m of title.matchAll(/(\$|usd|€|eur|£|shares)\s+in\s+(thousands|millions|billions)/gi)
  ) {
    const f = SCALES[m[2].toLowerCase()];
    if (/shares/i.test(m[1])) out.shares = f;
    else out.money = f;
  }
  return out;
}

/**
 * The scale of a row's number: the title's money or share scale, 1 for per-share figures, null
 * for percents. EDGAR ends a row's label with its unit (" | Vendor", " | segment", " | $",
 * " | shares") when the table mixes units; a count of vendors, segments or employees in a
 * "$ in Billions" table is not billions.
 */
function rowScale(
  label: string,
  text: string,
  scales: { money: number; shares: number },
  concept: string | null = null,
) {
  if (/%$/.test(text.trim())) return null;
  // the element's name when the page gives it: "us-gaap_EarningsPerShareDiluted"
  const local = concept?.replace(/^[^:_]*[:_]/, "") ?? "";
  // "Weighted-average shares used in computing earnings per share" is a count of shares
  const countOfShares = /\bshares\b/i.test(label) &&
    /\bweighted|\bused in\b|\boutstanding\b|\bdenominator\b/i.test(label);
  if (
    (!countOfShares && /per share|per unit|\/ ?share/i.test(label)) || /PerShare/.test(local)
  ) return 1;
  const unit = /\s\|\s([^|]+)$/.exec(label)?.[1]?.trim();
  if (unit) {
    if (/^(?:\$|[€£¥]|[A-Z]{3}\b)/.test(unit)) return scales.money;
    if (/^shares?$/i.test(unit)) return scales.shares;
    return 1;
  }
  if (local) {
    // share counts are elements named for Shares ("CommonStockSharesAuthorized",
    // "StockIssuedDuringPeriodSharesShareBasedCompensation"); "ShareBasedCompensation" and
    // "...ValueShareBasedCompensation" are money
    if (/(?:^|[a-z])Shares(?:[A-Z]|$)/.test(local) && !/Value|Amount/.test(local)) {
      return /\$/.test(text) ? scales.money : scales.shares;
    }
    if (/^NumberOf/.test(local) && !/\$/.test(text)) return 1;
    return scales.money;
  }
  // without an element name, by the label: a count of shares, not "Share-based compensation"
  // or "Common stock withheld related to net share settlement", nor a par value line
  if (
    /\bshares\b/i.test(label) && !/\$/.test(text) &&
    !/\$|\bpar value\b|\bcompensation\b|\bpayments?\b|\bproceeds\b|\bvalue\b|\bamount\b|\bcost\b/i
      .test(label)
  ) return scales.shares;
  // "Number of employees" and the like count things, in any table
  if (/^number of\b/i.test(label) && !/\$/.test(text)) return 1;
  return scales.money;
}

/** The main report table of an R page (authority-reference popups are left out). */
function reportTable(html: string): string {
  const start = html.search(/<table\b[^>]*class="report"/i);
  if (start < 0) return html;
  const end = html.indexOf("</table>", start);
  return html.slice(start, end < 0 ? html.length : end + 8);
}

/** Clean text of an R page: one line per row, cells joined by " | ". */
export function reportText(html: string): string {
  return htmlToText(reportTable(html)).text.trim();
}

/** Structured rows of an R page. */
export function parseReport(html: string): { title: string; columns: string[]; rows: ReportRow[] } {
  const table = reportTable(html);
  const trs = [...table.matchAll(/<tr\b([^>]*)>([\s\S]*?)<\/tr>/gi)];
  let title = "";
  const headers: string[][] = [];
  const rows: ReportRow[] = [];
  let dimension: string[] = [];
  let heading: string | null = null;
  let scales = { money: 1, shares: 1 };
  for (const [n, [, trAttrs, body]] of trs.entries()) {
    if ((n & 255) === 0) checkpoint();
    const cells = [...body.matchAll(/<t([hd])\b([^>]*)>([\s\S]*?)<\/t[hd]>/gi)];
    if (!cells.length) continue;
    if (cells.every((c) => c[1].toLowerCase() === "h")) {
      let pos = 0;
      cells.forEach((c, i) => {
        if (!title && i === 0 && /class="tl"/.test(c[2])) {
          title = cellText(c[3]);
          scales = titleScales(title);
          return;
        }
        // as browsers read it: 1 to 1000 (a header claiming a billion columns must not hang)
        const span = Math.min(1000, Math.max(1, Number(/colspan="(\d+)"/i.exec(c[2])?.[1] ?? 1)));
        for (let k = 0; k < span; k++) (headers[pos + k] ??= []).push(cellText(c[3]));
        pos += span;
      });
      continue;
    }
    const label = cellText(cells[0][3]);
    const concept = /defref_([\w.-]+?)(?:=[^'"]*)?['"]/.exec(cells[0][3])?.[1] ?? null;
    const values = cells.slice(1).map((c, i) => {
      const text = cellText(c[3]);
      const number = parseCellNumber(text);
      const scale = number === null ? null : rowScale(label, text, scales, concept);
      return {
        column: headers[i]?.join(" ") || `value_${i + 1}`,
        text,
        number,
        scaled: number === null || scale === null ? null : number * scale,
      };
    });
    const empty = values.every((v) => !v.text);
    if (/class="rh"/.test(trAttrs)) {
      dimension = label.split(" | ").map((s) => s.trim()).filter(Boolean);
      heading = null;
      continue;
    }
    const abstract = empty &&
      (/Abstract$|LineItems$/.test(concept ?? "") || /\[Abstract\]/.test(label) ||
        /<strong>/i.test(cells[0][3]));
    const qname = concept ? concept.replace("_", ":") : null;
    rows.push({
      table: title,
      context: [...dimension, ...(heading && !abstract ? [heading] : [])],
      label,
      concept: qname,
      abstract,
      values,
    });
    if (abstract && !/\[Line Items\]/.test(label)) heading = label.replace(/:$/, "");
  }
  return { title, columns: headers.map((h) => h.join(" ")), rows };
}
