/**
 * Caller text echoed in refusals. The 404 for an unknown endpoint quoted the request method
 * whole: any token up to Deno's header limit (about 90 KB) is a method, so a 60,000-letter one
 * came back as a 60 KB error. Now it is clipped like the path and every other echo of the
 * caller's text (origin, content type, host, command and argument names).
 */
import assert from "node:assert/strict";
import { createHandler } from "../../adapters/http.ts";
import { testSession } from "../_helpers.ts";

const HOST = "127.0.0.1:8765";

Deno.test("attack4: a 60,000-letter method is not echoed whole", async () => {
  const handle = createHandler({ session: testSession() });
  const res = await handle(
    new Request(`http://${HOST}/x`, { method: "A".repeat(60_000), headers: { host: HOST } }),
  );
  assert.equal(res.status, 404);
  const env = await res.json();
  assert.equal(env.ok, false);
  assert.ok(env.error.length < 1_000, `${env.error.length} characters`);
  assert.match(env.error, /^no such endpoint A{60}… \/x; use POST/);
});

Deno.test("attack4: other echoes of caller text stay short", async () => {
  const handle = createHandler({ session: testSession() });
  const long = "e".repeat(50_000);
  const post = (path: string, headers: Record<string, string>, body = "{}") =>
    handle(
      new Request(`http://${HOST}${path}`, {
        method: "POST",
        headers: { host: HOST, "content-type": "application/json", ...headers },
        body,
      }),
    );
  const cases = [
    await post("/commands/formula.cagr", { origin: `http://${long}` }),
    await post("/commands/formula.cagr", { "content-type": `text/${long}` }),
    await post("/commands/formula.cagr", { host: `${long}.example` }),
    await post(`/commands/${long}`, {}),
    await post(`/${long}`, {}),
    await post("/commands/formula.cagr", {}, JSON.stringify({ [long]: 1 })),
    await post("/commands/formula.cagr", {}, JSON.stringify({ start: long, end: 1, periods: 1 })),
  ];
  for (const res of cases) {
    const text = await res.text();
    assert.ok(res.status >= 400, text.slice(0, 200));
    assert.ok(text.length < 1_000, `${res.status}: ${text.length} characters`);
  }
});
