import type { ProviderInfo } from "../../core/provider.ts";

export const info: ProviderInfo = {
  key: "broker_a",
  label: "Alpaca Market Data (stock bars)",
  aliases: ["alpaca"],
  capabilities: ["ohlcv"],
  required_env: [
    { name: "ALPACA_API_KEY_ID", alternatives: ["APCA_API_KEY_ID"], secret: true },
    { name: "ALPACA_API_SECRET_KEY", alternatives: ["APCA_API_SECRET_KEY"], secret: true },
  ],
  optional_env: [{ name: "ALPACA_DATA_FEED" }, { name: "ALPACA_DATA_BASE_URL" }],
  package: null,
  notes:
    "Needs ALPACA_API_KEY_ID and ALPACA_API_SECRET_KEY (APCA_* names also accepted). Feed from ALPACA_DATA_FEED (default iex).",
  async probe(env, { symbol, timeoutMs }) {
    const id = env.env("ALPACA_API_KEY_ID") ?? env.env("APCA_API_KEY_ID") ?? "";
    const secret = env.env("ALPACA_API_SECRET_KEY") ?? env.env("APCA_API_SECRET_KEY") ?? "";
    const base = (env.env("ALPACA_DATA_BASE_URL") ?? "https://data.alpaca.markets").replace(
      /\/$/,
      "",
    );
    await env.http.json({
      provider: "broker_a",
      url: `${base}/v2/stocks/${encodeURIComponent(symbol)}/bars?timeframe=1Day&limit=1&feed=${
        env.env("ALPACA_DATA_FEED") ?? "iex"
      }`,
      headers: { "APCA-API-KEY-ID": id, "APCA-API-SECRET-KEY": secret },
      secrets: [id, secret],
      timeoutMs,
      retries: 1,
    });
  },
};
