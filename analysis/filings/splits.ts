/**
 * Share splits seen in company facts, so per-share figures and share counts reported by
 * different filings can be put on one basis.
 *
 * A filing states its share counts and per-share figures on the share basis of its own date: after
 * NVIDIA's 4-for-1 split (2021) and 10-for-1 split (2024) its filings restated the earlier years
 * they repeat, but a year last reported before a split stays on the old basis in SEC's company
 * facts. A multi-year row of "values as last reported" then mixes three bases (EPS 6.81, 1.15,
 * 0.18) with nothing to say so.
 *
 * The splits are read from the facts themselves: when a later filing repeats a period an earlier
 * one reported (the same tag, unit, start and end) and a share count grew (or a per-share figure
 * shrank) by a split's ratio (2, 3, 4, 10, 3/2, 1/10…), the share basis changed between those two
 * filings. Each such pair constrains the product of the changes between the filings in between
 * (ordered by filing date); pairs that repeat a value unchanged pin those changes to 1. A change
 * no pair locates to one gap between consecutive filings leaves the filings around it on an
 * unknown basis, which a caller reports instead of guessing.
 */
import { type Concepts, type FactRow, roundingUnit } from "./facts.ts";
import { distinctValues } from "./facts_periods.ts";

/** A split found between two consecutive filings (by filing date). */
export interface SplitEvent {
  /** New shares per old share: 4 for a 4-for-1 split, 0.1 for a 1-for-10 reverse split. */
  ratio: number;
  /** The last filing on the old basis and the first on the new one. */
  before: { accession_no: string; filed: string };
  after: { accession_no: string; filed: string };
}

/** The share basis of every filing against the latest one. */
export interface ShareBasis {
  splits: SplitEvent[];
  /**
   * New shares per share of the filing's basis, up to the latest filing: multiply a share count
   * the filing reported by it (divide a per-share figure). 1 on the latest basis; null when the
   * filing's basis cannot be told (a change no pair of reports places).
   */
  factor(accession_no: string): number | null;
}

/** Split ratios recognised, as new shares per old share (reverse splits are their inverses). */
const RATIOS = [
  1.25,
  1.5,
  2,
  2.5,
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  12,
  15,
  16,
  20,
  25,
  30,
  40,
  50,
  100,
];

/** A ratio of a later to an earlier share count read as a split ratio, 1, or null (neither). */
export function splitRatio(r: number, tolerance: number): number | null {
  if (!(r > 0) || !Number.isFinite(r)) return null;
  if (Math.abs(r - 1) <= tolerance) return 1;
  for (const n of RATIOS) {
    if (Math.abs(r / n - 1) <= tolerance) return n;
    if (Math.abs(r * n - 1) <= tolerance) return 1 / n;
  }
  return null;
}

/**
 * Tags a split restates in every filing after it (earnings and dividends per share, weighted and
 * outstanding common shares). Others in shares are not evidence either way: authorized shares,
 * preferred shares and par values keep their numbers across a common split.
 */
export const SPLIT_TAGS = new Set([
  "EarningsPerShareBasic",
  "EarningsPerShareDiluted",
  "EarningsPerShareBasicAndDiluted",
  "IncomeLossFromContinuingOperationsPerBasicShare",
  "IncomeLossFromContinuingOperationsPerDilutedShare",
  "IncomeLossFromContinuingOperationsPerBasicAndDilutedShare",
  "WeightedAverageNumberOfSharesOutstandingBasic",
  "WeightedAverageNumberOfDilutedSharesOutstanding",
  "WeightedAverageNumberOfShareOutstandingBasicAndDiluted",
  "CommonStockSharesOutstanding",
  "CommonStockSharesIssued",
  "CommonStockDividendsPerShareDeclared",
  "CommonStockDividendsPerShareCashPaid",
  // IFRS
  "BasicEarningsLossPerShare",
  "DilutedEarningsLossPerShare",
  "BasicAndDilutedEarningsLossPerShare",
  "WeightedAverageShares",
  "AdjustedWeightedAverageShares",
  "NumberOfSharesOutstanding",
  "DividendsRecognisedAsDistributionsToOwnersPerShare",
]);

/** True for a unit of share counts ("shares") or of a per-share figure ("USD/shares"). */
export function shareUnit(unit: string): "shares" | "per_share" | null {
  if (unit === "shares") return "shares";
  if (/^[A-Za-z]{3}\/shares$/.test(unit)) return "per_share";
  return null;
}

