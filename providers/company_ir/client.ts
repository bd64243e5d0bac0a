import type { ProviderEnv } from "../../core/provider.ts";

/** Client of provider company_ir. */
export class Client {
  constructor(readonly env: ProviderEnv) {}
}
