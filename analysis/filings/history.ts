/**
 * A standardized multi-period statement from company facts: standard line items as rows,
 * fiscal periods as columns, each cell with the filing that reported it. Derived cells (a Q4
 * from the full year, a quarter from year-to-date figures, free cash flow, a TTM sum) say how
 * they were derived and cite every value they use. Gaps stay gaps.
 *
 * Here: the shapes and the assembly of rows and columns. Cells and their citations are in
 * history_cells.ts, periods, quarters, computed items and the TTM column in history_points.ts,
 * fiscal-calendar warnings in history_calendar.ts.
 */
import { switchWords, taxonomySwitch } from "./taxonomy_switch.ts";
import { calendarFrom, fiscalName, labelChecked } from "./facts_calendar.ts";
import {
  type Concepts,
  daysBetween,
  type FactPeriod,
  type FilingIndex,
  SAME_PERIOD_DAYS,
  scaleSlip,
  slipWords,
} from "./facts.ts";
import { mergedPeriods } from "./facts_merge.ts";
import { otherUnits, reportingBasis, unitKind } from "./facts_basis.ts";
import {
  itemUnit,
  type LineItem,
  mergeRules,
  statementItems,
  type StatementKind,
  type Taxonomy,
} from "./facts_items.ts";
import { describeSplits, type ShareBasis, shareBasis } from "./splits.ts";
import { calendarWarnings, foreignIssuer, halfYearsOnly } from "./history_calendar.ts";
import { fmtValue, gap, leavesOf, point, reported, SEVERAL } from "./history_cells.ts";
import {
  addComputed,
  annualPoints,
  pickColumns,
  type Point,
  pointAt,
  quarterPoints,
  ttmColumn,
} from "./history_points.ts";

/** One value a cell rests on. */
export interface CellSource {
  item: string;
  period: string;
  start: string | null;
  end: string;
  value: number;
  tag: string | null;
  accession_no: string | null;
  form: string | null;
  filed: string | null;
  derived: string | null;
  /** What a derived source rests on, one level down. */
  sources?: CellSource[] | null;
}

export interface Cell {
  value: number | null;
  tag: string | null;
  accession_no: string | null;
  form: string | null;
  filed: string | null;
  restated: boolean;
  first_reported: number | null;
  /**
   * A restated value's other report: with basis=latest the filing that first reported the
   * period (first_reported is its value), with basis=first_reported the latest filing, which
   * restated it; null when the value was never restated.
   */
  restated_from: { value: number; accession_no: string; form: string; filed: string } | null;
  /** How the value was derived ("FY - Q1 - Q2 - Q3"); null for a reported value. */
  derived: string | null;
  /** Every value a derived cell uses. */
  sources: CellSource[] | null;
  note: string | null;
}

export interface Column {
  label: string;
  start: string | null;
  end: string;
  fiscal_year: number | null;
  fiscal_period: string | null;
}

export interface Row {
  key: string;
  label: string;
  kind: LineItem["kind"];
  unit: string;
  level: number;
  total: boolean;
  cells: Cell[];
}

export interface History {
  taxonomy: Taxonomy;
  currency: string;
  columns: Column[];
  rows: Row[];
  /** Line items with no value in any column. */
  missing: string[];
  warnings: string[];
}

export interface HistoryOptions {
  statement: StatementKind;
  period: "annual" | "quarterly" | "ttm";
  years: number;
  asOf: string | null;
  basis: "latest" | "first_reported";
}

/** Forms whose facts a statement history uses (annual and quarterly reports and amendments). */
export const STATEMENT_FORMS = [
  "10-K",
  "10-K/A",
  "10-KT",
  "10-KT/A",
  "10-Q",
  "10-Q/A",
  "20-F",
  "20-F/A",
  "40-F",
  "40-F/A",
];

