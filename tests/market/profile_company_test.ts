/**
 * symbol.profile and calendar.company on listings the AAPL fixture does not cover: a ticker SEC
 * gives to another filer than the company Yahoo names, share classes of one issuer, a street
 * address in two lines, and dividend dates that are past, still to come, or not one dividend's.
 * Each fixture is written here in the shape of Yahoo's and SEC's answers.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { fakeMarket } from "./_fake.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const NOW = "2025-02-11T15:00:00Z";
const sec = (iso: string) => Date.parse(iso) / 1000;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

/** SEC's ticker list as company_tickers.json gives it. */
const TICKERS = {
  "0": { cik_str: 1067983, ticker: "BRK-B", title: "BERKSHIRE HATHAWAY INC" },
  "1": { cik_str: 1067983, ticker: "BRK-A", title: "BERKSHIRE HATHAWAY INC" },
  "2": { cik_str: 1046179, ticker: "TSM", title: "TAIWAN SEMICONDUCTOR MANUFACTURING CO LTD" },
  "4": { cik_str: 40545, ticker: "GE", title: "GENERAL ELECTRIC CO" },
  // a ticker that passed to a new filer after the company Yahoo still names was delisted
  "3": { cik_str: 2001234, ticker: "OLDCO", title: "Brand New Acquisition Corp." },
};

/** Yahoo's quoteSummary modules per symbol; SEC's ticker list; the rest as _fake. */
function yahoo(listings: Record<string, Record<string, unknown>>): typeof fetch {
  const rest = fakeMarket();
  return (input, init) => {
    const u = new URL(String(input instanceof Request ? input.url : input));
    if (u.pathname.endsWith("/company_tickers.json")) return Promise.resolve(json(TICKERS));
    const p = decodeURIComponent(u.pathname);
    for (const [symbol, modules] of Object.entries(listings)) {
      if (p.startsWith(`/v10/finance/quoteSummary/${symbol}`)) {
        const m = u.searchParams.get("modules")!;
        return Promise.resolve(
          modules[m]
            ? json({ quoteSummary: { result: [{ [m]: modules[m] }], error: null } })
            : json(
              {
                quoteSummary: {
                  result: null,
                  error: { code: "Not Found", description: "No fundamentals data found" },
                },
              },
              404,
            ),
        );
      }
    }
    return rest(input, init);
  };
}

const company = (longName: string, profile: Record<string, unknown> = {}) => ({
  quoteType: { symbol: "X", quoteType: "EQUITY", longName, shortName: longName },
  assetProfile: { sector: "Industrials", website: "https://example.com", ...profile },
});

const profile = (symbol: string, listings: Record<string, Record<string, unknown>>) =>
  run("symbol.profile", { symbol }, { fetch: yahoo(listings), now: NOW });

Deno.test("symbol.profile: a CIK SEC gives the ticker to another company is not this one's", async () => {
  const out = await profile("OLDCO", { OLDCO: company("Old Company Holdings, Inc.") });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.company_name, "Old Company Holdings, Inc.");
  assert.equal(d.cik, null);
  assert.ok(
    out.envelope.warnings.some((w) =>
      /gives OLDCO to CIK 0002001234, "Brand New Acquisition Corp\.", which is not Yahoo's/.test(w)
    ),
  );
});

Deno.test("symbol.profile: share classes and ADRs keep the issuer's CIK, names in other spellings", async () => {
  const listings = {
    "BRK-A": company("Berkshire Hathaway Inc."),
    "BRK-B": company("Berkshire Hathaway Inc."),
    TSM: company("Taiwan Semiconductor Manufacturing Company Limited"),
    // a brand name beside the legal one: SEC's initials
    GE: company("GE Aerospace"),
  };
  for (const symbol of ["BRK-A", "BRK-B"]) {
    const out = await profile(symbol, listings);
    assert.equal((dataOf(out.envelope) as Any).cik, "0001067983");
    assert.ok(!out.envelope.warnings.some((w) => /cik/.test(w)));
  }
  const tsm = await profile("TSM", listings);
  assert.equal((dataOf(tsm.envelope) as Any).cik, "0001046179");
  const ge = await profile("GE", listings);
  assert.equal((dataOf(ge.envelope) as Any).cik, "0000040545");
});

