/**
 * Evidence from text: kpi.extract (each value with its sentence, the number marked, and where
 * it was said) and transcripts.qa (each question and its answers, speaker by speaker).
 */
import {
  type Block,
  dateText,
  isRecord,
  type Match,
  money,
  num,
  percent,
  type Rec,
  rec,
  recs,
  str,
} from "./model.ts";
import { carriedDecimals } from "./digits.ts";

/** A KPI value read as its unit says: USD with separators, percent, counts. */
export function kpiValue(v: Rec): string {
  const n = num(v.number);
  const unit = str(v.unit);
  if (n === undefined) return str(v.raw) ?? "—";
  const one = (x: number) => {
    // every decimal the text gave (4.125% is not 4.13%, 0.0004 of a unit is not 0)
    const d = carriedDecimals(x);
    if (unit === "percent") return d > 2 ? `${money(x, null, Math.min(6, d))}%` : percent(x);
    if (unit && /^[A-Z]{3}$/.test(unit)) return money(x, unit);
    const text = x.toLocaleString("en-US", { maximumFractionDigits: Math.min(6, d) });
    return `${text}${unit && unit !== "count" ? ` ${unit}` : ""}`;
  };
  // a range: both ends; a bound says which side ("a minimum of $600 million")
  const high = num(v.high);
  if (high !== undefined) return `${one(n)} to ${one(high)}`;
  if (v.bound === "at_least") return `at least ${one(n)}`;
  if (v.bound === "at_most") return `at most ${one(n)}`;
  return one(n);
}

/**
 * Where a KPI's figure sits in its sentence: at its own offsets (value_start_char, in the same
 * text as the sentence's start_char) when they hold the raw figure, else its first occurrence.
 * A sentence that says the figure twice ("up 4% … a 4% rise in volume") marks the one read.
 */
function valueAt(k: Rec, sentence: string, raw: string): number {
  if (!raw) return -1;
  const from = num(k.value_start_char);
  const start = num(k.start_char);
  if (from !== undefined && start !== undefined) {
    const at = from - start;
    if (at >= 0 && sentence.startsWith(raw, at)) return at;
  }
  return sentence.indexOf(raw);
}

/** Where kpi.extract read, for its title: ` (transcripts)`, ` (filings and transcripts)`. */
function sourceWords(source: unknown): string {
  const s = str(source);
  if (!s) return "";
  return ` (${s === "both" ? "filings and transcripts" : s})`;
}

/** kpi.extract. */
export function kpiView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const docs = recs(data.documents);
  const items: Match[] = recs(data.kpis).map((k) => {
    const value = rec(k.value);
    const sentence = str(k.sentence) ?? "";
    const raw = str(value.raw) ?? "";
    const at = valueAt(k, sentence, raw);
    const doc = docs.find((d) => d.doc_ref === k.doc_ref);
    return {
      head: [
        `${k.label}${str(k.qualifier) ? ` (${k.qualifier})` : ""}: ${kpiValue(value)}`,
        [k.forward_looking ? "outlook" : null, str(k.period), str(k.comparison)].filter(Boolean)
          .join(", "),
        `confidence ${k.confidence}`,
        str(k.speaker) && `said by ${k.speaker}${str(k.part) ? ` (${k.part})` : ""}`,
      ].filter(Boolean).join(" · "),
      before: at >= 0 ? sentence.slice(0, at) : sentence,
      match: at >= 0 ? raw : undefined,
      after: at >= 0 ? sentence.slice(at + raw.length) : undefined,
      lines: [
        ...(str(k.note) ? [`note: ${k.note}`] : []),
        [
          doc && str(doc.title),
          str(k.accession_no) && `accession ${k.accession_no}`,
          str(k.section) && `section ${k.section}`,
          `chars ${k.start_char}–${k.end_char}`,
        ].filter(Boolean).join(" · "),
        ...(str(k.url) ? [String(k.url)] : []),
      ],
    };
  });
  const missing = Array.isArray(data.missing_metrics) ? data.missing_metrics : [];
  const blocks: Block[] = [
    {
      kind: "title",
      text: `${items.length}${
        num(data.total_count)! > items.length ? ` of ${data.total_count}` : ""
      } KPI values for ${data.symbol ?? "the document"} from ${docs.length} document${
        docs.length === 1 ? "" : "s"
      }${sourceWords(data.source)}`,
    },
    items.length ? { kind: "matches", items } : { kind: "note", text: "no KPI values found" },
  ];
  if (missing.length) blocks.push({ kind: "note", text: `Not found: ${missing.join(", ")}` });
  if (docs.length) blocks.push(documentsNote(docs));
  return blocks;
}

/**
 * The documents KPI values were read from, each with its source, the provider it was read
 * through, when it was published and read, and its URL or accession in full.
 */
export function documentsNote(docs: Rec[]): Block {
  const lines = [`Documents read (${docs.length}):`];
  docs.forEach((d, i) => {
    const provider = str(d.provider) ?? (d.provider === null ? "a local file" : null);
    lines.push(`${i + 1}. ${str(d.title) ?? str(d.kind) ?? "untitled document"}`);
    const about = [
      str(d.source) && `${d.source}${provider ? ` (${provider})` : ""}`,
      str(d.published_at) && `published ${dateText(String(d.published_at))}`,
      str(d.retrieved_at) && `read ${dateText(String(d.retrieved_at))}`,
      str(d.accession_no) && `accession ${d.accession_no}`,
      str(d.section) && `section ${d.section}`,
    ].filter(Boolean).join(" · ");
    if (about) lines.push(`   ${about}`);
    if (str(d.url)) lines.push(`   ${d.url}`);
  });
  return { kind: "note", text: lines.join("\n") };
}

