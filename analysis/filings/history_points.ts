/**
 * A statement history's periods: one line item's values as points (fiscal years, discrete
 * quarters reported or derived from year-to-date and full-year values), items computed from
 * others (gross profit, free cash flow), the columns shown, and the trailing twelve months.
 */
import { fiscalName } from "./facts_calendar.ts";
import { daysBetween, type FactPeriod, SAME_PERIOD_DAYS, samePeriod } from "./facts.ts";
import { atDate, type LineItem } from "./facts_items.ts";
import {
  type CellOf,
  difference,
  gap,
  leavesOf,
  mixedBasis,
  point,
  source,
} from "./history_cells.ts";
import type { Cell, Column, HistoryOptions } from "./history.ts";

/** A value of one line item for one period, before it becomes a cell. */
export interface Point {
  item: LineItem;
  start: string | null;
  end: string;
  fiscal_year: number | null;
  fiscal_period: string | null;
  cell: Cell;
}

/**
 * The point at a column's end: on that date, or else within SAME_PERIOD_DAYS of it (the same
 * fiscal period, dated a few days off by another line item's filings).
 */
export function pointAt(points: Point[], end: string): Point | undefined {
  return points.find((p) => p.end === end) ??
    points.find((p) => Math.abs(daysBetween(p.end, end)) <= SAME_PERIOD_DAYS);
}

/** The key of `map` that is `end` or within SAME_PERIOD_DAYS of it (see pointAt). */
function keyNear<V>(map: Map<string, V>, end: string): string | undefined {
  if (map.has(end)) return end;
  return [...map.keys()].find((e) => Math.abs(daysBetween(e, end)) <= SAME_PERIOD_DAYS);
}

/** Two period starts of one fiscal period (null for balances): equal or a few days apart. */
function sameStart(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(daysBetween(a, b)) <= SAME_PERIOD_DAYS;
}

export function annualPoints(item: LineItem, ps: FactPeriod[], cellOf: CellOf): Point[] {
  if (atDate(item)) {
    return ps.filter((p) => p.kind === "instant" && p.fiscal_period === "FY")
      .map((p) => point(item, p, cellOf(item, p)));
  }
  return ps.filter((p) => p.kind === "annual").map((p) => point(item, p, cellOf(item, p)));
}

const near = (a: string, b: string) => Math.abs(daysBetween(a, b)) <= 7;
const nextDay = (d: string) => new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10);

/** Discrete quarters: reported, or derived from year-to-date and full-year values (flows only). */
export function quarterPoints(item: LineItem, ps: FactPeriod[], cellOf: CellOf): Point[] {
  const cell = (p: FactPeriod) => cellOf(item, p);
  if (atDate(item)) {
    return ps.filter((p) => p.kind === "instant" && p.fiscal_period)
      .map((p) => point(item, p, cell(p), p.fiscal_period === "FY" ? "Q4" : undefined));
  }
  const quarters = new Map<string, Point>();
  for (const p of ps) if (p.kind === "quarter") quarters.set(p.end, point(item, p, cell(p)));
  // a quarter already there, on this end or a few days off it (one fiscal period)
  const has = (end: string) => keyNear(quarters, end) !== undefined;
  // Per-share and share-count figures cannot be subtracted: only reported quarters, and a note
  // where a fiscal year's fourth quarter would have been derived.
  if (item.kind !== "flow") {
    for (const a of ps) {
      if (a.kind !== "annual" || has(a.end)) continue;
      const note = `Q4 not derived: FY - Q1 - Q2 - Q3 does not hold for ${
        item.kind === "per_share" ? "per-share figures" : "share counts"
      }`;
      quarters.set(a.end, { ...point(item, a, gap(note), "Q4"), start: null });
    }
    return [...quarters.values()].sort((a, b) => a.end.localeCompare(b.end));
  }
  const ytd = (kind: FactPeriod["kind"]) =>
    ps.filter((p) => p.kind === kind).map((p) => point(item, p, cell(p)));
  const halves = ytd("half");
  const nines = ytd("nine_months");
  const startsAt = (s: string | null) =>
    [...quarters.values()].find((q) => q.start === s) ??
      [...quarters.values()].find((q) => sameStart(q.start, s));
  for (const h of halves) {
    const q1 = startsAt(h.start);
    if (q1 && !has(h.end)) {
      quarters.set(h.end, derivedQuarter(h, q1.end, "Q2", difference("Q2 YTD - Q1", h, [q1])));
    }
  }
  for (const n of nines) {
    if (has(n.end)) continue;
    const h = halves.find((x) => sameStart(x.start, n.start));
    if (h) {
      quarters.set(n.end, derivedQuarter(n, h.end, "Q3", difference("Q3 YTD - Q2 YTD", n, [h])));
    }
  }
  for (const a of ps.filter((p) => p.kind === "annual")) {
    if (has(a.end)) continue;
    const fy = point(item, a, cell(a));
    const q1 = startsAt(a.start);
    const q2 = q1 && [...quarters.values()].find((q) => q.start && near(q.start, nextDay(q1.end)));
    const q3 = q2 && [...quarters.values()].find((q) => q.start && near(q.start, nextDay(q2.end)));
    let derived: Cell | null = null;
    let q4Start: string | null = null;
    if (q1 && q2 && q3 && q3.end < a.end) {
      derived = difference("FY - Q1 - Q2 - Q3", fy, [q1, q2, q3]);
      q4Start = nextDay(q3.end);
    } else {
      const n = nines.find((x) => sameStart(x.start, a.start));
      if (n) {
        derived = difference("FY - Q3 YTD", fy, [n]);
        q4Start = nextDay(n.end);
      }
    }
    if (derived && q4Start) {
      quarters.set(a.end, {
        item,
        start: q4Start,
        end: a.end,
        fiscal_year: a.fiscal_year,
        fiscal_period: "Q4",
        cell: derived,
      });
    }
  }
  return [...quarters.values()].sort((a, b) => a.end.localeCompare(b.end));
}

