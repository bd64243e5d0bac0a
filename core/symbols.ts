/**
 * Symbols as users type them, read into one canonical form (Yahoo's spelling, the one most
 * users know) and a kind. Each provider then spells the canonical form its own way
 * (providers/stooq `stooqSymbol`, providers/market_b `avSymbol`) or refuses it by name.
 *
 * BRK.B, brk.b, BRK/B, "BRK B" and BRK-B are one share class (BRK-B); RCI.B.TO is RCI-B.TO;
 * EUR/USD is EURUSD=X; exchange suffixes (.L, .TO, .HK, .T, .DE …) stay as they are, numeric
 * codes in their market's width (700.HK is 0700.HK, 5930.KS 005930.KS, 600519.SH 600519.SS).
 * A "/" is a share class or a pair, never an exchange (MKC/V is MKC-V, not MKC.V of TSX
 * Venture).
 */
import { InputError } from "./errors.ts";
import { TICKER_MAX, TICKER_PATTERN } from "./args.ts";

export type SymbolKind = "equity" | "index" | "fx" | "future" | "crypto";

export interface ParsedSymbol {
  /** What the user typed (trimmed). */
  input: string;
  /** Yahoo's spelling: BRK-B, ^GSPC, EURUSD=X, GC=F, BTC-USD, 0700.HK. */
  canonical: string;
  kind: SymbolKind;
  /** Exchange suffix without the dot (L, TO, HK, T), or null for a US listing. */
  suffix: string | null;
}

/** Yahoo's exchange suffixes (after the last dot). One letter: L London, T Tokyo, F Frankfurt, V TSX Venture. */
export const EXCHANGE_SUFFIXES = new Set([
  "L",
  "IL",
  "TO",
  "V",
  "CN",
  "NE",
  "HK",
  "T",
  "F",
  "DE",
  "BE",
  "DU",
  "HM",
  "MU",
  "SG",
  "PA",
  "AS",
  "BR",
  "LS",
  "MC",
  "MI",
  "SW",
  "VI",
  "CO",
  "OL",
  "ST",
  "HE",
  "IC",
  "IR",
  "AT",
  "WA",
  "PR",
  "BD",
  "IS",
  "AX",
  "NZ",
  "NS",
  "BO",
  "KS",
  "KQ",
  "SS",
  "SZ",
  "TW",
  "TWO",
  "SI",
  "JK",
  "KL",
  "BK",
  "TA",
  "JO",
  "SA",
  "MX",
  "BA",
  "SN",
  "CR",
  "LM",
  "QA",
  "SR",
  "SAU",
  "CA",
  "RG",
  "TL",
  "VS",
  "XC",
  "ME",
  "AQ",
]);

/** Index spellings of other providers (Stooq's mostly) → Yahoo's. */
const INDEX_ALIASES: Record<string, string> = {
  "^SPX": "^GSPC",
  "^NDQ": "^IXIC",
  "^UKX": "^FTSE",
  "^DAX": "^GDAXI",
  "^CAC": "^FCHI",
  "^NKX": "^N225",
};

/** Stooq's market suffixes → Yahoo's (`.us` has none: a US listing is bare). */
const STOOQ_SUFFIXES: Record<string, string | null> = { US: null, UK: "L", JP: "T", HK: "HK" };

/**
 * Markets whose codes are digits of a fixed width in Yahoo's spelling, which users often write
 * without the leading zeros: Hong Kong four (700.HK and 00700.HK are 0700.HK, 09988.HK is
 * 9988.HK), Korea and mainland China six (5930.KS is 005930.KS, 1.SZ is 000001.SZ), Taiwan
 * four (50.TW is 0050.TW; longer ETF codes stay as written).
 */
const DIGIT_WIDTH: Record<string, { width: number; trim: boolean }> = {
  HK: { width: 4, trim: true },
  KS: { width: 6, trim: false },
  KQ: { width: 6, trim: false },
  SS: { width: 6, trim: false },
  SZ: { width: 6, trim: false },
  TW: { width: 4, trim: false },
  TWO: { width: 4, trim: false },
};

/** Other writings of an exchange suffix for numeric codes: Shanghai's `.SH` is Yahoo's `.SS`. */
const NUMERIC_SUFFIX_ALIASES: Record<string, string> = { SH: "SS" };

/** A numeric code in its market's width (see {@link DIGIT_WIDTH}); other codes as they are. */
function codeWidth(root: string, suffix: string): string {
  const rule = DIGIT_WIDTH[suffix];
  if (!rule || !/^\d+$/.test(root)) return root;
  const digits = rule.trim ? root.replace(/^0+(?=\d)/, "") : root;
  return digits.padStart(rule.width, "0");
}

/** A share class written after a space, as some sites and terminals do: "RDS A", "BRK B". */
const SPACED_CLASS = /^([A-Z][A-Z0-9]{1,9}) ([A-Z])$/;