/**
 * True when `after` is `before` under a split of `ratio`: share counts within half a percent
 * (weighted averages are recomputed, not only multiplied), per-share figures within a cent's
 * rounding and a third of a percent.
 */
function splitOf(before: number, after: number, ratio: number, kind: "shares" | "per_share") {
  if (kind === "shares") return Math.abs(before * ratio - after) <= 0.005 * Math.abs(after);
  return Math.abs(before / ratio - after) <= 0.006 + 0.003 * Math.abs(after);
}

interface Constraint {
  /** Gaps lo … hi − 1 between consecutive filings (gap i lies between filing i and i + 1). */
  lo: number;
  hi: number;
  ratio: number;
}

/**
 * The share basis of the filings in `taxonomies` (every tag in shares or per share), counting
 * only reports filed on or before `asOf` when given.
 */
export function shareBasis(
  taxonomies: Record<string, Concepts>,
  asOf: string | null = null,
): ShareBasis {
  const filed = new Map<string, string>();
  const groups: { kind: "shares" | "per_share"; rows: FactRow[] }[] = [];
  for (const concepts of Object.values(taxonomies)) {
    for (const [tag, concept] of Object.entries(concepts)) {
      if (!SPLIT_TAGS.has(tag)) continue;
      for (const [unit, rows] of Object.entries(concept.units ?? {})) {
        const kind = shareUnit(unit);
        if (!kind) continue;
        const byPeriod = new Map<string, FactRow[]>();
        for (const r of rows) {
          if (asOf && r.filed > asOf) continue;
          if (!filed.has(r.accn)) filed.set(r.accn, r.filed);
          const key = `${r.start ?? ""}|${r.end}`;
          const g = byPeriod.get(key);
          if (g) g.push(r);
          else byPeriod.set(key, [r]);
        }
        for (const g of byPeriod.values()) {
          if (g.length > 1 && !severalInOneFiling(g)) groups.push({ kind, rows: g });
        }
      }
    }
  }
  const order = [...filed.entries()].sort((a, b) =>
    a[1].localeCompare(b[1]) || a[0].localeCompare(b[0])
  );
  const index = new Map(order.map(([accn], i) => [accn, i]));
  const constraints: Constraint[] = [];
  for (const { kind, rows } of groups) {
    rows.sort((a, b) => index.get(a.accn)! - index.get(b.accn)!);
    for (let k = 1; k < rows.length; k++) {
      const a = rows[k - 1];
      const b = rows[k];
      const lo = index.get(a.accn)!;
      const hi = index.get(b.accn)!;
      if (lo === hi || a.val === 0 || b.val === 0 || Math.sign(a.val) !== Math.sign(b.val)) {
        continue;
      }
      // share counts grow by the ratio; per-share figures (rounded to cents) shrink by it
      let ratio: number | null;
      if (kind === "shares") ratio = splitRatio(b.val / a.val, 0.02);
      else if (Math.min(Math.abs(a.val), Math.abs(b.val)) < 0.5) ratio = null;
      else ratio = splitRatio(a.val / b.val, 0.03);
      // and only when the later report is the earlier one split, to its rounding (a restatement
      // that happens to move a figure by about 5/4 is not a 5-for-4 split)
      if (ratio !== null && ratio !== 1 && !splitOf(a.val, b.val, ratio, kind)) ratio = null;
      if (ratio !== null) constraints.push({ lo, hi, ratio });
    }
  }
  const gaps = solve(constraints, Math.max(order.length - 1, 0));
  const splits: SplitEvent[] = [];
  gaps.forEach((g, i) => {
    if (g !== null && g !== 1) {
      splits.push({
        ratio: g,
        before: { accession_no: order[i][0], filed: order[i][1] },
        after: { accession_no: order[i + 1][0], filed: order[i + 1][1] },
      });
    }
  });
  // the factor of filing i: the product of the changes in gaps i … last
  const factors: (number | null)[] = new Array(order.length).fill(1);
  for (let i = order.length - 2; i >= 0; i--) {
    const later = factors[i + 1];
    factors[i] = later === null || gaps[i] === null ? null : later * gaps[i]!;
  }
  return {
    splits,
    factor: (accn) => {
      const i = index.get(accn);
      return i === undefined ? 1 : factors[i];
    },
  };
}

