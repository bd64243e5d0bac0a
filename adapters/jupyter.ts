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
import type { Envelope } from "../core/envelope.ts";
import { render } from "./render.ts";

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
  /** Show the envelope as JSON instead of the summary. */
  json?: boolean;
  /** Rows shown per table (default 15); the rest are counted, not shown. */
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
  "retrieved_at",
];
const CITATION_FIELDS = [...ANCHORS, ...DETAILS];

/** Wraps a MIME bundle so the kernel displays it. */
export function displayable(bundle: MimeBundle): Displayable {
  return { [JUPYTER_DISPLAY]: () => bundle };
}

/** Returns a displayable view of an envelope: summary with citations, or JSON when asked. */
export function show(envelope: Envelope, options: ShowOptions = {}): Displayable {
  if (options.json) {
    const text = JSON.stringify(envelope, null, 2);
    return displayable({ "application/json": envelope, "text/plain": text });
  }
  return displayable({
    "text/html": envelopeHtml(envelope, options),
    "text/plain": envelopeText(envelope, options),
    [ENVELOPE_MIME]: envelope,
  });
}

/** Shows an envelope's JSON (same as `show(envelope, { json: true })`). */
export function showJson(envelope: Envelope): Displayable {
  return show(envelope, { json: true });
}

/** Displays Markdown written in a code cell (e.g. a sentence with numbers and their citations). */
export function markdown(text: string): Displayable {
  return displayable({ "text/markdown": text, "text/plain": text });
}

/** Displays SVG chart text, with its caption as the plain-text fallback. */
export function figure(svg: string, caption = "chart"): Displayable {
  return displayable({ "image/svg+xml": svg, "text/plain": caption });
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
    const v = record[k];
    if (isCitable(v)) cite[k] = v as string | number;
  }
  return cite;
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
  retrieved_at: "retrieved",
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
  const merged = { ...(record && typeof record === "object" ? record : {}), ...extra } as Record<
    string,
    unknown
  >;
  const parts: string[] = [];
  const printed = new Set<string>();
  for (const k of CITATION_FIELDS) {
    const v = merged[k];
    if (!isCitable(v) || printed.has(String(v)) || k === "end_char") continue;
    printed.add(String(v));
    if (k === "provider" || k === "source") parts.push(String(v));
    else if (k === "start_char" && isCitable(merged.end_char)) {
      parts.push(`chars ${v}–${merged.end_char}`);
    } else parts.push(`${LABELS[k] ?? k.replace(/_/g, " ")} ${v}`);
  }
  return parts.length ? `[${parts.join(" · ")}]` : "[no citation fields in this record]";
}

/** Which recordings a notebook replays, and why. */
export interface Recordings {
  /** Cassette folders for `finance(..., { replay })`. */
  replay: string[];
  /** "shared" (the real recordings beside the project), "project" (tests/fixtures) or "none". */
  kind: "shared" | "project" | "none";
  /** A sentence for the reader saying what was chosen. */
  note: string;
}

const ROOT = new URL("..", import.meta.url);