Deno.test("symbol.profile: a street address on two lines keeps both", async () => {
  const out = await profile("BABA", {
    BABA: company("Alibaba Group Holding Limited", {
      address1: "969 West Wen Yi Road",
      address2: "Yu Hang District",
      city: "Hangzhou",
      country: "China",
    }),
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.address, "969 West Wen Yi Road, Yu Hang District, Hangzhou");
});

Deno.test("symbol.profile: a number Yahoo keeps as a delisted listing's name is no company name", async () => {
  // ADH as recorded: no assetProfile, quoteType a MUTUALFUND on YHD whose only name is "54688"
  const out = await profile("ADH", {
    ADH: {
      quoteType: { symbol: "ADH", quoteType: "MUTUALFUND", exchange: "YHD", shortName: "54688" },
    },
  });
  assert.equal(out.envelope.ok, false);
  assert.match(out.envelope.error!, /only name for it is '54688', a placeholder/);
  // with an assetProfile the profile stands, its name null and said
  const named = await profile("ADH", {
    ADH: {
      quoteType: { symbol: "ADH", quoteType: "EQUITY", shortName: "54688" },
      assetProfile: { sector: "Industrials", website: "https://example.com" },
    },
  });
  assert.equal((dataOf(named.envelope) as Any).company_name, null);
  assert.ok(named.envelope.warnings.some((w) => /company_name: .*'54688', a placeholder/.test(w)));
});

const dividends = (ex: string, pay: string | null) => ({
  calendarEvents: {
    maxAge: 1,
    earnings: {
      earningsDate: [sec("2025-04-30T20:30:00Z")],
      earningsCallDate: [],
      isEarningsDateEstimate: false,
    },
    exDividendDate: sec(ex),
    ...(pay ? { dividendDate: sec(pay) } : {}),
  },
  earningsTrend: { trend: [], maxAge: 1 },
  earningsHistory: { history: [], maxAge: 86400 },
});

const calendar = (modules: Record<string, unknown>) =>
  run("calendar.company", { symbol: "ARMK" }, { fetch: yahoo({ ARMK: modules }), now: NOW });

Deno.test("symbol.profile: a cryptocurrency is said to be no company; its description is Yahoo's text of no stated date", async () => {
  // the shape of Yahoo's ADA-USD answers: quoteType CRYPTOCURRENCY, an assetProfile with a
  // description in place of a business summary, and no sector, address or employees
  const out = await profile("ADA-USD", {
    "ADA-USD": {
      quoteType: { symbol: "ADA-USD", quoteType: "CRYPTOCURRENCY", longName: "Cardano USD" },
      assetProfile: {
        companyOfficers: [],
        name: "Cardano",
        startDate: "2017-10-01",
        description: "Cardano (ADA) is a cryptocurrency launched in 2017. The last known price " +
          "of Cardano is 0.78070184 USD.",
      },
    },
  });
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.company_name, "Cardano USD");
  assert.match(d.description, /^Cardano \(ADA\) is a cryptocurrency launched in 2017/);
  assert.equal(d.sector, null);
  assert.equal(d.cik, null);
  const w = out.envelope.warnings.join("\n");
  assert.match(w, /ADA-USD is a cryptocurrency, not a company: sector, industry, address/);
  assert.match(w, /supply, price and change it states are of a date Yahoo does not give/);
});

Deno.test("symbol.profile: a currency pair or future with no assetProfile says why, once", async () => {
  for (
    const [symbol, kind, name] of [
      ["EURUSD=X", "a currency pair", "EUR/USD"],
      ["GC=F", "a futures contract", "Gold Apr 25"],
    ]
  ) {
    const out = await profile(symbol, {
      [symbol]: { quoteType: { symbol, quoteType: "X", longName: name } },
    });
    const d = dataOf(out.envelope) as Any;
    assert.equal(d.company_name, name);
    assert.equal(d.description, null);
    const about = out.envelope.warnings.filter((w) => w.includes(symbol));
    assert.equal(about.length, 1, about.join("\n"));
    assert.match(about[0], new RegExp(`is ${kind}, not a company`));
  }
  // a company's profile keeps no such warning
  const apple = await profile("AAPL", { AAPL: company("Apple Inc.") });
  assert.ok(!apple.envelope.warnings.some((w) => /not a company/.test(w)));
});

