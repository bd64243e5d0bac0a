/** What the five single-filing commands share: naming a filing, its metadata, its text. */
import { readFormType } from "../../providers/filings_a/form_types.ts";
import { z } from "zod";
import type { Context } from "../../core/context.ts";
import { FinanceError, UsageError } from "../../core/errors.ts";
import { ticker } from "../../core/schema.ts";
import type { Client, ResolvedFiling } from "../../providers/filings_a/client.ts";
import type { CleanDoc } from "../../analysis/filings/section_clean.ts";
import type { Family } from "../../analysis/filings/section_maps.ts";
import { readFrom, SOURCE_URLS_HELP } from "../market/_sources.ts";

/** The form a bare symbol's latest filing is picked by when form= is not given. */
export const DEFAULT_FORM = "10-K";

/** A form without its amendment mark (10-K/A → 10-K), upper case. */
const baseForm = (form: string) => form.trim().toUpperCase().replace(/\/A$/, "");

/**
 * form= given beside accession= or url=: the filing they name is the answer, so a form that is not
 * its form was a mistake (the 10-Q's accession with form=10-K), refused rather than ignored; the
 * original beside its amendment (10-K for a 10-K/A, or the reverse) is the same report, said.
 */
function formOfNamed(ctx: Context, asked: string, filing: ResolvedFiling): void {
  const want = asked.trim().toUpperCase();
  const got = filing.form.toUpperCase();
  if (want === got) return;
  const named = filing.accession_no;
  if (baseForm(want) === baseForm(got)) {
    ctx.warn(
      `form=${asked} was given, and the filing named (${named}) is a ${filing.form}: it was read as named`,
    );
    return;
  }
  throw new UsageError(
    `form=${asked} does not fit the filing named: ${named} is a ${filing.form}; drop form= (the accession or url picks the filing), or pass the accession of the ${want} you mean`,
  );
}

/**
 * A transition report (10-KT, 10-QT) spans the months between a company's old and new fiscal year
 * ends: read as its annual or quarterly form, it is said, never taken for a full year or quarter.
 */
export function transitionNote(
  filing: { form: string; accession_no: string; period_of_report?: string | null },
): string | null {
  const t = /^10-([KQ])T(\/A)?$/i.exec(filing.form.trim());
  if (!t) return null;
  const kind = t[1].toUpperCase();
  return `${filing.accession_no} is a ${filing.form}, a transition report: it covers the months between the company's old and new fiscal year ends (to ${
    filing.period_of_report || "its period end"
  }), not a full ${kind === "K" ? "year" : "quarter"}; its items are read as a 10-${kind}'s`;
}

/** Arguments that name one filing (contract 4.4). */
export const filingArgs = {
  symbol: ticker().optional().describe(
    "Ticker, or SEC CIK (320193) for a delisted filer. Alone, it picks the latest filing of `form`; with accession it says whose filing it is.",
  ),
  accession: z.string().optional().describe(
    "Accession number of the filing (0001045810-24-000029 or its 18 digits); alias accession_no.",
  ),
  url: z.string().optional().describe(
    "URL of any file in the filing's EDGAR archive folder (www.sec.gov/Archives/edgar/data/...).",
  ),
  // no schema default: a form given beside accession= or url= is checked against that filing's,
  // which needs to know whether it was given at all
  form: z.string().trim().min(1).optional().describe(
    "Form picking a bare symbol's latest filing (exact: 10-K, 10-Q, 10-K/A; default 10-K); beside accession/url, that filing's form.",
  ),
};

/** The ways to name a filing, one of which is needed: a ticker, an accession or a URL. */
export const NAME_A_FILING: string[][] = [["symbol"], ["accession"], ["url"]];

/** Contract 2.3: the filing metadata object. */
export const filingSchema = z.object({
  company: z.string(),
  cik: z.string(),
  form: z.string(),
  filing_date: z.string(),
  period_of_report: z.string(),
  accession_no: z.string(),
  filing_url: z.string(),
  homepage_url: z.string(),
  text_url: z.string(),
});

