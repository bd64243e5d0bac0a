import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "calendar.company",
  summary: "Upcoming earnings and dividend dates for a company",
  usage: "finance calendar.company SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
  }),
  data: z.looseObject({}),
  run: notImplemented("calendar.company"),
});
