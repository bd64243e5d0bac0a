/**
 * Token guessing: with FINANCE_ADAPTER_TOKEN set, a client that sends too many wrong tokens is
 * answered 429 with Retry-After until its window ends, without its token being compared.
 * Clients are named as the per-client connection cap names them (an IPv6 client by its /64);
 * loopback clients are not counted (a reverse proxy on this machine makes every client loopback).
 */
import assert from "node:assert/strict";
import { loopbackWith, namespaceProblem, runProbe } from "./_netns.ts";
import { guardOptionsFromEnv } from "../../adapters/guard_env.ts";
import { RequestGuard } from "../../adapters/guard.ts";
import { TokenFailures } from "../../adapters/bearer_token.ts";
import { createHandler } from "../../adapters/http.ts";

const TOKEN = "right-t0ken";

const from = (hostname: string) => ({
  remoteAddr: { transport: "tcp" as const, hostname, port: 40000 },
});

const ask = (token: string) =>
  new Request("http://10.0.0.5:8765/openapi.json", {
    headers: { host: "10.0.0.5:8765", authorization: `Bearer ${token}` },
  });

Deno.test("token guessing: after the limit a client gets 429 with Retry-After, right token or not", async () => {
  let now = 1_000_000;
  const failures = new TokenFailures(5, 60_000, () => now);
  const guard = new RequestGuard({ token: TOKEN, tokenFailures: failures });
  const attacker = from("203.0.113.7");
  for (let i = 0; i < 5; i++) {
    assert.equal(guard.admit(ask(`guess-${i}`), undefined, attacker)?.status, 401);
  }
  const blocked = guard.admit(ask("guess-5"), undefined, attacker)!;
  assert.equal(blocked.status, 429);
  assert.equal(blocked.headers.get("retry-after"), "60");
  const env = await blocked.json();
  assert.equal(env.ok, false);
  assert.match(env.error, /too many wrong tokens .*try again in 60 s.*FINANCE_MAX_TOKEN_FAILURES/);
  // the token is not compared while blocked
  assert.equal(guard.admit(ask(TOKEN), undefined, attacker)?.status, 429);
  // another client is not affected
  assert.equal(guard.admit(ask(TOKEN), undefined, from("198.51.100.1")), null);
  // the window ends: the right token is accepted again, and guesses count from zero
  now += 30_000;
  assert.equal(guard.admit(ask(TOKEN), undefined, attacker)?.headers.get("retry-after"), "30");
  now += 30_001;
  assert.equal(guard.admit(ask(TOKEN), undefined, attacker), null);
  assert.equal(guard.admit(ask("again"), undefined, attacker)?.status, 401);
});

Deno.test("token guessing: one IPv6 host's /64 counts as one client; IPv4-mapped as IPv4", () => {
  const guard = new RequestGuard({ token: TOKEN, tokenFailures: new TokenFailures(3) });
  for (let i = 1; i <= 3; i++) {
    assert.equal(guard.admit(ask("x"), undefined, from(`2001:db8:1:2::${i}`))?.status, 401);
  }
  assert.equal(guard.admit(ask(TOKEN), undefined, from("2001:db8:1:2::99"))?.status, 429);
  assert.equal(guard.admit(ask(TOKEN), undefined, from("2001:db8:1:3::1")), null);
  for (let i = 0; i < 3; i++) guard.admit(ask("x"), undefined, from("::ffff:192.0.2.9"));
  assert.equal(guard.admit(ask(TOKEN), undefined, from("192.0.2.9"))?.status, 429);
});

Deno.test("token guessing: loopback clients and calls without a client are not counted", () => {
  const guard = new RequestGuard({ token: TOKEN, tokenFailures: new TokenFailures(2) });
  for (const host of ["127.0.0.1", "127.8.9.1", "::1", "::ffff:127.0.0.1"]) {
    for (let i = 0; i < 5; i++) {
      assert.equal(guard.admit(ask("x"), undefined, from(host))?.status, 401);
    }
    assert.equal(guard.admit(ask(TOKEN), undefined, from(host)), null);
  }
  for (let i = 0; i < 5; i++) assert.equal(guard.admit(ask("x"))?.status, 401);
  assert.equal(guard.admit(ask(TOKEN)), null);
});

Deno.test("token guessing: the failures a server remembers are bounded", () => {
  const failures = new TokenFailures(1);
  for (let i = 0; i < 10_050; i++) failures.fail(`2001:db8:${i.toString(16)}::/64`);
  assert.ok(failures.size <= 10_000, `${failures.size} clients remembered`);
});

Deno.test("token guessing: the adapter's handler counts by the client Deno names, CORS or not", async () => {
  const opts = guardOptionsFromEnv((n) =>
    ({ FINANCE_ADAPTER_TOKEN: TOKEN, FINANCE_MAX_TOKEN_FAILURES: "2" })[n]
  );
  assert.equal(typeof opts, "object");
  for (const corsOrigins of [[], ["http://localhost:3000"]]) {
    const handler = createHandler({
      ...(opts as object),
      tokenFailures: new TokenFailures(2),
      corsOrigins,
    });
    const attacker = from("203.0.113.8");
    assert.equal((await handler(ask("a"), attacker)).status, 401);
    assert.equal((await handler(ask("b"), attacker)).status, 401);
    const res = await handler(ask(TOKEN), attacker);
    assert.equal(res.status, 429, `cors ${corsOrigins}`);
    assert.ok(res.headers.get("retry-after"));
    assert.equal((await handler(ask(TOKEN), from("203.0.113.9"))).status, 200);
  }
  assert.equal(
    guardOptionsFromEnv((n) => ({ FINANCE_MAX_TOKEN_FAILURES: "0" })[n]),
    "FINANCE_MAX_TOKEN_FAILURES must be a positive whole number, not 0",
  );
});

const noNamespace = namespaceProblem(loopbackWith(["10.9.9.9"]), "the token guessing attack");

Deno.test({
  name: "attack: finance serve on 0.0.0.0 stops a guessing address at the limit; others are served",
  ignore: noNamespace !== null,
  async fn() {
    const r = await runProbe(
      loopbackWith(["10.9.9.9", "10.9.9.8"]),
      "_netns_token_probe.ts",
      ["18082"],
      { FINANCE_CACHE: "off" },
    );
    assert.equal(r.error, undefined, r.error);
    const statuses = r.guesses.map((g: { status: number }) => g.status);
    assert.deepEqual(statuses, [401, 401, 401, 429, 429, 429]);
    assert.match(r.guesses[3].error, /too many wrong tokens/);
    assert.ok(Number(r.guesses[3].retryAfter) > 0 && Number(r.guesses[3].retryAfter) <= 60);
    assert.equal(r.rightAfterGuessing.status, 429);
    assert.equal(r.otherClient.status, 200);
    assert.deepEqual(r.loopback, [401, 401, 401, 401, 401, 401]);
    assert.equal(r.loopbackRight, 200);
  },
});
