/**
 * The values of a statement's rows: the non-dimensional facts of each row's concept (the most
 * precise of duplicates, in the statement's currency), balances placed at the columns' instants
 * (an opening balance on the day before a period starts), and one member of the statement's own
 * axes as rows of their own.
 */
import { checkpoint } from "../../core/cancel.ts";
import type { Context, Fact, Instance, Labels } from "../../providers/filings_a/xbrl.ts";
import {
  byTableOrder,
  memberLines,
  memberRow,
  placeOf,
  type StatementTable,
  type TableMember,
} from "./statement_members.ts";
import type { StatementRow } from "./statement.ts";

const CURRENCY = /^[A-Z]{3}$/;

/** The currency of an amount or a per-share unit (JPY, JPY/shares); null for others. */
const unitCurrency = (unit: string | null) =>
  /^([A-Z]{3})(?:\/shares)?$/.exec(unit ?? "")?.[1] ?? null;

/** The most precise first: decimals INF (null) before 2 before -3 before -6. */
const precision = (f: Fact) => (f.decimals === null ? Infinity : f.decimals);

type Entry = { f: Fact; ctx: Context };

const pushTo = <K, V>(map: Map<K, V[]>, key: K, v: V) => {
  const list = map.get(key);
  if (list) list.push(v);
  else map.set(key, [v]);
};

