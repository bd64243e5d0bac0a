/**
 * The cache is no way around the URL guard. The CLI may read an intranet page (private
 * addresses are open to a person at their terminal) and the answer lands in the on-disk cache
 * that `finance serve` shares; a network caller asking for the same URL must be refused as if
 * nothing were cached, and so must one asking for a public URL whose cached answer came from a
 * private address through a redirect.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import { runCommand } from "../../core/runner.ts";
import "../../commands/registry.ts";
import { ResponseCache } from "../../core/cache.ts";
import { HttpClient } from "../../core/http.ts";
import { urlGuardFor } from "../../core/access.ts";
import type { PinnedAddress } from "../../core/transport.ts";
import { adapterCall, countingServer } from "./_net.ts";

const SECRET = "intranet payroll 4711";

function intranet() {
  return countingServer(
    "127.0.0.1",
    () =>
      new Response(`<html><body><p>${SECRET}</p></body></html>`, {
        headers: { "content-type": "text/html" },
      }),
  );
}

Deno.test("cache: a page the CLI cached from a private address is refused to the adapter", async () => {
  const inside = intranet();
  const dir = Deno.makeTempDirSync({ prefix: "finance-cache-guard-" });
  const session = (env: Record<string, string> = {}) =>
    new Session({
      config: loadConfig({ FINANCE_CACHE_DIR: join(dir, "cache"), ...env }),
      backoffBaseMs: 1,
      politeness: false,
    });
  try {
    const source = `http://127.0.0.1:${inside.port}/handbook.html`;
    const cli = await runCommand("document.read", { source }, { session: session() });
    assert.equal(cli.ok, true, cli.error ?? "");
    assert.equal(inside.hits, 1);

    const served = await adapterCall("document.read", { source }, session());
    assert.equal(served.ok, false, "the adapter served the cached intranet page");
    assert.match(served.error ?? "", /URL refused: .*loopback/);
    assert.ok(!JSON.stringify(served).includes(SECRET));
    assert.equal(inside.hits, 1, "nothing was fetched either");

    // control: with private addresses opened, the adapter reads the cached copy
    const open = await adapterCall(
      "document.read",
      { source },
      session({ FINANCE_ALLOW_PRIVATE_URLS: "1" }),
    );
    assert.equal(open.ok, true, open.error ?? "");
    assert.equal(inside.hits, 1, "the control was answered from the cache");
  } finally {
    await inside.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("cache: a public URL whose cached answer was redirected from a private one is not served", async () => {
  const inside = intranet();
  const outside = countingServer("127.0.0.1", () =>
    new Response(null, {
      status: 302,
      headers: { location: `http://127.0.0.1:${inside.port}/handbook.html` },
    }));
  const dir = Deno.makeTempDirSync({ prefix: "finance-cache-guard-" });
  // `*.public.test` plays a public host living on loopback (names under .test never resolve)
  const pin = (url: URL) =>
    url.hostname.endsWith("public.test")
      ? { address: "127.0.0.1", family: 4 } as PinnedAddress
      : undefined;
  const closed = urlGuardFor({ roots: [], allowPrivateUrls: false });
  try {
    const cache = new ResponseCache(dir);
    const url = `http://hop.public.test:${outside.port}/report.html`;
    const req = { provider: "test", url, retries: 0, cache: { ttl: 3600 } };
    // the CLI follows the redirect into the intranet and caches the answer under the public URL
    const cli = new HttpClient({ cache, politeness: false });
    const first = await cli.request({ ...req, guard: pin });
    assert.match(first.text(), new RegExp(SECRET));
    assert.equal(inside.hits, 1);

    const adapter = new HttpClient({ cache, politeness: false });
    const guard = (u: URL) => pin(u) ?? closed(u);
    await assert.rejects(
      adapter.request({ ...req, guard }),
      /URL refused: 127\.0\.0\.1:\d+ is loopback/,
      "the cached intranet answer was served to a guarded caller",
    );
    assert.equal(inside.hits, 1, "the live request stopped at the private hop");
    assert.equal(outside.hits, 2, "the live request asked the public host again");
  } finally {
    await inside.close();
    await outside.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
