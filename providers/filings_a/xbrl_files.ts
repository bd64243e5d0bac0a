/**
 * Finding a filing's XBRL files: FilingSummary.xml's InputFiles when the filing has one;
 * otherwise the filing index (EX-101.SCH / EX-101.INS rows) or the `schemaRef` of the inline
 * document itself, then the schema's linkbaseRefs. The schema name is never guessed from the
 * primary document's name (`name-20230930x10q.htm` has schema `name-20230930.xsd`).
 * The definition linkbase is optional: a filing (or a recording) without it reads as before.
 */
import { StoppedError } from "../../core/cancel.ts";
import { FinanceError } from "../../core/errors.ts";
import type { Client, ResolvedFiling } from "./client.ts";
import { type FilingSummary, parseFilingSummary } from "./filing_summary.ts";
import {
  type Arc,
  type Instance,
  type Labels,
  parseInstance,
  parseLabels,
  parseLinkbase,
  parseSchema,
} from "./xbrl.ts";
import { DEFAULT_MEMO_BYTES, ParsedMemo } from "../../core/memo.ts";

export interface XbrlBundle {
  summary: FilingSummary | null;
  files: {
    instance: string;
    schema: string;
    pre: string | null;
    cal: string | null;
    lab: string | null;
    /** The definition linkbase, when the filing names one and it was read; else null. */
    def: string | null;
  };
  instance: string;
  schema: string;
  pre: string | null;
  cal: string | null;
  lab: string | null;
  /** The definition linkbase (hypercubes, their axes and members), or null. */
  def: string | null;
  /** What could not be read and is left out (the definition linkbase on a network error). */
  notes: string[];
}

/**
 * FilingSummary.xml of a filing, or null when the filing has none. Under replay an unrecorded one
 * reads as none too, for a reader that has another way to the XBRL files; `required` (a command
 * that reads the summary itself) keeps the replay's own error instead, so a missing recording is
 * never told as the filing having no financial report.
 */
export async function loadSummary(
  client: Client,
  f: ResolvedFiling,
  opts: { required?: boolean } = {},
): Promise<FilingSummary | null> {
  try {
    const xml = await client.optionalArchiveText(f.cik, f.accession_no, "FilingSummary.xml");
    return xml ? parseFilingSummary(xml) : null;
  } catch (err) {
    if (client.env.http.replaying && !opts.required) return null;
    throw err;
  }
}

function stemOf(doc: string): string {
  return doc.replace(/\.(htm|html|xml)$/i, "");
}

/** `xlink:href` of the first `schemaRef` in an instance or inline XBRL document. */
export function schemaRefOf(xml: string): string | null {
  const tag = /<(?:[\w-]+:)?schemaRef\b[^>]*>/i.exec(xml)?.[0];
  const href = tag ? /\bxlink:href\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1] : null;
  // A schema in the filing folder is named by its file; a full URL is an outside taxonomy.
  return href && !/^https?:/i.test(href) ? href.split("/").pop()! : null;
}

// Without FilingSummary: the index lists the schema and instance by type; failing that, the
// inline document names its schema in its header.
async function withoutSummary(
  client: Client,
  f: ResolvedFiling,
): Promise<
  { schema: string | null; instance: string | null; missing: string; def: string | null }
> {
  const docs = await client.packageDocuments(f).catch(() => []);
  const byType = (re: RegExp) => docs.find((d) => re.test(d.type))?.document ?? null;
  // the index's EX-101.DEF row, for a schema that names no definition linkbase
  const def = byType(/^EX-101\.DEF$/i);
  const schema = byType(/^EX-101\.SCH$/i) ??
    docs.find((d) => /\.xsd$/i.test(d.document))?.document ??
    null;
  const instance = byType(/^EX-101\.INS$/i) ??
    docs.find((d) => /_htm\.xml$/i.test(d.document))?.document ?? null;
  if (schema) return { schema, instance, missing: "", def };
  if (/\.html?$/i.test(f.primary_document)) {
    const head = await client.archiveText(f.cik, f.accession_no, f.primary_document);
    return {
      schema: schemaRefOf(head),
      instance,
      missing: `${f.primary_document} has no schemaRef`,
      def,
    };
  }
  return {
    schema: null,
    instance,
    def,
    missing: `its primary document ${f.primary_document || "(unknown)"} is not inline XBRL`,
  };
}

