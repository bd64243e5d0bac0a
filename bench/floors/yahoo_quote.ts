// Floor of market.quote with yahoo-finance2 kept and everything else left out: no zod, no
// command, runner or CLI. The session (FINANCE_REPLAY), this project's fetch for Yahoo, and
// yahoo-finance2's quote call with its consent and crumb handshake; the price is printed.
// Usage: FINANCE_REPLAY=<yahoo cassette> deno run -A bench/floors/yahoo_quote.ts AAPL
import { getDefaultSession } from "../../core/session.ts";
import { yahooFetch } from "../../providers/market_a/fetch.ts";

// held in variables, as the CLI loads packages (core/lazy.ts)
const pkg = (name: string) => import(`yahoo-finance2/${name}`);
const [{ default: create }, { default: quote }, { ExtendedCookieJar }] = await Promise.all([
  pkg("createYahooFinance"),
  pkg("modules/quote"),
  pkg("lib/cookieJar"),
]);
const session = getDefaultSession();
const http = session.http(() => {});
const quiet = { info() {}, warn() {}, error() {}, debug() {}, dir() {} };
const YahooFinance = create({ modules: { quote } });
const yf = new YahooFinance({
  fetch: yahooFetch(http, () => session.clock.now().getTime()),
  logger: quiet,
  validation: { logErrors: false, logOptionsErrors: false },
  versionCheck: false,
  suppressNotices: ["yahooSurvey", "ripHistorical"],
  cookieJar: new ExtendedCookieJar(),
});
const symbol = Deno.args[0] ?? "AAPL";
const rows = await yf.quote([symbol], { return: "array" }, { validateResult: false });
console.log(JSON.stringify({ symbol, price: rows[0]?.regularMarketPrice ?? null }));
