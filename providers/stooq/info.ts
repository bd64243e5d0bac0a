import type { ProviderInfo } from "../../core/provider.ts";

export const info: ProviderInfo = {
  key: "stooq",
  label: "Stooq daily CSV history (free, no key)",
  aliases: ["stooq"],
  capabilities: ["ohlcv"],
  required_env: [],
  optional_env: [],
  package: null,
  notes:
    "No key needed. Daily bars only; a symbol's whole history is fetched once a day and sliced locally.",
  async probe(env, { symbol, timeoutMs }) {
    // Stooq's spelling of the symbol (SHEL.L is shel.uk, BRK-B brk-b.us), as market.ohlcv asks
    const { stooqSymbol } = await import("./client.ts");
    const text = await env.http.text({
      provider: "stooq",
      url: `https://stooq.com/q/d/l/?s=${encodeURIComponent(stooqSymbol(symbol))}&i=d`,
      cache: { ttl: 43200 },
      timeoutMs,
      retries: 1,
    });
    if (!/^Date,Open,High,Low,Close/i.test(text.trim())) {
      throw new Error("answer is not Stooq's CSV (no data for this symbol, or refused)");
    }
  },
};