// Keeps the periods most rows report (the statement's columns), most recent first. One value per
// row and period: in the statement's own currency when a fact is also given in another (a
// convenience translation), the most precise of duplicates; inconsistent duplicates are warned.
// The facts of one member of the statement's own axes are a row of their own after the row of
// their concept (labelled by the member, axis and member given), never in its values.
export function attachValues(
  rows: StatementRow[],
  inst: Instance,
  warnings: string[],
  table: StatementTable,
  labels: Labels,
): string[] {
  const counts = new Map<string, { n: number; end: string; start: string }>();
  const currencies = new Map<string, number>();
  for (const row of rows) {
    if (row.abstract) continue;
    for (const f of inst.facts.get(row.concept) ?? []) {
      const ctx = inst.contexts.get(f.context);
      if (!ctx || ctx.dimensional || !f.unit || !CURRENCY.test(f.unit)) continue;
      currencies.set(f.unit, (currencies.get(f.unit) ?? 0) + 1);
    }
  }
  let currency: string | null = null;
  for (const [u, n] of currencies) if (!currency || n > currencies.get(currency)!) currency = u;
  const translated = new Set<string>();
  const clashes: string[] = [];
  const choose = (row: StatementRow, label: string, list: Entry[]): Entry => {
    let pool = list;
    const units = new Set(list.map((x) => x.f.unit));
    if (units.size > 1 && currency && units.has(currency)) {
      pool = list.filter((x) => x.f.unit === currency || !CURRENCY.test(x.f.unit ?? ""));
      translated.add(row.concept);
    }
    const best = pool.reduce((a, b) => (precision(b.f) > precision(a.f) ? b : a));
    const f = best.f;
    if (
      pool.some((x) =>
        x.f.unit === f.unit && x.f.value !== null && f.value !== null &&
        Math.abs(x.f.value - f.value) > 0.5 * 10 ** -Math.min(precision(x.f), 12) * (1 + 1e-9)
      )
    ) clashes.push(`${row.concept}${row.member ? ` (${row.member})` : ""} ${label}`);
    row.values[label] = {
      raw: f.value,
      reported: f.value === null
        ? null
        : f.decimals !== null && f.decimals < 0
        ? f.value / 10 ** -f.decimals
        : f.value,
      unit: f.unit,
      decimals: f.decimals,
      period_type: best.ctx.instant ? "instant" : "duration",
      preferred_sign: /negated/i.test(row.preferred_label_role ?? "") ? -1 : 1,
    };
    return best;
  };
  // the periods each row's concept is reported for only under members of axes this statement
  // does not show, under typed members of its axes, or under several of its members at once
  const byMember = new Map<StatementRow, Set<string>>();
  const typed = new Map<StatementRow, Set<string>>();
  const several = new Map<StatementRow, Set<string>>();
  const unlisted = new Map<StatementRow, Set<string>>();
  const note = (map: Map<StatementRow, Set<string>>, row: StatementRow, label: string) =>
    map.set(row, (map.get(row) ?? new Set<string>()).add(label));
  const out: StatementRow[] = [];
  for (const row of rows) {
    out.push(row);
    if (row.abstract) continue;
    checkpoint();
    let steps = 0;
    const byLabel = new Map<string, Entry[]>();
    // by the indices of its members in the table: one member, or several at once
    const split = new Map<string, { members: TableMember[]; periods: Map<string, Entry[]> }>();
    for (const f of inst.facts.get(row.concept) ?? []) {
      if ((++steps & 1023) === 0) checkpoint();
      const ctx = inst.contexts.get(f.context);
      if (!ctx) continue;
      const label = periodLabel(ctx);
      if (!ctx.dimensional) {
        pushTo(byLabel, label, { f, ctx });
        continue;
      }
      const place = placeOf(ctx, table);
      if (Array.isArray(place)) {
        const key = place.map((m) => m.index).join(" ");
        let group = split.get(key);
        if (!group) split.set(key, group = { members: place, periods: new Map() });
        pushTo(group.periods, label, { f, ctx });
      } else if (f.value !== null) {
        const map = place === "typed"
          ? typed
          : place === "several"
          ? several
          : place === "unlisted"
          ? unlisted
          : byMember;
        note(map, row, label);
      }
    }
    for (const [label, list] of byLabel) {
      const { ctx } = choose(row, label, list);
      const c = counts.get(label) ??
        { n: 0, end: ctx.instant ?? ctx.end ?? "", start: ctx.start ?? "" };
      c.n++;
      counts.set(label, c);
    }
    // the member rows, in the order the statement lists its members (a row under several
    // members at once after the row of its first); no column count
    const groups = [...split.values()].sort((x, y) => byTableOrder(x.members, y.members));
    for (const { members, periods } of groups) {
      const line = memberRow(row, members, labels);
      for (const [label, list] of periods) choose(line, label, list);
      out.push(line);
    }
  }
  // in place: a loop, not rows.push(...out) (100,000+ rows overflowed the call stack)
  rows.length = 0;
  for (const r of out) rows.push(r);
  if (translated.size) {
    warnings.push(
      `${translated.size} row(s) are also reported in a currency other than ${currency} (a convenience translation, e.g. ${
        [...translated][0]
      }); their ${currency} values are shown, the others left out`,
    );
  }
  if (clashes.length) {
    warnings.push(
      `${clashes.length} value(s) are reported twice for one period with different amounts (inconsistent duplicate facts, e.g. ${
        clashes[0]
      }); the most precise one is shown, check it against the filing`,
    );
  }
  placeBalances(rows, inst, counts, warnings);
  const keep = statementColumns(counts);
  const kept = new Set(keep);
  // a value given only in another currency than the statement's: said, never mixed in silently
  const foreign: string[] = [];
  for (const row of rows) {
    checkpoint();
    for (const [label, v] of Object.entries(row.values)) {
      if (!kept.has(label)) delete row.values[label];
      else if (currency && unitCurrency(v.unit) && unitCurrency(v.unit) !== currency) {
        foreign.push(`${row.concept} ${label} in ${v.unit}`);
      }
    }
  }
  memberLines(rows, warnings);
  warnings.push(...memberWarnings(keep, { byMember, typed, unlisted, several }));
  if (foreign.length) {
    warnings.push(
      `${foreign.length} value(s) are given only in a currency other than the statement's ${currency} (e.g. ${
        foreign[0]
      }): each is shown in its own unit (see its unit), not converted; do not compare or add it with the ${currency} values`,
    );
  }
  return keep;
}

/**
 * Cells the filing reports only in ways the statement does not show, one warning per way: by a
 * member of an axis the statement's table does not list, under typed members, under members its
 * linkbases do not list, under two or more of its members at once.
 */
