/**
 * Yahoo's v7 quote without yahoo-finance2 and without zod: this project's handshake
 * (handshake.ts), one request, and a reading of the rows that accepts only plain values.
 *
 * It answers only what it can read completely, and then exactly what the yahoo-finance2 path
 * (Client.quotes, schemas.ts `quoteRow`) reads from the same answer. Anything else (a handshake
 * step it does not recognise, a non-200, an error object, a field that is not a plain string or
 * number, a time that yahoo-finance2 would turn into a Date and back with another value) makes
 * it return null, and the caller takes the yahoo-finance2 path, which then gives the answer or
 * the error as before. Tests run both paths over every recorded quote.
 */
import type { ProviderEnv } from "../../core/provider.ts";
import type { QuoteRow } from "./schemas.ts";
import { cacheFor } from "./fetch.ts";
import { YAHOO_USER_AGENT, yahooHandshake } from "./handshake.ts";

const QUOTE_URL = "https://query2.finance.yahoo.com/v7/finance/quote";

/** Fields read as text: absent or a string (`currency` may also be null). */
const TEXT = [
  "longName",
  "shortName",
  "quoteType",
  "exchange",
  "fullExchangeName",
  "marketState",
] as const;
const TEXT_OR_NULL = ["currency", "financialCurrency"] as const;

/** Fields read as numbers: absent, null or a number (non-finite reads as null). */
const NUMBERS = [
  "regularMarketPrice",
  "regularMarketChange",
  "regularMarketChangePercent",
  "regularMarketPreviousClose",
  "regularMarketOpen",
  "regularMarketDayHigh",
  "regularMarketDayLow",
  "regularMarketVolume",
  "marketCap",
  "sharesOutstanding",
  "trailingPE",
  "forwardPE",
  "priceToBook",
  "epsTrailingTwelveMonths",
  "epsForward",
  "bookValue",
  "fiftyTwoWeekHigh",
  "fiftyTwoWeekLow",
  "averageDailyVolume3Month",
  "dividendYield",
  "preMarketPrice",
  "preMarketChange",
  "preMarketChangePercent",
  "postMarketPrice",
  "postMarketChange",
  "postMarketChangePercent",
] as const;

/** Fields read as epoch seconds (yahoo-finance2 turns them into Dates, read back). */
const TIMES = ["regularMarketTime", "preMarketTime", "postMarketTime"] as const;

/** Largest epoch second a Date holds (8.64e15 ms). */
const MAX_EPOCH_SECONDS = 8.64e12;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * One row as `quoteRow` reads it, or null when the row holds anything but plain values in the
 * fields read (yahoo-finance2 coerces such values first; the ordinary path decides those).
 */
export function plainQuoteRow(raw: unknown): QuoteRow | null {
  if (!isRecord(raw) || typeof raw.symbol !== "string") return null;
  const out: Record<string, unknown> = { ...raw };
  for (const key of TEXT) {
    if (raw[key] !== undefined && typeof raw[key] !== "string") return null;
  }
  for (const key of TEXT_OR_NULL) {
    const v = raw[key];
    if (v !== undefined && v !== null && typeof v !== "string") return null;
  }
  for (const key of NUMBERS) {
    const v = raw[key];
    if (v === undefined || v === null) out[key] = null;
    else if (typeof v === "number") out[key] = Number.isFinite(v) ? v : null;
    else return null;
  }
  // yahoo-finance2 turns seconds into a Date and the schema reads the Date back: equal only for
  // whole seconds a Date can hold
  for (const key of TIMES) {
    const t = raw[key];
    if (t === undefined || t === null) out[key] = null;
    else if (!Number.isSafeInteger(t) || Math.abs(t as number) > MAX_EPOCH_SECONDS) return null;
  }
  return out as QuoteRow;
}

/** The rows of a v7 quote body, as Client.quotes returns them; null when not all are plain. */
export function plainQuoteRows(body: unknown): QuoteRow[] | null {
  if (!isRecord(body) || !isRecord(body.quoteResponse)) return null;
  const { result, error } = body.quoteResponse;
  if ((error !== undefined && error !== null) || !Array.isArray(result)) return null;
  const rows: QuoteRow[] = [];
  for (const raw of result) {
    // yahoo-finance2 drops delisted symbols
    if (isRecord(raw) && raw.quoteType === "NONE") continue;
    const row = plainQuoteRow(raw);
    if (!row) return null;
    rows.push(row);
  }
  return rows;
}

/**
 * Quotes of `symbols` by a direct request, or null when anything on the way is not what this
 * path knows (the caller then asks through yahoo-finance2). Never throws, except when the call
 * was cancelled.
 */
export async function directQuoteRows(
  env: ProviderEnv,
  symbols: string[],
): Promise<QuoteRow[] | null> {
  try {
    const { crumb, jar } = await yahooHandshake(env);
    // the order yahoo-finance2 writes them in, so both paths share cache entries
    const url = new URL(
      `${QUOTE_URL}?${new URLSearchParams({ symbols: symbols.join(","), crumb })}`,
    );
    const cookie = jar.header(url);
    const res = await env.http.request({
      provider: "market_a",
      url: url.href,
      headers: { "user-agent": YAHOO_USER_AGENT, ...(cookie ? { cookie } : {}) },
      cache: cacheFor(url, env.clock.now().getTime()),
      retries: 0,
      signal: env.signal,
      timeoutMs: 30_000,
    });
    if (res.status !== 200) return null;
    return plainQuoteRows(res.json());
  } catch (err) {
    if (env.signal?.aborted) throw err;
    return null;
  }
}
