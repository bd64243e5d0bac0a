import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { FinanceError, UsageError } from "../../core/errors.ts";
import { clip } from "../../core/args.ts";
import { commaText, ticker } from "../../core/schema.ts";
import {
  dedupe,
  documentSchema,
  filingRows,
  kpiRowSchema,
  pickMetrics,
  transcriptRows,
} from "./_documents.ts";

/** Where kpi.extract looks. */
const FROM = ["transcripts", "transcript", "filings", "filing", "both"] as const;

export default defineCommand({
  name: "kpi.extract",
  summary: "Find KPI mentions (ARR, NRR, growth, margins...) with numbers and citations",
  description:
    "Reads the latest (or a chosen) earnings-call transcript and/or the MD&A, business and financial-statement sections of the latest filing, and returns every sentence that names a metric as a whole word (so `arr` never matches inside `warrant`) with the number, unit and period next to it, the speaker and part of the call for transcripts, and a citation: URL or accession, section, and character offsets. Growth metrics need a growth verb, not just the word revenue. Rows are evidence to verify, not audited figures; use filings.statement for reported numbers.",
  usage:
    "finance kpi.extract SYMBOL [from=transcripts|filings|both metrics=arr,nrr,... limit=30 quarter=latest form=10-K accession=ACCESSION source=URL|PATH]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["url", "accession_no", "section", "start_char", "end_char", "speaker"],
  positional: ["symbol"],
  view: "kpi",
  aliases: { url: "source" },
  args: z.strictObject({
    symbol: ticker("Company ticker, e.g. SNOW."),
    from: z.enum(FROM).optional().describe(
      "Where to look: transcripts (default), filings or both.",
    ),
    metrics: commaText().optional().describe(
      "Comma-separated metric keys (default all): arr, net_new_arr, large_customers, nrr, revenue, revenue_growth, gross_margin, operating_margin, fcf_margin, free_cash_flow, rpo, eps.",
    ),
    limit: z.int().min(1).max(500).default(30).describe("Most KPI rows returned."),
    quarter: z.string().default("latest").describe(
      "Transcript to read: latest, Q4, Q4 2024 or 2024Q4 (a filing is picked by form= or accession=).",
    ),
    form: z.string().optional().describe(
      "Filing form read for from=filings or both: 10-K (default) or 10-Q, its latest filing.",
    ),
    accession: z.string().trim().min(1).optional().describe(
      "The filing to read for from=filings or both, by accession number (filings.recent lists them).",
    ),
    source: z.string().trim().min(1).optional().describe(
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
    "finance kpi.extract EXSW source=./saved/exsw-q3-2025.html",
    "finance kpi.extract AAPL from=filings form=10-Q metrics=revenue_growth,gross_margin",
  ],
  async run(args, ctx) {
    const metrics = await pickMetrics(args.metrics);
    let from: string | undefined = args.from;
    let address = args.source;
    // source= used to say where to look; a value that names documents, not an address, is read
    // the old way, with a warning
    if (address && (FROM as readonly string[]).includes(address.toLowerCase())) {
      if (from) {
        throw new UsageError(
          `source=${address} names where to look, as from= does; give from= alone (source= is a transcript page or file)`,
        );
      }
      ctx.warn(
        `source=${address} is the older way to say from=${address}; source= now names a transcript page or file`,
      );
      from = address.toLowerCase();
      address = undefined;
    }
    const source = ({ transcript: "transcripts", filing: "filings" } as Record<string, string>)[
      from ?? ""
    ] ?? from ?? "transcripts";
    if (address && source === "filings") {
      throw new UsageError("source= names a transcript; use from=transcripts or both with it");
    }
    const filings = source === "filings" || source === "both";
    if (!filings && (args.form || args.accession)) {
      throw new UsageError(
        `${args.form ? "form=" : "accession="} picks a filing, and from=${source} reads ` +
          `transcripts only; add from=filings or from=both to read the filing`,
      );
    }
    // quarter= picks a transcript: a filing read for it was the latest one, of another period
    if (filings && args.quarter.trim().toLowerCase() !== "latest" && !args.accession) {
      // the caller's text is said clipped, as every refusal says it
      const quarter = clip(args.quarter);
      const form = clip(args.form ?? "10-Q");
      const pick = `pass accession= of the ${form} for that period (finance ` +
        `filings.recent ${args.symbol} forms=${form} lists them)`;
      if (source === "filings") {
        throw new UsageError(
          `quarter=${quarter} picks a transcript, not a filing: from=filings reads the ` +
            `latest ${clip(args.form ?? "10-K")}; ${pick}`,
        );
      }
      ctx.warn(
        `quarter=${quarter} picks the transcript only: the filing read is the latest ` +
          `${clip(args.form ?? "10-K")}, whatever its period; ${pick}`,
      );
    }
    const documents = [];
    const rows = [];
    if (source === "transcripts" || source === "both") {
      const t = await transcriptRows(
        ctx,
        { symbol: args.symbol, url: address, quarter: args.quarter },
        metrics,
        0,
      );
      documents.push(t.doc);
      rows.push(...t.rows);
    }
    if (source === "filings" || source === "both") {
      try {
        const f = await filingRows(
          ctx,
          { symbol: args.symbol, form: args.form, accession: args.accession },
          metrics,
          documents.length,
        );
        documents.push(...f.docs);
        rows.push(...f.rows);
      } catch (err) {
        // with from=both, a transcript read is an answer of its own: the filing is said missing
        if (!documents.length || !(err instanceof FinanceError)) throw err;
        ctx.warn(`no filing read, so the rows are the transcript's alone: ${err.message}`);
      }
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
