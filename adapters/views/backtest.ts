/**
 * Backtests and tunes: the summary first (return, CAGR, volatility, Sharpe, max drawdown,
 * trades, with units), then the trades or the best parameter sets, then the data's sources.
 */
import {
  type Block,
  type Cell,
  dateText,
  flatText,
  isRecord,
  money,
  num,
  percent,
  type Rec,
  rec,
  str,
  twoDecimals,
} from "./model.ts";

const ratio = (v: unknown) => (num(v) === undefined ? "—" : twoDecimals(num(v)!));

/** The summary metrics of one run, with units. */
export function metricsFields(m: Rec, currency?: string): [string, string][] {
  const rows: [string, string][] = [
    [
      "Total return",
      `${percent(num(m.total_return_pct))}  (benchmark ${
        percent(num(m.benchmark_return_pct))
      }, excess ${percent(num(m.excess_return_pct))})`,
    ],
    ["CAGR", percent(num(m.cagr_pct))],
    ["Volatility", `${percent(num(m.volatility_pct))} a year`],
    [
      // the ratios take no risk-free rate: 0%, said where the figure is read
      "Sharpe (risk-free 0%)",
      `${ratio(m.sharpe_ratio)}  (Sortino ${ratio(m.sortino_ratio)}, Calmar ${
        ratio(m.calmar_ratio)
      })`,
    ],
    [
      "Max drawdown",
      `${percent(num(m.max_drawdown_pct))}${
        str(m.max_drawdown_peak_date)
          ? `  (peak ${m.max_drawdown_peak_date}, trough ${m.max_drawdown_trough_date}, ${
            str(m.max_drawdown_recovery_date)
              ? `recovered ${m.max_drawdown_recovery_date}`
              : "not recovered"
          })`
          : ""
      }`,
    ],
    [
      "Trades",
      `${m.total_trades ?? "—"}  (${m.closed_trades ?? "—"} closed, win rate ${
        percent(num(m.win_rate_pct))
      }, profit factor ${ratio(m.profit_factor)})`,
    ],
    ["Exposure", `${percent(num(m.exposure_pct))} of bars invested`],
    ["Value", `${money(num(m.start_value), currency)} → ${money(num(m.end_value), currency)}`],
    ["Fees paid", money(num(m.total_fees_paid), currency)],
  ];
  return rows;
}

function header(config: Rec, data: Rec, kind: string): string {
  const symbols = Array.isArray(config.symbols) ? config.symbols.join(", ") : "";
  return `${kind} ${config.strategy} on ${symbols}, ${data.first_date ?? config.start_date} to ${
    data.last_date ?? config.end_date
  } (${data.bars ?? "?"} bar${data.bars === 1 ? "" : "s"} of ${config.timeframe ?? "1d"})`;
}

function costs(config: Rec, currency?: string): string {
  return [
    num(config.fees) !== undefined && `fees ${percent(num(config.fees)! * 100)} of value`,
    num(config.fixed_fees) && `plus ${money(num(config.fixed_fees), currency)} per order`,
    num(config.slippage) !== undefined && `slippage ${percent(num(config.slippage)! * 100)}`,
    str(config.fill) && `fill ${config.fill}`,
    num(config.leverage) !== undefined && `leverage ${config.leverage}`,
    num(config.initial_cash) !== undefined &&
    `initial cash ${money(num(config.initial_cash), currency)}`,
  ].filter(Boolean).join(", ");
}

function sources(data: Rec): string {
  const lines = Object.entries(rec(data.sources)).map(([sym, s]) => {
    const r = rec(s);
    const urls = Array.isArray(r.source_urls) ? r.source_urls.map((u) => `\n    ${u}`) : [];
    return `${sym}: ${r.provider}, ${r.source}, ${r.currency ?? ""} ${
      r.price_adjustment ?? ""
    } bars ${r.first_date} to ${r.last_date}`.replace(/ +/g, " ") + urls.join("");
  });
  const missing = Array.isArray(data.missing_symbols) && data.missing_symbols.length
    ? [`missing symbols: ${data.missing_symbols.join(", ")}`]
    : [];
  return ["Sources:", ...lines.map((l) => `  ${l}`), ...missing].join("\n");
}

/** The currency of a backtest's money: its sources' (one currency; backtests refuse two). */
export function currencyOf(data: Rec): string | undefined {
  return Object.values(rec(data.sources)).map((s) => str(rec(s).currency)).find(Boolean);
}

