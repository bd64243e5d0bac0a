/**
 * filings.facts on an exact tag reported in several units reads the one the tag is mostly
 * reported in among the statements' currency and its per-share form: an EPS tag with one value
 * slipped into plain USD (a tagging error) was read in USD, giving that one stray value as the
 * concept's history. The company is invented; its facts are shaped as SEC's companyfacts.
 */
import assert from "node:assert/strict";
import { dataOf, envelope } from "../_helpers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

const K = (y: number) => ({
  accn: `0000000066-${String(y).slice(2)}-000001`,
  fy: y - 1,
  fp: "FY",
  form: "10-K",
  filed: `${y}-02-20`,
});
const year = (y: number, val: number) => ({
  start: `${y}-01-01`,
  end: `${y}-12-31`,
  val,
  ...K(y + 1),
});

function fakeSec(): typeof fetch {
  const body = {
    cik: 9990066,
    entityName: "Fixture Units Co",
    facts: {
      "us-gaap": {
        EarningsPerShareDiluted: {
          label: "EPS, diluted",
          description: null,
          units: {
            "USD/shares": [year(2020, 1.1), year(2021, 1.2), year(2022, 1.3), year(2023, 1.4)],
            USD: [year(2019, 1.0)], // the slip: per-share value tagged as dollars
          },
        },
        WeightedAverageNumberOfDilutedSharesOutstanding: {
          label: "Diluted shares",
          description: null,
          units: {
            shares: [year(2021, 900), year(2022, 910), year(2023, 920)],
            USD: [year(2020, 880)], // the slip: a count tagged as dollars
          },
        },
        Revenues: {
          label: "Revenues",
          description: null,
          units: { USD: [year(2023, 5_000)] },
        },
      },
    },
  };
  return (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const json = (b: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(b), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
      );
    if (url.endsWith("/files/company_tickers.json")) {
      return json({ "0": { cik_str: 9990066, ticker: "UNTS", title: "Fixture Units Co" } });
    }
    if (url.includes("/companyfacts/CIK0009990066.json")) return json(body);
    return Promise.resolve(new Response("Not Found", { status: 404 }));
  };
}

Deno.test("filings.facts: an EPS tag with a stray USD value is read per share, and the other unit said", async () => {
  const e = await envelope<Any>(
    "filings.facts",
    { symbol: "UNTS", concept: "EarningsPerShareDiluted", period: "annual" },
    { fetch: fakeSec() },
  );
  const d = dataOf<Any>(e);
  // old: unit USD, one row (2019's 1.0)
  assert.equal(d.unit, "USD/shares");
  assert.deepEqual(d.rows.map((r: Any) => r.last_reported.value), [1.1, 1.2, 1.3, 1.4]);
  assert.ok(
    e.warnings.some((w: string) =>
      /reported in several units \(USD\/shares, USD\); showing USD\/shares/.test(w)
    ),
    e.warnings.join("\n"),
  );
  // unit= still reads the other
  const usd = await envelope<Any>(
    "filings.facts",
    { symbol: "UNTS", concept: "EarningsPerShareDiluted", unit: "USD", period: "annual" },
    { fetch: fakeSec() },
  );
  assert.deepEqual(dataOf<Any>(usd).rows.map((r: Any) => r.last_reported.value), [1.0]);
});

Deno.test("filings.facts: a share count with a stray USD value is read in shares", async () => {
  const e = await envelope<Any>(
    "filings.facts",
    {
      symbol: "UNTS",
      concept: "WeightedAverageNumberOfDilutedSharesOutstanding",
      period: "annual",
    },
    { fetch: fakeSec() },
  );
  const d = dataOf<Any>(e);
  // old: unit USD, the one stray 880
  assert.equal(d.unit, "shares");
  assert.deepEqual(d.rows.map((r: Any) => r.last_reported.value), [900, 910, 920]);
});
