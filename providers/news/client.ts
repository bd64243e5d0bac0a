import type { ProviderEnv } from "../../core/provider.ts";

/** Client of provider news. */
export class Client {
  constructor(readonly env: ProviderEnv) {}
}
