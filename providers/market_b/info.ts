import type { ProviderInfo } from "../../core/provider.ts";

const KEY = { name: "ALPHA_VANTAGE_API_KEY", alternatives: ["ALPHAVANTAGE_API_KEY"], secret: true };

export const info: ProviderInfo = {
  key: "market_b",
  label: "Alpha Vantage",
  aliases: ["alphavantage", "alpha_vantage"],
  capabilities: ["quote", "ohlcv", "earnings"],
  required_env: [KEY],
  optional_env: [],
  package: null,
  notes:
    "Needs ALPHA_VANTAGE_API_KEY (ALPHAVANTAGE_API_KEY also accepted). Free keys allow a few requests per minute.",
  async probe(env, { symbol, timeoutMs }) {
    const key = env.env(KEY.name) ?? env.env(KEY.alternatives[0]) ?? "";
    const body = await env.http.json<Record<string, unknown>>({
      provider: "market_b",
      url: `https://www.alphavantage.co/query?function=GLOBAL_QUOTE&symbol=${
        encodeURIComponent(symbol)
      }&apikey=${encodeURIComponent(key)}`,
      secrets: [key],
      timeoutMs,
      retries: 1,
    });
    const msg = body["Error Message"] ?? body["Note"] ?? body["Information"];
    if (msg) throw new Error(String(msg).slice(0, 200));
    // an unknown symbol answers {"Global Quote": {}}: an answer, but no quote
    const quote = body["Global Quote"] as Record<string, unknown> | undefined;
    if (!quote || typeof quote !== "object") throw new Error("answer has no Global Quote");
    if (!Number.isFinite(Number.parseFloat(String(quote["05. price"] ?? "")))) {
      throw new Error(
        `empty answer: Alpha Vantage's Global Quote for ${symbol} holds no price (unknown symbol?)`,
      );
    }
  },
};
