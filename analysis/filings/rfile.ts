/**
 * EDGAR renderer R pages (R2.htm ...): the report table as readable text and as structured
 * rows with hierarchical context, concept, and numeric cells. A note page that embeds the
 * filing's own HTML tables in a text-block cell gives each embedded table as a table of its own:
 * its header rows, "$" cells joined to their figures, the scale its note states, its sub-headings
 * ("Americas:") as context.
 */
import { checkpoint } from "../../core/cancel.ts";
import { htmlToText } from "./html.ts";
import { decodeEntities } from "../../providers/decode.ts";
import { periodsDownThePage } from "./rfile_periods.ts";

export interface ReportCell {
  column: string;
  text: string;
  /** The number as printed: parentheses negative, dashes and blanks null, % kept as printed. */
  number: number | null;
  /** `number` times the table's scale for this row ($ in millions, shares in thousands), or null. */
  scaled: number | null;
  /**
   * What `scaled` counts: the page's currency ("USD", or the sign of a row in one of several
   * currencies), "shares", "count", "percent" (then scaled is null), "USD per share, as printed",
   * the unit EDGAR names after the label ("Vendor"); "money" when no currency is named; null
   * when the cell is no number.
   */
  unit: string | null;
}

export interface ReportRow {
  /** The table the row is in: the page's title, or an embedded table's name. */
  table: string;
  context: string[];
  label: string;
  concept: string | null;
  abstract: boolean;
  values: ReportCell[];
}

const SCALES: Record<string, number> = { thousands: 1e3, millions: 1e6, billions: 1e9 };

function cellText(html: string): string {
  // a marker left where a nested table was taken out is no text; a footnote mark printed as a
  // superscript stays on the figure it marks ("1,234<sup>(1)</sup>" is "1,234(1)", one figure)
  return decodeEntities(
    dropTags(
      html.replace(/<br\s*\/?>/gi, " ").replace(
        /([\d)%])\s*<sup\b[^<>]*>([^<]{1,8})<\/sup\s*>/gi,
        "$1$2",
      ),
    ).replace(/\uE000\d+\uE000/g, " "),
  )
    .replace(/\s+/g, " ").trim();
}

/**
 * `html` with each tag replaced by a space, as `/<[^>]+>/g` would, with indexOf: the pattern
 * restarts at every `<` that no `>` follows (time growing with the square of the text). Once no
 * `>` remains, no tag follows.
 */
function dropTags(html: string): string {
  let out = "";
  let kept = 0; // html[kept...] is not yet in out
  let pos = 0;
  for (let lt = html.indexOf("<"); lt >= 0; lt = html.indexOf("<", pos)) {
    pos = lt + 1;
    if (html[lt + 1] === ">") continue; // "<>" is no tag
    const gt = html.indexOf(">", lt + 1);
    if (gt < 0) break;
    out += `${html.slice(kept, lt)} `;
    kept = pos = gt + 1;
  }
  return kept ? out + html.slice(kept) : html;
}

/**
 * The elements `open` (global) starts and `close` ends, each as `open[^>]*>([\s\S]*?)close`
 * matches it: the open tag's groups, its attributes, its content. Such a pattern searches to the
 * end of the text from every opening tag once no `>` or closing tag is left (time growing with
 * the square of the text); here the search ends there.
 */
function elements(html: string, open: RegExp, close: RegExp): string[][] {
  const out: string[][] = [];
  open.lastIndex = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const gt = html.indexOf(">", open.lastIndex);
    if (gt < 0) break;
    close.lastIndex = gt + 1;
    const end = close.exec(html);
    if (!end) break;
    out.push([...m.slice(1), html.slice(open.lastIndex, gt), html.slice(gt + 1, end.index)]);
    open.lastIndex = close.lastIndex;
  }
  return out;
}

