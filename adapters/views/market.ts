/**
 * Market views: sector and industry pages (overview and tables) and market.sector_heat
 * (market.regime's is in regime.ts, symbol.snapshot's in market_snapshot.ts). Each figure reads
 * with its unit (percent, a weight as a percent of what, money with its currency or the fact that
 * the provider names none), and each result ends with its source, its full URL and when it was
 * read.
 */
import {
  type Block,
  type Cell,
  type Column,
  dateText,
  formatNumber,
  isRecord,
  join,
  type Match,
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
  const rows = recs(data.rows);
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
    return recs(data.rows).map((r) => ({ ...row(r), url: data.url ?? null }));
  }
  return isRecord(data.overview) ? [row(data)] : null;
}

// ---------------------------------------------------------------- market.regime

/**
 * market.sector_heat: the sectors ranked by their ETF's return over the lookback, each with its
 * ETF, the return in percent, the last adjusted close with its currency and its date; leaders and
 * laggards marked; then the source.
 */
export function sectorHeatView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.all)) return [];
  const all = recs(data.all);
  const leaders = new Set(recs(data.leaders).map((r) => str(r.symbol)));
  const laggards = new Set(recs(data.laggards).map((r) => str(r.symbol)));
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
