import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { amount, ticker } from "../../core/schema.ts";
import { UsageError } from "../../core/errors.ts";

/** Metrics that can be compared, in the order results are listed. */
const METRICS = [
  "revenue",
  "eps",
  "ebitda",
  "ebit",
  "net_income",
  "fcf",
  "free_cash_flow",
  "operating_income",
] as const;
type Metric = typeof METRICS[number];

const LABELS: Record<Metric, string> = {
  revenue: "revenue",
  eps: "earnings per share",
  ebitda: "EBITDA",
  ebit: "EBIT",
  net_income: "net income",
  fcf: "free cash flow",
  free_cash_flow: "free cash flow",
  operating_income: "operating income",
};

const USAGE =
  "finance estimates.compare [SYMBOL] revenue=2.2B consensus_revenue=2.0B eps=0.50 consensus_eps=0.45 fiscal_year=2027";

function metricArgs() {
  const shape: Record<string, z.ZodOptional<ReturnType<typeof amount>>> = {};
  for (const m of METRICS) {
    shape[m] = amount().optional().describe(
      `Your own figure for ${LABELS[m]} (${m === "eps" ? "e.g. 0.50" : "e.g. 2.2B"}).`,
    );
    shape[`consensus_${m}`] = amount().optional().describe(
      `Consensus ${LABELS[m]} to compare ${m} with (e.g. from estimates.consensus).`,
    );
  }
  return shape as Record<Metric | `consensus_${Metric}`, z.ZodOptional<ReturnType<typeof amount>>>;
}

/** Rounds away float noise such as 0.5 − 0.45 = 0.04999999999999999. */
function round10(x: number): number {
  return Math.round(x * 1e10) / 1e10;
}

const comparison = z.object({
  metric: z.enum(METRICS),
  user_value: z.number(),
  consensus_value: z.number(),
  absolute_gap: z.number(),
  percent_gap: z.number().nullable().describe(
    "absolute_gap / |consensus| as a fraction: 0.1 means 10% (null when consensus is 0).",
  ),
  percent_gap_pct: z.number().nullable().describe("percent_gap in percent: 10 means 10%."),
  direction: z.enum(["above_consensus", "below_consensus", "in_line"]),
});

export default defineCommand({
  name: "estimates.compare",
  summary: "Compare your revenue/EPS assumptions with consensus figures",
  description:
    "Gap between your own figures and consensus for each metric pair you pass (revenue with " +
    "consensus_revenue, eps with consensus_eps; also ebitda, ebit, net_income, fcf, " +
    "free_cash_flow, operating_income). No network: take consensus values from " +
    "estimates.consensus or another cited source. At least one complete pair is required; a " +
    "metric given without its partner is an error rather than silently skipped.",
  usage: USAGE,
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  requireOneOf: METRICS.map((m) => [m, `consensus_${m}`]),
  args: z.strictObject({
    symbol: ticker("Ticker the figures belong to (optional; only echoed back).").optional(),
    ...metricArgs(),
    fiscal_year: z.union([z.int(), z.string().trim().min(1).max(20)]).optional().describe(
      "Fiscal year the figures are for, e.g. 2027 or FY2027 (echoed back).",
    ),
    period: z.string().trim().min(1).max(20).optional().describe(
      "Period the figures are for, e.g. annual or Q3 (echoed back).",
    ),
  }),
  data: z.object({
    symbol: z.string().nullable(),
    fiscal_year: z.string().nullable(),
    period: z.string().nullable(),
    comparisons: z.array(comparison),
    count: z.int(),
    method: z.string(),
  }),
  examples: [
    "finance estimates.compare AAPL revenue=2.2B consensus_revenue=2.0B eps=0.50 consensus_eps=0.45 fiscal_year=2027",
    "finance estimates.compare symbol=MSFT fcf=70B consensus_fcf=74B period=annual",
  ],
  run(args, ctx) {
    const values = args as unknown as Record<string, number | undefined>;
    const rows: z.input<typeof comparison>[] = [];
    for (const metric of METRICS) {
      const user = values[metric];
      const consensus = values[`consensus_${metric}`];
      if (user === undefined && consensus === undefined) continue;
      if (user === undefined || consensus === undefined) {
        const missing = user === undefined ? metric : `consensus_${metric}`;
        throw new UsageError(
          `estimates.compare: ${missing} is missing; ${metric} and consensus_${metric} are compared as a pair (usage: ${USAGE})`,
        );
      }
      const gap = round10(user - consensus);
      const share = consensus === 0 ? null : round10(gap / Math.abs(consensus));
      if (share === null) {
        ctx.warn(`percent_gap for ${metric} is null: the consensus value is zero`);
      }
      // a profit against a consensus loss (or the reverse) is no percent difference
      if (user !== 0 && consensus !== 0 && Math.sign(user) !== Math.sign(consensus)) {
        ctx.warn(
          `${metric}: your ${user} and the consensus ${consensus} have opposite signs, so percent_gap (${
            share === null ? "null" : `${round10(share * 100)}%`
          }) measures no usual change; read absolute_gap`,
        );
      }
      // 2.2T against 2.0K: a thousand times or more apart is most likely two units; per share,
      // a hundred times apart is most likely cents against dollars (or pence against pounds)
      const ratio = Math.abs(user) / Math.abs(consensus);
      const far = metric === "eps" ? 20 : 500;
      if (consensus !== 0 && user !== 0 && (ratio >= far || ratio <= 1 / far)) {
        ctx.warn(
          `${metric}: your ${user} and the consensus ${consensus} are ${
            ratio >= 1 ? Math.round(ratio) : `1/${Math.round(1 / ratio)}`
          } times apart: check both are in the same unit (${
            metric === "eps"
              ? "both in dollars per share, not one in cents; pence and pounds for a GBp listing"
              : "2.2B, not 2200 meaning millions"
          })`,
        );
      }
      rows.push({
        metric,
        user_value: user,
        consensus_value: consensus,
        absolute_gap: gap,
        percent_gap: share,
        percent_gap_pct: share === null ? null : round10(share * 100),
        direction: gap > 0 ? "above_consensus" : gap < 0 ? "below_consensus" : "in_line",
      });
    }
    if (!rows.length) {
      throw new UsageError(
        `estimates.compare: give at least one metric with its consensus, e.g. revenue=2.2B consensus_revenue=2.0B (usage: ${USAGE})`,
      );
    }
    return Promise.resolve({
      symbol: args.symbol ?? null,
      fiscal_year: args.fiscal_year === undefined ? null : String(args.fiscal_year),
      period: args.period ?? null,
      comparisons: rows,
      count: rows.length,
      method:
        "absolute_gap = yours − consensus; percent_gap = absolute_gap / |consensus| (null when consensus is 0); rounded to 10 decimals",
    });
  },
});
