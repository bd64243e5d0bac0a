/**
 * GDELT's quirks, as pure functions: time forms, timespans, query scoping, answer checking and
 * the shapes of its articles and timelines. The client (client.ts) does the requests.
 */
import { InputError, ProviderError } from "../../core/errors.ts";

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

const SECTORS: Record<string, string> = {
  TECHNOLOGY: "(technology OR software OR semiconductor OR cloud)",
  FINANCE: '("financial services" OR banks OR fintech)',
  FINANCIAL: '("financial services" OR banks OR fintech)',
  ENERGY: "(energy OR oil OR gas OR renewables)",
  HEALTHCARE: "(healthcare OR biotech OR pharmaceutical)",
  POLITICS: "(politics OR election OR government)",
};

/** A sector key expanded into a GDELT boolean query; other text is used as given. */
export function sectorQuery(sector: string): string {
  return SECTORS[sector.trim().toUpperCase().replace(/[\s_-]+/g, "")] ?? sector.trim();
}

const SUFFIX =
  /[,\s]+(corporation|corp\.?|incorporated|inc\.?|limited|ltd\.?|plc\.?|p\.l\.c\.?|holdings?|company|co\.?|group|n\.?v\.?|s\.?a\.?|ag|se|l\.?p\.?|llc|s\.?p\.?a\.?|s\.?a\.?b\.?(\s+de\s+c\.?v\.?)?|de\s+c\.?v\.?|sab de cv|k\.?k\.?|b\.?v\.?|a\.?s\.?|a\.?o\.?|tbk)$/i;

/**
 * A company's name as GDELT can find it in news text: "Apple Inc." → `"Apple"`, "NVIDIA CORP" →
 * `"NVIDIA"`, "JPMORGAN CHASE & CO" → `"JPMORGAN CHASE"`, "KEYCORP /NEW/" → `"KEYCORP"`,
 * "GOLDMAN SACHS GROUP INC" → `"GOLDMAN SACHS"`. SEC's state or status tags (/DE/, /NEW/, /CAN/)
 * and legal suffixes are removed, as many as there are, and a dangling `&` or comma with them.
 * A name that would fall under GDELT's 3-letter minimum keeps its suffix ("BP PLC"), and
 * `shortened` says so.
 */
