import assert from "node:assert/strict";
import { envelope } from "../_helpers.ts";

Deno.test("args: a date sent as a JSON number says how to write it, not only 'expected text'", async () => {
  const env = await envelope("market.ohlcv", { symbols: "AAPL", start_date: 20200101 });
  assert.equal(env.ok, false);
  assert.match(String(env.error), /argument `start_date`/);
  assert.match(String(env.error), /for "20200101" write 2020-01-01; send it as text/);
});

Deno.test("args: screen.run offset is bounded (Yahoo pages a screen no further)", async () => {
  const env = await envelope("screen.run", { query: "day_gainers", offset: 1e12 });
  assert.equal(env.ok, false);
  assert.match(String(env.error), /offset/);
});
