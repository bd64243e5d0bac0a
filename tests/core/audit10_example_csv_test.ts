/**
 * examples/screen_to_csv.ts wrote `revenue` and `net_income` in the statement's reported scale
 * (1200 meaning USD millions) beside a `unit` column of USD, which reads as 1,200 dollars, and
 * price and market cap without their currency. Now every amount is the full figure as filed,
 * and price and market cap carry their currencies. Replays a project-written Yahoo screener
 * answer (ACME) and the project's SEC look-alike of ACME's 10-K (revenue 1,200 USD millions).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES, ROOT } from "../_helpers.ts";

const SCREEN = {
  finance: {
    result: [{
      id: "day_gainers",
      title: "Day Gainers",
      description: "Stocks up the most today",
      count: 1,
      total: 1,
      quotes: [{
        symbol: "ACME",
        shortName: "Acme Widgets Inc.",
        regularMarketPrice: 41.37,
        regularMarketChangePercent: 7.87,
        marketCap: 3310000000,
        regularMarketVolume: 1250000,
        currency: "USD",
        fullExchangeName: "NYSE",
        regularMarketTime: Date.parse("2024-04-30T20:00:00Z") / 1000,
      }],
    }],
    error: null,
  },
};

/** A cassette with Yahoo's cookie and crumb handshake and the day_gainers screen of one row. */
async function yahooCassette(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "finance-audit10-csv-" });
  const json = { "content-type": "application/json" };
  const index = {
    version: 1,
    recorded_at: "2024-05-01T12:00:00Z",
    entries: [{
      method: "GET",
      url: "https://finance.yahoo.com/quote/AAPL",
      status: 200,
      headers: {
        "content-type": "text/html",
        "set-cookie": "A3=redacted; Max-Age=31536000; Domain=.yahoo.com; Path=/; Secure",
      },
      body: "<html><body>consent not needed</body></html>",
    }, {
      method: "GET",
      url: "https://query1.finance.yahoo.com/v1/test/getcrumb",
      status: 200,
      headers: { "content-type": "text/plain" },
      body: "recordedcrumb",
    }, {
      method: "GET",
      url:
        "https://query2.finance.yahoo.com/v1/finance/screener/predefined/saved?lang=en-US&region=US&scrIds=day_gainers&count=1",
      status: 200,
      headers: json,
      body: JSON.stringify(SCREEN),
    }],
  };
  await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
  return dir;
}

Deno.test("audit10 example: screen_to_csv writes full amounts, not 1200 meaning millions, and each amount's currency", async () => {
  const yahoo = await yahooCassette();
  const out = join(yahoo, "screen.csv");
  const run = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "examples/screen_to_csv.ts", "screen=day_gainers", "count=1", `out=${out}`],
    cwd: ROOT,
    env: {
      FINANCE_CACHE: "off",
      FINANCE_REPLAY: `${yahoo}:${join(FIXTURES, "filings", "cassette")}`,
      FINANCE_FILINGS_USER_AGENT: "finance-tests test@example.com",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(run.success, new TextDecoder().decode(run.stderr));
  const [header, row, ...rest] = (await Deno.readTextFile(out)).trim().split("\n");
  assert.equal(rest.length, 0);
  const names = header.split(",");
  const cells = Object.fromEntries(names.map((n, i) => [n, row.split(",")[i]]));
  assert.equal(cells.symbol, "ACME");
  assert.equal(cells.error, "", row);
  // ACME's 10-K reports revenue of 1,200 in USD millions: the sheet holds 1200000000 USD
  assert.equal(cells.revenue, "1200000000");
  assert.equal(cells.unit, "USD");
  assert.equal(cells.net_income, ""); // ACME's look-alike 10-K tags no NetIncomeLoss
  assert.equal(cells.price, "41.37");
  assert.equal(cells.price_currency, "USD");
  assert.equal(cells.market_cap, "3310000000");
  assert.equal(cells.market_cap_currency, "USD");
  assert.equal(cells.accession_no, "0001234567-24-000010");
});
