import type { ProviderInfo } from "../../core/provider.ts";
import { secHeaders } from "../filings_a/agent.ts";

export const info: ProviderInfo = {
  key: "company_ir",
  label: "Company investor-relations pages and SEC 8-K EX-99 exhibits",
  aliases: ["ir", "investor_relations"],
  capabilities: ["ir_presentations", "ir_documents"],
  required_env: [],
  optional_env: [],
  package: null,
  notes:
    "No key needed. Press releases and presentations from 8-K EX-99 exhibits; company IR sites where they serve plain HTML.",
  async probe(env, { timeoutMs }) {
    const map = await env.http.json<Record<string, { ticker?: unknown }> | null>({
      provider: "company_ir",
      url: "https://www.sec.gov/files/company_tickers.json",
      headers: secHeaders(env),
      cache: { ttl: 86400 },
      timeoutMs,
      retries: 1,
    });
    const first = map && typeof map === "object" ? Object.values(map)[0] : undefined;
    if (typeof first?.ticker !== "string") {
      throw new Error("unexpected answer: SEC's company_tickers.json lists no ticker");
    }
  },
};
