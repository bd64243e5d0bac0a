import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { UsageError } from "../../core/errors.ts";
import { ticker } from "../../core/schema.ts";
import {
  dedupe,
  documentSchema,
  filingRows,
  kpiRowSchema,
  pickMetrics,
  transcriptRows,
} from "./_documents.ts";

export default defineCommand({
  name: "kpi.extract",
  summary: "Find KPI mentions (ARR, NRR, growth, margins...) with numbers and citations",
  description:
    "Reads the latest (or a chosen) earnings-call transcript and/or the MD&A, business and financial-statement sections of the latest filing, and returns every sentence that names a metric as a whole word (so `arr` never matches inside `warrant`) with the number, unit and period next to it, the speaker and part of the call for transcripts, and a citation: URL or accession, section, and character offsets. Growth metrics need a growth verb, not just the word revenue. Rows are evidence to verify, not audited figures; use filings.statement for reported numbers.",
  usage:
    "finance kpi.extract SYMBOL [source=transcripts|filings|both metrics=arr,nrr,... limit=30 quarter=latest form=10-K url=URL|PATH]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["url", "accession_no", "section", "start_char", "end_char", "speaker"],
  positional: ["symbol"],
  view: "kpi",
  args: z.strictObject({
    symbol: ticker("Company ticker, e.g. SNOW."),
    source: z.enum(["transcripts", "transcript", "filings", "filing", "both"]).default(
      "transcripts",
    )
      .describe("Where to look: transcripts, filings or both."),
    metrics: z.string().optional().describe(
      "Comma-separated metric keys (default all): arr, net_new_arr, large_customers, nrr, revenue, revenue_growth, gross_margin, operating_margin, fcf_margin, free_cash_flow, rpo, eps.",
    ),
    limit: z.int().min(1).max(500).default(30).describe("Most KPI rows returned."),
    quarter: z.string().default("latest").describe(
      "Transcript to read: latest, Q4, Q4 2024 or 2024Q4.",
    ),
    form: z.string().default("10-K").describe("Filing form read for source=filings: 10-K or 10-Q."),
    url: z.string().trim().min(1).optional().describe(
      "A transcript page, local file or file:// URL to read instead of searching.",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    source: z.string(),
    metrics: z.array(z.string()),
    documents: z.array(documentSchema),
    kpis: z.array(kpiRowSchema),
    count: z.int(),
    total_count: z.int(),
    truncated: z.boolean(),
    missing_metrics: z.array(z.string()),
  }),
  examples: [
    "finance kpi.extract SNOW metrics=arr,nrr,rpo",
    "finance kpi.extract EXSW url=./saved/exsw-q3-2025.html",
    "finance kpi.extract AAPL source=filings form=10-Q metrics=revenue_growth,gross_margin",
  ],
  async run(args, ctx) {
    const metrics = await pickMetrics(args.metrics);
    const source = ({ transcript: "transcripts", filing: "filings" } as Record<string, string>)[
      args.source
    ] ?? args.source;
    if (args.url && source === "filings") {
      throw new UsageError("url= names a transcript; use source=transcripts or both with it");
    }
    const documents = [];
    const rows = [];
    if (source === "transcripts" || source === "both") {
      const t = await transcriptRows(
        ctx,
        { symbol: args.symbol, url: args.url, quarter: args.quarter },
        metrics,
        0,
      );
      documents.push(t.doc);
      rows.push(...t.rows);
    }
    if (source === "filings" || source === "both") {
      const f = await filingRows(
        ctx,
        { symbol: args.symbol, form: args.form },
        metrics,
        documents.length,
      );
      documents.push(...f.docs);
      rows.push(...f.rows);
    }
    const all = dedupe(rows);
    const missing = metrics.map((m) => m.key).filter((k) => !all.some((r) => r.metric === k));
    if (missing.length) ctx.warn(`no evidence found for ${missing.join(", ")}`);
    return {
      symbol: args.symbol,
      source,
      metrics: metrics.map((m) => m.key),
      documents,
      kpis: all.slice(0, args.limit),
      count: Math.min(all.length, args.limit),
      total_count: all.length,
      truncated: all.length > args.limit,
      missing_metrics: missing,
    };
  },
});
