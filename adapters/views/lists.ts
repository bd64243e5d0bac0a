/**
 * Lists of matches and records: document.scan (page, offsets, context with the match marked),
 * news.search, filings.recent, transcripts.search and screen.run, one entry each with its key
 * fields and its full URL.
 */
import {
  type Block,
  type Cell,
  dateText,
  fieldText,
  isRecord,
  isUrl,
  type Match,
  money,
  num,
  percent,
  type Rec,
  sourceUrls,
  str,
} from "./model.ts";
import { oneLine } from "./text.ts";
import { genericView } from "./generic.ts";

const list = (data: Rec, key: string): Rec[] =>
  Array.isArray(data[key]) ? (data[key] as unknown[]).filter(isRecord) : [];

const join = (parts: (string | undefined | false | null)[]) => parts.filter(Boolean).join(" · ");

function countLine(shown: number, total: unknown, what: string): string {
  const t = num(total);
  // "matches" → "match", "filings" → "filing"
  const one = what.endsWith("ches") ? what.slice(0, -2) : what.replace(/s$/, "");
  return t !== undefined && t > shown
    ? `${shown} of ${t} ${what}`
    : `${shown} ${shown === 1 ? one : what}`;
}

/** document.scan: each match's page, offsets and score, then its context with the match marked. */
export function scanView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const matches = list(data, "matches");
  const items: Match[] = matches.map((m) => {
    const context = str(m.context) ?? "";
    const from = (num(m.start_char) ?? 0) - (num(m.context_start_char) ?? 0);
    const to = (num(m.end_char) ?? 0) - (num(m.context_start_char) ?? 0);
    const inside = from >= 0 && to <= context.length && to > from;
    return {
      head: join([
        num(m.page) !== undefined && `page ${m.page}`,
        `chars ${m.start_char}–${m.end_char}`,
        str(m.topic) && `“${m.topic}”`,
        num(m.score) !== undefined && `score ${m.score}${str(m.method) ? ` (${m.method})` : ""}`,
        str(m.match_id) && `match_id ${m.match_id}`,
      ]),
      before: inside ? context.slice(0, from) : context,
      match: inside ? context.slice(from, to) : undefined,
      after: inside ? context.slice(to) : undefined,
    };
  });
  return [
    {
      kind: "title",
      text: `${countLine(matches.length, data.total_matches, "matches")} in ${
        str(data.url) ?? str(data.path) ?? str(data.source) ?? "the document"
      }${num(data.page_count) !== undefined ? ` (${data.page_count} pages, ${data.format})` : ""}`,
    },
    items.length
      ? { kind: "matches", items }
      : { kind: "note", text: `no match for ${fieldText("topics", data.topics)}` },
  ];
}

/** news.search: date, outlet and title per article, with its URL. */
export function newsView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const articles = list(data, "articles");
  const items: Match[] = articles.map((a) => ({
    head: join([
      // GDELT's crawl time, not the publisher's date: said so on every line
      (str(a.first_seen_at) ?? str(a.published_at)) &&
      `first seen ${dateText(String(a.first_seen_at ?? a.published_at))}`,
      str(a.domain),
      str(a.source_country),
      str(a.language),
    ]),
    lines: [str(a.title) ?? "(untitled)", String(a.url)],
  }));
  const window = isRecord(data.window) ? data.window : {};
  return [
    {
      kind: "title",
      text: `${countLine(articles.length, data.count, "articles")} for “${data.query}”${
        str(window.timespan) ? ` in the last ${spanWords(String(window.timespan))}` : ""
      }${str(window.start) ? ` from ${window.start} to ${window.end ?? "now"}` : ""}`,
    },
    items.length ? { kind: "matches", items } : { kind: "note", text: "no articles" },
    {
      kind: "note",
      text:
        `Dates are when GDELT first saw each article, not the publisher's own date.\nSource: GDELT DOC 2.0 (${data.source})\n${data.request_url}`,
    },
  ];
}

