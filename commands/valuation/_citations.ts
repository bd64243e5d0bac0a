/**
 * The citations of valuation.multiples and valuation.scenario: the Yahoo URLs their figures were
 * read from (the call's own record of answered requests, without keys, tokens or crumbs), split
 * into the exchange rates' and the rest, with the time they were read.
 */
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { isHandshake, sourceUrls } from "../market/_sources.ts";

/** One group of figures and where they were read. */
export const citationShape = z.object({
  fields: z.string().describe("The fields of this answer the source gave."),
  provider: z.string().describe("Provider key (market_a), or user_input for your assumptions."),
  source: z.string(),
  urls: z.array(z.string()).describe(
    "The URLs these fields were read from, as requested (keys and session tokens removed).",
  ),
});

export type Citation = z.infer<typeof citationShape>;

/** What the market-data requests of a call were, by what they were for. */
export interface MarketReads {
  /** Every data URL read, each once at its latest request (newest last). */
  all: string[];
  /** Those not naming an exchange-rate symbol: the snapshot's. */
  figures: string[];
  /** The URLs naming each exchange-rate symbol (`EURUSD=X`). */
  fx: Map<string, string[]>;
  /** When the newest answer came (the session's clock), or null without a request. */
  retrieved_at: string | null;
}

/** True when `url`, unescaped, names the Yahoo symbol (`EURUSD=X`, which holds an `=`). */
function names(url: string, symbol: string): boolean {
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // a malformed escape: compare the URL as it is
  }
  return text.toUpperCase().includes(symbol.toUpperCase());
}

/** The market_a data URLs this call read, the exchange rates' apart. */
export function marketReads(ctx: Context, fxSymbols: string[]): MarketReads {
  const market = (r: { provider: string }) => r.provider === "market_a";
  const all = sourceUrls(ctx, market);
  const reqs = ctx.requested().filter((r) => market(r) && !isHandshake(r.url));
  const fx = new Map(fxSymbols.map((s) => [s, all.filter((u) => names(u, s))]));
  const figures = all.filter((u) => !fxSymbols.some((s) => names(u, s)));
  return { all, figures, fx, retrieved_at: reqs.at(-1)?.retrieved_at ?? null };
}
