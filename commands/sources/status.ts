import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "sources.status",
  summary: "Show which providers are configured (no network)",
  usage: "finance sources.status",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.looseObject({}),
  run: notImplemented("sources.status"),
});
