/**
 * Renders an envelope for a terminal or a file: json (the envelope, canonical), text (the
 * command's view, fitted to the terminal), compact (one short line per record), csv and tsv
 * (one row per record of the result's main list, nested fields flattened with dots).
 *
 * In json and compact modes everything goes to stdout. In text, csv and tsv modes a failure's
 * error goes to stderr (stdout stays empty); text prints the warnings once at the end, csv and
 * tsv print them on stderr and, when there are any, in a last `warnings` column of every row, so
 * a sheet saved to a file keeps them. Sheet numbers are positional (0.0000001, never 1e-7), NaN
 * and Infinity empty cells.
 */
import type { ViewName } from "../core/command.ts";
import type { Envelope } from "../core/envelope.ts";
import { flatten } from "./views/records_table.ts";
import { compactRows } from "./views/compact_rows.ts";
import { viewBlocks } from "./views/index.ts";
import { viewSheet } from "./views/sheets.ts";
import { citationsCell, isCitations } from "./views/valuation.ts";
import { honestColumns, isRecord, isRecordArray, plainNumber } from "./views/model.ts";
import { beforeUrl, blocksText, DEFAULT_WIDTH, wrap } from "./views/text.ts";
import { printable } from "./views/width.ts";
import { jsonText, type OutputMode } from "./output_modes.ts";

export { OUTPUT_MODES, type OutputMode } from "./output_modes.ts";

/** Options of {@link renderOutput}. */
export interface RenderOptions {
  /** The command's view (text mode). */
  view?: ViewName;
  /** Terminal width in columns (text mode); default 100. */
  width?: number;
}

/** What to print on each stream. */
export interface Rendered {
  out: string;
  err: string;
}

/** Renders an envelope in the chosen mode, split into stdout and stderr text. */
export function renderOutput(env: Envelope, mode: OutputMode, opts: RenderOptions = {}): Rendered {
  if (mode === "json") return { out: jsonText(env), err: "" };
  if (mode === "compact") return { out: render(env, "compact", opts), err: "" };
  const width = opts.width ?? DEFAULT_WIDTH;
  // text mode fits its messages to the terminal too; csv and tsv keep one line per message
  const said = (m: string) =>
    mode === "text" ? hangingLines(printable(m), width) : printable(m).replace(/\n/g, " ");
  const warnings = env.warnings.map((w) => said(`warning: ${w}`)).join("\n");
  if (!env.ok) {
    return { out: "", err: [said(`error: ${env.error}`), warnings].filter(Boolean).join("\n") };
  }
  if (mode === "text") {
    const body = blocksText(viewBlocks(env.data, opts.view), width);
    return { out: [...body, ...(warnings ? ["", warnings] : [])].join("\n"), err: "" };
  }
  const rows = honestColumns(viewSheet(env.data, opts.view) ?? sheetRecords(env.data));
  // a statement cut at max_rows says so in the sheet, as its text view does
  const cut = opts.view === "statement" && isRecord(env.data) && env.data.truncated === true
    ? [`showing the first ${rows.length} line items; the statement has more (max_rows)`]
    : [];
  return {
    out: delimited(withWarnings(rows, [...env.warnings, ...cut]), mode === "csv" ? "," : "\t"),
    err: [warnings, ...cut.map((c) => `note: ${c}`)].filter(Boolean).join("\n"),
  };
}

/**
 * The sheet's rows with the envelope's warnings in a last `warnings` column on every row (joined
 * with " | "), when there are any: a sheet saved to a file (`--output csv > out.csv`) keeps what
 * is uncertain about its figures, which stderr alone loses, and a row read or filtered alone
 * still carries it. A column of that name the result has already is extended, never replaced.
 */
function withWarnings(
  rows: Record<string, unknown>[],
  warnings: string[],
): Record<string, unknown>[] {
  if (!warnings.length) return rows;
  return rows.map((r) => {
    const own = typeof r.warnings === "string"
      ? r.warnings
      : Array.isArray(r.warnings)
      ? r.warnings.map(String).join(" | ")
      : "";
    const add = warnings.filter((w) => !own.includes(w));
    const { warnings: _own, ...rest } = r;
    return { ...rest, warnings: [own, ...add].filter(Boolean).join(" | ") };
  });
}

/**
 * A message word-wrapped to `width` (at least 40), its further lines indented two spaces under
 * the first; URLs and other long words stay whole. Its own line breaks are kept.
 */
