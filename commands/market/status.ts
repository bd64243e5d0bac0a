import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "market.status",
  summary: "Whether the exchange is open, with its hours",
  usage: "finance market.status [MARKET=US]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["market"],
  args: z.strictObject({
    market: z.string().default("US").describe("Market code."),
  }),
  data: z.looseObject({}),
  run: notImplemented("market.status"),
});
