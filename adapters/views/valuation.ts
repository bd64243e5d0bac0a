/**
 * What valuation.multiples and valuation.scenario add to the generic view: their citations (each
 * source with the figures it gave, its provider and every URL in full), how each figure they
 * compute is formed (their `method`), and why no exchange rate was needed.
 */
import { type Block, dateText, isRecord, isRecordArray, isUrl, sourceUrls } from "./model.ts";

/** valuation.*'s citations: each source with the figures it gave, its provider and URLs. */
export function isCitations(v: unknown): v is Record<string, unknown>[] {
  return isRecordArray(v) &&
    v.every((c) => typeof c.source === "string" && Array.isArray(c.urls));
}

/**
 * The citations as a reader follows them: when they were read and through which provider, then
 * each source with the figures it gave and every URL in full on a line of its own (a list
 * joined with commas put a comma at the end of each URL), and any URL read that no figure
 * came from. Null for a result without citations.
 */
export function citationsNote(data: Record<string, unknown>): Block | null {
  if (!isCitations(data.citations)) return null;
  const list = data.citations;
  const when = typeof data.retrieved_at === "string" ? dateText(data.retrieved_at) : null;
  const provider = typeof data.provider === "string" ? data.provider : null;
  const lines = [
    `Sources${
      when || provider
        ? ` (${
          // retrieved_at is the newest answer's time: the figures were read by then
          [provider && `provider ${provider}`, when && `last read ${when}`].filter(Boolean)
            .join(", ")})`
        : ""
    }:`,
  ];
  list.forEach((c, i) => {
    // your own arguments need no provider beside them, nor a URL
    const mine = c.provider === "user_input";
    lines.push(`${i + 1}. ${c.source}${mine ? "" : ` (${c.provider ?? "provider not named"})`}`);
    if (typeof c.fields === "string") lines.push(`   figures: ${c.fields}`);
    const urls = (c.urls as unknown[]).filter(isUrl);
    if (urls.length) lines.push(...urls.map((u) => `   ${u}`));
    else if (!mine) lines.push("   no URL recorded");
  });
  const named = new Set(list.flatMap((c) => (c.urls as unknown[]).filter(isUrl)));
  const other = sourceUrls(data).filter((u) => !named.has(u));
  if (other.length) {
    lines.push("Also read, no figure above taken from it:", ...other.map((u) => `   ${u}`));
  }
  return { kind: "note", text: lines.join("\n") };
}

/**
 * The citations in one sheet cell, each as `source (provider): fields: url url` (every URL in
 * full), joined with " | ": a cell a person reads, where `key=value` pairs with `urls=[u1, u2]`
 * put a comma after each URL. Your own arguments have no URL; another source without one says so.
 */
export function citationsCell(list: Record<string, unknown>[]): string {
  return list.map((c) => {
    const mine = c.provider === "user_input";
    const urls = (Array.isArray(c.urls) ? c.urls : []).filter(isUrl);
    const where = urls.length ? urls.join(" ") : mine ? "" : "no URL recorded";
    return [
      `${c.source} (${typeof c.provider === "string" ? c.provider : "provider not named"})`,
      typeof c.fields === "string" ? c.fields : "",
      where,
    ].filter(Boolean).join(": ");
  }).join(" | ");
}

/** The `method` of each figure, when a result states one per figure (valuation.*). */
function methodsOf(data: Record<string, unknown>): Record<string, string> | null {
  if (!isRecord(data.method)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data.method)) if (typeof v === "string") out[k] = v;
  return Object.keys(out).length ? out : null;
}

/**
 * How each of valuation.multiples' multiples is formed (its `method`), as a note right under
 * the fields that give their values, so a ratio is never read apart from what it divides.
 * Null without both.
 */
