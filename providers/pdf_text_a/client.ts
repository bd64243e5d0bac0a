import type { ProviderEnv } from "../../core/provider.ts";

/** Client of provider pdf_text_a. */
export class Client {
  constructor(readonly env: ProviderEnv) {}
}
