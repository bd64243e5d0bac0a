import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";
import { amount, list } from "../../core/schema.ts";

export default defineCommand({
  name: "valuation.irr",
  summary: "Internal rate of return of cash flows",
  usage: "finance valuation.irr cashflows=-100M,30M,40M,50M",
  side_effects: "pure_calculation",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    cashflows: list(amount()).describe(
      "Cash-flow series. CLI accepts comma-separated K/M/B suffixed values.",
    ),
  }),
  data: z.looseObject({}),
  run: notImplemented("valuation.irr"),
});
