/**
 * The SEC filer (CIK) of a US listing, for a snapshot's and a profile's links to its filings: found
 * by ticker in SEC's list, and checked against the name Yahoo gives (a ticker SEC lists for
 * another company is said, not linked).
 */
import type { Context } from "../../core/context.ts";
import { FinanceError } from "../../core/errors.ts";
import { parseSymbol } from "../../core/symbols.ts";

/**
 * Yahoo quote types that are no company's shares: a currency pair, a cryptocurrency, an index,
 * a future or an option has no SEC filer, so no CIK is looked for and none is missed.
 */
export const NO_FILER = new Set(["CURRENCY", "CRYPTOCURRENCY", "INDEX", "FUTURE", "OPTION"]);

/** Words of a company name that tell it apart: no legal forms, no "the", "&" or "of". */
const FORMS = new Set(
  ("inc incorporated corp corporation co company cos ltd limited plc llc lp sa se nv ag ab " +
    "asa oyj spa holding holdings group the of and de del new adr ads class")
    .split(" "),
);
const words = (name: string) =>
  name.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !FORMS.has(w));

/**
 * Whether two names of a company share a word, or one's word is the other's initials (Yahoo's
 * "GE Aerospace" is SEC's "GENERAL ELECTRIC CO").
 */
export function sameName(a: string, b: string): boolean {
  const [x, y] = [words(a), words(b)];
  if (!x.length || !y.length) return true;
  const initials = (w: string[]) => w.map((v) => v[0]).join("");
  return x.some((w) => y.includes(w)) || x.includes(initials(y)) || y.includes(initials(x));
}

/** The warning for a CIK SEC gives the ticker when its filer is not the company Yahoo names. */
export function otherFiler(symbol: string, cik: string, title: string, name: string): string {
  return `cik: SEC's company_tickers.json gives ${symbol} to CIK ${cik}, "${title}", which is not ` +
    `Yahoo's "${name}" (a ticker passes to another company after a delisting or a rename): ` +
    "the CIK is left null; look the company up by name on SEC EDGAR before citing one";
}

/**
 * The SEC CIK of a ticker, or null and why (non-US listings, indices, currency pairs, futures
 * and cryptocurrencies have none and are not looked up: no reason then).
 */
export async function lookupCik(
  ctx: Context,
  symbol: string,
): Promise<{ cik: string | null; why: string | null; title?: string }> {
  if (/[.^=]/.test(symbol) || parseSymbol(symbol).kind !== "equity") {
    return { cik: null, why: null };
  }
  try {
    const hit = await (await ctx.provider("filings_a")).lookupTicker(symbol);
    return { cik: String(hit.cik).padStart(10, "0"), why: null, title: hit.title };
  } catch (err) {
    return { cik: null, why: `cik: ${err instanceof FinanceError ? err.message : String(err)}` };
  }
}

/** The SEC CIK of a ticker, or null with a warning (non-US listings have none). */
export async function secCik(ctx: Context, symbol: string): Promise<string | null> {
  const { cik, why } = await lookupCik(ctx, symbol);
  if (why) ctx.warn(why);
  return cik;
}
