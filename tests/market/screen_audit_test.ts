/**
 * screen.run on inputs nobody tuned it on: sector names Yahoo does not use, text where a number
 * goes, a percent field given a fraction, rows in several currencies under a market-cap screen,
 * and a predefined screen that cannot page as far as asked. Each was an ok answer before.
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

Deno.test("screen query: a sector name Yahoo does not use is an error naming its own", () => {
  // Yahoo's screener matches the name exactly: "Health Care" (GICS) matched nothing before
  assert.throws(() => parseScreenQuery('sector="Health Care"'), /did you mean "Healthcare"/);
  assert.throws(() => parseScreenQuery("sector=Financials"), /"Financial Services"/);
  assert.throws(() => parseScreenQuery("sector=Tecnology"), /did you mean "Technology"/);
  // Yahoo's own names in another case are spelled as Yahoo spells them
  assert.deepEqual(parseScreenQuery("sector=technology"), {
    operator: "and",
    operands: [{ operator: "eq", operands: ["sector", "Technology"] }],
  });
  assert.deepEqual(parseScreenQuery("region=US").operands[0], {
    operator: "eq",
    operands: ["region", "us"],
  });
  assert.throws(() => parseScreenQuery("region=usa"), /two-letter country code/);
});

Deno.test("screen query: numbers where numbers go, % only on percent fields", () => {
  // both were sent to Yahoo as they stood (eq ["intradaymarketcap", "big"]; 10% read as 10)
  assert.throws(() => parseScreenQuery("intradaymarketcap=big"), /needs a number/);
  assert.throws(() => parseScreenQuery('beta="1"'), /needs a number/);
  assert.throws(() => parseScreenQuery("intradaymarketcap>10%"), /not a percent field/);
  assert.throws(() => parseScreenQuery("sector>5"), /compares with = != or IN/);
  const warnings: string[] = [];
  const q = parseScreenQuery("percentchange>0.05", warnings);
  assert.deepEqual(q.operands[0], { operator: "gt", operands: ["percentchange", 0.05] });
  assert.ok(warnings.some((w) => /percentchange is in percent.*0\.05 is read as 0\.05%/.test(w)));
  const quiet: string[] = [];
  parseScreenQuery("percentchange>5% AND forward_dividend_yield>=3", quiet);
  assert.deepEqual(quiet, []);
});

Deno.test("screen.run: a percent field given a fraction is said in the answer's warnings", async () => {
  const e = (await run("screen.run", { query: "percentchange>0.05" }, {
    fetch: fakeMarket(),
    now: NOW,
  })).envelope;
  assert.ok(e.ok);
  assert.ok(e.warnings.some((w) => /0\.05 is read as 0\.05%, not 5%/.test(w)), e.warnings.join());
});

/** A screener answer whose rows are listed in three currencies (shaped like Yahoo's). */
const mixed = {
  finance: {
    result: [{
      start: 0,
      count: 3,
      total: 3,
      quotes: [
        ["S2HO34.SA", "BRL", 1004565233664],
        ["JPM", "USD", 814585937920],
        ["5201.T", "JPY", 991060819968],
      ].map(([symbol, currency, marketCap]) => ({
        symbol,
        currency,
        marketCap,
        regularMarketPrice: 10,
        regularMarketChangePercent: 1.5,
        regularMarketTime: 1700586000,
      })),
    }],
    error: null,
  },
};

Deno.test("screen.run: a market-cap screen whose rows mix currencies is warned", async () => {
  const log: FakeLog = { urls: [], posts: [] };
  const e = (await run("screen.run", {
    query: "intradaymarketcap>100B",
    sort_field: "intradaymarketcap",
  }, { fetch: fakeMarket(log, { "screener?": () => json(mixed) }), now: NOW })).envelope;
  const d = dataOf(e) as Any;
  assert.equal(d.count, 3);
  assert.ok(
    e.warnings.some((w) =>
      /rows are in 3 currencies \(.*BRL 1.*\).*the filter on intradaymarketcap and the sort by intradaymarketcap compared amounts in different currencies/
        .test(w)
    ),
    e.warnings.join("\n"),
  );
  // one currency: nothing to say
  const one = (await run("screen.run", { query: "region=us AND intradaymarketcap>10B" }, {
    fetch: fakeMarket(),
    now: NOW,
  })).envelope;
  assert.ok(!one.warnings.some((w) => /currencies/.test(w)), one.warnings.join("\n"));
});

Deno.test("screen.run: a predefined screen that returns fewer rows than asked while more exist says so", async () => {
  // the fake's day_gainers holds 2 of a stated 40 rows: asking 5 got 2, "fewer matched" in silence
  const e = (await run("screen.run", { query: "day_gainers", count: 5 }, {
    fetch: fakeMarket(),
    now: NOW,
  })).envelope;
  assert.equal((dataOf(e) as Any).count, 2);
  assert.ok(
    e.warnings.some((w) => /Yahoo returned 2 of the screen's 40 rows .*not fewer matches/.test(w)),
    e.warnings.join("\n"),
  );
  const enough = (await run("screen.run", { query: "day_gainers", count: 2 }, {
    fetch: fakeMarket(),
    now: NOW,
  })).envelope;
  assert.ok(!enough.warnings.some((w) => /Yahoo returned/.test(w)));
});

Deno.test("screen.run: sort settings on a predefined screen are said not to apply", async () => {
  // sort_asc was dropped without a word (sort_field already had one): rows in Yahoo's order
  for (
    const [args, said] of [
      [{ sort_asc: true }, /^sort_asc applies to queries only; .*not sorted as asked/],
      [{ sort_asc: false, sort_field: "dayvolume" }, /^sort_field and sort_asc apply to queries/],
    ] as const
  ) {
    const e = (await run("screen.run", { query: "day_gainers", count: 2, ...args }, {
      fetch: fakeMarket(),
      now: NOW,
    })).envelope;
    assert.ok(e.ok, e.error ?? "");
    assert.ok(e.warnings.some((w) => said.test(w)), e.warnings.join("\n"));
  }
  const plain = (await run("screen.run", { query: "day_gainers", count: 2 }, {
    fetch: fakeMarket(),
    now: NOW,
  })).envelope;
  assert.ok(!plain.warnings.some((w) => /applies? to queries/.test(w)), plain.warnings.join());
});
