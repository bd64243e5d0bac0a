import type { ProviderEnv } from "../../core/provider.ts";

/** Client of provider stooq. */
export class Client {
  constructor(readonly env: ProviderEnv) {}
}