Deno.test("symbol.profile: a fund names the company fields it leaves empty, and only those", async () => {
  // an ETF's assetProfile: a description, no sector or address; a mutual fund's: its manager's
  // address and phone (Yahoo's 0P000071W8.TO gives TD Bank Tower's)
  const etf = await profile("QQQ", {
    QQQ: {
      quoteType: { symbol: "QQQ", quoteType: "ETF", longName: "Invesco QQQ Trust" },
      assetProfile: { longBusinessSummary: "The trust tracks the NASDAQ-100 Index." },
    },
  });
  const w1 = etf.envelope.warnings.filter((w) => w.startsWith("QQQ is "));
  assert.equal(w1.length, 1, etf.envelope.warnings.join("\n"));
  assert.match(
    w1[0],
    /an ETF \(Yahoo's quoteType ETF\): sector, industry, address, phone, employees are/,
  );
  const mf = await profile("0P000071W8.TO", {
    "0P000071W8.TO": {
      quoteType: { symbol: "0P000071W8.TO", quoteType: "MUTUALFUND", longName: "TD US Index e" },
      assetProfile: {
        address1: "TD Bank Tower, 66 Wellington Street West",
        phone: "1-800-588-8054",
      },
    },
  });
  const d = dataOf(mf.envelope) as Any;
  assert.equal(d.phone, "1-800-588-8054");
  const w2 = mf.envelope.warnings.find((w) => w.startsWith("0P000071W8.TO is a mutual fund"));
  assert.ok(w2, mf.envelope.warnings.join("\n"));
  assert.match(w2, /: sector, industry, employees are an operating company's fields/);
  assert.doesNotMatch(w2, /address|phone/);
  // a company says nothing of the kind
  const apple = await profile("AAPL", { AAPL: company("Apple Inc.") });
  assert.ok(!apple.envelope.warnings.some((w) => /operating company's field/.test(w)));
});

Deno.test("calendar.company: a past ex-date with the payment still to come says the payment is", async () => {
  // on 2025-02-11 the ex-date (2025-02-10) is behind, the payment (2025-02-24) is not
  const out = await calendar(dividends("2025-02-10T00:00:00Z", "2025-02-24T00:00:00Z"));
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.ex_dividend_date, "2025-02-10");
  assert.equal(d.dividend_date, "2025-02-24");
  const w = out.envelope.warnings.join("\n");
  assert.match(
    w,
    /ex-dividend date 2025-02-10 is past; the dividend payment date 2025-02-24 is still to come/,
  );
  assert.doesNotMatch(w, /names no upcoming dividend/);
});

Deno.test("calendar.company: a payment date before the ex-date is not one dividend's, said", async () => {
  // the next dividend's ex-date beside the last one's payment date
  const out = await calendar(dividends("2025-03-10T00:00:00Z", "2024-12-16T00:00:00Z"));
  const d = dataOf(out.envelope) as Any;
  assert.equal(d.ex_dividend_date, "2025-03-10");
  const w = out.envelope.warnings.join("\n");
  assert.match(w, /payment date 2024-12-16 is before its ex-dividend date 2025-03-10/);
  assert.match(w, /dividend payment date 2024-12-16 is past; the ex-dividend date 2025-03-10/);
  assert.doesNotMatch(w, /names no upcoming dividend/);
});

Deno.test("calendar.company: both dividend dates past is still said as before", async () => {
  const out = await calendar(dividends("2024-11-08T00:00:00Z", "2024-11-14T00:00:00Z"));
  assert.ok(
    out.envelope.warnings.some((w) =>
      /ex-dividend date 2024-11-08 and dividend payment date 2024-11-14 are past: Yahoo names no upcoming dividend/
        .test(w)
    ),
  );
});
