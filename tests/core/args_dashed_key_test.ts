import assert from "node:assert/strict";
import { type ArgShape, normalizeArgShape, tokensToArgs } from "../../core/args.ts";

const shape: ArgShape = {
  name: "valuation.npv",
  usage: "finance valuation.npv cashflows=-100,60 discount_rate=10%",
  keys: ["cashflows", "discount_rate"],
  positional: [],
};

// `discount-rate=10%` on the CLI was refused as an "unexpected argument ... use name=value",
// which it already was; it must be read as a (misspelt) name and get the closest valid name.
Deno.test("cli: a key written with - for _ or in another case is named, with the valid name", () => {
  for (const key of ["discount-rate", "Discount-Rate", "DISCOUNT_RATE"]) {
    const args = tokensToArgs(shape, [`${key}=10%`], () => "string");
    assert.equal(args[key], "10%", key);
    assert.throws(
      () => normalizeArgShape(shape, args),
      (e: Error) =>
        e.message.includes(`\`${key}\``) && e.message.includes("did you mean `discount_rate`"),
      key,
    );
  }
});

Deno.test("cli: a token starting with - is still no key (a negative positional value)", () => {
  const withPositional = { ...shape, positional: ["cashflows"] };
  const args = tokensToArgs(withPositional, ["-100=5"], () => "string");
  assert.equal(args.cashflows, "-100=5");
});

Deno.test("cli: a word where no positional is taken is named as the argument it most likely is", () => {
  const news: ArgShape = {
    name: "news.search",
    usage: "finance news.search [query=TEXT | symbol=SYMBOL]",
    keys: ["query", "symbol", "max_records"],
    positional: [],
  };
  const refusal = (tokens: string[], s = news) => {
    try {
      tokensToArgs(s, tokens, () => "string");
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error(`${tokens.join(" ")} was taken`);
  };
  assert.match(refusal(["AAPL"]), /unexpected argument "AAPL"; did you mean symbol=AAPL\? use/);
  assert.match(refusal(["BRK.B"]), /did you mean symbol=BRK\.B\?/);
  // text that is no ticker, or a ticker once symbol= is given, is the query
  assert.match(refusal(["apple earnings"]), /did you mean query="apple earnings"\?/);
  assert.match(refusal(["symbol=AAPL", "TSLA"]), /did you mean query="TSLA"\?/);
  // a command with neither argument gets no guess
  assert.doesNotMatch(refusal(["AAPL"], shape), /did you mean/);
});

Deno.test("cli: a misspelt argument with a short value is that argument, not a Yahoo symbol", () => {
  // `limt=ab` has the shape of EURUSD=X and was taken for a second symbol: "unexpected argument
  // "limt=ab" (takes 1 positional); did you mean symbol=limt=ab?"
  const recent: ArgShape = {
    name: "filings.recent",
    usage: "finance filings.recent SYMBOL [forms=8-K limit=20]",
    keys: ["symbol", "forms", "limit", "classify"],
    positional: ["symbol"],
  };
  for (const token of ["limt=ab", "limt=x", "clasify=t"]) {
    const args = tokensToArgs(recent, ["NVDA", token], () => "string");
    assert.equal(args.symbol, "NVDA", token);
    assert.throws(
      () => normalizeArgShape(recent, args),
      (e: Error) =>
        /unknown argument `(limt|clasify)`.*did you mean `(limit|classify)`/.test(e.message),
      token,
    );
  }
  // Yahoo's own pair and future symbols are still symbols, in either case
  for (const token of ["EURUSD=X", "eurusd=x", "GC=F", "JPY=X"]) {
    assert.equal(tokensToArgs(recent, [token], () => "string").symbol, token, token);
  }
});
