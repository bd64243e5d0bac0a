// Floors of a cold market.quote: loading the libraries it needs and nothing else.
//   zod    the schema library (every command module and every provider check uses it)
//   yahoo  yahoo-finance2's smallest client for a quote: createYahooFinance, the quote module
//          and the cookie jar (each of its files loads Node's module, url and path polyfills;
//          the jar loads tough-cookie and tldts's public-suffix list)
//   both   the two together
// Specifiers are held in variables so that Deno loads only what the argument asks for, as the
// CLI does through core/lazy.ts.
const want = Deno.args[0] ?? "both";
const zod = ["zod"];
const yahoo = [
  "yahoo-finance2/createYahooFinance",
  "yahoo-finance2/modules/quote",
  "yahoo-finance2/lib/cookieJar",
];
const specifiers = want === "zod" ? zod : want === "yahoo" ? yahoo : [...zod, ...yahoo];
for (const specifier of specifiers) await import(specifier);
