/**
 * Company facts: filings.history as a statement with periods as columns (figures scaled to one
 * stated unit, derived cells marked and explained), filings.facts as one row per period with
 * first and last reported values, filings.frames as a ranking. Each ends with its citations.
 */
import { accounting, type Block, type Cell, type Column, isRecord, num, str } from "./model.ts";
import { scaleSlip } from "../../analysis/filings/facts.ts";
import { unitKind } from "../../analysis/filings/facts_basis.ts";
import { scaledDecimals, unitDecimals } from "./digits.ts";

/**
 * The mark of a filings.facts row's last value: " s" when it is restated to a power of a
 * thousand times its first value or to its negative in a money unit (the rule the command's
 * warning states), " r" when otherwise restated, else nothing.
 */
function restatedMark(r: Record<string, unknown>, unit: string): string {
  if (!r.restated) return "";
  const first = num((r.first_reported as FReport | undefined)?.value);
  const last = num((r.last_reported as FReport | undefined)?.value);
  const slip = unitKind(unit) === "money" && first !== undefined && last !== undefined &&
    scaleSlip(first, last) !== null;
  return slip ? " s" : " r";
}

interface HCell {
  value: number | null;
  accession_no: string | null;
  url: string | null;
  restated: boolean;
  derived: string | null;
  note: string | null;
  sources: { period: string; accession_no: string | null }[] | null;
}
interface HRow {
  key: string;
  label: string;
  kind: string;
  unit: string;
  level: number;
  total: boolean;
  cells: HCell[];
}

/** The scale that keeps the largest money figure readable: millions below 10 billion too. */
function scaleFor(rows: HRow[]): { div: number; name: string } {
  let max = 0;
  for (const r of rows) {
    if (r.kind !== "flow" && r.kind !== "instant") continue;
    for (const c of r.cells) if (c.value !== null) max = Math.max(max, Math.abs(c.value));
  }
  if (max >= 1e8) return { div: 1e6, name: "millions" };
  if (max >= 1e5) return { div: 1e3, name: "thousands" };
  return { div: 1, name: "" };
}

/** filings.history. */
export function historyView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.rows) || !Array.isArray(data.columns)) return [];
  const rows = data.rows as HRow[];
  const cols = data.columns as { label: string; start?: string | null; end: string }[];
  const currency = str(data.currency) ?? "";
  const scale = scaleFor(rows);
  const marks: string[] = [];
  const mark = (text: string) => {
    let i = marks.indexOf(text);
    if (i < 0) i = marks.push(text) - 1;
    return `[${i + 1}]`;
  };
  // a balance is at a date (no start), a flow over a period to its end
  const columns: Column[] = [
    { name: "", wrap: true },
    ...cols.map((c) => ({
      name: c.label.includes(" to ")
        ? c.label.replace(" to ", "\nto ")
        : `${c.label}\n${c.start ? "to" : "at"} ${c.end}`,
      number: true,
    })),
  ];
  const cells: Cell[][] = rows.map((r, i) => {
    const money = r.kind === "flow" || r.kind === "instant";
    // the label is kept whole (wrapped, never cut), so a row's own unit stays on it
    const unitNote = rowUnitNote(r, currency);
    // a total is ruled off only under the items it sums (a deeper row just above it), never
    // above the first row or under another total
    const above = rows[i - 1];
    const total = r.total && above !== undefined && above.level > r.level;
    // a row's figures at one precision: its unit's (see digits.ts), a scaled figure its own
    const rowDigits = unitDecimals(
      r.unit || (r.kind === "per_share" ? `${currency}/shares` : "shares"),
      r.cells.map((c) => c.value),
    );
    return [
      { text: `${r.label}${unitNote}`, indent: r.level, total },
      ...r.cells.map((c): Cell => {
        if (c.value === null) return { text: c.note ? `— ${mark(c.note)}` : "", number: true };
        const v = money ? c.value / scale.div : c.value;
        const digits = money && scale.div !== 1 ? scaledDecimals(v) : rowDigits;
        let text = accounting(v, digits);
        if (c.derived) text += ` ${mark(derivation(c))}`;
        else if (c.restated) text += " r";
        return { text, number: true, total };
      }),
    ];
  });
  const blocks: Block[] = [
    {
      kind: "title",
      text: `${str(data.company) ?? ""} — ${str(data.statement)} statement, ${str(data.period)}`,
    },
    {
      kind: "note",
      text: withYearRule(
        data,
        `${currency}${
          scale.name ? ` ${scale.name}` : ""
        } unless labelled; negatives in parentheses; ` +
          `values as ${data.basis === "first_reported" ? "first" : "last"} reported` +
          (str(data.as_of) ? `, filed by ${data.as_of}` : "") +
          `; r = ${
            data.basis === "first_reported" ? "restated later" : "restated since first reported"
          } (both filings are listed below; restated_from in the data gives the other value)`,
      ),
    },
    { kind: "table", columns, rows: cells, fold: 1 },
  ];
  if (marks.length) {
    blocks.push({ kind: "note", text: marks.map((m, i) => `[${i + 1}] ${m}`).join("\n") });
  }
  const filings = new Map<string, string>();
  type Cited = {
    accession_no: string | null;
    url?: string | null;
    sources?: Cited[] | null;
    restated_from?: Cited | null;
  };
  // a restated cell cites both filings of its restatement: the one shown and the other
  const cite = (c: Cited) => {
    if (c.accession_no && c.url) filings.set(c.accession_no, c.url);
    for (const s of c.sources ?? []) cite(s);
    if (c.restated_from) cite(c.restated_from);
  };
  for (const r of rows) for (const c of r.cells) cite(c as Cited);
  const missing = Array.isArray(data.missing_items) ? data.missing_items as string[] : [];
  const lines = [
    `Source: SEC XBRL company facts ${str(data.url) ?? ""} (taxonomy ${str(data.taxonomy) ?? ""})`,
    ...[...filings.entries()].sort().map(([a, u]) => `  ${a}  ${u}`),
  ];
  if (missing.length) lines.push(`Not reported: ${missing.join(", ")}`);
  blocks.push({ kind: "note", text: lines.join("\n") });
  return blocks;
}

