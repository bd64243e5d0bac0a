import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "sources.list",
  summary: "List data providers and what each needs",
  usage: "finance sources.list",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.looseObject({}),
  run: notImplemented("sources.list"),
});
