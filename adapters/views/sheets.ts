/**
 * Sheet rows (`--output csv|tsv`) for results whose natural sheet is not their list of records:
 * a statement as line items by period (full figures, as filed), extracted document tables as
 * their cells. Other results use their longest list, nested fields flattened with dots.
 */
import type { ViewName } from "../../core/command.ts";
import { isRecord, type Rec, recs } from "./model.ts";
import { currencyOf } from "./backtest.ts";
import { reportSheet } from "./report.ts";
import { sectorSheet } from "./market.ts";
import { regimeSheet } from "./regime.ts";
import { indexLevelIn } from "../../analysis/market/units.ts";
import { citationsCell, isCitations } from "./valuation.ts";

/** The rows of a result's own sheet, or null when it has none. */
export function viewSheet(data: unknown, view?: ViewName): Rec[] | null {
  if (!isRecord(data)) return null;
  if (view === "statement") return statementSheet(data);
  if (view === "history") return historySheet(data);
  if (view === "facts" || view === "frames") return unitSheet(data);
  if (view === "report") return reportSheet(data);
  if (Array.isArray(data.supported_sections) && Array.isArray(data.items)) {
    return sectionsSheet(data);
  }
  if (view === "qa") return qaSheet(data);
  if (view === "kpi_history") return kpiHistorySheet(data);
  if (data.run_type === "factor_weights" || data.run_type === "factor_scores") {
    return factorSheet(data);
  }
  if (Array.isArray(data.discounted_cashflows)) return withHeadline(data, "discounted_cashflows");
  if (Array.isArray(data.cases) && isRecord(data.assumptions)) return withHeadline(data, "cases");
  if (Array.isArray(data.comparisons) && "currency_check" in data) return compareSheet(data);
  if (Array.isArray(data.steps) && typeof data.plan_type === "string") return planSheet(data);
  if (view === "tables") return tablesSheet(data);
  if (view === "sector_overview" || view === "sector_table") return sectorSheet(data);
  if (view === "regime") return regimeSheet(data);
  if (data.run_type === "tune" || data.run_type === "backtest") return backtestSheet(data);
  return quoteSheet(data) ?? barsSheet(data);
}

/** What estimates.compare states once for all its comparisons: each sheet row carries it. */
const COMPARE_KEYS = [
  "symbol",
  "fiscal_year",
  "period",
  "currency",
  "consensus_currency",
  "currency_check",
  "eps_basis",
  "consensus_eps_basis",
];

/**
 * estimates.compare: one row per metric with the currency of each side and whether they were
 * checked to be one (a saved sheet of gaps otherwise lost that they were assumed or unchecked).
 */
function compareSheet(data: Rec): Rec[] {
  const head = Object.fromEntries(COMPARE_KEYS.filter((k) => k in data).map((k) => [k, data[k]]));
  return recs(data.comparisons).map((r) => ({ ...r, ...head }));
}

/**
 * market.quote with no currency (an index's level, a future in points): its one row with a
 * `unit` column beside the empty currency, so a saved sheet does not read the price as money.
 */
function quoteSheet(data: Rec): Rec[] | null {
  if (typeof data.quote_type !== "string" || data.currency !== null || !("price" in data)) {
    return null;
  }
  const unit = data.quote_type === "INDEX" ? "points" : "not stated (see warnings)";
  return [
    Object.fromEntries(
      Object.entries(data).flatMap(([k, v]) =>
        k === "currency" ? [[k, v], ["unit", unit]] : [[k, v]]
      ),
    ),
  ];
}

/**
 * filings.facts and filings.frames: their rows, each with the XBRL unit its values are in (USD,
 * shares, USD/shares). The unit is stated once for the whole result, so a sheet of the rows alone
 * had figures with no unit at all.
 */
function unitSheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.rows)) return null;
  const unit = typeof data.unit === "string" ? data.unit : null;
  return recs(data.rows).map((r) => ({ ...r, unit }));
}

