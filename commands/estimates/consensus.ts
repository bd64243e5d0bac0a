import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "estimates.consensus",
  summary: "Analyst consensus estimates (annual or quarterly)",
  usage: "finance estimates.consensus SYMBOL [period=annual|quarter limit=10 page=0]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    period: z.enum(["annual", "quarter"]).optional().describe(
      "Financial statement period, such as annual or quarterly.",
    ),
    limit: z.int().default(10).describe("Maximum records to return."),
    page: z.int().default(0).describe("Page number to request from the provider."),
  }),
  data: z.looseObject({}),
  run: notImplemented("estimates.consensus"),
});
