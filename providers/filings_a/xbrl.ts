/**
 * Reading XBRL without a DOM: the instance (contexts, units, numeric facts) and the
 * presentation, calculation and label linkbases. Regex scanning over the tag stream is enough
 * for these machine-written files and keeps a 2 MB instance well under a second.
 */
import { checkpoint } from "../../core/cancel.ts";

/** One explicit axis/member pair of a context, prefixes resolved as the facts' are. */
export interface MemberPair {
  /** `us-gaap:PropertyPlantAndEquipmentByTypeAxis` */
  axis: string;
  /** `tsla:OperatingLeaseVehiclesMember` */
  member: string;
}

export interface Context {
  start: string | null;
  end: string | null;
  instant: string | null;
  /** True when the context carries a segment or scenario (a dimensional fact). */
  dimensional: boolean;
  /** Its explicit members, in document order; only on a dimensional context. */
  members?: MemberPair[];
  /**
   * Its typed members (axis and the text of the value), only on a dimensional context; a
   * statement shows no row for them (their values are dates or codes, no member to label).
   */
  typed?: { axis: string; value: string }[];
}

export interface Fact {
  context: string;
  unit: string | null;
  decimals: number | null;
  value: number | null;
}

export interface Instance {
  contexts: Map<string, Context>;
  units: Map<string, string>;
  /**
   * QName (`us-gaap:Revenues`) → facts in document order. The prefix is the taxonomy's usual
   * one, resolved from the namespace the instance binds its own prefix to (`ifrs:` or
   * `ifrs-full2023:` bound to the IFRS namespace are `ifrs-full:`), as the linkbases name
   * concepts; a prefix of a namespace not known here is kept as written.
   */
  facts: Map<string, Fact[]>;
  /** Prefixes written in the instance that were read as another (`ifrs` → `ifrs-full`). */
  renamed: Map<string, string>;
}

/**
 * The usual prefix of a standard taxonomy's namespace, the one its schemas' element ids carry
 * (`us-gaap_Revenues`) and so the one linkbase locators name: `http://fasb.org/us-gaap/2023` →
 * `us-gaap`, `http://xbrl.sec.gov/dei/2023` → `dei`,
 * `http://xbrl.ifrs.org/taxonomy/2023-03-23/ifrs-full` → `ifrs-full`. Null for other namespaces.
 */
export function standardPrefix(uri: string): string | null {
  const u = uri.trim().replace(/\/+$/, "");
  const m =
    /^https?:\/\/(?:xbrl\.fasb\.org|fasb\.org|xbrl\.sec\.gov|xbrl\.us)\/([a-z][a-z0-9-]*)\/\d{4}(?:-\d\d-\d\d)?$/i
      .exec(u) ??
      /^https?:\/\/xbrl\.ifrs\.org\/taxonomy\/\d{4}-\d\d-\d\d\/([a-z][a-z0-9-]*)$/i.exec(u);
  return m ? m[1].toLowerCase() : null;
}

export interface InstanceOptions {
  /**
   * Namespace → prefix of namespaces that are no standard taxonomy, as the linkbases name
   * their concepts (the company schema's targetNamespace → the prefix of its element ids).
   */
  namespaces?: Map<string, string>;
}

