import { z } from "zod";
import { defineCommand, notImplemented } from "../../core/command.ts";

export default defineCommand({
  name: "screen.run",
  summary: "Run a predefined screen or a query over the market screener",
  usage: "finance screen.run QUERY [count=25 offset=0 sort_field=FIELD sort_asc=false]",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: [],
  positional: ["query"],
  args: z.strictObject({
    query: z.string().describe("Search query."),
    count: z.int().default(25).describe("Maximum records requested."),
    offset: z.int().default(0).describe("Result offset."),
    sort_field: z.string().optional().describe("Field used to sort screen results."),
    sort_asc: z.boolean().optional().describe("Sort ascending when set."),
  }),
  data: z.looseObject({}),
  run: notImplemented("screen.run"),
});
