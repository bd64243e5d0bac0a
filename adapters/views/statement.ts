/**
 * Financial statements (filings.statement): line items as rows indented by level, totals set
 * apart, periods as columns, figures as the filing presents them (negatives in parentheses), the
 * unit stated once, then the citation: form, accession, filing date and the filing's full URL.
 */
import {
  accounting,
  type Block,
  type Cell,
  type Column,
  dateText,
  isRecord,
  sourceUrls,
  str,
} from "./model.ts";
import { scaledDecimals, unitDecimals } from "./digits.ts";

interface Fact {
  raw: number | null;
  reported: number | null;
  unit: string | null;
  decimals: number | null;
  preferred_sign?: number | null;
}

interface Row {
  concept: string;
  label: string;
  level: number;
  abstract: boolean;
  calculation_parent?: string | null;
  /** A line shown by member (Products, Services): a part of its concept's total, not a total. */
  member?: string | null;
  values: Record<string, Fact>;
}

const SCALES: Record<number, string> = { 3: "thousands", 6: "millions", 9: "billions" };

/** `USD` with decimals -6 → `USD millions`; `USD/shares` → `USD per share`. */
function unitName(unit: string, decimals: number | null): string {
  const scale = decimals !== null && decimals < 0 ? SCALES[-decimals] ?? `× 10^${-decimals}` : "";
  const base = unit.replace(/^(\w+)\/shares?$/i, "$1 per share");
  return scale ? `${base} ${scale}` : base;
}

/** `2023-01-30 to 2024-01-28` → `12 months to\n2024-01-28`; an instant stays a date. */
export function periodHeader(period: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(period);
  if (!m) return period;
  const days = (Date.parse(m[2]) - Date.parse(m[1])) / 86_400_000;
  const months = Math.round(days / 30.44);
  return `${months} months to\n${m[2]}`;
}

/** The statement view. */
export function statementView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.rows)) return [];
  const rows = data.rows as Row[];
  const periods = (data.periods as string[] | undefined) ?? [];
  const filing = isRecord(data.filing) ? data.filing : {};
  const totals = new Set(rows.map((r) => r.calculation_parent).filter(Boolean));

  // The unit most figures share is stated once; rows in another unit say theirs.
  const tally = new Map<string, number>();
  for (const r of rows) {
    for (const f of Object.values(r.values ?? {})) {
      if (f?.unit) {
        const u = unitName(f.unit, f.decimals);
        tally.set(u, (tally.get(u) ?? 0) + 1);
      }
    }
  }
  const main = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  const others = [...tally.keys()].filter((u) => u !== main);

  const columns: Column[] = [
    { name: "", wrap: true },
    ...periods.map((p) => ({ name: periodHeader(p), number: true })),
  ];
  const cells: Cell[][] = rows.map((r) => {
    const facts = periods.map((p) => r.values?.[p]);
    const unit = facts.find((f) => f?.unit);
    const own = unit?.unit ? unitName(unit.unit, unit.decimals) : main;
    // a member's line shares its total's concept: it is a part, drawn without the total's rules
    const total = totals.has(r.concept) && !r.abstract && !r.member && own === main;
    const labelText = own !== main && !r.label.toLowerCase().includes("per share") &&
        !r.label.toLowerCase().includes("shares")
      ? `${r.label} (${own})`
      : r.label;
    return [
      { text: labelText, indent: Math.max(0, (r.level ?? 1) - 1), total },
      ...facts.map((f): Cell => ({ text: figure(f, rowDigits(facts)), number: true, total })),
    ];
  });

  const title = [
    str(filing.company),
    str(data.role_definition)?.replace(/^\d+ - \w+ - /, "") ?? str(data.statement),
  ]
    .filter(Boolean).join(" — ");
  if (!rows.length) {
    // no line item (a query that matched none; the warning says which): no empty grid
    return [
      { kind: "title", text: title },
      { kind: "note", text: "No line items." },
      { kind: "note", text: citation(filing, data) },
    ];
  }
  const unit = [main, others.length ? `(also: ${others.join("; ")}, as labelled)` : ""]
    .filter(Boolean).join(" ");
  const blocks: Block[] = [
    { kind: "title", text: title },
    {
      kind: "note",
      text: unit ? `${unit}; negatives in parentheses` : "Negatives in parentheses",
    },
    { kind: "table", columns, rows: cells, fold: 1 },
  ];
  if (data.truncated === true) {
    blocks.push({ kind: "note", text: `showing ${rows.length} rows; more exist (max_rows)` });
  }
  blocks.push({ kind: "note", text: citation(filing, data) });
  return blocks;
}

/** The figure as the filing shows it: reported (scaled) value, with the presented sign. */
function figure(f: Fact | undefined, digits: number): string {
  if (!f || f.reported === null || f.reported === undefined) return "";
  const shown = f.reported * (f.preferred_sign === -1 ? -1 : 1);
  return accounting(shown, digits);
}

