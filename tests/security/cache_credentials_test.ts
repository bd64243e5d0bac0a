/**
 * Attack: caller A reads a private document through a URL carrying its own credential
 * (`?token=`, a pre-signed `X-Amz-Signature`); the cache key leaves the credential out (it must
 * never be written down: a signature was, since it was not known as one), so caller B asking for
 * the same URL without it (or with a guess) was answered A's document from the cache, the server
 * never asked. The key now
 * carries a digest of such credentials: the same credential still reads the cached copy, another
 * or none goes to the server, which refuses it. Configured provider keys (shared by every caller
 * by design) and Yahoo's session crumb stay out of the key as before.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { loadConfig } from "../../core/config.ts";
import { Session } from "../../core/session.ts";
import "../../providers/clients.ts";
import { credentialsIn } from "../../core/redact.ts";
import { adapterCall, countingServer } from "./_net.ts";

const SECRET = "board minutes 4711";
const TOKEN = "T0KEN-abcdef123";
const SIGNATURE = "abcdef0123456789";

function privateServer() {
  return countingServer("127.0.0.1", (req) => {
    const u = new URL(req.url);
    const allowed = u.searchParams.get("token") === TOKEN ||
      u.searchParams.get("X-Amz-Signature") === SIGNATURE;
    return allowed
      ? new Response(`<html><body><p>${SECRET}</p></body></html>`, {
        headers: { "content-type": "text/html" },
      })
      : new Response("denied", { status: 403 });
  });
}

Deno.test("attack: a document read with a caller's credential is not served from the cache to a caller without it", async () => {
  const server = privateServer();
  const dir = Deno.makeTempDirSync({ prefix: "finance-cache-credentials-" });
  // private addresses opened: the loopback server stands for a public host here
  const session = () =>
    new Session({
      config: loadConfig({
        FINANCE_CACHE_DIR: join(dir, "cache"),
        FINANCE_ALLOW_PRIVATE_URLS: "1",
      }),
      backoffBaseMs: 1,
      politeness: false,
    });
  const base = `http://127.0.0.1:${server.port}`;
  const cases: [string, string, string][] = [
    [`${base}/a.html?token=${TOKEN}`, `${base}/a.html`, `${base}/a.html?token=guess-123456`],
    [
      `${base}/b.html?X-Amz-Date=1&X-Amz-Signature=${SIGNATURE}`,
      `${base}/b.html?X-Amz-Date=1`,
      `${base}/b.html?X-Amz-Signature=guessguessguess0&X-Amz-Date=1`,
    ],
  ];
  try {
    for (const [own, none, guess] of cases) {
      const hitsBefore = server.hits;
      const a = await adapterCall("document.read", { source: own }, session());
      assert.equal(a.ok, true, a.error ?? "");
      assert.equal(server.hits, hitsBefore + 1);
      for (const other of [none, guess]) {
        const b = await adapterCall("document.read", { source: other }, session());
        assert.equal(b.ok, false, `${other} was answered from the cache`);
        assert.match(b.error ?? "", /HTTP 403/);
        assert.ok(!JSON.stringify(b).includes(SECRET));
      }
      assert.equal(server.hits, hitsBefore + 3, "both went to the server");
      // the credential's owner still reads the cached copy
      const again = await adapterCall("document.read", { source: own }, session());
      assert.equal(again.ok, true);
      assert.equal(server.hits, hitsBefore + 3, "the same credential was answered from the cache");
    }
    // the cache holds no credential in its files
    for await (const f of Deno.readDir(join(dir, "cache"))) {
      if (!f.isFile) continue;
      const text = new TextDecoder().decode(Deno.readFileSync(join(dir, "cache", f.name)));
      assert.ok(!text.includes(TOKEN) && !text.includes(SIGNATURE), f.name);
    }
  } finally {
    await server.close();
  }
});

Deno.test("credentials in a URL: the caller's own, not configured keys or the crumb", () => {
  assert.equal(credentialsIn("https://example.com/a?x=1"), "");
  assert.equal(credentialsIn("https://example.com/a?token=t1&x=1"), "token=t1");
  assert.equal(credentialsIn("https://example.com/a?TOKEN=t1&Sig=s&x=1"), "sig=s\ntoken=t1");
  assert.equal(credentialsIn("https://alice:pw@example.com/a"), "@=alice:pw");
  // a provider's configured key is shared by every caller: not part of the key
  assert.equal(credentialsIn("https://api.example.com/q?apikey=ENVKEY123", ["ENVKEY123"]), "");
  // Yahoo's crumb changes with every session; its constant key=finance stays one value
  assert.equal(credentialsIn("https://query1.finance.yahoo.com/v1/x?crumb=abc"), "");
  assert.equal(
    credentialsIn("https://query1.finance.yahoo.com/v1/x?key=finance&crumb=abc"),
    "key=finance",
  );
  // in a stable order
  assert.equal(
    credentialsIn("https://e.com/a?token=2&apikey=1"),
    credentialsIn("https://e.com/a?apikey=1&token=2"),
  );
});