function memberWarnings(
  keep: string[],
  found: {
    byMember: Map<StatementRow, Set<string>>;
    typed: Map<StatementRow, Set<string>>;
    unlisted: Map<StatementRow, Set<string>>;
    several: Map<StatementRow, Set<string>>;
  },
): string[] {
  const { byMember, typed, unlisted, several } = found;
  const warnings: string[] = [];
  // a row the filing reports for a column only by a member of an axis this statement does not
  // show (a note's breakdown): the cell stays empty, said, never read as nothing reported
  const unshown = (map: Map<StatementRow, Set<string>>) => {
    const out: string[] = [];
    for (const [row, dims] of map) {
      const missing = keep.filter((p) => !row.values[p] && dims.has(p));
      if (missing.length) out.push(`"${row.label}" (${row.concept}) ${missing[0]}`);
    }
    return out;
  };
  const elsewhere = unshown(byMember);
  if (elsewhere.length) {
    warnings.push(
      `${elsewhere.length} row(s) have no value of their own for some column while the filing reports them by a member of an axis this statement's table does not list (e.g. ${
        elsewhere[0]
      }); those cells are empty here, not zero and not absent from the filing: read them on the statement's R page with filings.reports then filings.report`,
    );
  }
  const typedOnly = unshown(typed);
  if (typedOnly.length) {
    warnings.push(
      `${typedOnly.length} row(s) have figures only under typed members of the statement's axes (e.g. ${
        typedOnly[0]
      }), which are not read as rows here; those cells are empty: read them on the statement's R page with filings.reports then filings.report`,
    );
  }
  // figures under members of an axis the statement's table names without listing them: lines
  // the statement may show, not given here, said whether or not the row has its own figure
  const unknown: string[] = [];
  for (const [row, labels] of unlisted) {
    const shown = keep.find((p) => labels.has(p));
    if (shown) unknown.push(`"${row.label}" (${row.concept}) ${shown}`);
  }
  if (unknown.length) {
    warnings.push(
      `${unknown.length} row(s) have figures under members of an axis of the statement's table whose members its linkbases do not list (e.g. ${
        unknown[0]
      }); they are not given here (the statement may show them as lines): read its R page with filings.reports then filings.report`,
    );
  }
  const crossed = unshown(several);
  if (crossed.length) {
    warnings.push(
      `${crossed.length} row(s) have figures only under two or more of the statement's members at once (e.g. ${
        crossed[0]
      }), not all of which its presentation lists under their axes (some only its definition linkbase names): those figures are not given here and those cells are empty: read them on the statement's R page with filings.reports then filings.report`,
    );
  }
  return warnings;
}

/**
 * The statement's columns, most recent first (a 10-Q's quarters before its years to date): the
 * periods enough rows are reported for, less those that are parts of a full column's period (a
 * 10-K's quarterly-data note), each by its label.
 */
function statementColumns(
  counts: Map<string, { n: number; end: string; start: string }>,
): string[] {
  // a loop, not Math.max(...): an instance with 100,000+ periods overflowed the call stack
  let max = 0;
  for (const c of counts.values()) if (c.n > max) max = c.n;
  // the statement's columns: a 10-K's quarterly-data note reports revenue, net income and EPS
  // for each quarter without a dimension, and those quarters (a third of the rows) were
  // columns between the fiscal years. A period of a length no full column has that lies
  // within a full column's period is such a part of it, no column; a short period of its own
  // (from inception, a predecessor's stub) stays
  const lengthOf = (c: { end: string; start: string }) =>
    c.start ? String(Math.round((Date.parse(c.end) - Date.parse(c.start)) / 2_629_800_000)) : "";
  const best = new Map<string, number>();
  for (const c of counts.values()) {
    const k = lengthOf(c);
    if (c.n > (best.get(k) ?? 0)) best.set(k, c.n);
  }
  const full = (c: { end: string; start: string }) => best.get(lengthOf(c))! * 3 >= max * 2;
  const candidates = [...counts].filter(([, c]) => c.n * 4 >= max);
  // the full columns' periods by start, each with the latest end of those starting no later
  // (a binary search per period, not a scan of them all)
  const spans = candidates.filter(([, c]) => c.start && full(c)).map(([, c]) => c)
    .sort((a, b) => a.start.localeCompare(b.start));
  const reach: string[] = [];
  for (const [i, m] of spans.entries()) {
    reach.push(i && reach[i - 1] > m.end ? reach[i - 1] : m.end);
  }
  const within = (c: { start: string; end: string }) => {
    let lo = 0;
    let hi = spans.length; // spans[0..lo) start no later than c
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid].start <= c.start) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && reach[lo - 1] >= c.end;
  };
  const columns = candidates.filter(([, c]) => full(c) || !c.start || !within(c));
  // a 10-Q's quarters and years to date end on the same days: as the filing orders them, the
  // quarters first (this year's, then last year's), then the years to date (periods[0] of a
  // 10-Q was the six or nine months ending that day); other columns most recent first (a
  // predecessor's stub period stays after the successor's year)
  const endsByLength = new Map<string, string[]>();
  for (const [, c] of columns) {
    const list = endsByLength.get(lengthOf(c));
    if (list) list.push(c.end);
    else endsByLength.set(lengthOf(c), [c.end]);
  }
  const ends = [...endsByLength.values()].map((e) => e.sort().join());
  const byLength = ends.length > 1 && ends.every((e) => e === ends[0]);
  return columns
    .sort((a, b) =>
      (byLength ? Number(lengthOf(a[1]) || 0) - Number(lengthOf(b[1]) || 0) : 0) ||
      b[1].end.localeCompare(a[1].end) || a[1].start.localeCompare(b[1].start)
    )
    .map(([label]) => label);
}

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

