/**
 * Finding a filing's XBRL files: FilingSummary.xml's InputFiles when the filing has one,
 * otherwise the primary document's name, its schema and the schema's linkbaseRefs.
 */
import { FinanceError } from "../../core/errors.ts";
import type { Client, ResolvedFiling } from "./client.ts";
import { type FilingSummary, parseFilingSummary } from "../../analysis/filings/summary.ts";
import { parseSchema } from "../../analysis/filings/xbrl.ts";

export interface XbrlBundle {
  summary: FilingSummary | null;
  files: {
    instance: string;
    schema: string;
    pre: string | null;
    cal: string | null;
    lab: string | null;
  };
  instance: string;
  schema: string;
  pre: string | null;
  cal: string | null;
  lab: string | null;
}

/** FilingSummary.xml of a filing, or null when the filing (or the recording) has none. */
export async function loadSummary(
  client: Client,
  f: ResolvedFiling,
): Promise<FilingSummary | null> {
  try {
    const xml = await client.optionalArchiveText(f.cik, f.accession_no, "FilingSummary.xml");
    return xml ? parseFilingSummary(xml) : null;
  } catch (err) {
    // Under replay an unrecorded FilingSummary is simply absent; other failures are real.
    if (client.env.http.replaying) return null;
    throw err;
  }
}

function stemOf(doc: string): string {
  return doc.replace(/\.(htm|html|xml)$/i, "");
}

/** Fetches the instance, schema and linkbases of a filing. */
export async function loadXbrl(client: Client, f: ResolvedFiling): Promise<XbrlBundle> {
  const summary = await loadSummary(client, f);
  const inputs = summary?.inputFiles ?? [];
  const primary = inputs.find((n) => /\.html?$/i.test(n)) ?? f.primary_document;
  const schema = inputs.find((n) => /\.xsd$/i.test(n)) ?? `${stemOf(primary)}.xsd`;
  const schemaText = await client.archiveText(f.cik, f.accession_no, schema).catch((err) => {
    throw new FinanceError(
      `filing ${f.accession_no} has no readable XBRL schema (${schema}): ${
        err instanceof Error ? err.message : err
      }; XBRL statements need an XBRL filing (2009 onwards); try filings.reports or document.scan`,
    );
  });
  const declared = parseSchema(schemaText).linkbases;
  const pick = (suffix: RegExp) =>
    inputs.find((n) => suffix.test(n)) ?? declared.find((n) => suffix.test(n)) ?? null;
  const names = { pre: pick(/_pre\.xml$/i), cal: pick(/_cal\.xml$/i), lab: pick(/_lab\.xml$/i) };
  // Classic filings list their instance (.xml) among the inputs; inline filings get an
  // instance extracted by EDGAR named after the primary document (`<stem>_htm.xml`).
  const classic = inputs.find((n) =>
    /\.xml$/i.test(n) && !/_(pre|cal|lab|def)\.xml$/i.test(n) && n !== "FilingSummary.xml"
  );
  const instanceName = classic ?? `${stemOf(primary)}_htm.xml`;
  const get = (n: string | null) =>
    n ? client.archiveText(f.cik, f.accession_no, n) : Promise.resolve(null);
  const [instance, pre, cal, lab] = await Promise.all([
    client.archiveText(f.cik, f.accession_no, instanceName),
    get(names.pre),
    get(names.cal),
    get(names.lab),
  ]);
  return {
    summary,
    files: { instance: instanceName, schema, ...names },
    instance,
    schema: schemaText,
    pre,
    cal,
    lab,
  };
}