/** Fetches the instance, schema and linkbases of a filing. */
export async function loadXbrl(client: Client, f: ResolvedFiling): Promise<XbrlBundle> {
  const summary = await loadSummary(client, f);
  const inputs = summary?.inputFiles ?? [];
  const primary = inputs.find((n) => /\.html?$/i.test(n)) ?? f.primary_document;
  let schema = inputs.find((n) => /\.xsd$/i.test(n)) ?? null;
  let listedInstance: string | null = null;
  let listedDef: string | null = null;
  if (!schema) {
    const found = await withoutSummary(client, f);
    if (!found.schema) {
      throw new FinanceError(
        `filing ${f.accession_no} (${f.form}) names no XBRL schema: it has no FilingSummary.xml, its index lists no EX-101.SCH, and ${found.missing}; XBRL statements need an XBRL filing (2009 onwards); read its text with filings.read (10-K, 10-Q, 20-F, 40-F) or document.scan`,
      );
    }
    schema = found.schema;
    listedInstance = found.instance;
    listedDef = found.def;
  }
  const schemaText = await client.archiveText(f.cik, f.accession_no, schema).catch((err) => {
    throw new FinanceError(
      `filing ${f.accession_no} has no readable XBRL schema (${schema}): ${
        err instanceof Error ? err.message : err
      }; the filing names this schema, so it is an XBRL filing whose schema could not be fetched: retry later, or read its statements with filings.reports and filings.report, or its text with document.scan`,
    );
  });
  const declared = parseSchema(schemaText).linkbases;
  const pick = (suffix: RegExp) =>
    inputs.find((n) => suffix.test(n)) ?? declared.find((n) => suffix.test(n)) ?? null;
  const names = { pre: pick(/_pre\.xml$/i), cal: pick(/_cal\.xml$/i), lab: pick(/_lab\.xml$/i) };
  const defName = pick(/_def\.xml$/i) ?? listedDef;
  // Classic filings list their instance (.xml) among the inputs; inline filings get an
  // instance extracted by EDGAR named after the primary document (`<stem>_htm.xml`).
  const classic = inputs.find((n) =>
    /\.xml$/i.test(n) && !/_(pre|cal|lab|def)\.xml$/i.test(n) && n !== "FilingSummary.xml"
  );
  const instanceName = classic ?? listedInstance ?? `${stemOf(primary)}_htm.xml`;
  const get = (n: string | null) =>
    n ? client.archiveText(f.cik, f.accession_no, n) : Promise.resolve(null);
  const notes: string[] = [];
  const [instance, pre, cal, lab, def] = await Promise.all([
    client.archiveText(f.cik, f.accession_no, instanceName),
    get(names.pre),
    get(names.cal),
    get(names.lab),
    defName ? optionalDefinition(client, f, defName, notes) : Promise.resolve(null),
  ]);
  return {
    summary,
    files: { instance: instanceName, schema, ...names, def: def === null ? null : defName },
    instance,
    schema: schemaText,
    pre,
    cal,
    lab,
    def,
    notes,
  };
}

/**
 * The definition linkbase, or null: not found (404) or not in the recording being replayed, the
 * statement reads as without it; another failure is noted (never the statement's failure).
 */
async function optionalDefinition(
  client: Client,
  f: ResolvedFiling,
  name: string,
  notes: string[],
): Promise<string | null> {
  try {
    return await client.optionalArchiveText(f.cik, f.accession_no, name);
  } catch (err) {
    if (err instanceof StoppedError || client.env.signal?.aborted) throw err;
    if (client.env.http.replaying) return null;
    notes.push(
      `the definition linkbase ${name} of ${f.accession_no} could not be read (${
        err instanceof Error ? err.message : err
      }): members of the statement's axes that only it lists are not given as rows`,
    );
    return null;
  }
}

/** A filing's XBRL files parsed: what a statement is built from. */
export interface ParsedXbrl {
  schema: ReturnType<typeof parseSchema>;
  presentation: Map<string, Arc[]>;
  calculation: Map<string, Arc[]>;
  labels: Labels;
  /** The definition linkbase's arcs, with their arcroles and target roles; absent without one. */
  definition?: Map<string, Arc[]>;
  instance: Instance;
}

/**
 * Parsed files, kept by their text for the process: an archive file's parse (a 2 MB instance,
 * a 1 MB label linkbase: some 200 ms a filing) is done once, however many statements of the
 * filing are asked for. The session's memo keeps only the decoded text, and the HTTP cache the
 * bytes. Keyed by the whole text, so another copy of a file (a mirror's, a test's cassette) is
 * parsed afresh; values are frozen, so no call changes what another reads.
 */
const parsedFiles = new ParsedMemo(DEFAULT_MEMO_BYTES);

/** The parse of `text` by `kind`, from the memo when it holds this exact text. */
function parsedOnce<T>(kind: string, text: string, parse: (text: string) => T): T {
  // the key's own copy of the text, and parsed structures several times its size
  return parsedFiles.get(`${kind}\n${text}`, text.length * 6 + 256, () => parse(text));
}

/** The bundle's files parsed (each once per text in the process; see parsedFiles). */
export function parseXbrl(bundle: XbrlBundle): ParsedXbrl {
  const schema = parsedOnce("schema", bundle.schema, parseSchema);
  // the instance's prefixes resolve through the schema's namespaces: part of its key
  const namespaces = JSON.stringify([...schema.namespaces]);
  return {
    schema,
    presentation: bundle.pre
      ? parsedOnce("presentationLink", bundle.pre, (t) => parseLinkbase(t, "presentationLink"))
      : new Map(),
    calculation: bundle.cal
      ? parsedOnce("calculationLink", bundle.cal, (t) => parseLinkbase(t, "calculationLink"))
      : new Map(),
    labels: bundle.lab ? parsedOnce("labels", bundle.lab, parseLabels) : new Map(),
    definition: bundle.def
      ? parsedOnce("definitionLink", bundle.def, (t) => parseLinkbase(t, "definitionLink"))
      : undefined,
    instance: parsedOnce(
      `instance ${namespaces}`,
      bundle.instance,
      (t) => parseInstance(t, { namespaces: schema.namespaces }),
    ),
  };
}

/** How many parses the process memo served and built (for tests and benchmarks). */
export function parsedXbrlStats(): { hits: number; misses: number } {
  return { hits: parsedFiles.hits, misses: parsedFiles.misses };
}
