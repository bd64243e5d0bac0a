/** What filings.facts and filings.history share: a company's facts, indexed, and citations. */
import { z } from "zod";
import { InputError } from "../../core/errors.ts";
import type { Context } from "../../core/context.ts";
import type { CompanyFacts } from "../../providers/filings_a/facts.ts";
import type { FilingIndex } from "../../analysis/filings/facts.ts";

/** A unit as SEC writes it: USD, EUR, shares, pure, USD/shares (frames' USD-per-shares too). */
export const xbrlUnit = z.string().trim().max(40).regex(
  /^[A-Za-z][A-Za-z0-9]*(?:[/-][A-Za-z0-9]+)*$/,
  "expected a unit as SEC writes it, such as USD, EUR, shares or USD/shares",
).transform(unitAsSecWritesIt);

/**
 * SEC's spelling of a unit typed in another case: usd → USD, eur/shares → EUR/shares,
 * SHARES → shares, Pure → pure (SEC's unit names are case-sensitive, people's typing is not).
 */
export function unitAsSecWritesIt(unit: string): string {
  if (/^(shares|pure)$/i.test(unit)) return unit.toLowerCase();
  const m = /^([a-z]{3})(\/shares)?$/i.exec(unit);
  return m ? `${m[1].toUpperCase()}${m[2] ? "/shares" : ""}` : unit;
}

/** A filing that reported a value: the citation every fact carries. */
export const reportSchema = z.object({
  value: z.number(),
  accession_no: z.string(),
  form: z.string(),
  filed: z.string(),
  url: z.string(),
  tag: z.string().optional().describe(
    "The tag this filing reported the value under, when another than the row's tag (a company's earlier tag for the same quantity, e.g. SalesRevenueNet before Revenues).",
  ),
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

/**
 * A concept written with its taxonomy's prefix, as XBRL and filings.statement write it
 * ("us-gaap:NetIncomeLoss", "dei:EntityCommonStockSharesOutstanding"): the tag and its taxonomy.
 * A prefix that is no taxonomy SEC's facts carry (a company's own, "aapl:…") or one that
 * contradicts taxonomy= is an InputError; a concept without a prefix comes back as it is.
 */
export function splitConcept(
  concept: string,
  taxonomy: string | undefined,
  known: readonly string[],
  taxonomyDefault?: string,
): { concept: string; taxonomy: string | undefined } {
  const m = /^([A-Za-z][\w.-]*):([A-Za-z]\w*)$/.exec(concept);
  if (!m) return { concept, taxonomy };
  const prefix = m[1].toLowerCase();
  if (!known.includes(prefix)) {
    throw new InputError(
      `concept: "${concept}" has the prefix ${
        m[1]
      }, which is none of the taxonomies SEC's XBRL data API serves (${
        known.join(", ")
      }): a company's own (extension) concept is not in it; read it in one filing with filings.statement or filings.report, or pass a standard tag (e.g. us-gaap:Revenues)`,
    );
  }
  if (taxonomy && taxonomy !== prefix && taxonomy !== taxonomyDefault) {
    throw new InputError(
      `concept: "${concept}" is a ${prefix} tag, but taxonomy=${taxonomy} was given; pass one of them, or both the same`,
    );
  }
  return { concept: m[2], taxonomy: prefix };
}
