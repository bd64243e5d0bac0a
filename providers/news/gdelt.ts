/**
 * GDELT's quirks, as pure functions: its APIs and modes, time forms, timespans and windows, and
 * query syntax. Company names as GDELT can search them are in gdelt_names.ts, whether a title is
 * about the company in gdelt_titles.ts, its answers read into articles and timelines in
 * gdelt_articles.ts. The client (client.ts) does the requests.
 */
import { InputError } from "../../core/errors.ts";
import { MIN_PHRASE_CHARS } from "./gdelt_names.ts";

export const DOC_URL = "https://api.gdeltproject.org/api/v2/doc/doc";
export const CONTEXT_URL = "https://api.gdeltproject.org/api/v2/context/context";
export const GEO_URL = "https://api.gdeltproject.org/api/v2/geo/geo";

/** Largest record counts each API accepts. */
export const MAX_RECORDS = { doc: 250, context: 200, geo: 1000 } as const;

export const DOC_MODES = [
  "artlist",
  "artgallery",
  "imagecollageinfo",
  "imagegallery",
  "timelinevol",
  "timelinevolraw",
  "timelinevolinfo",
  "timelinelang",
  "timelinesourcecountry",
  "timelinetone",
  "tonechart",
  "wordcloudenglish",
  "wordcloudimagetags",
  "wordcloudimagewebtags",
] as const;

export const GEO_MODES: Record<string, string> = {
  pointdata: "PointData",
  point: "PointData",
  article: "PointData",
  pointheatmap: "PointHeatmap",
  heatmap: "PointHeatmap",
  pointanimation: "PointAnimation",
  animation: "PointAnimation",
  country: "Country",
  adm1: "ADM1",
};

const UNIT: Record<string, string> = {
  min: "min",
  mins: "min",
  minute: "min",
  minutes: "min",
  h: "h",
  hr: "h",
  hrs: "h",
  hour: "h",
  hours: "h",
  d: "d",
  day: "d",
  days: "d",
  w: "w",
  wk: "w",
  wks: "w",
  week: "w",
  weeks: "w",
  m: "m",
  mo: "m",
  mon: "m",
  month: "m",
  months: "m",
};

/** Minutes per unit, to compare a timespan with what an API covers. */
const UNIT_MINUTES: Record<string, number> = { min: 1, h: 60, d: 1440, w: 10080, m: 43200 };

/** GDELT's shortest timespan (its DOC API documentation: "minimum of 15 minutes"). */
export const MIN_TIMESPAN_MINUTES = 15;

/**
 * `30D`, `1 week`, `24H`, `15min`, `today` → GDELT's form (`30d`, `1w`, `24h`, `15min`, `1d`).
 * A number without a unit is refused (is `30` minutes or days?), and so is a span under GDELT's
 * 15-minute minimum.
 */
export function normalizeTimespan(text: string): { value: string; minutes: number } {
  const t = text.trim().toLowerCase().replace(/[\s_]+/g, "");
  const alias: Record<string, string> = { today: "1d", day: "1d", week: "1w", month: "1m" };
  const m = /^(\d+)([a-z]+)$/.exec(alias[t] ?? t);
  const unit = m ? UNIT[m[2]] : undefined;
  if (!m || !unit || Number(m[1]) < 1) {
    throw new InputError(
      `timespan="${text}" is not a GDELT timespan; use a number with its unit, such as 24H, 7D, 1W, 1M or 15min`,
    );
  }
  const minutes = Number(m[1]) * UNIT_MINUTES[unit];
  if (minutes < MIN_TIMESPAN_MINUTES) {
    throw new InputError(`timespan="${text}" is shorter than GDELT's minimum of 15 minutes`);
  }
  return { value: `${Number(m[1])}${unit}`, minutes };
}

