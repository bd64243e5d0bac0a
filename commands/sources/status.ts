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
    "Reports for each provider whether its required environment variables are set and its package loads, and which cache backend is in use (with FINANCE_CACHE=redis://..., whether Redis/Valkey answers, its latency and any shared rate-limit pause). Makes no request to a provider, so it cannot prove one answers: use sources.test for that.",
  usage: "finance sources.status",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: [],
  args: z.strictObject({}),
  data: z.object({
    sources: z.array(row),
    count: z.int(),
    summary: summarySchema,
    cache: z.object({
      backend: z.string(),
      shared: z.object({
        backend: z.string(),
        url: z.string(),
        connected: z.boolean(),
        latency_ms: z.number().nullable(),
        version: z.string().nullable(),
        error: z.string().nullable(),
        paused: z.record(z.string(), z.number()),
      }).nullable(),
    }).describe(
      "Cache backend (sqlite, redis, valkey, off, replay); with a shared backend, its reachability, latency and the hosts every process is pausing.",
    ),
  }),
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
    const cache = await ctx.cacheStatus();
    if (cache.shared && !cache.shared.connected) {
      ctx.warn(
        `shared cache ${
          cache.shared.backend === "unknown" ? "redis" : cache.shared.backend
        } at ${cache.shared.url} is unreachable (${cache.shared.error}); commands use the local cache and rate limiter`,
      );
    }
    return {
      cache,
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