/** Cell text → number as printed; null when the cell is not a plain number. */
export function parseCellNumber(text: string): number | null {
  // a figure with its signs and marks is short; a text block is no number (and the patterns
  // below stay cheap on it)
  if (text.length > 80) return null;
  // EDGAR's footnote marks, one or several ("[1]", "[1],[2]")
  const t = text.replace(/\[\d+\](?:\s*,\s*\[\d+\])*/g, "").trim()
    // a footnote mark glued to the figure: "1,234(1)", "(56)(a)", "7.5*"; a mark set apart by
    // a space is another figure ("(2) (3)" is no number)
    .replace(/(?<=[\d)%])(?:\((?:\d{1,2}|[a-z])\)|[*\u2020\u2021])+$/i, "")
    // currency signs, "R$", "HK$" and the like included, and a currency written in letters
    // before the figure ("SFr 1,500", "CHF (5)")
    .replace(/^(\(?)(?:[A-Z]{3}|SFr|kr|Rs|Rp|RM)\.?\s*(?=[\d(.-])/, "$1")
    .replace(/(?:\b[A-Z]{1,3}\$|[$€£¥₩₹₽₺₪₱]|\s)/g, "")
    // the minus sign (U+2212) is a minus; "(5%)" is "(5)%"
    .replace(/\u2212/g, "-").replace(/%\)$/, ")%");
  if (!t || /^[—–-]+$/.test(t)) return null;
  // one way to read each figure: "[\d,]*\.?\d+" took time growing with the square of a run of
  // digits that fails to match ("1" repeated and "x": 100 KB for 20 s)
  const m = /^(\()?(-)?([\d,]*\.\d+|[\d,]*\d)(\))?(%)?$/.exec(t);
  if (!m || (m[1] && !m[4]) || (!m[1] && m[4])) return null;
  const n = Number(m[3].replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return m[1] || m[2] ? -n : n;
}

/** One table of a page: its name, its period columns and its scale in words. */
export interface ReportTable {
  table: string;
  columns: string[];
  /** "USD millions; shares thousands; per-share as printed", as the page or note states it. */
  scale: string;
  /** For an embedded table, the note's sentence that introduces it; null for the page's own. */
  caption: string | null;
}

type Stated = { money: number | null; shares: number | null };

/** What a page title states: the scale of each currency sign, of shares, and of bare amounts. */
interface TitleStated extends Stated {
  /** Scale by the sign it is stated for ("$", "¥", "SFr"), when the title names one. */
  bySign: Map<string, number>;
  /** The title states different scales for different currencies ("$ in Millions, ¥ in Billions"). */
  mixed: boolean;
}

const TITLE_SCALES: Record<string, number> = { units: 1, ...SCALES };

/**
 * The factors a table's figures are multiplied by: money null when the title scales several
 * currencies apart and the row does not say which it is in (then `scaled` is null).
 */
type Scales = {
  money: number | null;
  shares: number;
  bySign?: Map<string, number>;
  /** The currency the title names ("USD"), for the unit of money figures. */
  currency?: string | null;
};

/** Scales the title declares: `$ in Millions`, `shares in Thousands`, `¥ in Billions`. */
export function titleScales(title: string): Scales {
  const s = titleStated(title);
  return { money: s.mixed ? null : s.money ?? 1, shares: s.shares ?? 1, bySign: s.bySign };
}

/** The part of a title cell that states its scales: after its last line break. */
function titleScalePart(cellHtml: string): string {
  const parts = cellHtml.split(/<br\s*\/?>/i);
  return parts.length > 1 ? cellText(parts.at(-1)!) : cellText(cellHtml);
}

/**
 * The scale part of an R page title (after its line break; the whole title when it has none):
 * today's "$ / shares in Units, shares in Thousands, $ in Millions", "¥ in Millions",
 * "$ in Millions, ¥ in Billions", and the older renderer's "In Millions, except Per Share data",
 * "In Thousands, except Share data", "Share data in Thousands, except Per Share data".
 */
function titleStated(title: string): TitleStated {
  const out: TitleStated = { money: null, shares: null, bySign: new Map(), mixed: false };
  let bare: number | null = null;
  for (const raw of title.split(/,\s*/)) {
    const part = raw.trim();
    const except = /^except\s+(.*)$/i.exec(part);
    if (except) {
      // "except Share data": share counts as printed; "except Share data in Thousands"
      // "except Share and Per Share data" as well
      const m =
        /^shares?(?: and per[- ]share)?(?: data)?(?:\s+in\s+(thousands|millions|billions))?$/i
          .exec(except[1]);
      if (m) out.shares = m[1] ? SCALES[m[1].toLowerCase()] : 1;
      continue;
    }
    const m = /(?:^|\s)(?:(\S+)\s+)?in\s+(units|thousands|millions|billions)$/i.exec(part);
    if (!m) continue;
    const f = TITLE_SCALES[m[2].toLowerCase()];
    const sign = m[1] ?? "";
    // "$ / shares in Units", "¥ / shares in Units": per-share figures, as printed
    if (/\/\s*\S+\s+in\s+\w+$/i.test(part) || sign.includes("/")) continue;
    if (/^shares?$/i.test(sign) || (/^data$/i.test(sign) && /\bshare\s+data\s+in\s/i.test(part))) {
      out.shares = f;
    } else if (!sign || /\)$/.test(sign)) {
      // the older renderer's bare "In Millions" (after the title's "(USD $)"): amounts and
      // share counts alike
      bare = f;
    } else out.bySign.set(sign, f);
  }
  const money = [...new Set(out.bySign.values())];
  out.mixed = money.length > 1;
  out.money = money.length === 1 ? money[0] : money.length ? null : bare;
  if (out.shares === null && bare !== null) out.shares = bare;
  return out;
}

