import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "screen.predefined",
  summary: "List predefined stock screens",
  usage: "finance screen.predefined",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.looseObject({}),
  run: notImplemented("screen.predefined"),
});
