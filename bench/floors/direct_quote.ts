// Floor of market.quote's direct path: the session (FINANCE_REPLAY) and the eight requests of
// Yahoo's handshake and quote, answered from the cassette with the bodies read, nothing else: no
// CLI, no arguments, no cookie jar, no form or row reading, no envelope. The price is printed.
// Usage: FINANCE_REPLAY=<yahoo cassette> deno run -A bench/floors/direct_quote.ts
import { getDefaultSession } from "../../core/session.ts";
import "../../providers/clients.ts";

const session = getDefaultSession();
const http = session.http(() => {});
const consent = "sessionId=3_cc-session_dcf322f7-c2b7-4e77-9e32-36143f8f7c5d";
const steps: ["GET" | "POST", string][] = [
  ["GET", "https://finance.yahoo.com/quote/AAPL"],
  [
    "GET",
    "https://guce.yahoo.com/consent?brandType=nonEu&gcrumb=GoNrer0&done=https%3A%2F%2Ffinance.yahoo.com%2Fquote%2FAAPL",
  ],
  ["GET", `https://consent.yahoo.com/v2/collectConsent?${consent}`],
  ["POST", `https://consent.yahoo.com/v2/collectConsent?${consent}`],
  ["GET", `https://guce.yahoo.com/copyConsent?${consent}&lang=en-GB`],
  ["GET", "https://finance.yahoo.com/quote/AAPL?guccounter=1"],
  ["GET", "https://query1.finance.yahoo.com/v1/test/getcrumb"],
];
for (const [method, url] of steps) {
  const res = await http.request({
    provider: "market_a",
    url,
    method,
    redirect: "manual",
    acceptStatus: [301, 302, 307],
    cache: "none",
  });
  res.text();
}
const quote = await http.json<{ quoteResponse: { result: { regularMarketPrice: number }[] } }>({
  provider: "market_a",
  url: "https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL&crumb=x",
  cache: { ttl: 60 },
});
console.log(JSON.stringify({ price: quote.quoteResponse.result[0].regularMarketPrice }));
