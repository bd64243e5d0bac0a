/**
 * GDELT client: DOC 2.0 (articles, timelines, tone), Context 2.0 (sentence snippets) and
 * GEO 2.0 (GeoJSON). Spacing of at least 5 s and one request at a time come from the host policy
 * in core/http.ts; this client adds the one retry GDELT's throttling notice deserves.
 */
import { ProviderError } from "../../core/errors.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import { type Article, classifyBody, parseGdeltJson, toArticle } from "./gdelt_articles.ts";
import {
  CONTEXT_URL,
  DOC_URL,
  gdeltStamp,
  GEO_URL,
  MAX_RECORDS,
  type TimeWindow,
  withLanguage,
} from "./gdelt.ts";

export interface GdeltAnswer {
  status: number;
  body: string;
}

/**
 * Sends once, and once more when GDELT answers 429 or with its "limit requests" notice. Any other
 * non-JSON answer is GDELT rejecting the query (it explains why in plain text or HTML). `send`
 * gets the attempt number: the retry must reach GDELT, not a cached copy of the notice (GDELT
 * sends it with status 200, which a cache keeps like any answer).
 */
export async function sendWithThrottleRetry(
  send: (attempt: number) => Promise<GdeltAnswer>,
  shownUrl: string,
): Promise<unknown> {
  let last = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await send(attempt);
    const kind = classifyBody(answer.body);
    if (answer.status === 429 || kind.kind === "throttled") {
      last = kind.kind === "json" ? "HTTP 429" : kind.message || `HTTP ${answer.status}`;
      continue;
    }
    if (kind.kind === "empty") {
      // GDELT answers {} when nothing matches, so an empty body is a failed request, not "no news";
      // it is asked once more, past any cached copy
      if (attempt === 0) continue;
      throw new ProviderError(
        "news",
        `GDELT sent an empty response body from ${shownUrl}; it answers {} when nothing matches, so the request failed: try again`,
        { url: shownUrl, status: answer.status },
      );
    }
    if (kind.kind === "rejected") {
      // GDELT names the problem in its text; the query-syntax hint only where it is about the query
      const aboutQuery = !/\b(timespan|date|time|mode|format|maxrecords|records)\b/i.test(
        kind.message,
      );
      if (/too short or too long/i.test(kind.message)) {
        throw new ProviderError(
          "news",
          `GDELT rejected the query (${kind.message}); check the query text: GDELT refuses a query of about 250 characters or more (the sourcelang: filter included) and one whose only keywords are under 3 letters, so shorten it or split it into several searches, at ${shownUrl}`,
          { url: shownUrl, status: answer.status },
        );
      }
      if (/phrase is too short/i.test(kind.message)) {
        throw new ProviderError(
          "news",
          `GDELT rejected the query (${kind.message}); check the query text: GDELT refuses a query whose only words are shorter than 3 letters, and a quoted phrase under 5 characters, so use a longer word, write a quoted one-word phrase without its quotes, or add the words beside it ("GE Aerospace"), at ${shownUrl}`,
          { url: shownUrl, status: answer.status },
        );
      }
      throw new ProviderError(
        "news",
        `GDELT rejected the query (${kind.message || "non-JSON answer"})${
          aboutQuery
            ? "; check the query text (phrases in double quotes, keywords of 3+ letters, balanced parentheses, OR inside parentheses)"
            : ""
        } at ${shownUrl}`,
        { url: shownUrl, status: answer.status },
      );
    }
    return parseGdeltJson(answer.body, shownUrl);
  }
  throw new ProviderError(
    "news",
    `GDELT is throttling requests (${last}) even after one retry 5 s later; wait a minute and try again`,
    { url: shownUrl, status: 429 },
  );
}

export interface DocQuery {
  query: string;
  mode: string;
  maxRecords: number;
  window: TimeWindow;
  /** Source language filter; null leaves the query as given. */
  language: string | null;
  sort?: string;
}

/** Client of provider news (GDELT). */
export class Client {
  constructor(readonly env: ProviderEnv) {}

  async #get(url: string): Promise<unknown> {
    const shown = url;
    return await sendWithThrottleRetry(async (attempt) => {
      const res = await this.env.http.request({
        provider: "news",
        url,
        timeoutMs: 60_000,
        retries: 1,
        acceptStatus: [429],
        // the retry after a throttling notice asks GDELT itself (a notice is never stored, see
        // storable; "none" also passes over one an older version kept)
        cache: attempt === 0 ? { ttl: 900 } : "none",
        // only JSON is GDELT's answer: its throttling notices and query refusals come with
        // status 200 too, and kept for 15 minutes they would answer every later call
        storable: (body) =>
          classifyBody(new TextDecoder().decode(body.subarray(0, 512))).kind === "json",
        signal: this.env.signal,
        hint: "GDELT may be down or throttling; try again in a minute",
      });
      return { status: res.status, body: res.text() };
    }, shown);
  }

  #params(q: DocQuery, max: number): URLSearchParams {
    const p = new URLSearchParams({
      query: withLanguage(q.query, q.language),
      mode: q.mode,
      format: "json",
      maxrecords: String(Math.min(Math.max(1, Math.trunc(q.maxRecords)), max)),
    });
    if (q.sort) p.set("sort", q.sort);
    if (q.window.start) p.set("startdatetime", gdeltStamp(q.window.start));
    if (q.window.end) p.set("enddatetime", gdeltStamp(q.window.end));
    if (!q.window.start && !q.window.end && q.window.timespan) {
      p.set("timespan", q.window.timespan);
    }
    return p;
  }

  /** A DOC 2.0 request in any mode; returns GDELT's JSON and the URL asked. */
  async doc(q: DocQuery): Promise<{ payload: unknown; url: string }> {
    const url = `${DOC_URL}?${this.#params(q, MAX_RECORDS.doc)}`;
    return { payload: await this.#get(url), url };
  }

  /** DOC 2.0 article list, newest first. */
  async articles(q: Omit<DocQuery, "mode">): Promise<{ articles: Article[]; url: string }> {
    const { payload, url } = await this.doc({ ...q, mode: "artlist", sort: q.sort ?? "DateDesc" });
    return { articles: articleRows(payload), url };
  }

  /** Context 2.0: articles with the sentence that matched. */
  async context(
    q: Omit<DocQuery, "mode">,
  ): Promise<{ payload: unknown; articles: Article[]; url: string }> {
    const url = `${CONTEXT_URL}?${this.#params({ ...q, mode: "artlist" }, MAX_RECORDS.context)}`;
    const payload = await this.#get(url);
    return { payload, articles: articleRows(payload), url };
  }

  /** GEO 2.0 GeoJSON of places mentioned with the query. */
  async geo(
    q: { query: string; mode: string; maxPoints: number; timespan: string },
  ): Promise<{ payload: unknown; url: string }> {
    const p = new URLSearchParams({
      query: q.query,
      mode: q.mode,
      format: "GeoJSON",
      timespan: q.timespan,
      maxpoints: String(Math.min(Math.max(1, Math.trunc(q.maxPoints)), MAX_RECORDS.geo)),
    });
    const url = `${GEO_URL}?${p}`;
    return { payload: await this.#get(url), url };
  }
}

function articleRows(payload: unknown): Article[] {
  const list = (payload as { articles?: unknown })?.articles;
  if (!Array.isArray(list)) return [];
  return list.map((r) => toArticle(r as Record<string, unknown>)).filter((a): a is Article =>
    a !== null
  );
}
