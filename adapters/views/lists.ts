/**
 * Lists of matches and records: document.scan (page, offsets, context with the match marked),
 * news.search, filings.recent, transcripts.search and screen.run, one entry each with its key
 * fields and its full URL; news.analyze's series. document.tables' view is in tables_view.ts,
 * price.moves' and price.context's in price.ts.
 */
import {
  type Block,
  type Cell,
  dateText,
  fieldText,
  isRecord,
  join,
  type Match,
  money,
  num,
  percent,
  type Rec,
  sourceUrls,
  str,
} from "./model.ts";

export const list = (data: Rec, key: string): Rec[] =>
  Array.isArray(data[key]) ? (data[key] as unknown[]).filter(isRecord) : [];

export function countLine(shown: number, total: unknown, what: string): string {
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
