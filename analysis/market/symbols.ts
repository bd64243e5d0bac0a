/**
 * Symbols as users type them, read into one canonical form (Yahoo's spelling, the one most
 * users know) and a kind. Each provider then spells the canonical form its own way
 * (providers/stooq `stooqSymbol`, providers/market_b `avSymbol`) or refuses it by name.
 *
 * BRK.B, brk.b, BRK/B and BRK-B are one share class (BRK-B); RCI.B.TO is RCI-B.TO; EUR/USD is
 * EURUSD=X; exchange suffixes (.L, .TO, .HK, .T, .DE …) stay as they are.
 */
import { InputError } from "../../core/errors.ts";

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

/** Reads a user's symbol; throws an InputError that shows accepted forms when it is not one. */
export function parseSymbol(raw: string): ParsedSymbol {
  const input = raw.trim();
  let s = input.toUpperCase();
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
  const pair = /^([A-Z]{3})\/([A-Z]{3})$/.exec(s);
  if (pair) s = `${pair[1]}${pair[2]}=X`;
  if (s.endsWith("=X")) return { input, canonical: s, kind: "fx", suffix: null };
  if (s.endsWith("=F")) return { input, canonical: s, kind: "future", suffix: null };
  if (s.startsWith("^")) {
    return { input, canonical: INDEX_ALIASES[s] ?? s, kind: "index", suffix: null };
  }
  const crypto = /^([A-Z0-9]{2,10})-([A-Z]{3,4})$/.exec(s);
  if (crypto && FIAT.has(crypto[2])) return { input, canonical: s, kind: "crypto", suffix: null };
  s = s.replace(/\//g, ".");
  const parts = s.split(".");
  // A Stooq spelling (aapl.us, shel.uk, 7203.jp, 700.hk) read as the listing it names.
  const last = parts[parts.length - 1];
  if (parts.length > 1 && last in STOOQ_SUFFIXES) {
    parts.pop();
    const yahoo = STOOQ_SUFFIXES[last];
    if (yahoo === "HK" && /^\d+$/.test(parts[0])) parts[0] = parts[0].padStart(4, "0");
    if (yahoo) parts.push(yahoo);
  }
  let suffix: string | null = null;
  if (parts.length > 1 && EXCHANGE_SUFFIXES.has(parts[parts.length - 1])) {
    suffix = parts.pop()!;
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