/** filings.recent: form, dates, accession and items per filing, with the document URL. */
export function filingsView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const filings = list(data, "filings");
  const items: Match[] = filings.map((f) => ({
    head: join([
      String(f.form),
      str(f.filed_at) && `filed ${f.filed_at}`,
      str(f.report_date) && `period ${f.report_date}`,
      str(f.accession_no) && `accession ${f.accession_no}`,
      Array.isArray(f.items) && f.items.length > 0 && `items ${f.items.join(", ")}`,
      str(f.event_type) && `event ${f.event_type}`,
    ]),
    lines: [String(f.url)],
  }));
  return [
    {
      kind: "title",
      text: `${countLine(filings.length, data.total_count, "filings")} of ${
        str(data.company_name) ?? data.symbol
      } (${data.symbol}, CIK ${data.cik}), newest first`,
    },
    items.length ? { kind: "matches", items } : { kind: "note", text: "no filings match" },
    { kind: "note", text: `Source: SEC EDGAR (${data.source})` },
  ];
}

/** transcripts.search: quarter, date and title per transcript, with its URL. */
export function transcriptsView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const rows = list(data, "transcripts");
  const items: Match[] = rows.map((t) => ({
    head: join([
      str(t.quarter),
      str(t.published_at) && dateText(String(t.published_at)),
      str(t.title),
    ]),
    lines: [String(t.url)],
  }));
  return [
    {
      kind: "title",
      text: `${countLine(rows.length, data.count, "transcripts")} for ${data.symbol}`,
    },
    items.length ? { kind: "matches", items } : { kind: "note", text: "no transcripts found" },
    {
      kind: "note",
      text: [
        `Source: ${data.source}${str(data.provider) ? ` (${data.provider})` : ""}${
          str(data.retrieved_at) ? `, read ${dateText(String(data.retrieved_at))}` : ""
        }`,
        ...sourceUrls(data),
      ].join("\n"),
    },
  ];
}

/** screen.run: one row per quote: symbol, name, price with currency, change, market cap, volume. */
export function screenView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const quotes = list(data, "quotes");
  const rows: Cell[][] = quotes.map((q) => {
    const cur = str(q.currency);
    return [
      { text: String(q.symbol) },
      { text: str(q.name) ?? "" },
      { text: money(num(q.price), cur), number: true },
      { text: percent(num(q.change_pct)), number: true },
      // Yahoo states caps in the major unit (GBP beside a GBp price).
      { text: money(num(q.market_cap), str(q.market_cap_currency) ?? cur), number: true },
      { text: fieldText("volume", q.volume), number: true },
      { text: str(q.exchange) ?? "" },
    ];
  });
  const asOf = quotes.map((q) => str(q.as_of)).filter(Boolean).sort().at(-1);
  return [
    {
      kind: "title",
      text: `${str(data.title) ?? data.query}: ${countLine(quotes.length, data.total, "quotes")}`,
    },
    {
      kind: "table",
      columns: [
        { name: "symbol" },
        { name: "name" },
        { name: "price", number: true },
        { name: "change", number: true },
        { name: "market cap", number: true },
        { name: "volume", number: true },
        { name: "exchange" },
      ],
      rows,
      note: screenNote(quotes, rows),
    },
    {
      kind: "note",
      text: [
        `Source: ${data.provider}, ${data.source}${asOf ? `; quotes as of ${dateText(asOf)}` : ""}`,
        ...sourceUrls(data),
      ].join("\n"),
    },
  ];
}

/**
 * What a screen's table cannot say in its cells: which prices carry no currency (a bare 12.30
 * beside USD and EUR rows reads as one of them), and that a "—" is a figure Yahoo left out.
 */
function screenNote(quotes: Rec[], rows: Cell[][]): string | undefined {
  const bare = quotes.filter((q) => num(q.price) !== undefined && !str(q.currency))
    .map((q) => String(q.symbol));
  return [
    bare.length
      ? `the price and market cap of ${bare.join(", ")} are shown without a currency: Yahoo ` +
        "states none (check with market.quote)"
      : "",
    rows.some((r) => r.some((c) => c.text === "—")) ? "— not reported by Yahoo for that quote" : "",
    "change: percent change in the regular session against the previous close",
  ].filter(Boolean).join("; ");
}

