/**
 * KPI figures read from table rows (a label, its cell, the caption's scale and currency).
 */
import { type KpiHit, type MetricDef, termsIn } from "./kpi_metrics.ts";
import { cellValue } from "./kpi_cells.ts";
import type { TableRow } from "./kpi_table.ts";
import { namesMeasure, qualifierOf } from "./kpi_words.ts";

/**
 * Hits of one table row: the metric named in the row's label (or the group heading above it,
 * as "Diluted" under "Earnings per share:"), its figure the first value column, scaled as the
 * table states. A row whose scale or current column cannot be told is left out.
 */
export function rowHits(row: TableRow, metrics: MetricDef[], base: number): KpiHit[] {
  // "% Change | Q3 2024 | Q3 2023": the first column is a change, not the period's figure
  if (!row.cell || row.periodUnclear || row.column === "change") return [];
  const read = cellValue(row.cell.text);
  if (!read) return [];
  // "Revenue | 1,234" under "(€m)" or "RMB'000": a bare figure is an amount of the caption's
  // currency, in its scale
  const cell = read.kind === "count" && row.named && row.scale
    ? { ...read, kind: "money" as const, currency: row.named }
    : read;
  const out: KpiHit[] = [];
  for (const metric of metrics) {
    if (metric.kind !== cell.kind || metric.customerCount || metric.requires) continue;
    const inLabel = termsIn(row.label, metric)[0];
    const inHeading = inLabel ? null : row.heading ? termsIn(row.heading, metric)[0] : null;
    if (!inLabel && !inHeading) continue;
    // under "Net loss per share:" only the rows of the per-share amounts ("Basic", "Diluted")
    // are per share; "Net loss" and "Revenues" beside them are not
    if (inHeading && metric.perShare && !UNDER_PER_SHARE.test(row.label)) continue;
    let number = cell.number;
    let scaleNote = "";
    // "Basic earnings per share (pence) | 45.3", "Diluted EPS (cents) | $ 45.3": the row's
    // figures are in pence or cents, never pounds or dollars
    const subunit = cell.kind !== "money"
      ? null
      : SUBUNIT_LABEL.exec(`${row.label} ${row.heading ?? ""}`) ??
        (metric.perShare ? PENCE_MARK.exec(row.label) : null);
    if (cell.kind === "money") {
      if (subunit) {
        if (cell.scaled) continue;
      } else if (metric.perShare) {
        // the table's "in millions" does not reach per-share rows
        if (cell.scaled || (row.scale && !row.perShareExempt && !/per\b/i.test(row.label))) {
          continue;
        }
      } else if (cell.scaled) {
        number *= cell.scaled;
      } else if (row.scale) {
        number *= row.scale;
        scaleNote = `, in ${
          ({ 1e3: "thousands", 1e5: "lakhs", 1e6: "millions", 1e7: "crores" } as Record<
            number,
            string
          >)[row.scale] ?? "billions"
        } as the table states`;
      } else continue;
    }
    let qualifier: string | null;
    if (inLabel) {
      // "Gross margin energy generation and storage segment": the words after name the part
      const rest = row.label.slice(inLabel.at + inLabel.term.length)
        .replace(/\(\d+\)|\([a-z]\)|\bpercentage\b|%|:/gi, "").replace(SUBUNIT_LABEL, "").replace(
          PENCE_MARK,
          "",
        ).trim()
        .replace(/^[,;\-–—\s]+/, "");
      qualifier = /^total\b/i.test(row.label)
        ? null
        : qualifierOf(row.label, inLabel.at) ?? (rest || null);
      // "Net sales" under "Americas": the part the heading names, not the company's
      if (!qualifier && !/^total\b/i.test(row.label) && row.heading && partHeading(row.heading)) {
        qualifier = row.heading;
      }
    } else {
      qualifier = /^(?:total|consolidated)\b/i.test(row.label) ? null : row.label;
    }
    // diluted is how earnings per share are stated; basic is the other measure; "Net income
    // per diluted share" names the measure, not whose it is
    if (
      metric.perShare && qualifier &&
      /^(?:diluted|(?:net\s+)?(?:income|earnings|loss))$/i.test(qualifier)
    ) qualifier = null;
    // "Net loss per share | $ 0.12": a loss printed without its sign is below zero
    let lossNote = "";
    if (metric.signed && cell.kind === "money" && number > 0 && /\bloss\b/i.test(row.label)) {
      const loss = /\bloss\b/i.test((inLabel ?? inHeading)!.term) ||
        /\bloss\s+$/i.test(row.label.slice(0, (inLabel ?? { at: 0 }).at));
      if (loss) {
        number = -number;
        lossNote = ", a loss printed without its sign, taken as negative";
      }
    }
    // "Non-GAAP | GAAP": the first column's measure is the header's
    if (
      row.columnQualifier && !qualifier?.toLowerCase().includes(row.columnQualifier.toLowerCase())
    ) {
      qualifier = qualifier ? `${row.columnQualifier} ${qualifier}` : row.columnQualifier;
    }
    const within = row.heading && (inHeading || (inLabel && qualifier === row.heading))
      ? ` under "${row.heading}"`
      : "";
    // "Total revenue | $ 4,640 | $ 5,200" under no header: which column is the period's is
    // not stated
    const unheaded = !row.headed && !row.period && row.figures > 1;
    const outlook = row.column === "outlook";
    out.push({
      metric: metric.key,
      label: metric.label,
      qualifier,
      value: {
        raw: row.cell.text,
        number,
        // "$" is the dollars the caption names (Canadian, ...); "€" and "£" are their own
        unit: cell.kind === "percent"
          ? "percent"
          : subunit
          ? subunitUnit(subunit[0], cell.currency ?? row.currency ?? null)
          : cell.currency && cell.currency !== "USD"
          ? cell.currency
          : row.currency ?? "USD",
      },
      period: row.period,
      comparison: null,
      forward_looking: outlook,
      note: `table row "${row.label}"${within}, first column${
        row.period ? ` (${row.period})` : ""
      }${scaleNote}${lossNote}${
        outlook ? ", a column of an outlook as the header says, not a result" : ""
      }${
        unheaded
          ? "; the table has no header of periods: the first of its columns is taken as the current period, check it"
          : ""
      }`,
      sentence: row.line,
      start_char: base + row.start,
      end_char: base + row.end,
      value_start_char: base + row.start + row.cell.at,
      value_end_char: base + row.start + row.cell.at + row.cell.text.length,
      matched_term: (inLabel ?? inHeading)!.term,
      confidence: unheaded ? "low" : row.period ? "high" : "medium",
    });
  }
  return out;
}

