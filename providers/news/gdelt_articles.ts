/**
 * GDELT's answers read into our shapes: bodies told apart (JSON, throttling, rejection), JSON
 * repaired, articles with one address each and copies of one story marked, timelines as tidy
 * series.
 */
import { ProviderError } from "../../core/errors.ts";
import { words } from "./gdelt_titles.ts";

// GDELT writes these at the very start of a plain-text answer when throttling.
const THROTTLE =
  /^(please\s+limit\s+requests|.{0,40}\blimit requests\b|rate limit|too many requests)/i;

/** What a GDELT body is: JSON, a throttling notice, an empty answer, or a rejection message. */
export function classifyBody(
  body: string,
): { kind: "json" } | { kind: "throttled" | "empty" | "rejected"; message: string } {
  const head = body.trimStart();
  if (head === "") return { kind: "empty", message: "" };
  if (head.startsWith("{") || head.startsWith("[")) return { kind: "json" };
  const text = head.slice(0, 2000)
    .replace(/<(head|script|style|title)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  if (THROTTLE.test(text)) return { kind: "throttled", message: text.slice(0, 200) };
  return { kind: "rejected", message: text.slice(0, 300) };
}

/** Parses GDELT JSON, repairing the stray control characters and `\'` escapes it sometimes emits. */
export function parseGdeltJson(body: string, url: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    const repaired = body.replace(/\\'/g, "'").replace(
      // deno-lint-ignore no-control-regex -- GDELT emits raw control characters inside strings
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g,
      " ",
    );
    try {
      return JSON.parse(repaired);
    } catch {
      throw new ProviderError(
        "news",
        `GDELT sent malformed JSON from ${url} (${body.length} bytes)`,
        {
          url,
        },
      );
    }
  }
}