/** `YYYYMMDDHHMMSS` of a Date in UTC (GDELT's clock). */
export function gdeltStamp(d: Date): string {
  return d.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/**
 * Reads a start or end time: `YYYYMMDDHHMMSS`, `YYYYMMDD`, `YYYY-MM-DD`, or ISO 8601 with an
 * offset (converted to UTC). A bare date means the start or the end of that UTC day.
 */
export function parseBound(text: string, edge: "start" | "end", argName: string): Date {
  const t = text.trim();
  let iso: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(t))) {
    iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`;
  } else if ((m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(t))) {
    iso = `${m[1]}-${m[2]}-${m[3]}T${edge === "start" ? "00:00:00" : "23:59:59"}Z`;
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(t)) {
    // No offset means UTC, GDELT's own clock.
    iso = /(Z|[+-]\d{2}:?\d{2})$/i.test(t) ? t : `${t}Z`;
  }
  const d = iso ? new Date(iso) : null;
  if (!d || Number.isNaN(d.getTime()) || (iso && !sameCalendar(iso, d))) {
    throw new InputError(
      `${argName}="${text}" is not a date or time; use YYYY-MM-DD, YYYYMMDDHHMMSS or ISO 8601 such as 2026-02-24T14:30:00-05:00`,
    );
  }
  return d;
}

// Rejects 2026-02-30 (Date would roll it over to March), with an offset too: the written day
// and time must exist on a calendar, whatever the offset.
function sameCalendar(iso: string, _d: Date): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(iso);
  if (!m) return true;
  const [y, mo, day, h, mi, sec] = m.slice(1).map((x) => Number(x ?? 0));
  const wall = new Date(Date.UTC(y, mo - 1, day, h, mi, sec));
  return wall.getUTCFullYear() === y && wall.getUTCMonth() === mo - 1 &&
    wall.getUTCDate() === day && wall.getUTCHours() === h && wall.getUTCMinutes() === mi;
}

export interface TimeArgs {
  timespan?: string;
  date?: string;
  start_date?: string;
  end_date?: string;
  start_datetime?: string;
  end_datetime?: string;
}

export interface TimeWindow {
  timespan: string | null;
  start: Date | null;
  end: Date | null;
}

/**
 * Resolves the time arguments: a fixed range wins over a timespan; `date` is one whole day. Two
 * forms of the same bound (date with start_date, start_date with start_datetime) are refused
 * rather than one silently dropped.
 */
export function resolveWindow(a: TimeArgs, defaultSpan: string | null): TimeWindow {
  const clash = (names: (keyof TimeArgs)[]) => {
    const given = names.filter((k) => a[k]);
    if (given.length > 1) {
      throw new InputError(
        `${given.join(" and ")} both set the window; give one (date= is one whole UTC day)`,
      );
    }
  };
  clash(["date", "start_date", "start_datetime"]);
  clash(["date", "end_date", "end_datetime"]);
  if (a.date) {
    return {
      timespan: null,
      start: parseBound(a.date, "start", "date"),
      end: parseBound(a.date, "end", "date"),
    };
  }
  const startText = a.start_date ?? a.start_datetime;
  const endText = a.end_date ?? a.end_datetime;
  const startName = a.start_date ? "start_date" : "start_datetime";
  const endName = a.end_date ? "end_date" : "end_datetime";
  const start = startText ? parseBound(startText, "start", startName) : null;
  const end = endText ? parseBound(endText, "end", endName) : null;
  if (start && end && start > end) {
    throw new InputError(`${startName} (${startText}) is after ${endName} (${endText})`);
  }
  if (start || end) return { timespan: null, start, end };
  if (a.timespan) refuseBareM(a.timespan);
  const span = a.timespan ?? defaultSpan;
  return { timespan: span ? normalizeTimespan(span).value : null, start: null, end: null };
}

/**
 * Refuses a timespan written with a lower-case `m` alone ("15m", "30 m"): GDELT reads it as
 * months, market data as minutes (15m bars), so 15 minutes asked would be answered for 15 months.
 * `M` (1M, as documented) and the spelled units (15min, 3mo, 2 months) are clear.
 */
function refuseBareM(text: string): void {
  const m = /^\s*(\d+)\s*m\s*$/.exec(text);
  if (!m) return;
  throw new InputError(
    `timespan="${text}" is ambiguous: m means months to GDELT but minutes in market data (${
      m[1]
    }m bars); write ${m[1]}min for minutes or ${m[1]}M (${m[1]} months) for months`,
  );
}

/** The first day GDELT DOC 2.0 holds (its timelines reach back to 1 January 2017). */
export const DOC_ARCHIVE_START = new Date("2017-01-01T00:00:00Z");

/** Timeline modes count GDELT's whole archive; article, image, word-cloud and tone-chart modes
 * list or summarise matching articles, which GDELT keeps for a rolling three months. */
export function isTimelineMode(mode: string): boolean {
  return /^timeline/i.test(mode);
}

/** Where GDELT's rolling three-month article index starts, seen from `now` (UTC). */
export function articleIndexStart(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - 3);
  return d;
}

/** What a timeline series' values measure, from the DOC mode and the series name GDELT gives. */
export function seriesUnit(mode: string, series: string): string | null {
  const m = mode.toLowerCase();
  if (m === "timelinevolraw" || /^article count$/i.test(series)) {
    return "articles matching the query in the interval (norm: all articles GDELT monitored in that interval)";
  }
  if (m === "timelinevol" || m === "timelinevolinfo") {
    return "percent of all articles GDELT monitored in the interval (volume intensity), not a count";
  }
  if (m === "timelinelang" || m === "timelinesourcecountry") {
    return `percent of monitored articles (volume intensity, as timelinevol) for this ${
      m === "timelinelang" ? "source language" : "source country"
    }, not a count`;
  }
  if (m === "timelinetone") {
    return "average tone of the matching articles in the interval (GDELT's scale: below 0 negative, above 0 positive, usually between -10 and +10)";
  }
  return null;
}

/**
 * Refuses query text GDELT cannot read as meant: an unpaired double quote (GDELT would take the
 * rest as one phrase, or drop the quote), unbalanced parentheses (outside phrases), or a keyword
 * under GDELT's 3 characters beside longer ones. GDELT's own messages for other faults are passed
 * on by the client.
 */
export function checkQuerySyntax(query: string, argName: string): void {
  let quoted = false;
  let depth = 0;
  let bare = "";
  for (const c of query) {
    if (c === '"') {
      quoted = !quoted;
      bare += " ";
    } else if (!quoted && c === "(") depth++;
    else if (!quoted && c === ")" && --depth < 0) break;
    if (!quoted && c !== '"') bare += c === "(" || c === ")" ? " " : c;
  }
  // a keyword outside a phrase under GDELT's 3 characters beside longer ones ("AI chips", "US
  // tariffs"): GDELT may leave it out and answer for the others, news of "chips" as of "AI chips".
  // A query of short keywords only is GDELT's to refuse (it says "phrase is too short"). Operators
  // (OR, AND), fields (sourcelang:x, tone<-5) and scripts written without spaces are not counted.
  const keywords = bare.split(/\s+/).filter((w) =>
    /[\p{L}\p{N}]/u.test(w) && !/^(OR|AND)$/.test(w) && !/[:<>=]/.test(w) &&
    !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u.test(
      w,
    )
  );
  const size = (w: string) => w.replace(/[^\p{L}\p{N}]/gu, "").length;
  const quotedPhrases = query.match(/"[^"]*"/g) ?? [];
  const phrases = quotedPhrases.length;
  // GDELT refuses the whole query for one quoted phrase under 5 characters ("Meta", "Gap")
  const shortPhrases = quotedPhrases.filter((p) => {
    const inner = p.slice(1, -1).trim();
    return inner.length > 0 && inner.length < MIN_PHRASE_CHARS;
  });
  const short = keywords.some((w) => size(w) >= 3) || phrases
    ? keywords.filter((w) => size(w) < 3)
    : [];
  const syntax =
    'GDELT would not read it as meant: put each phrase in a pair of double quotes and each OR group in one pair of parentheses, e.g. ("rate cut" OR "rate hike")';
  const fault = quoted
    ? `has an unpaired double quote; ${syntax}`
    : depth !== 0
    ? `has unbalanced parentheses; ${syntax}`
    : shortPhrases.length
    ? `has quoted phrases shorter than the ${MIN_PHRASE_CHARS} characters GDELT accepts in quotes (${
      shortPhrases.join(", ")
    }), which GDELT refuses ("The specified phrase is too short"): write a one-word phrase without quotes (${
      shortPhrases.map((p) => p.slice(1, -1).trim()).join(", ")
    }; a word of 3 characters or more is searched as it is) or add the words beside it ("Meta Platforms")`
    : short.length
    ? `has keywords shorter than GDELT's 3 characters (${
      short.join(", ")
    }), which GDELT refuses or leaves out of the search: put each in a phrase with the words beside it ("US tariffs") or leave it out`
    : null;
  if (fault) throw new InputError(`${argName}=${query} ${fault}`);
}

/** Adds `sourcelang:english` unless the query already names a source language. */
export function withLanguage(query: string, language: string | null): string {
  if (!language || /sourcelang:/i.test(query)) return query;
  return `${query} sourcelang:${language}`;
}