function hangingLines(message: string, width: number): string {
  const w = Math.max(40, width);
  const [lead, ...paras] = message.split("\n");
  const [first, ...rest] = wrap(lead, w);
  const under = [rest.join(" "), ...paras].filter(Boolean).flatMap((p) => wrap(p, w - 2));
  return [first, ...under.map((l) => `  ${l}`)].join("\n");
}

/** Renders an envelope in one string (errors and warnings included), e.g. for notebooks. */
export function render(env: Envelope, mode: OutputMode, opts: RenderOptions = {}): string {
  if (mode === "compact") {
    const line = (m: string) => printable(m).replace(/\n/g, " ");
    const lines = env.ok ? compact(env.data, opts.view) : [line(`Error: ${env.error}`)];
    for (const w of env.warnings) lines.push(line(`warning: ${w}`));
    return lines.join("\n");
  }
  const r = renderOutput(env, mode, opts);
  return [r.out, r.err].filter(Boolean).join("\n");
}

// ---------------------------------------------------------------- csv and tsv

/**
 * Lists that describe a result rather than hold it: a quote's sources are not its sheet (the
 * sheet of symbol.snapshot is its figures).
 */
const META_LISTS = new Set(["sources", "notes", "warnings", "urls", "citations", "skipped"]);

/**
 * The records a sheet shows: the data itself when it is a list, else its longest list of
 * records (one level down if need be; lists of sources and notes do not count), else the data
 * as one row. A list whose records each hold one list of records (a report row's values, a
 * filing's events) is one sheet row per inner record, the outer fields repeated.
 */
export function sheetRecords(data: unknown): Record<string, unknown>[] {
  if (isRecordArray(data)) return explode(data);
  // no records (a statement whose query matched no line item): an empty sheet, not a "value" row
  if (Array.isArray(data) && !data.length) return [];
  if (!isRecord(data)) return [{ value: data }];
  const lists = (obj: Record<string, unknown>, meta: boolean) =>
    Object.entries(obj).filter(([k, v]) => META_LISTS.has(k) === meta && isRecordArray(v))
      .map(([, v]) => v as Record<string, unknown>[]);
  let found = lists(data, false);
  if (!found.length) found = Object.values(data).filter(isRecord).flatMap((o) => lists(o, false));
  // a result that is a list of sources (sources.list) is that list: nothing else in it but
  // counts and summaries
  const own = Object.entries(data).filter(([k, v]) =>
    !META_LISTS.has(k) && (v === null || typeof v !== "object") && !/^(count|total)$/.test(k)
  );
  if (!found.length && !own.length) found = lists(data, true);
  if (!found.length) return [data];
  return withCitation(data, explode(found.reduce((a, b) => (b.length > a.length ? b : a))));
}

/** Where a result's records came from, stated once at its top: each sheet row carries it. */
const CITATION_KEYS = ["provider", "source", "source_urls", "retrieved_at"];

/**
 * The rows with the result's own provider, source, source URLs and retrieval time added where a
 * row does not state its own: a sheet is read row by row, away from the result it came from.
 */
function withCitation(
  data: Record<string, unknown>,
  rows: Record<string, unknown>[],
): Record<string, unknown>[] {
  const cite: Record<string, unknown> = {};
  for (const k of CITATION_KEYS) if (data[k] !== undefined && data[k] !== null) cite[k] = data[k];
  // the document a result read, named one level down (transcripts.read's transcript.url, a
  // filing's filing_url and accession): the speakers' sheet alone named no transcript
  for (const [k, v] of Object.entries(data)) {
    if (!isRecord(v) || META_LISTS.has(k)) continue;
    for (const n of NESTED_CITATION_KEYS) {
      if (typeof v[n] === "string" && v[n] !== "") cite[`${k}.${n}`] = v[n];
    }
  }
  const cited = Object.keys(cite);
  if (!cited.length) return rows;
  return rows.map((r) => {
    const missing = cited.filter((k) => !(k in r));
    return missing.length ? { ...r, ...Object.fromEntries(missing.map((k) => [k, cite[k]])) } : r;
  });
}

/** A nested record's fields that say which document it is. */
const NESTED_CITATION_KEYS = ["url", "filing_url", "accession_no"];

