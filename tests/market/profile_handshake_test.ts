/**
 * symbol.profile said "Yahoo has no profile for 'EXSW'" when Yahoo could not be reached at all,
 * citing the page of the cookie handshake (another listing's quote page) as if it were the
 * symbol's. A failed request is said as itself, with what the handshake page is; only Yahoo's
 * "not found" means no profile.
 */
import assert from "node:assert/strict";
import { run } from "../_helpers.ts";

Deno.test("symbol.profile: Yahoo out of reach is not 'no profile', and the handshake page is named as such", async () => {
  const down: typeof fetch = () => Promise.reject(new TypeError("connection refused"));
  const { envelope } = await run("symbol.profile", { symbol: "EXSW" }, { fetch: down });
  assert.equal(envelope.ok, false);
  assert.doesNotMatch(envelope.error!, /has no profile/);
  assert.match(envelope.error!, /handshake/);
  assert.match(envelope.error!, /not the symbol asked about/);
});