/**
 * One precision for a row's figures: none when the filing scales them (decimals -6 is a table
 * in millions); else its unit's (see digits.ts: a per-share figure 2 to 4, a ratio as many as it
 * carries, up to 6), and never fewer than the decimals the filing states it to. A fact with no
 * stated decimals (INF, exact) printed a 0.25 rate as 0 and a 1.53 per-share figure as 2.
 */
function rowDigits(facts: (Fact | undefined)[]): number {
  const shown = facts.filter((f): f is Fact => typeof f?.reported === "number");
  if (shown.some((f) => f.decimals !== null && f.decimals < 0)) return 0;
  const stated = Math.max(0, ...shown.map((f) => f.decimals ?? 0));
  const unit = shown.find((f) => f.unit)?.unit ?? "";
  return Math.min(Math.max(stated, unitDecimals(unit, shown.map((f) => f.reported))), 10);
}

function citation(filing: Record<string, unknown>, data: Record<string, unknown>): string {
  const head = [
    `Source: SEC EDGAR ${str(filing.form) ?? "filing"}`,
    str(filing.accession_no) && `accession ${filing.accession_no}`,
    str(filing.period_of_report) && `period ${filing.period_of_report}`,
    str(filing.filing_date) && `filed ${filing.filing_date}`,
  ].filter(Boolean).join(", ");
  const lines = [head];
  if (str(filing.filing_url)) lines.push(String(filing.filing_url));
  const files = Array.isArray(data.xbrl_files) ? data.xbrl_files.filter((f) => str(f)) : [];
  if (files.length) {
    // the files sit in the filing's folder, next to the document the URL above names
    const url = str(filing.filing_url) ? String(filing.filing_url) : "";
    const folder = url.slice(0, url.lastIndexOf("/") + 1);
    lines.push(`XBRL files read${folder ? ` (in ${folder})` : ""}: ${files.join(", ")}`);
  } else if (str(data.instance_file)) lines.push(`XBRL instance ${data.instance_file}`);
  return lines.join("\n");
}

/**
 * fundamentals.statement: one row per item, the newest period first (a narrow terminal cuts the
 * oldest), money in millions of its currency and share counts in millions, per-share figures and
 * rates as given, each row's unit beside it; then the provider, its source and when it was read.
 */
export function fundamentalsView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.rows) || !Array.isArray(data.periods)) return [];
  const periods = (data.periods as string[]).slice().sort().reverse();
  const rows = data.rows as {
    field: string;
    unit: string | null;
    units?: Record<string, string | null> | null;
    values: Record<string, unknown>;
  }[];
  // a row in two currencies over its periods names each (`units`); a row whose unit could not
  // be checked (EPS Yahoo labels with the trading currency) says so
  const mixed = (r: { units?: Record<string, string | null> | null }) =>
    r.units ? [...new Set(Object.values(r.units).filter(Boolean))] : [];
  const shown = (unit: string | null, r: { units?: Record<string, string | null> | null }) =>
    unit === null
      ? mixed(r).length ? `${mixed(r).join("/")} millions (see units)` : "unknown (see warnings)"
      : /per share|^ratio$/.test(unit)
      ? unit
      : unit === "shares"
      ? "shares millions"
      : `${unit} millions`;
  // a row's per-share figures or ratios at one precision: the decimals they carry
  const figure = (v: unknown, unit: string | null, row: number[], money = false): string => {
    if (typeof v !== "number") return "—"; // the provider gave no value for that period
    if ((unit === null && !money) || (unit !== null && /per share/.test(unit))) {
      return accounting(v, unitDecimals("per share", row));
    }
    if (unit === "ratio") return accounting(v, unitDecimals("ratio", row));
    const m = v / 1e6;
    // below ten million a decimal or more keeps the figure from reading as zero
    return accounting(m, scaledDecimals(m));
  };
  const cells: Cell[][] = rows.map((r) => {
    const row = periods.map((p) => r.values?.[p]).filter((v): v is number => typeof v === "number");
    return [
      { text: r.field },
      { text: shown(r.unit, r) },
      ...periods.map((p): Cell => ({
        text: figure(r.values?.[p], r.unit, row, mixed(r).length > 0),
        number: true,
      })),
    ];
  });
  const columns: Column[] = [
    { name: "", wrap: true },
    { name: "unit" },
    ...periods.map((p) => ({ name: p, number: true })),
  ];
  const title = [
    str(data.symbol),
    `${str(data.statement) ?? ""} statement, ${str(data.period) ?? ""}`,
  ]
    .filter(Boolean).join(" — ");
  return [
    { kind: "title", text: title },
    {
      kind: "note",
      text:
        "Money and share counts in millions; negatives in parentheses. Columns are the period ends the provider gives (often a month's end: the company's own period may end a few days earlier).",
    },
    { kind: "table", columns, rows: cells, fold: 1 },
    {
      kind: "note",
      text: [
        [
          `Source: ${str(data.source) ?? "—"} (provider ${str(data.provider) ?? "—"})`,
          str(data.retrieved_at) && `retrieved ${dateText(String(data.retrieved_at))}`,
        ].filter(Boolean).join(", "),
        ...sourceUrls(data),
      ].join("\n"),
    },
  ];
}
