import type { ProviderEnv } from "../../core/provider.ts";

/** Client of provider market_b. */
export class Client {
  constructor(readonly env: ProviderEnv) {}
}
