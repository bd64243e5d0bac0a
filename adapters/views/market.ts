/**
 * Market views: sector and industry pages (overview and tables), market.regime and
 * symbol.snapshot. Each figure reads with its unit (percent, a weight as a percent of what, money
 * with its currency or the fact that the provider names none), and each result ends with its
 * source, its full URL and when it was read.
 */
import {
  type Block,
  type Cell,
  type Column,
  dateText,
  formatNumber,
  isRecord,
  type Match,
  money,
  num,
  percent,
  type Rec,
  rec,
  sourceUrls,
  str,
  twoDecimals,
} from "./model.ts";

export const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRecord) : []);
export const join = (parts: (string | undefined | false | null)[]) =>
  parts.filter(Boolean).join(" · ");

/** A large total in full and in words: `21,853,022,191,616 (21.85 trillion)`. */
export function total(n: number | undefined, currency?: string | null): string {
  if (n === undefined) return "—";
  const a = Math.abs(n);
  const [div, word] = a >= 1e12
    ? [1e12, "trillion"]
    : a >= 1e9
    ? [1e9, "billion"]
    : a >= 1e6
    ? [1e6, "million"]
    : [0, ""];
  const full = currency ? money(Math.round(n), currency) : formatNumber(Math.round(n));
  return div ? `${full} (${twoDecimals(n / div)} ${word})` : full;
}

/** A total in billions for a table column whose header says so (full figures in csv). */
const billions = (v: unknown) => (num(v) === undefined ? "—" : twoDecimals(num(v)! / 1e9));
/** A price or target with no currency stated: the figure alone, two decimals. */
const bare = (v: unknown) => (num(v) === undefined ? "—" : money(num(v)!));
/** A figure Yahoo's page leaves out, said in words (a bare "—" says nothing). */
const NOT_REPORTED = "not reported by Yahoo";

/** A fraction read as a percent: market weights, expense ratios, yields. */
export const fraction = (v: unknown) => (num(v) === undefined ? "—" : percent(num(v)! * 100));

function sourceNote(data: Rec, extra: string[] = []): Block {
  const when = str(data.retrieved_at);
  return {
    kind: "note",
    text: [
      `Source: ${data.source ?? "—"} (${data.provider ?? "—"})${
        when ? `, retrieved ${dateText(when)}` : ""
      }`,
      ...(str(data.url) ? [String(data.url)] : []),
      ...sourceUrls(data).filter((u) => u !== data.url),
      ...extra,
    ].join("\n"),
  };
}

// ---------------------------------------------------------------- sector and industry pages

const PERIODS: [string, string][] = [
  ["day_change_pct", "day"],
  ["ytd_change_pct", "year to date"],
  ["one_year_change_pct", "1 year"],
  ["three_year_change_pct", "3 years"],
  ["five_year_change_pct", "5 years"],
];

