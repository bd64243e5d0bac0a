import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { answeredAt, SOURCE_URLS_HELP, withSourceUrls } from "../market/_sources.ts";
import { ticker } from "../../core/schema.ts";
import type { Context } from "../../core/context.ts";
import { ProviderError } from "../../core/errors.ts";
import { otherFiler, sameName } from "../../analysis/market/snapshot_cik.ts";
import { profileFieldsShape } from "../../analysis/market/snapshot.ts";

const s = z.string().nullable();

/**
 * The CIK SEC gives the ticker, when SEC's name for that filer shares a word with Yahoo's name of
 * the listing; else null with a warning: a ticker passes to another company after a delisting or
 * a rename, and SEC's list and Yahoo's need not have moved together.
 */
async function sameCompany(
  ctx: Context,
  symbol: string,
  cik: string,
  name: string,
): Promise<string | null> {
  const title = await (await ctx.provider("filings_a")).lookupTicker(symbol).then(
    (h) => h.title,
    () => null,
  );
  if (!title) return cik;
  if (sameName(name, title)) return cik;
  ctx.warn(otherFiler(symbol, cik, title, name));
  return null;
}

export default defineCommand({
  name: "symbol.profile",
  summary: "Company profile: name, sector, industry, website, CIK",
  description:
    "Who the company is: name, sector and industry (with the keys sector.* and industry.* " +
    "accept), business description, address, employees, website, investor-relations site and " +
    "SEC CIK (US tickers: the issuer's, which its share classes share, BRK-A and BRK-B, GOOG " +
    "and GOOGL; null with a warning when SEC's filer of the ticker is not the company Yahoo " +
    "names, as after a delisting or rename). No prices: use symbol.snapshot for price, market cap and valuation. " +
    "When Yahoo has no assetProfile for a listing (funds, some foreign listings) the name " +
    "still comes from quoteType (or the quote) and a warning names the missing fields.",
  usage: "finance symbol.profile SYMBOL",
  side_effects: "network_read_only",
  auth_required: "optional_environment_or_public_provider",
  citation_fields: ["symbol", "source", "provider", "source_urls"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker().describe("Ticker as the exchange lists it (AAPL, BRK-B, SAP.DE)."),
  }),
  data: z.object({
    symbol: z.string(),
    provider_symbol: z.string(),
    company_name: s,
    ...profileFieldsShape,
    city: s,
    address: s,
    phone: s,
    employees: z.number().nullable(),
    description: s,
    cik: s,
    provider: z.string(),
    source: z.string(),
    source_urls: z.array(z.string()).describe(SOURCE_URLS_HELP),
    retrieved_at: z.string().nullable().describe(
      "When the answer was read (ISO 8601): the recording's time under replay, null when the recording carries no date.",
    ),
  }),
  examples: ["finance symbol.profile AAPL"],
  async run(args, ctx) {
    const { QUOTE_SOURCE, summarySchema, yahooSummary, SUMMARY_SOURCE, yahooQuoteRow } =
      await import(
        "../../analysis/market/company.ts"
      );
    const { profileFields } = await import("../../analysis/market/snapshot.ts");
    const { secCik } = await import("../../analysis/market/snapshot_cik.ts");
    const { canonicalSymbol } = await import("../../core/symbols.ts");
    const symbol = canonicalSymbol(args.symbol);
    const yf = await ctx.provider("market_a");
    const [sum, quoteType, cik] = await Promise.all([
      yahooSummary(ctx, symbol, ["assetProfile"]).then((s) => ({ s, error: null })).catch(
        (e: unknown) => {
          // only Yahoo's "not found" (404) means it keeps no profile: a failed request, a
          // handshake that did not complete or a missing recording is said as itself, not as
          // the symbol having none (the handshake's URL is another symbol's page)
          if (!(e instanceof ProviderError) || e.status !== 404) throw e;
          return { s: summarySchema.parse({}), error: e.message.replace(/^market_a: /, "") };
        },
      ),
      yf.summary(symbol, ["quoteType"]).catch(() => ({})),
      secCik(ctx, symbol),
    ]);
    const qt = (quoteType as {
      quoteType?: { longName?: string; shortName?: string; quoteType?: string };
    }).quoteType;
    // a "name" without a letter is Yahoo's placeholder, not the company's (ADH, delisted: "54688")
    let placeholder: string | null = null;
    const named = (n: string | null | undefined): string | null => {
      if (!n) return null;
      if (/\p{L}/u.test(n)) return n;
      placeholder ??= n;
      return null;
    };
    let name = named(qt?.longName ?? qt?.shortName);
    const modules = [...(sum.error ? [] : ["assetProfile"]), ...(name ? ["quoteType"] : [])];
    // a currency pair, cryptocurrency, future or index is no company: the fields left empty are
    // said to be so for that reason, not as data Yahoo lacks
    const { notACompany } = await import("../../analysis/market/company_only.ts");
    const kind = notACompany(symbol);
    if (kind) {
      ctx.warn(
        `${symbol} is ${kind}, not a company: sector, industry, address, phone, employees and ` +
          "SEC CIK do not apply to it" +
          (sum.s.assetProfile.longBusinessSummary || !sum.s.assetProfile.description
            ? ""
            : "; the description is Yahoo's text about it, and the supply, price and change it " +
              "states are of a date Yahoo does not give (market.quote has the current price)"),
      );
    }
    const { fundKind } = await import("../../analysis/market/fund.ts");
    const fund = kind ? null : fundKind(qt?.quoteType ?? null);
    let fromQuote = false;
    if (sum.error && !kind) {
      ctx.warn(
        `assetProfile has nothing for ${symbol} (${sum.error}): sector, industry, address, ` +
          "employees, website and description are missing",
      );
    }
    if (name === null) {
      // quoteType is missing too: the v7 quote still names most listings.
      // only its name is read here: the row's price notes are no part of a profile
      const row = await yahooQuoteRow(ctx, symbol).catch(() => null);
      name = named(row?.longName) ?? named(row?.shortName);
      fromQuote = name !== null;
    }
    const noName = placeholder === null ? "" : `Yahoo's only name for it is '${placeholder}', ` +
      "a placeholder, not a company name (Yahoo keeps such records for delisted listings)";
    if (sum.error && name === null) {
      throw new ProviderError(
        "market_a",
        `Yahoo has no profile for '${symbol}': ${sum.error}${noName ? `; ${noName}` : ""}`,
      );
    }
    if (name === null && noName) ctx.warn(`company_name: ${noName}`);
    const p = sum.s.assetProfile;
    const description = p.longBusinessSummary ?? (kind ? p.description : undefined) ?? null;
    const address2 = (p as { address2?: unknown }).address2;
    const cited = cik && name ? await sameCompany(ctx, symbol, cik, name) : cik;
    const profile = {
      symbol,
      provider_symbol: symbol,
      company_name: name,
      ...profileFields(sum.s),
      city: p.city ?? null,
      // address2 is part of the street address (BABA: "Yu Hang District"), not a second one
      address: [p.address1, typeof address2 === "string" ? address2 : null, p.city, p.state]
        .filter(Boolean).join(", ") || null,
      phone: p.phone ?? null,
      employees: p.fullTimeEmployees,
      description,
      cik: cited,
      provider: "market_a",
      source: [
        modules.length ? `${SUMMARY_SOURCE} modules ${modules.join(", ")}` : null,
        fromQuote ? `${QUOTE_SOURCE} (company name)` : null,
      ].filter(Boolean).join("; "),
      retrieved_at: answeredAt(ctx, (r) => r.provider === "market_a"),
    };
    // a fund is no operating company either: the company fields its assetProfile leaves empty
    // are said to be empty for that reason (it may still give its manager's address)
    const empty = Object.entries({
      sector: profile.sector,
      industry: profile.industry,
      address: profile.address,
      phone: profile.phone,
      employees: profile.employees,
    }).filter(([, v]) => v === null || v === undefined).map(([k]) => k);
    if (fund && !sum.error && empty.length) {
      ctx.warn(
        `${symbol} is ${fund} (Yahoo's quoteType ${qt!.quoteType}): ${empty.join(", ")} ` +
          `${
            empty.length === 1
              ? "is an operating company's field"
              : "are an operating company's fields"
          } ` +
          "and stay empty; symbol.snapshot shows the fund's own figures (net assets, NAV, yield, " +
          "fund family)",
      );
    }
    return withSourceUrls(profile, ctx);
  },
});
