/** FilingSummary.xml: the EDGAR renderer's menu of R pages and the list of XBRL input files. */
import { decodeEntities } from "../decode.ts";

export interface ReportDescriptor {
  short_name: string;
  long_name: string;
  category: string;
  file_name: string;
  role: string | null;
  position: number | null;
}

export interface FilingSummary {
  reports: ReportDescriptor[];
  inputFiles: string[];
}

/**
 * XML text to plain text in one pass over its character references (named, decimal, hex), so
 * `&amp;lt;` is the four characters `&lt;`, never `<`; a CDATA section is taken as written.
 */
const unescape = (s: string) => {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(s);
  return (cdata ? cdata[1] : decodeEntities(s)).trim();
};

/** Parses FilingSummary.xml; reports without an R page (e.g. the "All Reports" book) are left out. */
export function parseFilingSummary(xml: string): FilingSummary {
  const reports: ReportDescriptor[] = [];
  for (const m of xml.matchAll(/<Report\b[^>]*>([\s\S]*?)<\/Report>/g)) {
    const get = (tag: string) => {
      const v = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(m[1])?.[1];
      return v === undefined ? null : unescape(v);
    };
    const file = get("HtmlFileName") ?? get("XmlFileName");
    if (!file) continue;
    const pos = get("Position");
    reports.push({
      short_name: get("ShortName") ?? "",
      long_name: get("LongName") ?? "",
      category: get("MenuCategory") ?? "",
      file_name: file,
      role: get("Role"),
      // a Position that is no whole number is none (never NaN in an answer)
      position: pos !== null && /^\d+$/.test(pos) ? Number(pos) : null,
    });
  }
  const block = /<InputFiles>([\s\S]*?)<\/InputFiles>/.exec(xml)?.[1] ?? "";
  const inputFiles = [...block.matchAll(/<File\b[^>]*>([^<]+)<\/File>/g)].map((f) =>
    unescape(f[1])
  );
  return { reports, inputFiles };
}

/** Long names look like `0000003 - Statement - Consolidated Statements of Income`. */
export function definitionOf(report: ReportDescriptor): string {
  return report.long_name;
}