/**
 * The note under the title with, first, how the company names its fiscal years
 * (fiscal_year_rule): FY2023 may be the year ending 2024-02-03 for a retailer naming years by
 * the one they start in, which the column labels alone do not say.
 */
function withYearRule(data: Record<string, unknown>, note: string): string {
  const rule = str(data.fiscal_year_rule)?.trim();
  return rule ? `${yearRuleLine(rule)}\n${note}` : note;
}

/** The command's wording of the rule (analysis/filings/facts.ts `fiscalYearRule`). */
const YEAR_RULE =
  /^fiscal years end on or near (\d\d-\d\d) \(MM-DD\) and are labelled as the company labels them in its annual reports \(SEC's fy\): by (the calendar year it (?:ends|starts) in(?: (?:plus|minus) \d+)?)(?:, so (FY\d{4}) is the year ending (\d{4}-\d\d-\d\d))?$/i;

/**
 * fiscal_year_rule in one line of the view: "Fiscal years as the company names them: by the
 * calendar year it starts in (FY2023 ends 2024-02-03)". Wording it does not know is shown whole.
 */
function yearRuleLine(rule: string): string {
  const m = YEAR_RULE.exec(rule);
  if (!m) return /^fiscal years\b/i.test(rule) ? `F${rule.slice(1)}` : `Fiscal years: ${rule}`;
  const [, end, words, label, ending] = m;
  return `Fiscal years as the company names them: by ${words} (${
    label ? `${label} ends ${ending}` : `years end near ${end}, MM-DD`
  })`;
}

/**
 * What a row's label adds about its unit: nothing for money in the table's currency; the row's
 * own currency where it differs (the note's "unless labelled"), its per-share unit as the row
 * states it (EUR/shares is EUR per share, whatever the table's currency), or shares.
 */
function rowUnitNote(r: HRow, currency: string): string {
  const unit = r.unit ?? "";
  if (r.kind === "flow" || r.kind === "instant") {
    return unit && unit !== currency ? ` (${unit})` : "";
  }
  if (r.kind === "per_share") {
    return ` (${/\/shares?$/i.test(unit) ? unit.replace(/\/shares?$/i, "") : currency} per share)`;
  }
  return unit && unit !== "shares" ? ` (${unit})` : " (shares)";
}

function derivation(c: HCell): string {
  const used = (c.sources ?? []).map((s) =>
    `${s.period}${s.accession_no ? ` (${s.accession_no})` : ""}`
  );
  return `${c.derived}${used.length ? ` = ${used.join(", ")}` : ""}`;
}

interface FReport {
  value: number;
  accession_no: string;
  form: string;
  filed: string;
  url: string;
}

/** filings.facts. */
export function factsView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.rows) || !Array.isArray(data.tags)) return [];
  const unit = str(data.unit) ?? "";
  const rows = data.rows as Record<string, unknown>[];
  const columns: Column[] = [
    { name: "period" },
    { name: "start" },
    { name: "end" },
    { name: `first reported\n${unit}`, number: true },
    { name: `last reported\n${unit}`, number: true },
    // the last value's filing beside it, and the first report's date after: a terminal too
    // narrow for every column leaves out the rightmost, and the accession is the citation
    { name: "accession (last)" },
    { name: "filed (first)" },
  ];
  // per-share figures and share counts reported before a split: the last report on the latest
  // share basis beside it
  const split = rows.some((r) =>
    typeof r.split_adjusted === "number" &&
    r.split_adjusted !== (r.last_reported as FReport).value
  );
  if (split) columns.splice(5, 0, { name: `split-adjusted\n${unit}`, number: true });
  // each column at one precision, its unit's (a tax rate in `pure` is 0.318, never 0)
  const reported = (k: string) => rows.map((r) => num((r[k] as FReport | undefined)?.value));
  const digits = unitDecimals(unit, [...reported("first_reported"), ...reported("last_reported")]);
  const splitDigits = unitDecimals(unit, rows.map((r) => num(r.split_adjusted)));
  const body: Cell[][] = rows.map((r) => {
    const first = r.first_reported as FReport;
    const last = r.last_reported as FReport;
    const label = r.fiscal_year !== null
      ? `${
        r.fiscal_period && r.fiscal_period !== "FY" ? `${r.fiscal_period} ` : ""
      }FY${r.fiscal_year}`
      : "";
    const cells: Cell[] = [
      { text: label },
      { text: str(r.start) ?? "" },
      { text: String(r.end) },
      { text: accounting(first.value, digits), number: true },
      // a restated value is marked where it stands, as in filings.history; one restated to a
      // power of a thousand times its first (or its negative) as the likely slip it is
      { text: `${accounting(last.value, digits)}${restatedMark(r, unit)}`, number: true },
      { text: last.accession_no },
      { text: `${first.filed} ${first.form}` },
    ];
    if (split) {
      const v = typeof r.split_adjusted === "number" ? r.split_adjusted : null;
      // a split's division carries more decimals (0.17025 of a 6.81 reported before a 40x):
      // the column's own, one for all its cells
      cells.splice(5, 0, {
        text: v === null ? "—" : accounting(v, splitDigits),
        number: true,
      });
    }
    return cells;
  });
  return [
    {
      kind: "title",
      text: `${str(data.company) ?? ""} — ${(data.tags as string[]).join(" / ")} (${
        str(data.taxonomy)
      })`,
    },
    {
      kind: "note",
      text: withYearRule(
        data,
        `${unit}, full figures; ${num(data.count)} periods, ${num(data.restated_count)} restated` +
          (str(data.as_of) ? `; filed by ${data.as_of}` : "") +
          "; r = restated since first reported" +
          (body.some((c) => c[4]?.text.endsWith(" s"))
            ? "; s = restated to a power of a thousand times its first value or to its negative: " +
              "more likely a tagging slip in one filing than a restatement (see the warning)"
            : ""),
      ),
    },
    { kind: "table", columns, rows: body },
    {
      kind: "note",
      text: [`Source: SEC XBRL company facts ${str(data.url) ?? ""}`, ...factsFilings(rows)]
        .join("\n"),
    },
  ];
}

