import type { ProviderInfo } from "../../core/provider.ts";

export const info: ProviderInfo = {
  key: "news",
  label: "GDELT DOC 2.0, Context 2.0 and GEO APIs",
  aliases: ["gdelt"],
  capabilities: ["news", "timeline", "tone", "context", "geo"],
  required_env: [],
  optional_env: [],
  package: null,
  notes:
    "No key needed. One request at a time, at least 5 s apart (GDELT's published limit). DOC article lists cover a rolling three months; DOC timelines reach back to 2017.",
  async probe(env, { symbol, timeoutMs }) {
    const q = encodeURIComponent(`"${symbol}" sourcelang:english`);
    const body = await env.http.json<{ articles?: unknown[] }>({
      provider: "news",
      url:
        `https://api.gdeltproject.org/api/v2/doc/doc?query=${q}&mode=artlist&format=json&maxrecords=1&timespan=1d`,
      timeoutMs,
      retries: 0,
    });
    if (typeof body !== "object" || body === null) throw new Error("unexpected GDELT answer");
    // GDELT answers {} when nothing matched: an answer, but no article to show it works
    const articles = body.articles;
    if (!Array.isArray(articles) || !articles.length) {
      throw new Error(`empty answer: GDELT lists no article for "${symbol}" in the past day`);
    }
    const first = articles[0] as Record<string, unknown>;
    if (typeof first?.url !== "string" || typeof first?.title !== "string") {
      throw new Error("unexpected answer: GDELT's article has no url or title");
    }
  },
};
