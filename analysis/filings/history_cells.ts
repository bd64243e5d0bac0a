/**
 * The cells of a statement history: a reported value with its filing (as first or as last
 * reported), a gap that says why it is empty, a per-share figure or share count restated to the
 * latest share basis, and a derived cell (one value less others) that cites every value it uses and
 * says when they rest on different bases.
 */
import { fiscalName } from "./facts_calendar.ts";
import type { FactPeriod } from "./facts.ts";
import type { LineItem } from "./facts_items.ts";
import { onBasis, restatedOnBasis, type ShareBasis } from "./splits.ts";
import type { Point } from "./history_points.ts";
import type { Cell, CellSource, HistoryOptions } from "./history.ts";

export function gap(note: string | null = null): Cell {
  return {
    value: null,
    tag: null,
    accession_no: null,
    form: null,
    filed: null,
    restated: false,
    first_reported: null,
    restated_from: null,
    derived: null,
    sources: null,
    note,
  };
}

export type CellOf = (item: LineItem, p: FactPeriod) => Cell;

/** How a cell left empty for a filing's several values of its period begins (see reported). */
export const SEVERAL = "several values";

/** A report as a cell's restated_from gives it: value, accession, form and filing date. */
const citedReport = (r: FactPeriod["first"]) => ({
  value: r.value,
  accession_no: r.accession_no,
  form: r.form,
  filed: r.filed,
});

export const fmtValue = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 6 });

export function reported(
  item: LineItem,
  p: FactPeriod,
  basis: HistoryOptions["basis"],
  shares: ShareBasis | null,
  unplaced: Set<string>,
): Cell {
  const r = basis === "first_reported" ? p.first : p.last;
  const several = basis === "first_reported" ? p.first_values : p.last_values;
  if (several) {
    // one per share class or other unnamed dimension: no value of them is the company's
    return gap(
      `${SEVERAL}: ${r.accession_no} (${r.form}, filed ${r.filed}) reports ${p.tag} for this period as ${
        several.map(fmtValue).join(", ")
      } (one per share class or other dimension SEC's company facts do not name, or a tagging error); none is picked and they are not summed (read them with filings.facts concept=${p.tag})`,
    );
  }
  const cell: Cell = {
    value: r.value,
    // the tag the cited filing reported it under (a company's earlier tag, folded in)
    tag: r.tag ?? p.tag,
    accession_no: r.accession_no,
    form: r.form,
    filed: r.filed,
    restated: p.restated,
    first_reported: p.first.value,
    restated_from: p.restated ? citedReport(basis === "first_reported" ? p.last : p.first) : null,
    derived: null,
    sources: null,
    note: null,
  };
  const leaf: Leaf = {
    period: fiscalName(p) ?? `${p.start ?? ""}..${p.end}`,
    basis,
    accession_no: r.accession_no,
    filed: r.filed,
    confirmed: r.filed,
    restated_on: basis === "latest" ? p.last_change ?? null : null,
    superseded_on: basis === "first_reported" ? p.first_change ?? null : null,
    dates_disagree: p.dates_disagree ?? null,
  };
  leavesOf.set(cell, [leaf]);
  if (!shares || (item.kind !== "per_share" && item.kind !== "shares")) return cell;
  const out = onLatestBasis(item, p, cell, shares, unplaced);
  leavesOf.set(out, [leaf]);
  return out;
}

/** A reported value a cell rests on, with when its basis changed (see mixedBasis). */
interface Leaf {
  period: string;
  basis: HistoryOptions["basis"];
  accession_no: string;
  filed: string;
  /** The latest filing that reported the value used. */
  confirmed: string;
  /** basis=latest: when the value used replaced an earlier one (it was restated then). */
  restated_on: string | null;
  /** basis=first_reported: when a later filing first reported the period otherwise. */
  superseded_on: string | null;
  /** The period's reports give it different dates and values (FactPeriod.dates_disagree). */
  dates_disagree: string | null;
}

/** The reported values under each cell (a derived cell: those of everything it uses). */
export const leavesOf = new WeakMap<Cell, Leaf[]>();

/**
 * Whether a derived value combines values of different basis, in words: one input restated by
 * a filing the others were never reported in again (a full year restated by a later 10-K,
 * quarters as first reported), or, as first reported, one input first reported after another
 * had already been restated. Null when they agree (or no input was ever restated).
 */
