import type { ProviderInfo } from "../../core/provider.ts";
import { lazyImport } from "../../core/lazy.ts";

export const info: ProviderInfo = {
  key: "market_a",
  label: "Yahoo Finance (via yahoo-finance2 and Yahoo's public JSON endpoints)",
  aliases: ["yahoo", "yfinance", "yahoo_finance"],
  capabilities: ["quote", "ohlcv", "fundamentals", "calendar", "sector", "industry", "screen"],
  required_env: [],
  optional_env: [],
  package: "yahoo-finance2",
  notes:
    "No key needed. Unofficial public endpoints: Yahoo rate-limits bursts (429); quotes are cached briefly.",
  checkPackage: async () => !!(await lazyImport("yahoo-finance2")),
  async probe(env, { symbol, timeoutMs }) {
    const body = await env.http.json<{ chart?: { result?: unknown[] | null } }>({
      provider: "market_a",
      url: `https://query2.finance.yahoo.com/v8/finance/chart/${
        encodeURIComponent(symbol)
      }?range=5d&interval=1d`,
      timeoutMs,
      retries: 1,
    });
    if (!body.chart?.result?.length) throw new Error(`no chart data for ${symbol}`);
  },
};
