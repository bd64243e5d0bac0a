/**
 * Which taxonomy and currency a company reports in, and the kinds of unit its values come in.
 */
import { lineItem, type Taxonomy } from "./facts_items.ts";
import { ANNUAL_FORMS, type Concepts, type FactPeriod, type FactRow } from "./facts.ts";

/**
 * The taxonomy and currency a company reports its statements in, read from its latest annual
 * report (10-K, 20-F, 40-F) of revenue, profit or assets: the taxonomy that report uses (a
 * company that moved from US GAAP to IFRS reads as IFRS), and the currency most of that report's
 * values are in (a yen filer's convenience translation into dollars does not make it a dollar
 * filer). `other` names what else the company reported in, for a warning. Without an annual
 * report, us-gaap before ifrs-full and the currency most used.
 */
export function reportingBasis(
  taxonomies: Record<string, Concepts>,
  asOf: string | null = null,
): { taxonomy: Taxonomy; currency: string; other: string[] } | null {
  const found: { taxonomy: Taxonomy; counts: Map<string, number>; latest: FactRow | null }[] = [];
  for (const taxonomy of ["us-gaap", "ifrs-full"] as Taxonomy[]) {
    const concepts = taxonomies[taxonomy];
    if (!concepts) continue;
    const counts = new Map<string, number>();
    let latest: FactRow | null = null;
    const rowsByUnit: [string, FactRow[]][] = [];
    for (const key of ["revenue", "net_income", "total_assets"]) {
      for (const tag of lineItem(key)!.tags[taxonomy]) {
        for (const [unit, all] of Object.entries(concepts[tag]?.units ?? {})) {
          if (!/^[A-Z]{3}$/.test(unit)) continue;
          // point in time: what had been filed by then (a move to IFRS or to another currency
          // after `asOf` does not decide how the company reported before it)
          const rows = asOf ? all.filter((r) => r.filed <= asOf) : all;
          if (!rows.length) continue;
          counts.set(unit, (counts.get(unit) ?? 0) + rows.length);
          rowsByUnit.push([unit, rows]);
          for (const r of rows) {
            if (ANNUAL_FORMS.test(r.form) && (!latest || r.filed > latest.filed)) latest = r;
          }
        }
      }
    }
    if (!counts.size) continue;
    if (latest) {
      // the currency of most of the latest annual report's values
      const inLatest = new Map<string, number>();
      for (const [unit, rows] of rowsByUnit) {
        const n = rows.filter((r) => r.accn === latest!.accn).length;
        if (n) inLatest.set(unit, (inLatest.get(unit) ?? 0) + n);
      }
      found.push({ taxonomy, counts: inLatest, latest });
    } else found.push({ taxonomy, counts, latest: null });
  }
  if (!found.length) return null;
  const dated = found.filter((f) => f.latest)
    .sort((a, b) => b.latest!.filed.localeCompare(a.latest!.filed));
  const pick = dated[0] ?? found[0];
  const currency =
    [...pick.counts.entries()].sort((a, b) =>
      b[1] - a[1] || (a[0] === "USD" ? -1 : b[0] === "USD" ? 1 : a[0].localeCompare(b[0]))
    )[0][0];
  const other = found.filter((f) => f !== pick).map((f) => f.taxonomy) as string[];
  return { taxonomy: pick.taxonomy, currency, other };
}

/** A unit's kind: "money" (USD), "per_share" (USD/shares), or the unit itself (shares, pure). */
export function unitKind(unit: string): string {
  if (/^[A-Z]{3}$/.test(unit)) return "money";
  if (/^[A-Z]{3}\/shares$/.test(unit)) return "per_share";
  return unit;
}

/**
 * Units other than `want` the tags are reported in (filed by `asOf`), and how many periods they
 * have that `want` does not (a company that changed its reporting currency). `sameKind` true:
 * only units of want's kind (other currencies for an amount of money, see unitKind); false:
 * only units of another kind (a share count tagged under a money item); absent: any unit but
 * per-share ones beside others.
 */
export function otherUnits(
  tags: string[],
  concepts: Concepts | undefined,
  want: string,
  have: FactPeriod[],
  asOf: string | null,
  sameKind?: boolean,
): { units: string[]; periods: number } {
  const units = new Set<string>();
  const seen = new Set(have.map((p) => `${p.start ?? ""}|${p.end}`));
  const missing = new Set<string>();
  for (const tag of tags) {
    for (const [unit, rows] of Object.entries(concepts?.[tag]?.units ?? {})) {
      if (unit === want) continue;
      if (sameKind === undefined) {
        if (/\/shares$/.test(unit) !== /\/shares$/.test(want)) continue;
      } else if ((unitKind(unit) === unitKind(want)) !== sameKind) continue;
      for (const r of rows) {
        if (asOf && r.filed > asOf) continue;
        units.add(unit);
        const k = `${r.start ?? ""}|${r.end}`;
        if (!seen.has(k)) missing.add(k);
      }
    }
  }
  return { units: [...units], periods: missing.size };
}