/** Builds the statement history. */
export function buildHistory(
  taxonomies: Record<string, Concepts>,
  filings: FilingIndex,
  opts: HistoryOptions,
): History | null {
  // as the company reported by `asOf` (nothing filed by then: as it reports now, and no columns)
  const basis = reportingBasis(taxonomies, opts.asOf) ?? reportingBasis(taxonomies);
  if (!basis) return null;
  const { taxonomy, currency } = basis;
  const warnings: string[] = [];
  if (basis.other.length) {
    const moved = taxonomySwitch(taxonomies, taxonomy, opts.asOf);
    warnings.push(
      `the company also reports ${basis.other.join(", ")} values${
        moved ? ` (${switchWords(moved)})` : ""
      }; this history reads ${taxonomy}, the taxonomy of its latest annual report${
        moved
          ? `, and joins no ${moved.from} figure to it: the two taxonomies measure some items differently, so years before the move are left out, not mixed in`
          : ""
      } (read the others with filings.facts taxonomy=)`,
    );
  }
  const items = statementItems(opts.statement);
  const concepts = taxonomies[taxonomy];
  const periods = new Map<string, FactPeriod[]>();
  const also: string[] = [];
  for (const item of items) {
    const unit = itemUnit(item, currency);
    const ps = mergedPeriods(
      item.tags[taxonomy],
      concepts,
      unit,
      filings,
      { asOf: opts.asOf, forms: STATEMENT_FORMS },
      // periods whose datings disagree are told below, only where a shown cell uses them
      { ...mergeRules(item, taxonomy, (m) => warnings.push(m)), warnDates: false },
    );
    periods.set(item.key, ps);
    const other = otherUnits(item.tags[taxonomy], concepts, unit, ps, opts.asOf, true);
    // a unit of another kind (a share count or a ratio under a money item's tag) is no currency:
    // said as what it is, not as figures "mixed with" the statement's currency
    const odd = otherUnits(item.tags[taxonomy], concepts, unit, ps, opts.asOf, false);
    if (odd.periods) {
      warnings.push(
        `${item.key}: ${odd.periods} period(s) are tagged only in ${
          odd.units.join(", ")
        }, not in ${unit}, the unit this item is read in (${
          unitKind(unit) === "money"
            ? "an amount of money"
            : unitKind(unit) === "per_share"
            ? "an amount per share"
            : `a count in ${unit}`
        }): a tagging slip or another quantity under the same tag, left out (read them with filings.facts unit=${
          odd.units[0]
        })`,
      );
    }
    if (other.units.length && ps.length && !other.periods) also.push(...other.units);
    if (other.units.length && !ps.length) {
      warnings.push(
        `${item.key}: reported only in ${
          other.units.join(", ")
        }, not in ${unit}; left out rather than mixed with ${currency} figures`,
      );
    } else if (other.periods) {
      warnings.push(
        `${item.key}: ${other.periods} period(s) reported only in ${
          other.units.join(", ")
        }, not in ${unit}, are left out rather than mixed with ${currency} figures`,
      );
    }
  }
  if (also.length) {
    // the same periods in a second currency (a foreign issuer's convenience translation into
    // USD beside its reporting currency): never added to nor compared with this history
    const units = [...new Set(also.map((u) => u.split("/")[0]))];
    warnings.push(
      `some items are also reported in ${
        units.join(", ")
      } for periods shown here (a convenience translation, or a second currency, beside ${currency}, the currency of the company's financial statements); this history is in ${currency} only and never mixes currencies (read the others with filings.facts unit=${
        units[0]
      })`,
    );
  }
  const shares = items.some((i) => i.kind === "per_share" || i.kind === "shares")
    ? shareBasis(taxonomies, opts.asOf)
    : null;
  const unplaced = new Set<string>();
  // amounts whose reports differ by a power of a thousand (see scaleSlip): told where shown
  const slipped = new WeakMap<Cell, string>();
  const cellOf = (item: LineItem, p: FactPeriod) => {
    const cell = reported(item, p, opts.basis, shares, unplaced);
    // share counts too: NVIDIA's 10-Q of 2010 tagged 546,639 thousand diluted shares as 546,639
    const f = item.kind === "flow" || item.kind === "instant" || item.kind === "shares"
      ? scaleSlip(p.first.value, p.last.value)
      : null;
    if (f !== null && p.restated) {
      slipped.set(
        cell,
        `${item.key} ${fiscalName(p) ?? `${p.start ? `${p.start}..` : ""}${p.end}`}: ${
          fmtValue(p.first.value)
        } in ${p.first.accession_no} (${p.first.form}), then ${
          fmtValue(p.last.value)
        } in ${p.last.accession_no} (${p.last.form}), ${slipWords(f)} it`,
      );
    }
    return cell;
  };
  const points = new Map<string, Point[]>();
  for (const item of items) {
    const ps = periods.get(item.key)!;
    points.set(
      item.key,
      opts.period === "annual" ? annualPoints(item, ps, cellOf) : quarterPoints(item, ps, cellOf),
    );
  }
  const reportsItself = (item: LineItem) =>
    item.tags[taxonomy].some((t) => concepts?.[t]?.units[itemUnit(item, currency)]?.length);
  addComputed(items, points, reportsItself, warnings);
  if (opts.period !== "annual") {
    const halves = halfYearsOnly(filings, opts.asOf, opts.period);
    if (halves) warnings.push(halves);
    const fpi = foreignIssuer(filings, opts.asOf);
    if (fpi) {
      warnings.push(
        `${fpi}: a foreign private issuer's interim results come on form 6-K, which needs no XBRL, so SEC's company facts seldom hold them: ${
          opts.period === "ttm"
            ? "the trailing twelve months are that fiscal year"
            : "its quarters and half years are missing here"
        }, and results it published since are not in it (find them with filings.recent forms=6-K)`,
      );
    }
  }
  let layout: Layout;
  if (opts.period === "ttm") {
    const ttm = ttmLayout(items, periods, points, cellOf, warnings);
    if (!ttm) return { taxonomy, currency, columns: [], rows: [], missing: [], warnings };
    layout = ttm;
  } else layout = periodLayout(items, periods, points, filings, opts, warnings);
  const { columns, cellsFor } = layout;
  const rows: Row[] = [];
  const missing: string[] = [];
  for (const item of items) {
    const cells = cellsFor(item);
    if (cells.every((c) => c.value === null && !c.note)) {
      missing.push(item.key);
      continue;
    }
    rows.push({
      key: item.key,
      label: item.label,
      kind: item.kind,
      unit: itemUnit(item, currency),
      level: item.level,
      total: item.total ?? false,
      cells,
    });
  }
  warnings.push(...cellWarnings(rows, opts.basis, slipped));
  warnings.push(...shareJumps(rows, columns));
  if (shares) warnings.push(...splitWarnings(rows, shares));
  warnings.push(...datingWarnings(rows));
  return { taxonomy, currency, columns, rows, missing, warnings };
}

