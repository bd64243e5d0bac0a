/**
 * Which call a transcript command was asked for: the quarter= text, and, when the call is named
 * by its address, whether the symbol= and quarter= given beside it fit the call found there.
 */
import type { Context } from "../../core/context.ts";
import { FinanceError, InputError, UsageError } from "../../core/errors.ts";
import { quarterMatch } from "../../providers/transcripts_a/fool.ts";
import type { LoadedTranscript } from "./_load.ts";

/**
 * `Q4 2024`, `q4-2024`, `2024Q4`, `4Q24`, `Q4 FY24`, `Q1'25`, `Q4`, `FY2024 Q4` → {q, year} for
 * exact comparison. "4Q24" is the fourth quarter of 2024, never a second quarter ("Q2" inside it).
 */
export function quarterQuery(text: string): { q: string | null; year: string | null } {
  const named = quarterMatch(text);
  const parts = named ? /^Q([1-4]) (\d{4})$/.exec(named.quarter) : null;
  if (parts) return { q: parts[1], year: parts[2] };
  const t = text.toUpperCase();
  return {
    q: /(?:^|[^A-Z0-9])Q([1-4])(?![0-9])/.exec(t)?.[1] ??
      /(?:^|[^0-9])([1-4])Q(?![A-Z])/.exec(t)?.[1] ?? null,
    year: /((?:19|20)\d{2})/.exec(t)?.[1] ?? null,
  };
}

/**
 * The quarter= asked: a quarter with its year as quarterQuery reads one, or a quarter alone
 * ("Q4", "4Q") or a year alone ("2024", "FY2024"); anything else (Q5 2025, "Q3 2O25") is refused
 * rather than read in part, which would pick a call of another quarter or year.
 */
export function askedQuarter(text: string): { q: string | null; year: string | null } {
  const t = text.trim();
  if (quarterMatch(t)) return quarterQuery(t);
  // "Q2 25" as "4Q24" and "Q1'25" are: a two-digit year is this century's
  const spaced = /^q([1-4])[\s-]+(\d{2})$/i.exec(t);
  if (spaced) return { q: spaced[1], year: `20${spaced[2]}` };
  const alone = /^(?:q([1-4])|([1-4])q)$/i.exec(t);
  if (alone) return { q: alone[1] ?? alone[2], year: null };
  const year = /^(?:fy|fiscal(?: year)?)?\s*'?((?:19|20)\d{2})$/i.exec(t);
  if (year) return { q: null, year: year[1] };
  throw new UsageError(
    `quarter="${text}" is not a quarter; use latest, Q4, Q4 2024, 2024Q4, Q4 24 or a year (2024)`,
  );
}

/**
 * One company's ticker: BRK.B, brk-b and BRK/B, and BRK.A beside BRK.B (a call is the company's,
 * whichever class of its shares the title names).
 */
const sameTicker = (a: string, b: string) => {
  const root = (t: string) => t.toUpperCase().replace(/[./-][A-Z]$/, "");
  return root(a) === root(b);
};

/**
 * The ticker a transcript names itself by: "(NVDA)" or "(NASDAQ: NVDA)" before the quarter or
 * "Earnings" in its title, else the ticker in a Motley Fool address
 * (…/example-software-exsw-q3-2025-earnings-call-transcript/); null when neither says.
 */
export function transcriptTicker(title: string | null, url: string): string | null {
  const inTitle =
    /\((?:(?:NASDAQ|NYSE|NYSEMKT|NYSE American|AMEX|OTC|TSX|LSE)\s*:\s*)?([A-Z][A-Z0-9]{0,5}(?:[.-][A-Z])?)\)\s*(?:Q[1-4]|[1-4]Q|FY|F?\d{4}|First|Second|Third|Fourth|Full|Earnings|Conference)/
      .exec(title ?? "");
  if (inTitle) return inTitle[1];
  const slug =
    /fool\.com\/earnings\/call-transcripts\/\d{4}\/\d{2}\/\d{2}\/[a-z0-9-]*?-([a-z]{1,5})-q[1-4]-\d{4}-earnings/i
      .exec(url);
  return slug ? slug[1].toUpperCase() : null;
}

/**
 * A call named by its address must be the call symbol= and quarter= say, when they are given:
 * NVIDIA's call read under symbol=AAPL (its figures then cited as Apple's), or a Q3 call under
 * quarter=Q1 2020, is refused; a call whose page names no ticker or quarter is said unchecked.
 */
export function checkAddressed(
  args: { symbol?: string; quarter?: string },
  loaded: LoadedTranscript,
  addressArg: string,
  ctx: Context,
): void {
  const { meta } = loaded;
  if (args.symbol) {
    const named = transcriptTicker(meta.title, meta.url);
    if (named && !sameTicker(named, args.symbol)) {
      throw new FinanceError(
        `${addressArg}= holds a call of ${named} (${
          meta.title ? `titled "${meta.title.slice(0, 100)}"` : meta.url
        }), not of ${args.symbol.toUpperCase()}: pass symbol=${named}, or the address of a ${args.symbol.toUpperCase()} call`,
      );
    }
  }
  const wanted = args.quarter?.trim().toLowerCase();
  if (!wanted || wanted === "latest") return;
  const asked = askedQuarter(args.quarter!);
  if (!meta.quarter) {
    ctx.warn(
      `quarter=${args.quarter} could not be checked: the transcript at ${meta.url} names no quarter; quarter= picks a call only when searching by ticker`,
    );
    return;
  }
  const got = quarterQuery(meta.quarter);
  if ((asked.q && got.q !== asked.q) || (asked.year && got.year !== asked.year)) {
    throw new FinanceError(
      `${addressArg}= holds the ${meta.quarter} call, not the ${args.quarter} asked: drop quarter= (it picks a call only when searching by ticker), or pass the address of the ${args.quarter} call`,
    );
  }
}

/**
 * Motley Fool lists calls of US listings only: a ticker with an exchange suffix (7203.T, VOD.L,
 * SAP.DE) is refused with what to give instead, rather than searched as letters it is not (the
 * answer would be "no transcripts", read as "the company holds no calls").
 */
export async function refuseForeignListing(symbol: string): Promise<void> {
  const { parseSymbol } = await import("../../core/symbols.ts");
  const { notACompany } = await import("../../analysis/market/company_only.ts");
  // a pair, a coin, a contract or an index holds no earnings calls to search for
  const what = notACompany(symbol);
  if (what) {
    throw new InputError(
      `symbol: ${symbol.trim().toUpperCase()} is ${what}, which holds no earnings calls; give a company's ticker, or pass source= with a saved transcript`,
    );
  }
  let suffix: string | null = null;
  try {
    suffix = parseSymbol(symbol).suffix;
  } catch {
    return; // the ticker schema has let it through; the search says what it finds
  }
  if (!suffix) return;
  const root = symbol.trim().toUpperCase().slice(0, -(suffix.length + 1));
  throw new InputError(
    `symbol: ${symbol.trim().toUpperCase()} is a listing on a non-US exchange (suffix .${suffix}); transcript search (Motley Fool) covers US listings only: give the company's US ticker if it has one (an ADR, e.g. TM for 7203.T${
      /^[A-Z]+$/.test(root) ? `, or ${root} if that is its US line` : ""
    }), or pass source= with a saved transcript`,
  );
}
