import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { PROVIDERS } from "../../providers/index.ts";
import { envNames, packageInstalled } from "./_rows.ts";

const row = z.object({
  name: z.string(),
  label: z.string(),
  aliases: z.array(z.string()),
  capabilities: z.array(z.string()),
  required_env: z.array(z.string()),
  optional_env: z.array(z.string()),
  package: z.string().nullable(),
  package_installed: z.boolean(),
  notes: z.string(),
});

export default defineCommand({
  name: "sources.list",
  summary: "List data providers and what each needs",
  description:
    "Lists every provider by its neutral key with the real service in `label`, its capabilities, the environment variables it requires or accepts, and whether its package loads. Contacts no remote service; use sources.status for readiness and sources.test for a live probe.",
  usage: "finance sources.list",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.object({ sources: z.array(row), count: z.int() }),
  examples: ["finance sources.list --output text"],
  async run() {
    const sources = await Promise.all(PROVIDERS.map(async (p) => ({
      name: p.key,
      label: p.label,
      aliases: p.aliases,
      capabilities: p.capabilities,
      required_env: envNames(p.required_env),
      optional_env: envNames(p.optional_env),
      package: p.package,
      package_installed: await packageInstalled(p),
      notes: p.notes,
    })));
    return { sources, count: sources.length };
  },
});