/** backtest.run. */
export function backtestView(raw: unknown): Block[] {
  if (!isRecord(raw) || !isRecord(raw.metrics)) return [];
  const config = rec(raw.config);
  const data = rec(raw.data);
  const cur = currencyOf(data);
  const trades = Array.isArray(raw.trades) ? (raw.trades as Rec[]) : [];
  const blocks: Block[] = [
    { kind: "title", text: header(config, data, "Backtest") },
    { kind: "fields", rows: metricsFields(raw.metrics, cur) },
    {
      kind: "note",
      text: `Parameters: ${flatText(config.params) || "(defaults)"}\nCosts: ${costs(config, cur)}${
        str(config.benchmark) ? `\nBenchmark: ${config.benchmark}` : ""
      }`,
    },
  ];
  if (trades.length) {
    blocks.push({
      kind: "table",
      caption: `Trades (${trades.length}${rec(raw.truncated).trades ? ", truncated" : ""})`,
      columns: [
        { name: "symbol" },
        { name: "side" },
        { name: "entry" },
        { name: "avg entry", number: true },
        { name: "exit" },
        { name: "avg exit", number: true },
        { name: "fills", number: true },
        { name: "return", number: true },
        { name: "P&L", number: true },
        { name: "bars", number: true },
      ],
      rows: trades.slice(0, 50).map((t): Cell[] => [
        { text: String(t.symbol) },
        { text: `${t.direction ?? ""}${t.status === "open" ? " (open)" : ""}` },
        { text: dateText(String(t.entry_date ?? "")) },
        { text: money(num(t.entry_price), cur), number: true },
        { text: str(t.exit_date) ? dateText(String(t.exit_date)) : "—" },
        { text: money(num(t.exit_price), cur), number: true },
        { text: fillsText(t), number: true },
        { text: percent(num(t.return_pct)), number: true },
        { text: money(num(t.pnl), cur), number: true },
        { text: String(t.bars_held ?? "—"), number: true },
      ]),
      note: tradesNote(trades),
    });
    const fills = fillsNote(trades);
    if (fills) blocks.push({ kind: "note", text: fills });
  }
  if (str(raw.plot_path)) blocks.push({ kind: "note", text: `Chart: ${raw.plot_path}` });
  blocks.push({ kind: "note", text: sources(data) });
  return blocks;
}

/** A trade's fills as entries/exits ("1/2": bought once, sold in two parts). */
function fillsText(t: Rec): string {
  const inn = typeof t.entry_fills === "number" ? t.entry_fills : 1;
  const out = typeof t.exit_fills === "number" ? t.exit_fills : t.exit_date ? 1 : 0;
  return `${inn}/${out}`;
}

/** Under the trades: that their prices are averages over fills, and what the table leaves out. */
function tradesNote(trades: Rec[]): string {
  return "avg entry and avg exit are size-weighted averages of each trade's fills (fills: " +
    "entries/exits); entry is the date of the first entry fill, exit that of the last closing " +
    `fill${trades.length > 50 ? `; ${trades.length - 50} more trades (--output json)` : ""}`;
}

/**
 * The shown trades built of several fills, one line each, with the dates the table leaves out
 * (the last entry, the first exit); null when every trade is one fill in and one out.
 */
function fillsNote(trades: Rec[]): string | null {
  const parts = trades.slice(0, 50).filter((t) =>
    (num(t.entry_fills) ?? 1) > 1 || (num(t.exit_fills) ?? 0) > 1
  );
  if (!parts.length) return null;
  const lines = ["Trades of several fills (each fill's price is in the orders, --output json):"];
  for (const t of parts.slice(0, 10)) {
    const bits: string[] = [];
    if ((num(t.entry_fills) ?? 1) > 1) {
      bits.push(
        `entered in ${t.entry_fills} fills, ${dateText(String(t.entry_date))} to ${
          dateText(String(t.last_entry_date))
        }`,
      );
    }
    if ((num(t.exit_fills) ?? 0) > 1) {
      bits.push(
        `closed in ${t.exit_fills} fills, ${dateText(String(t.first_exit_date))} to ${
          dateText(String(t.exit_date))
        }`,
      );
    }
    lines.push(
      `  ${t.symbol} ${t.direction} from ${dateText(String(t.entry_date))}: ${bits.join("; ")}`,
    );
  }
  if (parts.length > 10) lines.push(`  ${parts.length - 10} more`);
  return lines.join("\n");
}

/** How many leaderboard rows share rank 1. */
function tiedAtTop(board: Rec[]): number {
  return board.filter((r) => r.rank === 1).length;
}

