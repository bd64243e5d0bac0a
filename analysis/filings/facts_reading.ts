/**
 * What filings.facts reads for one concept from a company's facts, beside its periods: the tag,
 * unit and taxonomy a concept name stands for, values on the latest share basis after splits,
 * quarters reported only within longer periods, scale slips, amendments left out by `form`, the
 * fiscal labels of cover-page values, and labels that clash.
 */
import { InputError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import { FACT_TAXONOMIES, friendlyNames } from "./facts_items.ts";
import type { CompanyFacts } from "../../providers/filings_a/facts.ts";
import type { FactPeriod, FactRow, FilingIndex, PeriodOptions } from "./facts.ts";

/**
 * For a concept in shares or per share, when the company's facts show share splits: each period's
 * last report on the latest share basis and whether it was restated beyond the split, with a
 * warning saying which periods are on an older basis. Null for other concepts.
 */
export async function splitReading(
  facts: CompanyFacts,
  tags: string[],
  unit: string,
  asOf: string | null,
  periods: FactPeriod[],
  warn: (m: string) => void,
) {
  const { describeSplits, onBasis, restatedOnBasis, shareBasis, shareUnit, SPLIT_TAGS } =
    await import("../../analysis/filings/splits.ts");
  const kind = shareUnit(unit);
  if (!kind) return null;
  const basis = shareBasis(facts.taxonomies, asOf);
  const perShare = kind === "per_share";
  const older = periods.filter((p) => basis.factor(p.last.accession_no) !== 1);
  if (!older.length) return null;
  const splits = describeSplits(basis);
  if (!tags.every((t) => SPLIT_TAGS.has(t))) {
    warn(
      `${tags.join(", ")} is in ${unit}, and the company's filings show share splits${
        splits ? ` (${splits})` : ""
      }: ${older.length} period(s) were last reported before one, on an older share basis; whether this concept follows a split is not known here, so split_adjusted is left empty`,
    );
    return null;
  }
  const unknown = older.filter((p) => basis.factor(p.last.accession_no) === null).length;
  if (unknown < older.length) {
    warn(
      `${
        older.length - unknown
      } period(s) were last reported before a share split, on that filing's share basis (${splits}); split_adjusted gives each period's last reported value on the latest filing's basis, and restated compares reports on one basis`,
    );
  }
  if (unknown) {
    warn(
      `${unknown} period(s) are on a share basis that cannot be told (a split the company facts show could not be placed between filings): their split_adjusted is empty`,
    );
  }
  return {
    adjusted(p: FactPeriod): number | null {
      const f = basis.factor(p.last.accession_no);
      return f === null ? null : onBasis(p.last.value, f, perShare);
    },
    restated(p: FactPeriod): boolean {
      return p.restated && (restatedOnBasis(p.first, p.last, perShare, basis) ?? true);
    },
  };
}

/**
 * Quarters period=quarterly cannot list because the company reports them only within a longer
 * period: a second or third quarter only year to date (a cash-flow statement's usual way), a
 * fourth only as part of the year. Said with counts and the latest of each, so that the
 * quarters listed are not taken for the whole series; null when every such period has its
 * quarter.
 */
export function unreportedQuarters(
  all: FactPeriod[],
  kept: FactPeriod[],
  perShare: boolean,
): string | null {
  // days within three of a listed quarter's end (one fiscal period dated a few days off)
  const day = (d: string) => Math.round(Date.parse(d) / 86_400_000);
  const ends = new Set<number>();
  for (const p of kept) {
    if (p.kind === "quarter") { for (let k = -3; k <= 3; k++) ends.add(day(p.end) + k); }
  }
  const near = (end: string) => ends.has(day(end));
  const ytd = all.filter((p) => (p.kind === "half" || p.kind === "nine_months") && !near(p.end));
  const years = all.filter((p) => p.kind === "annual" && !near(p.end));
  if (!ytd.length && !years.length) return null;
  const name = (p: FactPeriod) => `${p.start}..${p.end}`;
  const parts = [
    ...(ytd.length
      ? [
        `${ytd.length} second or third quarter(s) only year to date (the latest: ${
          name(ytd[ytd.length - 1])
        }, ${ytd[ytd.length - 1].kind === "half" ? "six" : "nine"} months)`,
      ]
      : []),
    ...(years.length
      ? [
        `${years.length} fourth quarter(s) only within the fiscal year (the latest: ${
          name(years[years.length - 1])
        })`,
      ]
      : []),
  ];
  return `period=quarterly lists the three-month periods the company reports on their own; it reports ${
    parts.join(" and ")
  }, so those quarters are missing here, not zero: ${
    perShare
      ? "per-share figures and share counts do not subtract, so no quarter can be derived from them (read the quarter's net income and shares)"
      : "filings.history period=quarterly derives them (Q2 YTD - Q1, FY - Q1 - Q2 - Q3) with their sources"
  }, and period=all lists the longer periods`;
}

/**
 * Amounts of money whose last report is a power of a thousand times the first, or its negative
 * (see scaleSlip): one filing's tagging slip far more likely than a restatement. Said with the latest such period's two reports; null when none.
 */
export async function scaleSlips(
  rows: {
    start: string | null;
    end: string;
    restated: boolean;
    first_reported: { value: number; accession_no: string; form: string; filed: string };
    last_reported: { value: number; accession_no: string; form: string; filed: string };
  }[],
  unit: string,
): Promise<string | null> {
  const { scaleSlip, slipWords } = await import("../../analysis/filings/facts.ts");
  const { unitKind } = await import("../../analysis/filings/facts_basis.ts");
  // amounts of money and share counts (NVIDIA's 546,639 thousand diluted shares tagged as 546,639)
  if (unitKind(unit) !== "money" && unit !== "shares") return null;
  const hits = rows.filter((r) =>
    r.restated && scaleSlip(r.first_reported.value, r.last_reported.value) !== null
  );
  if (!hits.length) return null;
  const r = hits[hits.length - 1];
  const f = scaleSlip(r.first_reported.value, r.last_reported.value)!;
  const [a, b] = [r.first_reported, r.last_reported];
  return `${hits.length} period(s) are restated to a power of a thousand times their first value or to its negative (the latest: ${
    r.start ? `${r.start}..` : ""
  }${r.end}, ${
    a.value.toLocaleString("en-US")
  } in ${a.accession_no} (${a.form}, filed ${a.filed}), then ${
    b.value.toLocaleString("en-US")
  } in ${b.accession_no} (${b.form}, filed ${b.filed}), ${
    slipWords(f)
  } it): more likely a tagging slip in one filing (a figure in thousands or millions tagged as units, or with the wrong sign) than a restatement; last_reported is the latest filed, not checked to be the right one: read both filings before using either`;
}

/**
 * Periods an amendment of a kept form (a 10-K/A beside form=10-K) reported later with another
 * value, when form= leaves the amendment out: the rows then show the value as the original
 * filings gave it, with restated false, though the company has since corrected it. Said, with
 * the latest such amendment; null when none.
 */
export async function amendedOutside(
  periods: FactPeriod[],
  concepts: Record<string, { units: Record<string, FactRow[]> }> | undefined,
  unit: string,
  forms: string[],
  asOf: string | null,
): Promise<string | null> {
  const { differs, samePeriod } = await import("../../analysis/filings/facts.ts");
  const left = (form: string) => {
    const f = form.toUpperCase();
    return /\/A$/.test(f) && !forms.includes(f) && forms.includes(f.slice(0, -2));
  };
  const byTag = new Map<string, FactRow[]>();
  let n = 0;
  let latest: { p: FactPeriod; r: FactRow } | null = null;
  for (const p of periods) {
    let rows = byTag.get(p.tag);
    if (!rows) {
      rows = (concepts?.[p.tag]?.units[unit] ?? [])
        .filter((r) => left(r.form) && (!asOf || r.filed <= asOf));
      byTag.set(p.tag, rows);
    }
    const hit = rows.filter((r) =>
      r.filed > p.last.filed && samePeriod(r, p) && differs(r.val, p.last.value)
    ).sort((a, b) => a.filed.localeCompare(b.filed)).pop();
    if (!hit) continue;
    n++;
    if (!latest || hit.filed > latest.r.filed) latest = { p, r: hit };
  }
  if (!latest) return null;
  const { p, r } = latest;
  const amendments = [...new Set(forms.map((f) => `${f}/A`))].filter((f) => !forms.includes(f));
  return `${n} period(s) shown as the kept forms (${
    forms.join(", ")
  }) reported them were reported later with another value by an amendment form= leaves out (the latest: ${
    r.val.toLocaleString("en-US")
  } for ${
    p.start ? `${p.start}..` : ""
  }${p.end} in ${r.accn} (${r.form}, filed ${r.filed}), against ${
    p.last.value.toLocaleString("en-US")
  } shown): those rows are not the company's corrected figures and their restated is false only within the forms kept; add ${
    amendments.join(",")
  } to form= to read the amended values`;
}

/**
 * Cover-page values (dei: a share count as of a date shortly before the filing) take the fiscal
 * label of the report whose cover gives them, when their date lies between that report's period
 * end and its filing date: a balance at that date has no fiscal period of its own, and the cover
 * of the FY2024 10-K is where the count belongs (a cover dated more than 120 days after the period,
 * as an amendment's a year on, is not). Returns how many were labelled so.
 */
export function coverLabels(
  periods: FactPeriod[],
  filings: FilingIndex,
  balanceLabel: (end: string, f: FilingIndex) => { fy: number | null; fp: string | null } | null,
): number {
  let n = 0;
  for (const p of periods) {
    if (p.kind !== "instant" || p.fiscal_period !== null) continue;
    const own = filings.byAccn.get(p.first.accession_no);
    // within a report's filing window (an amendment's cover a year on is not that period's)
    if (!own || !(own.end < p.end && p.end <= p.first.filed)) continue;
    if (Date.parse(p.end) - Date.parse(own.end) > 120 * 86_400_000) continue;
    // the report's period as the company's calendar names it (SEC's fy/fp of old filings err)
    const label = balanceLabel(own.end, filings) ?? { fy: own.fy, fp: own.fp };
    if (label.fy === null || !/^(FY|Q[1-3])$/.test(label.fp ?? "")) continue;
    p.fiscal_year = label.fy;
    p.fiscal_period = label.fp;
    n++;
  }
  return n;
}

/**
 * Rows whose fiscal label cannot be right: the same label on two different periods of one kind
 * (NVIDIA's old filings call two quarters "Q2 FY2009"), or fiscal years that go back while the
 * end dates go forward.
 */
export function labelClashes<
  R extends {
    start: string | null;
    end: string;
    period_kind: string;
    fiscal_year: number | null;
    fiscal_period: string | null;
  },
>(rows: R[]): Set<R> {
  const out = new Set<R>();
  const byLabel = new Map<string, R[]>();
  for (const r of rows) {
    if (r.fiscal_year === null) continue;
    const key = `${r.period_kind}|${r.fiscal_year}|${r.fiscal_period ?? ""}`;
    byLabel.set(key, [...byLabel.get(key) ?? [], r]);
  }
  for (const group of byLabel.values()) {
    if (new Set(group.map((r) => `${r.start}|${r.end}`)).size > 1) group.forEach((r) => out.add(r));
  }
  const kinds = new Set(rows.map((r) => r.period_kind));
  for (const kind of kinds) {
    const labelled = rows.filter((r) => r.period_kind === kind && r.fiscal_year !== null)
      .sort((a, b) => a.end.localeCompare(b.end));
    for (let i = 1; i < labelled.length; i++) {
      if (labelled[i].fiscal_year! < labelled[i - 1].fiscal_year!) {
        out.add(labelled[i]);
        out.add(labelled[i - 1]);
      }
    }
  }
  return out;
}

/** What a concept reads as: its taxonomy, tags, unit, periods and label. */
interface Reading {
  taxonomy: string;
  tags: string[];
  unit: string;
  periods: FactPeriod[];
  label: string | null;
  description: string | null;
  alias: string | null;
}

/**
 * Reads what `concept` names in a company's facts: an XBRL tag as typed, a friendly name, or a
 * tag typed in another letter case (in that order); an unknown name is an InputError with the
 * closest known one.
 */
export async function readConcept(
  facts: CompanyFacts,
  name: string,
  args: { concept: string; taxonomy?: string; unit?: string },
  filings: FilingIndex,
  opts: PeriodOptions,
  warn: (m: string) => void,
): Promise<Reading> {
  const { lineItem, LINE_ITEMS, itemUnit, mergeRules } = await import(
    "../../analysis/filings/facts_items.ts"
  );
  const { groupPeriods } = await import("../../analysis/filings/facts_periods.ts");
  const { mergedPeriods } = await import("../../analysis/filings/facts_merge.ts");
  const { otherUnits, reportingBasis, unitKind } = await import(
    "../../analysis/filings/facts_basis.ts"
  );
  const taxonomies = args.taxonomy ? [args.taxonomy] : [...FACT_TAXONOMIES];
  const lower = args.concept.toLowerCase();
  const exact = taxonomies.find((t) => facts.taxonomies[t]?.[args.concept]);
  const item = exact ? null : lineItem(args.concept);
  if (item) {
    const basis = reportingBasis(facts.taxonomies, opts.asOf ?? null) ??
      reportingBasis(facts.taxonomies);
    const taxonomy = args.taxonomy ?? basis?.taxonomy;
    if (taxonomy !== "us-gaap" && taxonomy !== "ifrs-full") {
      throw new InputError(
        `concept: "${args.concept}" is a friendly name for us-gaap and ifrs-full tags, and ${name} reports no ${
          taxonomy ?? "us-gaap or ifrs-full"
        } financial data to map it to; pass an XBRL tag`,
      );
    }
    const concepts = facts.taxonomies[taxonomy];
    const tags = item.tags[taxonomy].filter((t) => concepts?.[t]);
    if (!tags.length) {
      throw new InputError(
        item.tags[taxonomy].length
          ? `concept: ${name} tags none of ${
            item.tags[taxonomy].join(", ")
          } (what "${item.key}" maps to in ${taxonomy}); look for the company's own tag with an XBRL tag name`
          : `concept: "${item.key}" maps to no ${taxonomy} tag, and ${name} reports in ${taxonomy}; pass the company's own ${taxonomy} tag as concept= (an XBRL tag name)`,
      );
    }
    const unit = args.unit ?? itemUnit(item, basis?.currency ?? "USD");
    const periods = mergedPeriods(
      tags,
      concepts,
      unit,
      filings,
      opts,
      mergeRules(item, taxonomy, warn),
    );
    // periods reported only in another currency (a company that changed its reporting
    // currency): never mixed in, and never left out unsaid
    const other = args.unit || !/^[A-Z]{3}(\/shares)?$/.test(unit)
      ? null
      : otherUnits(tags, concepts, unit, periods, opts.asOf ?? null, true);
    const currencies = other?.units.filter((u) => /^[A-Z]{3}(\/shares)?$/.test(u)) ?? [];
    if (other && !other.periods && currencies.length) {
      // the same periods in a second currency (a foreign issuer's convenience translation of
      // its latest year into USD): one currency shown, the other said, never mixed
      warn(
        `${item.key}: some periods are also reported in ${
          currencies.join(", ")
        } (a convenience translation, or a second currency, beside ${unit}, the currency of the company's financial statements); only ${unit} is shown: values in different currencies are never mixed; pass unit=${
          currencies[0]
        } to read the others`,
      );
    }
    if (
      args.unit && basis && /^(money|per_share)$/.test(unitKind(args.unit)) &&
      !sameCurrency(args.unit, basis.currency)
    ) {
      warn(
        `unit: ${args.unit} is not the currency of the company's financial statements (${basis.currency}); values in ${args.unit} are often a convenience translation of a few figures, not the full series, and are never mixed with ${basis.currency} ones`,
      );
    }
    if (other?.periods && currencies.length) {
      warn(
        `${item.key}: ${other.periods} period(s) are reported only in ${
          currencies.join(", ")
        }, not in ${unit} (the currency of the company's financial statements), and are not shown: values in different currencies are never mixed; pass unit=${
          currencies[0]
        } to read them`,
      );
    }
    // the item under the other taxonomy (a filer that moved from US GAAP to IFRS): never
    // mixed into this series, and never left out unsaid
    if (!args.taxonomy) {
      const otherTax = taxonomy === "us-gaap" ? "ifrs-full" : "us-gaap";
      const oc = facts.taxonomies[otherTax];
      const otags = item.tags[otherTax].filter((t) => oc?.[t]);
      const seen = new Set(periods.map((p) => `${p.start ?? ""}|${p.end}`));
      const all = new Set<string>();
      const missing = new Set<string>();
      let latest = "";
      for (const t of otags) {
        for (const r of Object.values(oc[t].units).flat()) {
          if (opts.asOf && r.filed > opts.asOf) continue;
          if (opts.forms && !opts.forms.includes(r.form.toUpperCase())) continue;
          const k = `${r.start ?? ""}|${r.end}`;
          all.add(k);
          if (!seen.has(k)) missing.add(k);
          if (r.end > latest) latest = r.end;
        }
      }
      if (all.size) {
        const { switchWords, taxonomySwitch } = await import(
          "../../analysis/filings/taxonomy_switch.ts"
        );
        const moved = taxonomySwitch(facts.taxonomies, taxonomy, opts.asOf ?? null);
        warn(
          `${item.key}: the company also reports it under ${otherTax} (${
            otags.join(", ")
          }: ${all.size} period(s) to ${latest}, ${missing.size} of them not in this series)${
            moved ? `; ${switchWords(moved)}` : ""
          }; this series reads ${taxonomy}, the taxonomy of the company's latest annual report, and never mixes two taxonomies (the same period's figures may differ between them): pass taxonomy=${otherTax} to read the others`,
        );
      }
    }
    const first = concepts[periods[0]?.tag ?? tags[0]];
    return {
      taxonomy,
      tags,
      unit,
      periods,
      label: first?.label ?? item.label,
      description: first?.description ?? null,
      alias: item.key,
    };
  }
  // XBRL tags are case-sensitive, but people type them in any case.
  let taxonomy = exact;
  let tag = exact ? args.concept : undefined;
  for (const t of exact ? [] : taxonomies) {
    tag = Object.keys(facts.taxonomies[t] ?? {}).find((k) => k.toLowerCase() === lower);
    if (tag) {
      taxonomy = t;
      break;
    }
  }
  if (!taxonomy || !tag) {
    const known = taxonomies.flatMap((t) => Object.keys(facts.taxonomies[t] ?? {}));
    const guess = closest(args.concept, [...known, ...LINE_ITEMS.map((i) => i.key)]);
    throw new InputError(
      `concept: ${name} has no XBRL concept "${args.concept}"${
        args.taxonomy ? ` in ${args.taxonomy}` : ""
      }${guess ? `; did you mean ${guess}?` : ""} (friendly names: ${friendlyNames().join(", ")})`,
    );
  }
  const concept = facts.taxonomies[taxonomy][tag];
  const units = Object.keys(concept.units);
  if (args.unit && !concept.units[args.unit]) {
    throw new InputError(
      `unit: ${taxonomy}:${tag} of ${name} is reported in ${units.join(", ")}, not ${args.unit}`,
    );
  }
  // a company's own currency before a dollar convenience translation of a few figures
  const currency = (reportingBasis(facts.taxonomies, opts.asOf ?? null) ??
    reportingBasis(facts.taxonomies))?.currency ?? "USD";
  const unit = args.unit ?? pickUnit(units, concept.units, currency, (u) =>
    warn(
      `${taxonomy}:${tag} is reported in several units (${units.join(", ")}); showing ${u}${
        u === currency || u === `${currency}/shares`
          ? `, the currency of the company's financial statements`
          : ""
      }; values in different units are never mixed; pass unit= for another`,
    ));
  return {
    taxonomy,
    tags: [tag],
    unit,
    periods: groupPeriods(tag, unit, concept.units[unit] ?? [], filings, opts),
    label: concept.label,
    description: concept.description,
    alias: null,
  };
}

function pickUnit(
  units: string[],
  rows: Record<string, unknown[]>,
  currency: string,
  warnMany: (chosen: string) => void,
): string {
  if (units.length === 1) return units[0];
  // the statements' currency as an amount or per share, whichever the tag is mostly reported
  // in: an EPS tag with a few values slipped into plain USD is read per share, not in those
  const most = (us: string[]) =>
    us.filter((u) => units.includes(u)).sort((a, b) => rows[b].length - rows[a].length)[0];
  const top = most(units);
  const money = most([currency, `${currency}/shares`]) ?? most(["USD", "USD/shares"]);
  // a count or a ratio (shares, pure, Year) mostly reported so, with a few values slipped
  // into a currency, is read in its own unit
  const chosen =
    money && !(/^(shares|pure|Year)$/.test(top) && rows[top].length > rows[money].length)
      ? money
      : top;
  if (chosen) warnMany(chosen);
  return chosen ?? "USD";
}

/** Whether two units are in one currency (EUR and EUR/shares are; EUR and USD are not). */
function sameCurrency(unit: string, currency: string): boolean {
  return unit.split("/")[0] === currency;
}