/**
 * Scales a note states for its table, in its own words: "(in millions)", "(in millions, except
 * per-share amounts)", "(net income in millions and shares in thousands)". A bare "in millions"
 * covers money and share counts alike; "shares in thousands" overrides it for shares.
 */
function proseStated(text: string): Stated | null {
  const found = [...text.matchAll(/\(([^()]*\bin (?:thousands|millions|billions)\b[^()]*)\)/gi)];
  const last = found.at(-1)?.[1] ??
    /\b(?:dollars|amounts|\$)\s+in\s+(?:thousands|millions|billions)\b/i.exec(text)?.[0];
  if (!last) return null;
  const out: Stated = { money: null, shares: null };
  for (const m of last.matchAll(/(?:(\w+)\s+)?in (thousands|millions|billions)\b/gi)) {
    const f = SCALES[m[2].toLowerCase()];
    if (/^shares?$/i.test(m[1] ?? "")) out.shares = f;
    else {
      out.money ??= f;
      if (!/shares/i.test(last.slice(0, m.index))) out.shares ??= f;
    }
  }
  // "(in thousands, except share and per-share data)": share counts are as printed, unless
  // the exception gives their own scale ("except shares in thousands and per share amounts")
  const except = /\bexcept\b(.*)$/i.exec(last)?.[1]?.replace(/per[- ]share/gi, "");
  if (
    except && /\bshares?\b/i.test(except) &&
    !/\bshares?\s+in\s+(?:thousands|millions|billions)\b/i.test(except)
  ) out.shares = null;
  return out;
}

const SCALE_NAMES: Record<number, string> = {
  1: "as printed",
  1e3: "thousands",
  1e6: "millions",
  1e9: "billions",
};

/** The scale in words, stated once for a table: "USD millions; shares thousands; per-share as printed". */
function scaleText(s: Stated | TitleStated, currency: string | null): string {
  if ("mixed" in s && s.mixed) {
    return [
      ...[...s.bySign].map(([sign, f]) => `${sign} ${SCALE_NAMES[f]}`),
      s.shares === null ? "shares as printed" : `shares ${SCALE_NAMES[s.shares]}`,
      "per-share as printed",
    ].join("; ");
  }
  if (s.money === null && s.shares === null) return "figures as printed (no scale stated)";
  const money = currency ?? "money";
  return [
    s.money === null ? `${money} as printed` : `${money} ${SCALE_NAMES[s.money]}`,
    s.shares === null ? "shares as printed" : `shares ${SCALE_NAMES[s.shares]}`,
    "per-share as printed",
  ].join("; ");
}

/** The currency a page title names: "... - USD ($)" → "USD". */
function titleCurrency(title: string): string | null {
  // today's "- USD ($)", the older renderer's "(USD $)"
  return /\b([A-Z]{3}) \([^)]{1,4}\)/.exec(title)?.[1] ??
    /\(([A-Z]{3}) [^)\s]{1,4}\)/.exec(title)?.[1] ?? null;
}

/**
 * The scale of a row's number: the title's money or share scale, 1 for per-share figures, null
 * for percents. EDGAR ends a row's label with its unit (" | Vendor", " | segment", " | $",
 * " | shares") when the table mixes units; a count of vendors, segments or employees in a
 * "$ in Billions" table is not billions.
 */
/**
 * A figure per share or per unit, by its label: "per share", "per common share", "per diluted
 * share", "per limited partner unit", "per ADS", "$ / shares".
 */
const PER_UNIT_LABEL =
  /\bper (?:(?:common|ordinary|basic|diluted|fully|and|or|limited|general|partner(?:ship)?|lp|class|[a-c]|preferred|american|depositary|depository|outstanding|weighted|average)[ -])*(?:shares?|units?|ads|adss|adrs?)\b|\/ ?share/i;
/**
 * ... and by its element: "EarningsPerShareBasic", "IncomeLossFromContinuingOperationsPerBasicShare",
 * "CommonStockDividendsPerShareDeclared", "NetIncomeLossPerOutstandingLimitedPartnershipUnit...".
 */
const PER_UNIT_CONCEPT = /(?:^|[a-z])Per(?:[A-Z][a-z]*)*?(?:Share|Unit|Ads|ADS)(?![a-z])/;
/** A label that counts shares: "Weighted-average shares used in computing earnings per share". */
const countsShares = (label: string) =>
  /\bshares\b/i.test(label) &&
  /\bweighted|\bused in\b|\boutstanding\b|\bdenominator\b/i.test(label);

