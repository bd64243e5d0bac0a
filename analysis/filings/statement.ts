/**
 * Builds one financial statement (contract 2.6) from parsed XBRL: the presentation tree of the
 * chosen role gives order, level, parent and abstract rows; the calculation links give
 * calculation_parent; labels honour the preferred label; values are the non-dimensional facts,
 * and the facts of one member of the statement's own axes are rows of their own, under the row.
 */
import { checkpoint } from "../../core/cancel.ts";
import type {
  Arc,
  Context,
  Fact,
  Instance,
  Labels,
  MemberPair,
} from "../../providers/filings_a/xbrl.ts";
import {
  byTableOrder,
  labelOf,
  memberLines,
  memberRow,
  placeOf,
  type StatementTable,
  statementTable,
  type TableMember,
} from "./statement_members.ts";
import { scaleWarnings } from "./statement_checks.ts";
import {
  calculationParents,
  ELSEWHERE_PREFIX,
  elsewhereWarnings,
  type ParentElsewhere,
} from "./statement_calc.ts";

export { labelOf };

export type StatementKind = "income" | "balance" | "cashflow";

export interface StatementValue {
  raw: number | null;
  reported: number | null;
  unit: string | null;
  decimals: number | null;
  period_type: "instant" | "duration";
  preferred_sign: number;
}

export interface StatementRow {
  concept: string;
  label: string;
  level: number;
  abstract: boolean;
  balance: string | null;
  parent: string | null;
  calculation_parent: string | null;
  preferred_label_role: string | null;
  /**
   * The axis and member whose facts the row shows (Apple's "Products" line of net sales:
   * srt:ProductOrServiceAxis, us-gaap:ProductMember); null on a row of facts without a
   * dimension. A member row is never summed into its concept's total row.
   */
  axis: string | null;
  member: string | null;
  /**
   * Only on a row of figures under two or more of the statement's members at once (product by
   * region, both listed by the presentation): each axis and member, in the row's label order;
   * `axis` and `member` then join them with " | ".
   */
  dimensions?: MemberPair[];
  values: Record<string, StatementValue>;
}

/** A statement role offered by the filing: its URI and its human definition. */
export interface RoleChoice {
  uri: string;
  definition: string;
}

const EXCLUDE = /parenthetical|details?\b|\(tables?\)|policies|narrative/i;
const PATTERNS: Record<StatementKind, [RegExp, number][]> = {
  income: [
    [/statements? of (consolidated )?(operations|income|earnings)(?! and comprehensive)/i, 10],
    // IFRS filers (20-F): "Consolidated Statement of Profit or Loss", "Income Statement"
    [/statements? of (consolidated )?profit (or|and) loss(?! and (other )?comprehensive)/i, 10],
    [/income statements?|statements? of (net )?(loss|income)/i, 9],
    [
      /(operations|income|earnings|profit (or|and) loss) and (other )?comprehensive (income|loss)/i,
      8,
    ],
    [/comprehensive (income|loss)/i, 2],
  ],
  balance: [
    [/balance sheets?/i, 10],
    [/(financial|statements? of) (condition|position)/i, 9],
    // business development companies and funds: "Consolidated Statements of Assets and Liabilities"
    [/statements? of (consolidated )?assets and liabilities/i, 8],
  ],
  cashflow: [[/cash flows?/i, 10]],
};

/** Picks the role of a statement by its definition (menu order breaks ties), never by URI. */
export function chooseRole(kind: StatementKind, roles: RoleChoice[]): RoleChoice | null {
  let best: RoleChoice | null = null;
  let bestScore = 0;
  for (const role of roles) {
    const score = roleScore(kind, role.definition);
    if (score > bestScore) (best = role), (bestScore = score);
  }
  return best;
}

/** How well a role's definition names a statement of `kind` (0: not at all). */
function roleScore(kind: StatementKind, def: string): number {
  if (!/statement/i.test(def) || EXCLUDE.test(def)) return 0;
  if (kind !== "income" && /comprehensive/i.test(def)) return 0;
  if (/equity|stockholders|shareholders/i.test(def) && !/balance/i.test(def)) return 0;
  return Math.max(0, ...PATTERNS[kind].filter(([re]) => re.test(def)).map(([, s]) => s));
}

/**
 * Other roles that name the statement as well as the chosen one: the statements of each
 * registrant of a combined report ("Consolidated Statements of Income - Duke Energy Carolinas"),
 * a parent company's condensed statements. The chosen one is the first in the filing's order.
 * A continuation of the chosen one ("… (Continued)") is no rival: see continuationRoles.
 */
