import assert from "node:assert/strict";
import { commands, createHandler, finance, openApiDocument, session } from "../../mod.ts";
import { COMMAND_COUNT } from "../_helpers.ts";

Deno.test("library: finance() returns typed envelopes and never throws", async () => {
  const r = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
  if (!r.ok) throw new Error(r.error);
  // typed without a cast: `data` is the command's result type once `ok` is checked
  const cagr: number = r.data.cagr;
  assert.ok(Math.abs(cagr - (1.5 ** (1 / 3) - 1)) < 1e-12);
  assert.equal(r.data.inputs.periods, 3);
  // a name held in a `string` is the dynamic form: checked at run time, `data` is unknown
  const dynamic: string = "formula.cagr";
  const bad = await finance(dynamic, { start: 100 });
  assert.equal(bad.ok, false);
  assert.equal(bad.data, null);
  assert.match(bad.error!, /missing required argument `end`/);
  const unknown = await finance(String("no.such"));
  assert.equal(unknown.ok, false);
  const missingCassette = await finance("market.quote", { symbol: "AAPL" }, {
    replay: "/nonexistent/cassette",
  });
  assert.equal(missingCassette.ok, false);
  assert.match(missingCassette.error!, /FINANCE_REPLAY/);
});

Deno.test("library: a literal command name and its arguments are type-checked", async () => {
  // each call below is refused by `deno check` (the test type-checks); at run time the same
  // mistakes are ok:false envelopes
  // @ts-expect-error misspelt command
  const misspelt = await finance("formula.cagrr", { start: 100, end: 150, periods: 3 });
  assert.equal(misspelt.ok, false);
  // @ts-expect-error unknown argument name
  const wrongName = await finance("formula.cagr", { begin: 100, end: 150, periods: 3 });
  assert.equal(wrongName.ok, false);
  // @ts-expect-error required argument missing
  const missing = await finance("formula.cagr", { start: 100, end: 150 });
  assert.equal(missing.ok, false);
  // @ts-expect-error wrong type (an enum value outside the list)
  const wrongType = await finance("filings.statement", { symbol: "NVDA", statement: "sales" });
  assert.equal(wrongType.ok, false);
  // no required argument: `args` may be left out
  const list = await finance("backtest.strategies");
  assert.equal(list.ok, true);
});

Deno.test("library: registry with JSON schemas, OpenAPI, embeddable handler", async () => {
  const list = await commands();
  assert.equal(list.length, COMMAND_COUNT);
  const npv = list.find((c) => c.name === "valuation.npv")!;
  assert.deepEqual((npv.args_schema.required as string[]).sort(), ["cashflows", "discount_rate"]);
  assert.equal((await openApiDocument()).openapi, "3.1.0");
  const handler = createHandler();
  const res = await handler(
    new Request("http://127.0.0.1/commands/valuation.npv", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cashflows: [-100, 60, 60], discount_rate: 0.1 }),
    }),
  );
  const env = await res.json();
  assert.equal(env.ok, true);
  assert.ok(Math.abs(env.data.npv - (-100 + 60 / 1.1 + 60 / 1.21)) < 1e-9);
});

Deno.test("library: session() fixes options once and keeps the typed calls", async () => {
  const missing = session({ replay: "/nonexistent/cassette" });
  const quote = await missing("market.quote", { symbol: "AAPL" });
  assert.equal(quote.ok, false);
  assert.match(quote.error!, /FINANCE_REPLAY/);
  const fixed = session({ now: "2026-01-15" });
  const r = await fixed("formula.cagr", { start: 100, end: 121, periods: 2 });
  if (!r.ok) throw new Error(r.error);
  assert.ok(Math.abs(r.data.cagr - 0.1) < 1e-12);
  // @ts-expect-error the same checks as finance(): unknown argument name
  assert.equal((await fixed("formula.cagr", { begin: 1, end: 2, periods: 1 })).ok, false);
});
