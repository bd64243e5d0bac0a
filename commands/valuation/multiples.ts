import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { ticker } from "../../core/schema.ts";

export default defineCommand({
  name: "valuation.multiples",
  summary: "Price-to-sales and EV-to-sales from live market data",
  usage: "finance valuation.multiples SYMBOL",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker symbol."),
  }),
  data: z.looseObject({}),
  run: notImplemented("valuation.multiples"),
});