function derivedQuarter(ytd: Point, prevEnd: string, fp: string, cell: Cell): Point {
  return {
    item: ytd.item,
    start: nextDay(prevEnd),
    end: ytd.end,
    // a quarter of a transition period (a 10-KT's nine months less the half before it) is no
    // quarter of a fiscal year: named by its dates, not "Q3" of the transition's year
    fiscal_year: ytd.fiscal_period === "transition" ? null : ytd.fiscal_year,
    fiscal_period: ytd.fiscal_period === "transition" ? null : fp,
    cell,
  };
}

/**
 * Gross profit and free cash flow where no tag has them: one item minus another, same period.
 * Not for an item the company never reports itself when the item asks so (gross profit of a
 * bank or of a single-step income statement), and not from a subtrahend reported negative (a
 * cost or a payment is reported positive: a negative one is a sign the difference cannot trust).
 */
export function addComputed(
  items: LineItem[],
  points: Map<string, Point[]>,
  reportsItself: (item: LineItem) => boolean,
  warnings: string[],
): void {
  for (const item of items) {
    if (!item.compute) continue;
    const own = points.get(item.key)!;
    const plus = points.get(item.compute.plus) ?? [];
    const minus = points.get(item.compute.minus) ?? [];
    const never = item.compute.onlyIfReported && !reportsItself(item);
    let skipped = 0;
    for (const a of plus) {
      if (own.some((p) => samePeriod(p, a))) continue;
      const b = minus.find((p) => p.end === a.end && p.start === a.start) ??
        minus.find((p) => samePeriod(p, a));
      if (!b) continue;
      if (a.cell.value === null || b.cell.value === null) {
        const empty = a.cell.value === null ? a : b;
        // an input left empty with a reason (several values, mixed basis): said, not dropped
        if (!never && empty.cell.note) {
          own.push({
            ...a,
            item,
            cell: gap(
              `not computed as ${item.compute.formula}: ${empty.item.key} has no value (${empty.cell.note})`,
            ),
          });
        }
        continue;
      }
      if (never) {
        skipped++;
        continue;
      }
      if (b.cell.value < 0) {
        own.push({
          ...a,
          item,
          cell: gap(
            `not computed: ${item.compute.minus} is reported negative (${b.cell.value}, ${
              b.cell.tag ?? "derived"
            }${
              b.cell.accession_no ? ` in ${b.cell.accession_no}` : ""
            }), so ${item.compute.formula} would add it; its sign cannot be told`,
          ),
        });
        continue;
      }
      own.push({ ...a, item, cell: difference(item.compute.formula, a, [b]) });
    }
    if (skipped) {
      warnings.push(
        `${item.key}: not computed as ${item.compute.formula} for ${skipped} period(s): the company reports no ${item.label.toLowerCase()} of its own (its statement has no such line), and one is not invented`,
      );
    }
    own.sort((x, y) => x.end.localeCompare(y.end));
  }
}

/** The latest columns: fiscal years (annual) or quarters, at most `years` years of them. */
export function pickColumns(items: LineItem[], points: Map<string, Point[]>, opts: HistoryOptions) {
  const byEnd = new Map<string, Point>();
  for (const item of items) {
    for (const p of points.get(item.key)!) {
      // one column for one fiscal period, though items date it a few days apart
      const end = keyNear(byEnd, p.end) ?? p.end;
      const seen = byEnd.get(end);
      if (!seen || (seen.fiscal_year === null && p.fiscal_year !== null)) byEnd.set(end, p);
    }
  }
  const want = opts.period === "annual" ? opts.years : opts.years * 4;
  return [...byEnd.values()].sort((a, b) => a.end.localeCompare(b.end)).slice(-want).map(
    (p): Column => ({
      label: fiscalName(p) ?? p.end,
      start: p.start,
      end: p.end,
      fiscal_year: p.fiscal_year,
      fiscal_period: p.fiscal_period,
    }),
  );
}

