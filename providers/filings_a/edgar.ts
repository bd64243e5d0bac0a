/**
 * SEC EDGAR shapes: the columnar submissions JSON turned into rows, accession numbers and
 * archive URLs. Pure functions; the client does the fetching.
 */
import { type ParsedSymbol, parseSymbol } from "../../core/symbols.ts";

/** One filing from a company's submissions history. */
export interface FilingRow {
  accession_no: string;
  form: string;
  filing_date: string;
  report_date: string;
  /** As SEC writes it, with a `Z`: Eastern wall-clock time for some filers, UTC for others (eastern.ts). */
  acceptance_raw: string;
  items: string[];
  primary_document: string;
  primary_doc_description: string;
  is_xbrl: boolean;
  is_inline_xbrl: boolean;
}

/** The columnar block SEC uses for `filings.recent` and for each older page. */
export type SubmissionColumns = Record<string, (string | number | null)[] | undefined>;

/** Zips SEC's column arrays into rows (newest first, as SEC orders them). */
export function zipColumns(cols: SubmissionColumns): FilingRow[] {
  const acc = cols.accessionNumber ?? [];
  const col = (name: string, i: number) => {
    const v = cols[name]?.[i];
    return v === null || v === undefined ? "" : String(v);
  };
  const rows: FilingRow[] = [];
  for (let i = 0; i < acc.length; i++) {
    rows.push({
      accession_no: col("accessionNumber", i),
      form: col("form", i),
      filing_date: col("filingDate", i),
      report_date: col("reportDate", i),
      acceptance_raw: col("acceptanceDateTime", i),
      items: col("items", i).split(/[,;]/).map((s) => s.trim()).filter(Boolean),
      primary_document: col("primaryDocument", i),
      primary_doc_description: col("primaryDocDescription", i),
      is_xbrl: col("isXBRL", i) === "1",
      is_inline_xbrl: col("isInlineXBRL", i) === "1",
    });
  }
  return rows;
}

/** `0001045810-24-000029` from either the dashed or the 18-digit form; null when neither. */
export function normalizeAccession(text: string): string | null {
  const t = text.trim();
  const dashed = /^(\d{10})-(\d{2})-(\d{6})$/.exec(t);
  if (dashed) return t;
  const bare = /^(\d{10})(\d{2})(\d{6})$/.exec(t);
  return bare ? `${bare[1]}-${bare[2]}-${bare[3]}` : null;
}