/**
 * A tune's leaderboard or a backtest's equity curve (the sheets a reader wants of them), each row
 * with the currency its money is in: the portfolio's prices' (one currency; backtests refuse two),
 * and `prices`: each symbol's provider, source, adjustment, bar dates and source URLs.
 */
function backtestSheet(data: Rec): Rec[] | null {
  const list = data.run_type === "tune" ? data.leaderboard : data.equity_curve;
  if (!Array.isArray(list) || !list.every(isRecord)) return null;
  const prices = isRecord(data.data) ? data.data : {};
  const currency = currencyOf(prices) ?? null;
  // where the prices came from, per symbol: the sheet's citation (the text view's Sources);
  // no column when the result names none
  const cited = Object.entries(isRecord(prices.sources) ? prices.sources : {}).flatMap(
    ([sym, s]) => {
      const r = isRecord(s) ? s : {};
      const what = [r.provider, r.source, r.price_adjustment].filter((x) => typeof x === "string");
      const span = r.first_date && r.last_date ? ` ${r.first_date} to ${r.last_date}` : "";
      const urls = Array.isArray(r.source_urls) && r.source_urls.length
        ? ` (${r.source_urls.join(" ")})`
        : "";
      return what.length ? [`${sym}: ${what.join(", ")}${span}${urls}`] : [];
    },
  ).join("; ");
  return (list as Rec[]).map((r) => ({ ...r, currency, ...(cited ? { prices: cited } : {}) }));
}

/**
 * market.ohlcv's bars (one series, or several as `symbols: {AAPL: series, …}`): one row per bar
 * with its symbol, then the bar, then the series' currency, provider and source URLs, so a sheet
 * never loses which prices are dollars and which pence, nor where they came from. Null for any
 * other shape.
 */
function barsSheet(data: Rec): Rec[] | null {
  if (typeof data.timeframe !== "string") return null;
  // one symbol's series is the same sheet with one symbol
  const all = isRecord(data.symbols)
    ? data.symbols
    : Array.isArray(data.rows) && typeof data.symbol === "string" && "currency" in data
    ? { [data.symbol]: data }
    : null;
  if (!all) return null;
  const series = Object.values(all);
  if (!series.length || !series.every((s) => isRecord(s) && Array.isArray(s.rows))) return null;
  const out: Rec[] = [];
  const unitless = (series as Rec[]).some((s) => s.currency === null);
  for (const s of series as Rec[]) {
    for (const bar of s.rows as unknown[]) {
      if (!isRecord(bar)) return null;
      out.push({
        symbol: s.symbol ?? null,
        ...bar,
        currency: s.currency ?? null,
        // a series with no currency (an index's levels, a future in points) says its unit
        ...(unitless ? { unit: s.currency === null ? barUnit(s) : null } : {}),
        provider: s.provider ?? null,
        // the citation each price needs: the URLs its series was read from
        ...("source_urls" in s ? { source_urls: s.source_urls } : {}),
      });
    }
  }
  return out;
}

/** What a series with no currency is counted in, as its price_basis says, or that it is not said. */
function barUnit(s: Rec): string {
  return indexLevelIn(s.price_basis) ?? "not stated (see warnings)";
}

/**
 * One row per line item: concept, label, level, then each period's value in full with the sign
 * the statement presents it with (a payment shown as (18,211) is -18211000000, as in the text
 * view, so rows add up to their totals), the unit, and `xbrl_sign`: -1 where the filing's XBRL
 * fact has the opposite sign (a negated label), 1 otherwise.
 */
function statementSheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.rows) || !Array.isArray(data.periods)) return null;
  const periods = data.periods as string[];
  const filing = isRecord(data.filing) ? data.filing : {};
  // a line by member of an axis (Products under Net sales) has its total's concept: without its
  // axis and member a sheet read it as a second value of that concept, summed twice
  const dims = (data.rows as Rec[]).some((r) => typeof r.member === "string");
  return (data.rows as Rec[]).map((r) => {
    const values = isRecord(r.values) ? r.values : {};
    const facts = periods.map((p) => (isRecord(values[p]) ? values[p] as Rec : null));
    const row: Rec = {
      concept: r.concept,
      label: r.label,
      level: r.level,
      ...(dims ? { axis: r.axis ?? null, member: r.member ?? null } : {}),
    };
    const negated = facts.some((f) => f?.preferred_sign === -1);
    periods.forEach((p, i) => {
      const raw = facts[i]?.raw;
      row[p] = typeof raw === "number" ? (facts[i]?.preferred_sign === -1 ? -raw : raw) : null;
    });
    row.unit = facts.find((f) => f?.unit)?.unit ?? null;
    row.xbrl_sign = negated ? -1 : 1;
    row.accession_no = filing.accession_no ?? null;
    row.form = filing.form ?? null;
    row.filing_url = filing.filing_url ?? null;
    return row;
  });
}

/**
 * filings.sections as one sheet: a row per canonical section (`table` supported_sections: its
 * key, item, size and offsets, how it was found, any reference) then a row per item found
 * (`table` items), every row with the filing it describes: form, accession, filing URL.
 */
function sectionsSheet(data: Rec): Rec[] {
  const filing = isRecord(data.filing) ? data.filing : {};
  const cite = {
    form: filing.form ?? null,
    accession_no: filing.accession_no ?? null,
    filing_url: filing.filing_url ?? null,
  };
  const list = (name: string) =>
    (Array.isArray(data[name]) ? data[name] as unknown[] : []).filter(isRecord)
      .map((r) => ({ table: name, ...r }));
  const rows = [...list("supported_sections"), ...list("items")];
  // every row with every column, the filing's citation last
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return rows.map((r) => ({
    ...Object.fromEntries(keys.map((k) => [k, (r as Rec)[k] ?? null])),
    ...cite,
  }));
}

/**
 * transcripts.qa as one row per turn: the pair's number, question or answer, who spoke (and
 * their firm or title), what they said, where it is in the transcript, and the transcript
 * itself: its quarter, date, URL and source.
 */
function qaSheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.qa_pairs)) return null;
  // the call every turn is quoted from: offsets without the transcript they index cite nothing
  const call = isRecord(data.transcript) ? data.transcript : {};
  const cite = {
    quarter: call.quarter ?? null,
    published_at: call.published_at ?? null,
    url: call.url ?? null,
    source: call.source ?? data.source ?? null,
  };
  const out: Rec[] = [];
  (data.qa_pairs as Rec[]).forEach((p, i) => {
    const turn = (role: string, speaker: unknown, title: unknown, t: Rec) =>
      out.push({
        pair: i + 1,
        role,
        speaker: speaker ?? null,
        title: title ?? null,
        text: t.text ?? null,
        start_char: t.start_char ?? null,
        end_char: t.end_char ?? null,
        ...cite,
      });
    for (const q of (Array.isArray(p.question) ? p.question : []) as Rec[]) {
      turn("question", p.questioner, p.questioner_title, q);
    }
    for (const a of (Array.isArray(p.answers) ? p.answers : []) as Rec[]) {
      turn("answer", a.speaker, a.speaker_title, a);
    }
  });
  return out;
}

/**
 * filings.history as one row per line item and period: the value in full (a per-share figure in
 * currency per share, a count in shares), its unit, how it was derived, and the filing it cites.
 */
function historySheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.rows) || !Array.isArray(data.columns)) return null;
  const columns = data.columns as Rec[];
  const out: Rec[] = [];
  for (const r of data.rows as Rec[]) {
    const cells = Array.isArray(r.cells) ? r.cells as Rec[] : [];
    columns.forEach((c, i) => {
      const cell = isRecord(cells[i]) ? cells[i] : {};
      out.push({
        item: r.key,
        label: r.label,
        period: c.label,
        start: c.start ?? null,
        end: c.end,
        value: cell.value ?? null,
        unit: r.unit,
        restated: cell.restated ?? null,
        derived: cell.derived ?? null,
        note: cell.note ?? null,
        accession_no: cell.accession_no ?? null,
        form: cell.form ?? null,
        filed: cell.filed ?? null,
        url: cell.url ?? null,
      });
    });
  }
  return out;
}

