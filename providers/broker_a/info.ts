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
    // without start Alpaca reads from today's midnight, which has no daily bar on a weekend
    const start = new Date(env.clock.now().getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    const body = await env.http.json<{ bars?: unknown }>({
      provider: "broker_a",
      url: `${base}/v2/stocks/${
        encodeURIComponent(symbol)
      }/bars?timeframe=1Day&start=${start}&limit=1&feed=${env.env("ALPACA_DATA_FEED") ?? "iex"}`,
      headers: { "APCA-API-KEY-ID": id, "APCA-API-SECRET-KEY": secret },
      secrets: [id, secret],
      timeoutMs,
      retries: 1,
    });
    // an unknown symbol answers {"bars": null}: an answer, but no bar
    const bars = body?.bars;
    if (!Array.isArray(bars) || !bars.length) {
      throw new Error(`empty answer: Alpaca has no daily bar for ${symbol} since ${start}`);
    }
    const bar = bars[0] as Record<string, unknown>;
    if (typeof bar?.c !== "number" || typeof bar?.t !== "string") {
      throw new Error("unexpected answer: Alpaca's bar has no close (c) or time (t)");
    }
  },
};
