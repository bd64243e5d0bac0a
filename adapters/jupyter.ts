/**
 * Notebook display for envelopes and charts, through the Deno kernel's display protocol: any
 * object with a `Symbol.for("Jupyter.display")` method is shown as the MIME bundle it returns.
 *
 * `show(envelope)` renders a readable summary (scalars, tables, warnings) followed by the
 * citations found in the data: provider, source, URL or accession, dates and character offsets.
 * `show(envelope, { json: true })` shows the envelope as JSON instead.
 *
 * Why the default bundle has no `application/json`: JupyterLab ranks its JSON tree renderer
 * above HTML, so a bundle carrying both would open as a JSON tree. The full envelope still
 * travels with every output under `application/vnd.finance.envelope+json` for tools that
 * read saved notebooks; `json: true` uses the standard `application/json`.
 */
import type { ViewName } from "../core/command.ts";
import type { Envelope } from "../core/envelope.ts";
// a chart helper says what its input lacked with a plain Error: shown; any other fault is logged
import { plainErrorText } from "../core/errors.ts";
import { loadedCommand } from "../commands/registry.ts";
import { svgToPng } from "../analysis/charts/png.ts";
import { render } from "./render.ts";
import { blocksHtml, escapeHtml, linkify } from "./views/html.ts";
import { viewBlocks, viewByShape } from "./views/index.ts";
import type { Block } from "./views/model.ts";
import { printable } from "./views/width.ts";

export { type Recordings, recordings } from "./recordings.ts";

/** The MIME bundle a display method returns. */
export type MimeBundle = Record<string, unknown> & { "text/plain": string };

/** An object the Deno kernel knows how to display. */
export interface Displayable {
  /** Under `Symbol.for("Jupyter.display")`: returns the MIME bundle to show. */
  [key: symbol]: () => MimeBundle;
}

/** The protocol symbol the Deno kernel looks for. */
export const JUPYTER_DISPLAY: unique symbol = Symbol.for("Jupyter.display") as never;

/** MIME type carrying the raw envelope beside the HTML rendering. */
export const ENVELOPE_MIME = "application/vnd.finance.envelope+json";

/** Options of {@link show}. */
export interface ShowOptions {
  /** Heading above the summary, e.g. the command name. */
  title?: string;
  /**
   * The command that answered, e.g. `filings.statement`: its view lays the result out. When
   * absent, a title starting with a command name picks it, else the data's shape does.
   */
  command?: string;
  /** Show the envelope as JSON instead of the summary. */
  json?: boolean;
  /**
   * Rows shown per table and items per list; the rest are counted, not shown. Default: every
   * row of a result's own view (a statement stays whole), 50 of a generic table, 15 citations.
   */
  maxRows?: number;
}

/** One place a result came from, as the data names it. */
export type Citation = Record<string, string | number>;

/** Fields that identify where a record came from; a citation needs at least one. */
const ANCHORS = [
  "provider",
  "source",
  "url",
  "filing_url",
  "accession_no",
  "accession",
  "path",
  "match_id",
  "request_url",
];
/** Fields that date or locate a record inside its source. */
const DETAILS = [
  "symbol",
  "form",
  "report_name",
  "section",
  "page",
  "start_char",
  "end_char",
  "date",
  "start_date",
  "end_date",
  "as_of",
  "filed_at",
  "filing_date",
  "period_of_report",
  "published_at",
  "first_seen_at",
  "retrieved_at",
  // the URLs a result was read from (a list): the citation a reader opens
  "source_urls",
];
const CITATION_FIELDS = [...ANCHORS, ...DETAILS];

/** Wraps a MIME bundle so the kernel displays it. */
export function displayable(bundle: MimeBundle): Displayable {
  return { [JUPYTER_DISPLAY]: () => bundle };
}

/**
 * Returns a displayable view of an envelope: summary with citations, or JSON when asked.
 *
 * Given something else, it still shows something a reader can act on rather than throwing in
 * the cell: a Promise (a `finance()` call not awaited) or nothing says what to pass, and a bare
 * result (`show(r.data)`) is shown as data with a note that the envelope's warnings are not.
 */
