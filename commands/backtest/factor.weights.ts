import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { InputError } from "../../core/errors.ts";
import { jsonObject } from "../../core/schema.ts";
import { parseAmount } from "../../core/numbers.ts";
import { basketNote, basketWeights, checkPct, edgeTies } from "../../analysis/backtest/factors.ts";
import { round6 } from "../../analysis/backtest/report.ts";

const member = z.strictObject({ symbol: z.string(), weight: z.number(), score: z.number() });

export default defineCommand({
  name: "backtest.factor.weights",
  summary: "Turn factor scores into long/short basket weights",
  description:
    "Pure calculation: ranks the given scores and forms baskets. The top max(1, ⌊n·top_pct⌋) " +
    "scores go long; with direction=long_short the bottom max(1, ⌊n·bottom_pct⌋) go short (a " +
    "symbol never sits in both). Long weights are 0.5/len(long) and short −0.5/len(short) " +
    "(gross 1, net 0); long_only, or no short left, puts 1/len(long) on each long. Ties keep " +
    "the input order; null scores are skipped and listed. Same input, same output. Use " +
    "backtest.factor.payload to compute scores from real bars.",
  usage:
    'finance backtest.factor.weights FACTOR_NAME scores=\'{"AAPL":1.2,"MSFT":0.4}\' [top_pct=0.2 bottom_pct=0.2 direction=long_short]',
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["factor_name"],
  args: z.strictObject({
    factor_name: z.string().trim().min(1).describe("Label of the factor the scores come from."),
    scores: jsonObject().describe(
      'Symbol → score as a JSON object, e.g. {"AAPL":1.2,"MSFT":0.4}; higher = long side.',
    ),
    top_pct: z.number().default(0.2).describe("Fraction of symbols in the long basket (0–1]."),
    bottom_pct: z.number().default(0.2).describe("Fraction of symbols in the short basket (0–1]."),
    direction: z.enum(["long_short", "long_only"]).default("long_short").describe(
      "long_short (default) or long_only.",
    ),
    timestamp: z.string().optional().describe("Date the scores refer to, echoed in the result."),
  }),
  data: z.strictObject({
    run_type: z.literal("factor_weights"),
    factor_name: z.string(),
    timestamp: z.string().nullable(),
    config: z.strictObject({
      top_pct: z.number(),
      bottom_pct: z.number(),
      direction: z.enum(["long_short", "long_only"]),
    }),
    long: z.array(member),
    short: z.array(member),
    weights: z.record(z.string(), z.number()),
    gross_exposure: z.number(),
    net_exposure: z.number(),
    symbols: z.array(z.string()),
    skipped: z.array(z.string()),
  }),
  examples: [
    `finance backtest.factor.weights momentum scores='{"AAPL":1.2,"MSFT":0.4,"NVDA":2.0,"TSLA":-1.0,"META":0.9}'`,
    `finance backtest.factor.weights value scores='{"A":3,"B":2,"C":1}' direction=long_only top_pct=0.34`,
  ],
  run(args, ctx) {
    const { scores, skipped } = readScores(args.scores);
    if (!scores.length) {
      throw new InputError("scores: give at least one symbol with a numeric score");
    }
    const [top, bottom] = [
      checkPct("top_pct", args.top_pct),
      checkPct("bottom_pct", args.bottom_pct),
    ];
    const b = basketWeights(scores, top, bottom, args.direction);
    for (const w of edgeTies(scores, b)) ctx.warn(w);
    const sided = basketNote(scores.length, b, top, bottom, args.direction);
    if (sided) ctx.warn(sided);
    const symbols = Object.keys(b.weights).sort();
    return Promise.resolve(round6({
      run_type: "factor_weights" as const,
      factor_name: args.factor_name,
      timestamp: args.timestamp ?? null,
      config: { top_pct: args.top_pct, bottom_pct: args.bottom_pct, direction: args.direction },
      long: b.long,
      short: b.short,
      weights: Object.fromEntries(symbols.map((s) => [s, b.weights[s]])),
      gross_exposure: b.gross_exposure,
      net_exposure: b.net_exposure,
      symbols,
      skipped,
    }));
  },
});

/** Symbol → score pairs in input order; null scores skipped; anything else non-numeric is an error. */
function readScores(raw: Record<string, unknown>) {
  const scores: [string, number][] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(raw)) {
    const symbol = key.trim().toUpperCase();
    if (!symbol) throw new InputError("scores: a symbol name is empty");
    if (seen.has(symbol)) throw new InputError(`scores: ${symbol} is given twice`);
    seen.add(symbol);
    // null, or `null` written in key=value text (META=null), as the refusal below offers
    if (value === null || typeof value === "string" && value.trim().toLowerCase() === "null") {
      skipped.push(symbol);
      continue;
    }
    const n = typeof value === "number"
      ? value
      : typeof value === "string"
      ? scoreText(value)
      : NaN;
    if (!Number.isFinite(n)) {
      throw new InputError(
        `scores: ${symbol} must be a number (or null to skip), got ${
          shownScore(value)
        }; write digits such as 1.25, -0.4, 1,234, (5) or 2.5e-3`,
      );
    }
    scores.push([symbol, n]);
  }
  return { scores, skipped };
}

/** A decimal or exponent number (`1.25`, `-2.5e-3`) or an amount as statements write one
 * (`1,234`, `(5)`, `2.5B`); NaN for anything else: `Number()` would take "0x10" as 16, "0b11"
 * as 3 and "" as 0. */
function scoreText(text: string): number {
  const t = text.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return Number(t);
  return parseAmount(t) ?? NaN;
}

/** A refused score as the caller wrote it: JSON would show an overflowed 1e400 as null. */
function shownScore(value: unknown): string {
  if (typeof value === "number") {
    return Number.isNaN(value)
      ? "a value that is not a number"
      : "a number beyond the largest (about 1.8e308)";
  }
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 60)}…` : text;
}
