import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { PROVIDERS } from "../../providers/index.ts";
import { envPresence, packageInstalled, presence } from "./_rows.ts";

const row = z.object({
  name: z.string(),
  label: z.string(),
  configured: z.boolean(),
  status: z.enum(["configured", "missing_config"]),
  package: z.string().nullable(),
  package_installed: z.boolean(),
  required_env: z.array(envPresence),
  optional_env: z.array(envPresence),
  capabilities: z.array(z.string()),
  notes: z.string(),
});

export const summarySchema = z.object({
  total: z.int(),
  configured: z.int(),
  ok: z.int(),
  failed: z.int(),
  missing_config: z.int(),
});

export default defineCommand({
  name: "sources.status",
  summary: "Show which providers are configured (no network)",
  description:
    "Reports for each provider whether its required environment variables are set and its package loads. Makes no network request, so it cannot prove a provider answers: use sources.test for that.",
  usage: "finance sources.status",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.object({ sources: z.array(row), count: z.int(), summary: summarySchema }),
  examples: ["finance sources.status --output text"],
  async run(_args, ctx) {
    const env = ctx.providerEnv.env;
    const sources = await Promise.all(PROVIDERS.map(async (p) => {
      const required = presence(p.required_env, env);
      const installed = await packageInstalled(p);
      const configured = installed && required.every((r) => r.present);
      return {
        name: p.key,
        label: p.label,
        configured,
        status: configured ? "configured" as const : "missing_config" as const,
        package: p.package,
        package_installed: installed,
        required_env: required,
        optional_env: presence(p.optional_env, env),
        capabilities: p.capabilities,
        notes: p.notes,
      };
    }));
    const configured = sources.filter((s) => s.configured).length;
    return {
      sources,
      count: sources.length,
      summary: {
        total: sources.length,
        configured,
        ok: 0,
        failed: 0,
        missing_config: sources.length - configured,
      },
    };
  },
});
