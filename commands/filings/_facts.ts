/** What filings.facts and filings.history share: a company's facts, indexed, and citations. */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import type { CompanyFacts } from "../../providers/filings_a/facts.ts";
import type { FilingIndex } from "../../analysis/filings/facts.ts";

/** A unit as SEC writes it: USD, EUR, shares, pure, USD/shares (frames' USD-per-shares too). */
export const xbrlUnit = z.string().trim().max(40).regex(
  /^[A-Za-z][A-Za-z0-9]*(?:[/-][A-Za-z0-9]+)*$/,
  "expected a unit as SEC writes it, such as USD, EUR, shares or USD/shares",
);

/** A filing that reported a value: the citation every fact carries. */
export const reportSchema = z.object({
  value: z.number(),
  accession_no: z.string(),
  form: z.string(),
  filed: z.string(),
  url: z.string(),
});

/** Loads a company's facts and the index of its filings' own periods. */
export async function loadFacts(
  ctx: Context,
  symbol: string,
): Promise<
  { cik: number; facts: CompanyFacts; filings: FilingIndex; urlOf: (a: string) => string }
> {
  const client = await ctx.provider("filings_a");
  const { companyFacts, factFilingUrl } = await import("../../providers/filings_a/facts.ts");
  const { filingPeriods } = await import("../../analysis/filings/facts.ts");
  const { cik } = await client.lookupCompany(symbol);
  const facts = await companyFacts(client, cik);
  const all = function* () {
    for (const taxonomy of ["us-gaap", "ifrs-full"]) {
      for (const concept of Object.values(facts.taxonomies[taxonomy] ?? {})) {
        yield* Object.values(concept.units);
      }
    }
  };
  return { cik, facts, filings: filingPeriods(all()), urlOf: (a) => factFilingUrl(cik, a) };
}
