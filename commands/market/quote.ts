import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "market.quote",
  summary: "Latest quote of a symbol with its source and time",
  usage: "finance market.quote SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "source", "provider", "timestamp"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
  }),
  data: z.looseObject({}),
  run: notImplemented("market.quote"),
});
