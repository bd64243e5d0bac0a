/** FINANCE_ALLOWED_HOSTS read as people write host names: with a port, a scheme, a final dot. */
import assert from "node:assert/strict";
import { guardOptionsFromEnv } from "../../adapters/guard_env.ts";
import { RequestGuard } from "../../adapters/guard.ts";

function admits(setting: string, host: string): boolean {
  const opts = guardOptionsFromEnv((n) => n === "FINANCE_ALLOWED_HOSTS" ? setting : undefined);
  assert.equal(typeof opts, "object");
  const guard = new RequestGuard(opts as Exclude<typeof opts, string>);
  // as Deno builds it: the request's URL names the Host header's host (absolute_form_test.ts)
  return guard.admit(new Request(`http://${host}/health`, { headers: { host } })) === null;
}

Deno.test("guard: allowed host names may carry a port, a scheme or a final dot", () => {
  for (
    const setting of ["finance.lan", "finance.lan:8765", "Finance.LAN.", "http://finance.lan:8765"]
  ) {
    assert.ok(admits(setting, "finance.lan:8765"), setting);
    assert.ok(admits(setting, "finance.lan"), setting);
    assert.ok(!admits(setting, "evil.test:8765"), setting);
    assert.ok(!admits(setting, "finance.lan.evil.test"), setting);
  }
  assert.ok(admits(".example.com", "api.example.com:1"));
  assert.ok(!admits(".example.com", "badexample.com"));
  // --host :: names no host; it must not admit an empty Host header
  const opts = guardOptionsFromEnv(() => undefined, ["::"]) as Exclude<
    ReturnType<typeof guardOptionsFromEnv>,
    string
  >;
  assert.deepEqual(opts.allowedHosts, []);
});

Deno.test("attack: a request without a Host header (HTTP/2's :authority) is checked by its URL's host", () => {
  const opts = guardOptionsFromEnv(() => undefined) as Exclude<
    ReturnType<typeof guardOptionsFromEnv>,
    string
  >;
  const guard = new RequestGuard(opts);
  // Deno puts an HTTP/2 request's :authority in its URL; the Host header is absent
  const rebind = guard.admit(new Request("http://rebind.attacker.example/openapi.json"));
  assert.ok(rebind !== null);
  assert.equal(rebind!.status, 421);
  assert.equal(guard.admit(new Request("http://127.0.0.1:8765/openapi.json")), null);
});