export function show(envelope: Envelope, options: ShowOptions = {}): Displayable {
  const env = asEnvelope(envelope);
  const opts: ShowOptions = options && typeof options === "object" ? options : {};
  if (opts.json) {
    const text = JSON.stringify(env, null, 2);
    return displayable({ "application/json": env, "text/plain": text });
  }
  return displayable({
    "text/html": envelopeHtml(env, opts),
    "text/plain": envelopeText(env, opts),
    [ENVELOPE_MIME]: env,
  });
}

/** What {@link show} was given, as an envelope (see there). */
function asEnvelope(value: unknown): Envelope {
  const failed = (error: string): Envelope => ({ ok: false, data: null, error, warnings: [] });
  if (value === null || value === undefined) {
    return failed(
      `show() was given ${value}: pass the envelope that finance() returned, e.g. show(await finance(...))`,
    );
  }
  if (typeof (value as { then?: unknown }).then === "function") {
    return failed(
      "show() was given a Promise: the finance() call was not awaited; write show(await finance(...))",
    );
  }
  const v = value as Record<string, unknown>;
  if (typeof value === "object" && typeof v.ok === "boolean" && "data" in v) {
    const warnings = Array.isArray(v.warnings) ? v.warnings.map(String) : [];
    if (v.ok) return { ok: true, data: v.data, error: null, warnings };
    const error = typeof v.error === "string" && v.error ? v.error : "the envelope names no error";
    return { ok: false, data: null, error, warnings };
  }
  return {
    ok: true,
    data: value,
    error: null,
    warnings: [
      "show() was given a value that is not an envelope ({ok, data, error, warnings}); it is " +
      "shown as data, without the warnings its call returned: pass the whole result of finance()",
    ],
  };
}

/** Shows an envelope's JSON (same as `show(envelope, { json: true })`). */
export function showJson(envelope: Envelope): Displayable {
  return show(envelope, { json: true });
}

/** Displays Markdown written in a code cell (e.g. a sentence with numbers and their citations). */
export function markdown(text: string): Displayable {
  const t = typeof text === "string" ? text : String(text ?? "");
  return displayable({ "text/markdown": t, "text/plain": t });
}

/**
 * Escapes text (an error message, a title, a file name) for use inside Markdown: `<dir>` stays
 * visible instead of being read as an HTML tag, and `*`, `_`, `` ` ``, `[`, `]` stay literal.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/([\\`*_[\]#|])/g, "\\$1");
}

/**
 * Displays an SVG chart as inline SVG and as a PNG copy (for exported HTML and viewers that
 * drop SVG), with its caption as the plain-text fallback. The chart helpers are async, so the
 * promise of one is accepted too (`figure(statementChart(...))`); anything that is not SVG text
 * is shown as a sentence saying what to pass, not as a broken image.
 */
export async function figure(
  svg: string | Promise<string>,
  caption = "chart",
): Promise<Displayable> {
  let text: unknown;
  try {
    text = await svg;
  } catch (err) {
    const why = plainErrorText(err, "figure()");
    return displayable({ "text/plain": `${caption}: the chart could not be drawn (${why})` });
  }
  if (typeof text !== "string" || !/<svg[\s>]/i.test(text)) {
    const got = typeof text === "string"
      ? `text that is not SVG (${JSON.stringify(text.slice(0, 40))})`
      : text === null || text === undefined
      ? String(text)
      : `a value of type ${typeof text}`;
    return displayable({
      "text/plain": `${caption}: figure() needs a chart's SVG text (from statementChart, ` +
        `movesChart, frameChart, ...), not ${got}`,
    });
  }
  const bundle: MimeBundle = { "image/svg+xml": text, "text/plain": caption };
  try {
    bundle["image/png"] = toBase64(await svgToPng(text, 2));
  } catch (err) {
    bundle["text/plain"] = `${caption} (no PNG copy: ${plainErrorText(err, "figure() PNG copy")})`;
  }
  return displayable(bundle);
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/** The view for a shown envelope: the command's, else by title, else by the data's shape. */
function viewOf(env: Envelope, options: ShowOptions): { view?: ViewName; named: boolean } {
  const name = options.command ?? options.title?.split(/\s/)[0];
  const def = name ? loadedCommand(name) : undefined;
  // a known command's own choice stands (generic included); an unknown one is guessed by shape
  const view = def ? def.view : viewByShape(env.data);
  return { view, named: view !== undefined };
}

/**
 * Collects the citations of a payload: every object (to a small depth) that names a source,
 * reduced to its citation fields and deduplicated. Nested rows inherit nothing on purpose: a
 * row cites only what it states itself.
 */
export function citations(data: unknown, limit = 200): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  const visit = (value: unknown, depth: number) => {
    if (out.length >= limit || depth > 4 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 500)) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const cite = pickCitation(record);
    if (cite) {
      const key = JSON.stringify(cite);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(cite);
      }
    }
    for (const item of Object.values(record)) visit(item, depth + 1);
  };
  visit(data, 0);
  return out;
}

