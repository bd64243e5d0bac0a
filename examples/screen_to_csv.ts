/**
 * A `deno task` script: run a predefined screen, pull the latest annual income statement of each
 * hit from SEC EDGAR, and write one CSV row per company with the figures and their citations.
 * Every amount is written in full (the XBRL value as filed: 1200000000, never 1200 meaning
 * millions) beside its currency: price in the listing's quote currency (GBp for pence),
 * market_cap in its major unit, revenue and net_income in the statement's unit.
 *
 *   deno task example:screen [screen=day_gainers] [count=5] [out=screen.csv]
 *
 * Offline, replay recorded responses: FINANCE_REPLAY=dir1:dir2 deno task example:screen
 */
import { finance } from "../mod.ts";
// the sheet writer of `--output csv`: a provider's name or an error that starts like a formula
// (=, +, -, @) is written as text no spreadsheet runs, and control characters are replaced
import { delimited } from "../adapters/render.ts";

const opts = Object.fromEntries(Deno.args.map((a) => a.split("=", 2) as [string, string]));
const screen = opts.screen ?? "day_gainers";
const count = Number(opts.count ?? 5);
const out = opts.out ?? "screen.csv";

const hits = await finance("screen.run", {
  query: screen,
  count,
});
if (!hits.ok) {
  console.error(`screen.run failed: ${hits.error}`);
  Deno.exit(1);
}

const CONCEPTS: Record<string, string[]> = {
  revenue: ["Revenues", "RevenueFromContractWithCustomerExcludingAssessedTax", "SalesRevenueNet"],
  net_income: ["NetIncomeLoss"],
};
const header = [
  "symbol",
  "name",
  "price",
  "market_cap",
  "period",
  "revenue",
  "net_income",
  "unit",
  "price_currency",
  "market_cap_currency",
  "form",
  "accession_no",
  "filing_url",
  "error",
];
const records: Record<string, unknown>[] = [];
/** One sheet row: the header's fields in order, each value given or empty. */
const row = (values: unknown[]) =>
  records.push(Object.fromEntries(header.map((k, i) => [k, values[i] ?? null])));

for (const hit of hits.data.quotes) {
  const st = await finance("filings.statement", {
    symbol: hit.symbol,
    statement: "income",
  });
  const base = [hit.symbol, hit.name, hit.price, hit.market_cap];
  const currencies = [hit.currency, hit.market_cap_currency];
  if (!st.ok) {
    row([...base, null, null, null, null, ...currencies, null, null, null, st.error]);
    continue;
  }
  const { periods, rows, filing } = st.data;
  const period = periods.find((p) => p.includes(" to ")) ?? periods[0];
  const pick = (names: string[]) =>
    // the company's total (no segment axis), by the concept's exact name
    rows.find((r) => !r.axis && names.includes(r.concept.split(":").pop()!))?.values[period];
  const revenue = pick(CONCEPTS.revenue);
  const income = pick(CONCEPTS.net_income);
  row([
    ...base,
    period,
    // the full value as filed, not `reported` (in the statement's scale, 1200 for $1.2B)
    revenue?.raw,
    income?.raw,
    revenue?.unit ?? income?.unit,
    ...currencies,
    filing.form,
    filing.accession_no,
    filing.filing_url,
    null,
  ]);
}

// no hit: the header alone, so the file still says what its columns are
const sheet = records.length ? delimited(records, ",") : header.join(",");
await Deno.writeTextFile(out, sheet + "\n");
console.log(`wrote ${records.length} rows to ${out} (screen ${screen}, ${hits.data.source})`);