function rowScale(
  label: string,
  text: string,
  scales: Scales,
  concept: string | null = null,
  heading: string | null = null,
): { scale: number | null; unit: string } {
  const money = (f: number | null, sign?: string) => ({
    scale: f,
    unit: sign && scales.bySign?.has(sign) ? sign : scales.currency ?? "money",
  });
  if (/%$/.test(text.trim())) return { scale: null, unit: "percent" };
  // the element's name when the page gives it: "us-gaap_EarningsPerShareDiluted"
  const local = concept?.replace(/^[^:_]*[:_]/, "") ?? "";
  // the cover page's years, codes and numbers (fiscal year 2024, CIK, zip code, area code) are
  // no amounts: a "$ in Billions" cover page, for its public float, made 2024 into 2.024e12
  if (/^dei[:_]/.test(concept ?? "")) {
    if (/NumberOf/.test(local)) return { scale: 1, unit: "count" };
    if (!/PublicFloat|Shares|PerShare|Amount|Value/.test(local)) {
      return { scale: null, unit: "as printed (not an amount)" };
    }
  }
  // "Weighted-average shares used in computing earnings per share" is a count of shares
  const countOfShares = countsShares(label);
  const perShare = { scale: 1, unit: `${scales.currency ?? "money"} per share, as printed` };
  if ((!countOfShares && PER_UNIT_LABEL.test(label)) || PER_UNIT_CONCEPT.test(local)) {
    return perShare;
  }
  // a bare "Basic" or "Diluted" row (no element named) is what its heading says it is:
  // "Net income per share:" (as printed) or "Weighted-average shares outstanding:" (shares)
  if (!local && heading && /^(?:basic|diluted)\b/i.test(label) && !/\bshares?\b/i.test(label)) {
    if (countsShares(heading)) return { scale: scales.shares, unit: "shares" };
    if (PER_UNIT_LABEL.test(heading)) return perShare;
  }
  // under "Basic earnings per share:" the rows "Continuing operations", "Net income" print
  // cents ("2.10", "(0.05)"); an amount under such a heading prints none ("1,000")
  if (
    !local && heading && PER_UNIT_LABEL.test(heading) && !countsShares(heading) &&
    !/\bshares?\b/i.test(label) && /\d\.\d\d\)?$/.test(text.trim())
  ) return perShare;
  const unit = /\s\|\s([^|]+)$/.exec(label)?.[1]?.trim();
  if (unit) {
    // a row in one of several currencies a title scales apart ("$ in Millions, ¥ in Billions")
    const own = scales.bySign?.get(unit);
    if (own !== undefined) return money(own, unit);
    if (/^(?:\$|[€£¥₩₹₽₺₪₱]|[A-Z]{3}\b|[A-Z]{1,3}\$)/.test(unit)) return money(scales.money);
    if (/^shares?$/i.test(unit)) return { scale: scales.shares, unit: "shares" };
    return { scale: 1, unit };
  }
  if (local) {
    // share counts are elements named for Shares ("CommonStockSharesAuthorized",
    // "StockIssuedDuringPeriodSharesShareBasedCompensation"); "ShareBasedCompensation" and
    // "...ValueShareBasedCompensation" are money
    if (/(?:^|[a-z])Shares(?:[A-Z]|$)/.test(local) && !/Value|Amount/.test(local)) {
      return /\$/.test(text) ? money(scales.money) : { scale: scales.shares, unit: "shares" };
    }
    if (/^NumberOf/.test(local) && !/\$/.test(text)) return { scale: 1, unit: "count" };
    return money(scales.money);
  }
  // without an element name, by the label: a count of shares, not "Share-based compensation"
  // or "Common stock withheld related to net share settlement", nor a par value line
  if (
    /\bshares\b/i.test(label) && !/\$/.test(text) &&
    !/\$|\bpar value\b|\bcompensation\b|\bpayments?\b|\bproceeds\b|\bvalue\b|\bamount\b|\bcost\b/i
      .test(label)
  ) return { scale: scales.shares, unit: "shares" };
  // "Number of employees" and the like count things, in any table
  if (/^number of\b/i.test(label) && !/\$/.test(text)) return { scale: 1, unit: "count" };
  return money(scales.money);
}

/** Where the element opened at `start` ends (after its closing tag), nested ones counted. */
function closeOf(html: string, start: number): number {
  // as /<(\/?)table\b[^>]*>/gi, which searched to the end from every tag no `>` followed
  const re = /<(\/?)table\b/gi;
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const gt = html.indexOf(">", re.lastIndex);
    if (gt < 0) break;
    depth += m[1] ? -1 : 1;
    if (depth === 0) return gt + 1;
    re.lastIndex = gt + 1;
  }
  return html.length;
}

