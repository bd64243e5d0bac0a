/**
 * A fake network for news tests: SEC's ticker list from `tickers`, and every other request (GDELT)
 * answered with `answer` (a JSON body, a text body, or a function of the URL giving either).
 * `seen` records every URL asked for, `gdelt` those that were not the ticker list.
 */
export function fakeGdelt(
  answer: unknown,
  tickers: Record<string, unknown> = {},
): { fetch: typeof fetch; seen: string[]; gdelt: string[] } {
  const seen: string[] = [];
  const gdelt: string[] = [];
  const fetch: typeof globalThis.fetch = (input) => {
    const url = String(input instanceof Request ? input.url : input);
    seen.push(url);
    if (url.includes("company_tickers.json")) return Promise.resolve(Response.json(tickers));
    gdelt.push(url);
    const body = typeof answer === "function" ? answer(url) : answer;
    return Promise.resolve(typeof body === "string" ? new Response(body) : Response.json(body));
  };
  return { fetch, seen, gdelt };
}

/** GDELT's answer by mode: an empty timeline for timeline modes, else `articles`. */
export function articlesOrTimeline(articles: unknown[]): (url: string) => unknown {
  return (url) =>
    url.includes("timeline") ? { timeline: [{ series: "Article Count", data: [] }] } : { articles };
}
