/**
 * SEC's XBRL APIs on data.sec.gov: a company's facts (every value it has tagged, in every
 * filing) and frames (one concept across all filers for one period). This module owns their
 * URLs and raw shapes; it hands commands plain fact rows.
 */
import { ProviderError } from "../../core/errors.ts";
import type { Client } from "./client.ts";
import { secHeaders } from "./agent.ts";
import { indexUrl } from "./edgar.ts";

const XBRL_API = "https://data.sec.gov/api/xbrl";
// SEC refreshes these documents as filings arrive; a few minutes' staleness is harmless.
const FACTS_TTL = 600;
const FRAMES_TTL = 3_600;

/** One reported value as SEC's companyfacts/companyconcept answers carry it. */
export interface RawFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  /** Fiscal year and period of the *filing* that reported the value, not of the value's period. */
  fy?: number | null;
  fp?: string | null;
  form: string;
  filed: string;
  frame?: string;
}

/** One concept of one taxonomy: its label and its values by unit. */
export interface ConceptFacts {
  label: string | null;
  description: string | null;
  units: Record<string, RawFact[]>;
}

/** A company's facts: taxonomy → tag → concept. */
export interface CompanyFacts {
  cik: number;
  entity_name: string;
  url: string;
  taxonomies: Record<string, Record<string, ConceptFacts>>;
}

/** One company's value in a frame. */
export interface FrameRow {
  accn: string;
  cik: number;
  entityName: string;
  loc?: string;
  start?: string;
  end: string;
  val: number;
}

/** A frame: one concept, one unit, one calendar period, every filer that reported it. */
export interface Frame {
  taxonomy: string;
  tag: string;
  period: string;
  unit: string;
  label: string | null;
  url: string;
  rows: FrameRow[];
}

export function companyFactsUrl(cik: number): string {
  return `${XBRL_API}/companyfacts/CIK${String(cik).padStart(10, "0")}.json`;
}

/** Frames spell units with `-per-` where companyfacts writes `/` (USD/shares → USD-per-shares). */
export function frameUrl(taxonomy: string, tag: string, unit: string, period: string): string {
  const u = unit.replaceAll("/", "-per-");
  return `${XBRL_API}/frames/${taxonomy}/${tag}/${encodeURIComponent(u)}/${period}.json`;
}

/** The filing index page of an accession (the citation for a fact). */
export function factFilingUrl(cik: number, accession: string): string {
  return indexUrl(cik, accession);
}

/** Reads a company's facts; a company SEC has no XBRL facts for is a clear error. */
export async function companyFacts(client: Client, cik: number): Promise<CompanyFacts> {
  const url = companyFactsUrl(cik);
  const res = await client.env.http.request({
    provider: "filings_a",
    url,
    headers: secHeaders(client.env),
    cache: { ttl: FACTS_TTL },
    acceptStatus: [404],
    signal: client.env.signal,
  });
  if (res.status === 404) {
    throw new ProviderError(
      "filings_a",
      `SEC has no XBRL company facts for CIK ${cik} (${url} answered 404); companies that file no XBRL financial data (funds, some foreign issuers, very old filers) have none`,
      { url, status: 404 },
    );
  }
  const raw = res.json<{
    cik?: number;
    entityName?: string;
    facts?: Record<string, Record<string, Partial<ConceptFacts>>>;
  }>();
  if (!raw || typeof raw !== "object" || !raw.facts || typeof raw.facts !== "object") {
    throw new ProviderError("filings_a", `${url} is not a companyfacts document (no "facts")`, {
      url,
    });
  }
  const taxonomies: CompanyFacts["taxonomies"] = {};
  for (const [taxonomy, tags] of Object.entries(raw.facts)) {
    const out: Record<string, ConceptFacts> = {};
    for (const [tag, concept] of Object.entries(tags ?? {})) {
      out[tag] = {
        label: concept.label ?? null,
        description: concept.description ?? null,
        units: cleanUnits(concept.units),
      };
    }
    taxonomies[taxonomy] = out;
  }
  return { cik, entity_name: raw.entityName ?? "", url, taxonomies };
}

// Rows missing what a citation needs (a value, dates, an accession, a form) are not facts; so are
// rows whose dates are not calendar dates (a period of NaN days is no period).
function cleanUnits(units: unknown): Record<string, RawFact[]> {
  const out: Record<string, RawFact[]> = {};
  if (!units || typeof units !== "object") return out;
  for (const [unit, rows] of Object.entries(units as Record<string, unknown>)) {
    if (!Array.isArray(rows)) continue;
    out[unit] = rows.filter((r): r is RawFact =>
      !!r && typeof r === "object" && typeof r.val === "number" && Number.isFinite(r.val) &&
      isDate(r.end) && (r.start === undefined || r.start === null || isDate(r.start)) &&
      typeof r.accn === "string" && isDate(r.filed) && typeof r.form === "string"
    ).map((r) => {
      // a null start is a balance, as a missing one
      if (r.start !== null) return r;
      const { start: _s, ...rest } = r;
      return rest;
    });
  }
  return out;
}

function isDate(v: unknown): v is string {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  // 2024-02-30 parses as March 1: a date is one that reads back the same
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v;
}

/**
 * Reads one frame; null when SEC has no such frame (404: the tag, unit or period has no
 * values, or the period needs an `I` for an instant concept).
 */
export async function frame(
  client: Client,
  taxonomy: string,
  tag: string,
  unit: string,
  period: string,
): Promise<Frame | null> {
  const url = frameUrl(taxonomy, tag, unit, period);
  const res = await client.env.http.request({
    provider: "filings_a",
    url,
    headers: secHeaders(client.env),
    cache: { ttl: FRAMES_TTL },
    acceptStatus: [404],
    signal: client.env.signal,
  });
  if (res.status === 404) return null;
  const raw = res.json<{ label?: string; data?: unknown[] }>();
  if (!raw || !Array.isArray(raw.data)) {
    throw new ProviderError("filings_a", `${url} is not a frames document (no "data")`, { url });
  }
  const rows = raw.data.filter((r): r is FrameRow => {
    const x = r as Partial<FrameRow>;
    return typeof x?.val === "number" && Number.isFinite(x.val) && typeof x.accn === "string" &&
      typeof x.cik === "number" && typeof x.end === "string";
  });
  return { taxonomy, tag, period, unit, label: raw.label ?? null, url, rows };
}
