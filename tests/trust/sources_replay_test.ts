/**
 * sources.test under replay sends nothing to the network and says so: a warning names the
 * sources its cassettes answered, those with no recording of their probe, and those that need
 * no network. Without replay there is no such warning.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { envelope, FIXTURES } from "../_helpers.ts";

const REPLAY_NOTE = "replaying recordings (FINANCE_REPLAY)";

Deno.test("sources.test under replay names the sources with and without recordings", async () => {
  // the backtest cassette holds no sources.test probe; the test's fetch fails on any request
  const env = await envelope("sources.test", { source: "market_a" }, {
    replay: [join(FIXTURES, "backtest", "cassette")],
  });
  assert.equal(env.ok, true, String(env.error));
  const note = env.warnings.find((w) => w.startsWith(REPLAY_NOTE));
  assert.ok(note, `no replay warning in ${JSON.stringify(env.warnings)}`);
  assert.match(note, /no probe was sent to the network/);
  assert.match(note, /sources answered from the cassettes: none/);
  assert.match(note, /sources with no recording of their probe: market_a/);
  assert.match(note, /FINANCE_RECORD=<dir>/);
});

Deno.test("sources.test without replay gives no replay warning", async () => {
  const env = await envelope("sources.test", { source: "pdf_text_a" });
  assert.equal(env.ok, true, String(env.error));
  assert.ok(!env.warnings.some((w) => w.startsWith(REPLAY_NOTE)), JSON.stringify(env.warnings));
});