/**
 * Trailing twelve months as of the latest quarter: flows are the sum of the last four discrete
 * quarters (or the full year when the latest period is a fiscal year end); balances are the
 * latest balance; per-share figures and share counts are not summed.
 */
export function ttmColumn(
  items: LineItem[],
  points: Map<string, Point[]>,
  warnings: string[],
  yearAt: (item: LineItem, end: string) => Point | null = () => null,
  lastYear: Point | null = null,
): { column: Column; cells: Map<string, Cell> } | null {
  let latest: Point | null = null;
  for (const item of items) {
    for (const p of points.get(item.key)!) if (!latest || p.end > latest.end) latest = p;
  }
  if (lastYear && (!latest || daysBetween(latest.end, lastYear.end) > SAME_PERIOD_DAYS)) {
    latest = lastYear;
  }
  if (!latest) {
    warnings.push("no quarterly or annual values to build a trailing twelve months from");
    return null;
  }
  const end = latest.end;
  const cells = new Map<string, Cell>();
  let start: string | null = null;
  for (const item of items) {
    const pts = points.get(item.key)!;
    if (item.kind === "per_share" || item.kind === "shares") {
      cells.set(
        item.key,
        gap(
          item.kind === "per_share"
            ? "per-share figures are not summed over quarters; divide TTM net income by shares"
            : "share counts are not summed over quarters",
        ),
      );
      continue;
    }
    const at = pointAt(pts, end);
    if (item.kind === "instant") {
      const copy = at ? { ...at.cell } : gap();
      if (at) leavesOf.set(copy, leavesOf.get(at.cell) ?? []);
      cells.set(item.key, copy);
      continue;
    }
    const chain: Point[] = [];
    let cursor = at;
    while (cursor && chain.length < 4) {
      chain.push(cursor);
      const s = cursor.start;
      cursor = s
        ? pts.find((p) => near(nextDay(p.end), s) && p !== chain[chain.length - 1])
        : undefined;
    }
    const empty = chain.find((p) => p.cell.value === null);
    // quarters that cannot be summed (one left empty: a Q4 not derived across two bases) on a
    // fiscal year end: the year as reported is the twelve months
    const year = empty || chain.length < 4 ? yearAt(item, end) : null;
    if (year && year.cell.value !== null) {
      const cell: Cell = {
        ...year.cell,
        derived: `${fiscalName(year) ?? year.end} (the twelve months end on the fiscal year end${
          empty
            ? `; the quarters are not summed: ${fiscalName(empty) ?? empty.end} has no value`
            : ""
        })`,
        sources: [source(year)],
      };
      leavesOf.set(cell, leavesOf.get(year.cell) ?? []);
      start ??= year.start;
      cells.set(item.key, cell);
    } else if (empty) {
      cells.set(
        item.key,
        gap(
          `not summed: ${fiscalName(empty) ?? empty.end} has no value${
            empty.cell.note ? ` (${empty.cell.note})` : ""
          }`,
        ),
      );
    } else if (chain.length === 4) {
      const [first, ...rest] = chain;
      const value = chain.reduce((sum, p) => sum + p.cell.value!, 0);
      start ??= chain[3].start;
      const formula = [first, ...rest].map((p) => fiscalName(p) ?? p.end).join(" + ");
      const leaves = chain.flatMap((p) => leavesOf.get(p.cell) ?? []);
      const mixed = mixedBasis(leaves);
      const sum: Cell = {
        ...gap(),
        value,
        derived: mixed ? `${formula} (${mixed})` : formula,
        sources: chain.map(source),
      };
      leavesOf.set(sum, leaves);
      cells.set(item.key, sum);
    } else cells.set(item.key, gap("fewer than four consecutive quarters reported"));
  }
  // four quarters of a 52/53-week calendar: 364 days, or 371 with a 14-week quarter
  const days = start ? daysBetween(start, end) + 1 : null;
  if (days !== null && (days > 367 || days < 360)) {
    warnings.push(
      `the trailing twelve months to ${end} cover ${days} days (${start} to ${end}), not 52 weeks${
        days > 367
          ? " (a 53-week fiscal year's extra week is among the four: its 14-week, or 17-week, quarter)"
          : ""
      }: flows summed over them do not compare with a 52-week year's`,
    );
  }
  return {
    column: {
      label: `TTM to ${end}`,
      start,
      end,
      fiscal_year: latest.fiscal_year,
      fiscal_period: "TTM",
    },
    cells,
  };
}
