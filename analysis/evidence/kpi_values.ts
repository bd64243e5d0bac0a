/**
 * Amounts as prose writes them, for KPI extraction (analysis/evidence/kpi.ts): a number with its
 * scale word ("4.2 billion", "5,2 Mrd."), its currency before or after it ("$", "C$", "euros",
 * "crore rupees"), pence and cents in the unit written, percents and counts, each with its offset
 * in the sentence. Pure: a sentence in, values out.
 */

/** What a value measures. */
export type ValueKind = "money" | "percent" | "count";

export interface FoundValue {
  raw: string;
  number: number;
  kind: ValueKind;
  unit: string;
  offset: number;
  /** The low end of a range scaled by the words of its high end ("$4.9 to $5.1 billion"). */
  scaledByRange?: boolean;
  /** How the amount was read when its words allow doubt (a decimal comma, cents of no currency). */
  note?: string;
}

const SCALE: Record<string, number> = {
  trillion: 1e12,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  million: 1e6,
  mm: 1e6,
  m: 1e6,
  thousand: 1e3,
  k: 1e3,
  // Indian reports: a crore is ten million, a lakh a hundred thousand
  crore: 1e7,
  crores: 1e7,
  cr: 1e7,
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  // "₹12 lakh crore" is 12 × 10^5 × 10^7, not 12 lakh
  "lakh crore": 1e12,
  "lakh crores": 1e12,
  // "£520mn", "€3.4mn": millions as British and European releases write them
  mn: 1e6,
  // "5,2 Mrd. €", "3,4 milliards d'euros", "820 Mio. €": German and French scale words
  mrd: 1e9,
  md: 1e9,
  milliard: 1e9,
  milliards: 1e9,
  mio: 1e6,
  millions: 1e6,
};

/** The scale of a scale word as an amount writes it ("bn", "Lakh  Crore"). */
const scaleOf = (word: string) => SCALE[word.toLowerCase().replace(/\s+/g, " ").replace(/\.$/, "")];
/** Scale words of other languages read after a currency sign only as not an amount's end. */
const FOREIGN_SCALE =
  /^\s?(?:bilh|milh|mill[oó]n|mil\s+mill|Mrd\b|Mio\b|Md\b|milliard|miliard|milion|mld\b|mln\b|Bio\b)/i;

/** ISO codes written before an amount ("EUR 3.4bn") or after it ("3.4bn EUR"). */
const CODES =
  "USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|HKD|SEK|NOK|DKK|KRW|BRL|MXN|SGD|TWD|ZAR|PLN|ILS|IDR|THB|MYR|NZD|RUB|CZK|HUF|AED|CLP|EGP|NGN|KES|PKR|VND";
/** Scale words an amount whose currency follows it may carry ("5,2 Mrd. €", "3,4 milliards d'euros"). */
const AFTER_SCALES = String
  .raw`(?:trillion|billion|million|thousand|lakh\s+crores?|crores?|lakhs?|lacs?|cr|bn|mn|mm|[bmk]|milliards?|millions?)\b|(?:Mrd|Mio|Md)\b\.?`;
/** Currencies written after an amount, each a word or a sign; see AFTER_CURRENCY. */
const AFTER_CURRENCIES = String
  .raw`(?:US|U\.S\.|Canadian|Australian|Hong\s+Kong|New\s+Zealand|Singapore|New\s+Taiwan|Taiwan(?:ese)?)\s+dollars?\b|Swiss\s+francs?\b|Swedish\s+(?:kronor|krona)\b|Norwegian\s+kroner\b|Danish\s+kroner\b|South\s+African\s+rand\b|Korean\s+won\b|Brazilian\s+reais\b|Mexican\s+pesos\b|pounds?\s+sterling\b|pounds\b(?!\s+of\b)|sterling\b|euros?\b|yen\b|yuan\b|renminbi\b|rupees\b|kronor\b|won\b|rand\b|reais\b|dollars?\b|[€£¥₹₩]|(?:${CODES})\b`;
