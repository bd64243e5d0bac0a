import { z } from "zod";
import { defineCommand } from "../../core/command.ts";
import { urlGuardFor } from "../../core/access.ts";
import { FinanceError } from "../../core/errors.ts";
import { ticker } from "../../core/schema.ts";
import type { Context } from "../../core/context.ts";
import { parseArchiveUrl } from "../../providers/filings_a/edgar.ts";
import { sourceUrls } from "../market/_sources.ts";

const doc = z.object({
  title: z.string(),
  date: z.string().nullable().describe(
    "YYYY-MM-DD: an 8-K's filing day, or a full date written in an IR link; null when none is written.",
  ),
  url: z.string(),
  kind: z.string(),
  confidence: z.enum(["high", "medium", "low"]),
  why_matched: z.string(),
  source: z.enum(["filings_a", "company_ir"]),
  provider: z.enum(["filings_a", "company_ir"]).optional().describe(
    "Provider key the row was read through (the same as source).",
  ),
  filing_url: z.string().nullable(),
  accession_no: z.string().nullable(),
  form: z.string().nullable(),
  items: z.array(z.string()),
  exhibit: z.string().nullable(),
  page_url: z.string().nullable(),
  period: z.string().nullable().describe(
    "A fiscal period or year an IR link names instead of a date (Q4 2024, Q4 FY2026 for a fiscal quarter, FY2024, 2025); not a date.",
  ),
  date_source: z.enum(["filing_date", "link_text", "url"]).nullable().describe(
    "Where date was read: filing_date (the 8-K's filing day, not the event's), link_text (the IR " +
      "link's words) or url (a date in the link's path or file name); null without a date.",
  ),
  warnings: z.array(z.string()),
});
type Doc = z.infer<typeof doc>;

type FilingRow = {
  form: string;
  accession_no: string;
  filed_at: string;
  /** The 8-K's date of the event it reports (SEC's reportDate); "" when SEC gives none. */
  report_date?: string;
  items?: string[];
  url?: string;
};

async function fromFilings(ctx: Context, symbol: string, limit: number): Promise<Doc[]> {
  const env = await ctx.call<{ cik: string; filings: FilingRow[] }>("filings.recent", {
    symbol,
    forms: "8-K,8-K/A",
    limit,
  });
  if (!env.ok || !env.data) throw new FinanceError(env.error ?? "filings.recent failed");
  const { classifyExhibit } = await import("../../providers/company_ir/exhibits.ts");
  const ir = await ctx.provider("company_ir");
  const out: Doc[] = [];
  const failed: string[] = [];
  for (const f of env.data.filings) {
    let index;
    try {
      index = await ir.filingIndex(env.data.cik, f.accession_no);
    } catch (err) {
      const why = (err as Error).message.replace(/^filings_a: /, "");
      failed.push(`${f.accession_no}: ${why}`);
      ctx.warn(`filings_a: exhibit list of ${f.accession_no} unavailable: ${why}`);
      continue;
    }
    // an 8-K is filed up to four business days after its event (an investor day, a release):
    // the row's date is the filing's, and the event's day is said when it is another
    const filed = f.filed_at.slice(0, 10);
    const event = /^\d{4}-\d{2}-\d{2}$/.test(f.report_date ?? "") ? f.report_date! : null;
    const eventNote = event && event !== filed
      ? [`the 8-K reports an event of ${event}; date is the filing day ${filed}, not the event's`]
      : [];
    for (const ex of index.exhibits.filter((e) => /^EX-99/i.test(e.type))) {
      const c = classifyExhibit(ex.description, ex.document);
      const bare = /^(ex(hibit)?[- ]?)?99(\.\d+)?$/i.test(ex.description.trim());
      out.push({
        title: bare || !ex.description ? ex.document : ex.description,
        date: filed,
        url: ex.url,
        kind: c.kind,
        confidence: c.confidence,
        why_matched: c.why,
        source: "filings_a",
        filing_url: index.url,
        accession_no: f.accession_no,
        form: f.form,
        items: f.items ?? [],
        exhibit: ex.type,
        page_url: null,
        period: null,
        date_source: "filing_date",
        warnings: [
          ...(c.kind !== "press_release" && c.confidence === "medium" &&
              /release/i.test(`${ex.description} ${ex.document}`)
            ? ["the exhibit also reads as a press release"]
            : []),
          ...eventNote,
        ],
      });
    }
  }
  if (failed.length && failed.length === env.data.filings.length) {
    throw new FinanceError(`no 8-K exhibit list could be read (first: ${failed[0]})`);
  }
  return out;
}

/** The CIK and file of an EDGAR archive URL (the viewer's `/ix?doc=` link too), else null. */
function edgarPath(url: string): { cik: string; key: string } | null {
  const p = parseArchiveUrl(url);
  return p?.file
    ? { cik: String(p.cik), key: `sec:${p.cik}/${p.accession}/${p.file.toLowerCase()}` }
    : null;
}

