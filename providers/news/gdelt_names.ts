/**
 * A company's name as GDELT can search it: the name news uses ("Apple Inc." → "Apple"), quoted
 * or bare as GDELT accepts it, and for a name made of ordinary words (Target, Gap) the phrases that
 * tell the company from the word (its legal form, its ticker after an exchange, business words).
 */

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
export const MARKET_NOUNS: ReadonlySet<string> = new Set(
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
export function singular(word: string): string[] {
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