/** Records with one nested list of records: one record per inner record (see sheetRecords). */
function explode(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const keys = new Set<string>();
  for (const r of rows) {
    for (const [k, v] of Object.entries(r)) {
      if (!META_LISTS.has(k) && Array.isArray(v) && v.some(isRecord)) keys.add(k);
    }
  }
  if (keys.size !== 1) return rows;
  const [key] = keys;
  return rows.flatMap((r) => {
    const inner = Array.isArray(r[key]) ? (r[key] as unknown[]).filter(isRecord) : [];
    const { [key]: _inner, ...outer } = r;
    return inner.length ? inner.map((x) => ({ ...outer, [key]: x })) : [outer];
  });
}

/** A header row and one row per record, nested fields flattened with dots. */
export function delimited(data: unknown, sep: "," | "\t"): string {
  const rows = sheetRecords(data).map((r) => sheetRow(r));
  if (!rows.length) return "";
  const keys: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
  const cell = (v: unknown) => (sep === "," ? csvCell : tsvCell)(inert(v));
  return [keys.map(cell), ...rows.map((r) => keys.map((k) => cell(r[k])))]
    .map((r) => r.join(sep)).join("\n");
}

/**
 * Flattens one record for a sheet: nested fields with dots, lists of scalars joined with "; ",
 * lists of records as `key=value key=value; …` (a cell a person reads, not JSON), citations as
 * `source (provider): fields: url url | …` (every URL whole, no comma after it).
 */
function sheetRow(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      if (isRecord(v)) walk(v, `${prefix}${k}.`);
      else if (k === "citations" && isCitations(v)) out[prefix + k] = citationsCell(v);
      else if (Array.isArray(v)) out[prefix + k] = v.map(inline).join("; ");
      else out[prefix + k] = v;
    }
  };
  walk(r, "");
  return out;
}

/** A value inside one sheet cell: scalars as they are, records as `key=value` pairs. */
function inline(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return `[${v.map(inline).join(", ")}]`;
  if (!isRecord(v)) return String(v);
  return Object.entries(v).filter(([, x]) => x !== null && x !== undefined && x !== "")
    .map(([k, x]) => `${k}=${inline(x)}`).join(" ");
}

/** A cell's text: numbers in full without noise or exponent, NaN and Infinity empty. */
function plain(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return plainNumber(v);
  return String(v);
}

/**
 * What a spreadsheet would run as a formula: a cell starting with =, +, -, @, a tab or a carriage
 * return (OWASP's CSV injection list; a provider's news title or filing text can start so).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A number written as text ("-150", "-2.5%", "-1,050.25", "-$1,050"), or a bare dash (a
 * table's nil): a spreadsheet reads it as a figure or as text, never as a formula.
 */
const NUMBER_TEXT =
  /^(?:[-+]? ?[$€£¥]? ?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?%?|[-+]+)$/i;

/**
 * A cell's text that no spreadsheet runs: text starting like a formula gets a leading `'` (the
 * prefix OWASP advises; Excel and LibreOffice show the rest as text), numbers stay numbers (a
 * negative figure is not a formula), and control characters are replaced (see printable).
 */
function inert(v: unknown): string {
  const s = plain(v);
  if (typeof v === "number" || !FORMULA_START.test(s) || NUMBER_TEXT.test(s)) {
    return printable(s);
  }
  return printable(`'${s}`);
}

