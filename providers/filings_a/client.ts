/**
 * Provider filings_a: SEC EDGAR. Ticker → CIK from company_tickers.json, company history from
 * the submissions API (including its older pages), and documents from the filing archives.
 * Every request declares a contact User-Agent; the HTTP client keeps SEC under 10 requests/s.
 */
import type { ProviderEnv } from "../../core/provider.ts";
import type { Config } from "../../core/config.ts";
import type { HttpResponse } from "../../core/http.ts";
import { BASE_URL_SETTINGS, baseUrlRewrite } from "../../core/endpoints.ts";
import { FinanceError, ProviderError } from "../../core/errors.ts";
import { redactUrl } from "../../core/redact.ts";
import { secHeaders } from "./agent.ts";
import {
  archiveUrl,
  type FilingRow,
  findSecTicker,
  headersUrl,
  type IndexPage,
  indexUrl,
  normalizeAccession,
  type PackageDocument,
  parseArchiveUrl,
  parseIndexHeaders,
  parseIndexPage,
  type SubmissionColumns,
  textUrl,
  zipColumns,
} from "./edgar.ts";

export type { FilingRow, PackageDocument } from "./edgar.ts";

const TICKERS_URL = "https://www.sec.gov/files/company_tickers.json";
const SUBMISSIONS = "https://data.sec.gov/submissions";
const DAY = 86_400;
const SUBMISSIONS_TTL = 600;

/** A company as the submissions API describes it. */
export interface Company {
  cik: number;
  name: string;
  tickers: string[];
  recent: FilingRow[];
  /** Older pages, oldest last: `CIK##########-submissions-001.json`, ... */
  pages: { name: string; filingFrom: string; filingTo: string }[];
}

/** A filing pinned down to one archive folder, with the metadata of contract 2.3. */
export interface ResolvedFiling {
  cik: number;
  company: string;
  form: string;
  filing_date: string;
  period_of_report: string;
  accession_no: string;
  primary_document: string;
  filing_url: string;
  homepage_url: string;
  text_url: string;
  /**
   * Amendments (the form with /A) of the same period filed after this filing, newest first, when
   * it was picked as the latest of its form: they may restate what it says, so they are said.
   */
  amended_by?: { form: string; accession_no: string; filing_date: string }[];
}

/** What the commands may name a filing by (contract 4.4). */
export interface FilingQuery {
  symbol?: string;
  accession?: string;
  url?: string;
  form: string;
}

export function pad10(cik: number): string {
  return String(cik).padStart(10, "0");
}

/**
 * The CIK a symbol argument spells ("320193", "0000320193", "CIK0000320193"), or null for a
 * ticker: no US ticker is all digits.
 */
export function cikOf(symbol: string): number | null {
  const m = /^(?:CIK)?0*([1-9]\d{0,9})$/i.exec(symbol.trim());
  return m ? Number(m[1]) : null;
}

export class Client {
  #tickers: Promise<Map<string, { cik: number; title: string }>> | null = null;
  #companies = new Map<number, Promise<Company>>();
  #pages = new Map<string, Promise<FilingRow[]>>();

  /** The operator's mirror of SEC's origins (FINANCE_SEC_BASE_URL and friends), if any. */
  readonly #mirror: ((url: URL) => URL) | undefined;

  constructor(readonly env: ProviderEnv) {
    try {
      this.#mirror = baseUrlRewrite({ env: (n: string) => env.env(n) } as unknown as Config);
    } catch {
      // a malformed setting is refused when the session starts; nothing to name here
      this.#mirror = undefined;
    }
  }

