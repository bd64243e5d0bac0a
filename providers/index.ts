/**
 * The provider inventory: one folder per service, each with `info.ts` (the inventory row and
 * probe, light to import) and `client.ts` (the implementation, loaded on first use).
 */
import type { ProviderEnv, ProviderInfo } from "../core/provider.ts";
import { lazyImport } from "../core/lazy.ts";
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

export interface ProviderTypes {
  market_a: import("./market_a/client.ts").Client;
  filings_a: import("./filings_a/client.ts").Client;
  news: import("./news/client.ts").Client;
  transcripts_a: import("./transcripts_a/client.ts").Client;
  company_ir: import("./company_ir/client.ts").Client;
  estimates_a: import("./estimates_a/client.ts").Client;
  pdf_text_a: import("./pdf_text_a/client.ts").Client;
  pdf_tables_a: import("./pdf_tables_a/client.ts").Client;
  ocr_a: import("./ocr_a/client.ts").Client;
  market_b: import("./market_b/client.ts").Client;
  broker_a: import("./broker_a/client.ts").Client;
  stooq: import("./stooq/client.ts").Client;
}

export type ProviderKey = keyof ProviderTypes;

const loaders: {
  [K in ProviderKey]: () => Promise<{ Client: new (env: ProviderEnv) => ProviderTypes[K] }>;
} = {
  market_a: () => lazyImport(new URL("./market_a/client.ts", import.meta.url)),
  filings_a: () => lazyImport(new URL("./filings_a/client.ts", import.meta.url)),
  news: () => lazyImport(new URL("./news/client.ts", import.meta.url)),
  transcripts_a: () => lazyImport(new URL("./transcripts_a/client.ts", import.meta.url)),
  company_ir: () => lazyImport(new URL("./company_ir/client.ts", import.meta.url)),
  estimates_a: () => lazyImport(new URL("./estimates_a/client.ts", import.meta.url)),
  pdf_text_a: () => lazyImport(new URL("./pdf_text_a/client.ts", import.meta.url)),
  pdf_tables_a: () => lazyImport(new URL("./pdf_tables_a/client.ts", import.meta.url)),
  ocr_a: () => lazyImport(new URL("./ocr_a/client.ts", import.meta.url)),
  market_b: () => lazyImport(new URL("./market_b/client.ts", import.meta.url)),
  broker_a: () => lazyImport(new URL("./broker_a/client.ts", import.meta.url)),
  stooq: () => lazyImport(new URL("./stooq/client.ts", import.meta.url)),
};

/** Creates a provider client. */
export async function createProvider<K extends ProviderKey>(
  key: K,
  env: ProviderEnv,
): Promise<ProviderTypes[K]> {
  const mod = await loaders[key]();
  return new mod.Client(env);
}

/** Finds a provider by key or alias (case-insensitive). */
export function findProvider(name: string): ProviderInfo | undefined {
  const n = name.trim().toLowerCase();
  return PROVIDERS.find((p) => p.key === n || p.aliases.includes(n));
}
