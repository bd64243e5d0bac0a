/**
 * Symbols that name no company: a currency pair, a cryptocurrency, a futures contract or an index
 * has no statements, earnings calls or filings to ask a provider for, and asking gives an empty
 * answer that reads as "the company has none".
 */
import { parseSymbol } from "../../core/symbols.ts";

const NOT_A_COMPANY: Partial<Record<string, string>> = {
  fx: "a currency pair",
  crypto: "a cryptocurrency",
  future: "a futures contract",
  index: "an index",
};

/** What `symbol` is in words when it is no company's ticker (`a cryptocurrency`), else null. */
export function notACompany(symbol: string): string | null {
  try {
    return NOT_A_COMPANY[parseSymbol(symbol).kind] ?? null;
  } catch {
    return null; // not read as a symbol at all: the provider's answer says what it finds
  }
}
