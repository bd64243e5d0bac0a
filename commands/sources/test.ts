import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { plainErrorText, UsageError } from "../../core/errors.ts";
import { findProvider, PROVIDERS } from "../../providers/index.ts";
import type { ProviderInfo } from "../../core/provider.ts";
import { ticker } from "../../core/schema.ts";
import { envPresence, packageInstalled, presence } from "./_rows.ts";
import { summarySchema } from "./status.ts";
import { readFrom } from "../market/_sources.ts";

const row = z.object({
  name: z.string(),
  configured: z.boolean(),
  ok: z.boolean(),
  status: z.enum(["ok", "failed", "missing_config"]),
  latency_ms: z.number().nullable(),
  error: z.string().nullable(),
  required_env: z.array(envPresence),
  optional_env: z.array(envPresence),
  capabilities: z.array(z.string()),
  source_urls: z.array(z.string()).describe(
    "The URLs this provider's probe was answered from (keys and session tokens removed); empty when it was not probed or got no answer.",
  ),
  retrieved_at: z.string().nullable().describe(
    "When the probe's last answer came (the recording's time under replay); null without an answer.",
  ),
});

export default defineCommand({
  name: "sources.test",
  summary: "Probe providers with a live minimal request",
  description:
    "Runs one small live request per provider (a quote, a ticker lookup, a package import) and reports each result as a row. A probe passes only when the answer holds data of the expected shape (a price, a bar, an estimate, an article): an empty answer (an unknown symbol, {} or []) or an unexpected one is a failed row whose error says so. A provider failure is a failed row, not a failed command; unconfigured providers are not probed. Offline, network providers report their network error.",
  usage: "finance sources.test [SOURCE|source=SOURCE] [symbol=AAPL timeout=30]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: [],
  positional: ["source"],
  args: z.strictObject({
    source: z.string().optional().describe(
      "Provider key (market_a, filings_a, …), a real service name such as sec or yahoo, or all. Default: all.",
    ),
    symbol: ticker("Ticker the probes ask about.").default("AAPL"),
    timeout: z.number().positive().max(600).default(30).describe(
      "Seconds each probe may take.",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    results: z.array(row),
    count: z.int(),
    summary: summarySchema,
  }),
  examples: ["finance sources.test filings_a", "finance sources.test source=all symbol=MSFT"],
  async run(args, ctx) {
    let selected: ProviderInfo[] = PROVIDERS;
    if (args.source && args.source.trim().toLowerCase() !== "all") {
      const hit = findProvider(args.source);
      if (!hit) {
        const { closest } = await import("../../core/suggest.ts");
        const near = closest(args.source.trim(), PROVIDERS.flatMap((p) => [p.key, ...p.aliases]));
        const meant = near ? findProvider(near)!.key : null;
        throw new UsageError(
          `unknown source "${args.source}"${meant ? ` (did you mean ${meant}?)` : ""}; available: ${
            PROVIDERS.map((p) => p.key).join(", ")
          }, all`,
        );
      }
      selected = [hit];
    }
    const env = ctx.providerEnv;
    const results = await Promise.all(selected.map(async (p) => {
      const required = presence(p.required_env, env.env);
      const installed = await packageInstalled(p);
      const missing = required.filter((r) => !r.present).map((r) => r.name);
      const base = {
        name: p.key,
        required_env: required,
        optional_env: presence(p.optional_env, env.env),
        capabilities: p.capabilities,
      };
      if (!installed || missing.length) {
        const parts = [];
        if (!installed) parts.push(`package ${p.package} does not load`);
        if (missing.length) parts.push(`missing env: ${missing.join(", ")}`);
        return {
          ...base,
          configured: false,
          ok: false,
          status: "missing_config" as const,
          latency_ms: null,
          error: parts.join("; "),
          source_urls: [],
          retrieved_at: null,
        };
      }
      const started = performance.now();
      let error: string | null = null;
      try {
        await withTimeout(
          p.probe(env, { symbol: args.symbol, timeoutMs: args.timeout * 1000 }),
          args.timeout * 1000,
        );
      } catch (err) {
        // a probe says what an answer lacked with a plain Error: shown; any other fault is logged
        const text = plainErrorText(err, `sources.test probe of ${p.key}`);
        error = text.startsWith(`${p.key}:`) ? text : `${p.key}: ${text}`;
      }
      const read = readFrom(ctx, p.key);
      return {
        ...base,
        configured: true,
        ok: error === null,
        status: error === null ? "ok" as const : "failed" as const,
        latency_ms: Math.round((performance.now() - started) * 100) / 100,
        error,
        // what the probe read, and when: a passed probe is a record of that answer only
        source_urls: read.source_urls,
        retrieved_at: read.retrieved_at,
      };
    }));
    const count = (f: (r: typeof results[number]) => boolean) => results.filter(f).length;
    // under replay no probe reaches the network: a source without a recording fails at once, and
    // the answer says which sources the cassettes serve and which they do not
    if (ctx.http.replaying) {
      const probed = results.filter((r) => r.configured);
      // a probe that passed without reading any URL (local PDF and OCR tools) used no recording
      const recorded = probed.filter((r) => r.ok && r.source_urls.length).map((r) => r.name);
      const local = probed.filter((r) => r.ok && !r.source_urls.length).map((r) => r.name);
      const unrecorded = probed
        .filter((r) => !r.ok && r.error?.includes("no recording for"))
        .map((r) => r.name);
      ctx.warn(
        "replaying recordings (FINANCE_REPLAY): no probe was sent to the network; " +
          `sources answered from the cassettes: ${recorded.join(", ") || "none"}; ` +
          `sources with no recording of their probe: ${unrecorded.join(", ") || "none"}` +
          (local.length ? `; sources that need no network: ${local.join(", ")}` : "") +
          " (record one with FINANCE_RECORD=<dir> while online, or unset FINANCE_REPLAY to " +
          "test the live services)",
      );
    }
    return {
      symbol: args.symbol,
      results,
      count: results.length,
      summary: {
        total: results.length,
        configured: count((r) => r.configured),
        ok: count((r) => r.ok),
        failed: count((r) => !r.ok),
        missing_config: count((r) => r.status === "missing_config"),
      },
    };
  },
});

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`probe timed out after ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