/** document.tables: each table's cells as a grid, numbers right-aligned. */
export function tablesView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const tables = list(data, "tables");
  const blocks: Block[] = [{
    kind: "title",
    text: `${countLine(tables.length, data.total_detected, "tables")} in ${
      str(data.url) ?? str(data.path) ?? str(data.source) ?? "the document"
    }`,
  }];
  for (const t of tables) {
    const header = Array.isArray(t.header)
      ? (t.header as unknown[]).map((h) => oneLine(String(h ?? "")))
      : [];
    const body = Array.isArray(t.rows) ? (t.rows as unknown[][]) : [];
    const values = Array.isArray(t.values) ? (t.values as (number | null)[][]) : [];
    const width = Math.max(header.length, ...body.map((r) => r.length));
    const numeric = Array.from(
      { length: width },
      (_, c) => values.some((r) => typeof r?.[c] === "number"),
    );
    blocks.push({
      kind: "table",
      fold: 1,
      caption: join([
        `Table ${t.table}`,
        num(t.page) !== undefined && `page ${t.page}`,
        str(t.flavor),
        Array.isArray(t.shape) && `${t.shape[0]} rows × ${t.shape[1]} columns`,
        scaleNote(t.scale, header, t.scales, values, body, t.row_scales),
      ]),
      columns: Array.from(
        { length: width },
        (_, c) => ({ name: header[c] ?? "", number: numeric[c] }),
      ),
      rows: body.map((r) =>
        Array.from(
          { length: width },
          (_, c) => ({ text: oneLine(String(r[c] ?? "")), number: numeric[c] }),
        )
      ),
      note: t.truncated === true ? `${t.returned_rows} rows shown (max_rows)` : undefined,
    });
  }
  return blocks;
}

/**
 * A table's stated scale: "figures in thousands (“(In thousands, …)” above the table)", and the
 * columns and rows whose figures it covers none of ("not in millions: Average Price Paid per
 * Share; Diluted earnings per share"); a table with figures and no scale found says so.
 */
function scaleNote(
  scale: unknown,
  header: string[],
  scales: unknown,
  values: (number | null)[][],
  body: unknown[][],
  rowScales: unknown,
): string | false {
  if (!isRecord(scale) || typeof scale.multiplier !== "number") {
    // said, so a bare 4,200 is not read as dollars or millions the table never named
    return values.some((r) => r?.some((x) => typeof x === "number")) &&
      "figures as printed: no scale (thousands, millions) found with the table";
  }
  const unit = ({ 1e3: "thousands", 1e6: "millions", 1e9: "billions" } as Record<number, string>)[
    scale.multiplier
  ] ?? `units of ${scale.multiplier}`;
  const where = scale.where === "header" ? "in its header" : "above the table";
  const cells = Array.isArray(scales) ? scales as (number | null)[][] : [];
  // named columns with figures, none of them covered (their rows are not named again)
  const columns = header.map((h, c) =>
    !!h && !!cells.length && values.some((r) => typeof r?.[c] === "number") &&
    cells.every((r) => r[c] === null || r[c] === undefined)
  );
  const uncovered = header.filter((_, c) => columns[c]);
  const covered = cells.some((r) => r.some((x) => typeof x === "number"));
  const rows = covered ? uncoveredRows(body, values, cells, rowScales, columns) : [];
  const not = covered && (uncovered.length || rows.length)
    ? `; not in ${unit}: ${[...uncovered, ...rows].join("; ")}`
    : "";
  return `${
    covered || !cells.length ? `figures in ${unit}` : `no figure in ${unit}`
  } as printed (“${oneLine(String(scale.text ?? ""))}” ${where})${not}`;
}

/** Row labels listed in a caption at most; the rest are counted (the warning names them too). */
const MAX_ROWS_NAMED = 8;

/**
 * The labels of rows whose figures the scale covers none of (an EPS row in cents, a percent or
 * count row under "$ in millions"): document.tables gives them row_scales null. A row whose
 * figures all sit in a column already named as uncovered is not named again.
 */