function isDir(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * Picks the cassettes a notebook replays: the real recordings in `../shared/fixtures/cassettes/`
 * beside the project when they exist, else the project's own small cassettes under
 * `tests/fixtures/` (each a folder holding `index.json`). Never throws. Set
 * `FINANCE_NOTEBOOK_SHARED=off` to ignore `../shared` (to try the fresh-clone path).
 */
export function recordings(shared: string[], project: string[] = []): Recordings {
  const root = decodeURIComponent(ROOT.pathname);
  const sharedDirs = shared.map((n) => `${root}../shared/fixtures/cassettes/${n}`);
  // FINANCE_NOTEBOOK_SHARED=off runs a notebook as a fresh clone would (no ../shared).
  const useShared = Deno.env.get("FINANCE_NOTEBOOK_SHARED")?.toLowerCase() !== "off";
  if (useShared && sharedDirs.length && sharedDirs.every((d) => isDir(d))) {
    return {
      replay: sharedDirs,
      kind: "shared",
      note: `Replaying the real recordings in ../shared/fixtures/cassettes (${shared.join(", ")}).`,
    };
  }
  const found: string[] = [];
  for (const rel of project) {
    const dir = `${root}tests/fixtures/${rel}`;
    if (isDir(dir)) {
      // A fixture area may hold one cassette or several sub-folders with one each.
      if (isFile(`${dir}/index.json`)) found.push(dir);
      for (const e of safeReadDir(dir)) {
        if (e.isDirectory && isFile(`${dir}/${e.name}/index.json`)) found.push(`${dir}/${e.name}`);
      }
    }
  }
  const missing = "The real recordings (../shared/fixtures/cassettes) are missing";
  if (found.length) {
    return {
      replay: found,
      kind: "project",
      note: `${missing}; replaying the project's own small cassettes: ${
        found.map((d) => d.slice(root.length)).join(", ")
      }. Steps these do not cover show the replay error instead of data.`,
    };
  }
  // An empty cassette keeps replay on (no network) while commands that need no provider still run.
  const empty = Deno.makeTempDirSync({ prefix: "finance-empty-cassette-" });
  Deno.writeTextFileSync(
    `${empty}/index.json`,
    JSON.stringify({ version: 1, description: "empty: no recordings", entries: [] }),
  );
  return {
    replay: [empty],
    kind: "none",
    note: `${missing} and the project has no cassettes for ${
      project.join(", ") || "this notebook"
    }; every provider call will report that no recording exists (no network is used).`,
  };
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function safeReadDir(dir: string): Deno.DirEntry[] {
  try {
    return [...Deno.readDirSync(dir)];
  } catch {
    return [];
  }
}

/** Formats a number for prose: thousands separators, or B/M/K scale for large amounts. */
export function fmt(n: number | null | undefined, unit = ""): string {
  if (n === null || n === undefined || !isFinite(n)) return "n/a";
  const abs = Math.abs(n);
  const scaled = abs >= 1e12
    ? `${(n / 1e12).toFixed(2)}T`
    : abs >= 1e9
    ? `${(n / 1e9).toFixed(2)}B`
    : abs >= 1e6
    ? `${(n / 1e6).toFixed(2)}M`
    : n.toLocaleString("en-US", { maximumFractionDigits: abs >= 100 ? 2 : 4 });
  return unit === "$" ? `$${scaled}` : unit ? `${scaled} ${unit}` : scaled;
}

// ---------------------------------------------------------------- HTML rendering

const STYLE = "border-collapse:collapse;font-size:12px;margin:4px 0 10px 0";
const CELL = "border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top";

function esc(value: unknown): string {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function cellHtml(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return esc(formatCell(value));
  if (typeof value === "string") {
    if (/^https?:\/\//.test(value)) {
      return `<a href="${esc(value)}" target="_blank" rel="noopener">${esc(clip(value, 90))}</a>`;
    }
    return esc(clip(value, 240));
  }
  if (typeof value === "boolean") return String(value);
  return `<code>${esc(clip(JSON.stringify(value), 160))}</code>`;
}

function formatCell(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  return n.toLocaleString("en-US", { maximumFractionDigits: Math.abs(n) >= 100 ? 2 : 4 });
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function isRecordArray(v: unknown): v is Record<string, unknown>[] {
  return Array.isArray(v) && v.length > 0 &&
    v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x));
}

function columnsOf(rows: Record<string, unknown>[], max = 10): string[] {
  const cols: string[] = [];
  for (const r of rows.slice(0, 50)) {
    for (const [k, v] of Object.entries(r)) {
      if (!cols.includes(k) && (v === null || typeof v !== "object")) cols.push(k);
    }
  }
  return cols.slice(0, max);
}

function tableHtml(rows: Record<string, unknown>[], maxRows: number): string {
  const cols = columnsOf(rows);
  if (!cols.length) return `<div>${rows.length} nested records (see JSON)</div>`;
  const head = cols.map((c) => `<th style="${CELL}">${esc(c)}</th>`).join("");
  const body = rows.slice(0, maxRows).map((r) =>
    `<tr>${cols.map((c) => `<td style="${CELL}">${cellHtml(r[c])}</td>`).join("")}</tr>`
  ).join("");
  const more = rows.length > maxRows
    ? `<div style="font-size:11px;color:#555">showing ${maxRows} of ${rows.length} rows</div>`
    : "";
  return `<table style="${STYLE}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${more}`;
}

function objectHtml(data: Record<string, unknown>, maxRows: number, depth = 0): string {
  const scalars: string[] = [];
  const blocks: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (isRecordArray(v)) {
      blocks.push(`<div><b>${esc(k)}</b> (${v.length})</div>${tableHtml(v, maxRows)}`);
    } else if (v && typeof v === "object" && !Array.isArray(v) && depth < 1) {
      blocks.push(`<div><b>${esc(k)}</b></div>${objectHtml(v as never, maxRows, depth + 1)}`);
    } else if (Array.isArray(v)) {
      const text = v.length ? v.map((x) => cellHtml(x)).join(", ") : "(none)";
      scalars.push(`<tr><th style="${CELL}">${esc(k)}</th><td style="${CELL}">${text}</td></tr>`);
    } else {
      scalars.push(
        `<tr><th style="${CELL}">${esc(k)}</th><td style="${CELL}">${cellHtml(v)}</td></tr>`,
      );
    }
  }
  const kv = scalars.length ? `<table style="${STYLE}">${scalars.join("")}</table>` : "";
  return kv + blocks.join("");
}

function citationsHtml(list: Citation[], maxRows: number): string {
  if (!list.length) {
    return `<div style="color:#8a4b00"><b>Citations:</b> this result names no provider, source, URL or accession.</div>`;
  }
  return `<div><b>Citations</b> (${list.length})</div>${tableHtml(list, maxRows)}`;
}

function envelopeHtml(env: Envelope, options: ShowOptions): string {
  const maxRows = options.maxRows ?? 15;
  const badge = env.ok
    ? `<span style="background:#e6f4ea;color:#137333;padding:1px 6px;border-radius:3px">ok</span>`
    : `<span style="background:#fce8e6;color:#a50e0e;padding:1px 6px;border-radius:3px">failed</span>`;
  const title = options.title ? `<b>${esc(options.title)}</b> ` : "";
  const parts = [`<div style="margin-bottom:4px">${title}${badge}</div>`];
  if (!env.ok) {
    parts.push(
      `<div style="color:#a50e0e"><b>Error:</b> ${esc(env.error ?? "unknown error")}</div>`,
    );
  } else if (env.data && typeof env.data === "object") {
    parts.push(
      Array.isArray(env.data)
        ? tableHtml(env.data as never, maxRows)
        : objectHtml(env.data as never, maxRows),
    );
    parts.push(citationsHtml(citations(env.data), maxRows));
  } else {
    parts.push(`<div>${cellHtml(env.data)}</div>`);
  }
  if (env.warnings.length) {
    const items = env.warnings.map((w) => `<li>${esc(w)}</li>`).join("");
    parts.push(`<div style="color:#8a4b00"><b>Warnings</b><ul>${items}</ul></div>`);
  }
  return `<div class="finance-envelope">${parts.join("")}</div>`;
}

function envelopeText(env: Envelope, options: ShowOptions): string {
  const lines = options.title ? [`${options.title}: ${env.ok ? "ok" : "failed"}`] : [];
  // The CLI's text rendering already prints the error and warnings.
  lines.push(render(env, "text"));
  const max = options.maxRows ?? 15;
  const list = env.ok ? citations(env.data) : [];
  for (const c of list.slice(0, max)) lines.push(`cite: ${cite(c)}`);
  if (list.length > max) lines.push(`… ${list.length} citations in all`);
  return lines.join("\n");
}