// Cash-flow "beginning/ending balance" rows are instants shown under duration columns: the
// period-start label takes the instant just before the period, the others its last day.
function placeBalances(
  rows: StatementRow[],
  inst: Instance,
  counts: Map<string, { n: number; end: string; start: string }>,
  warnings: string[],
) {
  const durations = [...counts.keys()].filter((p) => p.includes(" to "));
  // a statement of balances (a balance sheet that also shows a line for a period) keeps its
  // dates as columns: moved under the period's label, every balance left its column
  let instants = 0;
  let periods = 0;
  for (const [p, c] of counts) {
    if (p.includes(" to ")) periods = Math.max(periods, c.n);
    else instants = Math.max(instants, c.n);
  }
  if (!durations.length || instants > periods) return;
  // balance concepts placed at the period's end, and those placed at its start
  const atEnd = new Map<string, StatementRow[]>();
  const opened = new Set<string>();
  // a member row (labelled by its member) opens or closes as the row of its concept before it
  let lastStart = false;
  for (const row of rows) {
    // the opening balance by its preferred label, or, where the filer gave it another label
    // role, by its words ("Cash at beginning of year"): else it showed the closing balance
    const pref = row.preferred_label_role ?? "";
    const atStart: boolean = row.member ? lastStart : /periodStart/i.test(pref) ||
      (!/periodEnd/i.test(pref) && /\b(?:beginning|start) of\b|\bbeginning\b/i.test(row.label));
    if (!row.member) lastStart = atStart;
    const keys = Object.keys(row.values);
    if (row.abstract || !keys.length || keys.some((k) => k.includes(" to "))) continue;
    // a member row is a balance of its own (Products' cash is not the total's)
    const key = row.member ? `${row.concept} ${row.member}` : row.concept;
    if (atStart) opened.add(key);
    else {
      const list = atEnd.get(key);
      if (list) list.push(row);
      else atEnd.set(key, [row]);
    }
    checkpoint(); // every duration column is looked up for each balance row
    const instants = new Map(Object.entries(row.values));
    row.values = {};
    for (const p of durations) {
      const [start, end] = p.split(" to ");
      const v = atStart ? instants.get(dayBefore(start)) ?? instants.get(start) : instants.get(end);
      if (v) row.values[p] = v;
    }
  }
  // the same balance twice, neither marked as the opening one: both show the closing balance
  const twice = [...atEnd].filter(([c, list]) => list.length > 1 && !opened.has(c));
  if (twice.length) {
    warnings.push(
      `${twice[0][1].length} rows of ${twice[0][0]} ("${
        twice[0][1][0].label
      }") show a balance and none is labelled as the period's opening one: each shows the balance at the column's end; the opening balance is the one at the end of the period before`,
    );
  }
  void inst;
}

/** `YYYY-MM-DD` for instants, `YYYY-MM-DD to YYYY-MM-DD` for durations. */
function periodLabel(
  ctx: { start: string | null; end: string | null; instant: string | null },
) {
  return ctx.instant ?? `${ctx.start} to ${ctx.end}`;
}
