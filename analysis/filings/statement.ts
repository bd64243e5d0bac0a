/**
 * Builds one financial statement (contract 2.6) from parsed XBRL: the presentation tree of the
 * chosen role gives order, level, parent and abstract rows; the calculation links give
 * calculation_parent; labels honour the preferred label; values are the non-dimensional facts,
 * and the facts of one member of the statement's own axes are rows of their own, under the row.
 * The role is chosen in statement_roles.ts, the values attached in statement_values.ts.
 */
import type { Arc, Instance, Labels, MemberPair } from "../../providers/filings_a/xbrl.ts";
import { labelOf, statementTable } from "./statement_members.ts";
import { scaleWarnings } from "./statement_checks.ts";
import {
  calculationParents,
  ELSEWHERE_PREFIX,
  elsewhereWarnings,
  type ParentElsewhere,
} from "./statement_calc.ts";
import { attachValues } from "./statement_values.ts";

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