function uncoveredRows(
  body: unknown[][],
  values: (number | null)[][],
  cells: (number | null)[][],
  rowScales: unknown,
  columns: boolean[],
): string[] {
  const perRow = Array.isArray(rowScales) ? rowScales as (number | null)[] : null;
  const labels: string[] = [];
  values.forEach((r, i) => {
    const figures = (r ?? []).flatMap((v, c) => (typeof v === "number" && !columns[c] ? [c] : []));
    if (!figures.length) return;
    const none = perRow && i < perRow.length
      ? perRow[i] === null || perRow[i] === undefined
      : figures.every((c) => cells[i]?.[c] === null || cells[i]?.[c] === undefined);
    if (none) labels.push(rowLabel(body[i] ?? []) || `row ${i + 1}`);
  });
  return labels.length > MAX_ROWS_NAMED
    ? [...labels.slice(0, MAX_ROWS_NAMED), `${labels.length - MAX_ROWS_NAMED} more rows`]
    : labels;
}

/** A row's label: its first cell that is not a figure. */
function rowLabel(row: unknown[]): string {
  for (const cell of row) {
    const text = oneLine(String(cell ?? "")).trim();
    if (text && !/^[\s$€£¥(+\-–—−]*[\d.,]+[)%]*$/.test(text)) return text;
  }
  return "";
}

/** price.moves: one row per move, largest first, with its volume and size against the usual. */
export function movesView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const moves = list(data, "moves");
  const ratio = (v: unknown) => (num(v) === undefined ? "—" : `${num(v)!.toFixed(2)}×`);
  const rows: Cell[][] = moves.map((m) => [
    { text: String(m.start_date) },
    { text: String(m.end_date) },
    { text: `${num(m.return_pct)! > 0 ? "+" : ""}${percent(num(m.return_pct))}`, number: true },
    {
      text: `${money(num(m.start_close), str(m.currency))} → ${money(num(m.end_close))}`,
      number: true,
    },
    { text: fieldText("volume", m.volume), number: true },
    { text: ratio(m.volume_vs_20d), number: true },
    { text: ratio(m.move_vs_20d_avg_abs_return), number: true },
  ]);
  const notes = Array.isArray(data.notes) ? (data.notes as string[]) : [];
  return [
    {
      kind: "title",
      text: `${countLine(moves.length, data.total_count, "moves")} of ${
        percent(num(data.threshold_pct))
      } or more in ${data.symbol} over ${data.window} windows, ${data.start_date} to ${data.end_date} (${data.bars} bars)`,
    },
    {
      kind: "table",
      columns: [
        { name: "from" },
        { name: "to" },
        { name: "return", number: true },
        { name: "close", number: true },
        { name: "volume", number: true },
        { name: "volume vs\n20-day avg", number: true },
        { name: "size vs 20-day\navg |return|", number: true },
      ],
      rows,
    },
    {
      kind: "note",
      text: [
        `Source: ${data.source ?? "—"}${
          str(data.provider) && data.provider !== data.source ? `, provider ${data.provider}` : ""
        }${str(data.retrieved_at) ? `, retrieved ${dateText(String(data.retrieved_at))}` : ""}`,
        ...sourceUrls(data),
        ...notes,
      ].join("\n"),
    },
  ];
}

/** news.analyze timelines: one row per date, one column per series; other analyses are generic. */
export function newsAnalysisView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.series) || !data.series.length) return [];
  const series = list(data, "series");
  const dates = [
    ...new Set(series.flatMap((s) => list(s, "data").map((p) => String(p.date)))),
  ].sort();
  const value = (s: Record<string, unknown>, date: string) =>
    list(s, "data").find((p) => String(p.date) === date)?.value;
  return [
    {
      kind: "title",
      text: `News ${data.analysis} for ${
        isRecord(data.scope) ? `${data.scope.type} ${data.scope.value}` : `“${data.query}”`
      } (GDELT ${data.mode})`,
    },
    {
      kind: "table",
      columns: [{ name: "date" }, ...series.map((s) => ({ name: String(s.series), number: true }))],
      rows: dates.map((d): Cell[] => [
        { text: dateText(d).replace(/ 00:00:00 UTC$/, "") },
        ...series.map((s) => ({ text: fieldText("value", value(s, d)), number: true })),
      ]),
    },
    {
      kind: "note",
      text:
        `Dates are when GDELT first saw each article, not the publisher's own date.\nSource: GDELT DOC 2.0 (${data.source})\n${data.request_url}`,
    },
  ];
}

