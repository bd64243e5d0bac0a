/**
 * A statement's hypercubes as XBRL Dimensions 1.0 reads a definition linkbase: from the
 * statement's role, each arc's consecutive arcs (hypercube-dimension after all, dimension-domain
 * after hypercube-dimension, domain-member after those) are found in the role its
 * `xbrldt:targetRole` names, else in its own. A filer can declare a table's axes and members once,
 * in a role of their own, and point every statement's table there: read only in the statement's
 * role, those members were missed (lines not given, or said unlisted).
 */
import type { Arc } from "../../providers/filings_a/xbrl.ts";

/** The axes of a statement's own hypercubes, each with its domain's members as a tree. */
export interface Hypercubes {
  /** The axes, in the order the definition linkbase reaches them. */
  axes: string[];
  /** axis → (concept → its arcs to domain or members, in order), across the roles followed. */
  trees: Map<string, Map<string, Arc[]>>;
  /** The default member of each axis: dimension-default arcs hold in every role (XDT 2.7). */
  defaults: Set<string>;
}

type ArcsFrom = (role: string, from: string, arcroles: string[]) => Arc[];

/** The arcs of a role from a concept with one of some arcroles, in order (each role indexed once). */
function arcIndex(definition: Map<string, Arc[]>): ArcsFrom {
  const byRole = new Map<string, Map<string, Arc[]>>();
  return (role, from, arcroles) => {
    let index = byRole.get(role);
    if (!index) {
      index = new Map();
      for (const a of definition.get(role) ?? []) {
        const list = index.get(a.from);
        if (list) list.push(a);
        else index.set(a.from, [a]);
      }
      for (const list of index.values()) list.sort((x, y) => x.order - y.order);
      byRole.set(role, index);
    }
    return (index.get(from) ?? []).filter((a) => arcroles.includes(a.arcrole ?? ""));
  };
}

/**
 * The statement's hypercubes: those its line items reach by an `all` arc, and hypercubes of its
 * role no `notAll` arc excludes (a filer that leaves out the `all` arc still means its table);
 * a hypercube reached only by `notAll` excludes its members' facts and gives no axis. An axis the
 * presentation shows that no hypercube names takes its members from the role's own arcs.
 */
export function statementHypercubes(
  definition: Map<string, Arc[]>,
  role: string,
  presented: Iterable<string> = [],
): Hypercubes {
  const own = definition.get(role) ?? [];
  const defaults = new Set<string>();
  for (const arcs of definition.values()) {
    for (const a of arcs) if (a.arcrole === "dimension-default") defaults.add(a.to);
  }
  const notAll = new Set(own.filter((a) => a.arcrole === "notAll").map((a) => a.to));
  // each hypercube with the role its dimensions are declared in
  const cubes: { cube: string; role: string }[] = [];
  const seenCube = new Set<string>();
  const addCube = (cube: string, in_: string) => {
    const key = `${in_} ${cube}`;
    if (!seenCube.has(key)) seenCube.add(key), cubes.push({ cube, role: in_ });
  };
  for (const a of own) if (a.arcrole === "all") addCube(a.to, a.targetRole ?? role);
  for (const a of own) {
    if (a.arcrole === "hypercube-dimension" && !notAll.has(a.from)) addCube(a.from, role);
  }
  const arcsFrom = arcIndex(definition);
  const axes: string[] = [];
  const trees = new Map<string, Map<string, Arc[]>>();
  for (const { cube, role: in_ } of cubes) {
    for (const hd of arcsFrom(in_, cube, ["hypercube-dimension"])) {
      const axis = hd.to;
      if (!trees.has(axis)) axes.push(axis), trees.set(axis, new Map());
      domainTree(arcsFrom, axis, hd.targetRole ?? in_, trees.get(axis)!);
    }
  }
  for (const axis of presented) {
    if (trees.has(axis)) continue;
    const tree = new Map<string, Arc[]>();
    domainTree(arcsFrom, axis, role, tree);
    if (tree.size) trees.set(axis, tree);
  }
  return { axes, trees, defaults };
}

/**
 * The axis's domain and members into `tree`: the dimension-domain arcs of `role`, then each
 * member's domain-member arcs in the role its arc targets (a concept reached twice in one role,
 * or a cycle, is walked once).
 */
function domainTree(
  arcsFrom: ArcsFrom,
  axis: string,
  role: string,
  tree: Map<string, Arc[]>,
): void {
  const seen = new Set<string>();
  const stack: { from: string; role: string; arcroles: string[] }[] = [
    { from: axis, role, arcroles: ["dimension-domain"] },
  ];
  while (stack.length) {
    const { from, role: in_, arcroles } = stack.pop()!;
    const key = `${in_} ${from}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const next = arcsFrom(in_, from, arcroles);
    if (!next.length) continue;
    const list = tree.get(from) ?? [];
    for (const a of next) if (!list.some((b) => b.to === a.to)) list.push(a);
    tree.set(from, list);
    for (let i = next.length - 1; i >= 0; i--) {
      const a = next[i];
      stack.push({ from: a.to, role: a.targetRole ?? in_, arcroles: ["domain-member"] });
    }
  }
}
