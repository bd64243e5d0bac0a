/** Motley Fool quote pages: where transcript links hide in embedded JSON. Pure functions. */

export interface TranscriptLink {
  title: string;
  quarter: string | null;
  published_at: string | null;
  url: string;
}

const LINK = /\/earnings\/call-transcripts\/(\d{4})\/(\d{2})\/(\d{2})\/([a-z0-9-]+)\/?/g;

const ORDINAL: Record<string, string> = {
  first: "1",
  "1st": "1",
  second: "2",
  "2nd": "2",
  third: "3",
  "3rd": "3",
  fourth: "4",
  "4th": "4",
};
const YEAR = String.raw`((?:19|20)\d{2})`;
const FY = String.raw`(?:fy|fiscal(?: year)?|f)`;
const WORD = String.raw`(first|second|third|fourth|1st|2nd|3rd|4th)`;
/** Each pattern gives the quarter and the year groups' positions. */
const QUARTER_PATTERNS: { re: RegExp; q: number; y: number }[] = [
  // Q4 2024, Q4 FY2024, Q4 fiscal year 2024, Q4 of fiscal 2024, Q1 FY24, Q1'24
  {
    re: new RegExp(
      String
        .raw`\bq([1-4])(?:\s+of)?\s*(?:${FY}\s*)?'?((?:19|20)\d{2}|(?<=(?:fy|fiscal|f|')\s*)\d{2})\b`,
    ),
    q: 1,
    y: 2,
  },
  // FY2024 Q4, FY24 Q4, fiscal 2024 Q4, 2024 Q4, 2024Q4
  {
    re: new RegExp(String.raw`(?:\b|(?<=fy))((?:19|20)\d{2}|(?<=fy\s*)\d{2})\s*q([1-4])\b`),
    q: 2,
    y: 1,
  },
  // 4Q24, 4Q 2024, 4Q FY24
  {
    re: new RegExp(String.raw`\b([1-4])q\s*(?:${FY}\s*)?'?((?:19|20)\d{2}|\d{2})\b`),
    q: 1,
    y: 2,
  },
  // fourth quarter 2024, fourth-quarter of fiscal year 2024, fiscal fourth quarter 2024
  {
    re: new RegExp(String.raw`\b${WORD}[- ]quarter(?: of)?(?: ${FY})?,? ${YEAR}\b`),
    q: 1,
    y: 2,
  },
  // fiscal 2025 third quarter, fiscal year 2025 third-quarter, 2025 third quarter
  {
    re: new RegExp(String.raw`\b(?:${FY} )?${YEAR},? (?:fiscal )?${WORD}[- ]quarter\b`),
    q: 2,
    y: 1,
  },
];

/** The first quarter named in `text`, with where it was named (else null). */
export function quarterMatch(
  text: string,
): { quarter: string; index: number; match: string } | null {
  // "q4-2024" of a slug, "AAP_q4_2020" of a file name: one character each, so offsets hold
  const t = text.toLowerCase().replace(/[-_]/g, " ").replace(/[’‘]/g, "'");
  let best: { quarter: string; index: number; match: string } | null = null;
  for (const { re, q, y } of QUARTER_PATTERNS) {
    const m = re.exec(t);
    if (!m || (best && best.index <= m.index)) continue;
    const year = m[y].length === 2 ? `20${m[y]}` : m[y];
    best = {
      quarter: `Q${ORDINAL[m[q]] ?? m[q]} ${year}`,
      index: m.index,
      match: text.slice(m.index, m.index + m[0].length),
    };
  }
  return best;
}

/** `Q4 2024`, `fourth quarter fiscal 2024`, `FY24 Q4`, `4Q24`, slug `q4-2024` → `Q4 2024` (else null). */
export function quarterOf(text: string): string | null {
  return quarterMatch(text)?.quarter ?? null;
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
  // Only the company's own calls: a quote page also links other companies' transcripts, and a
  // ticker none of whose links carry it has none listed here (BF.B is `bf-b` in a slug).
  const slug = symbol.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const own = all.filter((l) =>
    l.url.includes(`-${slug}-`) ||
    new RegExp(`[(:]${symbol.replace(/[^A-Za-z0-9]/g, "[.-]?")}\\)`, "i").test(l.title)
  );
  return own.sort((a, b) => String(b.published_at).localeCompare(String(a.published_at)));
}

/** How many transcript links on a quote page belong to other companies (for the "none" note). */
export function otherLinks(page: string, symbol: string): number {
  const text = page.replace(/\\\//g, "/").replace(/\\u002F/gi, "/");
  const urls = new Set(
    [...text.matchAll(LINK)].filter((m) => m[4].includes("transcript")).map((m) => m[0]),
  );
  return Math.max(0, urls.size - transcriptLinks(page, symbol).length);
}
