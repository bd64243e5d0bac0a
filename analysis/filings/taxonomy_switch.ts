/**
 * When a company moved its financial statements from one taxonomy to another (a foreign issuer
 * adopting IFRS after years of US GAAP on form 20-F or 40-F): read from the annual reports each
 * taxonomy's facts come from, so a warning can name the year of the move.
 */
import type { Concepts, FactRow } from "./facts.ts";
import type { Taxonomy } from "./facts_items.ts";

const ANNUAL_FORMS = /^(10-K|20-F|40-F)/;

/** One annual report, as a warning names it. */
export interface AnnualReport {
  accn: string;
  form: string;
  fy: number | null;
  filed: string;
}

/** The move from `from` to `to`: the last annual report in the old, the first in the new. */
export interface TaxonomySwitch {
  from: Taxonomy;
  to: Taxonomy;
  lastOld: AnnualReport;
  firstNew: AnnualReport;
}

// every annual report (by accession) that tags anything in the taxonomy, filed by `asOf`
function annualReports(concepts: Concepts | undefined, asOf: string | null): AnnualReport[] {
  const out = new Map<string, AnnualReport>();
  for (const concept of Object.values(concepts ?? {})) {
    for (const rows of Object.values(concept.units) as FactRow[][]) {
      for (const r of rows) {
        if (!ANNUAL_FORMS.test(r.form) || r.fp !== "FY" || (asOf && r.filed > asOf)) continue;
        if (!out.has(r.accn)) {
          out.set(r.accn, { accn: r.accn, form: r.form, fy: r.fy ?? null, filed: r.filed });
        }
      }
    }
  }
  return [...out.values()].sort((a, b) => a.filed.localeCompare(b.filed));
}

/**
 * The move to `to` from the other of us-gaap and ifrs-full: null when the company never
 * reported the other in an annual report, or when it still does beside `to` (no move, a
 * second set of tags). A move is every annual report in the old taxonomy filed before every
 * one in the new.
 */
export function taxonomySwitch(
  taxonomies: Record<string, Concepts>,
  to: Taxonomy,
  asOf: string | null = null,
): TaxonomySwitch | null {
  const from: Taxonomy = to === "us-gaap" ? "ifrs-full" : "us-gaap";
  const olds = annualReports(taxonomies[from], asOf);
  const news = annualReports(taxonomies[to], asOf);
  if (!olds.length || !news.length) return null;
  const lastOld = olds[olds.length - 1];
  const firstNew = news[0];
  if (lastOld.filed >= firstNew.filed || olds.some((o) => news.some((n) => n.accn === o.accn))) {
    return null;
  }
  return { from, to, lastOld, firstNew };
}

/** The move in words: "it moved from us-gaap to ifrs-full with its FY2022 annual report (...)". */
export function switchWords(s: TaxonomySwitch): string {
  const name = (r: AnnualReport) =>
    `${r.fy !== null ? `FY${r.fy} ` : ""}annual report (${r.form} ${r.accn}, filed ${r.filed})`;
  return `it moved from ${s.from} to ${s.to} with its ${
    name(s.firstNew)
  }, its last in ${s.from} being its ${name(s.lastOld)}`;
}
