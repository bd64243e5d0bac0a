/**
 * filings.facts and filings.frames given a concept as XBRL and filings.statement write it
 * ("us-gaap:NetIncomeLoss") and a unit typed in another case (found by argument fuzzing).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { dataOf, envelope, FIXTURES } from "../_helpers.ts";

const opts = { replay: [join(FIXTURES, "facts")] };
// deno-lint-ignore no-explicit-any
type Any = any;

Deno.test("filings.facts: a prefixed concept is that tag of that taxonomy", async () => {
  const plain = dataOf<Any>(
    await envelope("filings.facts", { symbol: "FCTS", concept: "NetIncomeLoss" }, opts),
  );
  const prefixed = dataOf<Any>(
    await envelope("filings.facts", { symbol: "FCTS", concept: "us-gaap:NetIncomeLoss" }, opts),
  );
  assert.equal(prefixed.concept, "NetIncomeLoss");
  assert.equal(prefixed.taxonomy, "us-gaap");
  assert.deepEqual(prefixed.rows, plain.rows);
  assert.ok(prefixed.rows.length > 0);
});

Deno.test("filings.facts: a company's own prefix, or one taxonomy= contradicts, is refused naming it", async () => {
  const own = await envelope("filings.facts", { symbol: "FCTS", concept: "fcts:Widgets" }, opts);
  assert.equal(own.ok, false);
  assert.equal(own.data, null);
  assert.match(own.error!, /concept: "fcts:Widgets" has the prefix fcts.*filings\.statement/);
  const clash = await envelope("filings.facts", {
    symbol: "FCTS",
    concept: "us-gaap:NetIncomeLoss",
    taxonomy: "dei",
  }, opts);
  assert.equal(clash.ok, false);
  assert.match(clash.error!, /us-gaap tag, but taxonomy=dei was given/);
});

Deno.test("filings.facts: unit=usd and usd/shares are SEC's USD and USD/shares", async () => {
  const d = dataOf<Any>(
    await envelope(
      "filings.facts",
      { symbol: "FCTS", concept: "NetIncomeLoss", unit: "usd" },
      opts,
    ),
  );
  assert.equal(d.unit, "USD");
  assert.ok(d.rows.length > 0);
  const eps = dataOf<Any>(
    await envelope("filings.facts", {
      symbol: "FCTS",
      concept: "EarningsPerShareDiluted",
      unit: "usd/SHARES",
    }, opts),
  );
  assert.equal(eps.unit, "USD/shares");
});

Deno.test("filings.frames: us-gaap:Revenues ranks as Revenues; another prefix is refused", async () => {
  const plain = dataOf<Any>(
    await envelope("filings.frames", { concept: "Revenues", period: "CY2023" }, opts),
  );
  const prefixed = dataOf<Any>(
    await envelope("filings.frames", { concept: "us-gaap:Revenues", period: "CY2023" }, opts),
  );
  assert.equal(prefixed.concept, "Revenues");
  assert.deepEqual(prefixed.rows, plain.rows);
  const own = await envelope(
    "filings.frames",
    { concept: "acme:Revenues", period: "CY2023" },
    opts,
  );
  assert.equal(own.ok, false);
  assert.match(own.error!, /prefix acme/);
});