export function companySearchName(name: string): { phrase: string; shortened: boolean } {
  const tags = /\s*\/\s*[A-Za-z]{1,9}\/?\s*$|\/\s*$/;
  let clean = name.replace(/"/g, "").replace(/\s+/g, " ").trim();
  while (tags.test(clean)) clean = clean.replace(tags, "").trim();
  let stripped = clean;
  for (;;) {
    const next = stripped.replace(SUFFIX, "").replace(/[\s,&-]+$/, "").trim();
    if (next === stripped) break;
    // under 3 letters GDELT searches nothing; "AT&T" (4 characters, not one word) could only be
    // a quoted phrase, which GDELT refuses under 5 characters: the suffix stays ("AT&T INC")
    if (next.replace(/[^\p{L}\p{N}]/gu, "").length < 3 || !searchable(next)) {
      return { phrase: stripped, shortened: true };
    }
    stripped = next;
  }
  return { phrase: stripped || clean, shortened: false };
}

/**
 * GDELT refuses a quoted phrase under 5 characters ("The specified phrase is too short": `"Nike"`,
 * `"Etsy"`, `"KLA"`), while the same word unquoted, 3 characters or more, is searched.
 */
export const MIN_PHRASE_CHARS = 5;

/** One word of letters or digits: quoted or not, GDELT searches it the same way. */
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/** True when GDELT can search `text` as one term: a phrase of 5+ characters or one word. */
function searchable(text: string): boolean {
  return text.length >= MIN_PHRASE_CHARS || ONE_WORD.test(text);
}

/**
 * `text` as one GDELT search term: a quoted phrase, or a word under 5 characters written bare
 * (`Nike`), as GDELT refuses it quoted and a one-word phrase means the word.
 */
export function phraseTerm(text: string): string {
  return text.length < MIN_PHRASE_CHARS && ONE_WORD.test(text) ? text : `"${text}"`;
}

/** The GDELT phrase query for a company name (see {@link companySearchName}). */
export function companyQuery(name: string): string {
  return phraseTerm(companySearchName(name).phrase);
}

/**
 * Ordinary English words, as a dictionary lists them (lower case, singular), chosen among those
 * companies take as names. GDELT ignores case, so a company named with one such word (Target,
 * Visa) is found by every article using the word; see {@link isCommonWordName}.
 * Proper nouns (America, Texas, Tesla) are left out: a name holding one is distinctive already.
 * A word missing here only means the name is searched as before, as a plain phrase.
 */
export const ORDINARY_WORDS: ReadonlySet<string> = new Set(
  [
    "academy access active adaptive advance advanced advantage affiliated agent air alliance allied",
    "alpha alphabet anchor apple applied arch arena armor array arrow art atlas aware axis balance",
    "ball bank banner bath beacon bear beauty best beyond big black blade block bloom blue board",
    "bold bond booking box brand bridge bright broad brook build builder business buy cabinet cactus",
    "camp canal capital cardinal care carnival carrier casual cell central century chain champion",
    "change charter cheer chemical choice circle citizen city civic clean clear cloud coast coffee coherent",
    "collective comfort commerce commercial common community compass computer concord connect",
    "constellation consumer container cool copper core corner corning cotton country crane creative",
    "credit crest cross crown crystal cube dawn day deck deep delta depot design device diamond",
    "digital direct discover discovery diversified dollar dominion dot dove dream drive dynamic",
    "dynamics eagle earth east eastern echo edge electric elastic element emerald empire employer",
    "energy engine enterprise entertainment equitable equity essential evergreen evolution exact",
    "example exchange express fair faith falcon farm fast federal field fifth film financial first",
    "flag fleet flex flight flower focus food force forest fortune forward fossil fox freedom fresh",
    "frontier frontline fuel fusion future gap garden gate general genius giant glass global globe",
    "gold golden grab grand granite gravity great green grid growth guard guess guild gulf habit",
    "harbor harmony harvest haven healing health heart heritage highway hill home honest honey",
    "horizon host hub icon ideal image impact independent industrial industry infinity insight",
    "instrument integer integrated interactive interface international intuitive iron island jet",
    "joint journey kernel key keystone kind king lake land landmark laser leader legacy lemonade",
    "liberty life light lime line lion live lodge logic lucid lumber machine magnet main major",
    "management marathon marine market match material matrix meadow media medical mercury meridian",
    "meta metal micro mill mission modern monster mosaic motor mountain national native natural",
    "network new news next nice noble north northern oak ocean office old omega open opera option",
    "oracle orange orbit origin parcel park partner patriot peak pearl people perfect petroleum",
    "phoenix pilot pine pinnacle pioneer planet platform plus pool popular portal post power",
    "precision premier prime principal progressive property prospect public pulse pure quality",
    "quantum quest radio rain range ranger rapid real realty reliance remark rental research",
    "residential resource ridge rise river road rock root rose royal safe safety sage sail salt",
    "science score sea second secure select sentinel service shake shell shelter shield signal",
    "silver simple sky smart snap social software solar solid sonic sound source southern space",
    "spark sphere spirit spring square standard star state steel sterling stone storage store",
    "stride strong structure summit sun superior supply surgical sweet switch system target team",
    "terra tide timber titan toast total tower track trade trail transport travel treasure tree",
    "triumph trust truth union unit united universal unity urban utility valley value vector",
    "venture view viking vine visa vision vista vital voyager walnut waste water wave way west",
    "western wheel white wild wind winner wing wolf wonder wood work world yellow zone",
  ].join(" ").split(" "),
);

/** Words that join a name's other words ("Bank of America") and tell nothing on their own. */
const JOINERS: ReadonlySet<string> = new Set(["of", "and", "the", "&", "for"]);

/**
 * Industry and asset nouns: "<word> shares", "<word> stock" and the like are market phrases of
 * their own ("energy shares", "software stocks", "news: shares"), so a name ending in one is not
 * narrowed with business words, only with its legal form and ticker.
 */
const MARKET_NOUNS: ReadonlySet<string> = new Set(
  ("news energy quantum coffee oil gold silver steel bank software solar power water media " +
    "health chip mining realty property insurance airline retail food").split(" "),
);

/** Business words that, right after a common-word name, make a phrase news uses for a company. */
const BUSINESS_WORDS = ["shares", "stock", "CEO", "earnings"];

/** Exchanges written before a ticker in news ("NYSE: TGT", "(Nasdaq: AAPL)"). */
const EXCHANGES = ["NYSE", "NASDAQ"];

/**
 * Longest company query this module builds. GDELT refuses over-long queries ("Your query was too
 * short or too long."); its documentation gives no figure, and users report about 250 characters
 * (some 213 accepted, 290 refused). The language filter (` sourcelang:english`, up to some 25
 * characters) is added after, so the name stays under 200 and the whole under about 225; the
 * lowest-priority phrases are left out first.
 */
export const MAX_NAME_QUERY_CHARS = 200;

/** How news writes a legal form after a name, as GDELT phrases can match it. */
const LEGAL_FORMS: Record<string, string[]> = {
  corp: ["Corp", "Corporation"],
  corporation: ["Corp", "Corporation"],
  inc: ["Inc"],
  incorporated: ["Inc"],
  co: ["Company"],
  company: ["Company"],
  group: ["Group"],
  holding: ["Holdings"],
  holdings: ["Holdings"],
  plc: ["plc"],
  ltd: ["Ltd"],
  limited: ["Ltd"],
};

/** A word in its dictionary form: "Mills" → mill, "Industries" → industry, "Services" → service. */
function singular(word: string): string[] {
  const w = word.toLowerCase();
  const forms = [w];
  if (w.endsWith("ies")) forms.push(`${w.slice(0, -3)}y`);
  if (w.endsWith("es")) forms.push(w.slice(0, -2));
  if (w.endsWith("s")) forms.push(w.slice(0, -1));
  return forms;
}

/**
 * Whether a searched name (see {@link companySearchName}) is one ordinary word, so GDELT, which
 * ignores case, matches it in articles about something else ("Target", "Visa"). A phrase of
 * several words is the company's own even when each word is ordinary, and a word holding digits
 * or punctuation ("3M", "Macy's") is distinctive.
 */
export function isCommonWordName(phrase: string): boolean {
  const words = phrase.split(/\s+/).filter((w) => w && !JOINERS.has(w.toLowerCase()));
  // a phrase of two words or more ("General Mills", "Home Depot") is already the company's own
  // in news text; only a name that is one ordinary word ("Target", "Visa") is ambiguous
  if (words.length !== 1) return false;
  const [word] = words;
  return /^\p{L}+$/u.test(word) && singular(word).some((form) => ORDINARY_WORDS.has(form));
}

/** "TARGET" → "Target": SEC's upper-case titles read as news writes the name; mixed case stays. */
function newsCase(phrase: string): string {
  if (phrase !== phrase.toUpperCase()) return phrase;
  return phrase.toLowerCase().replace(/(^|\s)(\p{L})/gu, (_m, s, c) => s + c.toUpperCase());
}

/**
 * Common-word names searched as they are, with a warning: in news the word mostly means the
 * company, and narrowing it to phrases with a legal form or a business word would lose most of its
 * articles ("Apple unveils…").
 */
const KEPT_AS_IS: ReadonlySet<string> = new Set(["apple"]);

/**
 * Words SEC's titles end a name with that news usually leaves out: "AMAZON COM" (Amazon.com, in
 * news "Amazon"), "FORD MOTOR" ("Ford"), "Uber Technologies" ("Uber"), "CISCO SYSTEMS",
 * "VERIZON COMMUNICATIONS", "MARRIOTT INTERNATIONAL", "TJX COMPANIES".
 */
const NEWS_DROPS: ReadonlySet<string> = new Set(
  "com technologies platforms motor motors companies systems communications international worldwide brands"
    .split(" "),
);

/**
 * The shorter name news may use for a searched name ending in a word of {@link NEWS_DROPS}
 * ("FORD MOTOR" → "Ford"), or null. It is not searched: the short form is often a surname, a
 * place or a word ("General", "American", "Williams"); it only tells what the phrase misses.
 */
export function shorterNewsName(phrase: string): string | null {
  const w = phrase.split(" ");
  if (w.length < 2 || !NEWS_DROPS.has(w[w.length - 1].toLowerCase())) return null;
  const kept = w.slice(0, -1);
  // "BAE", "SBA": short all-capital words are initials, kept as written
  const stem = kept.map((x) => x.length <= 3 && x === x.toUpperCase() ? x : newsCase(x)).join(" ")
    .replace(/[\s,&-]+$/, "");
  return stem.replace(/[^\p{L}\p{N}]/gu, "").length >= 3 ? stem : null;
}

/** What {@link companyNameQuery} searched for a company name. */
export interface CompanyNameQuery {
  /** The GDELT query text (without the language filter). */
  query: string;
  /** The name as searched (see {@link companySearchName}). */
  phrase: string;
  shortened: boolean;
  /**
   * `narrowed`: a name of common words searched only in phrases with a disambiguator (legal form,
   * ticker, business word); `kept`: such a name searched alone because no disambiguator could be
   * formed (warn); null: not a common-word name, searched as the plain phrase.
   */
  commonWord: "kept" | "narrowed" | null;
  /** Kept because in news the word mostly means the company (see KEPT_AS_IS), not for want of a phrase. */
  keptAsUsual?: boolean;
  /** The phrases OR'd in a narrowed query (unquoted); empty otherwise. */
  phrases: string[];
  /** The ticker the query used, upper case; null when none was given or usable. */
  ticker: string | null;
}

/**
 * The disambiguating phrases for a common-word name, strongest first: the legal form SEC's title
 * gives ("TARGET CORP" → "Target Corp", "Target Corporation"), the ticker after an exchange
 * ("NYSE TGT"; 3+ letters, as GDELT does not search shorter words), then business words
 * ("Target shares"), unless the name ends in an industry noun ({@link MARKET_NOUNS}).
 */
function disambiguators(name: string, shown: string, ticker: string | null): string[] {
  const clean = name.replace(/"/g, "").replace(/\s+/g, " ").trim();
  const last = shown.split(" ").pop()!.toLowerCase();
  const at = clean.toLowerCase().indexOf(shown.toLowerCase());
  const suffix = at < 0 ? "" : clean.slice(at + shown.length).match(/\p{L}+/u)?.[0] ?? "";
  const legal = (LEGAL_FORMS[suffix.toLowerCase()] ?? []).map((f) => `${shown} ${f}`);
  const tickers = ticker && /^[A-Z]{3,}$/.test(ticker)
    ? EXCHANGES.map((e) => `${e} ${ticker}`)
    : [];
  const business = singular(last).some((w) => MARKET_NOUNS.has(w))
    ? []
    : BUSINESS_WORDS.map((w) => `${shown} ${w}`);
  return [...legal, ...tickers, ...business];
}

/**
 * The GDELT query for a company's name. A name that is not made of common words is the plain
 * phrase, as before (`"NVIDIA"`). A common-word name ({@link isCommonWordName}) is searched
 * only where it stands with a disambiguator, as an OR group of quoted phrases (GDELT wants OR'd
 * terms in parentheses): `("Target Corp" OR "Target Corporation" OR "NYSE TGT" OR "NASDAQ TGT" OR
 * "Target shares" OR ...)`, cut to {@link MAX_NAME_QUERY_CHARS}. `ticker` adds the exchange forms.
 */
export function companyNameQuery(name: string, ticker?: string | null): CompanyNameQuery {
  const { phrase, shortened } = companySearchName(name);
  const plain = { query: phraseTerm(phrase), phrase, shortened, phrases: [], ticker: null };
  if (shortened || !isCommonWordName(phrase)) return { ...plain, commonWord: null };
  if (KEPT_AS_IS.has(phrase.toLowerCase())) {
    return { ...plain, commonWord: "kept", keptAsUsual: true };
  }
  const symbol = ticker?.trim().toUpperCase() || null;
  const all = disambiguators(name, newsCase(phrase), symbol);
  const phrases: string[] = [];
  for (const p of all) {
    const next = [...phrases, p];
    if (
      phrases.length && `(${next.map((x) => `"${x}"`).join(" OR ")})`.length > MAX_NAME_QUERY_CHARS
    ) {
      break;
    }
    phrases.push(p);
  }
  if (!phrases.length) return { ...plain, commonWord: "kept", ticker: symbol };
  const quoted = phrases.map((p) => `"${p}"`);
  const query = quoted.length === 1 ? quoted[0] : `(${quoted.join(" OR ")})`;
  return { query, phrase, shortened, commonWord: "narrowed", phrases, ticker: symbol };
}

/** Business words a headline about the company carries near its name ("Target cuts sales outlook"). */
const TITLE_BUSINESS_WORDS: ReadonlySet<string> = new Set(
  ("shares share stock stocks earnings ceo cfo retailer profit profits revenue revenues sales " +
    "quarter quarterly results outlook guidance dividend investors investor analyst analysts " +
    "inc corp corporation company plc nyse nasdaq ipo acquisition acquire acquires merger " +
    "layoffs lawsuit shareholders stores").split(" "),
);

/** Words of a text with punctuation as spaces, case kept: GDELT compares phrases so. */
function tokens(text: string): string[] {
  return text.replace(/[^\p{L}\p{N}]+/gu, " ").trim().split(" ").filter(Boolean);
}

/** Lower case {@link tokens}. */
function words(text: string): string[] {
  return tokens(text).map((w) => w.toLowerCase());
}

/** Where `needle`'s words stand together in `hay`, from `from` on; -1 when they do not. */
function indexOfRun(hay: string[], needle: string[], from = 0): number {
  if (!needle.length) return -1;
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Whether a title carries the ticker as markets write it: after "$" or an exchange ("$GM",
 * "NYSE: GM") whatever its length, or alone in capitals ("TGT") when it has 3 letters or more
 * and is not itself a word ("SNAP", "GAP") and the title is not all capitals.
 */
function tickerInTitle(title: string, ticker: string): boolean {
  if (!/^[A-Z][A-Z.-]*$/.test(ticker)) return false;
  const t = ticker.replace(/\./g, "\\.");
  const end = "($|[^\\p{L}\\p{N}])";
  const marked = new RegExp(`(\\$|\\b(NYSE|NASDAQ|Nasdaq|Nyse)\\s*:?\\s*)${t}${end}`, "u");
  if (marked.test(title)) return true;
  if (ticker.length < 3 || isCommonWordName(ticker) || title === title.toUpperCase()) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${t}${end}`, "u").test(title);
}

/**
 * Whether an article's title names a common-word company unmistakably: one of the query's
 * phrases ("Target Corp", "NYSE TGT"), the ticker as markets write it (see {@link tickerInTitle}),
 * or the name written with its capital
 * ("Target", not "target") within three words of a business word ("Target shares fall", "Target
 * cuts sales outlook"). GDELT matched the article on its whole text; a title that names the
 * company so says the article is about it, one that does not ("Is India the real target?") may
 * not be.
 */
export function titleNamesCompany(title: string | null, q: CompanyNameQuery): boolean {
  if (!title) return false;
  const original = tokens(title);
  const hay = original.map((w) => w.toLowerCase());
  if (q.phrases.some((p) => indexOfRun(hay, words(p)) >= 0)) return true;
  if (q.ticker && tickerInTitle(title, q.ticker)) return true;
  const name = words(q.phrase);
  // "Deal News", "Energy shares": a name ending in an industry noun is not told by business words
  if (singular(name[name.length - 1]).some((w) => MARKET_NOUNS.has(w))) return false;
  for (let i = indexOfRun(hay, name); i >= 0; i = indexOfRun(hay, name, i + 1)) {
    // a lower-case "target" in a sentence-case title is the word, not the company
    if (!/^\p{Lu}/u.test(original[i])) continue;
    const near = [
      ...hay.slice(Math.max(0, i - 3), i),
      ...hay.slice(i + name.length, i + name.length + 3),
    ];
    if (near.some((w) => TITLE_BUSINESS_WORDS.has(w))) return true;
  }
  return false;
}

/**
 * Marks each article with `company_in_title` (see {@link titleNamesCompany}) for a common-word
 * company's search, and returns how many titles do not name it; other searches are left as they
 * are (their answers keep their shape).
 */
export function markCompanyTitles<T extends { title: string | null }>(
  articles: T[],
  q: CompanyNameQuery | null | undefined,
): { articles: (T & { company_in_title?: boolean })[]; unnamed: number } {
  if (!q?.commonWord) return { articles, unnamed: 0 };
  const marked = articles.map((a) => ({ ...a, company_in_title: titleNamesCompany(a.title, q) }));
  return { articles: marked, unnamed: marked.filter((a) => !a.company_in_title).length };
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

/**
 * Legal forms of companies registered outside the US, as a title writes them after a name
 * ("Merck KGaA", "Bayer AG", "Nestle SA"): with the name of a US company that does not carry
 * the form itself, the title names another company of the same name.
 */
const FOREIGN_FORMS: ReadonlySet<string> = new Set(
  "kgaa ag se sa nv plc ltd gmbh spa ab asa oyj bv kk srl sarl pty as".split(" "),
);

/** National forms a European company (SE) is converted from, keeping its legal person. */
const SE_FORMER_FORMS = ["ag", "sa", "nv", "plc", "spa", "ab", "asa", "oyj", "as"];

/** The legal form written at `tokens[at]` (S.A. and S.p.A. as their letters joined), else null. */
function formAt(t: string[], at: number): { key: string; text: string } | null {
  let k = at;
  let letters = "";
  while (k < t.length && t[k].length === 1 && letters.length < 4) letters += t[k++];
  const text = letters.length >= 2 ? letters : t[at];
  if (!text || !/^\p{Lu}/u.test(text)) return null;
  const key = text.toLowerCase() === "limited" ? "ltd" : text.toLowerCase();
  return FOREIGN_FORMS.has(key) ? { key, text } : null;
}

/**
 * The other company a title names with the searched name ("Merck KGaA" for Merck & Co's
 * "Merck"): the name followed by a foreign legal form ({@link FOREIGN_FORMS}) that the company's
 * own name (SEC's title) does not carry. Null when the title names no such company.
 */
export function otherCompanyInTitle(
  title: string | null,
  phrase: string,
  companyName: string,
): string | null {
  if (!title) return null;
  const ownTokens = tokens(companyName);
  const own = new Set(
    ownTokens.map((w) => w.toLowerCase() === "limited" ? "ltd" : w.toLowerCase()),
  );
  for (let i = 0; i < ownTokens.length; i++) {
    const f = formAt(ownTokens.map((w) => w.toUpperCase()), i);
    if (f) own.add(f.key);
  }
  // a European company (SE) is the same legal person as the national company it was converted
  // from: "SAP AG" is SAP SE before 2014, not another company
  if (own.has("se")) { for (const f of SE_FORMER_FORMS) own.add(f); }
  const t = tokens(title);
  const hay = t.map((w) => w.toLowerCase());
  const needle = words(phrase);
  for (let i = indexOfRun(hay, needle); i >= 0; i = indexOfRun(hay, needle, i + 1)) {
    const f = formAt(t, i + needle.length);
    if (f && !own.has(f.key)) return `${t.slice(i, i + needle.length).join(" ")} ${f.text}`;
  }
  return null;
}

/**
 * Marks each article whose title names another company of the same name
 * (`other_company_in_title`, see {@link otherCompanyInTitle}); returns how many.
 */
export function markOtherCompanies<T extends { title: string | null }>(
  articles: T[],
  phrase: string | null | undefined,
  companyName: string | null | undefined,
): { articles: (T & { other_company_in_title?: string })[]; others: number } {
  if (!phrase || !companyName) return { articles, others: 0 };
  let others = 0;
  const out = articles.map((a) => {
    const other = otherCompanyInTitle(a.title, phrase, companyName);
    if (!other) return a;
    others++;
    return { ...a, other_company_in_title: other };
  });
  return { articles: out, others };
}
