import type { ProviderEnv } from "../../core/provider.ts";

/** Client of provider market_a. */
export class Client {
  constructor(readonly env: ProviderEnv) {}
}