/** The columns of a history and each line item's cells under them. */
interface Layout {
  columns: Column[];
  cellsFor: (item: LineItem) => Cell[];
}

/**
 * The trailing twelve months as one column, with warnings for a transition period within or
 * after them; null when no quarter or year gives them.
 */
function ttmLayout(
  items: LineItem[],
  periods: Map<string, FactPeriod[]>,
  points: Map<string, Point[]>,
  cellOf: (item: LineItem, p: FactPeriod) => Cell,
  warnings: string[],
): Layout | null {
  // the fiscal year ending on the TTM's end, for a flow whose quarters cannot be summed
  const yearAt = (item: LineItem, end: string): Point | null => {
    if (item.kind !== "flow" || item.compute) return null;
    const a = periods.get(item.key)?.find((p) =>
      p.kind === "annual" && Math.abs(daysBetween(p.end, end)) <= SAME_PERIOD_DAYS
    );
    return a ? point(item, a, cellOf(item, a)) : null;
  };
  // the latest fiscal year of any flow: the TTM's end when no quarter comes after it (a
  // company whose facts hold years only, as a 20-F filer's)
  let lastYear: Point | null = null;
  for (const item of items) {
    if (item.kind !== "flow" || item.compute) continue;
    for (const p of periods.get(item.key) ?? []) {
      if (p.kind === "annual" && (!lastYear || p.end > lastYear.end)) {
        lastYear = point(item, p, gap());
      }
    }
  }
  const ttm = ttmColumn(items, points, warnings, yearAt, lastYear);
  if (!ttm) return null;
  // a transition period within the twelve months, or after them: no four quarters of one
  // calendar run across it, and the company's latest months may be in it
  const end = ttm.column.end;
  const crossed = new Map<string, FactPeriod>();
  for (const ps of periods.values()) {
    for (const p of ps) {
      // a three-month transition period is summed as the quarter it is
      if (
        p.fiscal_period === "transition" && p.start && p.kind !== "quarter" &&
        daysBetween(p.end, end) < 364
      ) {
        crossed.set(`${p.start}..${p.end}`, p);
      }
    }
  }
  for (const [dates, p] of crossed) {
    warnings.push(
      `transition period ${dates} (${p.first.form} ${p.first.accession_no}): the company moved its fiscal year end ${
        p.end > end ? "after" : "within"
      } the trailing twelve months to ${end}; quarters are not summed across the months between the old and the new year end${
        p.end > end ? `, and the transition period's later months are not in them` : ""
      } (read it with filings.facts period=all)`,
    );
  }
  return { columns: [ttm.column], cellsFor: (item) => [ttm.cells.get(item.key)!] };
}

/**
 * The latest fiscal years or quarters as columns, with warnings for 16-week quarters and for
 * labels from before the company's current calendar.
 */
function periodLayout(
  items: LineItem[],
  periods: Map<string, FactPeriod[]>,
  points: Map<string, Point[]>,
  filings: FilingIndex,
  opts: HistoryOptions,
  warnings: string[],
): Layout {
  const columns = pickColumns(items, points, opts);
  warnings.push(...calendarWarnings(columns, periods, opts.period));
  const cellsFor = (item: LineItem) =>
    columns.map((c) => pointAt(points.get(item.key)!, c.end)?.cell ?? gap());
  // quarters of a 13-period calendar's 16-week quarter (see longQuarter), reported or derived
  const long = columns.filter((c) =>
    c.start && /^Q[1-4]$/.test(c.fiscal_period ?? "") && daysBetween(c.start, c.end) + 1 > 100
  );
  if (long.length) {
    warnings.push(
      `${long.length} quarter column(s) (${
        long.map((c) => `${c.label} of ${Math.round((daysBetween(c.start!, c.end) + 1) / 7)} weeks`)
          .join(", ")
      }) are longer than 13 weeks: the company's fiscal year has a 16-week quarter (a 16-12-12-12 or 12-12-12-16-week year of thirteen 4-week periods), read by its own length; their flows do not compare with its 12-week quarters or with calendar quarters (four quarters still make its 52-week year)`,
    );
  }
  const unchecked = columns.filter((c) =>
    c.fiscal_year !== null && labelChecked(c, filings) === false
  );
  if (unchecked.length) {
    warnings.push(
      `${unchecked.length} column(s) (${
        unchecked.map((c) => `${c.label} ending ${c.end}`).join(", ")
      }) are before ${
        calendarFrom(filings)
      }, the start of the earliest fiscal year the company's annual reports show on its current calendar: their fiscal labels are SEC's fy/fp of the filings that reported them, not checked against the company's calendar (their dates are right)`,
    );
  }
  return { columns, cellsFor };
}