function who(name: unknown, title: unknown): string {
  return `${str(name) ?? "Unknown speaker"}${str(title) ? ` (${title})` : ""}`;
}

/** ` [chars 1548–1633]` for a turn with offsets, else nothing. */
function charRange(t: Rec): string {
  return num(t.start_char) !== undefined ? ` [chars ${t.start_char}–${t.end_char}]` : "";
}

/** transcripts.qa. */
export function qaView(data: unknown): Block[] {
  if (!isRecord(data)) return [];
  const t = rec(data.transcript);
  const pairs = recs(data.qa_pairs);
  const blocks: Block[] = [{
    kind: "title",
    text: `${str(t.title) ?? "Transcript"}: ${pairs.length}${
      num(data.total_count)! > pairs.length ? ` of ${data.total_count}` : ""
    } question${(num(data.total_count) ?? pairs.length) === 1 ? "" : "s"}${
      num(data.unanswered_count) ? `, ${data.unanswered_count} unanswered` : ""
    }`,
  }];
  pairs.forEach((p, i) => {
    // each question fragment (a follow-up merged into its question) and each answer with its
    // own character range, in the order they were said
    const question = recs(p.question);
    const turns = [
      // a pair without question text still heads its answers with who asked
      ...(question.length ? question : [{}]).map((q, n) => ({
        at: num(q.start_char),
        // a question IR or the operator read out for an investor (a webcast question)
        caption: `Q${i + 1}${n ? " (follow-up)" : ""}${p.read_out === true ? " (read out)" : ""}. ${
          who(p.questioner, p.questioner_title)
        }`,
        t: q,
      })),
      ...recs(p.answers).map((a) => ({
        at: num(a.start_char),
        caption: `A. ${who(a.speaker, a.speaker_title)}`,
        t: a,
      })),
    ];
    // without offsets for every turn the data's order stands (questions, then answers)
    const ordered = turns.every((x) => x.at !== undefined || !Object.keys(x.t).length)
      ? [...turns].sort((a, b) => (a.at ?? -1) - (b.at ?? -1))
      : turns;
    for (const { caption, t } of ordered) {
      blocks.push({
        kind: "text",
        caption: `${caption}${charRange(t)}`,
        text: String(t.text ?? ""),
      });
    }
  });
  blocks.push({
    kind: "note",
    text: [
      `Source: ${t.source ?? data.source}${str(t.provider) ? ` (${t.provider})` : ""}${
        str(t.quarter) ? `, ${t.quarter}` : ""
      }${str(t.published_at) ? `, published ${dateText(String(t.published_at))}` : ""}${
        str(t.retrieved_at) ? `, read ${dateText(String(t.retrieved_at))}` : ""
      }`,
      ...(str(t.url) ? [String(t.url)] : []),
      ...(data.appears_cut === true
        ? ["The transcript appears cut (see warnings): questions after the cut are missing."]
        : []),
    ].join("\n"),
  });
  return blocks;
}

/** kpi.history: one table per metric, oldest period first, each value with its sentence. */
export function kpiHistoryView(data: unknown): Block[] {
  if (!isRecord(data) || !Array.isArray(data.series)) return [];
  const blocks: Block[] = [{
    kind: "title",
    text: `KPI history of ${data.symbol ?? "the documents"} from ${recs(data.documents).length} ${
      recs(data.documents).length === 1 ? "document" : "documents"
    }${str(data.source) ? ` (${data.source})` : ""}`,
  }];
  for (const s of recs(data.series)) {
    const items: Match[] = recs(s.points).map((p) => {
      const value = rec(p.value);
      const sentence = str(p.sentence) ?? "";
      const raw = str(value.raw) ?? "";
      const at = raw ? sentence.indexOf(raw) : -1;
      return {
        head: [
          `${p.period ?? "period n/a"}: ${kpiValue(value)}${
            str(p.qualifier) ? ` (${p.qualifier})` : ""
          }`,
          str(p.comparison),
          str(p.published_at) && `published ${p.published_at}`,
          `confidence ${p.confidence}`,
        ].filter(Boolean).join(" · "),
        before: at >= 0 ? sentence.slice(0, at) : sentence,
        match: at >= 0 ? raw : undefined,
        after: at >= 0 ? sentence.slice(at + raw.length) : undefined,
        lines: [
          [
            str(p.accession_no) && `accession ${p.accession_no}`,
            `chars ${p.start_char}–${p.end_char}`,
          ]
            .filter(Boolean).join(" · "),
          ...(str(p.url) ? [String(p.url)] : []),
        ],
      };
    });
    blocks.push(
      items.length
        ? {
          kind: "matches",
          caption: `${s.metric} (${items.length} period${items.length === 1 ? "" : "s"})`,
          items,
        }
        : { kind: "note", text: `${s.metric}: no values found` },
    );
  }
  const docs = recs(data.documents);
  if (docs.length) blocks.push(documentsNote(docs));
  return blocks;
}
