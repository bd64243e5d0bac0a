/**
 * market.ohlcv's view: each symbol's bars under a line that says whose bars they are, how many,
 * from when to when, from which provider, in what currency and on which price basis, with the
 * splits, dividends and capital gains of the window and the URLs the bars were read from. The
 * tables are the generic view's (generic.ts): its units, its index points and its newest rows
 * when a series is long. Several symbols read one after another, each with its own heading.
 */
import { genericView } from "./generic.ts";
import { type Block, dateText, isRecord, type Rec, sourceUrls, str } from "./model.ts";

/** Bar sizes in words (the others are shown as they are given: 5m, 15m). */
const SIZES: Record<string, string> = {
  "1d": "daily",
  "1wk": "weekly",
  "1mo": "monthly",
  "1h": "hourly",
  "1m": "one-minute",
};

/** True for one market.ohlcv series (a symbol's bars with their provider and basis). */
function isSeries(v: unknown): v is Rec {
  return isRecord(v) && Array.isArray(v.rows) && typeof v.symbol === "string" &&
    typeof v.price_basis === "string";
}

export function ohlcvView(data: unknown): Block[] {
  if (isSeries(data)) return seriesBlocks(data);
  if (!isRecord(data) || !isRecord(data.symbols)) return [];
  const series = Object.values(data.symbols);
  if (!series.every(isSeries)) return [];
  const missing = Array.isArray(data.missing) ? data.missing.filter(isRecord) : [];
  const size = typeof data.timeframe === "string" ? SIZES[data.timeframe] ?? data.timeframe : "";
  const blocks: Block[] = [{
    kind: "title",
    text: `${size} bars of ${series.length} symbol${series.length === 1 ? "" : "s"} (${
      series.map((s) => s.symbol).join(", ")
    })${missing.length ? `; ${missing.length} not served` : ""}`.replace(
      /^./,
      (c) => c.toUpperCase(),
    ),
  }];
  if (missing.length) {
    blocks.push({
      kind: "note",
      text: `Not served: ${
        missing.map((m) => `${str(m.symbol) ?? "?"} (${str(m.error) ?? "no reason given"})`)
          .join("; ")
      }`,
    });
  }
  for (const s of series) blocks.push(...seriesBlocks(s));
  return blocks;
}

/** One symbol's heading, its facts, its tables and its source. */
function seriesBlocks(s: Rec): Block[] {
  const rows = (s.rows as unknown[]).filter(isRecord);
  const symbol = String(s.symbol);
  const size = typeof s.timeframe === "string" ? SIZES[s.timeframe] ?? s.timeframe : "";
  const first = str(rows[0]?.date);
  const last = str(rows.at(-1)?.date);
  const title = rows.length
    ? `${symbol}: ${rows.length} ${size} bar${rows.length === 1 ? "" : "s"}, ${first} to ${last}`
    : `${symbol}: no ${size} bars from ${str(s.start_date) ?? "?"} to ${str(s.end_date) ?? "?"}`;
  const provider = [
    str(s.provider),
    str(s.source) ? `: ${s.source}` : "",
    str(s.provider_symbol) && s.provider_symbol !== symbol ? `, as ${s.provider_symbol}` : "",
  ].join("");
  const splits = Array.isArray(s.splits) ? s.splits.length : 0;
  const dividends = Array.isArray(s.dividends) ? s.dividends.length : 0;
  const gains = Array.isArray(s.capital_gains) ? s.capital_gains.length : 0;
  const unreported = s.splits === null && s.dividends === null;
  const events = [
    splits && `${splits} split${splits === 1 ? "" : "s"}`,
    dividends && `${dividends} dividend${dividends === 1 ? "" : "s"}`,
    gains && `${gains} capital gain distribution${gains === 1 ? "" : "s"}`,
  ].filter(Boolean);
  const fields: [string, string][] = [
    ["provider", provider || "—"],
    ["prices", `${pricedIn(s)}; ${s.price_basis}`],
    ["asked", `${str(s.start_date) ?? "?"} to ${str(s.end_date) ?? "?"}`],
    [
      "events",
      events.length
        ? `${events.join(", ")} in the window (below)`
        : unreported
        ? notReported(s)
        : "no splits or dividends in the window",
    ],
    [
      "retrieved",
      str(s.retrieved_at) ? dateText(String(s.retrieved_at)) : "unknown (the warnings say why)",
    ],
  ];
  // the tables as the generic view lays them out (units, index points, newest rows first cut)
  const tables = genericView({
    currency: s.currency,
    price_basis: s.price_basis,
    rows,
    ...(splits ? { splits: s.splits } : {}),
    ...(dividends ? { dividends: s.dividends } : {}),
    ...(gains ? { capital_gains: s.capital_gains } : {}),
    ...(Array.isArray(s.attempts) && s.attempts.length ? { attempts: s.attempts } : {}),
  }).filter((b) => b.kind !== "fields").map((b) =>
    b.kind === "table" && b.caption?.startsWith("rows (")
      ? { ...b, caption: `${symbol} bars ${b.caption.slice(5)}` }
      : b
  );
  const urls = sourceUrls(s);
  return [
    { kind: "title", text: title },
    { kind: "fields", rows: fields },
    ...tables,
    {
      kind: "note",
      text: urls.length ? [`Source of ${symbol}:`, ...urls].join("\n") : `Source of ${symbol}: —`,
    },
  ];
}

/** Why a provider's bars come without events, in words: null splits and dividends. */
const UNREPORTED: Record<string, string> = {
  stooq:
    "not reported by Stooq (its bars are adjusted for splits and dividends, so neither shows in the prices)",
  broker_a: "not reported by Alpaca (its bars are adjusted for splits, not for dividends)",
};

/** Splits and dividends the provider does not report: never "none in the window". */
function notReported(s: Rec): string {
  return UNREPORTED[String(s.provider)] ??
    `not reported by ${str(s.provider) ?? "the provider"} (its bars carry no splits or dividends)`;
}

/** What the prices are counted in: the currency, or an index's points. */
function pricedIn(s: Rec): string {
  if (str(s.currency)) return `in ${s.currency}`;
  const market = str(s.market_currency);
  return `no currency (index points or a future's points)${
    market ? `; the market's currency is ${market}` : ""
  }`;
}
