/** Motley Fool quote pages: where transcript links hide in embedded JSON. Pure functions. */

export interface TranscriptLink {
  title: string;
  quarter: string | null;
  published_at: string | null;
  url: string;
}

const LINK = /\/earnings\/call-transcripts\/(\d{4})\/(\d{2})\/(\d{2})\/([a-z0-9-]+)\/?/g;

/** `Q4 2024`, `fourth quarter fiscal 2024`, slug `q4-2024` → `Q4 2024` (else null). */
export function quarterOf(text: string): string | null {
  const t = text.toLowerCase();
  let m = /\bq([1-4])\s*(?:(?:fy|fiscal(?: year)?)\s*)?'?((?:19|20)\d{2})\b/.exec(
    t.replace(/-/g, " "),
  );
  if (m) return `Q${m[1]} ${m[2]}`;
  m = /\b((?:19|20)\d{2})\s*q([1-4])\b/.exec(t);
  if (m) return `Q${m[2]} ${m[1]}`;
  const words: Record<string, string> = { first: "1", second: "2", third: "3", fourth: "4" };
  m = /\b(first|second|third|fourth)[- ]quarter(?: of)?(?: fiscal(?: year)?)? ((?:19|20)\d{2})\b/
    .exec(t);
  if (m) return `Q${words[m[1]]} ${m[2]}`;
  return null;
}

function titleFromSlug(slug: string): string {
  return slug.split("-").map((w) =>
    /^(q[1-4]|ai|iot|[a-z]{1,5}\d*)$/.test(w) && w.length <= 4 && w !== "call"
      ? w.toUpperCase()
      : w[0].toUpperCase() + w.slice(1)
  ).join(" ");
}

/** The value of `field` closest to offset `at` (the same JSON object, in practice). */
function near(text: string, at: number, end: number, field: string): string | null {
  const from = Math.max(0, at - 1200);
  const window = text.slice(from, at + 1200);
  const re = new RegExp(`"${field}"\\s*:\\s*"((?:[^"\\\\]|\\\\.){3,300})"`, "g");
  let best: { value: string; distance: number } | null = null;
  for (const m of window.matchAll(re)) {
    const pos = from + m.index!;
    // A brace or another link in between means the field belongs to another object.
    const between = pos < at ? text.slice(pos, at) : text.slice(end, pos);
    if (between.includes("/earnings/call-transcripts/") || /[{}]/.test(between)) continue;
    const distance = Math.abs(pos - at);
    if (!best || distance < best.distance) best = { value: m[1], distance };
  }
  if (!best) return null;
  try {
    return JSON.parse(`"${best.value}"`);
  } catch {
    return best.value;
  }
}

/**
 * Transcript links on a quote page, newest first. The page embeds them in JSON (sometimes with
 * escaped slashes); the date comes from the link path, which is the call's publication day.
 */
export function transcriptLinks(page: string, symbol: string): TranscriptLink[] {
  const text = page.replace(/\\\//g, "/").replace(/\\u002F/gi, "/");
  const seen = new Map<string, TranscriptLink>();
  for (const m of text.matchAll(LINK)) {
    const [, y, mo, d, slug] = m;
    if (!slug.includes("transcript")) continue;
    const url = `https://www.fool.com/earnings/call-transcripts/${y}/${mo}/${d}/${slug}/`;
    if (seen.has(url)) continue;
    const headline = near(text, m.index!, m.index! + m[0].length, "headline");
    const title = headline && /transcript/i.test(headline) ? headline : titleFromSlug(slug);
    seen.set(url, {
      title,
      quarter: quarterOf(slug) ?? quarterOf(title),
      published_at: `${y}-${mo}-${d}`,
      url,
    });
  }
  const all = [...seen.values()];
  const own = all.filter((l) => l.url.includes(`-${symbol.toLowerCase()}-`));
  return (own.length ? own : all).sort((a, b) =>
    String(b.published_at).localeCompare(String(a.published_at))
  );
}
