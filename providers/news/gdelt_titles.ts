/**
 * Whether an article's title is about the company searched: its name in a phrase news uses for
 * the company or its ticker as markets write it, or another company of the same name (Merck KGaA
 * beside Merck & Co).
 */
import { type CompanyNameQuery, isCommonWordName, MARKET_NOUNS, singular } from "./gdelt_names.ts";

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
export function words(text: string): string[] {
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