/**
 * Each filing the rows cite, once, oldest first: accession, form, filing date and the full URL of
 * its index. The table has room for an accession only, so a reader finds the filing here rather
 * than from a URL pattern to fill in by hand.
 */
function factsFilings(rows: Record<string, unknown>[]): string[] {
  const seen = new Map<string, FReport>();
  for (const r of rows) {
    for (const f of [r.first_reported, r.last_reported] as FReport[]) {
      if (isRecord(f) && f.accession_no && !seen.has(f.accession_no)) seen.set(f.accession_no, f);
    }
  }
  return [...seen.values()]
    .sort((a, b) => a.accession_no.localeCompare(b.accession_no))
    .map((f) => `  ${f.accession_no}  ${f.form} filed ${f.filed}  ${f.url}`);
}

/** filings.frames. */
export function framesView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.rows) || !Array.isArray(data.urls)) return [];
  const unit = str(data.unit) ?? "";
  const digits = unitDecimals(
    unit,
    (data.rows as Record<string, unknown>[]).map((r) => num(r.value)),
  );
  const columns: Column[] = [
    { name: "#", number: true },
    { name: "company" },
    { name: `value\n${unit}`, number: true },
    { name: "period" },
    { name: "accession" },
    { name: "filing" },
  ];
  const rows: Cell[][] = (data.rows as Record<string, unknown>[]).map((r) => [
    { text: String(r.rank), number: true },
    { text: String(r.company) },
    {
      text: typeof r.value === "number" ? accounting(r.value, digits) : "—",
      number: true,
    },
    { text: r.start ? `${r.start} to ${r.end}` : `at ${r.end}` },
    { text: String(r.accession_no) },
    { text: String(r.url), href: String(r.url) },
  ]);
  return [
    {
      kind: "title",
      text: `${(data.tags as string[]).join(" / ")} — ${str(data.period)} (${
        num(data.companies)
      } filers)`,
    },
    { kind: "table", columns, rows },
    { kind: "note", text: `Source: SEC XBRL frames\n${(data.urls as string[]).join("\n")}` },
  ];
}
