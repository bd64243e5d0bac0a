/**
 * One line item's periods from several tags: a company that changed the tag it reports a value
 * under (or reports it under two) gets one series, each period from the tag its rules prefer, with
 * conflicting values kept apart and said.
 */
import { groupPeriods } from "./facts_periods.ts";
import {
  changes,
  type Concepts,
  differs,
  type FactPeriod,
  type FactRow,
  type FilingIndex,
  fmt,
  type PeriodOptions,
  report,
  samePeriod,
} from "./facts.ts";

/**
 * How a line item's tags relate for one company, beyond their order: tags that may be only a
 * part of the item (revenue from contracts with customers beside interest income), and tags
 * whose report beside a partial tag shows it is not the whole.
 */
export interface MergeRules {
  /** The item's name in messages ("revenue"). */
  name?: string;
  /** Tags that are the whole item for some companies and only a component for others. */
  partial?: string[];
  /**
   * Tags of income a partial tag never includes: reported by the same filing for the same
   * period, they show the partial tag is not the total (a bank's NoninterestIncome).
   */
  notTotalBeside?: string[];
  /** Told, in words, which tags were set aside and why. */
  warn?: (message: string) => void;
  /**
   * Tell `warn` of the kept periods whose differently dated reports disagree (default true);
   * false for a caller that tells of those it shows (FactPeriod.dates_disagree).
   */
  warnDates?: boolean;
}

/** The first filing and period two tags both report with different values, if any. */
function conflict(
  a: FactRow[],
  b: FactRow[],
  opts: PeriodOptions,
): { accn: string; end: string; a: number; b: number } | null {
  const keep = (r: FactRow) =>
    (!opts.asOf || r.filed <= opts.asOf) &&
    (!opts.forms || opts.forms.includes(r.form.toUpperCase()));
  const byKey = new Map<string, number[]>();
  for (const r of b) {
    if (!keep(r)) continue;
    const k = `${r.accn}|${r.start ?? ""}|${r.end}`;
    byKey.set(k, [...byKey.get(k) ?? [], r.val]);
  }
  const hits = [...a].filter(keep).sort((x, y) => x.filed.localeCompare(y.filed));
  for (const r of hits) {
    for (const v of byKey.get(`${r.accn}|${r.start ?? ""}|${r.end}`) ?? []) {
      if (differs(r.val, v)) return { accn: r.accn, end: r.end, a: r.val, b: v };
    }
  }
  return null;
}

/** The first filing and period a tag is reported in beside any of `others` (any value). */
function besides(
  rows: FactRow[],
  others: FactRow[],
  opts: PeriodOptions,
): { accn: string; end: string } | null {
  const keys = new Set(others.map((r) => `${r.accn}|${r.start ?? ""}|${r.end}`));
  for (const r of rows) {
    if (opts.asOf && r.filed > opts.asOf) continue;
    if (opts.forms && !opts.forms.includes(r.form.toUpperCase())) continue;
    if (keys.has(`${r.accn}|${r.start ?? ""}|${r.end}`)) return { accn: r.accn, end: r.end };
  }
  return null;
}

/**
 * One quantity's periods read from several tags (a friendly name's tags, in order): the first
 * tag that has a period wins it, so a company that changed tags keeps one series.
 *
 * A later tag only fills a period when it is the same quantity to this company: when some
 * filing reports it beside an earlier tag with a different value (cash beside cash including
 * restricted cash, NetIncomeLoss beside ProfitLoss), the periods only it has are left empty
 * rather than mixed into the series. A `rules.partial` tag is set aside altogether when a filing
 * shows it is a component: a different value beside a whole tag (a REIT's contract revenue
 * beside its Revenues), beside another partial tag (goods beside services), or reported beside
 * a `rules.notTotalBeside` tag (a bank's contract revenue beside its noninterest income).
 */