/** Fiat codes that end a crypto pair (BTC-USD). */
const FIAT = new Set([
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "CAD",
  "AUD",
  "CHF",
  "CNY",
  "HKD",
  "KRW",
  "INR",
  "BRL",
  "SGD",
  "USDT",
]);

/**
 * Currencies Yahoo quotes as pairs and no cryptocurrency's ticker repeats: EUR-USD, typed like
 * a crypto pair, is the exchange rate EURUSD=X.
 */
const MAJOR_CURRENCIES = new Set(
  ("USD EUR GBP JPY CHF CAD AUD NZD CNY CNH HKD SGD SEK NOK DKK ISK PLN CZK HUF RON TRY ILS " +
    "ZAR MXN BRL INR KRW TWD THB IDR MYR PHP SAR AED").split(" "),
);

/**
 * ISO 4217 codes (and the metals XAU, XAG, XPT, XPD): X/Y with X among them stays an exchange
 * rate (XXXYYY=X); with X not a currency and Y a fiat one (BTC/USD), it is a crypto pair.
 */
const ISO_CURRENCIES = new Set(
  ("AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN " +
    "BWP BYN BZD CAD CDF CHF CLP CNH CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR " +
    "FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD " +
    "JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT " +
    "MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG " +
    "QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS " +
    "TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR " +
    "ZMW ZWL XAU XAG XPT XPD").split(" "),
);

/** True for an ISO 4217 code (any case) or a precious metal's (XAU, XAG, XPT, XPD). */
export function isIsoCurrency(code: string): boolean {
  return ISO_CURRENCIES.has(code.trim().toUpperCase());
}

/** Reads a user's symbol; throws an InputError that shows accepted forms when it is not one. */
export function parseSymbol(raw: string): ParsedSymbol {
  const input = raw.trim();
  let s = input.toUpperCase();
  // "RDS A": a root and one class letter after one space is the class RDS-A
  const spaced = SPACED_CLASS.exec(s);
  if (spaced) s = `${spaced[1]}-${spaced[2]}`;
  // Characters a listing may use, a caret only in front (an index), `=` only in the `=X`/`=F`
  // ending, and no empty part between separators (AAPL., XX..Y, BRK--B).
  const malformed = !/^\^?[A-Z0-9]/.test(s) || s.lastIndexOf("^") > 0 || /=(?![XF]$)/.test(s) ||
    s.split(/[./-]/).includes("");
  if (!s || s.length > 32 || !/^[A-Z0-9.^=\-/&]+$/.test(s) || malformed) {
    throw new InputError(
      `'${input}' is not a symbol; write it as the exchange lists it: AAPL, BRK.B, SHEL.L, ` +
        `0700.HK, 7203.T, ^GSPC, EURUSD=X, GC=F, BTC-USD`,
    );
  }
  // EUR/USD and EUR-USD are Yahoo's EURUSD=X when both sides are currencies; BTC/USD is BTC-USD
  const slash = /^([A-Z0-9]{2,10})\/([A-Z]{3,4})$/.exec(s);
  const dash = /^([A-Z]{3})-([A-Z]{3})$/.exec(s);
  if (slash && FIAT.has(slash[2]) && !ISO_CURRENCIES.has(slash[1])) {
    s = `${slash[1]}-${slash[2]}`;
  } else if (slash && ISO_CURRENCIES.has(slash[1]) && ISO_CURRENCIES.has(slash[2])) {
    s = `${slash[1]}${slash[2]}=X`;
  } else if (dash && MAJOR_CURRENCIES.has(dash[1]) && MAJOR_CURRENCIES.has(dash[2])) {
    s = `${dash[1]}${dash[2]}=X`;
  }
  if (s.endsWith("=X")) return { input, canonical: s, kind: "fx", suffix: null };
  if (s.endsWith("=F")) return { input, canonical: s, kind: "future", suffix: null };
  if (s.startsWith("^")) {
    return { input, canonical: INDEX_ALIASES[s] ?? s, kind: "index", suffix: null };
  }
  const crypto = /^([A-Z0-9]{2,10})-([A-Z]{3,4})$/.exec(s);
  if (crypto && FIAT.has(crypto[2])) return { input, canonical: s, kind: "crypto", suffix: null };
  // "/" writes a share class (BRK/B, MKC/V, RCI/B.TO), never an exchange: MKC/V is McCormick's
  // voting class MKC-V, not a TSX Venture listing MKC.V
  s = s.replace(/\/([A-Z0-9]+)/g, "-$1");
  const parts = s.split(".");
  // A Stooq spelling (aapl.us, shel.uk, 7203.jp, 700.hk) read as the listing it names.
  const last = parts[parts.length - 1];
  if (parts.length > 1 && Object.hasOwn(STOOQ_SUFFIXES, last)) {
    parts.pop();
    const yahoo = STOOQ_SUFFIXES[last];
    if (yahoo) parts.push(yahoo);
  }
  if (
    parts.length === 2 && Object.hasOwn(NUMERIC_SUFFIX_ALIASES, parts[1]) && /^\d+$/.test(parts[0])
  ) {
    parts[1] = NUMERIC_SUFFIX_ALIASES[parts[1]];
  }
  let suffix: string | null = null;
  if (parts.length > 1 && EXCHANGE_SUFFIXES.has(parts[parts.length - 1])) {
    suffix = parts.pop()!;
    if (parts.length === 1) parts[0] = codeWidth(parts[0], suffix);
  }
  // What remains is the root plus share classes: BRK.B → BRK-B (Yahoo writes classes with
  // "-"). A longer unknown part (NOPE.XX) is kept as typed, for the provider to judge.
  const [head, ...rest] = parts;
  const root = rest.reduce((acc, part) => `${acc}${/^[A-Z]$/.test(part) ? "-" : "."}${part}`, head);
  if (!root) throw new InputError(`'${input}' has an exchange suffix but no symbol before it`);
  return { input, canonical: suffix ? `${root}.${suffix}` : root, kind: "equity", suffix };
}