/**
 * One row per table row: table number, page, row number (0 = header), the scale the table states
 * for its figures (1000 for "in thousands"; empty when it states none or it covers none of the
 * row's figures), the row's figures it does not cover ("col_3 col_5": a per-share column, a
 * percent change), the document read (URL or path), then its cells as printed.
 */
function tablesSheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.tables)) return null;
  // the document the cells were read from (its URL, else its path), before the cells
  const source = data.url ?? data.source ?? data.path ?? null;
  const out: Rec[] = [];
  for (const t of data.tables as Rec[]) {
    const header = Array.isArray(t.header) ? t.header as unknown[] : [];
    const rows = Array.isArray(t.rows) ? t.rows as unknown[][] : [];
    const scale = isRecord(t.scale) ? t.scale.multiplier ?? null : null;
    const scales = Array.isArray(t.row_scales) ? t.row_scales as (number | null)[] : null;
    const cellScales = Array.isArray(t.scales) ? t.scales as (number | null)[][] : [];
    const values = Array.isArray(t.values) ? t.values as (number | null)[][] : [];
    [header, ...rows].forEach((cells, i) => {
      if (i === 0 && !cells.length) return;
      // the header states the scale; a row has it unless it is per share, a percent or a count
      const own = i === 0 ? scale : scales ? scales[i - 1] ?? null : scale;
      // figures of a scaled row that the scale does not cover (a per-share column, a percent)
      const unscaled = i > 0 && own !== null
        ? (values[i - 1] ?? []).flatMap((v, j) =>
          v !== null && cellScales[i - 1]?.[j] === null ? [`col_${j + 1}`] : []
        ).join(" ")
        : "";
      const row: Rec = {
        table: t.table,
        page: t.page ?? null,
        row: i,
        scale: own,
        unscaled,
        source,
      };
      cells.forEach((c, j) => (row[`col_${j + 1}`] = c));
      out.push(row);
    });
  }
  return out;
}

/**
 * kpi.history as one row per point: the metric and period, the value in full (a range's high end
 * and a bound beside it) with its unit and the words it was read from, then its citation: the
 * document, the provider it was read through and when, its URL or accession, and the character
 * offsets of the sentence.
 */
function kpiHistorySheet(data: Rec): Rec[] | null {
  if (!Array.isArray(data.series)) return null;
  const docs = recs(data.documents);
  const out: Rec[] = [];
  for (const s of recs(data.series)) {
    for (const p of recs(s.points)) {
      const v = isRecord(p.value) ? p.value : {};
      const doc = docs.find((d) => d.doc_ref === p.doc_ref) ?? {};
      out.push({
        symbol: data.symbol ?? null,
        metric: s.metric,
        period: p.period ?? null,
        value: v.number ?? null,
        value_high: v.high ?? null,
        bound: v.bound ?? null,
        unit: v.unit ?? null,
        value_text: v.raw ?? null,
        qualifier: p.qualifier ?? null,
        comparison: p.comparison ?? null,
        confidence: p.confidence ?? null,
        note: p.note ?? null,
        published_at: p.published_at ?? null,
        document: doc.title ?? null,
        source: doc.source ?? data.source ?? null,
        // through which provider and when the document was read: its citation, kept in a file
        provider: doc.provider ?? null,
        retrieved_at: doc.retrieved_at ?? null,
        url: p.url ?? doc.url ?? null,
        accession_no: p.accession_no ?? doc.accession_no ?? null,
        section: doc.section ?? null,
        start_char: p.start_char ?? null,
        end_char: p.end_char ?? null,
        sentence: p.sentence ?? null,
      });
    }
  }
  return out;
}

