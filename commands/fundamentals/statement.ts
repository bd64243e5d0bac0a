import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "fundamentals.statement",
  summary: "Financial statement line items per period from the market provider",
  usage:
    "finance fundamentals.statement SYMBOL [statement=income|balance|cashflow period=annual|quarterly]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    statement: z.enum(["income", "balance", "cashflow"]).optional().describe(
      "Financial statement family.",
    ),
    period: z.enum(["annual", "quarterly"]).optional().describe(
      "Financial statement period, such as annual or quarterly.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("fundamentals.statement"),
});
