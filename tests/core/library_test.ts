import assert from "node:assert/strict";
import { commands, createHandler, finance, openApiDocument } from "../../mod.ts";
import { COMMAND_COUNT } from "../_helpers.ts";

Deno.test("library: finance() returns typed envelopes and never throws", async () => {
  const r = await finance<{ cagr: number }>("formula.cagr", { start: 100, end: 150, periods: 3 });
  assert.equal(r.ok, true);
  assert.ok(Math.abs(r.data!.cagr - (1.5 ** (1 / 3) - 1)) < 1e-12);
  const bad = await finance("formula.cagr", { start: 100 });
  assert.equal(bad.ok, false);
  assert.match(bad.error!, /missing required argument `end`/);
  const unknown = await finance("no.such");
  assert.equal(unknown.ok, false);
  const missingCassette = await finance("market.quote", { symbol: "AAPL" }, {
    replay: "/nonexistent/cassette",
  });
  assert.equal(missingCassette.ok, false);
  assert.match(missingCassette.error!, /FINANCE_REPLAY/);
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