/** The ISO code of a currency written after an amount (see AFTER_CURRENCIES), by its words. */
const AFTER_CURRENCY: Record<string, string> = {
  "us dollar": "USD",
  "u.s. dollar": "USD",
  "canadian dollar": "CAD",
  "australian dollar": "AUD",
  "hong kong dollar": "HKD",
  "new zealand dollar": "NZD",
  "singapore dollar": "SGD",
  "new taiwan dollar": "TWD",
  "taiwan dollar": "TWD",
  "taiwanese dollar": "TWD",
  "swiss franc": "CHF",
  "swedish kronor": "SEK",
  "swedish krona": "SEK",
  "norwegian kroner": "NOK",
  "danish kroner": "DKK",
  "south african rand": "ZAR",
  "korean won": "KRW",
  "brazilian reais": "BRL",
  "mexican pesos": "MXN",
  "pound sterling": "GBP",
  "pounds sterling": "GBP",
  pound: "GBP",
  pounds: "GBP",
  sterling: "GBP",
  euro: "EUR",
  euros: "EUR",
  yen: "JPY",
  yuan: "CNY",
  renminbi: "CNY",
  rupees: "INR",
  kronor: "SEK",
  won: "KRW",
  rand: "ZAR",
  reais: "BRL",
  "€": "EUR",
  "£": "GBP",
  "₹": "INR",
  "₩": "KRW",
  rmb: "CNY",
};
/** Currency words that are also English words: a currency only after a scale ("2 billion won"). */
const WORD_ALSO = /^(?:won|rand|pounds|reais)$/i;

/**
 * The number an amount's digits write, or null when they read two ways: "1,234.5" and "1.5"
 * (English), "5,2" and "1.234,5" (a decimal comma, as European releases write), but not
 * "1,500 Mrd." nor "1.234 Mio." (a thousands group or a decimal?); `european` when the amount's
 * words are (Mrd., Mio., milliards) and a lone group of three is then not read as English.
 */
function readDigits(digits: string, european: boolean): { number: number; comma: boolean } | null {
  if (/^\d+$/.test(digits)) return { number: Number(digits), comma: false };
  const lone = /^\d{1,3}[.,]\d{3}$/.test(digits);
  if (lone && european) return null;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits) || /^\d+\.\d+$/.test(digits)) {
    return { number: Number(digits.replace(/,/g, "")), comma: false };
  }
  if (/^\d+,(?:\d{1,2}|\d{4,})$/.test(digits) || /^\d{1,3}(?:\.\d{3})+,\d+$/.test(digits)) {
    return { number: Number(digits.replace(/\./g, "").replace(",", ".")), comma: true };
  }
  // "1,23,45,678": the Indian lakh and crore groups (read by the caller after a rupee sign)
  return null;
}

// a percent starts at the first digit of its run (`(?<!\d)`): tried at every digit of a long run
// with no sign after it, `\d+` read the rest of the run each time, time growing with its square
// an amount carries the currency it is stated in: "C$1.2 billion" is Canadian dollars, "€3.4bn",
// "EUR 3.4bn", "RMB 1.2 billion", "£512 million" are not dollars at all; so does an amount whose
// currency follows it ("5.2 billion euros", "5,2 Mrd. €", "4,500 crore rupees"); an amount in
// cents or pence ("12 cents", "45.3p", "4.5 euro cents") is read in that unit
const VALUE = new RegExp(
  String
    .raw`((?:\b(?:US|CA?|AU?|NZ|HK|NT|S|R|MX)\$|[$€£¥₹₩₽₺₪]|\b(?:${CODES})\s?|\bRs\.?\s?|\bR(?=\s?\d[\d,.]*\s?(?:billion|million|bn|m)\b))\s?(?:\(\s?|[-−]\s?)?\d[\d,]*(?:\.\d+)?\)?(?:\s?(?:trillion|billion|million|thousand|lakh\s+crores?|crores?|lakhs?|lacs?|cr|bn|mn|mm|[bmk])\b)?\+?)` +
    String.raw`|([-−]?(?<!\d)\d+(?:\.\d+)?\s?(?:%|percent\b|basis points\b|bps\b))` +
    String
      .raw`|(\b\d{1,3}(?:\.\d+)?(?:\s?(?:(?:euro|US|U\.S\.|Australian|Canadian|NZ|Singapore|HK|Hong Kong)\s+)?(?:cents\b|cent\b|cps\b|¢|pence\b)|p\b(?!\.?m\b)))` +
    String
      .raw`|((?:\(\s?)?(?<![\d.,])\d(?:[\d,.]*\d)?\)?(?:\s?(?:${AFTER_SCALES})(?:\s+of|\s+de|\s+d['’])?)?\s*(?:${AFTER_CURRENCIES}))` +
    String
      .raw`|(\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\+?|\b\d+(?:\.\d+)?\s?(?:million|billion|thousand)\b|\b\d+(?:\.\d+)?\b)`,
  "gi",
);