/** sector.overview and industry.overview: size, weight, returns beside the named benchmark. */
export function sectorOverviewView(data: unknown): Block[] {
  if (!isRecord(data) || !isRecord(data.overview)) return [];
  const o = data.overview;
  const industry = "sector_key" in data;
  const name = String(data.name);
  const sectorName = str(data.sector_name);
  const weightOf = industry
    ? `its weight in ${sectorName ? `the ${sectorName} sector` : "its sector"}, as Yahoo states it`
    : "its weight in the market, as Yahoo states it";
  const count = (v: unknown) => (num(v) === undefined ? NOT_REPORTED : formatNumber(num(v)!));
  const fields: [string, string][] = [
    ["companies", count(o.companies_count)],
    ...(num(o.industries_count) !== undefined
      ? [["industries", formatNumber(num(o.industries_count)!)] as [string, string]]
      : []),
    [
      "market cap",
      num(o.market_cap) === undefined
        ? NOT_REPORTED
        : `${total(num(o.market_cap))}; Yahoo names no currency`,
    ],
    [
      "market weight",
      num(o.market_weight) === undefined
        ? NOT_REPORTED
        : `${fraction(o.market_weight)} (${weightOf})`,
    ],
    ["employees", count(o.employee_count)],
  ];
  const perf = rec(data.performance);
  const bench = isRecord(data.benchmark) ? data.benchmark : null;
  const benchName = bench ? str(bench.name) ?? "benchmark (unnamed by Yahoo)" : null;
  const columns: Column[] = [
    { name: "return" },
    { name, number: true },
    ...(benchName ? [{ name: benchName, number: true }] : []),
  ];
  const rows: Cell[][] = PERIODS.map(([k, label]) => [
    { text: label },
    { text: percent(num(perf[k])), number: true },
    ...(bench ? [{ text: percent(num(bench[k])), number: true }] : []),
  ]);
  return [
    {
      kind: "title",
      text: `${name} ${industry ? "industry" : "sector"} (${data.key}${
        str(data.symbol) ? `, Yahoo index ${data.symbol}` : ""
      })${industry && sectorName ? `, in the ${sectorName} sector (${data.sector_key})` : ""}`,
    },
    { kind: "fields", rows: fields },
    {
      kind: "table",
      caption: "Returns, percent over the whole period (not a yearly rate), as Yahoo states them",
      columns,
      rows,
      note: [
        bench ? "" : "Yahoo's page names no benchmark.",
        rows.some((r) => r.some((c) => c.text === "—"))
          ? "—: not reported by Yahoo for that period."
          : "",
      ].filter(Boolean).join(" ") || undefined,
    },
    ...(str(o.description) ? [{ kind: "text", text: String(o.description) } as Block] : []),
    sourceNote(data, ["Yahoo states no time for these figures; retrieved is when they were read"]),
  ];
}

const TABLE_TITLES: Record<string, string> = {
  top_companies: "top companies",
  top_etfs: "top ETFs",
  top_mutual_funds: "top mutual funds",
  top_growth_companies: "top growth companies",
  top_performing_companies: "top performing companies",
  research_reports: "research reports",
};

/** A column: header, cell text, right-aligned, its unit ("%", "money" with no currency stated). */
type Col = [string, (r: Rec) => string, boolean, ("%" | "money")?];

const COLUMNS: Record<string, Col[]> = {
  top_companies: [
    ["symbol", (r) => str(r.symbol) ?? "", false],
    ["name", (r) => str(r.name) ?? "", false],
    ["rating", (r) => str(r.rating) ?? "", false],
    ["weight", (r) => fraction(r.market_weight), true, "%"],
    ["market cap\n(billions)", (r) => billions(r.market_cap), true, "money"],
    ["last price", (r) => bare(r.last_price), true, "money"],
    ["target\nprice", (r) => bare(r.target_price), true, "money"],
    ["day", (r) => percent(num(r.day_change_pct)), true, "%"],
    ["YTD", (r) => percent(num(r.ytd_return_pct)), true, "%"],
  ],
  top_etfs: [
    ["symbol", (r) => str(r.symbol) ?? "", false],
    ["name", (r) => str(r.name) ?? "", false],
    ["last price", (r) => bare(r.last_price), true, "money"],
    ["net assets\n(billions)", (r) => billions(r.net_assets), true, "money"],
    ["expense ratio", (r) => fraction(r.expense_ratio), true, "%"],
    ["YTD", (r) => percent(num(r.ytd_return_pct)), true, "%"],
  ],
  top_growth_companies: [
    ["symbol", (r) => str(r.symbol) ?? "", false],
    ["name", (r) => str(r.name) ?? "", false],
    ["last price", (r) => bare(r.last_price), true, "money"],
    ["YTD", (r) => percent(num(r.ytd_return_pct)), true, "%"],
    ["growth estimate", (r) => percent(num(r.growth_estimate_pct)), true, "%"],
  ],
  top_performing_companies: [
    ["symbol", (r) => str(r.symbol) ?? "", false],
    ["name", (r) => str(r.name) ?? "", false],
    ["last price", (r) => bare(r.last_price), true, "money"],
    ["target price", (r) => bare(r.target_price), true, "money"],
    ["YTD", (r) => percent(num(r.ytd_return_pct)), true, "%"],
  ],
};
COLUMNS.top_mutual_funds = COLUMNS.top_etfs;

