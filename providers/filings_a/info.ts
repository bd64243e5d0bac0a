import type { ProviderInfo } from "../../core/provider.ts";
import { secHeaders } from "./agent.ts";

export const info: ProviderInfo = {
  key: "filings_a",
  label: "SEC EDGAR (submissions API and filing archives)",
  aliases: ["sec", "edgar", "sec_edgar"],
  capabilities: ["filings", "filing_sections", "company_metadata"],
  required_env: [],
  optional_env: [{ name: "FINANCE_FILINGS_USER_AGENT" }],
  package: null,
  notes:
    "No key needed. Set FINANCE_FILINGS_USER_AGENT to a real contact ('Name email'): SEC refuses generic agents. At most 10 requests/s; archive documents are cached forever.",
  async probe(env, { symbol, timeoutMs }) {
    const map = await env.http.json<Record<string, { ticker: string }>>({
      provider: "filings_a",
      url: "https://www.sec.gov/files/company_tickers.json",
      headers: secHeaders(env),
      cache: { ttl: 86400 },
      timeoutMs,
      retries: 1,
    });
    if (!Object.values(map).some((r) => r.ticker === symbol)) {
      throw new Error(`ticker ${symbol} not in SEC's company_tickers.json`);
    }
  },
};
