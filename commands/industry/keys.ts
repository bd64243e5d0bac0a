import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "industry.keys",
  summary: "List industry keys, optionally within a sector",
  usage: "finance industry.keys [sector=SECTOR_KEY]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: [],
  args: z.strictObject({
    sector: z.string().optional().describe("Sector key or sector name to query."),
  }),
  data: z.looseObject({}),
  run: notImplemented("industry.keys"),
});