export function rivalRoles(
  kind: StatementKind,
  roles: RoleChoice[],
  chosen: RoleChoice,
): RoleChoice[] {
  const score = roleScore(kind, chosen.definition);
  const more = new Set(continuationRoles(chosen, roles).map((r) => r.uri));
  return roles.filter((r) =>
    r.uri !== chosen.uri && r.definition !== chosen.definition && !more.has(r.uri) &&
    roleScore(kind, r.definition) === score
  );
}

// "(Continued)", ", continued", "- Cont'd", "(Cont.)" wherever it stands in the name (before
// "(Unaudited)" too); never "Discontinued" nor "Contingencies". Bounded runs of spaces only: a
// name of a million spaces reads in linear time
const CONTINUED = /[([]?\s{0,3}\b(?:continued|cont(?:'|’)?d|cont\.)(?![\w'’])/gi;
const isContinued = (definition: string) => definition.search(CONTINUED) >= 0;

/**
 * A role definition without its number, type, "(Continued)" and "(Unaudited)", its words alone:
 * the statement's name ("Cash Flows - Continued" and "Cash Flows (Continued)" alike).
 */
function statementName(definition: string): string {
  return definition.replace(/^\s*\d+\s*-\s*\w+\s*-/, "").replace(CONTINUED, " ")
    .replace(/\bunaudited\b/gi, " ").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/**
 * The roles that continue the chosen statement, in the filing's order: a statement split over
 * two pages of the filing can be tagged as two roles, "Consolidated Statements of Cash Flows"
 * and "Consolidated Statements of Cash Flows (Continued)" (or "… (Continued) (Unaudited)"); the
 * second holds the rest of its rows (read alone, the statement ended at the page break).
 */
export function continuationRoles(chosen: RoleChoice, roles: RoleChoice[]): RoleChoice[] {
  if (isContinued(chosen.definition)) return [];
  const name = statementName(chosen.definition);
  return roles.filter((r) =>
    r.uri !== chosen.uri && isContinued(r.definition) && statementName(r.definition) === name
  );
}

/** A statement and its continuations as one: rows in order, the columns of all of them. */
export function joinStatements(
  parts: { rows: StatementRow[]; periods: string[]; warnings: string[] }[],
): { rows: StatementRow[]; periods: string[]; warnings: string[] } {
  if (parts.length === 1) return parts[0];
  const rows = parts.flatMap((p) => p.rows);
  // a calculation parent left out of one part may be a row of its continuation: given back
  const concepts = new Set(rows.map((r) => r.concept));
  const left = new Map<string, ParentElsewhere>();
  for (const r of rows) {
    const e = leftOut.get(r);
    if (!e) continue;
    if (concepts.has(e.parent)) (r.calculation_parent = e.parent), leftOut.delete(r);
    else left.set(r.concept, e);
  }
  const warnings = parts.flatMap((p) => p.warnings).filter((w) => !w.startsWith(ELSEWHERE_PREFIX));
  warnings.push(...elsewhereWarnings(rows.filter((r) => !r.abstract).map((r) => r.concept), left));
  return {
    rows,
    periods: [...new Set(parts.flatMap((p) => p.periods))],
    warnings: [...new Set(warnings)],
  };
}

/** Rows whose calculation parent was left out (another statement's): joinStatements reads it. */
const leftOut = new WeakMap<StatementRow, ParentElsewhere>();

const ABSTRACT_NAME = /(Abstract|Table|LineItems)$/;
const DIMENSION_NAME = /(Axis|Domain|Member)$/;

/** `YYYY-MM-DD` for instants, `YYYY-MM-DD to YYYY-MM-DD` for durations. */
function periodLabel(ctx: { start: string | null; end: string | null; instant: string | null }) {
  return ctx.instant ?? `${ctx.start} to ${ctx.end}`;
}

export interface BuildInput {
  role: string;
  presentation: Map<string, Arc[]>;
  calculation: Map<string, Arc[]>;
  labels: Labels;
  instance: Instance;
  balances?: Map<string, string>;
  /**
   * The definition linkbase (arcs with their arcrole): the statement's hypercube names its axes,
   * and its members where the presentation lists none.
   */
  definition?: Map<string, Arc[]>;
}

/** The rows and period labels (most recent first) of one statement role. */
export function buildStatement(
  input: BuildInput,
): { rows: StatementRow[]; periods: string[]; warnings: string[] } {
  const arcs = input.presentation.get(input.role) ?? [];
  const children = new Map<string, Arc[]>();
  const isChild = new Set<string>();
  for (const a of arcs) {
    const list = children.get(a.from) ?? [];
    list.push(a);
    children.set(a.from, list);
    isChild.add(a.to);
  }
  for (const list of children.values()) list.sort((x, y) => x.order - y.order);
  const roots = [...new Set(arcs.map((a) => a.from))].filter((c) => !isChild.has(c));
  const presented = new Set(arcs.flatMap((a) => [a.from, a.to]));
  const calc = calculationParents(input.calculation, input.role, presented);
  const rows: StatementRow[] = [];
  const visit = (concept: string, level: number, parent: string | null, pref: string | null) => {
    if (DIMENSION_NAME.test(concept) || level > 30) return;
    rows.push({
      concept,
      label: labelOf(input.labels, concept, pref),
      level,
      abstract: ABSTRACT_NAME.test(concept),
      balance: input.balances?.get(concept) ?? null,
      parent,
      calculation_parent: calc.parents.get(concept) ?? null,
      preferred_label_role: pref,
      axis: null,
      member: null,
      values: {},
    });
    const left = calc.elsewhere.get(concept);
    if (left) leftOut.set(rows[rows.length - 1], left);
    for (const a of children.get(concept) ?? []) visit(a.to, level + 1, concept, a.preferredLabel);
  };
  for (const r of roots) visit(r, 0, null, null);
  const warnings: string[] = elsewhereWarnings(
    rows.filter((r) => !r.abstract).map((r) => r.concept),
    calc.elsewhere,
  );
  const table = statementTable(arcs, children, input.definition ?? new Map(), input.role);
  const periods = attachValues(rows, input.instance, warnings, table, input.labels);
  warnings.push(...scaleWarnings(rows, periods));
  warnings.push(...emptyRows(rows, input.instance));
  return { rows, periods, warnings };
}

/** Non-dimensional numeric facts of an instance, counted. */
export function plainFacts(inst: Instance): number {
  let n = 0;
  for (const list of inst.facts.values()) {
    for (const f of list) if (inst.contexts.get(f.context)?.dimensional === false) n++;
  }
  return n;
}

/**
 * Rows left without a value said, never silent: every row of the statement (the presentation
 * names concepts the instance does not report under those names) or rows whose concept the
 * instance has under another prefix of a namespace not known here (not read as the same).
 */
function emptyRows(rows: StatementRow[], inst: Instance): string[] {
  const lines = rows.filter((r) => !r.abstract);
  const empty = lines.filter((r) => !Object.keys(r.values).length);
  if (!empty.length) return [];
  const byLocal = new Map<string, string[]>();
  for (const q of inst.facts.keys()) {
    const local = q.slice(q.indexOf(":") + 1);
    byLocal.set(local, [...byLocal.get(local) ?? [], q]);
  }
  const elsewhere = empty.flatMap((r) =>
    (byLocal.get(r.concept.slice(r.concept.indexOf(":") + 1)) ?? [])
      .filter((q) => q !== r.concept).map((q) => `${r.concept} (the instance has ${q})`)
  );
  const out: string[] = [];
  const n = plainFacts(inst);
  if (empty.length === lines.length && n) {
    out.push(
      `none of the ${lines.length} row(s) of this statement has a value, though the instance holds ${n} non-dimensional fact(s): the statement's concepts are not in the instance under the names its linkbases use${
        inst.renamed.size
          ? ` (its prefixes ${[...inst.renamed].map(([a, b]) => `${a}: read as ${b}:`).join(", ")})`
          : ""
      }; read the statement with filings.reports and filings.report`,
    );
  }
  if (elsewhere.length) {
    out.push(
      `${elsewhere.length} row(s) have no value under their concept while the instance reports the same name under another prefix, not read as the same concept (e.g. ${
        elsewhere[0]
      }); check them with filings.report`,
    );
  }
  return out;
}

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
function attachValues(
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
  const keep = columns
    .sort((a, b) =>
      (byLength ? Number(lengthOf(a[1]) || 0) - Number(lengthOf(b[1]) || 0) : 0) ||
      b[1].end.localeCompare(a[1].end) || a[1].start.localeCompare(b[1].start)
    )
    .map(([label]) => label);
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
  if (foreign.length) {
    warnings.push(
      `${foreign.length} value(s) are given only in a currency other than the statement's ${currency} (e.g. ${
        foreign[0]
      }): each is shown in its own unit (see its unit), not converted; do not compare or add it with the ${currency} values`,
    );
  }
  return keep;
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
