import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "calendar.earnings",
  summary: "Past and upcoming earnings dates with estimates and surprises",
  usage: "finance calendar.earnings SYMBOL [limit=12]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
    limit: z.int().default(12).describe("Maximum records to return."),
  }),
  data: z.looseObject({}),
  run: notImplemented("calendar.earnings"),
});
