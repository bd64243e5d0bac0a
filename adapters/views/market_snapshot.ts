/**
 * symbol.snapshot's view: price with its currency and time, each figure in its own currency,
 * valuation ratios with what they are formed from (and the rate when two currencies meet), a
 * fund's own figures for a fund, every source in full with its URLs.
 */
import {
  type Block,
  type Cell,
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
  str,
  twoDecimals,
} from "./model.ts";
import { fraction, total } from "./market.ts";
import { unitOf } from "../../analysis/market/units.ts";

/** How each ratio is formed, and the figures above it rests on. */
const RATIOS: [string, string, string, string | null][] = [
  ["trailing_pe", "P/E (trailing)", "price / EPS (TTM)", null],
  ["forward_pe", "P/E (forward)", "price / EPS (forward estimate)", null],
  ["price_to_sales_ttm", "P/S (TTM)", "market cap / revenue (TTM)", "total_revenue_ttm"],
  ["price_to_book", "P/B", "price / book value per share", null],
  ["ev_to_revenue", "EV/revenue", "enterprise value / revenue (TTM)", "total_revenue_ttm"],
  ["ev_to_ebitda", "EV/EBITDA", "enterprise value / EBITDA (TTM)", "ebitda_ttm"],
];

/**
 * symbol.snapshot: price with its currency and time, size figures each in its currency,
 * valuation ratios with what they are formed from (and the rate when two currencies meet), a
 * fund's own figures, and every source in full with its URLs.
 */
export function snapshotView(data: unknown): Block[] {
  if (!isRecord(data) || !("valuation" in data)) return [];
  const cur = rec(data.figure_currencies);
  const c = (k: string) => str(cur[k]) ?? null;
  const fx = isRecord(data.fx) ? data.fx : null;
  const fund = isRecord(data.fund) ? data.fund : null;
  const v = rec(data.valuation);
  const sources = recs(data.sources);
  const where = [data.exchange, data.sector, data.industry, data.country].filter((x) => str(x));
  const blocks: Block[] = [
    {
      kind: "title",
      text: `${str(data.company_name) ?? data.symbol} (${data.symbol})${
        where.length ? ` · ${where.join(" · ")}` : ""
      }`,
    },
    { kind: "fields", rows: figureRows(data, fund !== null) },
  ];
  if (fund) blocks.push(fundBlock(fund));
  if (!fund || Object.values(v).some((x) => num(x) !== undefined)) {
    blocks.push(ratioTable(v, sources, fx, c, !!fund, rec(data.not_computed)));
  } else {
    blocks.push({
      kind: "note",
      text: "No company ratios for a fund (P/E, P/S, P/B, EV multiples): see the fund figures",
    });
  }
  if (fx) {
    blocks.push({
      kind: "note",
      text: `Exchange rate: 1 ${fx.from} = ${
        Number(Number(fx.rate).toPrecision(8))
      } ${fx.to} (${fx.symbol}${
        str(fx.as_of) ? `, ${dateText(String(fx.as_of))}` : ""
      }; ${fx.source})`,
    });
  }
  blocks.push({ kind: "matches", caption: "Sources", items: sources.map(sourceItem) });
  blocks.push({
    kind: "note",
    text: `Provider ${data.provider}; ${
      data.retrieved_at
        ? `retrieved ${dateText(String(data.retrieved_at))}`
        : "retrieved at a time the recording does not state"
    }${str(data.website) ? `; company website ${data.website}` : ""}${
      str(data.ir_website) ? `; investor relations ${data.ir_website}` : ""
    }`,
  });
  return blocks;
}

/**
 * The snapshot's figures under the data's own field names (so the text, JSON and csv read
 * alike), each money figure in its own currency; the price on a line of its own, then its
 * major-unit reading, change and time. A fund's company figures are left out.
 */
