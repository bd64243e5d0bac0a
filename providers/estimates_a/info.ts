import type { ProviderInfo } from "../../core/provider.ts";

export const info: ProviderInfo = {
  key: "estimates_a",
  label: "Financial Modeling Prep analyst estimates (/stable/analyst-estimates)",
  aliases: ["fmp", "financial_modeling_prep"],
  capabilities: ["analyst_estimates", "consensus_estimates"],
  required_env: [{ name: "ESTIMATES_A_API_KEY", secret: true }],
  optional_env: [],
  package: null,
  notes: "Needs ESTIMATES_A_API_KEY (a Financial Modeling Prep key).",
  async probe(env, { symbol, timeoutMs }) {
    const key = env.env("ESTIMATES_A_API_KEY") ?? "";
    const body = await env.http.json<unknown>({
      provider: "estimates_a",
      url: `https://financialmodelingprep.com/stable/analyst-estimates?symbol=${
        encodeURIComponent(symbol)
      }&period=annual&limit=1&apikey=${encodeURIComponent(key)}`,
      secrets: [key],
      timeoutMs,
      retries: 1,
    });
    if (!Array.isArray(body)) throw new Error("unexpected answer (not a list of estimates)");
    // an unknown symbol (or a plan without it) answers []: an answer, but no estimate
    if (!body.length) throw new Error(`empty answer: FMP has no analyst estimates for ${symbol}`);
    const row = body[0] as Record<string, unknown>;
    if (typeof row?.date !== "string" || !Object.keys(row).some((k) => /Avg$/.test(k))) {
      throw new Error("unexpected answer: the estimate has no date or average figures");
    }
  },
};
