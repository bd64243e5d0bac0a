/**
 * The lines a statement shows by member of its own axes: its table (the axes and members its
 * presentation lists, and its definition linkbase's hypercube adds), where a dimensional fact
 * belongs, and the member rows made of them. A member row is a part of its concept's row, never
 * a total and never added into one.
 */
import type { Arc, Context, Labels, MemberPair } from "../../providers/filings_a/xbrl.ts";
import type { StatementRow } from "./statement.ts";
import { statementHypercubes } from "./hypercube.ts";

/** Label text of a concept for a preferred role, falling back to the standard label. */
export function labelOf(labels: Labels, concept: string, role: string | null): string {
  const roles = labels.get(concept);
  const std = "http://www.xbrl.org/2003/role/label";
  return (role && roles?.get(role)) || roles?.get(std) || roles?.values().next().value ||
    concept.split(":").pop()!;
}

/** A member the statement shows on one of its axes, in presentation order (`index`). */
export interface TableMember {
  axis: string;
  member: string;
  /** The preferred label role of the member in the presentation. */
  pref: string | null;
  index: number;
  /** 1 for a member of the axis's domain, 2 for a member under that one (Tesla's automotive sales). */
  depth: number;
  /**
   * True when the presentation lists it under its axis's domain (not only the definition
   * linkbase, not in the domain's own place right under the axis).
   */
  shown: boolean;
}

/** The axes of a statement's own table and the members shown on them. */
export interface StatementTable {
  /** Every axis of the table, typed ones too (they list no members). */
  axes: Set<string>;
  /** `axis member` → the member. */
  members: Map<string, TableMember>;
  /** The axes whose members the linkbases list (the others' members are unknown here). */
  listed: Set<string>;
}

export const pairKey = (axis: string, member: string) => `${axis} ${member}`;

/**
 * The statement's axes and their members: Apple's income statement puts ProductMember and
 * ServiceMember under srt:ProductOrServiceAxis in its presentation. The definition linkbase's
 * hypercubes add axes and, for an axis whose members the presentation does not list, its
 * domain's members, following `xbrldt:targetRole` to the roles that declare them (see
 * hypercube.ts); the axis's default member (its domain) is no member row.
 */
export function statementTable(
  arcs: Arc[],
  children: Map<string, Arc[]>,
  definition: Map<string, Arc[]>,
  role: string,
): StatementTable {
  const axes = new Set<string>();
  const members = new Map<string, TableMember>();
  const listed = new Set<string>();
  for (const a of arcs) if (/Axis$/.test(a.to)) axes.add(a.to);
  const cubes = statementHypercubes(definition, role, axes);
  const defaults = cubes.defaults;
  // depth first, each concept once (a member listed twice, or a cycle, is walked once)
  const walk = (axis: string, tree: Map<string, Arc[]>, shown: boolean) => {
    const seen = new Set<string>([axis]);
    // the axis's first level is its domain: its members are depth 1
    const stack = [...(tree.get(axis) ?? [])].reverse().map((a) => ({ a, depth: 0 }));
    while (stack.length) {
      const { a, depth } = stack.pop()!;
      if (seen.has(a.to)) continue;
      seen.add(a.to);
      const k = pairKey(axis, a.to);
      if (!defaults.has(a.to) && !members.has(k)) {
        const index = members.size;
        // a concept right under the axis stands where its domain does: not a listed member
        const listedHere = shown && depth > 0;
        members.set(k, {
          axis,
          member: a.to,
          pref: a.preferredLabel,
          index,
          depth,
          shown: listedHere,
        });
        // an axis that shows its domain alone lists no member yet
        if (depth > 0) listed.add(axis);
      }
      const next = tree.get(a.to) ?? [];
      for (let i = next.length - 1; i >= 0; i--) stack.push({ a: next[i], depth: depth + 1 });
    }
  };
  for (const axis of axes) walk(axis, children, true);
  for (const axis of cubes.axes) axes.add(axis);
  for (const axis of axes) {
    if (!listed.has(axis)) walk(axis, cubes.trees.get(axis) ?? new Map(), false);
  }
  // members the presentation names outside any axis: of the axes it lists without members
  const loose = [...new Set(arcs.map((a) => a.to))].filter((c) =>
    /Member$/.test(c) && ![...axes].some((axis) => members.has(pairKey(axis, c)))
  );
  for (const axis of axes) {
    if (listed.has(axis)) continue;
    for (const member of loose) {
      members.set(pairKey(axis, member), {
        axis,
        member,
        pref: null,
        index: members.size,
        depth: 1,
        // its axis is a guess (the presentation names it under none): never crossed with another
        shown: false,
      });
      listed.add(axis);
    }
  }
  return { axes, members, listed };
}

/** A member's label as a line: its preferred or terse label, else its own without "[Member]". */
export function memberLabel(labels: Labels, m: TableMember): string {
  const terse = "http://www.xbrl.org/2003/role/terseLabel";
  const roles = labels.get(m.member);
  const own = (m.pref && roles?.get(m.pref)) || roles?.get(terse);
  if (own) return own;
  if (!roles?.size) {
    // no label in the filing: the member's name in words (us-gaap:ProductMember → "Product")
    return m.member.replace(/^[^:]*:/, "").replace(/(Member|Domain)$/, "")
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2") || m.member;
  }
  return labelOf(labels, m.member, null).replace(/\s*\[(?:Member|Domain)\]\s*$/i, "");
}

/**
 * Where a dimensional fact belongs: the members of the statement's table it is reported under,
 * in the table's order (a member row: one member, or several at once when the presentation
 * lists each of them under its axis); under typed members of its axes, or several members some
 * of which only the definition linkbase lists (not shown here); or null: an axis the statement
 * does not show (a note's breakdown, no line of this statement).
 */
