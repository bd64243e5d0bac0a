/**
 * market.regime's view: the regime with the readings it rests on (the index's trend, breadth and
 * volatility), each with its value and what it counts, and its sheet rows for csv.
 */
import {
  type Block,
  type Cell,
  formatNumber,
  isRecord,
  money,
  num,
  percent,
  type Rec,
  rec,
  recs,
  sourceUrls,
  str,
  twoDecimals,
} from "./model.ts";

/** market.regime: the call, each signal with the figures it read, then every input. */
export function regimeView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.signals)) return [];
  const signals = recs(data.signals);
  const bars = num(data.lookback_bars);
  const rows: Cell[][] = signals.map((s) => [
    { text: String(s.name) },
    { text: String(s.value) },
    { text: String(s.direction) },
    { text: reading(s, bars) },
  ]);
  // each benchmark once, with the signals that read it
  const inputs = new Map<string, { stats: Rec; used: string[] }>();
  for (const s of signals) {
    const of = Array.isArray(s.inputs) ? recs(s.inputs) : isRecord(s.inputs) ? [s.inputs] : [];
    for (const i of of) {
      const key = String(i.symbol);
      const seen = inputs.get(key) ?? { stats: i, used: [] };
      seen.used.push(String(s.name));
      inputs.set(key, seen);
    }
  }
  const all = [...inputs.values()];
  const currencies = new Set(all.map(({ stats }) => str(stats.currency) ?? "?"));
  const one = currencies.size === 1 && !currencies.has("?") ? [...currencies][0] : null;
  const price = (v: unknown, i: Rec) => money(num(v), one ? null : str(i.currency));
  const avg = (v: unknown, above: unknown, i: Rec, n?: unknown) =>
    num(v) === undefined
      ? `— (${n ?? "too few"} bars)`
      : `${price(v, i)} ${above === true ? "above" : above === false ? "below" : ""}`.trim();
  const inputRows: Cell[][] = all.map(({ stats: i, used }) => [
    { text: String(i.symbol) },
    { text: str(i.provider) ?? "" },
    { text: str(i.last_date) ?? "" },
    { text: price(i.last_close, i), number: true },
    {
      text: `${percent(num(i.return_pct))}${
        num(i.lookback_bars) !== undefined && i.lookback_bars !== bars
          ? ` (${i.lookback_bars} bars)`
          : ""
      }`,
      number: true,
    },
    { text: avg(i.sma_50, i.above_sma_50, i), number: true },
    { text: avg(i.sma_200, i.above_sma_200, i, i.sma_200_bars), number: true },
    { text: used.join(", ") },
  ]);
  return [
    {
      kind: "title",
      text: `Market regime ${data.market}: ${data.regime}, confidence ${
        num(data.confidence) === undefined ? "—" : twoDecimals(num(data.confidence)!)
      } (${data.timeframe}: returns over ${data.lookback_bars} bars), as of ${data.as_of}`,
    },
    {
      kind: "table",
      caption: "Signals",
      columns: [
        { name: "signal" },
        { name: "value" },
        { name: "direction" },
        { name: "what it read", wrap: true },
      ],
      rows,
    },
    inputRows.length
      ? {
        kind: "table",
        caption: `Inputs: daily adjusted closes${
          one ? ` in ${one}` : ""
        }, the last against each average`,
        columns: [
          { name: "symbol" },
          { name: "provider" },
          { name: "last bar" },
          { name: "adj. close", number: true },
          { name: `return,\n${bars ?? "?"} bars`, number: true },
          { name: "50-day\naverage", number: true },
          { name: "200-day\naverage", number: true },
          { name: "used by", wrap: true },
        ],
        rows: inputRows,
      }
      : { kind: "note", text: "no inputs: no benchmark had bars" },
    {
      kind: "note",
      text: [`Rules: ${data.rules}`, `Source: ${data.source}`, ...sourceUrls(data)].join("\n"),
    },
  ];
}

/**
 * market.regime as a sheet: one row per signal and input it read (the trend's SPY, each
 * breadth benchmark; the VIX signal has its close and thresholds), with the call beside it.
 */
export function regimeSheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.signals)) return null;
  return recs(data.signals).flatMap((s) => {
    const { inputs, ...own } = s;
    const of = Array.isArray(inputs) ? recs(inputs) : isRecord(inputs) ? [inputs] : [];
    const head = { regime: data.regime, confidence: data.confidence, as_of: data.as_of };
    return (of.length ? of : [null]).map((i) => ({ ...head, ...own, ...(i ? { inputs: i } : {}) }));
  });
}

/** One signal's reading in words, with its numbers. */
function reading(s: Rec, bars: number | undefined): string {
  if (s.name === "breadth") {
    const t = num(s.total_benchmarks) ?? 0;
    const names = recs(s.inputs).filter((i) =>
      i.above_sma_50 !== null && i.above_sma_50 !== undefined
    )
      .map((i) => String(i.symbol));
    // a benchmark with fewer bars than the lookback was read over the bars it has: said here
    // with the bars each read, not only in the inputs below
    const short = recs(s.inputs).filter((i) =>
      num(i.lookback_bars) !== undefined && bars !== undefined && i.lookback_bars !== bars
    ).map((i) => `${i.symbol} ${i.lookback_bars}`);
    const over = short.length
      ? `over fewer bars than the ${bars} asked (${short.join(", ")})`
      : `over ${bars ?? "the lookback"} bars`;
    return `${s.positive_benchmark_count ?? "—"} of ${t} benchmarks up ${over}, ${
      s.above_50dma_count ?? "—"
    } of ${t} above their 50-day average${names.length ? ` (${names.join(", ")})` : ""}`;
  }
  if (s.name === "volatility") {
    const th = rec(s.thresholds);
    return `${s.symbol ?? "VIX"} last close ${
      num(s.last_close) === undefined ? "— (no bars)" : formatNumber(num(s.last_close)!)
    }; contained below ${th.contained_below ?? "—"}, stressed from ${th.stressed_from ?? "—"}`;
  }
  const i = rec(s.inputs);
  const close = money(num(i.last_close), str(i.currency));
  return num(i.sma_200) === undefined
    ? `${s.symbol ?? i.symbol} adj. close ${close}; no 200-day average (${
      i.sma_200_bars ?? "?"
    } bars)`
    : `${s.symbol ?? i.symbol} adj. close ${close} vs 200-day average ${
      money(num(i.sma_200), str(i.currency))
    }`;
}