const MONTH_BEFORE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+$/i;

/** ISO code of a currency sign or code before an amount ("C$" → CAD, "€" → EUR, "RMB" → CNY). */
const CURRENCY: Record<string, string> = {
  "$": "USD",
  "US$": "USD",
  "C$": "CAD",
  "CA$": "CAD",
  "A$": "AUD",
  "AU$": "AUD",
  "NZ$": "NZD",
  "HK$": "HKD",
  "NT$": "TWD",
  "S$": "SGD",
  "R$": "BRL",
  "MX$": "MXN",
  "€": "EUR",
  "£": "GBP",
  "₹": "INR",
  "RS": "INR",
  "RS.": "INR",
  "RMB": "CNY",
  // "R1.2 billion" (read only before a scale word): the South African rand
  "R": "ZAR",
  "₩": "KRW",
  "₽": "RUB",
  "₺": "TRY",
  "₪": "ILS",
};

/** Currencies written "$": a caption naming one of them says which dollars a "$" is. */
export const DOLLAR_CODES = new Set(["USD", "CAD", "AUD", "NZD", "HKD", "TWD", "SGD", "MXN"]);

/** The currency of an amount's sign: "¥" is yen unless the sentence speaks of the renminbi. */
function currencyOf(sign: string, sentence: string): string {
  const s = sign.replace(/\s+/g, "").toUpperCase();
  if (s === "¥") return /\b(?:RMB|CNY|yuan|renminbi|Chinese)\b/i.test(sentence) ? "CNY" : "JPY";
  return CURRENCY[s] ?? s;
}

/**
 * Whether an amount's digits read one way only: commas between groups of three ("1,234,567"),
 * or the Indian lakh and crore groups ("1,23,45,678") after a rupee sign; not "€1,5 billion" (a
 * decimal comma read as 15) nor "EUR 1.234,5 million" (1,234.5 read as 1.234).
 */
function groupedRight(raw: string, sign: string, after: string): boolean {
  if (/^,\d/.test(after)) return false;
  const digits = /\d[\d,]*(?:\.\d+)?/.exec(raw)![0].replace(/,+$/, "");
  if (/^\d+(?:\.\d+)?$/.test(digits) || /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits)) return true;
  return /^(?:₹|Rs\.?|INR)\s*$/i.test(sign.trim()) &&
    /^\d{1,2}(?:,\d{2})*,\d{3}(?:\.\d+)?$/.test(digits);
}

/** An amount stated in cents or pence ("70.5 cps", "12 cents", "19¢", "45.3p", "45.3 pence"). */
export const CENTS = /(?:cents?|cps|¢|pence|\dp)$/i;

/** Cents of the currency the words before "cents" name ("euro cents", "US cents"). */
const CENTS_OF: Record<string, string> = {
  euro: "EUR",
  us: "USD",
  "u.s.": "USD",
  australian: "AUD",
  canadian: "CAD",
  nz: "NZD",
  singapore: "SGD",
  hk: "HKD",
  "hong kong": "HKD",
};

/**
 * The unit of an amount in cents or pence: "GBp" (pence, a hundredth of GBP), "<ISO> cents" when
 * the words ("euro cents") or the sentence's other amounts name the currency, else "cents".
 */
function subunitOf(raw: string, before: FoundValue[]): string {
  if (/(?:pence|\dp)$/i.test(raw)) return "GBp";
  const named = /(euro|US|U\.S\.|Australian|Canadian|NZ|Singapore|HK|Hong Kong)\s+cents?$/i.exec(
    raw,
  );
  if (named) return `${CENTS_OF[named[1].toLowerCase()]} cents`;
  const other = before.find((v) => v.kind === "money" && /^[A-Z]{3}$/.test(v.unit));
  return other ? `${other.unit} cents` : "cents";
}

/** An amount whose currency follows it, in its parts (see afterAmount). */
const AFTER_AMOUNT = new RegExp(
  String
    .raw`^(\(\s?)?(\d(?:[\d,.]*\d)?)(\)?)(?:\s?(${AFTER_SCALES})(?:\s+of|\s+de|\s+d['’])?)?\s*(${AFTER_CURRENCIES})$`,
  "i",
);
/** ISO codes alone, as written (upper case). */
const CODE_ONLY = new RegExp(`^(?:${CODES})$`);

/**
 * An amount whose currency follows it ("5.2 billion euros", "5,2 Mrd. €", "4,500 crore rupees",
 * "(120) million dollars"), or null when its digits read two ways or its words are not surely a
 * currency ("5 pounds" of weight, "2025 dollars" of a year's money).
 */
