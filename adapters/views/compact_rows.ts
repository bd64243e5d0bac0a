/**
 * The records `--output compact` prints a line each for results laid out as a table with periods
 * for columns (filings.history, filings.statement) or a row per period (filings.facts): built
 * from what the view shows, so a line holds every period's value and the unit it is in. Flattened
 * as is, a line item's cells were one clipped field, and only its first period showed; a fact's
 * line held its dates and tag but no value at all.
 */
import type { ViewName } from "../../core/command.ts";
import { isRecord, num, type Rec, recs, str } from "./model.ts";

/** One record per line item or period, or null when the view has no rows of its own here. */
export function compactRows(data: unknown, view?: ViewName): Rec[] | null {
  if (!isRecord(data)) return null;
  if (view === "history") return historyRows(data);
  if (view === "statement") return statementRows(data);
  if (view === "facts") return factsRows(data);
  return null;
}

/**
 * A field name of a period label: `Q1 FY2025` → `Q1_FY2025`, `2023-01-30 to 2024-01-28` →
 * `2023-01-30..2024-01-28`.
 */
function periodKey(label: string): string {
  return label.trim().replace(/ to /g, "..").replace(/\s+/g, "_").replace(/=/g, "-");
}

/** Unique field names for periods: a repeated label gets its end date. */
function periodKeys(labels: string[], ends: (string | undefined)[]): string[] {
  const keys = labels.map(periodKey);
  return keys.map((k, i) =>
    keys.indexOf(k) !== keys.lastIndexOf(k) && ends[i] ? `${k}_${ends[i]}` : k
  );
}

/** A figure the result gives, or a dash for a period it left empty (never a silent gap). */
const figure = (v: unknown): number | string => (typeof v === "number" ? v : "—");

/**
 * filings.history: per line item its key, label and unit (a currency, `USD/shares`, `shares`:
 * figures in full, never scaled), each period's value, which periods are restated or derived,
 * and the filings cited.
 */
function historyRows(data: Rec): Rec[] | null {
  if (!Array.isArray(data.rows) || !Array.isArray(data.columns)) return null;
  const cols = recs(data.columns);
  const keys = periodKeys(cols.map((c) => str(c.label) ?? ""), cols.map((c) => str(c.end)));
  return recs(data.rows).map((r) => {
    const cells = Array.isArray(r.cells) ? r.cells : [];
    const cell = (i: number) => (isRecord(cells[i]) ? cells[i] as Rec : {});
    const which = (test: (c: Rec) => boolean) =>
      keys.filter((_, i) => test(cell(i))).join(" ") || null;
    const accessions = new Set(keys.map((_, i) => str(cell(i).accession_no)).filter(Boolean));
    return {
      item: r.key,
      label: r.label,
      unit: r.unit ?? null,
      ...Object.fromEntries(keys.map((k, i) => [k, figure(cell(i).value)])),
      restated: which((c) => c.restated === true),
      derived: which((c) => typeof c.derived === "string"),
      accession_no: [...accessions].join(" ") || null,
    };
  });
}

/**
 * filings.statement: per line its concept, label (and member), unit, and each period's value in
 * full with the sign the statement presents it with, as its sheet has them; the filing is cited
 * once on the head line.
 */
function statementRows(data: Rec): Rec[] | null {
  if (!Array.isArray(data.rows) || !Array.isArray(data.periods)) return null;
  const periods = (data.periods as unknown[]).map(String);
  const keys = periodKeys(periods, periods.map(() => undefined));
  return recs(data.rows).map((r) => {
    const values = isRecord(r.values) ? r.values : {};
    const facts = periods.map((p) => (isRecord(values[p]) ? values[p] as Rec : null));
    const signed = (f: Rec | null) => {
      const raw = num(f?.raw);
      return raw === undefined ? "—" : f?.preferred_sign === -1 ? -raw : raw;
    };
    const unit = facts.find((f) => str(f?.unit))?.unit ?? null;
    const negated = facts.some((f) => f?.preferred_sign === -1);
    return {
      concept: r.concept,
      label: r.label,
      ...(str(r.member) ? { axis: r.axis ?? null, member: r.member } : {}),
      unit,
      // a heading (abstract) has no figures: its label alone
      ...(unit === null ? {} : Object.fromEntries(keys.map((k, i) => [k, signed(facts[i])]))),
      ...(negated ? { xbrl_sign: -1 } : {}),
    };
  });
}

/**
 * filings.facts: per period its label and dates, the first and last reported values (and the
 * split-adjusted one where it differs) in the result's unit, whether restated, and the filings.
 */
function factsRows(data: Rec): Rec[] | null {
  if (!Array.isArray(data.rows)) return null;
  const unit = str(data.unit) ?? null;
  return recs(data.rows).map((r) => {
    const first = isRecord(r.first_reported) ? r.first_reported : {};
    const last = isRecord(r.last_reported) ? r.last_reported : {};
    const fp = str(r.fiscal_period);
    const period = typeof r.fiscal_year === "number"
      ? `${fp && fp !== "FY" ? `${fp}_` : ""}FY${r.fiscal_year}`
      : null;
    const split = num(r.split_adjusted);
    return {
      period,
      start: r.start ?? null,
      end: r.end,
      first_reported: figure(first.value),
      last_reported: figure(last.value),
      ...(split !== undefined && split !== num(last.value) ? { split_adjusted: split } : {}),
      unit,
      restated: r.restated === true ? true : null,
      accession_no: last.accession_no ?? null,
      form: last.form ?? null,
      ...(first.accession_no !== last.accession_no
        ? { first_accession_no: first.accession_no ?? null, first_filed: first.filed ?? null }
        : { filed: last.filed ?? null }),
    };
  });
}
