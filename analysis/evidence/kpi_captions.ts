/**
 * What a caption says the amounts of a table or passage are counted in: a scale ("(In millions,
 * except per-share amounts)", "($000)", "(€m)") and the currency it names when not U.S. dollars.
 */
import { SCALE_WORDS } from "../document/scales.ts";

/**
 * "(In millions, except per-share amounts)", "in thousands of Canadian dollars": what amounts are
 * counted in; "in millions of customers" counts something else.
 */
const SCALE_NOTE =
  /\bin (millions|thousands|billions|crores?|lakhs?)\b(?:\s+of\s+((?:U\.S\.|US|[A-Z][a-z]+)\s+)?(dollars|euros|pounds(?: sterling)?|yen|yuan|renminbi|Swiss francs|francs|rupees|won|kronor|kroner|USD|EUR|GBP|JPY|CNY|RMB|CAD|AUD|CHF)\b|(\s+of\s+[\w-]+))?/gi;
const DOLLARS: Record<string, string> = {
  "u.s.": "USD",
  us: "USD",
  canadian: "CAD",
  australian: "AUD",
  "new zealand": "NZD",
  singapore: "SGD",
  "hong kong": "HKD",
  taiwan: "TWD",
  taiwanese: "TWD",
};
const MONEY_WORDS: Record<string, string> = {
  euros: "EUR",
  pounds: "GBP",
  "pounds sterling": "GBP",
  yen: "JPY",
  yuan: "CNY",
  renminbi: "CNY",
  rmb: "CNY",
  "swiss francs": "CHF",
  francs: "CHF",
  rupees: "INR",
  won: "KRW",
};

/** A caption's scale, its words, and the currency it names when not U.S. dollars. */
export interface ScaleNote {
  scale: number;
  words: string;
  text: string;
  currency: string | null;
  /**
   * The currency a caption names by its sign or code ("(€m)" EUR, "RMB'000" CNY, "($000)" USD):
   * the table's bare figures are amounts of it.
   */
  named?: string;
  /** Offset of the note in the text searched. */
  at: number;
}

/** A currency in a caption: a sign or a code ("US$", "HK$", "Rs.", "€", "RMB"). */
const CUR = String
  .raw`(US\$|HK\$|NZ\$|NT\$|A\$|C\$|S\$|R\$|Rs\.?|USD|EUR|GBP|RMB|CNY|INR|HKD|JPY|CHF|CAD|AUD|SGD|NZD|TWD|[$€£¥₹])`;
/** A scale after a currency: "000", "000s", "m", "mn", "bn", "million", "crore", "lakhs". */
const SW = String.raw`(000s?|k|m|mn|mm|bn|thousands?|millions?|billions?|crores?|lakhs?|lacs?)`;
/**
 * Captions that state a currency and a scale together: "(€m)", "($000)", "(in $000s)", "(£
 * million)", "(USD millions)", "in € millions", "(Rs. in crore)", "(₹ in lakhs)", "RMB'000",
 * "HK$'000", and "US$m" or "€m" standing alone as a header.
 */
const CURRENCY_SCALE = new RegExp(
  [
    String.raw`\(\s*(?:in\s+)?${CUR}\s*'?\s*${SW}\s*\)`,
    String.raw`\(\s*${CUR}\s*in\s+${SW}\s*\)`,
    String.raw`\bin\s+${CUR}\s*'?\s*${SW}(?![\w$€£¥₹])`,
    String.raw`(?<![\w$€£¥₹])${CUR}\s*'\s*(000s?)(?!\w)`,
    // standing alone: at a line's or a cell's start, or after "figures" or "amounts (in)"
    String
      .raw`(?<=^[ \t]*|\|\s*|\b(?:figures|amounts|numbers|values)(?:\s+(?:are\s+)?(?:in|shown in|stated in))?:?\s+)${CUR}\s?(m|mn|bn)(?=$|[\s|)])`,
  ].join("|"),
  "gim",
);
const SIGN_CODES: Record<string, string> = {
  "$": "USD",
  "US$": "USD",
  "HK$": "HKD",
  "NZ$": "NZD",
  "NT$": "TWD",
  "A$": "AUD",
  "C$": "CAD",
  "S$": "SGD",
  "R$": "BRL",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  RS: "INR",
  "RS.": "INR",
  RMB: "CNY",
};

/** Captions of a currency and a scale together (see CURRENCY_SCALE), in order. */
function currencyScales(text: string): ScaleNote[] {
  const out: ScaleNote[] = [];
  for (const m of text.matchAll(CURRENCY_SCALE)) {
    const groups = m.slice(1);
    const k = groups.findIndex(Boolean);
    if (k < 0) continue;
    const sign = groups[k].toUpperCase();
    const word = groups[k + 1].toLowerCase();
    const scale = SCALE_WORDS[word];
    if (!scale) continue;
    const code = SIGN_CODES[sign] ?? sign;
    out.push({
      scale,
      words: scale === 1e3
        ? "thousands"
        : scale === 1e6
        ? "millions"
        : scale === 1e9
        ? "billions"
        : scale === 1e7
        ? "crores"
        : "lakhs",
      text: m[0].trim(),
      currency: code === "USD" ? null : code,
      named: code,
      at: m.index!,
    });
  }
  return out;
}

/** The scale notes in a text, in order; "in millions of customers" is not one. */
export function scaleNotes(text: string): ScaleNote[] {
  const out: ScaleNote[] = currencyScales(text);
  for (const m of text.matchAll(SCALE_NOTE)) {
    if (m[4]) continue;
    const words = m[1].toLowerCase();
    let currency: string | null = null;
    if (m[3]) {
      const what = m[3].toLowerCase();
      const whose = (m[2] ?? "").trim().toLowerCase();
      currency = what === "dollars"
        ? DOLLARS[whose] ?? null
        : /^[a-z]{3}$/.test(what)
        ? (what === "rmb" ? "CNY" : what.toUpperCase())
        : MONEY_WORDS[what] ?? null;
      if (currency === "USD") currency = null;
    }
    // a caption already read with its currency ("(in € millions)")
    if (out.some((n) => m.index! >= n.at && m.index! < n.at + n.text.length + 2)) continue;
    out.push({
      scale: SCALE_WORDS[words],
      words,
      text: m[0],
      currency,
      ...(currency ? { named: currency } : {}),
      at: m.index!,
    });
  }
  return out.sort((a, b) => a.at - b.at);
}
