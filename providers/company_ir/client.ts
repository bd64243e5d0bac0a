/**
 * Company investor-relations documents: SEC filing indexes (8-K EX-99 exhibits) and, where a
 * company's IR site serves plain HTML, its presentation links.
 */
import { ProviderError } from "../../core/errors.ts";
import type { ProviderEnv } from "../../core/provider.ts";
import type { UrlGuard } from "../../core/http.ts";
import { secHeaders } from "../filings_a/agent.ts";
import { findSecTicker } from "../filings_a/edgar.ts";
import { type Exhibit, parseFilingIndex } from "./exhibits.ts";
import { type IrLink, irLinks, startPages } from "./crawl.ts";

export interface Company {
  cik: string;
  name: string;
  ticker: string;
}

const TICKERS_URL = "https://www.sec.gov/files/company_tickers.json";

/** Client of provider company_ir. */
export class Client {
  #tickers: Promise<Map<string, Company>> | null = null;

  constructor(readonly env: ProviderEnv) {}

  async #tickerMap(): Promise<Map<string, Company>> {
    return await (this.#tickers ??= (async () => {
      const body = await this.env.http.json<
        Record<string, { cik_str: number; ticker: string; title: string }>
      >({
        provider: "company_ir",
        url: TICKERS_URL,
        headers: secHeaders(this.env),
        cache: { ttl: 86_400 },
        signal: this.env.signal,
      });
      const map = new Map<string, Company>();
      for (const row of Object.values(body)) {
        const t = String(row.ticker).toUpperCase();
        if (!map.has(t)) {
          map.set(t, { cik: String(row.cik_str), name: row.title, ticker: t });
        }
      }
      return map;
    })());
  }

  /** Company name and CIK of a ticker from SEC's ticker list, or null when SEC does not list it. */
  async lookupCompany(symbol: string): Promise<Company | null> {
    // a foreign listing (MKC.V, T.PA) is no US filer's ticker: null, never McCormick's MKC-V
    const found = findSecTicker(await this.#tickerMap(), symbol, TICKERS_URL, (c) => c.name);
    return "error" in found ? null : found.hit;
  }

  /** The documents of one filing, from its EDGAR index page. */
  async filingIndex(
    cik: string,
    accessionNo: string,
  ): Promise<{ url: string; exhibits: Exhibit[] }> {
    const acc = accessionNo.trim();
    if (!/^\d{10}-\d{2}-\d{6}$/.test(acc)) {
      throw new ProviderError("company_ir", `"${accessionNo}" is not an SEC accession number`);
    }
    const url = `https://www.sec.gov/Archives/edgar/data/${Number(cik)}/${
      acc.replace(/-/g, "")
    }/${acc}-index.html`;
    // an SEC EDGAR page, asked as SEC asks to be asked: its failures are SEC's (filings_a), not
    // a company site's (ir.presentations source=filings_a was told company_ir had failed)
    const html = await this.env.http.text({
      provider: "filings_a",
      url,
      headers: secHeaders(this.env),
      cache: { ttl: "forever" },
      signal: this.env.signal,
    });
    return { url, exhibits: parseFilingIndex(html, url) };
  }

  /** An HTML page (IR sites); null when the answer is not HTML. */
  async page(url: string, guard?: UrlGuard): Promise<string | null> {
    return (await this.pageAt(url, guard))?.html ?? null;
  }

  /**
   * An HTML page and the address it was answered from: after a redirect (an IR address sent on
   * to a hosting platform, or to another path) its relative links are the final page's, not the
   * address asked. Null when the answer is not HTML.
   */
  async pageAt(url: string, guard?: UrlGuard): Promise<{ html: string; url: string } | null> {
    const res = await this.env.http.request({
      provider: "company_ir",
      url,
      cache: { ttl: 3600 },
      timeoutMs: 15_000,
      retries: 1,
      signal: this.env.signal,
      guard,
    });
    const type = res.headers["content-type"] ?? "";
    const text = res.text();
    if (!/html/i.test(type) && !/^\s*<(!doctype|html)/i.test(text)) return null;
    let at = url;
    try {
      // the cache and recordings may keep the address asked; a redirect gives the final one
      if (res.url && /^https?:\/\//i.test(res.url)) at = new URL(res.url).toString();
    } catch {
      at = url;
    }
    return { html: text, url: at };
  }

  /**
   * Presentation and press-release links from a company's IR pages: the start pages, then up to
   * `maxPages` hub pages they link to on the same site. Unreachable pages are reported, not hidden.
   */
  async crawl(
    website: string | null,
    irWebsite: string | null,
    opts: { maxPages?: number; guard?: UrlGuard } = {},
  ): Promise<
    {
      documents: (IrLink & { page_url: string })[];
      visited: string[];
      errors: string[];
      warnings: string[];
    }
  > {
    const queue = startPages(website, irWebsite);
    const visited: string[] = [];
    const errors: string[] = [];
    const warnings: string[] = [];
    const documents: (IrLink & { page_url: string })[] = [];
    const max = opts.maxPages ?? 6;
    while (queue.length && visited.length < max) {
      const url = queue.shift()!;
      if (visited.includes(url)) continue;
      visited.push(url);
      try {
        const got = await this.pageAt(url, opts.guard);
        if (!got) continue;
        // links are read against the page's own address (after any redirect)
        const at = got.url;
        const found = irLinks(got.html, at);
        warnings.push(...found.warnings);
        for (const d of found.documents) {
          if (!documents.some((x) => x.url === d.url)) documents.push({ ...d, page_url: at });
        }
        for (const h of found.hubs) if (!visited.includes(h) && !queue.includes(h)) queue.push(h);
      } catch (err) {
        errors.push(`${url}: ${(err as Error).message}`);
      }
    }
    return { documents, visited, errors, warnings };
  }
}