/**
 * Whether a table's group heading names a part of the company ("Americas", "Automotive
 * segment"), not a measure, the whole company or a kind of figure ("Consolidated", "GAAP
 * results", "Continuing operations").
 */
function partHeading(heading: string): boolean {
  return !namesMeasure(heading) && !/\d/.test(heading) &&
    !/\b(?:consolidated|total|company|group|combined|gaap|non-gaap|adjusted|reported|results|operations|statements?|data|summary|information|highlights|continuing|discontinued|unaudited|amounts?|dollars|millions|thousands|billions|percent|months|year|quarter|ended|metrics|key|selected|financial|performance|income|balance|cash|share|other|supplemental|revenues?|sales|net)\b/i
      .test(heading);
}

/** A row label saying its figures are pence or cents ("(pence)", "(p)", "(cents)", "in cents"). */
const SUBUNIT_LABEL =
  /\((?:in\s+)?(?:pence|cents?|¢|US\s+cents|euro\s+cents)\)|\b(?:in\s+)?(?:pence|cents)\b|¢/i;
/** "(p)" after a per-share row's label: pence (a footnote's letter elsewhere). */
const PENCE_MARK = /\(p\)/i;

/** The unit of a table row in pence or cents, of the table's currency when it names one. */
function subunitUnit(words: string, currency: string | null): string {
  if (/\b(?:p|pence)\b/i.test(words)) return "GBp";
  if (/euro/i.test(words)) return "EUR cents";
  if (/US/.test(words)) return "USD cents";
  return currency ? `${currency} cents` : "cents";
}

/** The rows of per-share amounts under a per-share heading. */
const UNDER_PER_SHARE =
  /^\s*(?:basic|diluted|basic and diluted|(?:from\s+)?continuing operations|(?:from\s+)?discontinued operations)\b[^a-z]*$/i;