/**
 * What the shown cells leave unsaid, one warning per kind, in this order: cells left empty for a
 * filing's several values, derived cells of mixed basis, quarters not derived for that reason,
 * values an amendment gave, and values restated by a power of a thousand (a tagging slip, more
 * likely than a restatement).
 */
function cellWarnings(
  rows: Row[],
  basis: HistoryOptions["basis"],
  slipped: WeakMap<Cell, string>,
): string[] {
  const warnings: string[] = [];
  const several = rows.flatMap((r) =>
    r.cells.filter((c) => c.note?.startsWith(SEVERAL)).map(() => r.key)
  );
  if (several.length) {
    warnings.push(
      `${several.length} cell(s) (${
        [...new Set(several)].join(", ")
      }) are left empty: the filing used reports several different values for the period (one per share class or other dimension SEC's company facts do not name); see each cell's note, and read the values with filings.facts`,
    );
  }
  const mixed = rows.flatMap((r) =>
    r.cells.filter((c) => c.derived?.includes("(mixed basis: ")).map(() => r.key)
  );
  if (mixed.length) {
    warnings.push(
      `${mixed.length} derived cell(s) (${
        [...new Set(mixed)].join(", ")
      }) combine values of different basis (one input restated by a later filing, the others never reported again on that basis): they are neither the period as first reported nor as restated; see each cell's derived formula${
        basis === "latest" ? ", and basis=first_reported for values all as originally filed" : ""
      }`,
    );
  }
  const unmixed = rows.flatMap((r) =>
    r.cells.filter((c) =>
      c.value === null && !!c.note?.startsWith("not derived as ") &&
      c.note.includes(": mixed basis: ")
    ).map(() => r.key)
  );
  if (unmixed.length) {
    warnings.push(
      `${unmixed.length} quarter(s) (${
        [...new Set(unmixed)].join(", ")
      }) are left empty rather than derived: their inputs are of different basis (a year restated by a later filing, its quarters never reported again on that basis, or the reverse), and the difference would be the quarter on neither basis; see each cell's note${
        basis === "latest" ? ", and basis=first_reported for values all as originally filed" : ""
      }`,
    );
  }
  // values an amendment gave: said, so that an amended figure is not taken for the original
  // filing's (or, as first reported, an amendment's first report for the original's)
  const amended = rows.flatMap((r) =>
    r.cells.filter((c) => c.value !== null && /\/A$/i.test(c.form ?? "")).map((c) => ({ r, c }))
  );
  if (amended.length) {
    const changed = amended.filter(({ c }) => c.restated).length;
    const forms = [...new Set(amended.map(({ c }) => `${c.form} ${c.accession_no}`))];
    warnings.push(
      `${amended.length} shown value(s) (${
        [...new Set(amended.map(({ r }) => r.key))].join(", ")
      }) are as an amendment reported them (${forms.slice(0, 3).join(", ")}${
        forms.length > 3 ? ", ..." : ""
      }), not the original filing${
        changed ? `; ${changed} of them differ from the first report (restated)` : ""
      }; each cell's form and accession_no say which${
        basis === "latest" ? " (basis=first_reported gives the values as first filed)" : ""
      }`,
    );
  }
  const slips = rows.flatMap((r) => r.cells.map((c) => slipped.get(c)).filter((x) => !!x));
  if (slips.length) {
    warnings.push(
      `${slips.length} shown value(s) were restated to a power of a thousand times their first value or to its negative (${
        slips.slice(0, 3).join("; ")
      }${
        slips.length > 3 ? "; ..." : ""
      }): more likely a tagging slip in one filing (a figure in thousands or millions tagged as units, or with the wrong sign) than a restatement; the value shown (${
        basis === "latest" ? "the latest filed" : "the first filed"
      }) is not checked to be the right one: read both filings before using it`,
    );
  }
  return warnings;
}