/**
 * price.context, which has no view of its own: the generic view, with each timeline item's
 * New York session (pre_market, market_hours, after_close) moved up beside its date. The session
 * is what decides whether an item on the move date came before or after the move, and under
 * `metadata` it fell past the columns the generic view shows.
 */
export function contextView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.timeline)) return [];
  const timeline = list(data, "timeline").map(withSession);
  const sources = list(data, "sources");
  if (!sources.length) return genericView({ ...data, timeline });
  return [...genericView({ ...data, timeline, sources: undefined }), contextSources(sources)];
}

/**
 * price.context's sources, each with its provider, what it gave or that it could not be read,
 * when it was read and every URL it read in full on a line of its own (a table cut the URLs
 * and left an empty cell where a source named none).
 */
function contextSources(sources: Rec[]): Block {
  const lines = ["Sources:"];
  for (const s of sources) {
    const n = num(s.count) ?? 0;
    const when = str(s.retrieved_at);
    const why = str(s.error);
    const state = s.ok === false
      ? "could not be read (see the warnings)"
      : `${n} ${n === 1 ? "item" : "items"}${when ? `, read ${dateText(when)}` : ""}`;
    lines.push(`${s.source} (${str(s.provider) ?? "provider not named"}): ${state}`);
    if (s.ok === false && why) lines.push(`   ${errorHead(why)}`);
    const urls = Array.isArray(s.source_urls) ? s.source_urls.filter(isUrl) : [];
    if (urls.length) lines.push(...urls.map((u) => `   ${u}`));
    else if (s.ok !== false) {
      lines.push("   no URL named by its command; each item's own URL is in the timeline");
    }
  }
  return { kind: "note", text: lines.join("\n") };
}

/**
 * The start of an error, for a line that names it (the warnings have all of it): up to its
 * first URL (never half a link) or about 100 characters at a word, "…" where it was cut.
 */
function errorHead(error: string): string {
  const url = error.search(/https?:\/\//);
  let cut = url >= 0 ? url : error.length;
  if (cut > 100) cut = Math.max(error.lastIndexOf(" ", 100), 40);
  const head = error.slice(0, cut).trimEnd();
  return head.length < error.length ? `${head}…` : head;
}

/**
 * A timeline item with `metadata.session` as `session`, right after its date, and without the
 * metadata that repeats its citation (accession, domain, published_at): fewer columns to hide.
 */
function withSession(item: Rec): Rec {
  const { date, metadata, ...rest } = item;
  if (!isRecord(metadata) || !("session" in metadata)) return item;
  const { session, ...other } = metadata;
  const citation = isRecord(item.citation) ? item.citation : {};
  const own = Object.entries(other).filter(([k, v]) => citation[k] !== v);
  return { date, session, ...rest, metadata: Object.fromEntries(own) };
}

/** True for price.context's data: a timeline of dated items with their role to the move. */
export function isContextData(data: unknown): boolean {
  return isRecord(data) && Array.isArray(data.timeline) && "target_date" in data &&
    list(data, "timeline").every((t) => "evidence_role" in t);
}

/** GDELT's timespan in words: "3m" is three months there (not minutes), "15min" minutes. */
export function spanWords(span: string): string {
  const m = /^\s*(\d+)\s*(min|minutes?|h|hours?|d|days?|w|weeks?|m|months?)\s*$/i.exec(span);
  if (!m) return span;
  const n = Number(m[1]);
  const unit = m[2].toLowerCase();
  const word = unit.startsWith("min")
    ? "minute"
    : unit.startsWith("h")
    ? "hour"
    : unit.startsWith("d")
    ? "day"
    : unit.startsWith("w")
    ? "week"
    : "month";
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
