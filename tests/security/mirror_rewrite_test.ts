/**
 * attack: a caller's URL on a mirrored origin cannot name another host through its path when
 * FINANCE_SEC_BASE_URL points SEC's origin at a mirror ("https://www.sec.gov//127.0.0.1:18999/…"
 * used to become http://127.0.0.1:18999/…, past the address guard).
 */
import assert from "node:assert/strict";
import { baseUrlRewrite } from "../../core/endpoints.ts";
import type { Config } from "../../core/config.ts";

const config = (value: string) =>
  ({ env: (n: string) => (n === "FINANCE_SEC_BASE_URL" ? value : undefined) }) as unknown as Config;

Deno.test("attack: a '//host' path on a mirrored origin stays on the mirror", () => {
  const rewrite = baseUrlRewrite(config("http://sec-mirror.corp.example:8080"))!;
  for (
    const attack of [
      "https://www.sec.gov//127.0.0.1:18999/latest/meta-data/",
      "https://www.sec.gov///169.254.169.254/latest/meta-data/",
      "https://www.sec.gov/%2F%2F127.0.0.1/x",
    ]
  ) {
    const out = rewrite(new URL(attack));
    assert.equal(out.origin, "http://sec-mirror.corp.example:8080", attack);
  }
  // an ordinary path keeps its path and query, under the mirror's own prefix
  const prefixed = baseUrlRewrite(config("http://mirror:8080/sec/"))!;
  assert.equal(
    prefixed(new URL("https://www.sec.gov/Archives/edgar/data/1/x.htm?a=1")).href,
    "http://mirror:8080/sec/Archives/edgar/data/1/x.htm?a=1",
  );
  // other origins pass through untouched
  assert.equal(rewrite(new URL("https://example.com/x")).href, "https://example.com/x");
});