function afterAmount(text: string, at: number, sentence: string): FoundValue | null {
  const m = AFTER_AMOUNT.exec(text);
  if (!m) return null;
  const [, open, digits, close, scaleWord, currencyWords] = m;
  if (Boolean(open) !== Boolean(close)) return null;
  const words = currencyWords.toLowerCase().replace(/\s+/g, " ");
  if (!scaleWord && (WORD_ALSO.test(words) || /^(?:19|20)\d{2}$/.test(digits))) return null;
  const european = /^(?:M|mil)/i.test(scaleWord ?? "") && !/^million$/i.test(scaleWord ?? "");
  const read = readDigits(digits, european);
  if (!read) return null;
  const code = CODE_ONLY.test(currencyWords)
    ? (currencyWords === "RMB" ? "CNY" : currencyWords)
    : /^(?:dollars?|¥)$/.test(words)
    ? currencyOf(words === "¥" ? "¥" : "$", sentence)
    : AFTER_CURRENCY[words.replace(/s$/, "")] ?? AFTER_CURRENCY[words];
  if (!code) return null;
  let offset = at;
  let raw = text;
  let negative = Boolean(open);
  const lead = sentence.slice(Math.max(0, at - 12), at);
  if (!open && /(?:^|[\s(:])[-−]$/.test(lead) && !/[\d%)]\s*[-−]$/.test(lead)) {
    negative = true;
    offset -= 1;
    raw = sentence[offset] + raw;
  }
  // "52 CAD cents", "12 euro cents": cents of that currency, never 52 CAD; a scale word before
  // cents ("5 million euro cents") reads two ways and gives no amount
  const cents = /^\s*(?:cents?\b|¢)/i.exec(sentence.slice(at + text.length));
  if (cents && scaleWord) return null;
  const scale = scaleWord ? scaleOf(scaleWord) : 1;
  const value: FoundValue = {
    raw: cents ? raw + cents[0] : raw,
    number: Number((read.number * scale).toPrecision(15)) * (negative ? -1 : 1),
    kind: "money",
    unit: cents ? `${code} cents` : code,
    offset,
  };
  if (read.comma) value.note = `"${digits}" read with a decimal comma as ${read.number}`;
  return value;
}

/** Whether an amount's words state its scale ("$3.4 billion", "€3.4bn"; not "$3,400"). */
export const hasScaleWord = (raw: string) =>
  /(?:trillion|billion|millions?|thousand|crores?|lakhs?|lacs?|bn|mn|mm|milliards?|Mrd\.?|Mio\.?|Md\.?|\d\s?(?:[bmk]|cr))\+?$/i
    .test(raw.replace(TRAILING_CURRENCY, ""));

/** A currency written after an amount, with the words joining it ("5.2 billion »euros«"). */
const TRAILING_CURRENCY = new RegExp(
  String.raw`(?:\s+of|\s+de|\s+d['’])?\s*(?:${AFTER_CURRENCIES})$`,
  "i",
);

/** "mid-", "low-", "high-", "upper-" before a percent: the figure names a band, not a value. */
const BAND_WORD = /\b(?:low|lower|mid|middle|high|higher|upper)$/i;

/** The scale word an amount ends with ("$5.1 billion", "5,2 Mrd. €"), or undefined. */
const scaleWordOf = (raw: string) =>
  /(trillion|billion|millions?|thousand|lakh\s+crores?|crores?|lakhs?|lacs?|cr|bn|mn|mm|milliards?|[bmk]|(?:Mrd|Mio|Md)\b\.?)\+?$/i
    .exec(raw.replace(TRAILING_CURRENCY, ""))?.[1];

/**
 * Numbers in a sentence: money ($3.4 billion, €3.4bn, C$120 million, each in its currency),
 * percents (22%, "(5)%" as -5), counts (1,250).
 */
