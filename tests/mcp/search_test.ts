import assert from "node:assert/strict";
import { Bm25Index, stem, tokenize } from "../../core/bm25.ts";
import {
  CommandSearch,
  exampleArguments,
  schemaOutline,
  searchDocs,
  shellWords,
} from "../../adapters/discovery.ts";
import { helpEntries } from "../../adapters/help.ts";
import { commandNames } from "../../commands/registry.ts";
import { loadCommand } from "../../commands/registry.ts";
import { HELD_OUT_CASES, SEARCH_CASES } from "./search_cases.ts";

const search = new CommandSearch(helpEntries());

/** Rank (0 = first) of the best-placed intended command, -1 when none is found. */
function rankOf(query: string, intended: string): number {
  const wanted = intended.split("|");
  return search.search(query, { limit: 100 }).findIndex((c) => wanted.includes(c.command));
}

Deno.test("search: the table names real commands and has at least 40 requests", () => {
  assert.ok(SEARCH_CASES.length >= 40);
  const names = new Set(commandNames());
  for (const [, intended] of [...SEARCH_CASES, ...HELD_OUT_CASES]) {
    for (const name of intended.split("|")) assert.ok(names.has(name), name);
  }
});

Deno.test("search: every request of the table ranks its command first or second", () => {
  const misses = SEARCH_CASES
    .map(([q, want]) => ({ q, want, rank: rankOf(q, want) }))
    .filter((c) => c.rank < 0 || c.rank > 1)
    .map((c) =>
      `${c.q} -> ${c.want} (rank ${c.rank < 0 ? "none" : c.rank + 1}, got ${
        search.search(c.q, { limit: 2 }).map((r) => r.command).join(", ")
      })`
    );
  assert.deepEqual(misses, []);
});

Deno.test("search: a request to backtest finds backtest.run first, segment revenue the report pages", () => {
  for (const q of ["run a backtest", "backtest a moving average strategy"]) {
    assert.equal(search.search(q, { limit: 1 })[0]?.command, "backtest.run", q);
  }
  for (const q of ["segment revenue", "segment revenue note"]) {
    const top = search.search(q, { limit: 3 }).map((c) => c.command);
    assert.ok(top.some((c) => c === "filings.reports" || c === "filings.report"), `${q}: ${top}`);
  }
});

Deno.test("search: a pointer to another command ranks that one, and names of others rank neither", () => {
  const docs = new Map(searchDocs(helpEntries()).map((d) => [d.id, d.fields]));
  // filings.statement: "For notes, segment tables and other schedules use filings.reports ..."
  assert.match(docs.get("filings.reports")!.referrals, /segment tables/);
  assert.match(docs.get("filings.report")!.referrals, /segment tables/);
  // market.ohlcv: "Use price.moves for large moves and backtest.run for strategies"
  assert.doesNotMatch(docs.get("backtest.run")!.referrals, /large moves/);
  // backtest.strategy.payload returns "the exact arguments object backtest.run accepts"
  assert.doesNotMatch(docs.get("backtest.strategy.payload")!.description, /backtest\.run/);
  // "e.g." is no command name: a sentence holding it stays the command's own
  assert.match(docs.get("filings.reports")!.description, /pass either to/);
  // "not" is no "note": a stop word, where its stem would be note's
  assert.ok(!tokenize("a warning, not an error").includes(stem("note")));
  assert.ok(tokenize("segment note").includes(stem("note")));
});

Deno.test("search: requests the ranking was never tuned on mostly rank their command in the top two", () => {
  const hits = HELD_OUT_CASES.filter(([q, want]) => {
    const rank = rankOf(q, want);
    return rank >= 0 && rank <= 1;
  });
  const share = hits.length / HELD_OUT_CASES.length;
  console.log(`held-out requests in the top two: ${hits.length}/${HELD_OUT_CASES.length}`);
  assert.ok(share >= 0.8, `only ${hits.length}/${HELD_OUT_CASES.length}`);
});

Deno.test("search: namespace filter, limit, and a command's own name ranks it first", () => {
  const within = search.search("statement", { namespace: "fundamentals" });
  assert.deepEqual(within.map((c) => c.command), ["fundamentals.statement"]);
  assert.equal(search.search("price", { limit: 3 }).length, 3);
  for (const name of commandNames()) {
    assert.equal(search.search(name.replace(/[._]/g, " "), { limit: 1 })[0]?.command, name, name);
  }
  assert.deepEqual(search.search("zzzz qqqq"), []);
});

Deno.test("bm25: stems meet across forms; 10-K and P/E stay one word", () => {
  assert.equal(stem("moves"), stem("moved"));
  assert.equal(stem("moving"), stem("move"));
  assert.equal(stem("filings"), stem("filing"));
  assert.equal(stem("companies"), stem("company"));
  assert.deepEqual(tokenize("The 10-K's P/E and 8-K"), ["10k", "pe", "8k"]);
  assert.deepEqual(tokenize("Q&A, MD&A"), ["qa", "mda"]);
});

Deno.test("bm25: field weights and synonyms change the order", () => {
  const docs = [
    { id: "a", fields: { name: "quote", body: "latest price of a share" } },
    { id: "b", fields: { name: "bars", body: "quote history, quote bars, quote" } },
  ];
  assert.equal(new Bm25Index(docs, { weights: { name: 5, body: 1 } }).search("quote")[0].id, "a");
  assert.equal(new Bm25Index(docs, { weights: { name: 0.1, body: 1 } }).search("quote")[0].id, "b");
  const syn = new Bm25Index(docs, { synonyms: { "stock price": ["quote"] } });
  assert.deepEqual(syn.search("stock price").map((h) => h.id)[0], "a");
  assert.deepEqual(new Bm25Index(docs).search("stock"), []);
});

Deno.test("describe helpers: shell words, example arguments, schema outline", async () => {
  assert.deepEqual(shellWords(`finance x.y q="a b" 'c d' e\\ f`), [
    "finance",
    "x.y",
    "q=a b",
    "c d",
    "e f",
  ]);
  const npv = await loadCommand("valuation.npv");
  assert.deepEqual(
    exampleArguments(npv, "finance valuation.npv cashflows=-100,60 discount_rate=10%"),
    {
      cashflows: "-100,60",
      discount_rate: "10%",
    },
  );
  assert.equal(exampleArguments(npv, "finance valuation.irr cashflows=-100,60"), null);
  const quote = await loadCommand("market.quote");
  assert.deepEqual(exampleArguments(quote, "finance market.quote AAPL --output text"), {
    symbol: "AAPL",
  });
  assert.deepEqual(
    schemaOutline({
      type: "object",
      properties: {
        n: { anyOf: [{ type: "number" }, { type: "null" }] },
        rows: { type: "array", items: { type: "object", properties: { a: { type: "string" } } } },
        kind: { enum: ["x", "y"] },
      },
    }, 2),
    { n: "number|null", rows: [{ a: "string" }], kind: '"x"|"y"' },
  );
});