export type FilingMeta = z.infer<typeof filingSchema>;

/** Where a filing answer was read from: SEC's provider key, the URLs read and when. */
export const readFromShape = {
  provider: z.literal("filings_a"),
  source_urls: z.array(z.string()).describe(
    `${SOURCE_URLS_HELP} SEC's ticker list and submissions JSON when the filing was looked up, then the filing's own files read.`,
  ),
  retrieved_at: z.string().nullable().describe(
    "When SEC's newest answer read was received (the recording's time under replay).",
  ),
};

/** The {@link readFromShape} fields of this call. */
export const filingReadFrom = (ctx: Context) => readFrom(ctx, "filings_a" as const);

/** What a cross-reference item names (filings.sections and filings.read). */
export const referenceSchema = z.object({
  document: z.string().nullable().describe(
    "The document named, e.g. Annual Report to Shareholders",
  ),
  exhibit: z.string().nullable().describe("Exhibit number named, e.g. 13 or 99.1"),
  pages: z.string().nullable().describe("Pages named, e.g. 40-95"),
  caption: z.string().nullable().describe("A quoted caption of the referenced document"),
  item: z.string().nullable().describe("Another item of the same document it points to"),
});

/** How an item or section was found: a contents link, its own heading, the annual report's
 * cross-reference index, a title pattern, the segment note, or a 40-F exhibit. */
export const FOUND_AS: Record<string, string> = {
  toc: "toc_link",
  heading: "item_heading",
  index: "cross_reference_index",
  pattern: "pattern",
  note: "note",
  exhibit: "exhibit",
};

/** Resolves the filing the arguments name; a UsageError when they name none. */
export async function resolveFiling(
  ctx: Context,
  args: { symbol?: string; accession?: string; url?: string; form?: string },
): Promise<{ client: Client; filing: ResolvedFiling; meta: FilingMeta }> {
  if (!args.symbol && !args.accession && !args.url) {
    throw new UsageError(
      "name a filing: give SYMBOL (latest filing of form=), accession=ACCESSION or url=URL",
    );
  }
  const client = await ctx.provider("filings_a");
  // 10k, 10-q/a and def14a are the form types SEC writes 10-K, 10-Q/A and DEF 14A
  const typed = args.form ? readFormType(args.form) : null;
  if (typed?.note) ctx.warn(typed.note);
  const form = typed?.form;
  const filing = await client.resolve({ ...args, form: form ?? DEFAULT_FORM });
  if (form && (args.accession || args.url)) formOfNamed(ctx, form, filing);
  const transition = transitionNote(filing);
  if (transition) ctx.warn(transition);
  if (filing.amended_by?.length) {
    // the original of a period an amendment later changed is never answered as if it stood alone
    const list = filing.amended_by.map((a) =>
      `${a.form} ${a.accession_no} (filed ${a.filing_date})`
    )
      .join(", ");
    ctx.warn(
      `this is the original ${filing.form} ${filing.accession_no} for the period ending ${filing.period_of_report}; it was amended later by ${list}, which may restate or replace what it says: pass accession=${
        filing.amended_by[0].accession_no
      } to read the amendment (it may carry only the items it amends)`,
    );
  }
  const meta: FilingMeta = {
    company: filing.company,
    cik: String(filing.cik),
    form: filing.form,
    filing_date: filing.filing_date,
    period_of_report: filing.period_of_report,
    accession_no: filing.accession_no,
    filing_url: filing.filing_url,
    homepage_url: filing.homepage_url,
    text_url: filing.text_url,
  };
  return { client, filing, meta };
}

