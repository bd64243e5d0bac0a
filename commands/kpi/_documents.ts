/**
 * The documents KPI commands read: transcripts (every turn, prepared remarks and Q&A) and filing
 * sections (each read on its own; a missing section is a warning, not a failure).
 */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { FinanceError, UsageError } from "../../core/errors.ts";
import { closest } from "../../core/suggest.ts";
import type { KpiHit, MetricDef } from "../../analysis/evidence/kpi.ts";
import { loadTranscript } from "../transcripts/_load.ts";

export const documentSchema = z.object({
  doc_ref: z.int(),
  kind: z.enum(["transcript", "filing_section"]),
  title: z.string().nullable(),
  period: z.string().nullable(),
  published_at: z.string().nullable(),
  url: z.string().nullable(),
  accession_no: z.string().nullable(),
  section: z.string().nullable(),
  source: z.string(),
  // optional in the type only: every document this command reads carries both
  provider: z.string().nullable().optional().describe(
    "Provider key the document was read through (transcripts_a, filings_a); null for a local file.",
  ),
  retrieved_at: z.string().nullable().optional().describe(
    "When the document was read (ISO 8601; the recording's time under replay); null when that is not known (a recording that carries no date).",
  ),
});

/** A KPI's figure as it was stated: the number, its unit, a range's high end, a bound. */
export const kpiValueSchema = z.object({
  raw: z.string(),
  number: z.number(),
  unit: z.string().describe(
    "What number counts: an ISO currency code (USD, EUR, JPY ...), GBp (pence, a hundredth of GBP), '<code> cents' or 'cents' (a hundredth of a currency, the currency not named when bare), percent, percentage_points or count.",
  ),

  high: z.number().optional().describe(
    "The high end of a range ('1% to 3%': number is 1, high 3; '$24 billion, plus or minus 2%': 23.52B to 24.48B).",
  ),
  bound: z.enum(["at_least", "at_most"]).optional().describe(
    "The figure is a bound, not a point: at_least for 'a minimum of $600 million', 'more than'; at_most for 'up to', 'a maximum of'.",
  ),
});

export const kpiRowSchema = z.object({
  metric: z.string(),
  label: z.string(),
  qualifier: z.string().nullable().describe(
    "Words before the metric's name saying whose figure it is (\"data center\" revenue, \"GitHub\" revenue growth): a segment's or another company's, not the company's total; null when none.",
  ),
  value: kpiValueSchema,
  period: z.string().nullable().describe(
    "The period the figure is for: 'Q3 2024', 'FY 2024', a column's end date ('2024-09-30', three months to it), or part of a year or a trailing year ('9M 2024', '6M 2024-06-30', 'H1 2024', 'YTD', 'TTM', '12M 2024'), never the document's quarter for those; null when not known.",
  ),
  comparison: z.enum(["yoy", "qoq"]).nullable().describe(
    "What the value is compared with, read from the words next to it: yoy (a year before), qoq (the quarter before), or null.",
  ),
  forward_looking: z.boolean().describe(
    "The sentence is an outlook (expected, guidance, will be): a figure for a period to come, not a result; its period is only what the sentence names.",
  ),
  note: z.string().nullable().describe(
    "Why the row may not be what its label says, e.g. one of several revenue figures for the same period in the document.",
  ),
  sentence: z.string(),
  start_char: z.int(),
  end_char: z.int(),
  value_start_char: z.int().optional().describe(
    "Where the figure's words (value.raw) start in the text read, as start_char does for the sentence.",
  ),
  value_end_char: z.int().optional(),
  matched_term: z.string(),
  confidence: z.enum(["high", "medium", "low"]),
  doc_ref: z.int(),
  url: z.string().nullable(),
  accession_no: z.string().nullable(),
  section: z.string().nullable(),
  speaker: z.string().nullable(),
  part: z.string().nullable(),
});

export type DocMeta = z.infer<typeof documentSchema>;
export type KpiRow = z.infer<typeof kpiRowSchema>;

/** `arr,nrr` → metric definitions; unknown names fail with the list of known ones. */
export async function pickMetrics(list: string | undefined): Promise<MetricDef[]> {
  const { METRICS } = await import("../../analysis/evidence/kpi.ts");
  if (!list?.trim()) return METRICS;
  const wanted = list.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = wanted.filter((w) => !METRICS.some((m) => m.key === w));
  if (unknown.length) {
    const keys = METRICS.map((m) => m.key);
    const near = unknown.map((w) => closest(w, keys)).filter((k) => k !== null);
    throw new UsageError(
      `unknown metric ${unknown.join(", ")}${
        near.length ? ` (did you mean ${[...new Set(near)].join(", ")}?)` : ""
      }; choose from ${keys.join(", ")}`,
    );
  }
  return METRICS.filter((m) => wanted.includes(m.key));
}