export function placeOf(
  ctx: Context,
  table: StatementTable,
): TableMember[] | "typed" | "several" | "unlisted" | null {
  const pairs = ctx.members ?? [];
  const typed = ctx.typed ?? [];
  if (typed.length) {
    return !pairs.length && typed.every((t) => table.axes.has(t.axis)) ? "typed" : null;
  }
  if (!pairs.length) return null;
  if (pairs.length === 1) {
    const { axis, member } = pairs[0];
    const found = table.members.get(pairKey(axis, member));
    if (found) return [found];
    // an axis of the statement whose members neither linkbase lists: shown or not, unknown
    return table.axes.has(axis) && !table.listed.has(axis) ? "unlisted" : null;
  }
  const found: TableMember[] = [];
  for (const p of pairs) {
    const m = table.members.get(pairKey(p.axis, p.member));
    if (!m) return null;
    found.push(m);
  }
  // a figure under members of two axes at once is a line only where the presentation lists each
  return found.every((m) => m.shown) ? found.sort((a, b) => a.index - b.index) : "several";
}

/** Member rows in the statement's order: by their members' places in its table, fewest first. */
export function byTableOrder(a: TableMember[], b: TableMember[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    if (a[i].index !== b[i].index) return a[i].index - b[i].index;
  }
  return a.length - b.length;
}

/**
 * The row of `row`'s figures under `members` (one, or several at once): labelled by its members
 * as the filing's R pages do ("Products | Americas"), after and under the row of its concept,
 * which it is a part of; a row under several members names each axis and member.
 */
export function memberRow(row: StatementRow, members: TableMember[], labels: Labels): StatementRow {
  const line: StatementRow = {
    ...row,
    label: members.map((m) => memberLabel(labels, m)).join(" | "),
    level: row.level + Math.max(1, members[0].depth) + members.length - 1,
    parent: row.concept,
    calculation_parent: null,
    axis: members.map((m) => m.axis).join(" | "),
    member: members.map((m) => m.member).join(" | "),
    values: {},
  };
  if (members.length > 1) {
    line.dimensions = members.map(({ axis, member }): MemberPair => ({ axis, member }));
  }
  return line;
}

/**
 * Member rows after the columns are chosen: one with no value in a column shown is dropped. A row
 * with no value of its own whose concept the statement shows under one member only is that line
 * (Tesla's "Operating lease vehicles, net", us-gaap:DeferredCostsLeasingNetNoncurrent reported
 * only for its OperatingLeaseVehiclesMember): it takes the member's figures and names its axis
 * and member; under several members, their rows follow it and it stays empty. Each is said.
 */
export function memberLines(rows: StatementRow[], warnings: string[]) {
  const out: StatementRow[] = [];
  const promoted: string[] = [];
  const headers: string[] = [];
  const shown = new Set<string>();
  const crossed: StatementRow[] = [];
  const filled = (r: StatementRow) => Object.keys(r.values).length > 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.member) {
      if (!filled(row)) continue;
      out.push(row);
      if (row.dimensions) crossed.push(row);
      else shown.add(row.member);
      continue;
    }
    out.push(row);
    if (row.abstract || filled(row)) continue;
    let j = i + 1;
    const lines: StatementRow[] = [];
    for (; j < rows.length && rows[j].member && rows[j].parent === row.concept; j++) {
      if (filled(rows[j])) lines.push(rows[j]);
    }
    // a figure under several members at once is a part of a part: never the row's own figure
    if (lines.length === 1 && !lines[0].dimensions) {
      const [m] = lines;
      Object.assign(row, { values: m.values, axis: m.axis, member: m.member });
      promoted.push(`"${row.label}" (${row.concept}) under ${m.axis} = ${m.member}`);
      i = j - 1;
    } else if (lines.length) headers.push(`"${row.label}" (${row.concept})`);
  }
  rows.length = 0;
  for (const r of out) rows.push(r);
  if (promoted.length) {
    warnings.push(
      `${promoted.length} row(s) are reported only by a member of an axis of this statement, never without a dimension, and show that member's figures as the statement does (e.g. ${
        promoted[0]
      }); each row names its axis and member: check them on the statement's R page with filings.reports then filings.report`,
    );
  }
  if (headers.length) {
    warnings.push(
      `${headers.length} row(s) have no figure without a dimension and are given only by member of the statement's axes, in the member rows that follow each (e.g. ${
        headers[0]
      }); the row's own cells are empty, not zero`,
    );
  }
  if (shown.size) {
    const names = [...shown].map((m) => m.replace(/^[^:]*:/, ""));
    // Apple's Products and Services lines of net sales: parts of the row above, never added
    warnings.push(
      `the statement shows lines by member of an axis (${names.slice(0, 4).join(", ")}${
        names.length > 4 ? ", …" : ""
      }): each is a row of its own after the row of its concept, labelled by its member (see its axis and member), a part of that row's figure, not to be added to it or to the statement's totals`,
    );
  }
  if (crossed.length) {
    const [c] = crossed;
    const cited = c.dimensions!.map((d) => `${d.axis} = ${d.member}`).join(" and ");
    warnings.push(
      `${crossed.length} row(s) show figures reported under two or more of the statement's members at once, each of which its presentation lists (e.g. "${c.label}" of ${c.concept}: ${cited}): each is labelled by its members joined with " | " and names every axis and member (see its dimensions), after the rows of its concept; a part of those rows' figures, never a total, not to be added to them or to the statement's totals`,
    );
  }
}
