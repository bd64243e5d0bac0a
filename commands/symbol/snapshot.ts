import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "symbol.snapshot",
  summary: "Price, market cap, valuation and profile of a symbol in one call",
  usage: "finance symbol.snapshot SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "source", "provider"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
  }),
  data: z.looseObject({}),
  run: notImplemented("symbol.snapshot"),
});
