/**
 * fool.com writes a share class with a dot (/quote/nyse/bf.b/); the symbol reaches the client in
 * Yahoo's spelling (BF-B) since every form a user types is read into it, so the page asked for
 * must turn the class back into the dot, not ask for /quote/nyse/bf-b/.
 */
import assert from "node:assert/strict";
import { foolSymbol } from "../../providers/transcripts_a/client.ts";

Deno.test("foolSymbol: a class suffix is written with a dot; other symbols only lower-cased", () => {
  assert.equal(foolSymbol("BF-B"), "bf.b");
  assert.equal(foolSymbol("BRK-B"), "brk.b");
  assert.equal(foolSymbol("AAPL"), "aapl");
  // not a one-letter class: left as it is
  assert.equal(foolSymbol("BTC-USD"), "btc-usd");
});
