/** The contract's trust rules and playbooks, for MCP prompts/resources, docs and notebooks. */

/** Rules every answer built on these commands follows (citations, no invented data). */
export const TRUST_RULES = [
  "Cite accession, URL, report name, section, page, start_char/end_char, source, provider and timestamp when a result gives them.",
  "Show market data only with its provider/source and its timestamp or date.",
  "Treat market, estimates, filing, news, transcript and investor-relations results as records of one source, not ground truth.",
  "Formula and valuation commands are deterministic calculators, not investment advice.",
  "When ok is false, surface the error and do not make up data.",
  "Backtests are not live-trading recommendations.",
  "Do not claim that news, filings or transcripts caused a price move unless the evidence says so.",
  "Give formula commands only explicit or previously extracted (cited) inputs; never invent missing inputs.",
];

/** One research workflow: when to use it, its steps as CLI calls, and what to do when it fails. */
export interface Playbook {
  /** Name, e.g. `extract_metric_from_10k` (also the notebook's file name). */
  name: string;
  /** What the playbook answers. */
  use: string;
  /** The steps in order, each a command call with what it is for. */
  steps: string[];
  /** What to do when a step fails. */
  failure: string;
  /** The inputs the playbook asks for. */
  arguments: string[];
  /** For each input, the placeholders of the steps it fills (`symbol` fills `SYMBOL`). */
  placeholders: Record<string, string[]>;
}

/** The four playbooks of the contract, for MCP prompts, docs and notebooks. */
export const PLAYBOOKS: Playbook[] = [
  {
    name: "extract_metric_from_10k",
    use: "Find a metric or table value in a company's latest 10-K, with citations.",
    steps: [
      "filings.recent SYMBOL forms=10-K limit=1 — find the latest 10-K and its accession",
      "filings.statement SYMBOL accession=… statement=income|balance|cashflow query=<metric>",
      "document.scan <filing URL> query=<metric or table text> window=600",
      "document.window <filing URL> match_id=<id from the scan>",
      "formula.* with the cited values only",
    ],
    failure:
      "No statement row matches: use filings.reports, then filings.report or document.scan. Several scan matches: open a document.window around each and cite their offsets.",
    arguments: ["symbol", "metric"],
    placeholders: { symbol: ["SYMBOL"], metric: ["<metric>", "<metric or table text>"] },
  },
  {
    name: "explain_price_move",
    use: "Gather dated evidence around a price move.",
    steps: [
      "price.moves SYMBOL window=1d threshold=5% — find the dated move",
      "price.context SYMBOL date=YYYY-MM-DD lookback=3D",
      "news.search symbol=SYMBOL start_date=… end_date=…",
      "filings.recent SYMBOL forms=8-K",
      "transcripts.search SYMBOL",
    ],
    failure:
      "No dated evidence: say that no direct evidence was found. Cite provider, date, URL or accession for every item; timing is not causation.",
    arguments: ["symbol", "date"],
    placeholders: { symbol: ["SYMBOL"], date: ["YYYY-MM-DD"] },
  },
  {
    name: "screen_and_contextualize_equities",
    use: "Find ideas with predefined screens and put each in context.",
    steps: [
      "screen.predefined",
      "screen.run <screen id> count=25",
      "symbol.snapshot SYMBOL for each hit",
      "market.quote SYMBOL",
      "filings.recent SYMBOL forms=10-K,10-Q,8-K limit=5",
    ],
    failure:
      "Fewer rows than asked: keep the returned count and its source. Screen membership is not a recommendation.",
    arguments: ["screen"],
    placeholders: { screen: ["<screen id>"] },
  },
  {
    name: "run_reproducible_backtest",
    use: "Test a strategy over explicit symbols and dates, reproducibly.",
    steps: [
      "backtest.strategies",
      "backtest.describe STRATEGY",
      "backtest.run STRATEGY SYMBOLS START END params={…}",
      "backtest.tune STRATEGY SYMBOLS START END grid={…} metric=sharpe_ratio",
    ],
    failure:
      "Provider data unavailable: fail with the provider error. Keep strategy, symbols, dates, params and the JSON output so the run can be replayed.",
    arguments: ["strategy", "symbols", "start_date", "end_date"],
    placeholders: {
      strategy: ["STRATEGY"],
      symbols: ["SYMBOLS"],
      start_date: ["START"],
      end_date: ["END"],
    },
  },
];

/**
 * The playbook's steps with each given input in its placeholders, in one pass (a value is not
 * read again for another placeholder); a placeholder whose input is not given stays. A capital
 * placeholder is replaced as a whole word only (`SYMBOL` is not the start of `SYMBOLS`).
 */
export function fillSteps(p: Playbook, inputs: Record<string, string>): string[] {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(inputs)) {
    if (!Object.hasOwn(p.placeholders, name)) continue;
    for (const placeholder of p.placeholders[name]) values.set(placeholder, value);
  }
  if (values.size === 0) return [...p.steps];
  const pattern = [...values.keys()]
    .sort((a, b) => b.length - a.length)
    .map((placeholder) => {
      const escaped = placeholder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return /^[A-Z_-]+$/.test(placeholder) ? `(?<![A-Za-z_])${escaped}(?![A-Za-z_])` : escaped;
    })
    .join("|");
  const anyPlaceholder = new RegExp(pattern, "g");
  return p.steps.map((step) => step.replace(anyPlaceholder, (found) => values.get(found)!));
}

/** What each playbook input is; every one is optional, and fills its placeholders. */
const INPUTS: Record<string, string> = {
  symbol: "Ticker of the company, e.g. AAPL.",
  metric: 'The metric or table value to find, e.g. "revenue".',
  date: "Date of the price move, YYYY-MM-DD; price.moves finds one otherwise.",
  screen: "Predefined screen id, e.g. day_gainers; screen.predefined lists them.",
  strategy: "Strategy name, e.g. sma_cross; backtest.strategies lists them.",
  symbols: "Tickers to test, comma-separated, e.g. AAPL,MSFT.",
  start_date: "First day of the test, YYYY-MM-DD.",
  end_date: "Last day of the test, YYYY-MM-DD.",
};

/** An input's description (an MCP prompt argument's): what it is and the placeholders it fills. */
export function inputDescription(p: Playbook, name: string): string {
  const fills = (p.placeholders[name] ?? []).join(" and ");
  return `${INPUTS[name] ?? name} Fills ${fills} in the steps (optional).`;
}