/** Rows of one transcript: each turn read separately so rows know speaker and part. */
export async function transcriptRows(
  ctx: Context,
  pick: { symbol?: string; url?: string; quarter: string },
  metrics: MetricDef[],
  docRef: number,
): Promise<{ doc: DocMeta; rows: KpiRow[] }> {
  const { extractKpis, markAmbiguous, ANALYST_NOTE, UNKNOWN_ROLE_NOTE } = await import(
    "../../analysis/evidence/kpi.ts"
  );
  // by address too, so a call of another company or quarter than symbol= and quarter= is refused
  const { meta, parsed } = await loadTranscript(pick, ctx, "kpi.extract", "source");
  const doc: DocMeta = {
    doc_ref: docRef,
    kind: "transcript",
    title: meta.title,
    period: meta.quarter,
    published_at: meta.published_at,
    url: meta.url,
    accession_no: null,
    section: null,
    source: meta.source,
    provider: meta.provider,
    retrieved_at: meta.retrieved_at,
  };
  const pieces = parsed.turns.length
    ? parsed.turns.map((t) => ({
      text: t.text,
      base: t.start_char,
      speaker: t.speaker,
      part: t.part,
      role: t.role,
    }))
    : unlabelledPieces(parsed.text, parsed.qa_start_char);
  // the company's own names, so a figure another company gave ("Microsoft noted ...") is told
  const own = ownNames([pick.symbol, meta.title, ...parsed.turns.map((t) => t.speaker)]);
  const rows = markAmbiguous(
    pieces.flatMap((p) =>
      extractKpis(p.text, metrics, p.base, { own }).map((h) => {
        // an analyst's figure is a question's premise ("with revenue of $5 billion, how ..."),
        // and a speaker of unknown role may be either: neither is the company's statement
        if (p.role === "analyst" || p.role === "unknown") {
          const said = p.role === "analyst"
            ? `${ANALYST_NOTE} (${p.speaker}), not by the company: a question's premise or estimate`
            : `${UNKNOWN_ROLE_NOTE} (${
              p.speaker ?? "in the Q&A of a transcript without speaker labels"
            }): it may be an analyst's, not the company's`;
          h.note = h.note ? `${said}; ${h.note}` : said;
          h.confidence = "low";
        }
        return row(h, doc, { speaker: p.speaker, part: p.part, fallbackPeriod: meta.quarter });
      })
    ),
  );
  return { doc, rows };
}

/** Distinctive words of the company's ticker, name and speakers ("NVIDIA", "Colette", "Kress"). */
function ownNames(names: (string | null | undefined)[]): string[] {
  const generic =
    /^(?:inc|corp|corporation|company|co|ltd|plc|group|holdings|the|and|earnings|call|transcript|conference|nasdaq|nyse|q[1-4]|fy)$/i;
  return [
    ...new Set(
      names.flatMap((n) => (n ?? "").split(/[^\p{L}\p{N}&-]+/u))
        .filter((w) => w.length >= 3 && !/^\d/.test(w) && !generic.test(w)),
    ),
  ];
}

const SECTIONS = ["mda", "business", "financial_statements"] as const;

/** Rows of a filing's sections; sections that cannot be read are warned about and skipped. */
export async function filingRows(
  ctx: Context,
  pick: { symbol: string; form?: string; accession?: string },
  metrics: MetricDef[],
  firstRef: number,
): Promise<{ docs: DocMeta[]; rows: KpiRow[] }> {
  const { extractKpis, markAmbiguous } = await import("../../analysis/evidence/kpi.ts");
  // a form with no sections (8-K, 6-K) is said once, not once per section read
  if (pick.form && !pick.accession) {
    const { refuseUnmappedForm } = await import("../filings/_shared.ts");
    await refuseUnmappedForm({ form: pick.form });
  }
  const docs: DocMeta[] = [];
  const rows: KpiRow[] = [];
  const errors: { section: string; message: string }[] = [];
  for (const section of SECTIONS) {
    const env = await ctx.call<
      {
        filing: {
          form: string;
          accession_no: string;
          filing_url: string;
          filing_date: string;
          period_of_report: string;
          company: string;
        };
        text: string;
        start_char?: number;
        document_url?: string;
        retrieved_at?: string | null;
      }
    >("filings.read", {
      // the company goes along with an accession: its prefix may be a filing agent's CIK
      // (Workiva's 0001628280-…), not the company's
      ...(pick.accession
        ? {
          symbol: pick.symbol,
          accession: pick.accession,
          ...(pick.form ? { form: pick.form } : {}),
        }
        : { symbol: pick.symbol, form: pick.form ?? "10-K" }),
      section,
      max_chars: 0,
      // an item incorporated by reference (EX-13 annual report, a 40-F's EX-99) is read from the
      // exhibit, not from the one-line pointer in the main document
      follow: true,
    });
    if (!env.ok || !env.data) {
      // kpi.extract takes accession=, and its url= is the transcript's address: the filings'
      // advice to pass "accession= or url=" is said as it applies here
      const message = (env.error ?? "unreadable").replace(
        "pass accession= or url= of the filing",
        "pass accession= of the filing",
      );
      errors.push({ section, message });
      continue;
    }
    const f = env.data.filing;
    const doc: DocMeta = {
      doc_ref: firstRef + docs.length,
      kind: "filing_section",
      title: `${f.company} ${f.form} ${section}`,
      period: f.period_of_report,
      published_at: f.filing_date,
      // offsets index the document that was read: the exhibit when the section was followed
      url: env.data.document_url ?? f.filing_url,
      accession_no: f.accession_no,
      section,
      source: "filings_a",
      provider: "filings_a",
      // as filings.read says: a time it does not know (an undated recording) is null, never now
      ...(env.data.retrieved_at !== undefined ? { retrieved_at: env.data.retrieved_at } : {}),
    };
    docs.push(doc);
    rows.push(...markAmbiguous(
      extractKpis(env.data.text, metrics, env.data.start_char ?? 0, {
        own: ownNames([pick.symbol, f.company]),
      }).map((h) => row(h, doc, { speaker: null, part: null, fallbackPeriod: f.period_of_report })),
    ));
  }
  // sections that failed alike (the company unknown, the filing not fetched) are said once
  const byMessage = new Map<string, string[]>();
  for (const e of errors) byMessage.set(e.message, [...byMessage.get(e.message) ?? [], e.section]);
  const said = [...byMessage].map(([message, sections]) => `${sections.join(", ")}: ${message}`);
  if (!docs.length) throw new FinanceError(`no filing section could be read: ${said.join("; ")}`);
  for (const e of said) ctx.warn(`filing section skipped: ${e}`);
  return { docs, rows };
}