/** The main report table of an R page, embedded tables and all (popups are left out). */
function reportTable(html: string): string {
  const start = reportStart(html);
  if (start < 0) return html;
  return html.slice(start, closeOf(html, start));
}

/**
 * Where `/<table\b[^>]*class="report"/i` matches, each tag's text read once: the pattern read
 * a tag again from every `<table` in it.
 */
function reportStart(html: string): number {
  const re = /<table\b/gi;
  let tagEnd = -1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (re.lastIndex <= tagEnd) continue; // a `<table` inside a tag already read
    const gt = html.indexOf(">", re.lastIndex);
    tagEnd = gt < 0 ? html.length : gt;
    if (/class="report"/i.test(html.slice(re.lastIndex, tagEnd))) return m.index;
    if (gt < 0) break;
  }
  return -1;
}

/** The tables nested in `html` taken out, each replaced by a marker `\uE000n\uE000`. */
function liftTables(html: string): { html: string; tables: string[] } {
  const tables: string[] = [];
  let out = "";
  let pos = 0;
  const re = /<table\b/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const end = closeOf(html, m.index);
    out += `${html.slice(pos, m.index)}\uE000${tables.length}\uE000`;
    tables.push(html.slice(m.index, end));
    pos = re.lastIndex = end;
  }
  return { html: out + html.slice(pos), tables };
}

/**
 * Whether `html` is an R page of EDGAR's renderer (its `<table class="report">`). The renderer's
 * older XML pages (R2.xml, 2009-2011: an `<InstanceReport>` of Rows and Cells) and other files
 * are not: read as a page they gave no row and a text of run-together figures.
 */
export function isReportPage(html: string): boolean {
  return reportStart(html) >= 0;
}

/** Clean text of an R page: one line per row, cells joined by " | ". */
export function reportText(html: string): string {
  return htmlToText(reportTable(html)).text.trim();
}

/**
 * Which headings a row stands under. Where the page indents its labels (label classes pl1,
 * pl2…, a left padding) a heading covers the rows indented deeper than itself; on a flat page
 * (Apple's R pages indent nothing) a heading covers the rows up to the next heading or the first
 * total (an underlined row: reu, rou; a label "Total …"), never past it, and the total itself
 * names no heading.
 */
class Headings {
  private open: { text: string; level: number }[] = [];
  constructor(private readonly indented: boolean) {}
  reset() {
    this.open = [];
  }
  row(label: string, level: number, kind: "heading" | "total" | "item" | "other"): string[] {
    if (this.indented) {
      while (this.open.length && this.open.at(-1)!.level >= level) this.open.pop();
    } else if (kind === "heading") this.open = [];
    // on a flat page a total may close a section nested in another that the page does not
    // mark ("Cash generated by operating activities" after "Changes in operating assets"):
    // it names no heading rather than a wrong one
    const bare = kind === "other" || (kind === "total" && !this.indented);
    const context = bare ? [] : this.open.map((h) => h.text);
    if (kind === "heading") this.open.push({ text: label.replace(/:$/, "").trim(), level });
    else if (kind === "total" && !this.indented) this.open = [];
    return context;
  }
}

/** Rank of each raw indent among the distinct ones (0 = least indented). */
function levels(raw: number[]): { of: (n: number) => number; indented: boolean } {
  const distinct = [...new Set(raw)].sort((a, b) => a - b);
  return { of: (n) => distinct.indexOf(n), indented: distinct.length > 1 };
}

/** A label cell's indent: its class pl1, pl2… or its left padding (pt; px read as pt). */
function indentOf(attrs: string): number {
  const cls = /class="pl(\d*)\b/.exec(attrs)?.[1];
  const style = /style="([^"]*)"/.exec(attrs)?.[1] ?? "";
  let pad = /padding-left:\s*([\d.]+)/.exec(style)?.[1];
  const short = /(?:^|;)\s*padding:\s*([^;]+)/.exec(style)?.[1]?.trim().split(/\s+/);
  if (!pad && short) pad = short[short.length === 4 ? 3 : short.length === 1 ? 0 : 1];
  return Number(cls || 0) * 1000 + (parseFloat(pad ?? "0") || 0);
}

