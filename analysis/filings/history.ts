/**
 * A standardized multi-period statement from company facts: standard line items as rows,
 * fiscal periods as columns, each cell with the filing that reported it. Derived cells (a Q4
 * from the full year, a quarter from year-to-date figures, free cash flow, a TTM sum) say how
 * they were derived and cite every value they use. Gaps stay gaps.
 */
import { switchWords, taxonomySwitch } from "./taxonomy_switch.ts";
import { calendarFrom, fiscalName, labelChecked } from "./facts_calendar.ts";
import {
  type Concepts,
  daysBetween,
  type FactPeriod,
  type FilingIndex,
  SAME_PERIOD_DAYS,
  samePeriod,
  scaleSlip,
  slipWords,
} from "./facts.ts";
import { mergedPeriods } from "./facts_merge.ts";
import { otherUnits, reportingBasis, unitKind } from "./facts_basis.ts";
import {
  atDate,
  itemUnit,
  type LineItem,
  mergeRules,
  statementItems,
  type StatementKind,
  type Taxonomy,
} from "./facts_items.ts";
import { describeSplits, onBasis, restatedOnBasis, type ShareBasis, shareBasis } from "./splits.ts";
import { calendarWarnings, foreignIssuer, halfYearsOnly } from "./history_calendar.ts";

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

/** A value of one line item for one period, before it becomes a cell. */
interface Point {
  item: LineItem;
  start: string | null;
  end: string;
  fiscal_year: number | null;
  fiscal_period: string | null;
  cell: Cell;
}

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
    const f = item.kind === "flow" || item.kind === "instant"
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
  let columns: Column[];
  let cellsFor: (item: LineItem) => Cell[];
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
  if (opts.period === "ttm") {
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
    if (!ttm) return { taxonomy, currency, columns: [], rows: [], missing: [], warnings };
    columns = [ttm.column];
    cellsFor = (item) => [ttm.cells.get(item.key)!];
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
  } else {
    columns = pickColumns(items, points, opts);
    warnings.push(...calendarWarnings(columns, periods, opts.period));
    cellsFor = (item) => columns.map((c) => pointAt(points.get(item.key)!, c.end)?.cell ?? gap());
    // quarters of a 13-period calendar's 16-week quarter (see longQuarter), reported or derived
    const long = columns.filter((c) =>
      c.start && /^Q[1-4]$/.test(c.fiscal_period ?? "") && daysBetween(c.start, c.end) + 1 > 100
    );
    if (long.length) {
      warnings.push(
        `${long.length} quarter column(s) (${
          long.map((c) =>
            `${c.label} of ${Math.round((daysBetween(c.start!, c.end) + 1) / 7)} weeks`
          )
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
  }
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
        opts.basis === "latest"
          ? ", and basis=first_reported for values all as originally filed"
          : ""
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
        opts.basis === "latest"
          ? ", and basis=first_reported for values all as originally filed"
          : ""
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
        opts.basis === "latest" ? " (basis=first_reported gives the values as first filed)" : ""
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
        opts.basis === "latest" ? "the latest filed" : "the first filed"
      }) is not checked to be the right one: read both filings before using it`,
    );
  }
  if (shares) warnings.push(...splitWarnings(rows, shares));
  warnings.push(...datingWarnings(rows));
  return { taxonomy, currency, columns, rows, missing, warnings };
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

/**
 * The point at a column's end: on that date, or else within SAME_PERIOD_DAYS of it (the same
 * fiscal period, dated a few days off by another line item's filings).
 */
function pointAt(points: Point[], end: string): Point | undefined {
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

/** What the shown per-share and share-count cells owe to share splits, in words. */
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

function gap(note: string | null = null): Cell {
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

type CellOf = (item: LineItem, p: FactPeriod) => Cell;

/** How a cell left empty for a filing's several values of its period begins (see reported). */
const SEVERAL = "several values";

const fmtValue = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 6 });

function reported(
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
    tag: p.tag,
    accession_no: r.accession_no,
    form: r.form,
    filed: r.filed,
    restated: p.restated,
    first_reported: p.first.value,
    restated_from: p.restated ? { ...(basis === "first_reported" ? p.last : p.first) } : null,
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
const leavesOf = new WeakMap<Cell, Leaf[]>();

/**
 * Whether a derived value combines values of different basis, in words: one input restated by
 * a filing the others were never reported in again (a full year restated by a later 10-K,
 * quarters as first reported), or, as first reported, one input first reported after another
 * had already been restated. Null when they agree (or no input was ever restated).
 */
function mixedBasis(all: Leaf[]): string | null {
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

function point(item: LineItem, p: FactPeriod, cell: Cell, fp?: string): Point {
  return {
    item,
    start: p.start,
    end: p.end,
    fiscal_year: p.fiscal_year,
    fiscal_period: fp ?? p.fiscal_period,
    cell,
  };
}

function annualPoints(item: LineItem, ps: FactPeriod[], cellOf: CellOf): Point[] {
  if (atDate(item)) {
    return ps.filter((p) => p.kind === "instant" && p.fiscal_period === "FY")
      .map((p) => point(item, p, cellOf(item, p)));
  }
  return ps.filter((p) => p.kind === "annual").map((p) => point(item, p, cellOf(item, p)));
}

const near = (a: string, b: string) => Math.abs(daysBetween(a, b)) <= 7;
const nextDay = (d: string) => new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10);

function source(pt: Point): CellSource {
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
function difference(formula: string, first: Point, rest: Point[]): Cell {
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

/** Discrete quarters: reported, or derived from year-to-date and full-year values (flows only). */
function quarterPoints(item: LineItem, ps: FactPeriod[], cellOf: CellOf): Point[] {
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
function addComputed(
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
function pickColumns(items: LineItem[], points: Map<string, Point[]>, opts: HistoryOptions) {
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
function ttmColumn(
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