const decode = (s: string) =>
  s.replace(
    /&(lt|gt|amp|quot|apos|#\d+);/g,
    (_, e: string) =>
      e === "lt"
        ? "<"
        : e === "gt"
        ? ">"
        : e === "amp"
        ? "&"
        : e === "quot"
        ? '"'
        : e === "apos"
        ? "'"
        : String.fromCharCode(Number(e.slice(1))),
  );

const attrRes = new Map<string, RegExp>();

function attr(tag: string, name: string): string | null {
  let re = attrRes.get(name);
  if (!re) {
    re = new RegExp(`(?:^|\\s)${name.replace(":", "\\:")}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attrRes.set(name, re);
  }
  const m = re.exec(tag);
  return m ? (m[1] ?? m[2]) : null;
}

/** `iso4217:USD` → `USD`; a divide → `USD/shares`. */
function unitName(body: string): string {
  const measures = [...body.matchAll(/<(?:\w+:)?measure>\s*([^<\s]+)\s*</g)].map((m) =>
    m[1].replace(/^[\w-]+:/, "")
  );
  if (/<(?:\w+:)?divide>/.test(body) && measures.length >= 2) {
    return `${measures[0]}/${measures[1]}`;
  }
  return measures.join("*");
}

/** `xmlns:p="uri"` declarations of a tag or a document: prefix → namespace (first one wins). */
function declarations(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    if (!out.has(m[1])) out.set(m[1], m[2] ?? m[3]);
  }
  return out;
}

/** The explicit and typed members of a context's segment or scenario. */
function dimensionsOf(body: string, qname: (q: string) => string) {
  const members: MemberPair[] = [];
  for (
    const d of body.matchAll(
      /<(?:[\w.-]+:)?explicitMember\b([^>]*)>\s*([^<\s]+)\s*<\/(?:[\w.-]+:)?explicitMember>/g,
    )
  ) {
    const axis = attr(d[1], "dimension");
    if (axis) members.push({ axis: qname(axis.trim()), member: qname(d[2]) });
  }
  const typed: { axis: string; value: string }[] = [];
  for (
    const d of body.matchAll(
      /<(?:[\w.-]+:)?typedMember\b([^>]*)>([\s\S]*?)<\/(?:[\w.-]+:)?typedMember>/g,
    )
  ) {
    const axis = attr(d[1], "dimension");
    if (axis) {
      typed.push({ axis: qname(axis.trim()), value: decode(d[2].replace(/<[^>]*>/g, "")).trim() });
    }
  }
  return { members, typed };
}

/** Parses an XBRL instance document (EDGAR's `_htm.xml` or a classic `.xml`). */
export function parseInstance(xml: string, opts: InstanceOptions = {}): Instance {
  // Prefixes are the instance's own: resolve them through the namespaces they are bound to.
  const declared = declarations(xml);
  const renamed = new Map<string, string>();
  const resolved = new Map<string, string>();
  const prefixFor = (uri: string | undefined): string | null =>
    uri === undefined ? null : standardPrefix(uri) ?? opts.namespaces?.get(uri.trim()) ?? null;
  for (const [p, uri] of declared) {
    const to = prefixFor(uri);
    if (to && to !== p) resolved.set(p, to);
  }
  const resolveName = (q: string) => {
    const i = q.indexOf(":");
    return i < 0 ? q : `${resolved.get(q.slice(0, i)) ?? q.slice(0, i)}:${q.slice(i + 1)}`;
  };
  const contexts = new Map<string, Context>();
  let steps = 0;
  for (
    const m of xml.matchAll(
      /<(?:\w+:)?context\s[^>]*\bid\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/(?:\w+:)?context>/g,
    )
  ) {
    if ((++steps & 255) === 0) checkpoint();
    const body = m[2];
    const get = (n: string) =>
      new RegExp(`<(?:\\w+:)?${n}>\\s*([^<\\s]+)\\s*<`).exec(body)?.[1] ?? null;
    const context: Context = {
      start: get("startDate"),
      end: get("endDate"),
      instant: get("instant"),
      dimensional: /<(?:\w+:)?(segment|scenario)\b/.test(body),
    };
    if (context.dimensional) Object.assign(context, dimensionsOf(body, resolveName));
    contexts.set(m[1], context);
  }
  const units = new Map<string, string>();
  for (
    const m of xml.matchAll(
      /<(?:\w+:)?unit\s[^>]*\bid\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/(?:\w+:)?unit>/g,
    )
  ) {
    if ((++steps & 255) === 0) checkpoint();
    units.set(m[1], unitName(m[2]));
  }
  const facts = new Map<string, Fact[]>();
  const re =
    /<([A-Za-z_][\w.-]*):([A-Za-z_][\w.-]*)(\s[^>]*?contextRef=[^>]*?)(?:\/>|>([^<]*)<\/\1:\2>)/g;
  for (const m of xml.matchAll(re)) {
    if ((++steps & 1023) === 0) checkpoint();
    const tag = m[3];
    const text = m[4];
    if (text === undefined) continue;
    const unitRef = attr(tag, "unitRef");
    if (!unitRef) continue; // non-numeric facts have no unit
    const nil = /xsi:nil="true"/.test(tag);
    const body = decode(text).trim();
    // an empty element is no value (Number("") would make it 0)
    const n = nil || body === "" ? null : Number(body);
    const dec = attr(tag, "decimals");
    const fact: Fact = {
      context: attr(tag, "contextRef")!,
      unit: units.get(unitRef) ?? unitRef,
      decimals: dec === null || dec === "INF" ? null : Number(dec),
      value: n !== null && Number.isFinite(n) ? n : null,
    };
    let prefix = resolved.get(m[1]) ?? m[1];
    if (tag.includes("xmlns:")) {
      // a prefix declared on the fact itself
      const own = prefixFor(declarations(tag).get(m[1]));
      if (own) prefix = own;
    }
    if (prefix !== m[1]) renamed.set(m[1], prefix);
    const qname = `${prefix}:${m[2]}`;
    const list = facts.get(qname);
    if (list) list.push(fact);
    else facts.set(qname, [fact]);
  }
  return { contexts, units, facts, renamed };
}

/** `…/us-gaap-2023.xsd#us-gaap_Revenues` → `us-gaap:Revenues`. */
export function conceptFromHref(href: string): string {
  const frag = href.slice(href.indexOf("#") + 1);
  const i = frag.indexOf("_");
  return i < 0 ? frag : `${frag.slice(0, i)}:${frag.slice(i + 1)}`;
}

export interface Arc {
  from: string;
  to: string;
  order: number;
  /**
   * The arc's role, read for definition links (`…/hypercube-dimension`, `…/dimension-domain`,
   * `…/domain-member`, `…/dimension-default`): its last path segment. Absent elsewhere.
   */
  arcrole?: string;
  /**
   * A definition arc's `xbrldt:targetRole`: the role its consecutive arcs are in (XBRL
   * Dimensions 1.0), when not its own. Absent elsewhere.
   */
  targetRole?: string;
  /** presentation: preferred label role; calculation: null. */
  preferredLabel: string | null;
  weight: number | null;
}

const TARGET_ROLE = /(?:^|\s)[A-Za-z_][\w.-]*:targetRole\s*=\s*(?:"([^"]*)"|'([^']*)')/;

/** Arcs of every extended link of one kind (`presentationLink`, `calculationLink`), by role. */
export function parseLinkbase(xml: string, link: string): Map<string, Arc[]> {
  const out = new Map<string, Arc[]>();
  const re = new RegExp(`<(?:\\w+:)?${link}\\b([^>]*)>([\\s\\S]*?)</(?:\\w+:)?${link}>`, "g");
  const definition = link === "definitionLink";
  for (const m of xml.matchAll(re)) {
    checkpoint();
    const role = attr(m[1], "xlink:role") ?? "";
    const locs = new Map<string, string>();
    let steps = 0;
    for (const l of m[2].matchAll(/<(?:\w+:)?loc\b([^>]*)\/?>/g)) {
      if ((++steps & 1023) === 0) checkpoint();
      const label = attr(l[1], "xlink:label");
      const href = attr(l[1], "xlink:href");
      if (label && href) locs.set(label, conceptFromHref(href));
    }
    const arcs = out.get(role) ?? [];
    for (const a of m[2].matchAll(/<(?:\w+:)?\w+Arc\b([^>]*)\/?>/g)) {
      if ((++steps & 1023) === 0) checkpoint();
      const from = locs.get(attr(a[1], "xlink:from") ?? "");
      const to = locs.get(attr(a[1], "xlink:to") ?? "");
      if (!from || !to) continue;
      const w = attr(a[1], "weight");
      const arc: Arc = {
        from,
        to,
        order: Number(attr(a[1], "order") ?? 0),
        preferredLabel: attr(a[1], "preferredLabel"),
        weight: w === null ? null : Number(w),
      };
      if (definition) {
        arc.arcrole = (attr(a[1], "xlink:arcrole") ?? "").replace(/^.*\//, "");
        // any prefix bound to the dimensions namespace: xbrldt is the usual one
        const target = TARGET_ROLE.exec(a[1]);
        const to = (target?.[1] ?? target?.[2] ?? "").trim();
        if (to) arc.targetRole = to;
      }
      arcs.push(arc);
    }
    out.set(role, arcs);
  }
  return out;
}

/** concept → label role → text. */
export type Labels = Map<string, Map<string, string>>;

/** Parses a label linkbase (English labels; the first of each role wins). */
export function parseLabels(xml: string): Labels {
  const locs = new Map<string, string>();
  let steps = 0;
  for (const l of xml.matchAll(/<(?:\w+:)?loc\b([^>]*)\/?>/g)) {
    if ((++steps & 1023) === 0) checkpoint();
    const label = attr(l[1], "xlink:label");
    const href = attr(l[1], "xlink:href");
    if (label && href) locs.set(label, conceptFromHref(href));
  }
  const resources = new Map<string, { role: string; text: string }[]>();
  for (const r of xml.matchAll(/<(?:\w+:)?label\b([^>]*)>([^<]*)<\/(?:\w+:)?label>/g)) {
    if ((++steps & 1023) === 0) checkpoint();
    const key = attr(r[1], "xlink:label");
    if (!key) continue;
    const lang = attr(r[1], "xml:lang");
    if (lang && !lang.toLowerCase().startsWith("en")) continue;
    const list = resources.get(key) ?? [];
    list.push({ role: attr(r[1], "xlink:role") ?? "", text: decode(r[2]).trim() });
    resources.set(key, list);
  }
  const out: Labels = new Map();
  for (const a of xml.matchAll(/<(?:\w+:)?labelArc\b([^>]*)\/?>/g)) {
    if ((++steps & 1023) === 0) checkpoint();
    const concept = locs.get(attr(a[1], "xlink:from") ?? "");
    const res = resources.get(attr(a[1], "xlink:to") ?? "");
    if (!concept || !res) continue;
    const roles = out.get(concept) ?? new Map<string, string>();
    for (const { role, text } of res) if (!roles.has(role)) roles.set(role, text);
    out.set(concept, roles);
  }
  return out;
}

/** Role definitions and linkbase files declared by a company schema, plus element balances. */
export function parseSchema(xsd: string): {
  roles: { uri: string; definition: string }[];
  linkbases: string[];
  balances: Map<string, string>;
  /** The schema's targetNamespace → the prefix its element ids carry (`nvda_Foo` → `nvda`). */
  namespaces: Map<string, string>;
} {
  const roles = [...xsd.matchAll(
    /<(?:\w+:)?roleType\b[^>]*roleURI="([^"]+)"[^>]*>[\s\S]*?<(?:\w+:)?definition>([^<]*)</g,
  )].map((m) => ({ uri: m[1], definition: decode(m[2]).trim() }));
  const linkbases = [...xsd.matchAll(/<(?:\w+:)?linkbaseRef\b([^>]*)\/?>/g)]
    .map((m) => attr(m[1], "xlink:href"))
    .filter((h): h is string => !!h && !/^https?:/.test(h));
  const balances = new Map<string, string>();
  const idPrefixes = new Map<string, number>();
  let steps = 0;
  for (const m of xsd.matchAll(/<(?:\w+:)?element\b([^>]*)\/?>/g)) {
    if ((++steps & 1023) === 0) checkpoint();
    const id = attr(m[1], "id");
    const bal = attr(m[1], "xbrli:balance");
    if (id && bal) balances.set(conceptFromHref(`#${id}`), bal);
    const i = id?.indexOf("_") ?? -1;
    if (id && i > 0) idPrefixes.set(id.slice(0, i), (idPrefixes.get(id.slice(0, i)) ?? 0) + 1);
  }
  const namespaces = new Map<string, string>();
  const target = /<(?:\w+:)?schema\b[^>]*\stargetNamespace\s*=\s*["']([^"']+)["']/.exec(xsd)?.[1];
  let best: string | null = null;
  for (const [p, n] of idPrefixes) if (!best || n > idPrefixes.get(best)!) best = p;
  if (target && best) namespaces.set(target.trim(), best);
  return { roles, linkbases, balances, namespaces };
}
