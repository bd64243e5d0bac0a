/**
 * A local stand-in for SEC's servers (www.sec.gov and data.sec.gov paths on one port), for the
 * shared-cache and fleet-limiter tests: it invents companies, answers their ticker list,
 * submissions and companyfacts in SEC's shapes, and logs every hit with its arrival time.
 */

export interface Hit {
  path: string;
  at: number;
  status: number;
}

export interface FakeSec {
  port: number;
  hits: Hit[];
  /** Answer the next request for `path` with 429 and this Retry-After (seconds). */
  throttleNext(path: string, retryAfterS: number): void;
  close(): Promise<void>;
}

export const COMPANIES = Array.from({ length: 30 }, (_, i) => ({
  cik: 8_800_001 + i,
  ticker: `FLT${String.fromCharCode(65 + (i % 26))}${i >= 26 ? "X" : ""}`,
  title: `Fleet Test Company ${i + 1}`,
}));

const pad = (n: number) => String(n).padStart(10, "0");

function submissions(c: (typeof COMPANIES)[number]) {
  const n = 3;
  const acc = (k: number) => `${pad(c.cik)}-24-${String(k).padStart(6, "0")}`;
  const col = <T>(f: (k: number) => T) => Array.from({ length: n }, (_, k) => f(k + 1));
  return {
    cik: String(c.cik),
    name: c.title.toUpperCase(),
    tickers: [c.ticker],
    filings: {
      recent: {
        accessionNumber: col(acc),
        filingDate: col((k) => `2024-0${k}-15`),
        reportDate: col((k) => `2024-0${k}-01`),
        acceptanceDateTime: col((k) => `2024-0${k}-15T16:05:00.000Z`),
        form: col((k) => (k === 1 ? "10-K" : "8-K")),
        items: col(() => ""),
        primaryDocument: col((k) => `doc${k}.htm`),
        primaryDocDescription: col(() => ""),
        isXBRL: col(() => 1),
        isInlineXBRL: col(() => 1),
      },
      files: [],
    },
  };
}

function facts(c: (typeof COMPANIES)[number]) {
  const row = (fy: number, val: number) => ({
    start: `${fy}-01-01`,
    end: `${fy}-12-31`,
    val,
    accn: `${pad(c.cik)}-${String(fy + 1).slice(2)}-000001`,
    fy,
    fp: "FY",
    form: "10-K",
    filed: `${fy + 1}-02-15`,
  });
  return {
    cik: c.cik,
    entityName: c.title,
    facts: {
      "us-gaap": {
        Revenues: {
          label: "Revenues",
          description: "Revenue.",
          units: { USD: [row(2022, c.cik), row(2023, c.cik + 1000)] },
        },
      },
    },
  };
}

/** A small 10-K primary document in EDGAR's usual item layout. */
function annualReport(c: (typeof COMPANIES)[number]): string {
  const para = (text: string) => `<p>${text}</p>`.repeat(3);
  return `<html><body>
<p>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</p><p>FORM 10-K</p><p>${c.title}</p>
<p><b>PART I</b></p>
<p><b>Item 1. Business</b></p>${
    para(`${c.title} designs and sells test equipment to laboratories.`)
  }
<p><b>Item 1A. Risk Factors</b></p>${para("Demand for our products depends on research budgets.")}
<p><b>PART II</b></p>
<p><b>Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations</b></p>
${para("Revenue grew in the year because laboratories bought more instruments.")}
<p><b>Item 8. Financial Statements and Supplementary Data</b></p>${para("The statements follow.")}
</body></html>`;
}

/** Starts the fake SEC on a free loopback port. */
export function startFakeSec(): FakeSec {
  const hits: Hit[] = [];
  const throttled = new Map<string, number>();
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    const retry = throttled.get(path);
    if (retry !== undefined) {
      throttled.delete(path);
      hits.push({ path, at: Date.now(), status: 429 });
      return new Response("Too Many Requests", {
        status: 429,
        headers: { "retry-after": String(retry) },
      });
    }
    hits.push({ path, at: Date.now(), status: 200 });
    if (path === "/files/company_tickers.json") {
      return json(Object.fromEntries(
        COMPANIES.map((c, i) => [String(i), { cik_str: c.cik, ticker: c.ticker, title: c.title }]),
      ));
    }
    let m = /^\/submissions\/CIK(\d{10})\.json$/.exec(path);
    const company = (cik: string) => COMPANIES.find((c) => c.cik === Number(cik));
    if (m && company(m[1])) return json(submissions(company(m[1])!));
    m = /^\/api\/xbrl\/companyfacts\/CIK(\d{10})\.json$/.exec(path);
    if (m && company(m[1])) return json(facts(company(m[1])!));
    m = /^\/Archives\/edgar\/data\/(\d+)\/\d{18}\/doc1\.htm$/.exec(path);
    const filer = m && COMPANIES.find((c) => c.cik === Number(m![1]));
    if (filer) {
      return new Response(annualReport(filer), { headers: { "content-type": "text/html" } });
    }
    return new Response("Not Found", { status: 404 });
  });
  return {
    port: (server.addr as Deno.NetAddr).port,
    hits,
    throttleNext: (path, s) => throttled.set(path, s),
    close: () => server.shutdown(),
  };
}