/** The canonical (Yahoo) spelling of a user's symbol. */
export const canonicalSymbol = (raw: string) => parseSymbol(raw).canonical;

/**
 * A one-symbol argument (the `ticker()` type of the schemas and the CLI's pure path alike): the
 * canonical spelling of what the user typed, so brk.b, BRK/B, " BRK.B " and BRK-B all reach a
 * command as BRK-B and 700.HK as 0700.HK, with a note when the reading is a guess ("RDS A" read
 * as the class RDS-A). Null when the text is no symbol, or its canonical form is not one a URL
 * may carry as it is (letters and digits, a caret only in front, ".", "-", "=" between them).
 */
export function tickerValue(raw: string): { symbol: string; note: string | null } | null {
  const t = raw.trim();
  if (!t || t.length > TICKER_MAX) return null;
  let symbol: string;
  try {
    symbol = parseSymbol(t).canonical;
  } catch {
    return null;
  }
  if (symbol.length > TICKER_MAX || !TICKER_PATTERN.test(symbol)) return null;
  const note = SPACED_CLASS.test(t.toUpperCase())
    ? `read the symbol "${t}" as the share class ${symbol}; write ${symbol} (or ${
      symbol.replace("-", ".")
    }) when that is the listing meant`
    : null;
  return { symbol, note };
}

/**
 * What a US listing is when its symbol (Yahoo's spelling) marks a line other than a common
 * share: BAC-PL a preferred share, XYZ-WT or ABCDW a warrant, XYZ-RI or ABCDR a right, XYZ-U or
 * ABCDU a unit (Nasdaq's fifth letters W, R, U). Null otherwise, and for a listing with an
 * exchange suffix, whose letters follow other rules.
 */
export function nonCommonLine(symbol: string): string | null {
  const s = symbol.toUpperCase();
  if (s.includes(".") || s.includes("=") || s.startsWith("^")) return null;
  if (/^[A-Z]{1,5}-P[A-Z]{0,2}$/.test(s)) return "a preferred share";
  if (/^[A-Z]{1,5}-(?:WT|WS|W)$/.test(s) || /^[A-Z]{4}W$/.test(s)) return "a warrant";
  if (/^[A-Z]{1,5}-(?:RI|RT|R)$/.test(s) || /^[A-Z]{4}R$/.test(s)) return "a right";
  if (/^[A-Z]{1,5}-(?:UN|U)$/.test(s) || /^[A-Z]{4}U$/.test(s)) return "a unit";
  return null;
}

/**
 * True when `url` names `symbol`, letter case ignored: as a whole path segment (chart/MSFT,
 * chart/EURUSD=X), or as a whole query value or one item of a comma-separated one (s=msft.us,
 * symbols=AAPL,MSFT). How one symbol's requests are told apart from those of the symbols
 * fetched beside it; a symbol's own `=` (EURUSD=X, GC=F) is not read as a query's.
 */
export function urlNamesSymbol(url: string, symbol: string): boolean {
  const want = symbol.toLowerCase();
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  if (path.split("/").some((seg) => decoded(seg).toLowerCase() === want)) return true;
  if (cut < 0 || url[cut] !== "?") return false;
  const hash = url.indexOf("#", cut);
  const query = url.slice(cut + 1, hash < 0 ? undefined : hash);
  return query.split("&").some((pair) => {
    const eq = pair.indexOf("=");
    const value = decoded(eq < 0 ? pair : pair.slice(eq + 1));
    return value.split(",").some((item) => item.toLowerCase() === want);
  });
}

/** A URL's part with its percent escapes read; a malformed escape leaves it as it is. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