/** backtest.tune: the best run's summary, then the ranked parameter sets. */
export function tuneView(raw: unknown): Block[] {
  if (!isRecord(raw)) return [];
  const config = rec(raw.config);
  const data = rec(raw.data);
  const cur = currencyOf(data);
  const board = Array.isArray(raw.leaderboard) ? (raw.leaderboard as Rec[]) : [];
  const best = rec(raw.best);
  const blocks: Block[] = [
    {
      kind: "title",
      text: `${
        header(config, data, "Tune")
      }: ${raw.runs} of ${raw.combinations} parameter sets run, ranked by ${config.metric} (${config.direction} is better)`,
    },
  ];
  if (isRecord(best.metrics)) {
    blocks.push({
      kind: "note",
      text: `Best: ${flatText(best.params)} (score ${ratio(best.score)})${
        tiedAtTop(board) > 1 ? `, tied with ${tiedAtTop(board) - 1} other set(s) at rank 1` : ""
      }`,
    });
    blocks.push({ kind: "fields", rows: metricsFields(best.metrics, cur) });
  }
  blocks.push({
    kind: "table",
    caption: "Parameter sets, best first",
    columns: [
      { name: "rank", number: true },
      { name: "params" },
      { name: "score", number: true },
      { name: "return", number: true },
      { name: "CAGR", number: true },
      { name: "volatility", number: true },
      { name: "Sharpe", number: true },
      { name: "max DD", number: true },
      { name: "trades", number: true },
    ],
    rows: board.slice(0, 20).map((r): Cell[] => {
      const m = rec(r.metrics);
      return [
        { text: String(r.rank), number: true },
        { text: flatText(r.params) },
        { text: ratio(r.score), number: true },
        { text: percent(num(m.total_return_pct)), number: true },
        { text: percent(num(m.cagr_pct)), number: true },
        { text: percent(num(m.volatility_pct)), number: true },
        { text: ratio(m.sharpe_ratio), number: true },
        { text: percent(num(m.max_drawdown_pct)), number: true },
        { text: String(m.total_trades ?? "—"), number: true },
      ];
    }),
    note: board.length > 20
      ? `${board.length - 20} more parameter sets (--output json)`
      : undefined,
  });
  const skipped = Array.isArray(raw.skipped) ? raw.skipped : [];
  if (skipped.length) blocks.push({ kind: "note", text: `Skipped: ${flatText(skipped)}` });
  blocks.push({
    kind: "note",
    text: `Costs: ${costs(config, cur)}${
      str(config.benchmark) ? `\nBenchmark: ${config.benchmark}` : ""
    }\n${sources(data)}`,
  });
  return blocks;
}

/**
 * backtest.strategies: each strategy's rule in full, then its own parameters (type, default,
 * allowed range, meaning) as a small table, then the custom-module contract.
 */
export function strategiesView(raw: unknown): Block[] {
  if (!isRecord(raw)) return [];
  // backtest.describe: one strategy, the same fields at the top level
  const single = !Array.isArray(raw.strategies) && str(raw.name) && isRecord(raw.parameters);
  if (!Array.isArray(raw.strategies) && !single) return [];
  const engine = rec(raw.engine);
  const what = Array.isArray(raw.strategies)
    ? `Backtest strategies (${raw.strategies.length} built in, plus custom)`
    : `Backtest strategy ${raw.name}`;
  const blocks: Block[] = [{
    kind: "title",
    text: `${what} · ${str(engine.name) ?? "engine"} ${str(engine.version) ?? ""}`.trim(),
  }];
  const one = (s: Rec) => {
    blocks.push({
      kind: "fields",
      rows: [
        ["strategy", String(s.name)],
        ["summary", String(s.summary ?? "—")],
        ["rule", String(s.rule ?? "—")],
        ["warm-up", num(s.warmup_bars) === undefined ? "—" : `${s.warmup_bars} bars`],
      ],
    });
    const params = Object.entries(rec(s.parameters));
    if (!params.length) {
      blocks.push({ kind: "note", text: "Parameters: none" });
      return;
    }
    blocks.push({
      kind: "table",
      caption: s.name === "custom"
        ? "Arguments of strategy=custom"
        : `Parameters of ${s.name} (set with params='{"name":value}')`,
      columns: [
        { name: "parameter" },
        { name: "type" },
        { name: "default", number: true },
        { name: "allowed" },
        { name: "meaning", wrap: true },
      ],
      rows: params.map(([name, p]): Cell[] => {
        const q = rec(p);
        const lo = num(q.min);
        const hi = num(q.max);
        const allowed = Array.isArray(q.enum)
          ? q.enum.join(", ")
          : lo !== undefined && hi !== undefined
          ? `${lo} to ${hi}`
          : lo !== undefined
          ? `≥ ${lo}`
          : hi !== undefined
          ? `≤ ${hi}`
          : q.required === true
          ? "required"
          : "—";
        return [
          { text: name },
          { text: String(q.type ?? "—") },
          { text: q.default === undefined ? "—" : String(q.default), number: true },
          { text: allowed },
          { text: String(q.description ?? "—") },
        ];
      }),
    });
  };
  for (const s of Array.isArray(raw.strategies) ? raw.strategies : []) one(rec(s));
  const custom = single ? raw : rec(raw.custom);
  if (str(custom.name)) {
    one(custom);
    const contract = Object.entries(rec(custom.contract));
    if (contract.length) {
      blocks.push({
        kind: "fields",
        rows: contract.map(([k, v]): [string, string] => [k, String(v)]),
      });
    }
  }
  return blocks;
}
