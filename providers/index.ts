/**
 * The provider inventory: one folder per service, each with `info.ts` (the inventory row and
 * probe, light to import) and `client.ts` (the implementation, loaded on first use).
 */
import type { ProviderInfo } from "../core/provider.ts";
import { info as market_a } from "./market_a/info.ts";
import { info as filings_a } from "./filings_a/info.ts";
import { info as news } from "./news/info.ts";
import { info as transcripts_a } from "./transcripts_a/info.ts";
import { info as company_ir } from "./company_ir/info.ts";
import { info as estimates_a } from "./estimates_a/info.ts";
import { info as pdf_text_a } from "./pdf_text_a/info.ts";
import { info as pdf_tables_a } from "./pdf_tables_a/info.ts";
import { info as ocr_a } from "./ocr_a/info.ts";
import { info as market_b } from "./market_b/info.ts";
import { info as broker_a } from "./broker_a/info.ts";
import { info as stooq } from "./stooq/info.ts";

/** Inventory rows in display order. */
export const PROVIDERS: ProviderInfo[] = [
  market_a,
  filings_a,
  news,
  transcripts_a,
  company_ir,
  estimates_a,
  pdf_text_a,
  pdf_tables_a,
  ocr_a,
  market_b,
  broker_a,
  stooq,
];

export { createProvider, type ProviderKey, type ProviderTypes } from "./clients.ts";

/** Finds a provider by key or alias (case-insensitive). */
export function findProvider(name: string): ProviderInfo | undefined {
  const n = name.trim().toLowerCase();
  return PROVIDERS.find((p) => p.key === n || p.aliases.includes(n));
}