function csvCell(s: string): string {
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function tsvCell(s: string): string {
  return s.replace(/[\t\r\n]+/g, " ");
}

// ---------------------------------------------------------------- compact

/**
 * One short line per record of the main list (its first 8 fields), or one line for a flat
 * result (all of it). The main list is the result's own, never its list of sources or
 * citations: a quote or a set of multiples with a sources list is one record, printed whole,
 * and its sources follow it a line each. The head line of a listed result holds its first six
 * fields plus what says where it came from and in what unit (provider, source, URL, accession,
 * currency, unit, scale), so a line read alone still cites and scales its figures.
 */
function compact(data: unknown, view?: ViewName): string[] {
  if (data === null || typeof data !== "object") return [compactValue(data)];
  if (Array.isArray(data)) return data.filter(isRecord).map((r) => fieldsLine(r, 8));
  const obj = data as Record<string, unknown>;
  const lists = Object.keys(obj).filter((k) => isRecordArray(obj[k]));
  // the longest of its own lists, as a sheet has it: a history's line items, not its periods
  const listKey = lists.filter((k) => !META_LISTS.has(k)).reduce<string | undefined>(
    (a, k) => (a && (obj[a] as unknown[]).length >= (obj[k] as unknown[]).length ? a : k),
    undefined,
  );
  if (!listKey) {
    // one record: every field of it, then its sources or citations a line each
    const own = Object.fromEntries(Object.entries(obj).filter(([k]) => !lists.includes(k)));
    const meta = lists.flatMap((k) => obj[k] as Record<string, unknown>[]);
    return [fieldsLine(own, Infinity), ...meta.map((r) => fieldsLine(r, Infinity))];
  }
  // a result's headline figures (a backtest's metrics) are on its head line, all of them
  const figures = Object.fromEntries(
    Object.entries(obj).filter(([k, v]) => HEADLINE.has(k) && isRecord(v))
      .flatMap(([k, v]) => Object.entries(flatten(v as Record<string, unknown>, `${k}.`))),
  );
  const own = Object.fromEntries(Object.entries(obj).filter(([, v]) => !isObject(v)));
  // a nested record naming the document (filing.accession_no) counts as the result's own
  const named = Object.fromEntries(
    Object.entries(obj).filter(([, v]) => isRecord(v)).flatMap(([k, v]) =>
      Object.entries(v as Record<string, unknown>).filter(([, x]) => !isObject(x))
        .map(([n, x]) => [`${k}.${n}`, x])
    ),
  );
  const head = fieldsLine({ ...own, ...figures }, 6 + Object.keys(figures).length, named);
  const lines = head ? [head] : [];
  // a table of periods (a history, a statement, a concept's facts): a line per row as its view
  // has it, every period's value and the unit, none clipped at eight fields
  const rows = compactRows(data, view);
  if (rows) return [...lines, ...rows.map((r) => fieldsLine(r, Infinity))];
  for (const r of obj[listKey] as Record<string, unknown>[]) lines.push(fieldsLine(r, 8));
  return lines;
}

const isObject = (v: unknown) => v !== null && typeof v === "object";

/** Nested records that hold a result's headline figures, printed whole on its head line. */
const HEADLINE = new Set(["metrics", "summary", "totals"]);

/** Fields a compact line keeps past its limit: where a figure came from and its unit. */
const KEPT =
  /(^|\.|_)(provider|source|url|urls|source_urls|filing_url|accession_no|accession|retrieved_at|currency|unit|units|scale)$/;

/**
 * `key=value` pairs of a record (nested fields with dots), empty ones left out: the first
 * `max`, then any later (or `extra`) field that cites or scales them.
 */
function fieldsLine(
  r: Record<string, unknown>,
  max: number,
  extra: Record<string, unknown> = {},
): string {
  const shown = (e: [string, unknown]) => e[1] !== null && e[1] !== undefined && e[1] !== "";
  const all = Object.entries(flatten(r)).filter(shown);
  const first = all.slice(0, max);
  // a later unit or source of a nested group shown (a statement's first period) comes along;
  // those of groups left out (its other periods) would scale nothing on the line
  const groups = new Set(first.map(([k]) => k.slice(0, Math.max(0, k.lastIndexOf(".")))));
  const kept = [
    ...first,
    ...all.slice(max).filter(([k]) =>
      KEPT.test(k) && groups.has(k.slice(0, Math.max(0, k.lastIndexOf("."))))
    ),
    ...Object.entries(flatten(extra)).filter(shown).filter(([k]) => KEPT.test(k)),
  ];
  return kept.map(([k, v]) => `${printable(k)}=${clipCell(compactValue(v))}`).join(" ");
}

/** A value as compact prints it: raw strings (ISO dates stay ISO), numbers without separators. */
function compactValue(v: unknown): string {
  // eight significant digits, never an exponent; NaN or Infinity is no figure
  if (typeof v === "number") return Number.isFinite(v) ? plainNumber(v, 8) : "—";
  // a record is one line: a transcript's or a page's line breaks are spaces here
  return printable(String(v)).replace(/\s*\n\s*/g, " ");
}

/** A URL or file path: a citation, printed whole in every mode. */
const CITED = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/|\.{1,2}[\\/]|~\/|[A-Za-z]:[\\/])/i;

/** One word naming something (an XBRL concept, an accession, a tag): cut, it names nothing. */
const IDENTIFIER = /^[^\s]{1,160}$/;

function clipCell(s: string): string {
  if (s.length <= 48 || IDENTIFIER.test(s) || (CITED.test(s) && !s.includes("\n"))) return s;
  // a URL inside the text (an error naming the request) is dropped whole, never cut
  return `${s.slice(0, beforeUrl(s, 47)).trimEnd()}…`;
}