/** CIK, accession and file named by an archive URL, when the URL is one. */
export function parseArchiveUrl(
  url: string,
): { cik: number; accession: string; file: string | null } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!/(^|\.)sec\.gov$/i.test(u.hostname)) return null;
  // the inline-XBRL viewer wraps the archive path: /ix?doc=/Archives/...
  const path = u.pathname === "/ix" || u.pathname === "/cgi-bin/viewer"
    ? (u.searchParams.get("doc") ?? "")
    : u.pathname;
  const m = /\/Archives\/edgar\/data\/(\d+)\/(\d{18})(?:\/([^/?#]+))?/i.exec(path);
  if (m) {
    const accession = normalizeAccession(m[2])!;
    const file = m[3] && !/-index\.html?$/i.test(m[3]) ? m[3] : null;
    return { cik: Number(m[1]), accession, file };
  }
  const txt = /\/Archives\/edgar\/data\/(\d+)\/(\d{10}-\d{2}-\d{6})(?:-index\.html?|\.txt)$/i
    .exec(path);
  return txt ? { cik: Number(txt[1]), accession: txt[2], file: null } : null;
}

const ARCHIVES = "https://www.sec.gov/Archives/edgar/data";

/** URL of a file inside a filing folder. */
export function archiveUrl(cik: number, accession: string, file: string): string {
  return `${ARCHIVES}/${cik}/${accession.replaceAll("-", "")}/${file}`;
}

/** The filing's index page (its "homepage" on EDGAR). */
export function indexUrl(cik: number, accession: string): string {
  return archiveUrl(cik, accession, `${accession}-index.html`);
}

/** The complete submission text file. */
export function textUrl(cik: number, accession: string): string {
  return `${ARCHIVES}/${cik}/${accession}.txt`;
}

/** One document of a filing package, as the index page lists it. */
export interface PackageDocument {
  seq: string;
  description: string;
  document: string;
  type: string;
}

/** What a filing index page says about the filing. */
export interface IndexPage {
  form: string | null;
  filing_date: string | null;
  report_date: string | null;
  company: string | null;
  primary_document: string | null;
  documents: PackageDocument[];
}

function cellText(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ").replace(/&amp;/g, "&")
    .replace(/\s+/g, " ").trim();
}

/** Reads form, dates, company and the document table from a filing index page. */
export function parseIndexPage(html: string): IndexPage {
  const info = (label: string) => {
    const re = new RegExp(
      `<div class="infoHead">\\s*${label}\\s*</div>\\s*<div class="info">([^<]*)</div>`,
      "i",
    );
    return re.exec(html)?.[1].trim() ?? null;
  };
  const form = /<div id="formName">\s*<strong>\s*Form\s+([^<\s]+)/i.exec(html)?.[1] ?? null;
  const company = /<span class="companyName">\s*([^<(]+?)\s*(?:\(|<)/i.exec(html)?.[1] ?? null;
  const documents: PackageDocument[] = [];
  for (const table of html.matchAll(/<table class="tableFile"[\s\S]*?<\/table>/gi)) {
    for (const row of table[0].matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/gi)) {
      const cells = [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((c) => c[1]);
      if (cells.length < 4) continue;
      const href = /<a href="([^"]+)"/i.exec(cells[2])?.[1] ?? "";
      const name = href.replace(/^.*\/ix\?doc=/, "").split("/").pop() ?? "";
      if (!name) continue;
      documents.push({
        seq: cellText(cells[0]),
        description: cellText(cells[1]),
        document: name,
        type: cellText(cells[3]),
      });
    }
  }
  const primary = documents.find((d) => d.seq === "1")?.document ?? documents[0]?.document ?? null;
  return {
    form,
    filing_date: info("Filing Date"),
    report_date: info("Period of Report"),
    company,
    primary_document: primary,
    documents,
  };
}

/** URL of a filing's SGML header page (form, dates, company and documents, a few KB). */
export function headersUrl(cik: number, accession: string): string {
  return archiveUrl(cik, accession, `${accession}-index-headers.html`);
}

const yyyymmdd = (v: string | null) =>
  v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : v;

/**
 * Reads a filing's `-index-headers.html` (its SGML header, tags escaped inside <pre>): the same
 * facts as the index page, for when that page cannot be read.
 */
export function parseIndexHeaders(html: string): IndexPage {
  const sgml = html.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const head = sgml.split(/<DOCUMENT>/i)[0];
  const tag = (name: string, text = head) =>
    new RegExp(`<${name}>([^\\n<]+)`, "i").exec(text)?.[1].trim() ?? null;
  const field = (label: string) =>
    new RegExp(`${label}:[ \\t]*([^\\n]+)`, "i").exec(head)?.[1].trim() ?? null;
  const documents: PackageDocument[] = [];
  for (const block of sgml.split(/<DOCUMENT>/i).slice(1)) {
    const name = tag("FILENAME", block);
    if (!name) continue;
    documents.push({
      seq: tag("SEQUENCE", block) ?? String(documents.length + 1),
      description: tag("DESCRIPTION", block) ?? "",
      document: name,
      type: tag("TYPE", block) ?? "",
    });
  }
  return {
    form: tag("TYPE") ?? field("CONFORMED SUBMISSION TYPE"),
    filing_date: yyyymmdd(tag("FILING-DATE") ?? field("FILED AS OF DATE")),
    report_date: yyyymmdd(tag("PERIOD") ?? field("CONFORMED PERIOD OF REPORT")),
    company: tag("CONFORMED-NAME") ?? field("COMPANY CONFORMED NAME"),
    primary_document: documents.find((d) => d.seq === "1")?.document ?? documents[0]?.document ??
      null,
    documents,
  };
}

/** One row of SEC's company_tickers.json, by ticker. */
export interface SecTickerRow {
  cik: number;
  title: string;
}

const KIND_WORDS: Record<string, string> = {
  index: "an index",
  fx: "a currency pair",
  future: "a futures contract",
  crypto: "a cryptocurrency pair",
};

/**
 * The filer SEC's company_tickers.json (`map`, keyed by upper-case ticker) gives a symbol, or why
 * there is none and what to type. SEC writes share classes as Yahoo does (BRK-B), so any form the
 * symbol parser reads (BRK.B, brk/b, "BRK B") is looked up as that class, never as another one.
 * A listing outside the US (SHEL.L, 7203.T, MKC.V) is refused, not read as the US ticker that
 * shares its letters: SEC's SHEL is Shell's US line, but MKC-V is McCormick's voting class, not
 * the TSX Venture listing MKC.V, and T-PA AT&T's preferred shares, not the Paris listing T.PA.
 * Indices, currency pairs, futures and coins have no filer. `listUrl` is quoted in the errors;
 * `label` names a row in them (its SEC title and CIK), for maps of another row shape; `otherwise`
 * says what else the calling command takes instead of a ticker.
 */
export function findSecTicker<T = SecTickerRow>(
  map: ReadonlyMap<string, T>,
  symbol: string,
  listUrl: string,
  label: (row: T) => string = (row) => {
    const r = row as unknown as SecTickerRow;
    return `"${r.title}" (CIK ${r.cik})`;
  },
  otherwise = "pass accession= or url= of the filing",
): { hit: T; ticker: string } | { error: string } {
  let parsed: ParsedSymbol;
  try {
    parsed = parseSymbol(symbol);
  } catch {
    return {
      error:
        `"${symbol}" is not a ticker symbol; give a US ticker as SEC lists it (AAPL, BRK-B), or ${otherwise}`,
    };
  }
  const sym = parsed.canonical;
  if (parsed.kind !== "equity") {
    return {
      error: `${sym} is ${
        KIND_WORDS[parsed.kind]
      }, which files nothing with SEC; give the ticker of a US-listed company (AAPL, BRK-B)`,
    };
  }
  if (parsed.suffix) {
    const root = sym.slice(0, sym.length - parsed.suffix.length - 1);
    const asClass = map.get(`${root}-${parsed.suffix}`);
    const same = map.get(root);
    const hint = asClass && /^[A-Z]$/.test(parsed.suffix)
      ? `; for the US share class ${root}-${parsed.suffix} of ${
        label(asClass)
      }, write ${root}-${parsed.suffix}`
      : same
      ? `; SEC lists the US ticker ${root} as ${
        label(same)
      }: give ${root} if that is the company (an ADR or US line files for it)`
      : `; give the company's US ticker if it has one (an ADR files 20-F or 40-F), or ${otherwise}`;
    return {
      error: `${sym} is a listing on a non-US exchange (suffix .${parsed.suffix}); SEC's ` +
        `company_tickers.json (${listUrl}) lists US tickers only and is not searched by the ` +
        `letters before the suffix${hint}`,
    };
  }
  for (const key of new Set([sym, sym.replaceAll(".", "-"), sym.replaceAll("-", ".")])) {
    const hit = map.get(key);
    if (hit) return { hit, ticker: key };
  }
  // BRK alone: SEC lists only its classes (BRK-A, BRK-B)
  const classes: string[] = [];
  if (/^[A-Z0-9]+$/.test(sym)) {
    for (const key of map.keys()) {
      if (key.length === sym.length + 2 && key.startsWith(`${sym}-`) && /[A-Z]$/.test(key)) {
        classes.push(key);
      }
    }
  }
  return {
    error: `ticker ${sym} is not in SEC's company_tickers.json (${listUrl})${
      classes.length
        ? `; SEC lists its share classes ${classes.sort().join(", ")}: give the one you mean`
        : `; check the symbol, or ${otherwise}`
    }`,
  };
}