  /**
   * The address a request for SEC's `url` really goes to: the mirror's when FINANCE_SEC_BASE_URL
   * (or FINANCE_SEC_DATA_BASE_URL, FINANCE_SEC_EFTS_BASE_URL) maps its origin, else `url`.
   * Its password, if it carries one, is masked.
   */
  fetchedUrl(url: string): string {
    if (!this.#mirror) return url;
    try {
      const wire = this.#mirror(new URL(url)).href;
      return wire === url ? url : redactUrl(wire);
    } catch {
      return url;
    }
  }

  /** `url` as errors name it: the address really fetched, with SEC's own beside a mirror's. */
  shownUrl(url: string): string {
    const wire = this.fetchedUrl(url);
    return wire === url ? url : `${wire} (the mirror's copy of ${url})`;
  }

  /**
   * GET of an SEC URL for this provider's other readers (company facts, frames): its errors name
   * the mirror's URL when one served it, as the client's own do.
   */
  request(url: string, ttl: number | "forever", acceptStatus?: number[]) {
    return this.#get(url, ttl, acceptStatus);
  }

  /** Reads `res` as JSON: a body that is none names the URL really fetched. */
  json<T>(res: { json<U>(): U }, url: string): T {
    try {
      return res.json<T>();
    } catch (err) {
      throw this.#mirrored(err, url);
    }
  }

  async #get(url: string, ttl: number | "forever", acceptStatus?: number[]) {
    try {
      const res = await this.env.http.request({
        provider: "filings_a",
        url,
        headers: secHeaders(this.env),
        cache: { ttl },
        acceptStatus,
        signal: this.env.signal,
      });
      if (res.origin !== "replay") this.#sayMirror(url);
      return res;
    } catch (err) {
      throw this.#mirrored(err, url);
    }
  }