function figureRows(data: Rec, fund: boolean): [string, string][] {
  const cur = rec(data.figure_currencies);
  const why = rec(data.not_computed);
  const fig = (k: string, extra = ""): [string, string] => {
    const t = total(num(data[k]), str(cur[k]) ?? null);
    if (t === "—" && str(why[k])) return [k, `— (not computed: ${why[k]})`];
    return [k, t === "—" || !extra ? t : `${t}, ${extra}`];
  };
  const change = num(data.change_pct);
  const rows: [string, string][] = [[
    "price",
    `${money(num(data.price), str(data.currency))}\n${
      join([
        minorUnit(data),
        change !== undefined && `${change > 0 ? "+" : ""}${percent(change)} on the day`,
        str(data.as_of) ? `at ${dateText(String(data.as_of))}` : "no time stated",
        str(data.market_state) && `market ${data.market_state}`,
      ])
    }`,
  ]];
  if (!fund) rows.push(fig("market_cap"), fig("enterprise_value"));
  rows.push([
    "shares_outstanding",
    num(data.shares_outstanding) === undefined ? "—" : formatNumber(num(data.shares_outstanding)!),
  ]);
  if (!fund) {
    rows.push(
      fig("total_revenue_ttm"),
      fig("ebitda_ttm"),
      fig("cash"),
      fig("debt"),
      fig("net_debt", "debt − cash"),
    );
  }
  if (str(data.cik)) rows.push(["cik", `${data.cik} (SEC)`]);
  return rows;
}

/** A price quoted in a minor unit (GBp, hundredths of GBP) read in its major one too. */
function minorUnit(data: Rec): string {
  const major = str(rec(data.figure_currencies).market_cap);
  const p = num(data.price);
  const cur = str(data.currency);
  if (p === undefined || !cur || !major || major === cur) return "";
  if (cur.toUpperCase() !== major.toUpperCase()) return "";
  return `= ${money(p / 100, major)}`;
}

function fundBlock(f: Rec): Block {
  // a fund priced in pence or cents counts its assets in a major currency Yahoo does not name
  const minor = (unitOf(str(f.currency))?.factor ?? 1) !== 1;
  const assets = num(f.net_assets);
  return {
    kind: "fields",
    rows: [
      [
        "fund",
        join([str(f.legal_type), str(f.fund_family)]) ||
        "a fund; its legal type and family are not reported",
      ],
      [
        "net_assets",
        assets === undefined
          ? "not reported"
          : minor
          ? `${total(assets)} (currency not stated; not ${f.currency})`
          : total(assets, str(f.currency)),
      ],
      [
        "nav_price",
        num(f.nav_price) === undefined
          ? "not reported"
          : `${money(num(f.nav_price), str(f.currency))} per share`,
      ],
      ["yield", num(f.yield) === undefined ? "not reported" : `${fraction(f.yield)} (trailing)`],
      ["beta_3y", num(f.beta_3y) === undefined ? "not reported" : twoDecimals(num(f.beta_3y)!)],
    ],
  };
}

function ratioTable(
  v: Rec,
  sources: Rec[],
  fx: Rec | null,
  c: (k: string) => string | null,
  fund: boolean,
  why: Rec,
): Block {
  const rows: Cell[][] = RATIOS.filter(([k]) => !fund || v[k] !== null).map((
    [k, label, formed, denom],
  ) => {
    const basis = sources.find((s) => String(s.fields).split(", ").includes(`valuation.${k}`));
    let how = formed;
    if (basis && String(basis.source).includes(`${k} over `)) {
      const what = String(basis.source).split(`${k} over `)[1].split(";")[0];
      how += `: the price shown over ${what}`;
    } else if (basis) how += ": Yahoo's own, at a price it does not state";
    const top = k.startsWith("ev_") ? c("enterprise_value") : c("market_cap");
    if (denom && fx && num(v[k]) !== undefined && c(denom) && top && c(denom) !== top) {
      how += `; ${c(denom)} converted to ${top} at ${Number(Number(fx.rate).toPrecision(8))}`;
    }
    // a ratio left out says why on its own line, not only in the warnings at the end
    if (num(v[k]) === undefined && str(why[k])) how += `; not computed: ${why[k]}`;
    return [
      { text: label },
      { text: num(v[k]) === undefined ? "—" : twoDecimals(num(v[k])!), number: true },
      { text: how },
    ];
  });
  rows.push([
    { text: "dividend yield" },
    { text: fraction(v.dividend_yield), number: true },
    { text: "annual dividend / price, as Yahoo states it" },
  ]);
  rows.push([
    { text: "beta" },
    { text: num(v.beta) === undefined ? "—" : twoDecimals(num(v.beta)!), number: true },
    { text: "as Yahoo states it" },
  ]);
  return {
    kind: "table",
    caption: "Valuation",
    columns: [{ name: "ratio" }, { name: "value", number: true }, {
      name: "formed from",
      wrap: true,
    }],
    rows,
  };
}

function sourceItem(s: Rec): Match {
  const urls = Array.isArray(s.urls)
    ? s.urls.filter((u): u is string => typeof u === "string")
    : [];
  return { head: `${s.fields}: ${s.source}`, lines: urls };
}
