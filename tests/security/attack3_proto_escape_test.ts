/**
 * A `__proto__` key spelt with a JSON escape (`"\u005f_proto__"`, `"__pro\u0074o__"`): JSON.parse
 * reads it as `__proto__`, but the HTTP adapter looked for the plain spelling in the body's text
 * before walking it, so the escaped key went through and the schema dropped it without a word:
 * backtest.factor.weights ranked A and B and answered ok:true with the top score (5) gone. It is
 * refused now, as the plain spelling is.
 */
import assert from "node:assert/strict";
import { createHandler } from "../../adapters/http.ts";
import { testSession } from "../_helpers.ts";

Deno.test("attack3: an escaped __proto__ key is refused over HTTP, not dropped from the ranking", async () => {
  const handle = createHandler({ session: testSession() });
  const post = (body: string) =>
    handle(
      new Request("http://127.0.0.1:8765/commands/backtest.factor.weights", {
        method: "POST",
        headers: { host: "127.0.0.1:8765", "content-type": "application/json" },
        body,
      }),
    );
  for (const key of ["\\u005f_proto__", "__pro\\u0074o__", "\\u005F\\u005Fproto\\u005F\\u005F"]) {
    const body = `{"factor_name":"m","scores":{"${key}":5,"A":1,"B":2}}`;
    assert.equal(
      Object.keys(JSON.parse(body).scores)[0],
      "__proto__",
      "JSON reads the key as __proto__",
    );
    const res = await post(body);
    const env = await res.json();
    assert.equal(res.status, 422, `${key}: ${JSON.stringify(env).slice(0, 300)}`);
    assert.equal(env.ok, false);
    assert.match(env.error, /^scores: the key `__proto__` is not accepted/);
  }
  // other escapes are only text: answered
  const fine = await post('{"factor_name":"caf\\u00e9","scores":{"A":1,"B":2}}');
  assert.equal(fine.status, 200);
  assert.equal((await fine.json()).ok, true);
});
