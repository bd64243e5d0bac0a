import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError } from "../../core/errors.ts";
import { commaText, ticker } from "../../core/schema.ts";
import { ANALYST_NOTE, QUOTED_NOTE } from "../../analysis/evidence/kpi.ts";
import {
  dedupe,
  type DocMeta,
  documentSchema,
  filingRows,
  type KpiRow,
  kpiRowSchema,
  kpiValueSchema,
  pickMetrics,
  transcriptRows,
} from "./_documents.ts";

const point = z.object({
  period: z.string().nullable(),
  published_at: z.string().nullable(),
  qualifier: z.string().nullable(),
  note: z.string().nullable(),
  value: kpiValueSchema,
  comparison: z.enum(["yoy", "qoq"]).nullable(),
  confidence: z.enum(["high", "medium", "low"]),
  doc_ref: z.int(),
  url: z.string().nullable(),
  accession_no: z.string().nullable(),
  sentence: z.string(),
  start_char: z.int(),
  end_char: z.int(),
});

/** A period of part of a year or a trailing year ("9M 2024", "H1 2024", "YTD", "TTM"). */
const SPAN = /^(?:6M|9M|12M|H[12]|YTD|TTM)\b/;

/**
 * One point per metric and document: the earliest mention of the company's own figure (no
 * qualifier such as a segment's or another company's name, not marked low for being one of
 * several figures for the period), never an outlook, and a quarter's or a year's figure before
 * one of nine months or a half; the same figure for the same period from another section of the
 * same filing once.
 */
export function lineUp(metrics: string[], docs: DocMeta[], rows: KpiRow[]) {
  return metrics.map((metric) => ({
    metric,
    points: docs.flatMap((d) => {
      // an outlook is not the period's figure
      // nor is a figure another company gave, quoted in this one's document
      // nor a change in points ("expanded 150 basis points"): a margin's move is not its level
      const all = rows.filter((x) =>
        x.metric === metric && x.doc_ref === d.doc_ref && !x.forward_looking &&
        !x.note?.startsWith(QUOTED_NOTE) && !x.note?.startsWith(ANALYST_NOTE) &&
        x.value?.unit !== "percentage_points"
      );
      // "revenue for the nine months was ..." is not the quarter's point in a quarterly series
      const whole = all.filter((x) => !SPAN.test(x.period ?? ""));
      const mine = whole.length ? whole : all;
      const r = mine.find((x) => x.qualifier === null && x.confidence !== "low") ??
        mine.find((x) => x.qualifier === null) ?? mine[0];
      if (!r) return [];
      return [{
        period: r.period ?? d.period,
        published_at: d.published_at,
        qualifier: r.qualifier,
        note: r.note,
        value: r.value,
        comparison: r.comparison,
        confidence: r.confidence,
        doc_ref: d.doc_ref,
        url: r.url,
        accession_no: r.accession_no,
        sentence: r.sentence,
        start_char: r.start_char,
        end_char: r.end_char,
      }];
    }).sort((a, b) => String(a.published_at).localeCompare(String(b.published_at)))
      // two sections of one filing (its MD&A and its statements) give the period once
      .filter((p, i, all) =>
        !all.slice(0, i).some((q) =>
          q.period === p.period && (q.accession_no ?? q.url) === (p.accession_no ?? p.url) &&
          q.value?.number === p.value?.number && q.qualifier === p.qualifier
        )
      ),
  }));
}

/**
 * A warning for each series whose points are in more than one unit: a series is compared period
 * by period, and points in two currencies (or a percent beside an amount) are not one quantity;
 * and for each whose points cover different lengths (nine months or a half beside quarters).
 */
export function mixedUnits(
  series: {
    metric: string;
    points: { value?: { unit?: string } | null; period?: string | null }[];
  }[],
): string[] {
  const spans = series.flatMap((s) => {
    const parts = s.points.map((p) => p.period ?? "").filter((p) => SPAN.test(p));
    return parts.length && parts.length < s.points.length
      ? [
        `${s.metric}: ${parts.join(", ")} ${
          parts.length > 1 ? "are figures" : "is a figure"
        } of part of a year or a trailing year beside quarters or years: not comparable with the other points`,
      ]
      : [];
  });
  return spans.concat(series.flatMap((s) => {
    const units = [...new Set(s.points.map((p) => p.value?.unit).filter(Boolean))];
    return units.length > 1
      ? [
        `${s.metric}: its points are in ${
          units.join(" and ")
        }; they are not one quantity across periods: compare only points of one unit`,
      ]
      : [];
  }));
}