/**
 * A row's period: the one its sentence names, the document's fiscal year for a full year named
 * without its number, the document's period otherwise; an outlook only what it names (it is
 * about a later period than the document's).
 */
export function periodIn(h: KpiHit, fallback: string | null): string | null {
  const year = /(?:19|20)\d{2}/.exec(fallback ?? "")?.[0];
  if (h.period === "FY") return year ? `FY ${year}` : null;
  // "In Q4" in a Q4 call is that quarter; in another quarter's call its year is not known
  if (/^Q[1-4]$/.test(h.period ?? "")) {
    return fallback?.startsWith(`${h.period} `) ? fallback : null;
  }
  // "the three months ended March 31, 2022 and 2023 ... respectively": the 2022 figure is not
  // the document's period
  // (the note is kpi.ts' LISTED_YEAR_NOTE; kpi.ts is loaded only when a document is read)
  const listed = h.period
    ? null
    : /\b((?:19|20)\d{2}) figure of a list stated "respectively" by year/.exec(h.note ?? "")?.[1];
  if (listed && listed !== year) return null;
  return h.period ?? (h.forward_looking ? null : fallback);
}

/**
 * A transcript without speaker labels in two pieces at its Q&A start: before it the prepared
 * remarks, after it words that may be an analyst's as well as management's (role unknown), so a
 * question's premise ("with revenue at $5 billion, how...") is not passed as the company's figure.
 */
function unlabelledPieces(text: string, qaStart: number | null): {
  text: string;
  base: number;
  speaker: null;
  part: "prepared" | "qa" | null;
  role: "unknown" | null;
}[] {
  if (qaStart === null || qaStart <= 0 || qaStart >= text.length) {
    return [{ text, base: 0, speaker: null, part: null, role: null }];
  }
  return [
    { text: text.slice(0, qaStart), base: 0, speaker: null, part: "prepared", role: null },
    { text: text.slice(qaStart), base: qaStart, speaker: null, part: "qa", role: "unknown" },
  ];
}

function row(
  h: KpiHit,
  doc: DocMeta,
  extra: { speaker: string | null; part: string | null; fallbackPeriod: string | null },
): KpiRow {
  return {
    ...h,
    period: periodIn(h, extra.fallbackPeriod),
    doc_ref: doc.doc_ref,
    url: doc.url,
    accession_no: doc.accession_no,
    section: doc.section,
    speaker: extra.speaker,
    part: extra.part,
  };
}

/** Same metric and sentence once; best confidence first, then document order. */
export function dedupe(rows: KpiRow[]): KpiRow[] {
  const rank = { high: 0, medium: 1, low: 2 };
  const seen = new Set<string>();
  return rows.filter((r) => {
    // one sentence may state a metric twice ("GAAP gross margins ... 76% and non-GAAP gross
    // margins to 76.7%"): each figure is a row
    const k = `${r.doc_ref}|${r.metric}|${r.start_char}|${r.value.raw}|${r.qualifier}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  }).sort((a, b) =>
    rank[a.confidence] - rank[b.confidence] || a.doc_ref - b.doc_ref || a.start_char - b.start_char
  );
}
