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
    const page = await env.http.text({
      provider: "transcripts_a",
      url: "https://www.fool.com/earnings-call-transcripts/",
      timeoutMs,
      retries: 1,
    });
    // a consent wall or a changed layout answers 200 too: the list must link transcripts
    if (!/\/earnings\/call-transcripts\/\d{4}\/\d{2}\/\d{2}\/[a-z0-9-]+/.test(page)) {
      throw new Error("unexpected answer: the Motley Fool page links no earnings call transcript");
    }
  },
};