export default defineCommand({
  name: "kpi.history",
  summary: "Line up KPI mentions across a company's recent transcripts or filings",
  description:
    "Reads the last `limit` earnings-call transcripts (from=transcripts) or 10-Q/10-K filings (from=filings: MD&A, business and financial statements) and extracts the chosen metrics from each, then lines them up per metric oldest to newest with period, value and citation, ready to compare quarter by quarter. A document that cannot be read is a warning. Numbers are quoted from prose and may mix definitions between periods: check the cited sentences.",
  usage:
    "finance kpi.history SYMBOL [from=transcripts|filings metrics=arr,nrr limit=4 per_document_limit=20]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["url", "accession_no", "start_char", "end_char", "period"],
  positional: ["symbol"],
  view: "kpi_history",
  synonyms: { source: "from" },
  args: z.strictObject({
    symbol: ticker("Company ticker, e.g. SNOW."),
    from: z.enum(["transcripts", "filings"]).default("transcripts").describe(
      "Documents to compare: transcripts or filings (10-Q and 10-K).",
    ),
    metrics: commaText().optional().describe("Comma-separated metric keys (default all)."),
    limit: z.int().min(1).max(12).default(4).describe("How many recent documents to read."),
    per_document_limit: z.int().min(1).max(200).default(20).describe(
      "Most KPI rows kept per document.",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    source: z.string(),
    metrics: z.array(z.string()),
    documents: z.array(documentSchema),
    history: z.array(z.object({ doc_ref: z.int(), kpis: z.array(kpiRowSchema), count: z.int() })),
    series: z.array(z.object({ metric: z.string(), points: z.array(point) })),
    count: z.int(),
  }),
  examples: [
    "finance kpi.history SNOW metrics=arr,nrr limit=4",
    "finance kpi.history AAPL from=filings metrics=revenue_growth,gross_margin limit=3",
  ],
  async run(args, ctx) {
    const metrics = await pickMetrics(args.metrics);
    const docs: DocMeta[] = [];
    const rows: KpiRow[] = [];
    const history: { doc_ref: number; kpis: KpiRow[]; count: number }[] = [];
    const keep = (refs: number[], found: KpiRow[]) => {
      for (const ref of refs) {
        const kpis = dedupe(found.filter((r) => r.doc_ref === ref)).slice(
          0,
          args.per_document_limit,
        );
        rows.push(...kpis);
        history.push({ doc_ref: ref, kpis, count: kpis.length });
      }
    };
    if (args.from === "transcripts") {
      const { refuseForeignListing } = await import("../transcripts/_quarter.ts");
      await refuseForeignListing(args.symbol);
      const found = await (await ctx.provider("transcripts_a")).search(args.symbol, args.limit);
      if (!found.transcripts.length) {
        throw new FinanceError(
          `no transcripts found for ${args.symbol} (tried ${
            found.attempts.map((a) => a.url).join(", ")
          })`,
        );
      }
      for (const t of found.transcripts) {
        try {
          const r = await transcriptRows(
            ctx,
            { url: t.url, quarter: "latest" },
            metrics,
            docs.length,
          );
          r.doc.period ??= t.quarter;
          r.doc.published_at = t.published_at ?? r.doc.published_at;
          docs.push(r.doc);
          keep([r.doc.doc_ref], r.rows);
        } catch (err) {
          ctx.warn(`transcript skipped: ${t.url}: ${(err as Error).message}`);
        }
      }
    } else {
      const env = await ctx.call<{ filings: { accession_no: string; form: string }[] }>(
        "filings.recent",
        {
          symbol: args.symbol,
          forms: "10-Q,10-K",
          limit: args.limit,
        },
      );
      if (!env.ok) throw new FinanceError(env.error ?? "filings.recent failed");
      for (const f of env.data?.filings ?? []) {
        try {
          const r = await filingRows(
            ctx,
            { symbol: args.symbol, accession: f.accession_no },
            metrics,
            docs.length,
          );
          docs.push(...r.docs);
          keep(r.docs.map((d) => d.doc_ref), r.rows);
        } catch (err) {
          ctx.warn(`filing skipped: ${f.form} ${f.accession_no}: ${(err as Error).message}`);
        }
      }
    }
    if (!docs.length) throw new FinanceError(`no ${args.from} of ${args.symbol} could be read`);
    const series = lineUp(metrics.map((m) => m.key), docs, rows);
    for (const w of mixedUnits(series)) ctx.warn(w);
    return {
      symbol: args.symbol,
      source: args.from,
      metrics: metrics.map((m) => m.key),
      documents: docs,
      history,
      series,
      count: rows.length,
    };
  },
});