/** sector.table and industry.table: one table of the page, units in the caption. */
export function sectorTableView(data: unknown): Block[] {
  if (!isRecord(data) || typeof data.table !== "string") return [];
  const rows = list(data.rows);
  const where = "sector_key" in data
    ? `${data.name} industry (${data.key})`
    : `${data.name} sector (${data.key})`;
  const title: Block = {
    kind: "title",
    text: `${where}: ${TABLE_TITLES[data.table] ?? data.table}, ${rows.length} ${
      rows.length === 1 ? "row" : "rows"
    }`,
  };
  if (!rows.length) return [title, { kind: "note", text: "the table is empty" }, sourceNote(data)];
  if (data.table === "research_reports") {
    const items: Match[] = rows.map((r) => ({
      head: join([
        str(r.date) && dateText(String(r.date)).replace(/ 00:00:00 UTC$/, ""),
        str(r.provider),
        str(r.report_type),
        str(r.investment_rating) && `rating ${r.investment_rating}`,
        num(r.target_price) !== undefined &&
        `target price ${bare(r.target_price)}${
          str(r.target_price_status) ? ` (${r.target_price_status})` : ""
        }`,
      ]),
      lines: [
        str(r.headline) ?? "(no headline)",
        ...(str(r.title) && r.title !== r.headline ? [String(r.title)] : []),
        ...(str(r.id) ? [`report id ${r.id}`] : []),
      ],
    }));
    return [
      title,
      { kind: "matches", items },
      sourceNote(data, [
        "Target prices as the reports give them; Yahoo names no currency (a headline's “$” is the report's own wording)",
      ]),
    ];
  }
  const cols = COLUMNS[data.table] ?? [];
  const cells = rows.map((r) => cols.map(([, f, n]) => ({ text: f(r), number: n })));
  return [
    title,
    {
      kind: "table",
      columns: cols.map(([name, , n]) => ({ name, number: n })),
      rows: cells,
      note: [unitNote(cols, "sector_key" in data ? "industry" : "sector"), gapNote(rows, cells)]
        .filter(Boolean).join(" "),
    },
    sourceNote(data),
  ];
}

/**
 * What a "—" in a sector or industry table means (Yahoo's page gives no such figure for that
 * row), and which rows have no figure at all, whose line would otherwise read as blank data.
 */
function gapNote(rows: Rec[], cells: Cell[][]): string {
  const figures = (r: Cell[]) => r.filter((c) => c.number);
  const gaps = cells.some((r) => figures(r).some((c) => c.text === "—"));
  if (!gaps) return "";
  const none = cells.flatMap((r, i) =>
    figures(r).length && figures(r).every((c) => c.text === "—")
      ? [str(rows[i].symbol) ?? str(rows[i].name) ?? `row ${i + 1}`]
      : []
  );
  return `—: not reported by Yahoo for that row.${
    none.length ? ` Yahoo gives none of these figures for ${none.join(", ")}.` : ""
  }`;
}

/** What the columns' figures are in: percents, and money Yahoo names no currency for. */
function unitNote(cols: Col[], page: string): string {
  const names = (unit: string) =>
    cols.filter((c) => c[3] === unit).map((c) => c[0].replace(/\n/g, " "));
  const pct = names("%").map((n) => (n === "weight" ? `weight (in the ${page})` : n));
  const money = names("money");
  return [
    pct.length ? `In percent: ${pct.join(", ")}.` : "",
    money.length
      ? `Yahoo names no currency for ${
        money.join(", ")
      }: each is in its listing's own currency, not necessarily USD.`
      : "",
  ].filter(Boolean).join(" ");
}

/**
 * The sheet of a sector or industry page: fractions (weights, expense ratios) as `*_pct`
 * columns in percent like the returns beside them, and the page's URL on each row.
 */