/**
 * Whether some filing reports this period with several different values (one per share class,
 * as a multi-class company's cover page: see distinctValues): which of them a later filing's
 * value continues is unknown, so the period is no evidence of a split (class B's count in one
 * filing beside class A's in the next can look like a 7-for-1 split).
 */
function severalInOneFiling(rows: FactRow[]): boolean {
  const byAccn = new Map<string, FactRow[]>();
  for (const r of rows) {
    const rs = byAccn.get(r.accn);
    if (rs) rs.push(r);
    else byAccn.set(r.accn, [r]);
  }
  for (const rs of byAccn.values()) if (rs.length > 1 && distinctValues(rs).length > 1) return true;
  return false;
}

/**
 * The change of basis in each gap between consecutive filings: 1 where a report repeated
 * unchanged across it, a split's ratio where a pair of reports places one there, null where a
 * change is known to fall in a span of gaps but not in which one.
 */
function solve(constraints: Constraint[], count: number): (number | null)[] {
  const gaps: (number | null | undefined)[] = new Array(count).fill(undefined);
  // unchanged repeats first: every gap they span kept the basis
  for (const c of constraints) {
    if (c.ratio !== 1) continue;
    for (let i = c.lo; i < c.hi; i++) gaps[i] = 1;
  }
  const open = constraints.filter((c) => c.ratio !== 1).sort((a, b) => a.hi - a.lo - (b.hi - b.lo));
  let changed = true;
  while (changed) {
    changed = false;
    for (const c of open) {
      let known = 1;
      const unknown: number[] = [];
      for (let i = c.lo; i < c.hi; i++) {
        const g = gaps[i];
        if (g === undefined) unknown.push(i);
        else if (g !== null) known *= g;
      }
      if (unknown.length !== 1) continue;
      const rest = splitRatio(c.ratio / known, 0.001);
      gaps[unknown[0]] = rest === null ? null : rest;
      changed = true;
    }
  }
  // a change still unplaced, or one its span's placed changes contradict (a repeat unchanged
  // across it): every gap of the span is of unknown basis
  for (const c of open) {
    let known = 1;
    let unplaced = false;
    for (let i = c.lo; i < c.hi; i++) {
      const g = gaps[i];
      if (g === undefined) unplaced = true;
      else if (g !== null) known *= g;
    }
    if (Math.abs(c.ratio / known - 1) <= 0.001) continue;
    for (let i = c.lo; i < c.hi; i++) if (unplaced ? gaps[i] === undefined : true) gaps[i] = null;
  }
  return gaps.map((g) => (g === undefined ? 1 : g));
}

/**
 * A value a filing reported on the latest share basis, given the filing's factor: a share count
 * times it, a per-share figure divided by it, to twelve significant digits (a division by 40 is
 * not to print 0.17024999999999998).
 */
export function onBasis(value: number, factor: number, perShare: boolean): number {
  return Number((perShare ? value / factor : value * factor).toPrecision(12));
}

/**
 * Whether a period's first and last reports differ once both are on one share basis, beyond the
 * rounding each was printed to (cents; thousands or millions of shares) scaled by its split: a
 * split alone restates nothing. Null when either report's basis cannot be told.
 */
export function restatedOnBasis(
  first: { value: number; accession_no: string },
  last: { value: number; accession_no: string },
  perShare: boolean,
  basis: ShareBasis,
): boolean | null {
  const f1 = basis.factor(first.accession_no);
  const f2 = basis.factor(last.accession_no);
  if (f1 === null || f2 === null) return null;
  // per-share figures are printed to the cent
  const slack = (v: number, f: number) =>
    onBasis(perShare ? Math.max(roundingUnit(v), 0.01) : roundingUnit(v), f, perShare) / 2;
  const gap = Math.abs(onBasis(first.value, f1, perShare) - onBasis(last.value, f2, perShare));
  return gap > (slack(first.value, f1) + slack(last.value, f2)) * (1 + 1e-9);
}

/** The splits of a basis in words: "4-for-1 split between … (filed …) and … (filed …)". */
export function describeSplits(basis: ShareBasis): string {
  return basis.splits.map((s) =>
    `${
      s.ratio >= 1 ? `${s.ratio}-for-1` : `1-for-${1 / s.ratio} reverse`
    } split between ${s.before.accession_no} (filed ${s.before.filed}) and ${s.after.accession_no} (filed ${s.after.filed})`
  ).join("; ");
}
