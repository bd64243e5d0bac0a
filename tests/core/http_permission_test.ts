/**
 * A request Deno's permissions refuse (no --allow-net, or a list without the host) is not a
 * network failure: it is not retried, and the error names the flag to grant.
 */
import assert from "node:assert/strict";
import { HttpClient } from "../../core/http.ts";
import { ProviderError } from "../../core/errors.ts";

for (const denial of ["NotCapable", "PermissionDenied"] as const) {
  Deno.test(`http: a ${denial} from fetch is named (grant --allow-net), not retried`, async () => {
    let calls = 0;
    const http = new HttpClient({
      fetch: () => {
        calls++;
        throw new Deno.errors[denial](
          'Requires net access to "data.example.com:443", run again with the --allow-net flag',
        );
      },
      backoffBaseMs: 200,
      politeness: false,
    });
    const started = Date.now();
    const err = await http.request({ url: "https://data.example.com/x.json", provider: "test" })
      .then(() => null, (e) => e);
    assert.ok(err instanceof ProviderError, String(err));
    assert.equal(calls, 1, "not retried");
    assert.match(err.message, /--allow-net=data\.example\.com/);
    assert.match(err.message, /permissions/);
    assert.doesNotMatch(err.message, /offline|attempts/);
    assert.ok(Date.now() - started < 150, "no backoff");
  });
}