export function sectorSheet(data: Rec): Rec[] | null {
  const pctOf = (v: unknown) => (num(v) === undefined ? null : Math.round(num(v)! * 1e8) / 1e6);
  // Yahoo's sector and industry pages name no currency for their market caps (the text view
  // says so): the sheet says it in a column beside them, not with a bare figure
  const capCurrency = (r: Rec) => str(r.market_cap_currency) ?? str(r.currency) ?? "not stated";
  const row = (r: Rec): Rec =>
    Object.fromEntries(
      Object.entries(r).flatMap(([k, v]): [string, unknown][] => {
        if (k === "market_weight" || k === "expense_ratio") return [[`${k}_pct`, pctOf(v)]];
        if (k === "overview" && isRecord(v)) return [[k, row(v)]];
        if (k === "market_cap" && !("market_cap_currency" in r)) {
          return [[k, v], ["market_cap_currency", v === null ? null : capCurrency(r)]];
        }
        return [[k, v]];
      }),
    );
  if (Array.isArray(data.rows)) {
    return list(data.rows).map((r) => ({ ...row(r), url: data.url ?? null }));
  }
  return isRecord(data.overview) ? [row(data)] : null;
}

// ---------------------------------------------------------------- market.regime

/** market.regime: the call, each signal with the figures it read, then every input. */
export function regimeView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.signals)) return [];
  const signals = list(data.signals);
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
    const of = Array.isArray(s.inputs) ? list(s.inputs) : isRecord(s.inputs) ? [s.inputs] : [];
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
  return list(data.signals).flatMap((s) => {
    const { inputs, ...own } = s;
    const of = Array.isArray(inputs) ? list(inputs) : isRecord(inputs) ? [inputs] : [];
    const head = { regime: data.regime, confidence: data.confidence, as_of: data.as_of };
    return (of.length ? of : [null]).map((i) => ({ ...head, ...own, ...(i ? { inputs: i } : {}) }));
  });
}

/** One signal's reading in words, with its numbers. */
function reading(s: Rec, bars: number | undefined): string {
  if (s.name === "breadth") {
    const t = num(s.total_benchmarks) ?? 0;
    const names = list(s.inputs).filter((i) =>
      i.above_sma_50 !== null && i.above_sma_50 !== undefined
    )
      .map((i) => String(i.symbol));
    return `${s.positive_benchmark_count ?? "—"} of ${t} benchmarks up over ${
      bars ?? "the lookback"
    } bars, ${s.above_50dma_count ?? "—"} of ${t} above their 50-day average${
      names.length ? ` (${names.join(", ")})` : ""
    }`;
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

/**
 * market.sector_heat: the sectors ranked by their ETF's return over the lookback, each with its
 * ETF, the return in percent, the last adjusted close with its currency and its date; leaders and
 * laggards marked; then the source.
 */
export function sectorHeatView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.all)) return [];
  const all = list(data.all);
  const leaders = new Set(list(data.leaders).map((r) => str(r.symbol)));
  const laggards = new Set(list(data.laggards).map((r) => str(r.symbol)));
  const rows: Cell[][] = all.map((r, i) => [
    { text: String(i + 1), number: true },
    { text: str(r.name) ?? "—" },
    { text: str(r.symbol) ?? "—" },
    {
      text: num(r.return_pct) === undefined
        ? "—"
        : `${num(r.return_pct)! > 0 ? "+" : ""}${percent(num(r.return_pct))}`,
      number: true,
    },
    { text: `${num(r.lookback_bars) ?? "—"}`, number: true },
    { text: money(num(r.last_close), str(r.currency)), number: true },
    { text: str(r.last_date) ?? "—" },
    {
      text: leaders.has(str(r.symbol)) ? "leader" : laggards.has(str(r.symbol)) ? "laggard" : "",
    },
  ]);
  return [
    {
      kind: "title",
      text: `${data.market ?? "US"} sectors by return over the last ${
        data.lookback_days ?? "?"
      } trading days (${all.length} sector ETFs)`,
    },
    {
      kind: "table",
      columns: [
        { name: "#", number: true },
        { name: "sector" },
        { name: "ETF" },
        { name: "return", number: true },
        { name: "bars", number: true },
        { name: "last adjusted\nclose", number: true },
        { name: "as of" },
        { name: "" },
      ],
      rows,
    },
    {
      kind: "note",
      text: [`Source: ${str(data.source) ?? "—"}`, ...sourceUrls(data)].join("\n"),
    },
  ];
}
