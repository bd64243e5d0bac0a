/** estimates_a: Financial Modeling Prep analyst estimates (`/stable/analyst-estimates`). */
import { z } from "zod";
import type { ProviderEnv } from "../../core/provider.ts";
import { MissingConfigError, ProviderError } from "../../core/errors.ts";

const P = "estimates_a";
export const ESTIMATES_URL = "https://financialmodelingprep.com/stable/analyst-estimates";

const n = z.number().nullable().optional();
export const estimateRow = z.looseObject({
  symbol: z.string(),
  date: z.string(),
  revenueLow: n,
  revenueHigh: n,
  revenueAvg: n,
  ebitdaLow: n,
  ebitdaHigh: n,
  ebitdaAvg: n,
  ebitLow: n,
  ebitHigh: n,
  ebitAvg: n,
  netIncomeLow: n,
  netIncomeHigh: n,
  netIncomeAvg: n,
  sgaExpenseLow: n,
  sgaExpenseHigh: n,
  sgaExpenseAvg: n,
  epsAvg: n,
  epsHigh: n,
  epsLow: n,
  numAnalystsRevenue: n,
  numAnalystsEps: n,
});
export type EstimateRow = z.infer<typeof estimateRow>;

export class Client {
  constructor(readonly env: ProviderEnv) {}

  #key(): string {
    const key = this.env.env("ESTIMATES_A_API_KEY");
    if (!key) {
      throw new MissingConfigError(P, ["ESTIMATES_A_API_KEY"], "a Financial Modeling Prep API key");
    }
    return key;
  }

  async estimates(
    symbol: string,
    period: "annual" | "quarter",
    limit: number,
    page: number,
  ): Promise<EstimateRow[]> {
    const key = this.#key();
    const q = new URLSearchParams({
      symbol,
      period,
      page: String(page),
      limit: String(limit),
      apikey: key,
    });
    const body = await this.env.http.json<unknown>({
      provider: P,
      url: `${ESTIMATES_URL}?${q}`,
      secrets: [key],
      cache: { ttl: 21_600 },
      timeoutMs: 20_000,
      signal: this.env.signal,
    });
    if (body && typeof body === "object" && !Array.isArray(body)) {
      const msg = (body as Record<string, unknown>)["Error Message"] ??
        (body as Record<string, unknown>)["message"];
      throw new ProviderError(
        P,
        `FMP refused the request: ${String(msg ?? JSON.stringify(body).slice(0, 200))}`,
      );
    }
    const r = z.array(estimateRow).safeParse(body);
    if (!r.success) {
      const i = r.error.issues[0];
      throw new ProviderError(P, `unexpected FMP answer: ${i.path.join(".")} ${i.message}`);
    }
    return r.data;
  }
}
