/**
 * Public earnings-call transcript pages: discovery on Motley Fool quote pages, and fetching of
 * any transcript page (Motley Fool or another site with speaker labels).
 */
import { ProviderError } from "../../core/errors.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import type { UrlGuard } from "../../core/http.ts";
import { otherLinks, type TranscriptLink, transcriptLinks } from "./fool.ts";

export interface SearchAttempt {
  url: string;
  ok: boolean;
  found: number;
  error: string | null;
}

const EXCHANGES = ["nasdaq", "nyse", "nysemkt", "amex"];

/** Client of provider transcripts_a. */
/** A share class as fool.com's quote pages write it: BRK-B (Yahoo's spelling) is brk.b. */
export const foolSymbol = (symbol: string) =>
  encodeURIComponent(symbol.toLowerCase().replace(/^([a-z]+)-([a-z])$/, "$1.$2"));

export class Client {
  constructor(readonly env: ProviderEnv) {}

  /**
   * Transcript links for a ticker, newest first, from the first exchange quote page that lists
   * any. Throws when every page failed for a reason other than "no such page".
   */
  async search(
    symbol: string,
    limit: number,
  ): Promise<{ transcripts: TranscriptLink[]; attempts: SearchAttempt[] }> {
    const attempts: SearchAttempt[] = [];
    for (const exchange of EXCHANGES) {
      const url = `https://www.fool.com/quote/${exchange}/${foolSymbol(symbol)}/`;
      try {
        const res = await this.env.http.request({
          provider: "transcripts_a",
          url,
          acceptStatus: [404],
          cache: { ttl: 6 * 3600 },
          retries: 1,
          signal: this.env.signal,
        });
        if (res.status === 404) {
          attempts.push({ url, ok: true, found: 0, error: "no quote page (404)" });
          continue;
        }
        const html = res.text();
        // A cut-off or non-HTML answer must not pass for "this company has no transcripts".
        if (!/<\/(html|body)>/i.test(html) || !/motley fool|fool\.com/i.test(html)) {
          throw new ProviderError(
            "transcripts_a",
            `the page at ${url} is not a complete Motley Fool quote page (${html.length} characters); the answer was cut off or is an error page`,
            { url },
          );
        }
        const links = transcriptLinks(html, symbol);
        const others = links.length ? 0 : otherLinks(html, symbol);
        attempts.push({
          url,
          ok: true,
          found: links.length,
          // other companies' calls linked from the page are never passed off as this ticker's
          error: others
            ? `the page links ${others} transcript(s), all of other companies, none of ${symbol}`
            : null,
        });
        if (links.length) return { transcripts: links.slice(0, limit), attempts };
      } catch (err) {
        attempts.push({ url, ok: false, found: 0, error: (err as Error).message });
      }
    }
    if (attempts.every((a) => !a.ok)) {
      throw new ProviderError(
        "transcripts_a",
        `no Motley Fool quote page could be read for ${symbol} (${attempts.length} tried, ${
          attempts.map((a) => a.url.split("/quote/")[1]).join(", ")
        }); first error: ${attempts[0].error?.replace(/^transcripts_a: /, "")}`,
      );
    }
    return { transcripts: [], attempts };
  }

  /** A transcript page's HTML. */
  async page(url: string, guard?: UrlGuard): Promise<string> {
    return await this.env.http.text({
      provider: "transcripts_a",
      url,
      cache: { ttl: "forever" },
      retries: 2,
      signal: this.env.signal,
      guard,
      hint: "check the transcript URL, or save the page and pass its local path",
    });
  }
}