export function mixedBasis(all: Leaf[]): string | null {
  const seen = new Set<string>();
  const leaves = all.filter((l) => {
    const k = `${l.period}|${l.accession_no}`;
    return !seen.has(k) && !!seen.add(k);
  });
  for (const a of leaves) {
    if (a.restated_on) {
      const stale = leaves.filter((b) => b !== a && b.confirmed < a.restated_on!);
      if (stale.length) {
        return `mixed basis: ${a.period} is as restated (${a.accession_no}, filed ${a.filed}), ${
          stale.map((b) =>
            `${b.period} as last reported before that (${b.accession_no}, filed ${b.filed})`
          )
            .join(", ")
        }, never reported again on the restated basis`;
      }
    }
    if (a.superseded_on) {
      const later = leaves.filter((b) => b !== a && b.filed >= a.superseded_on!);
      if (later.length) {
        return `mixed basis: ${a.period} is as first reported (${a.accession_no}, filed ${a.filed}) though restated on ${a.superseded_on}, ${
          later.map((b) =>
            `${b.period} first reported after that (${b.accession_no}, filed ${b.filed})`
          )
            .join(", ")
        }`;
      }
    }
  }
  return null;
}

/**
 * A per-share figure or share count on the share basis of the latest filing: a value reported
 * before a split (analysis/filings/splits.ts) is multiplied (shares) or divided (per share) by the
 * splits since, as a derived cell citing the reported value. A value whose basis cannot be told
 * keeps its reported number with a note, and its filing is added to `unplaced`.
 */
function onLatestBasis(
  item: LineItem,
  p: FactPeriod,
  cell: Cell,
  shares: ShareBasis,
  unplaced: Set<string>,
): Cell {
  const perShare = item.kind === "per_share";
  const factor = shares.factor(cell.accession_no!);
  if (p.restated) cell.restated = restatedOnBasis(p.first, p.last, perShare, shares) ?? true;
  // a split alone is no restatement
  if (!cell.restated) cell.restated_from = null;
  if (factor === 1) return cell;
  if (factor === null) {
    unplaced.add(cell.accession_no!);
    return {
      ...cell,
      note:
        `share basis unknown: a share split found in the company facts cannot be placed before or after this filing (${cell.accession_no}), so this value may not compare with the other columns`,
    };
  }
  const ratio = factor >= 1 ? `${factor}` : `1/${1 / factor}`;
  return {
    ...cell,
    value: onBasis(cell.value!, factor, perShare),
    derived: `${cell.value} as reported ${
      perShare ? "÷" : "×"
    } ${ratio} (share splits after ${cell.filed}, to the latest filing's share basis)`,
    sources: [{
      item: item.key,
      period: fiscalName(p) ?? `${p.start ?? ""}..${p.end}`,
      start: p.start,
      end: p.end,
      value: cell.value!,
      tag: cell.tag,
      accession_no: cell.accession_no,
      form: cell.form,
      filed: cell.filed,
      derived: null,
    }],
  };
}

export function point(item: LineItem, p: FactPeriod, cell: Cell, fp?: string): Point {
  return {
    item,
    start: p.start,
    end: p.end,
    fiscal_year: p.fiscal_year,
    fiscal_period: fp ?? p.fiscal_period,
    cell,
  };
}

export function source(pt: Point): CellSource {
  return {
    item: pt.item.key,
    period: fiscalName(pt) ?? `${pt.start ?? ""}..${pt.end}`,
    start: pt.start,
    end: pt.end,
    value: pt.cell.value!,
    tag: pt.cell.tag,
    accession_no: pt.cell.accession_no,
    form: pt.cell.form,
    filed: pt.cell.filed,
    derived: pt.cell.derived,
    sources: pt.cell.sources?.map((s) => ({ ...s, sources: null })) ?? null,
  };
}

/**
 * A derived cell: `first` minus every value in `rest`, all cited; inputs of different basis (one
 * restated, another never reported again since) are said in the derivation.
 */
export function difference(formula: string, first: Point, rest: Point[]): Cell {
  // an input left empty (see reported) is not a zero
  const empty = [first, ...rest].find((p) => p.cell.value === null);
  if (empty) {
    return gap(
      `not derived as ${formula}: ${fiscalName(empty) ?? empty.end} has no value${
        empty.cell.note ? ` (${empty.cell.note})` : ""
      }`,
    );
  }
  let value = first.cell.value!;
  for (const r of rest) value -= r.cell.value!;
  const leaves = [first, ...rest].flatMap((p) => leavesOf.get(p.cell) ?? []);
  const mixed = mixedBasis(leaves);
  if (mixed) {
    // A restated year less quarters never restated puts the whole restatement into the one
    // derived quarter: the difference is that quarter on neither basis, so it is not given.
    const cell = gap(
      `not derived as ${formula}: ${mixed}, so the difference would put the whole restatement into this quarter (${
        fmtValue(value)
      } on neither basis)${
        leaves[0]?.basis === "latest"
          ? "; basis=first_reported derives it from the values as originally filed where they are one basis"
          : ""
      }`,
    );
    cell.sources = [first, ...rest].map(source);
    return cell;
  }
  const cell: Cell = {
    ...gap(),
    value,
    derived: formula,
    sources: [first, ...rest].map(source),
  };
  leavesOf.set(cell, leaves);
  return cell;
}