/** The primary document as cleaned text (page numbers, footers and TOC back-links removed). */
export async function primaryText(client: Client, filing: ResolvedFiling): Promise<CleanDoc> {
  if (/\.txt$/i.test(filing.primary_document)) {
    // Filings before HTML: one SGML submission whose first document is the report.
    const sgml = await client.archiveText(filing.cik, filing.accession_no, filing.primary_document);
    const { plainToText, submissionDocument } = await import("../../analysis/filings/text.ts");
    const { cleanDocument } = await import("../../analysis/filings/section_clean.ts");
    const main = submissionDocument(sgml);
    if (!main) {
      throw new FinanceError(
        `${filing.primary_document} of ${filing.accession_no} holds no <DOCUMENT> with a <TEXT> body; read it with document.scan`,
      );
    }
    return cleanDocument(plainToText(main.body));
  }
  if (!/\.html?$/i.test(filing.primary_document)) {
    throw new UsageError(
      `the primary document of ${filing.accession_no} is ${
        filing.primary_document || "unknown"
      }, neither HTML nor an SGML submission (.txt); sections can only be read from those`,
    );
  }
  return documentText(client, filing, filing.primary_document);
}

/** Any HTML document of the filing package (an exhibit) as cleaned text. */
export async function documentText(
  client: Client,
  filing: ResolvedFiling,
  name: string,
): Promise<CleanDoc> {
  const html = await client.archiveText(filing.cik, filing.accession_no, name);
  const { htmlToText } = await import("../../analysis/filings/html.ts");
  const { cleanDocument } = await import("../../analysis/filings/section_clean.ts");
  return cleanDocument(htmlToText(html));
}

/** The form family the section reader has an item map for; ok:false naming the form otherwise. */
export async function sectionFamily(filing: ResolvedFiling): Promise<Family> {
  const { formFamily } = await import("../../analysis/filings/section_maps.ts");
  const fam = formFamily(filing.form);
  if (!fam) {
    throw new FinanceError(
      `form ${
        filing.form || "(unknown)"
      } of ${filing.accession_no} has no section map: sections are read from 10-K, 10-Q, 20-F and 40-F filings (and their amendments), and items of other forms are not numbered like theirs; read ${filing.filing_url} with document.scan instead`,
    );
  }
  return fam;
}

/**
 * A bare symbol with a form the section reader has no map for (form=8-K, a typo such as 10-KX) is
 * refused before any request: the latest such filing could not be read anyway.
 */
export async function refuseUnmappedForm(
  args: { accession?: string; url?: string; form?: string },
): Promise<void> {
  if (args.accession || args.url) return;
  const form = args.form ? readFormType(args.form).form : DEFAULT_FORM;
  const { formFamily } = await import("../../analysis/filings/section_maps.ts");
  if (formFamily(form)) return;
  throw new UsageError(
    `form: ${form} has no section map: sections are read from 10-K, 10-Q, 20-F and 40-F filings (and their amendments, e.g. 10-K/A); pass one of those, or read the filing with document.scan`,
  );
}

/**
 * A span of `text` without the blank space around it: `end - start` is the size of its text and
 * `text.slice(start, end)` is what filings.read returns, so filings.sections and filings.read give
 * one section the same offsets (an item's span otherwise runs on to the next heading's line).
 */
export function trimSpan(text: string, start: number, end: number): { start: number; end: number } {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { start, end };
}

/** Case-insensitive "contains" over several fields. */
export function matchesQuery(query: string | undefined, ...fields: (string | null)[]): boolean {
  if (!query) return true;
  const q = query.toLowerCase();
  return fields.some((f) => f?.toLowerCase().includes(q));
}

/**
 * What reads a filing's text when it has no XBRL report to read: filings.read for the forms it
 * has a section map for (10-K, 10-Q, 20-F, 40-F), document.scan on its document for any other
 * (an 8-K, which filings.read refuses), or its exhibits.
 */
export async function textReaders(
  filing: { form: string; filing_url: string; homepage_url: string },
): Promise<string> {
  const { formFamily } = await import("../../analysis/filings/section_maps.ts");
  return formFamily(filing.form)
    ? `filings.read or document.scan on ${filing.filing_url}`
    : `document.scan on ${filing.filing_url}, or on an exhibit its index lists (an 8-K's ` +
      `press release is most often EX-99.1): ${filing.homepage_url}`;
}
