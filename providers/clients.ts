/**
 * Provider clients by key, each loaded on first use. Apart from the inventory (index.ts, which
 * imports every provider's `info.ts`), so that a call needing one client loads none of the
 * twelve inventory rows.
 */
import {
  type ProviderEnv,
  type ProviderKey,
  type ProviderTypes,
  registerProviders,
} from "../core/provider.ts";
import { lazyImport } from "../core/lazy.ts";

export type { ProviderKey, ProviderTypes };

declare module "../core/provider.ts" {
  /** Each key's client class (core declares the interface empty; this fills it in). */
  interface ProviderTypes {
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
}

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

registerProviders(createProvider);