export function mergedPeriods(
  tags: string[],
  concepts: Concepts | undefined,
  unit: string,
  filings: FilingIndex,
  opts: PeriodOptions = {},
  rules: MergeRules = {},
): FactPeriod[] {
  const name = rules.name ? `${rules.name}: ` : "";
  const rowsIn = (tag: string) => concepts?.[tag]?.units[unit];
  const partial = new Set(rules.partial ?? []);
  const present = tags.filter((t) => rowsIn(t)?.length);
  const parts = new Set<string>();
  for (const p of present.filter((t) => partial.has(t))) {
    for (const t of present) {
      if (t === p) continue;
      const c = conflict(rowsIn(p)!, rowsIn(t)!, opts);
      if (!c) continue;
      parts.add(p);
      rules.warn?.(
        `${name}${p} not used: ${c.accn} reports it as ${fmt(c.a)} beside ${t} ${
          fmt(c.b)
        } for the period ending ${c.end}, so it is only a part of ${
          partial.has(t) ? "the whole, which is not tagged" : t
        }`,
      );
      break;
    }
    if (parts.has(p)) continue;
    for (const t of rules.notTotalBeside ?? []) {
      const other = Object.values(concepts?.[t]?.units ?? {}).flat();
      const at = other.length ? besides(rowsIn(p)!, other, opts) : null;
      if (!at) continue;
      parts.add(p);
      rules.warn?.(
        `${name}${p} not used: ${at.accn} reports it beside ${t} for the period ending ${at.end}, so it is only a part of the company's ${
          rules.name ?? "total"
        } (${t} is outside it); read each with filings.facts`,
      );
      break;
    }
  }
  const byKey = new Map<string, FactPeriod>();
  const rowsOf = new Map<string, FactRow[]>();
  for (const tag of present) {
    if (parts.has(tag)) continue;
    const rows = rowsIn(tag)!;
    // a different quantity than a tag before it: it fills no period of the series
    let other: { tag: string; c: NonNullable<ReturnType<typeof conflict>> } | null = null;
    for (const [t, earlier] of rowsOf) {
      const c = conflict(earlier, rows, opts);
      if (c) {
        other = { tag: t, c };
        break;
      }
    }
    rowsOf.set(tag, rows);
    let skipped = 0;
    for (const p of groupPeriods(tag, unit, rows, filings, { ...opts, warn: undefined })) {
      const key = `${p.start ?? ""}|${p.end}`;
      // an earlier tag has this period, under these dates or a few days off (see samePeriod)
      if (byKey.has(key) || [...byKey.values()].some((q) => samePeriod(q, p))) continue;
      if (other) skipped++;
      else byKey.set(key, p);
    }
    if (other && skipped) {
      rules.warn?.(
        `${name}${skipped} period(s) only ${tag} reports are left empty: ${other.c.accn} reports ${tag} as ${
          fmt(other.c.b)
        } beside ${other.tag} ${
          fmt(other.c.a)
        } for the period ending ${other.c.end}, so they are different quantities to this company (read ${tag} with filings.facts)`,
      );
    }
  }
  if (rowsOf.size > 1) {
    for (const [key, p] of byKey) byKey.set(key, withEarlierTags(p, rowsOf, opts));
  }
  // told once, for the periods the series keeps
  const warn = rules.warnDates === false ? undefined : rules.warn ?? opts.warn;
  for (const p of byKey.values()) if (p.dates_disagree) warn?.(`${name}${p.dates_disagree}`);
  return [...byKey.values()].sort((a, b) => a.end.localeCompare(b.end));
}

/**
 * A period one tag won, with the reports of the company's other tags for it folded in: a
 * company that moved from SalesRevenueNet to Revenues first reported FY2016 under the old tag
 * (2016-10-26), though the new one only has it from a 2018 comparative. Not when some filing
 * reports the period under both tags with different values: then they are different
 * quantities to this company, not one renamed.
 */
function withEarlierTags(
  p: FactPeriod,
  rowsOf: Map<string, FactRow[]>,
  opts: PeriodOptions,
): FactPeriod {
  const same = (r: FactRow) =>
    samePeriod(r, p) &&
    (!opts.asOf || r.filed <= opts.asOf) &&
    (!opts.forms || opts.forms.includes(r.form.toUpperCase()));
  const all = [...rowsOf].flatMap(([tag, rows]) => rows.filter(same).map((r) => ({ tag, r })));
  if (new Set(all.map((x) => x.tag)).size < 2) return p;
  const byAccn = new Map<string, FactRow[]>();
  for (const { r } of all) byAccn.set(r.accn, [...byAccn.get(r.accn) ?? [], r]);
  for (const rs of byAccn.values()) {
    if (rs.some((r) => differs(r.val, rs[0].val))) return p;
  }
  const g = all.map((x) => x.r).sort((a, b) =>
    a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn)
  );
  const first = g[0];
  const last = g[g.length - 1];
  const c = changes(g);
  // each report cites the tag its own filing used (SalesRevenueNet, where the period's is Revenues)
  const tagOf = new Map(all.map(({ tag, r }) => [r, tag]));
  const cited = (r: FactRow) => {
    const tag = tagOf.get(r);
    return tag && tag !== p.tag ? { ...report(r), tag } : report(r);
  };
  return {
    ...p,
    first: cited(first),
    last: cited(last),
    reports: new Set(g.map((r) => r.accn)).size,
    restated: g.some((r) => differs(r.val, first.val)),
    first_change: c.first_change,
    last_change: c.last_change,
  };
}