/**
 * Factor baskets as one row per member: backtest.factor.weights' long then short basket with a
 * `side` column (both legs, not the longer list alone); backtest.factor.payload's the same for
 * each rebalance date, every scored symbol with its score (side `none` outside the baskets,
 * an empty score where it could not be scored).
 */
function factorSheet(data: Rec): Rec[] | null {
  const factor = (isRecord(data.factor) ? data.factor.name : data.factor_name) ?? null;
  const members = (r: Rec): Rec[] => [
    ...recs(r.long).map((m) => ({ side: "long", ...m })),
    ...recs(r.short).map((m) => ({ side: "short", ...m })),
  ];
  // weights and exposures are fractions of the equity in the data: the sheet's columns say their
  // unit, in percent as the text view shows them (0.5 is 50)
  const pct = (v: unknown) => (typeof v === "number" ? Math.round(v * 1e10) / 1e8 : null);
  const member = (m: Rec, r: Rec) => ({
    side: m.side,
    symbol: m.symbol,
    weight_pct: pct(m.weight),
    score: m.score ?? null,
    gross_exposure_pct: pct(r.gross_exposure),
    net_exposure_pct: pct(r.net_exposure),
  });
  if (data.run_type === "factor_weights") {
    return members(data).map((m) => ({
      factor,
      timestamp: data.timestamp ?? null,
      ...member(m, data),
    }));
  }
  const out: Rec[] = [];
  for (const r of recs(data.rebalances)) {
    const inBasket = members(r);
    const scores = isRecord(r.scores) ? r.scores : {};
    const weights = isRecord(r.weights) ? r.weights : {};
    const rest: Rec[] = Object.keys(scores)
      .filter((sym) => !inBasket.some((m) => m.symbol === sym))
      .map((sym) => ({ side: "none", symbol: sym, weight: weights[sym], score: scores[sym] }));
    for (const m of [...inBasket, ...rest]) out.push({ factor, date: r.date, ...member(m, r) });
  }
  return out;
}

/**
 * A calculator's list (a DCF's discounted cash flows, a scenario's cases) with the result's
 * headline figures and inputs as columns on every row (enterprise value, NPV, current price,
 * shares, the rates used), so the sheet does not drop what the list adds up to. Nested records
 * flatten with dots (`inputs.discount_rate`); lists of scalars join with "; "; citations read as
 * `source (provider): fields: url url`, joined with " | ".
 */
function withHeadline(data: Rec, key: string): Rec[] | null {
  const rows = recs(data[key]);
  if (!rows.length) return null;
  const head: Rec = {};
  const walk = (obj: Rec, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      if (k === key || k === "warnings" || k === "count") continue;
      if (isRecord(v)) walk(v, `${prefix}${k}.`);
      else if (Array.isArray(v)) {
        if (v.every((x) => x === null || typeof x !== "object")) head[prefix + k] = v.join("; ");
        // valuation.scenario's citations: the sheet's figures lost where they came from
        else if (k === "citations" && isCitations(v)) head[prefix + k] = citationsCell(v);
      } else head[prefix + k] = v;
    }
  };
  walk(data, "");
  // a row's own field keeps its name; a headline field of the same name is the result's
  return rows.map((r) => {
    const row: Rec = { ...r };
    for (const [k, v] of Object.entries(head)) row[k in r ? `result.${k}` : k] = v;
    return row;
  });
}

/**
 * research.plan: one row per step (its commands joined with "; "), the symbol and style on each.
 * The sheet was the longest list, the placeholders' glossary, which left the steps out.
 */
function planSheet(data: Rec): Rec[] | null {
  const steps = recs(data.steps);
  if (!steps.length) return null;
  return steps.map((s) => ({
    symbol: data.symbol,
    style: data.style,
    step: s.id,
    status: s.status,
    objective: s.objective,
    commands: Array.isArray(s.commands) ? s.commands.map(String).join("; ") : s.commands,
    missing: Array.isArray(s.missing) ? s.missing.map(String).join("; ") : "none",
  }));
}