  /** Says, once a call, that SEC was read through a mirror while the answer cites SEC's URLs. */
  #sayMirror(url: string): void {
    const wire = this.fetchedUrl(url);
    if (wire === url) return;
    const origin = new URL(url).origin;
    const setting = Object.keys(BASE_URL_SETTINGS).find((k) => BASE_URL_SETTINGS[k] === origin);
    this.env.warn(
      `filings_a: ${origin} was read through the mirror ${
        redactUrl(new URL(wire).origin)
      } (${setting}); the URLs in this answer (filing and document URLs, citations) are SEC's canonical addresses of the same files, not the mirror's, e.g. ${url} was fetched as ${wire}`,
    );
  }

  /** An HTTP error for SEC's `url` said with the URL really fetched when a mirror served it. */
  #mirrored(err: unknown, url: string): unknown {
    if (!(err instanceof ProviderError) || err.provider !== "filings_a") return err;
    const wire = this.fetchedUrl(url);
    if (wire === url || err.message.includes(wire)) return err;
    const text = err.message.replace(/^filings_a: /, "");
    const named = text.includes(url)
      ? text.replaceAll(url, this.shownUrl(url))
      : `${text} (fetched from ${this.shownUrl(url)})`;
    return new ProviderError("filings_a", named, { url: wire, status: err.status });
  }

  /** Ticker → CIK and SEC's company title; a clear error for unknown tickers. */
  async lookupTicker(
    symbol: string,
    otherwise?: string,
  ): Promise<{ cik: number; title: string }> {
    this.#tickers ??= this.#get(TICKERS_URL, DAY).then((res) =>
      // built once per copy of the list and shared, frozen, by the session's calls
      res.derived("filings_a.tickers", () => {
        const raw = this.json<
          Record<string, { cik_str: number; ticker: string; title: string }>
        >(res, TICKERS_URL);
        const map = new Map<string, { cik: number; title: string }>();
        for (const row of Object.values(raw)) {
          map.set(row.ticker.toUpperCase(), { cik: Number(row.cik_str), title: row.title });
        }
        return map;
      })
    );
    const found = findSecTicker(
      await this.#tickers,
      symbol,
      this.shownUrl(TICKERS_URL),
      undefined,
      otherwise,
    );
    if ("error" in found) throw new FinanceError(`filings_a: ${found.error}`);
    return found.hit;
  }

  /**
   * A company named by its ticker, or by its SEC CIK ("1009672", "CIK0001009672"): SEC's ticker
   * list holds only companies listed today, so a delisted, merged or never-listed filer (CARBO
   * Ceramics after 2020) is reached by its CIK. `otherwise` says what else the command takes.
   */
  async lookupCompany(
    symbol: string,
    otherwise =
      "give the company's SEC CIK as symbol (e.g. 320193 or CIK0000320193), which also names filers no longer listed",
  ): Promise<{ cik: number; title: string }> {
    const cik = cikOf(symbol);
    if (cik === null) return this.lookupTicker(symbol, otherwise);
    const url = `${SUBMISSIONS}/CIK${pad10(cik)}.json`;
    const company = await this.company(cik).catch((err) => {
      if (err instanceof ProviderError && err.status === 404) {
        throw new FinanceError(
          `filings_a: symbol ${symbol} reads as CIK ${cik}, and SEC has no filer with that CIK (${
            this.shownUrl(url)
          } not found); check the number, or give the company's ticker`,
        );
      }
      throw err;
    });
    return { cik, title: company.name };
  }

  /** The submissions document of a company (recent block plus the list of older pages). */
  company(cik: number): Promise<Company> {
    let p = this.#companies.get(cik);
    if (!p) {
      const url = `${SUBMISSIONS}/CIK${pad10(cik)}.json`;
      p = this.#get(url, SUBMISSIONS_TTL).then((res) =>
        res.derived(`filings_a.company ${cik}`, (): Company => {
          const raw = this.json<{
            name?: string;
            tickers?: string[];
            filings?: { recent?: SubmissionColumns; files?: Company["pages"] };
          }>(res, url);
          return {
            cik,
            name: raw.name ?? "",
            tickers: raw.tickers ?? [],
            recent: zipColumns(raw.filings?.recent ?? {}),
            pages: raw.filings?.files ?? [],
          };
        })
      );
      this.#companies.set(cik, p);
    }
    return p;
  }

  /** One older page of a company's history. */
  page(name: string): Promise<FilingRow[]> {
    let p = this.#pages.get(name);
    if (!p) {
      const url = `${SUBMISSIONS}/${name}`;
      p = this.#get(url, SUBMISSIONS_TTL).then((res) =>
        res.derived("filings_a.page", () => zipColumns(this.json<SubmissionColumns>(res, url)))
      );
      this.#pages.set(name, p);
    }
    return p;
  }

  /**
   * Walks the history newest-first, reading older pages only while `want` still asks for
   * more (returns false to stop). With `onPageError`, an older page that cannot be read ends the
   * walk there (the caller reports it) instead of failing the call.
   */
  async walk(
    cik: number,
    want: (row: FilingRow) => boolean,
    onPageError?: (page: string, err: unknown) => void,
  ): Promise<void> {
    const company = await this.company(cik);
    for (const row of company.recent) if (!want(row)) return;
    for (const page of company.pages) {
      let rows: FilingRow[];
      try {
        rows = await this.page(page.name);
      } catch (err) {
        if (!onPageError || this.env.signal?.aborted) throw err;
        onPageError(page.name, err);
        return;
      }
      for (const row of rows) if (!want(row)) return;
    }
  }

  /** The row of one accession in a company's history, or null. */
  async findAccession(cik: number, accession: string): Promise<FilingRow | null> {
    let found: FilingRow | null = null;
    await this.walk(cik, (row) => {
      if (row.accession_no === accession) found = row;
      return !found;
    });
    return found;
  }

  /**
   * Text of a file in a filing folder; archive files never change, so they are kept forever.
   * Decoded as document.read decodes a page (byte order mark, Content-Type charset, the file's
   * own meta or XML declaration, else UTF-8 with stray bytes read as windows-1252): older EDGAR
   * documents are windows-1252 or latin-1, whose quotes, dashes, §, £ and € read as UTF-8 became
   * U+FFFD. What the decoding had to guess is said once per file in the call's warnings.
   */
  async archiveText(cik: number, accession: string, file: string): Promise<string> {
    return this.#decoded(await this.#get(archiveUrl(cik, accession, file), "forever"), file);
  }

  /** Like archiveText, but null when SEC says the file does not exist (404). */
  async optionalArchiveText(cik: number, accession: string, file: string): Promise<string | null> {
    const res = await this.#get(archiveUrl(cik, accession, file), "forever", [404]);
    return res.status === 404 ? null : this.#decoded(res, file);
  }

  /** Files whose decoding was already said in this call. */
  #decodingSaid = new Set<string>();

  async #decoded(
    res: Pick<HttpResponse, "body" | "headers" | "derived">,
    file: string,
  ): Promise<string> {
    const { decodeFiling } = await import("../decode.ts");
    const out = res.derived(
      "filings_a.document_text",
      () => decodeFiling(res.body, res.headers["content-type"]),
    );
    if (out.warnings.length && !this.#decodingSaid.has(file)) {
      this.#decodingSaid.add(file);
      for (const w of out.warnings) this.env.warn(`filings_a: ${file}: ${w}`);
    }
    return out.text;
  }

  /**
   * The documents of a filing package (exhibits with their types, XBRL files), from the filing's
   * index page; its folder listing (`index.json`, names only) when the page cannot be read.
   */
  async packageDocuments(f: ResolvedFiling): Promise<PackageDocument[]> {
    const url = indexUrl(f.cik, f.accession_no);
    try {
      return (await this.indexPage(f.cik, f.accession_no)).documents;
    } catch (err) {
      const listing = archiveUrl(f.cik, f.accession_no, "index.json");
      try {
        const raw = this.json<{ directory?: { item?: { name?: string }[] } }>(
          await this.#get(listing, "forever"),
          listing,
        );
        return (raw.directory?.item ?? []).filter((i) => i.name).map((i, n) => ({
          seq: String(n + 1),
          description: "",
          document: i.name!,
          type: "",
        }));
      } catch {
        throw new ProviderError(
          "filings_a",
          `cannot list the documents of filing ${f.accession_no}: neither ${
            this.shownUrl(url)
          } nor ${this.shownUrl(listing)} could be read (${
            err instanceof Error ? err.message : err
          })`,
          { url: this.fetchedUrl(url) },
        );
      }
    }
  }

  /** What the filing's index page says; its SGML header page when the index page cannot be read. */
  async indexPage(cik: number, accession: string): Promise<IndexPage> {
    try {
      return parseIndexPage(await (await this.#get(indexUrl(cik, accession), "forever")).text());
    } catch (err) {
      const headers = await this.#get(headersUrl(cik, accession), "forever").catch(() => {
        throw err;
      });
      return parseIndexHeaders(await headers.text());
    }
  }

  /** URL of a file in a resolved filing's folder (for citations). */
  fileUrl(f: ResolvedFiling, file: string): string {
    return archiveUrl(f.cik, f.accession_no, file);
  }

  /** Pins a filing down from a symbol, an accession or a URL (contract 4.4). */
  async resolve(q: FilingQuery): Promise<ResolvedFiling> {
    const fromUrl = q.url ? parseArchiveUrl(q.url) : null;
    if (q.url && !fromUrl) {
      throw new FinanceError(
        `url: ${q.url} is not an SEC archive URL; expected https://www.sec.gov/Archives/edgar/data/<cik>/<accession digits>/<file>`,
      );
    }
    let accession: string | null = fromUrl?.accession ?? null;
    if (q.accession) {
      const asked = normalizeAccession(q.accession);
      if (!asked) {
        throw new FinanceError(
          `accession: "${q.accession}" is not an accession number; expected 0001045810-24-000029 or its 18 digits`,
        );
      }
      // both given must name one filing: another filing's text is never answered for the one asked
      if (accession && asked !== accession) {
        throw new FinanceError(
          `accession ${asked} and url (a file of filing ${accession}) name different filings; pass only one of them`,
        );
      }
      accession = asked;
    }
    let cik = fromUrl?.cik ?? null;
    if (cik === null && q.symbol) {
      cik = cikOf(q.symbol) ??
        (await this.lookupTicker(
          q.symbol,
          "pass accession= or url= of the filing, or the company's SEC CIK as symbol (e.g. 320193)",
        )).cik;
    } else if (fromUrl && q.symbol) {
      // a symbol beside a URL must name the URL's company: TSLA with Apple's 10-K is a mistake,
      // never Apple's text answered as Tesla's (a symbol the ticker map cannot read is left to
      // the URL, which names the filing exactly)
      const named = cikOf(q.symbol) !== null
        ? { cik: cikOf(q.symbol)! }
        : await this.lookupTicker(q.symbol).catch(() => null);
      if (named && named.cik !== fromUrl.cik) {
        throw new FinanceError(
          `symbol ${q.symbol.toUpperCase()} (CIK ${named.cik}) and url (a filing of CIK ${fromUrl.cik}) name different companies; pass only the url, or the symbol with accession=`,
        );
      }
    }
    if (!accession) {
      if (cik === null) throw new FinanceError("give symbol, accession or url to name a filing");
      return this.#latest(cik, q.form);
    }
    // Without a symbol or URL, the accession's first ten digits name the filer when it filed
    // for itself; filing agents (e.g. 0001628280 Workiva) file for many companies.
    if (cik === null) cik = Number(accession.slice(0, 10));
    const filer = cik;
    const row = await this.findAccession(filer, accession).catch((err) => {
      if (fromUrl) return null;
      const why = err instanceof Error ? err.message : String(err);
      throw new FinanceError(
        `accession ${accession} could not be resolved: searching the filings of CIK ${filer} failed (${why})${
          q.symbol
            ? ""
            : "; if a filing agent filed it, pass symbol= of the company or url= of the filing"
        }`,
      );
    });
    if (row) return this.#describe(await this.company(cik), row, fromUrl?.file ?? null);
    if (fromUrl) return this.#fromIndexPage(cik, accession, fromUrl.file);
    throw new FinanceError(
      q.symbol
        ? `accession ${accession} is not among ${q.symbol}'s filings (CIK ${cik}); check the number or pass url= of the filing`
        : `accession ${accession} could not be resolved: it is not a filing of CIK ${cik} (its prefix may be a filing agent); pass symbol= of the company or url= of the filing`,
    );
  }

  async #latest(cik: number, form: string): Promise<ResolvedFiling> {
    const wanted = form.toUpperCase();
    let hit: FilingRow | null = null;
    // newest first: an amendment seen before the hit was filed after it
    const later: FilingRow[] = [];
    await this.walk(cik, (row) => {
      const f = row.form.toUpperCase();
      if (f === `${wanted}/A`) later.push(row);
      if (f === wanted) hit = row;
      return !hit;
    });
    const company = await this.company(cik);
    if (!hit) {
      throw new FinanceError(
        `no ${wanted} filing found for ${
          company.name || `CIK ${cik}`
        }; try another form= (e.g. 10-Q) or check filings.recent`,
      );
    }
    const found: FilingRow = hit;
    const amended_by = later.filter((r) =>
      found.report_date !== "" && r.report_date === found.report_date
    ).map((r) => ({
      form: r.form,
      accession_no: r.accession_no,
      filing_date: r.filing_date,
    }));
    const described = this.#describe(company, found, null);
    return amended_by.length ? { ...described, amended_by } : described;
  }

  #describe(company: Company, row: FilingRow, file: string | null): ResolvedFiling {
    const primary = row.primary_document || file || "";
    return {
      cik: company.cik,
      company: company.name,
      form: row.form,
      filing_date: row.filing_date,
      period_of_report: row.report_date,
      accession_no: row.accession_no,
      primary_document: primary,
      filing_url: archiveUrl(company.cik, row.accession_no, primary),
      homepage_url: indexUrl(company.cik, row.accession_no),
      text_url: textUrl(company.cik, row.accession_no),
    };
  }

  // When the submissions history cannot place the accession, the filing's own index page can.
  async #fromIndexPage(cik: number, accession: string, file: string | null) {
    const url = indexUrl(cik, accession);
    const page = await this.indexPage(cik, accession).catch((err) => {
      throw new ProviderError(
        "filings_a",
        `cannot describe filing ${accession}: neither the submissions history nor ${
          this.shownUrl(url)
        } (nor its -index-headers.html) could be read (${
          err instanceof Error ? err.message : err
        })`,
        { url: this.fetchedUrl(url) },
      );
    });
    // The document the URL names may be an exhibit; the index says which one is primary.
    const primary = page.primary_document ?? file ?? "";
    return {
      cik,
      company: page.company ?? "",
      form: page.form ?? "",
      filing_date: page.filing_date ?? "",
      period_of_report: page.report_date ?? "",
      accession_no: accession,
      primary_document: primary,
      filing_url: archiveUrl(cik, accession, primary),
      homepage_url: url,
      text_url: textUrl(cik, accession),
    };
  }
}