/** GDELT `20260121T083000Z` → ISO 8601 `2026-01-21T08:30:00Z`; other forms pass through or null. */
export function isoFromSeen(seen: unknown): string | null {
  if (typeof seen !== "string") return null;
  const m = /^(\d{4})(\d{2})(\d{2})T?(\d{2})(\d{2})(\d{2})Z?$/.exec(seen.trim());
  if (m) return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
  const day = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(seen.trim());
  if (day) return isoFromSeen(`${day[1]}${day[2]}${day[3]}T000000Z`);
  // GDELT's clock is UTC: a time written without a zone is UTC, not this machine's local time;
  // a text that is not ISO 8601 ("March 5", a bare year) is no date rather than a guess
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i
    .exec(seen.trim());
  if (!iso) return null;
  const d = new Date(`${iso[1]}T${iso[2]}${iso[3] ?? "Z"}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(".000Z", "Z");
}

export type Article = {
  url: string;
  title: string | null;
  domain: string | null;
  language: string | null;
  source_country: string | null;
  /** When GDELT's crawler first saw the article (its `seendate`), in ISO 8601 UTC. */
  first_seen_at: string | null;
  /** The same crawl time under its older name; GDELT does not report the publisher's date. */
  published_at: string | null;
  seendate: string | null;
  url_mobile: string | null;
  social_image: string | null;
  /** Context API only: the sentence that matched. */
  snippet?: string | null;
};

function str(v: unknown): string | null {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
}

/** One GDELT article row in our shape (keeps the raw `seendate` for citation). */
export function toArticle(raw: Record<string, unknown>): Article | null {
  const url = str(raw.url);
  if (!url) return null;
  const seen = isoFromSeen(raw.seendate ?? raw.date);
  const out: Article = {
    url,
    title: str(raw.title),
    domain: str(raw.domain) ?? safeHost(url),
    language: str(raw.language),
    source_country: str(raw.sourcecountry) ?? str(raw.sourceCountry),
    first_seen_at: seen,
    published_at: seen,
    seendate: str(raw.seendate),
    url_mobile: str(raw.url_mobile),
    social_image: str(raw.socialimage),
  };
  if ("sentence" in raw || "context" in raw) out.snippet = str(raw.sentence) ?? str(raw.context);
  return out;
}

/** Query parameters that only track a click or an experiment; they never change the article. */
const TRACKING =
  /^(utm_\w+|cexp_\w+|fbclid|gclid|gclsrc|dclid|msclkid|yclid|mc_cid|mc_eid|igshid|_ga|_gl|_hsenc|_hsmi|mkt_tok|ocid|cmpid|ncid|smid|sr_share|ref_src|icid|_f|taid|\.?tsrc|guccounter|guce_referrer(_sig)?|soc_src|soc_trk|__twitter_impression|ns_(campaign|mchannel|source|linkname|fee)|at_(medium|campaign|custom\d*|ptr_name|link_id|link_origin|link_type|format|bbc_team)|wt\.mc_id|cmp|s_cid)$/i;

/**
 * One address per article: lower-case host without `www.`, no fragment, no tracking parameters,
 * the rest sorted; `https://www.x.com/a/?utm_source=y` and `http://x.com/a` are the same page.
 */
export function canonicalUrl(url: string): string {
  try {
    const u = new URL(url);
    const params = [...u.searchParams].filter(([k]) => !TRACKING.test(k))
      .sort(([a], [b]) => a.localeCompare(b));
    const query = params.length ? `?${new URLSearchParams(params)}` : "";
    const path = u.pathname.length > 1 ? u.pathname.replace(/\/+$/, "") : "";
    return `${u.hostname.toLowerCase().replace(/^www\./, "")}${
      u.port ? `:${u.port}` : ""
    }${path}${query}`;
  } catch {
    return url.trim();
  }
}

/**
 * Articles newest first by first-seen time (undated last), one per canonical address: the copy
 * GDELT saw first is kept. Returns how many copies were merged into it.
 */
export function mergeArticles(articles: Article[]): { articles: Article[]; merged: number } {
  const time = (a: Article) => a.first_seen_at ? Date.parse(a.first_seen_at) : NaN;
  const kept = new Map<string, Article>();
  for (const a of articles) {
    const k = canonicalUrl(a.url);
    const held = kept.get(k);
    if (!held || time(a) < time(held)) kept.set(k, a);
  }
  const out = [...kept.values()].sort((a, b) => {
    const [ta, tb] = [time(a), time(b)];
    if (Number.isNaN(ta) || Number.isNaN(tb)) {
      return Number.isNaN(ta) ? (Number.isNaN(tb) ? 0 : 1) : -1;
    }
    return tb - ta;
  });
  return { articles: out, merged: articles.length - out.length };
}

/** Longest gap between two copies of one story on one site (GDELT recrawls a section page later). */
const SAME_STORY_MS = 24 * 3_600_000;

/**
 * A title as a key: lower case, punctuation and spacing folded. Null for a title too short to
 * tell one story from another ("Live updates", "Markets"): under 4 words, or under 8 letters in a
 * script written without spaces (Chinese, Japanese, Thai).
 */
function storyKey(title: string | null): string | null {
  if (!title) return null;
  const w = words(title);
  const letters = w.join("").length;
  const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(
    title,
  );
  return w.length >= 4 || (unspaced && letters >= 8) ? w.join(" ") : null;
}

/**
 * Marks an article whose site already listed the same title first seen within a day before it
 * (`same_story_as`: the address of that earlier copy): GDELT lists one story again when a site
 * files it under a second address (another section, a repost on a blogging platform), and
 * counting both counts the story twice. Different sites carrying one wire story are not marked:
 * each is a publication of its own. Returns how many were marked; order is kept.
 */
export function markSameStory<T extends Article>(
  articles: T[],
): { articles: (T & { same_story_as?: string })[]; repeats: number } {
  const time = (a: Article) => a.first_seen_at ? Date.parse(a.first_seen_at) : NaN;
  const byKey = new Map<string, T[]>();
  for (const a of articles) {
    const title = storyKey(a.title);
    if (!title || !Number.isFinite(time(a))) continue;
    const key = `${(a.domain ?? safeHost(a.url) ?? "").toLowerCase()}\u0000${title}`;
    const group = byKey.get(key);
    if (group) group.push(a);
    else byKey.set(key, [a]);
  }
  const firstOf = new Map<T, string>();
  for (const group of byKey.values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort((a, b) => time(a) - time(b));
    let head = sorted[0];
    for (const a of sorted.slice(1)) {
      if (time(a) - time(head) <= SAME_STORY_MS) firstOf.set(a, head.url);
      else head = a;
    }
  }
  return {
    articles: articles.map((a) => firstOf.has(a) ? { ...a, same_story_as: firstOf.get(a)! } : a),
    repeats: firstOf.size,
  };
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

export interface SeriesPoint {
  date: string | null;
  value: number | null;
  norm?: number | null;
}

/** Tidy series from a DOC timeline payload: one `{series, data:[{date, value}]}` per line. */
export function tidyTimeline(payload: unknown): { series: string; data: SeriesPoint[] }[] {
  const timeline = (payload as { timeline?: unknown })?.timeline;
  if (!Array.isArray(timeline)) return [];
  return timeline.map((s: Record<string, unknown>, i) => ({
    series: str(s.series) ?? `series_${i + 1}`,
    data: (Array.isArray(s.data) ? s.data : []).map((p: Record<string, unknown>) => {
      const point: SeriesPoint = {
        date: isoFromSeen(p.date),
        value: typeof p.value === "number" ? p.value : null,
      };
      if (typeof p.norm === "number") point.norm = p.norm;
      return point;
    }),
  }));
}
