/**
 * Invented companies whose company facts are shaped exactly as SEC's companyfacts answer
 * (tests/fixtures/filings/audit8_facts/CIK*.json): a 10-KT transition period, 52/53-week years,
 * a year end moved from March to December on a 10-K, a restated year, a 20-F filer moving from
 * US GAAP to IFRS, a reporting currency changed from EUR to USD, and a 4-for-1 split.
 */
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
export type Any = any;

const DIR = join(FIXTURES, "filings", "audit8_facts");

/** Ticker → CIK of the invented companies. */
export const TICKERS: Record<string, number> = {
  TRNS: 9990801, // December year end moved to July: a 7-month 10-KT
  WEEK: 9990802, // Saturday nearest September 30; FY2023 has 53 weeks
  MOVE: 9990803, // March year end moved to December: a 9-month transition on form 10-K
  RSTM: 9990804, // FY2022 restated by the FY2023 10-K
  IFRS: 9990805, // 20-F: US GAAP to FY2021, IFRS from FY2022
  CURR: 9990806, // 20-F: EUR to FY2021, USD from FY2022
  SPLT: 9990807, // 4-for-1 split between the FY2022 and FY2023 10-Ks
};

/** SEC's ticker list and companyfacts answers for the invented companies; 404 otherwise. */
export const fakeSec: typeof fetch = async (input) => {
  const url = String(input instanceof Request ? input.url : input);
  const json = (b: string) =>
    new Response(b, { status: 200, headers: { "content-type": "application/json" } });
  if (url.endsWith("/files/company_tickers.json")) {
    const list = Object.entries(TICKERS).map(([ticker, cik], i) => [
      String(i),
      { cik_str: cik, ticker, title: ticker },
    ]);
    return json(JSON.stringify(Object.fromEntries(list)));
  }
  const m = url.match(/\/companyfacts\/(CIK\d{10}\.json)$/);
  if (m) {
    try {
      return json(await Deno.readTextFile(join(DIR, m[1])));
    } catch {
      // not one of ours: SEC's 404
    }
  }
  return new Response("Not Found", { status: 404 });
};

/** Runs a command against the invented companies. */
export const call = (name: string, args: Record<string, unknown>) =>
  envelope<Any>(name, args, { fetch: fakeSec });

/** The company facts of one invented company, as SEC's JSON. */
export async function factsOf(ticker: string): Promise<Any> {
  const cik = String(TICKERS[ticker]).padStart(10, "0");
  return JSON.parse(await Deno.readTextFile(join(DIR, `CIK${cik}.json`)));
}

/** filings.history's data and warnings. */
export async function history(args: Record<string, unknown>) {
  const e = await call("filings.history", { years: 10, ...args });
  return { d: dataOf<Any>(e), w: e.warnings as string[] };
}

/** The cell of `key` in the column labelled or ending `col`. */
export function cellAt(d: Any, key: string, col: string): Any {
  const i = d.columns.findIndex((c: Any) => c.label === col || c.end === col);
  if (i < 0) throw new Error(`no column ${col}: ${d.columns.map((c: Any) => c.label)}`);
  return d.rows.find((r: Any) => r.key === key)?.cells[i];
}
