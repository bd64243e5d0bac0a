import type { ProviderInfo } from "../../core/provider.ts";

export const info: ProviderInfo = {
  key: "transcripts_a",
  label: "Motley Fool earnings-call transcript pages",
  aliases: ["motley_fool", "fool", "transcripts"],
  capabilities: ["transcripts", "earnings_call_qa"],
  required_env: [],
  optional_env: [],
  package: null,
  notes:
    "No key needed. Public transcript pages; also reads saved pages from local files and other transcript sites with speaker labels.",
  async probe(env, { timeoutMs }) {
    await env.http.text({
      provider: "transcripts_a",
      url: "https://www.fool.com/earnings-call-transcripts/",
      timeoutMs,
      retries: 1,
    });
  },
};
