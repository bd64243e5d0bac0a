/**
 * The price views: price.moves (each move with its window, return, closes and how large it was
 * against volume and the usual move) and price.context (the filings, news and transcripts dated
 * around a move, each with its source and full URL).
 */
import {
  type Block,
  type Cell,
  dateText,
  fieldText,
  isRecord,
  isUrl,
  money,
  num,
  percent,
  type Rec,
  sourceUrls,
  str,
} from "./model.ts";
import { genericView } from "./generic.ts";
import { countLine, list } from "./lists.ts";

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
  const cited = citationText(item);
  const mine = cited === undefined ? rest : { ...rest, citation: cited };
  if (!isRecord(metadata) || !("session" in metadata)) return { date, ...mine, metadata };
  const { session, ...other } = metadata;
  const citation = isRecord(item.citation) ? item.citation : {};
  const own = Object.entries(other).filter(([k, v]) => citation[k] !== v);
  return { date, session, ...mine, metadata: fieldsLine(own) };
}

/**
 * An item's metadata on one line (`form 8-K · items 2.02, 9.01`, `source country United
 * States · language English`), for the same reason as its citation: each kind its own fields.
 */
function fieldsLine(entries: [string, unknown][]): string {
  return entries.filter(([, v]) => v !== null && v !== undefined && v !== "").map(([k, v]) =>
    `${k.replace(/_/g, " ")} ${
      Array.isArray(v) ? v.join(", ") : typeof v === "string" ? dateText(v) : String(v)
    }`
  ).join(" · ");
}

/** A citation's fields in words; those not named here read by their own name. */
const CITED: Record<string, string> = {
  accession_no: "accession",
  filed_at: "filed",
  acceptance_datetime_eastern: "accepted",
  accepted_at_utc: "accepted",
  first_seen_at: "first seen",
  published_at: "published",
  provider: "via",
};

/**
 * An item's own citation on one line ("accession … · filed … · accepted …" for a filing,
 * "example-news.com · first seen … · via gdelt" for a news item): as columns, the kinds' fields
 * met in one table, so a news item showed a filing's empty accession and its own domain and
 * first-seen time were hidden. Its URL (the item's own, shown apart), an instant said twice
 * (accepted in New York and in UTC, published when first seen) and empty fields are left out.
 */
function citationText(item: Rec): string | undefined {
  const c = item.citation;
  if (!isRecord(c)) return undefined;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(c)) {
    if (v === null || v === undefined || v === "") continue;
    if (k === "url" && v === item.url) continue;
    if (k === "accepted_at_utc" && str(c.acceptance_datetime_eastern)) continue;
    if (k === "published_at" && v === c.first_seen_at) continue;
    const text = typeof v === "string" ? dateText(v) : String(v);
    parts.push(k === "domain" ? text : `${CITED[k] ?? k.replace(/_/g, " ")} ${text}`);
  }
  return parts.join(" · ");
}

/** True for price.context's data: a timeline of dated items with their role to the move. */
export function isContextData(data: unknown): boolean {
  return isRecord(data) && Array.isArray(data.timeline) && "target_date" in data &&
    list(data, "timeline").every((t) => "evidence_role" in t);
}