export function values(sentence: string): FoundValue[] {
  const out: FoundValue[] = [];
  for (const m of sentence.matchAll(VALUE)) {
    // "$1,234, up 5%": the comma after the figure is the sentence's
    let raw = m[0].trim().replace(/,+$/, "");
    let offset = m.index!;
    // a minus sign (U+2212 as well as "-") is the figure's own sign
    const digits = Number(
      /[-−]?\d[\d,]*(?:\.\d+)?/.exec(raw)![0].replace(/,/g, "")
        .replace("−", "-"),
    );
    const unitWord =
      /(trillion|billion|million|thousand|lakh\s+crores?|crores?|lakhs?|lacs?|cr|bn|mn|mm|[bmk])\b\+?$/i
        .exec(raw)?.[1]
        ?.toLowerCase();
    // "($000)", "(in $000s)": a caption's scale, not an amount
    if (m[1] && /^[^\d]*00/.test(raw)) continue;
    if (m[1]) {
      // "$(120) million", "$-120 million", "-$120 million", "−€3.4bn": a negative amount; a
      // "(" without its ")" is not one; "$1.1-$1.2 billion" is a range, not a minus
      const sign = /^[^\d(−-]*/.exec(raw)![0];
      if (!groupedRight(raw, sign, sentence.slice(m.index! + m[0].length))) continue;
      // "R$ 12.3 bilhões", "€ 5,2 Mrd.": a scale word not read here is not an amount of 12.3
      if (!hasScaleWord(raw) && FOREIGN_SCALE.test(sentence.slice(m.index! + m[0].length))) {
        continue;
      }
      const paren = /^[^\d]*\(/.test(raw) && /\d\)/.test(raw);
      if (/^[^\d]*\(/.test(raw) && !paren) continue;
      let negative = paren || /^[^\d]*[-−]/.test(raw);
      const lead = sentence.slice(Math.max(0, offset - 12), offset);
      if (/(?:^|[\s(:])[-−]$/.test(lead) && !/[\d%)]\s*[-−]$/.test(lead)) {
        negative = true;
        offset -= 1;
        raw = sentence[offset] + raw;
      }
      out.push({
        raw,
        // "$4.1 billion" is 4,100,000,000, not 4,099,999,999.9999995
        number: Number((Math.abs(digits) * (unitWord ? scaleOf(unitWord) : 1)).toPrecision(15)) *
          (negative ? -1 : 1),
        kind: "money",
        unit: currencyOf(sign, sentence),
        offset,
      });
    } else if (m[4]) {
      const after = afterAmount(m[4], m.index!, sentence);
      if (after) out.push(after);
    } else if (
      // "(5)%": a negative percent as accounts write it
      m[5] && /^\d+(?:\.\d+)?$/.test(raw) && sentence[m.index! - 1] === "(" &&
      /^\)\s?%/.test(sentence.slice(m.index! + raw.length))
    ) {
      const close = sentence.indexOf("%", m.index! + raw.length);
      out.push({
        raw: sentence.slice(m.index! - 1, close + 1),
        number: -digits,
        kind: "percent",
        unit: "percent",
        offset: m.index! - 1,
      });
    } else if (m[3]) {
      // "70.5 cps", "12 cents per share", "19¢", "45.3p": an amount in cents or pence, read in
      // that unit and named so ("USD cents", "GBp"), never as dollars or pounds; cents of the
      // currency the words name ("euro cents") or the sentence's other amounts state, else of
      // no named currency ("cents")
      out.push({
        raw,
        number: digits,
        kind: "money",
        unit: subunitOf(raw, out),
        offset: m.index!,
      });
    } else if (m[2]) {
      const bps = /basis points|bps/i.test(raw);
      const before = sentence.slice(Math.max(0, m.index! - 12), m.index!);
      let value = digits;
      if (/^[-−]/.test(raw) && /\p{L}$/u.test(before)) {
        // "mid-70%", "high-30%": a band around the figure, not the figure and never a minus
        if (BAND_WORD.test(before)) continue;
        // "year-5%"-like joins: the hyphen joins words, it is no sign
        raw = raw.slice(1);
        offset += 1;
        value = Math.abs(digits);
      }
      out.push({
        raw,
        number: bps ? value / 100 : value,
        kind: "percent",
        unit: bps ? "percentage_points" : "percent",
        offset,
      });
    } else {
      // Years and day numbers are dates, not counts.
      // a day of a date ("June 28, 2025") is not a count either
      const lead = sentence.slice(Math.max(0, m.index! - 12), m.index!);
      if (/^(19|20)\d{2}$/.test(raw) || /\bQ[1-4]\s*$/i.test(lead) || MONTH_BEFORE.test(lead)) {
        continue;
      }
      out.push({
        raw,
        number: Number((digits * (unitWord ? scaleOf(unitWord) : 1)).toPrecision(15)),
        kind: "count",
        unit: "count",
        offset: m.index!,
      });
    }
  }
  // "8-10%", "2%-3%", "45 to 46%": a range of percents (or basis points), the low end not a
  // count and the high end not a negative percent; "5-3%" (high below low) is not a range
  for (let i = 0; i + 1 < out.length; i++) {
    const [v, w] = [out[i], out[i + 1]];
    if (w.kind !== "percent" || (v.kind !== "count" && v.kind !== "percent")) continue;
    if (v.kind === "count" && !/^\d+(?:\.\d+)?$/.test(v.raw)) continue;
    if (v.kind === "percent" && v.unit !== w.unit) continue;
    const gap = sentence.slice(v.offset + v.raw.length, w.offset);
    const glued = gap === "" && /^[-−–]/.test(w.raw);
    if (!glued && !/^\s*(?:to|-|–|—)\s*$/i.test(gap)) continue;
    const high = glued ? Math.abs(w.number) : w.number;
    const low = v.kind === "count" && w.unit === "percentage_points" ? v.number / 100 : v.number;
    if (!(high > low)) continue;
    if (glued) {
      w.number = high;
      w.raw = w.raw.slice(1);
      w.offset += 1;
    }
    v.kind = "percent";
    v.unit = w.unit;
    v.number = low;
  }
  // "67-71 cents per share", "67 to 71 cents": the low end is cents too, not a count of 67
  for (let i = 0; i + 1 < out.length; i++) {
    const [v, w] = [out[i], out[i + 1]];
    if (
      v.kind === "count" && w.kind === "money" && CENTS.test(w.raw) &&
      /^\d{1,3}(?:\.\d+)?$/.test(v.raw) &&
      /^\s*(?:to|-|–|—)\s*$/i.test(sentence.slice(v.offset + v.raw.length, w.offset))
    ) {
      v.kind = "money";
      v.unit = w.unit;
    }
  }
  // "$4.9 to $5.1 billion": the low end is in billions too, not $4.90; "$850-950 million": the
  // high end is an amount of the low end's currency, not a count
  for (let i = 0; i + 1 < out.length; i++) {
    const [v, w] = [out[i], out[i + 1]];
    if (
      v.kind === "money" && w.kind === "count" && !hasScaleWord(v.raw) && hasScaleWord(w.raw) &&
      /^\s*(?:to|-|–|—)\s*$/i.test(sentence.slice(v.offset + v.raw.length, w.offset))
    ) {
      w.kind = "money";
      w.unit = v.unit;
    }
    if (
      v.kind === "money" && w.kind === "money" && v.unit === w.unit && !hasScaleWord(v.raw) &&
      hasScaleWord(w.raw) &&
      /^\s*(?:to|-|–|—|and)\s*$/i.test(sentence.slice(v.offset + v.raw.length, w.offset))
    ) {
      v.number = Number((v.number * scaleOf(scaleWordOf(w.raw)!)).toPrecision(15));
      v.scaledByRange = true;
    }
    // "5.0 to 5.2 billion euros", "45-50p": the low end is an amount of the high end's currency
    // and scale, not a count
    if (
      v.kind === "count" && w.kind === "money" && /^\d+(?:\.\d+)?$/.test(v.raw) &&
      TRAILING_CURRENCY.test(w.raw) && !/^[(−-]/.test(w.raw) &&
      /^\s*(?:to|-|–|—)\s*$/i.test(sentence.slice(v.offset + v.raw.length, w.offset))
    ) {
      const word = scaleWordOf(w.raw);
      v.kind = "money";
      v.unit = w.unit;
      if (word) {
        v.number = Number((v.number * scaleOf(word)).toPrecision(15));
        v.scaledByRange = true;
      }
    }
  }
  return withoutRetracted(sentence, out);
}

/** A speaker taking back the figure just said: "grew almost 8% -- sorry, 16%". */
const RETRACTION =
  /^\s*(?:--|-|—|–|,|\.|\.\.\.|…)?\s*(?:(?:I'm |I am )?sorry|excuse me|pardon me|I mean|correction|or rather|make that|that should be)\s*(?:--|—|–|,|:)?\s*(?:it's |it is |it was |that's )?$/i;

/**
 * The figures of a sentence without those the speaker took back: a figure followed straight
 * away by a retraction and a figure of the same kind was never the speaker's word.
 */
function withoutRetracted(sentence: string, out: FoundValue[]): FoundValue[] {
  return out.filter((v, i) => {
    const w = out[i + 1];
    if (!w || w.kind !== v.kind || w.unit !== v.unit) return true;
    return !RETRACTION.test(sentence.slice(v.offset + v.raw.length, w.offset));
  });
}
