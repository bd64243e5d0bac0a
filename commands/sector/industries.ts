import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "sector.industries",
  summary: "Industries within a sector",
  usage: "finance sector.industries KEY",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["key"],
  args: z.strictObject({
    key: z.string().describe("Provider key returned by the corresponding list command."),
  }),
  data: z.looseObject({}),
  run: notImplemented("sector.industries"),
});