/**
 * Query parameters that never choose another document: a cache-buster or version (`?v=2`), a
 * download switch, click tracking. Others (`?id=1234`, `?newsid=`) name the document: two press
 * releases at one path told apart only by their id are two documents.
 */
const SAME_DOCUMENT_PARAM =
  /^(v|ver|version|rev|ts|t|cb|cache|_|download|dl|inline|attachment|disposition|utm_\w+|gclid|fbclid|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * One key per document, whichever source listed it: an EDGAR archive file by its CIK, accession
 * folder and name (the IR page's `/ix?doc=` viewer link or zero-padded CIK is the same file),
 * any other URL without its scheme, `www.`, trailing slash or the query parameters that do not
 * choose the document ({@link SAME_DOCUMENT_PARAM}).
 */
export function documentKey(url: string): string {
  const sec = edgarPath(url);
  if (sec) return sec.key;
  try {
    const u = new URL(url);
    const params = [...u.searchParams].filter(([k]) => !SAME_DOCUMENT_PARAM.test(k))
      .sort(([a], [b]) => a.localeCompare(b));
    const query = params.length ? `?${new URLSearchParams(params)}` : "";
    return `${u.hostname.toLowerCase().replace(/^www\./, "")}${
      u.pathname.replace(/\/+$/, "")
    }${query}`;
  } catch {
    return url;
  }
}

/** The company's CIK from SEC's ticker list, or null when it cannot be had. */
async function cikOf(ctx: Context, symbol: string): Promise<string | null> {
  try {
    const c = await (await ctx.provider("company_ir")).lookupCompany(symbol);
    return c ? String(Number(c.cik)) : null;
  } catch {
    return null;
  }
}

async function fromIrSite(ctx: Context, symbol: string): Promise<Doc[]> {
  const profile = await ctx.call<{ website?: string | null; ir_website?: string | null }>(
    "symbol.profile",
    { symbol },
  );
  if (!profile.ok) throw new FinanceError(`no company website known: ${profile.error}`);
  const website = profile.data?.website ?? null;
  const irSite = profile.data?.ir_website ?? null;
  if (!website && !irSite) throw new FinanceError(`the profile of ${symbol} names no website`);
  const guard = ctx.access.allowPrivateUrls ? undefined : urlGuardFor(ctx.access);
  const crawl = await (await ctx.provider("company_ir")).crawl(website, irSite, { guard });
  if (!crawl.visited.length) {
    throw new FinanceError(`no IR page address could be made from the profile of ${symbol}`);
  }
  if (crawl.errors.length === crawl.visited.length) {
    throw new FinanceError(`no IR page could be read (${crawl.errors.join("; ")})`);
  }
  for (const w of crawl.warnings ?? []) ctx.warn(`company_ir: ${w}`);
  // pages read beside pages that failed: what the failed ones link is missing, not absent
  if (crawl.errors.length) {
    ctx.warn(
      `company_ir: ${crawl.errors.length} of ${crawl.visited.length} IR pages could not be read, so their documents are not listed (${
        crawl.errors.slice(0, 3).join("; ")
      }${crawl.errors.length > 3 ? `; and ${crawl.errors.length - 3} more` : ""})`,
    );
  }
  if (!crawl.documents.length) {
    ctx.warn(
      `company_ir: no presentation links in the plain HTML of ${
        crawl.visited.join(", ")
      } (many IR sites build their lists with JavaScript)`,
    );
  }
  // an IR page may link another filer's EDGAR documents (an acquirer's, a spin-off's)
  const filers = crawl.documents.map((d) => edgarPath(d.url)?.cik ?? null);
  const own = filers.some(Boolean) ? await cikOf(ctx, symbol) : null;
  return crawl.documents.map((d, i) => ({
    title: d.title,
    date: d.date,
    url: d.url,
    kind: d.kind,
    confidence: own && filers[i] && filers[i] !== own ? "low" as const : d.confidence,
    why_matched: d.why,
    source: "company_ir" as const,
    filing_url: null,
    accession_no: null,
    form: null,
    items: [],
    exhibit: null,
    page_url: d.page_url,
    period: d.period,
    date_source: d.date_source ?? null,
    warnings: [
      ...(d.external && !(own && filers[i] === own)
        ? ["the document is hosted outside the company's domain (linked from its IR page)"]
        : []),
      ...(own && filers[i] && filers[i] !== own
        ? [
          `an SEC filing of CIK ${
            filers[i]
          }, not ${symbol}'s (CIK ${own}): another company's document linked from the IR page`,
        ]
        : []),
      ...(d.notes ?? []),
    ],
  }));
}

const RANK = { high: 0, medium: 1, low: 2 };

/** Newest first; an undated document after every dated one (never "null" sorted as text). */
export function byDateNewestUndatedLast(a: string | null, b: string | null): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return b.localeCompare(a);
}

export default defineCommand({
  name: "ir.presentations",
  summary: "Investor presentations and press releases from 8-K exhibits and IR pages",
  description:
    "Lists investor-relations documents for a company: EX-99 exhibits of its recent 8-K filings (earnings releases, investor-day and earnings presentations, shareholder letters), each with title, filing date, URL, kind, confidence, accession and 8-K items; and, with source=company_ir or all, presentation links found in the plain HTML of its IR site. source=auto reads the IR site only when the filings give nothing. Read a document with ir.read.",
  usage: "finance ir.presentations SYMBOL [limit=20 source=auto|filings_a|company_ir|all]",
  side_effects: "network_read_only",
  auth_required: "none",
  citation_fields: ["url", "filing_url", "accession_no", "source", "date"],
  positional: ["symbol"],
  args: z.strictObject({
    symbol: ticker("Company ticker, e.g. NVDA."),
    limit: z.int().min(1).max(200).default(20).describe(
      "Most documents returned (and most 8-K filings scanned).",
    ),
    source: z.preprocess(
      (
        v,
      ) => (typeof v === "string" && ["sec", "sec_edgar", "filings"].includes(v.toLowerCase())
        ? "filings_a"
        : v),
      z.enum(["auto", "filings_a", "company_ir", "all"]),
    ).default("auto").describe(
      "Where to look: auto, filings_a (SEC 8-K exhibits), company_ir or all.",
    ),
  }),
  data: z.object({
    symbol: z.string(),
    presentations: z.array(doc),
    count: z.int(),
    source: z.string(),
    sources_used: z.array(z.string()),
    notes: z.array(z.string()),
    retrieved_at: z.string().nullable().optional().describe(
      "When the newest page was read (ISO 8601; the recording's time under replay); null when that is not known (a recording that carries no date, or no page read).",
    ),
    source_urls: z.array(z.string()).optional().describe(
      "The filing indexes and IR pages the rows were read from (keys removed), newest last.",
    ),
  }),
  examples: [
    "finance ir.presentations NVDA",
    "finance ir.presentations JPM source=all limit=10",
  ],
  async run(args, ctx) {
    const used: string[] = [];
    const failures: string[] = [];
    let docs: Doc[] = [];
    const attempt = async (name: string, fn: () => Promise<Doc[]>) => {
      try {
        docs = docs.concat(await fn());
        used.push(name);
      } catch (err) {
        const text = (err as Error).message;
        const message = text.startsWith(`${name}:`) ? text : `${name}: ${text}`;
        failures.push(message);
        ctx.warn(message);
      }
    };
    if (args.source !== "company_ir") {
      await attempt("filings_a", () => fromFilings(ctx, args.symbol, args.limit));
    }
    if (
      args.source === "company_ir" || args.source === "all" ||
      (args.source === "auto" && !docs.length)
    ) {
      await attempt("company_ir", () => fromIrSite(ctx, args.symbol));
    }
    if (!used.length) throw new FinanceError(`no source answered: ${failures.join("; ")}`);
    // the same document from the 8-K and the IR page is listed once, the filing's (dated) copy
    const keys = docs.map((d) => documentKey(d.url));
    for (const [i, d] of docs.entries()) {
      const first = keys.indexOf(keys[i]);
      if (first !== i && d.page_url && docs[first].source !== d.source) {
        docs[first].warnings.push(`also linked from the IR page ${d.page_url}`);
      }
    }
    const unique = docs.filter((_, i) => keys.indexOf(keys[i]) === i)
      .sort((a, b) =>
        RANK[a.confidence] - RANK[b.confidence] || byDateNewestUndatedLast(a.date, b.date) ||
        a.url.localeCompare(b.url)
      ).slice(0, args.limit);
    if (!unique.length) ctx.warn(`no presentations or press releases found for ${args.symbol}`);
    return {
      symbol: args.symbol,
      presentations: unique.map((d) => ({ ...d, provider: d.source })),
      count: unique.length,
      source: args.source,
      sources_used: used,
      notes: [
        "kind and confidence come from exhibit descriptions, file names and link text, not from reading the documents.",
        "8-K exhibits are dated by filing day; IR-site dates come from full dates in link text or URLs and may be missing (a fiscal period or year goes to period, not date); undated documents are listed after dated ones.",
        "Company IR sites are read as plain HTML without running JavaScript, so lists built in the browser are not seen.",
      ],
      // a context built by hand (tests) may record no requests
      ...(ctx.requested
        ? {
          // a date nobody knows (an undated recording, warned) is null, never today
          retrieved_at: ctx.requested().at(-1)?.retrieved_at ?? null,
          source_urls: sourceUrls(ctx),
        }
        : {}),
    };
  },
});