/**
 * The shown cells that rest on a period whose reports give it different dates and values (see
 * groupPeriods): one warning per item and period, naming both values, filings and dates.
 */
function datingWarnings(rows: Row[]): string[] {
  const out = new Set<string>();
  for (const r of rows) {
    for (const c of r.cells) {
      for (const l of leavesOf.get(c) ?? []) {
        if (l.dates_disagree) out.add(`${r.key}: ${l.dates_disagree}`);
      }
    }
  }
  return [...out];
}

/** What the shown per-share and share-count cells owe to share splits, in words. */
/**
 * Share counts a power of a thousand apart in neighbouring columns: no company's share count
 * moves a thousandfold in a period (splits are already on one basis here), so one of the two was
 * most likely tagged in thousands as units, a slip a single report leaves no restatement to show.
 */
export function shareJumps(rows: Row[], columns: Column[]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    if (row.kind !== "shares") continue;
    const jumps: string[] = [];
    let prev: { value: number; i: number } | null = null;
    row.cells.forEach((c, i) => {
      if (c.value === null || c.value === 0) return;
      // two periods' counts differ a little besides the slip (issues, buybacks): within a tenth
      const r = prev ? c.value / prev.value : 0;
      if (prev && [1e3, 1e6, 1e-3, 1e-6].some((f) => Math.abs(r / f - 1) <= 0.1)) {
        jumps.push(
          `${columns[prev.i]?.label ?? prev.i} ${fmtValue(prev.value)} beside ${
            columns[i]?.label ?? i
          } ${fmtValue(c.value)}`,
        );
      }
      prev = { value: c.value, i };
    });
    if (jumps.length) {
      out.push(
        `${row.key}: share counts a thousand times apart in neighbouring periods (${
          jumps.slice(0, 3).join("; ")
        }${
          jumps.length > 3 ? "; ..." : ""
        }): one of each pair was most likely tagged in thousands as units (a slip in that filing, no change in the shares); check the cited filings before using either`,
      );
    }
  }
  return out;
}

function splitWarnings(rows: Row[], shares: ShareBasis): string[] {
  const cells = rows.filter((r) => r.kind === "per_share" || r.kind === "shares")
    .flatMap((r) => r.cells);
  const out: string[] = [];
  if (cells.some((c) => c.derived?.includes(" as reported "))) {
    out.push(
      `per-share figures and share counts reported before a share split are restated to the latest filing's share basis (${
        describeSplits(shares)
      }); each such cell is derived and cites the value as reported`,
    );
  }
  const unknown = cells.filter((c) => c.note?.startsWith("share basis unknown"));
  if (unknown.length) {
    out.push(
      `${unknown.length} per-share or share-count value(s) are on a share basis that cannot be told (a split the company facts show could not be placed between filings): they may not compare with the other columns (see each cell's note)`,
    );
  }
  return out;
}