function pickCitation(record: Record<string, unknown>): Citation | null {
  if (!ANCHORS.some((k) => isCitable(record[k]))) return null;
  const cite: Citation = {};
  for (const k of CITATION_FIELDS) {
    const v = urlList(record[k]) ?? record[k];
    if (isCitable(v)) cite[k] = v as string | number;
  }
  return cite;
}

/** A list of URLs as one citation field (space-separated, each whole), else undefined. */
function urlList(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined;
  const urls = v.filter((x): x is string => typeof x === "string" && /^https?:\/\//.test(x));
  return urls.length ? urls.join(" ") : undefined;
}

function isCitable(v: unknown): boolean {
  return (typeof v === "string" && v.trim() !== "") || (typeof v === "number" && isFinite(v));
}

/** How a citation field reads in prose. */
const LABELS: Record<string, string> = {
  accession_no: "accession",
  accession: "accession",
  filing_url: "document",
  filing_date: "filed",
  filed_at: "filed",
  period_of_report: "period",
  published_at: "published",
  first_seen_at: "first seen (GDELT)",
  retrieved_at: "retrieved",
  source_urls: "read from",
  as_of: "as of",
  match_id: "match",
  report_name: "report",
  request_url: "request",
  start_date: "from",
  end_date: "to",
};

/**
 * One-line citation for the text next to a number, e.g.
 * `[filings_lib · accession 0000320193-24-000123 · filed 2024-11-01]`. Takes a record (a row
 * or the payload) and uses whichever citation fields it has; `extra` adds or overrides fields.
 * A value already printed (a URL given as both source and url) is not repeated.
 */
export function cite(record: unknown, extra: Record<string, unknown> = {}): string {
  // an envelope cites its data; a failed one has nothing to cite
  const env = record as Record<string, unknown> | null;
  if (
    env && typeof env === "object" && typeof env.ok === "boolean" && "data" in env &&
    "error" in env
  ) {
    if (!env.ok) return "[no citation: the call failed]";
    record = env.data;
  }
  const merged = { ...(record && typeof record === "object" ? record : {}), ...extra } as Record<
    string,
    unknown
  >;
  const parts: string[] = [];
  const printed = new Set<string>();
  for (const k of CITATION_FIELDS) {
    const v = urlList(merged[k]) ?? merged[k];
    if (!isCitable(v) || printed.has(String(v)) || k === "end_char") continue;
    printed.add(String(v));
    if (k === "provider" || k === "source") parts.push(String(v));
    else if (k === "start_char" && isCitable(merged.end_char)) {
      parts.push(`chars ${v}–${merged.end_char}`);
    } else parts.push(`${LABELS[k] ?? k.replace(/_/g, " ")} ${v}`);
  }
  return parts.length ? `[${parts.join(" · ")}]` : "[no citation fields in this record]";
}

/**
 * Formats a number for prose: thousands separators, or B/M/K scale for large amounts, then the
 * unit (`fmt(1.2e9, "USD")` is `1.20B USD`; `"$"` is written before the number). A value's own
 * unit may be passed as it comes (`fmt(v.raw, v.unit)`), null included.
 */
export function fmt(n: number | null | undefined, unit: string | null = ""): string {
  if (n === null || n === undefined || !isFinite(n)) return "n/a";
  const abs = Math.abs(n);
  const scaled = abs >= 1e12
    ? `${(n / 1e12).toFixed(2)}T`
    : abs >= 1e9
    ? `${(n / 1e9).toFixed(2)}B`
    : abs >= 1e6
    ? `${(n / 1e6).toFixed(2)}M`
    : abs < 1e-4 && abs >= 1e-8
    // a small figure keeps three significant digits (four decimals printed 0.00004 as 0)
    ? n.toLocaleString("en-US", { maximumSignificantDigits: 3 })
    : n.toLocaleString("en-US", { maximumFractionDigits: abs >= 100 ? 2 : 4 });
  // float residue that rounds to zero reads 0, never -0
  const text = /^-[0.,]+$/.test(scaled) ? scaled.slice(1) : scaled;
  return unit === "$" ? `$${text}` : unit ? `${text} ${unit}` : text;
}

// ---------------------------------------------------------------- HTML rendering

const NOTE = "font-size:12px;margin:4px 0";

/** Keeps the first `max` rows of each table and items of each list, saying how many there are. */
function limitBlocks(blocks: Block[], max: number | undefined): Block[] {
  if (max === undefined) return blocks;
  return blocks.map((b): Block => {
    if (b.kind === "table" && b.rows.length > max) {
      const more = `showing ${max} of ${b.rows.length} rows`;
      return { ...b, rows: b.rows.slice(0, max), note: b.note ? `${more}; ${b.note}` : more };
    }
    if (b.kind === "matches" && b.items.length > max) {
      return {
        ...b,
        items: b.items.slice(0, max),
        caption: `${b.caption ? `${b.caption}: ` : ""}showing ${max} of ${b.items.length}`,
      };
    }
    return b;
  });
}

function citationsHtml(list: Citation[], maxRows: number): string {
  if (!list.length) {
    return `<div style="color:#8a4b00;${NOTE}"><b>Citations:</b> this result names no provider, source, URL or accession.</div>`;
  }
  const shown = list.slice(0, maxRows).map((c) => `<li>${linkify(cite(c))}</li>`).join("");
  const more = list.length > maxRows
    ? `<div style="${NOTE}">… ${list.length} citations in all</div>`
    : "";
  return `<div style="${NOTE}"><b>Citations</b> (${list.length})<ul style="margin:2px 0">${shown}</ul>${more}</div>`;
}

function envelopeHtml(env: Envelope, options: ShowOptions): string {
  const maxRows = options.maxRows ?? 15;
  const badge = env.ok
    ? `<span style="background:#e6f4ea;color:#137333;padding:1px 6px;border-radius:3px">ok</span>`
    : `<span style="background:#fce8e6;color:#a50e0e;padding:1px 6px;border-radius:3px">failed</span>`;
  const title = options.title ? `<b>${escapeHtml(options.title)}</b> ` : "";
  const parts = [`<div style="margin-bottom:4px">${title}${badge}</div>`];
  if (!env.ok) {
    parts.push(
      `<div style="color:#a50e0e"><b>Error:</b> ${escapeHtml(env.error ?? "unknown error")}</div>`,
    );
  } else {
    const { view, named } = viewOf(env, options);
    parts.push(blocksHtml(limitBlocks(viewBlocks(env.data, view), options.maxRows)));
    // the named views carry their own citation; the generic one lists what the data names
    if (!named) parts.push(citationsHtml(citations(env.data), maxRows));
  }
  if (env.warnings.length) {
    const items = env.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("");
    parts.push(
      `<div style="color:#8a4b00;${NOTE}"><b>Warnings</b><ul style="margin:2px 0">${items}</ul></div>`,
    );
  }
  return `<div class="finance-envelope">${parts.join("")}</div>`;
}

function envelopeText(env: Envelope, options: ShowOptions): string {
  const lines = options.title ? [`${options.title}: ${env.ok ? "ok" : "failed"}`] : [];
  const { view, named } = viewOf(env, options);
  // The CLI's text rendering already prints the error and warnings.
  lines.push(render(env, "text", { view }));
  const max = options.maxRows ?? 15;
  const list = env.ok && !named ? citations(env.data) : [];
  for (const c of list.slice(0, max)) lines.push(`cite: ${cite(c)}`);
  if (list.length > max) lines.push(`… ${list.length} citations in all`);
  // the citations and title quote the data: a provider's control characters are shown, not sent
  return printable(lines.join("\n"));
}