/** Structured rows of an R page, its embedded tables' rows after the cell that holds them. */
export function parseReport(
  html: string,
): {
  title: string;
  columns: string[];
  rows: ReportRow[];
  tables: ReportTable[];
  /** What the reader must know about the figures (several currencies scaled apart). */
  warnings: string[];
} {
  const table = reportTable(html);
  const inner = table.replace(/^<table\b[^>]*>/i, "").replace(/<\/table>\s*$/i, "");
  const lifted = liftTables(inner);
  const trs = elements(lifted.html, /<tr\b/gi, /<\/tr>/gi);
  let title = "";
  const headers: string[][] = [];
  const rows: ReportRow[] = [];
  const embedded: ReportTable[] = [];
  const numbered = new Map<string, number>();
  let dimension: string[] = [];
  let scales: Scales = { money: 1, shares: 1 };
  // header columns a cell of an earlier header row spans down over (rowspan), rows left
  const held = new Map<number, number>();
  let stated: TitleStated | null = null;
  const body = trs.map(([trAttrs, tr]) => ({
    trAttrs,
    // as the pattern's match: [whole, h or d, attributes, content]
    cells: elements(tr, /<t([hd])\b/gi, /<\/t[hd]>/gi).map((c) => ["", ...c]),
  })).filter((r) => r.cells.length);
  const lv = levels(
    body.filter((r) => r.cells.some((c) => c[1].toLowerCase() === "d"))
      .map((r) => indentOf(r.cells[0][2])),
  );
  const headings = new Headings(lv.indented);
  // a column whose heading names its currency ("Mar. 31, 2024 USD ($)", a convenience
  // translation beside the CNY columns) has that currency and the title's scale for its sign
  const byColumn = new Map<number, Scales>();
  const columnScales = (i: number): Scales => {
    let own = byColumn.get(i);
    if (!own) {
      const m = /\b([A-Z]{3}) \(([^)\s]{1,4})\)/.exec(headers[i]?.join(" ") ?? "");
      const f = m ? scales.bySign?.get(m[2]) : undefined;
      own = m ? { ...scales, currency: m[1], money: f ?? scales.money } : scales;
      byColumn.set(i, own);
    }
    return own;
  };
  for (const [n, { trAttrs, cells }] of body.entries()) {
    if ((n & 255) === 0) checkpoint();
    if (cells.every((c) => c[1].toLowerCase() === "h")) {
      let pos = 0;
      const below = new Map<number, number>();
      cells.forEach((c, i) => {
        if (!title && i === 0 && /class="tl"/.test(c[2])) {
          title = cellText(c[3]);
          const part = titleScalePart(c[3]);
          stated = titleStated(part);
          scales = { ...titleScales(part), currency: titleCurrency(title) };
          return;
        }
        // as browsers read it: 1 to 1000 (a header claiming a billion columns must not hang)
        const span = Math.min(1000, Math.max(1, Number(/colspan="(\d+)"/i.exec(c[2])?.[1] ?? 1)));
        const down = Math.min(50, Math.max(1, Number(/rowspan="(\d+)"/i.exec(c[2])?.[1] ?? 1)));
        // a column a header cell above still covers takes no cell of this row: its period
        // heading ("Sep. 28, 2024" spanning two header rows) stays over its own figures
        while ((held.get(pos) ?? 0) > 0) pos++;
        const head = cellText(c[3]);
        for (let k = 0; k < span; k++) {
          if (head) (headers[pos + k] ??= []).push(head);
          if (down > 1) below.set(pos + k, down - 1);
        }
        pos += span;
      });
      for (const [k, n] of held) n > 1 ? held.set(k, n - 1) : held.delete(k);
      for (const [k, n] of below) held.set(k, n);
      continue;
    }
    const label = cellText(cells[0][3]);
    const concept = /defref_([\w.-]+?)(?:=[^'"]*)?['"]/.exec(cells[0][3])?.[1] ?? null;
    // the tables a cell embeds are numbered in page order: "[table 1]" in its text
    for (const c of cells.slice(1)) {
      for (const m of c[3].matchAll(/\uE000(\d+)\uE000/g)) numbered.set(m[1], numbered.size + 1);
    }
    const texts = cells.slice(1).map((c) =>
      cellText(c[3].replace(/\uE000(\d+)\uE000/g, (_m, k) => ` [table ${numbered.get(k)}] `))
    );
    const empty = texts.every((t) => !t);
    if (/class="rh"/.test(trAttrs)) {
      dimension = label.split(" | ").map((s) => s.trim()).filter(Boolean);
      headings.reset();
      continue;
    }
    const abstract = empty &&
      (/Abstract$|LineItems$/.test(concept ?? "") || /\[Abstract\]/.test(label) ||
        /<strong>/i.test(cells[0][3]));
    const heading = abstract && !/\[Line Items\]/.test(label);
    const total = /class="[^"]*\br(?:[eo]u|t|tu)\b/.test(trAttrs) || /^total\b/i.test(label);
    const kind = heading ? "heading" : abstract ? "other" : total ? "total" : "item";
    const under = headings.row(label, lv.of(indentOf(cells[0][2])), kind);
    const context = [...dimension, ...under];
    const values = texts.map((text, i) => {
      const number = parseCellNumber(text);
      const m = number === null
        ? null
        : rowScale(label, text, columnScales(i), concept, under.at(-1));
      return {
        column: headers[i]?.join(" ") || `value_${i + 1}`,
        text,
        number,
        scaled: number === null || m?.scale == null ? null : number * m.scale,
        unit: m?.unit ?? null,
      };
    });
    const qname = concept ? concept.replace("_", ":") : null;
    rows.push({ table: title, context, label, concept: qname, abstract, values });
    // the tables a text block holds, each a table of its own, right after the block
    cells.slice(1).forEach((c) => {
      for (const part of embeddedParts(c[3], lifted.tables)) {
        const name = `${label} — table ${embedded.length + 1}`;
        const t = embeddedTable(part.html, part.before, name, dimension);
        // the note's title printed before its first sentence is not part of the caption
        const caption = part.caption?.startsWith(`${label} `)
          ? part.caption.slice(label.length + 1)
          : part.caption;
        embedded.push({ table: name, columns: t.columns, scale: t.scale, caption });
        rows.push(...t.rows);
      }
    });
  }
  const columns = headers.map((h) => h.join(" "));
  // the currencies the columns name, when they name more than the title's one
  const named = new Set(columns.map((_c, i) => columnScales(i).currency ?? null));
  const currency = titleCurrency(title);
  const currencies = named.size > 1
    ? `${[...named].map((c) => c ?? "money").join(" or ")} (as each column is headed)`
    : named.size === 1
    ? [...named][0]
    : currency;
  const own: ReportTable = {
    table: title,
    columns,
    scale: scaleText((stated as TitleStated | null) ?? titleStated(title), currencies),
    caption: null,
  };
  const warnings: string[] = [];
  // an equity statement's columns are its components: its periods run down the page
  if (periodsDownThePage(title, columns, rows)) {
    warnings.push(
      `the columns of this page are no periods (${columns.slice(0, 3).join(", ")}${
        columns.length > 3 ? ", …" : ""
      }): its periods run down the page, between balances dated in their labels, so each row's period is the first entry of its context ("6 Months Ended …"); the same line stands once for each period`,
    );
  }
  // set inside the header cells' callback, which the compiler does not follow
  const st = stated as TitleStated | null;
  // every column naming a currency the title scales: each figure has its scale
  const unscaled = rows.some((r) =>
    r.values.some((v) => v.number !== null && v.scaled === null && v.unit !== "percent")
  );
  if (st?.mixed && unscaled) {
    warnings.push(
      `the page states a scale for each currency (${
        [...st.bySign].map(([sign, f]) => `${sign} in ${SCALE_NAMES[f]}`).join(", ")
      }): a figure whose row does not name its currency has scaled null; read its number with the currency of its column`,
    );
  }
  return { title, columns, rows, tables: [own, ...embedded], warnings };
}

