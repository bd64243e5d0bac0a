/**
 * The calculation parent of each row of a statement (contract 2.6 `calculation_parent`): the
 * concept its own role's calculation linkbase sums it into; else one another role sums it into,
 * only when that concept is a row of this statement. A parent that lives only in another
 * statement (cash flows summing an amount the income statement shows) is no row here: the row
 * gives null and a warning names that statement's role, never a parent the reader cannot find.
 */
import type { Arc } from "../../providers/filings_a/xbrl.ts";

/** A calculation parent left out: the concept another role sums the row into, and that role. */
export interface ParentElsewhere {
  parent: string;
  role: string;
}

export interface CalcParents {
  parents: Map<string, string>;
  /** Rows whose only calculation parent is in another role and not a row of this statement. */
  elsewhere: Map<string, ParentElsewhere>;
}

/**
 * `inStatement`: the concepts of the statement's presentation. The own role's arcs are taken as
 * they are (its calculation is the statement's own); another role's only when its parent is
 * one of `inStatement`, the first such role in the filing's order.
 */
export function calculationParents(
  calc: Map<string, Arc[]>,
  role: string,
  inStatement: Set<string>,
): CalcParents {
  const parents = new Map<string, string>();
  const elsewhere = new Map<string, ParentElsewhere>();
  for (const a of calc.get(role) ?? []) parents.set(a.to, a.from);
  for (const [r, arcs] of calc) {
    if (r === role) continue;
    for (const a of arcs) {
      if (parents.has(a.to)) continue;
      if (inStatement.has(a.from)) parents.set(a.to, a.from);
      else if (!elsewhere.has(a.to)) elsewhere.set(a.to, { parent: a.from, role: r });
    }
  }
  for (const concept of parents.keys()) elsewhere.delete(concept);
  return { parents, elsewhere };
}

/** What the warnings below start with: joinStatements replaces them for the joined rows. */
export const ELSEWHERE_PREFIX = "calculation_parent is null for ";

/**
 * One warning per role that holds left-out parents, naming the rows, their parents and the role:
 * "calculation_parent is null for 2 row(s) (us-gaap:A → us-gaap:P, …): …". `rows`: the concepts
 * of the statement's non-abstract rows, in order.
 */
export function elsewhereWarnings(
  rows: string[],
  elsewhere: Map<string, ParentElsewhere>,
): string[] {
  const byRole = new Map<string, string[]>();
  for (const concept of new Set(rows)) {
    const e = elsewhere.get(concept);
    if (!e) continue;
    byRole.set(e.role, [...byRole.get(e.role) ?? [], `${concept} → ${e.parent}`]);
  }
  return [...byRole].map(([role, pairs]) =>
    `${ELSEWHERE_PREFIX}${pairs.length} row(s) (${pairs.slice(0, 5).join(", ")}${
      pairs.length > 5 ? `, and ${pairs.length - 5} more` : ""
    }): the calculation parent lives in another statement, the calculation linkbase of role ${role}, and is not a row of this statement; read that statement (filings.reports, then filings.report) to check the sum`
  );
}
