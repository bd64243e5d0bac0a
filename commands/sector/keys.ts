import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "sector.keys",
  summary: "List sector keys",
  usage: "finance sector.keys",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.looseObject({}),
  run: notImplemented("sector.keys"),
});