/** The embedded tables of a cell, each with the prose that introduces it. */
function embeddedParts(
  html: string,
  tables: string[],
): { html: string; before: string; caption: string | null }[] {
  const out: { html: string; before: string; caption: string | null }[] = [];
  const re = /\uE000(\d+)\uE000/g;
  let pos = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const before = cellText(html.slice(pos, m.index).replace(/\uE000\d+\uE000/g, " "));
    pos = m.index + m[0].length;
    // the note's last sentence before the table introduces it
    const caption = before.split(/(?<=[.:])\s+(?=[A-Z])/).at(-1)?.trim() || null;
    out.push({ html: tables[Number(m[1])], before, caption });
  }
  return out;
}

interface GridCell {
  start: number;
  end: number;
  text: string;
  indent: number;
}

/** The rows of an HTML table as cells placed on its column grid (colspans counted). */
function grid(html: string): GridCell[][] {
  const inner = html.replace(/^<table\b[^>]*>/i, "").replace(/<\/table>\s*$/i, "");
  // a table inside one of its cells reads as that cell's text
  const lifted = liftTables(inner);
  return elements(lifted.html, /<tr\b/gi, /<\/tr>/gi).map(([, tr]) => {
    let pos = 0;
    return elements(tr, /<t[hd]\b/gi, /<\/t[hd]>/gi).map(([attrs, cell]) => {
      const span = Math.min(1000, Math.max(1, Number(/colspan="(\d+)"/i.exec(attrs)?.[1] ?? 1)));
      const html = cell.replace(/\uE000(\d+)\uE000/g, (_m, i) => ` ${lifted.tables[i]} `);
      const c = { start: pos, end: pos + span, text: cellText(html), indent: indentOf(attrs) };
      pos += span;
      return c;
    });
  }).filter((r) => r.some((c) => c.text));
}

