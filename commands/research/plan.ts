import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";
import { researchPlan } from "../../analysis/calculators/research.ts";

const step = z.object({
  id: z.string(),
  status: z.enum(["supported", "partially_supported"]),
  objective: z.string(),
  commands: z.array(z.string()),
  placeholders: z.array(z.string()),
  missing: z.array(z.string()).optional(),
});

export default defineCommand({
  name: "research.plan",
  summary: "A step-by-step command checklist for researching a company",
  description:
    "Returns a fixed, ordered checklist of finance commands for a fundamental review of one " +
    "company: profile, filings, statements, transcripts, KPIs, price moves, estimates, valuation " +
    "and investor materials. It runs nothing and touches no network; values in CAPITALS are " +
    "placeholders to fill from earlier steps (explained in `placeholders`). Only the fundamental " +
    "style exists.",
  usage: "finance research.plan SYMBOL [style=fundamental annual_form=10-K|20-F|40-F]",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker("Ticker of the company to research, e.g. CRWD."),
    style: z.enum(["fundamental"]).default("fundamental").describe(
      "Kind of checklist; only fundamental (the default) exists.",
    ),
    annual_form: z.enum(["10-K", "20-F", "40-F"]).default("10-K").describe(
      "The annual report the company files: 10-K (US filers), 20-F (foreign private issuers), 40-F (some Canadian issuers); the filing steps use it.",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    style: z.literal("fundamental"),
    plan_type: z.literal("deterministic_cli_checklist"),
    steps: z.array(step),
    count: z.int(),
    placeholders: z.array(z.object({ name: z.string(), meaning: z.string() })),
    notes: z.array(z.string()),
  }),
  examples: [
    "finance research.plan CRWD",
    "finance research.plan symbol=MSFT style=fundamental",
    "finance research.plan TSM annual_form=20-F",
  ],
  compute: researchPlan,
});