function multipleMethods(data: Record<string, unknown>): Block | null {
  const how = methodsOf(data);
  if (!how || !isRecord(data.multiples)) return null;
  const names = Object.keys(data.multiples);
  // the multiples first, then the other figures computed here (the converted revenue)
  const lines = [
    ...names.map((k) => `   ${k}: ${how[k] ?? "not stated"}`),
    ...Object.entries(how).filter(([k]) => !names.includes(k)).map(([k, v]) => `   ${k}: ${v}`),
  ];
  return { kind: "note", text: `How each figure computed here is formed:\n${lines.join("\n")}` };
}

/** The columns of valuation.scenario's cases table. */
function caseColumns(data: Record<string, unknown>): Set<string> {
  return new Set(isRecordArray(data.cases) ? data.cases.flatMap((r) => Object.keys(r)) : []);
}

/**
 * valuation.scenario's methods, one per column of its cases table, as a note under that table
 * (`implied_price: implied_market_cap / shares …`). Null when the result has no such methods.
 */
function caseMethods(data: Record<string, unknown>): Block | null {
  const how = methodsOf(data);
  if (!how || !isRecordArray(data.cases)) return null;
  const columns = caseColumns(data);
  const lines = Object.entries(how).filter(([k]) => columns.has(k))
    .map(([k, v]) => `   ${k}: ${v}`);
  return lines.length
    ? { kind: "note", text: `How each case's figures are formed:\n${lines.join("\n")}` }
    : null;
}

/** The methods not shown under the cases table, as fields; undefined when there are none. */
function leftMethods(data: Record<string, unknown>): Record<string, string> | undefined {
  const columns = caseColumns(data);
  const left = Object.entries(methodsOf(data) ?? {}).filter(([k]) => !columns.has(k));
  return left.length ? Object.fromEntries(left) : undefined;
}

/** valuation.*'s own blocks, taken out of the fields the generic view shows. */
export interface ValuationNotes {
  /** The citations, last in the view. */
  cited: Block | null;
  /** How each multiple is formed, first in the view. */
  multiples: Block | null;
  /** How each case's figures are formed, right under the cases table. */
  cases: Block | null;
}

/**
 * valuation.*'s notes, with the fields they say in words left out of `shown` (the generic view's
 * copy of the data): the citations' provider, time and URLs, and the methods.
 */
export function valuationNotes(
  data: Record<string, unknown>,
  shown: Record<string, unknown>,
): ValuationNotes {
  const cited = citationsNote(data);
  // the citations say provider, time and URLs once, source by source: not again as fields
  if (cited) {
    for (const k of ["citations", "provider", "retrieved_at", "source_urls"]) shown[k] = undefined;
  }
  const multiples = multipleMethods(data);
  const cases = caseMethods(data);
  if (multiples) shown.method = undefined;
  else if (cases) shown.method = leftMethods(data);
  return { cited, multiples, cases };
}

/** Places the methods' notes among the generic view's blocks. */
export function placeValuation(blocks: Block[], notes: ValuationNotes): void {
  if (notes.cases) {
    // right under the cases table, whose columns it explains
    const at = blocks.findIndex((b) => b.kind === "table" && /^cases \(/.test(b.caption ?? ""));
    blocks.splice(at < 0 ? blocks.length : at + 1, 0, notes.cases);
  }
  if (notes.multiples) blocks.unshift(notes.multiples);
}

/**
 * What an absent exchange rate (`fx: null`) means when none is needed: the price and revenue
 * in one currency, or the revenue and market cap both in one while the price is in another
 * unit (GBp price, GBP cap and revenue). Null when a rate was needed.
 */
export function noFxNeeded(data: Record<string, unknown>): string | null {
  const one = typeof data.currency === "string" &&
      (data.revenue_currency ?? data.currency) === data.currency
    ? data.currency
    : null;
  if (one) return `none needed (all in ${one})`;
  const capRevenue = typeof data.market_cap_currency === "string" &&
      data.revenue_currency === data.market_cap_currency
    ? data.market_cap_currency
    : null;
  return capRevenue ? `none needed (revenue and market cap both in ${capRevenue})` : null;
}