/** Printed pieces of one figure joined as printed: "$" + "40,315" → "$ 40,315"; "(8" + ")" → "(8)". */
function joinPieces(pieces: string[]): string {
  return pieces.reduce((a, p) => (!a ? p : /^[)%]/.test(p) ? a + p : `${a} ${p}`), "");
}

/**
 * One table a note embeds, read as its own table: the rows before the first labelled row are its
 * header (the finest of them gives the columns, the ones above prefix their names), each row's
 * pieces ("$", the figure, ")") are joined under the column they stand under, the note's own
 * scale applies, and a row with a label and no figure ("Americas:") heads the rows under it.
 */
function embeddedTable(html: string, before: string, name: string, dimension: string[]) {
  const rows = grid(html);
  const first = rows.findIndex((r) => r.some((c) => c.start === 0 && c.text));
  const head = first < 0 ? rows : rows.slice(0, first);
  const body = first < 0 ? [] : rows.slice(first);
  let leaf = head.reduce<GridCell[]>((a, r) => {
    const cells = r.filter((c) => c.text);
    return cells.length >= a.length ? cells : a;
  }, []);
  // no header: the columns are where the figures stand
  if (!leaf.length) {
    const spots = body.flatMap((r) =>
      r.filter((c) => c.start > 0 && parseCellNumber(c.text) !== null)
    );
    leaf = [...new Map(spots.map((c) => [c.start, c])).values()].sort((a, b) => a.start - b.start)
      .filter((c, i, all) => !i || c.start >= all[i - 1].end);
  }
  const names = leaf.map((g) =>
    head.flatMap((r) => r.filter((c) => c.text && c.start < g.end && c.end > g.start))
      .map((c) => c.text).join(" ")
  );
  const stated = proseStated(before) ?? proseStated(head.flat().map((c) => c.text).join(" "));
  const scales = { money: stated?.money ?? 1, shares: stated?.shares ?? 1 };
  const labelEnd = (r: GridCell[]) => leaf[0]?.start ?? (r.find((c) => c.start > 0)?.start ?? 1);
  const lv = levels(body.map((r) => r.find((c) => c.text)?.indent ?? 0));
  const headings = new Headings(lv.indented);
  const out: ReportRow[] = [];
  let sawDollar = false;
  for (const r of body) {
    const end = labelEnd(r);
    const label = r.filter((c) => c.start < end && c.text).map((c) => c.text).join(" ");
    const pieces: string[][] = leaf.map(() => []);
    for (const c of r.filter((c) => c.start >= end && c.text)) {
      sawDollar ||= /\$/.test(c.text);
      let g = leaf.findIndex((x) => c.start < x.end && c.end > x.start);
      // a piece between columns: a currency sign leads the figure after it, ")" or "%" ends
      // the one before
      if (g < 0) {
        const next = leaf.findIndex((x) => x.start >= c.end);
        g = /^[$€£¥]$/.test(c.text) && next >= 0 ? next : next < 0 ? leaf.length - 1 : next - 1;
      }
      if (g >= 0) pieces[g].push(c.text);
    }
    const texts = pieces.map(joinPieces);
    const empty = texts.every((t) => !t);
    const level = lv.of(r.find((c) => c.text)?.indent ?? 0);
    const kind = empty ? "heading" : /^total\b/i.test(label) ? "total" : "item";
    const under = headings.row(label, level, kind);
    const context = [...dimension, ...under];
    const values = texts.map((text, i) => {
      const number = parseCellNumber(text);
      const m = number === null ? null : rowScale(label, text, scales, null, under.at(-1));
      return {
        column: names[i] || `value_${i + 1}`,
        text,
        number,
        scaled: number === null || m?.scale == null ? null : number * m.scale,
        unit: m?.unit ?? null,
      };
    });
    out.push({ table: name, context, label, concept: null, abstract: empty, values });
  }
  const currency = sawDollar ? "$" : null;
  // the table's money is in the sign it prints (a note's table names no currency code)
  if (currency) {
    for (const r of out) {
      for (const v of r.values) {
        if (v.unit?.startsWith("money")) v.unit = currency + v.unit.slice(5);
      }
    }
  }
  return {
    columns: names,
    scale: scaleText(stated ?? { money: null, shares: null }, currency),
    rows: out,
  };
}
