/**
 * screen.run thresholds in the unit Yahoo reads them: a market cap written in millions
 * (intradaymarketcap>5000 passes every listing), and a money filter over listings that all
 * trade in one currency other than USD (Yahoo compares each listing's own amounts: its recorded
 * 100B–1T cap screen returns Jakarta listings worth IDR 997B, about USD 60M), or over London
 * listings quoted in pence beside ones quoted in pounds. Each was an ok answer in silence.
 */
import assert from "node:assert/strict";
import { dataOf, run } from "../_helpers.ts";
import { type FakeLog, fakeMarket } from "./_fake.ts";
import { parseScreenQuery } from "../../analysis/market/screen_query.ts";

// deno-lint-ignore no-explicit-any
type Any = any;
const NOW = "2023-11-22T20:00:00Z";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** A screener answer (shaped like Yahoo's) with rows [symbol, currency, marketCap, price]. */
function answer(rows: [string, string, number, number][], total = rows.length) {
  return {
    finance: {
      result: [{
        start: 0,
        count: rows.length,
        total,
        quotes: rows.map(([symbol, currency, marketCap, regularMarketPrice]) => ({
          symbol,
          currency,
          marketCap,
          regularMarketPrice,
          regularMarketChangePercent: 1.5,
          regularMarketTime: 1700586000,
        })),
      }],
      error: null,
    },
  };
}

async function screen(query: string, rows: [string, string, number, number][]) {
  const log: FakeLog = { urls: [], posts: [] };
  const e = (await run("screen.run", { query }, {
    fetch: fakeMarket(log, { "screener?": () => json(answer(rows)) }),
    now: NOW,
  })).envelope;
  return { e, d: dataOf(e) as Any, log };
}

Deno.test("screen query: a market cap or revenue threshold below a million is said to be units, not millions", () => {
  const w: string[] = [];
  const q = parseScreenQuery("intradaymarketcap>5000 AND totalrevenues.lasttwelvemonths>=250", w);
  // sent as written (the query means what it says), but said
  assert.deepEqual(q.operands[0], { operator: "gt", operands: ["intradaymarketcap", 5000] });
  assert.ok(
    w.some((x) =>
      /intradaymarketcap is a full amount .*5000 is read as 5000, not 5000 million \(write 5000M, or 5B/
        .test(x)
    ),
    w.join("\n"),
  );
  assert.ok(w.some((x) => /totalrevenues.lasttwelvemonths is a full amount/.test(x)), w.join("\n"));
  const quiet: string[] = [];
  parseScreenQuery(
    "intradaymarketcap>500M AND intradaymarketcap<2B AND intradayprice>5 AND dayvolume>1000",
    quiet,
  );
  assert.deepEqual(quiet, []);
});

Deno.test("screen.run: a cap threshold in millions reaches the answer's warnings", async () => {
  const { e } = await screen("region=us AND intradaymarketcap>10000", [[
    "AAPL",
    "USD",
    2.9e12,
    190,
  ]]);
  assert.ok(e.ok);
  assert.ok(e.warnings.some((w) => /not 10000 million/.test(w)), e.warnings.join("\n"));
});

Deno.test("screen.run: a cap filter over Tokyo listings is said to be read in JPY", async () => {
  const { e, log } = await screen("region=jp AND intradaymarketcap>10B", [
    ["4911.T", "JPY", 987226243072, 2471],
    ["9404.T", "JPY", 981164752896, 3919],
  ]);
  assert.ok(e.ok);
  assert.ok(log.posts.some((p) => p.body.includes('"intradaymarketcap",10000000000')));
  assert.ok(
    e.warnings.some((w) =>
      /filter compared each listing's own amounts; intradaymarketcap: every row is in JPY, so its threshold was read as JPY, not USD/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
  // USD rows, and a sort alone, say nothing of it
  const us = await screen("region=us AND intradaymarketcap>10B", [["JPM", "USD", 8e11, 296]]);
  assert.ok(!us.e.warnings.some((w) => /own amounts/.test(w)), us.e.warnings.join("\n"));
  const sorted = await screen("region=jp AND percentchange>3", [["4062.T", "JPY", 9.8e11, 7058]]);
  assert.ok(!sorted.e.warnings.some((w) => /own amounts/.test(w)), sorted.e.warnings.join("\n"));
});

Deno.test("screen.run: a price filter over pence and pound listings is said to mix scales", async () => {
  const { e, d } = await screen("region=gb AND intradayprice>100", [
    ["SHEL.L", "GBp", 1.7e11, 2700],
    ["VUSA.L", "GBP", 3e10, 90],
  ]);
  assert.equal(d.quotes[0].market_cap_currency, "GBP");
  assert.ok(
    e.warnings.some((w) => /intradayprice: the rows are quoted in GBp and GBP/.test(w)),
    e.warnings.join("\n"),
  );
  // pence only: the threshold was pence
  const pence = await screen("region=gb AND intradayprice>100", [["SHEL.L", "GBp", 1.7e11, 2700]]);
  assert.ok(
    pence.e.warnings.some((w) => /intradayprice: every row is in GBp/.test(w)),
    pence.e.warnings.join("\n"),
  );
});

Deno.test("screen query: exchange codes are sent as Yahoo spells them (upper-case)", () => {
  // exchange=nms was sent as "nms", which Yahoo's exact match finds nowhere: an empty answer
  assert.deepEqual(parseScreenQuery("exchange IN (nms, nyq)").operands[0], {
    operator: "or",
    operands: [
      { operator: "eq", operands: ["exchange", "NMS"] },
      { operator: "eq", operands: ["exchange", "NYQ"] },
    ],
  });
});

Deno.test("screen.run: an empty answer to an industry filter says Yahoo matches it exactly", async () => {
  const { e, d } = await screen('industry="semiconductor" AND region=us', []);
  assert.equal(d.count, 0);
  assert.ok(
    e.warnings.some((w) => /Yahoo matched no listing; it matches industry values exactly/.test(w)),
    e.warnings.join("\n"),
  );
  // an empty page past the matches says that instead
  const log: FakeLog = { urls: [], posts: [] };
  const past = (await run("screen.run", { query: "region=us AND beta>1", offset: 500 }, {
    fetch: fakeMarket(log, { "screener?": () => json(answer([], 42)) }),
    now: NOW,
  })).envelope;
  assert.ok(
    past.warnings.some((w) => /offset 500 is past the screen's 42 matches/.test(w)),
    past.warnings.join("\n"),
  );
});

Deno.test("screen.run: a query answered with fewer rows than asked while more match says so", async () => {
  const short = (await run("screen.run", { query: "region=us AND beta>1", count: 5 }, {
    fetch: fakeMarket(undefined, {
      "screener?": () =>
        json(answer([["JPM", "USD", 8e11, 296], ["AAPL", "USD", 2.9e12, 190]], 40)),
    }),
    now: NOW,
  })).envelope;
  assert.equal((dataOf(short) as Any).count, 2);
  assert.ok(
    short.warnings.some((w) =>
      /Yahoo returned 2 rows for count 5 while it counts 40 matches.*offset=2/.test(w)
    ),
    short.warnings.join("\n"),
  );
  // all of the matches: nothing to say
  const all = await screen("region=us AND beta>1", [["JPM", "USD", 8e11, 296]]);
  assert.ok(!all.e.warnings.some((w) => /rows for count/.test(w)), all.e.warnings.join("\n"));
});

Deno.test("screen.run: a row with a price but no currency is said, not counted as comparable", async () => {
  const body = answer([["JPM", "USD", 8e11, 296], ["ODD", "USD", 5e9, 12]]);
  delete (body.finance.result[0].quotes[1] as Record<string, unknown>).currency;
  const e = (await run("screen.run", { query: "region=us AND beta>1" }, {
    fetch: fakeMarket(undefined, { "screener?": () => json(body) }),
    now: NOW,
  })).envelope;
  const d = dataOf(e) as Any;
  assert.equal(d.quotes[1].currency, null);
  assert.ok(
    e.warnings.some((w) => /Yahoo states no currency for ODD: its price and market cap/.test(w)),
    e.warnings.join("\n"),
  );
  const fine = await screen("region=us AND beta>1", [["JPM", "USD", 8e11, 296]]);
  assert.ok(!fine.e.warnings.some((w) => /states no currency/.test(w)));
});
