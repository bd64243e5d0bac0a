/**
 * One authenticated client taking every request slot. The server handles FINANCE_MAX_CONNECTIONS
 * requests at once (256 by default) and a client may open FINANCE_MAX_CONNECTIONS_PER_CLIENT
 * connections (256 too), so one client starting requests whose bodies never come held every slot
 * for the body timeout, again and again: every other client was answered 503 "server busy".
 * Now a client other than loopback has at most FINANCE_MAX_REQUESTS_PER_CLIENT requests in
 * progress (an IPv6 client: its /64); its next one is answered 429 naming the setting, and others
 * are served. Loopback (a reverse proxy on the machine) is not counted.
 *
 * Runs in a network namespace with nothing but loopback (`unshare -rn`), 10.9.9.8 and 10.9.9.9
 * on its `lo`: no packet leaves the machine. This file is also the probe run inside it (with
 * FINANCE_ATTACK4_PROBE=1 under `deno run`, where Deno.test registers nothing).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";
import { loopbackWith, namespaceProblem, runProbe } from "./_netns.ts";
import {
  connectionLimitsFromEnv,
  DEFAULT_MAX_REQUESTS_PER_CLIENT,
} from "../../adapters/connections.ts";

const SETUP = loopbackWith(["10.9.9.8", "10.9.9.9"]);

Deno.test("attack4: FINANCE_MAX_REQUESTS_PER_CLIENT is read, and a bad value refused", () => {
  assert.equal(DEFAULT_MAX_REQUESTS_PER_CLIENT, 64);
  const env = (v: string) => (n: string) => n === "FINANCE_MAX_REQUESTS_PER_CLIENT" ? v : undefined;
  const read = connectionLimitsFromEnv(env("5"));
  assert.equal(typeof read === "object" && read.maxRequestsPerClient, 5);
  for (const bad of ["0", "-1", "2.5", "lots"]) {
    assert.match(String(connectionLimitsFromEnv(env(bad))), /FINANCE_MAX_REQUESTS_PER_CLIENT/);
  }
});

Deno.test({
  name: "attack4: one client holding requests open cannot take every request slot",
  ignore: Deno.env.get("FINANCE_ATTACK4_PROBE") === "1" ||
    namespaceProblem(SETUP, "the per-client request cap attack") !== null,
  async fn() {
    const r = await runProbe(SETUP, "attack4_request_slots_test.ts", [], {
      FINANCE_ATTACK4_PROBE: "1",
    });
    assert.equal(r.error, undefined, r.error);
    // the attacker's first three requests are held (their bodies never come); the rest are
    // answered at once, 429 naming the setting
    assert.equal(r.attacker.from, "10.9.9.9");
    assert.deepEqual(r.attacker.answered.slice(0, 3), [null, null, null]);
    for (const a of r.attacker.answered.slice(3)) {
      assert.match(a, /^HTTP\/1.1 429[\s\S]*FINANCE_MAX_REQUESTS_PER_CLIENT \(now 3\)/);
    }
    // loopback is not counted: four held, none refused
    assert.deepEqual(r.loopback, [null, null, null, null]);
    // another client is served (before: 503, every slot held by the attacker)
    assert.equal(r.victim.from, "10.9.9.8");
    assert.match(r.victim.text, /^HTTP\/1.1 200[\s\S]*"cagr"/);
  },
});

/** The probe: a real `finance serve` on 0.0.0.0 inside the namespace, attacked. */
async function probe(): Promise<Record<string, unknown>> {
  const enc = new TextEncoder();
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), "serve", "--host", "0.0.0.0", "--port", `${port}`],
    env: {
      FINANCE_CACHE: "off",
      NO_COLOR: "1",
      FINANCE_ADAPTER_TOKEN: "t0ken-0123456789abcdef",
      FINANCE_MAX_CONNECTIONS: "8",
      FINANCE_MAX_REQUESTS_PER_CLIENT: "3",
      FINANCE_BODY_TIMEOUT_MS: "8000",
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.getReader();
  let stderr = "";
  while (!stderr.includes(`:${port}`)) {
    const { done, value } = await reader.read();
    if (done) break;
    stderr += new TextDecoder().decode(value);
  }
  const head = (host: string, length: number) =>
    `POST /commands/formula.cagr HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer t0ken-0123456789abcdef\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
  /** What the server answers within `ms`, or null when it holds the request. */
  const answer = async (conn: Deno.Conn, ms: number): Promise<string | null> => {
    const buf = new Uint8Array(16384);
    const n = await Promise.race([
      conn.read(buf).catch(() => null),
      new Promise<"wait">((r) => setTimeout(() => r("wait"), ms)),
    ]);
    return n === "wait" || n === null ? null : new TextDecoder().decode(buf.subarray(0, n));
  };
  /** Opens a connection to `address` whose request's body never comes. */
  const hold = async (address: string) => {
    const conn = await Deno.connect({ hostname: address, port });
    await conn.write(enc.encode(`${head(address, 100)}{`));
    return conn;
  };
  const out: Record<string, unknown> = { started: stderr.trim() };
  const conns: Deno.Conn[] = [];
  try {
    for (let i = 0; i < 8; i++) conns.push(await hold("10.9.9.9"));
    await new Promise((r) => setTimeout(r, 500));
    out.attacker = {
      from: (conns[0].localAddr as Deno.NetAddr).hostname,
      answered: await Promise.all(conns.map((c) => answer(c, 1000))),
    };
    const local: Deno.Conn[] = [];
    for (let i = 0; i < 4; i++) local.push(await hold("127.0.0.1"));
    conns.push(...local);
    await new Promise((r) => setTimeout(r, 300));
    out.loopback = await Promise.all(local.map((c) => answer(c, 500)));
    const body = '{"start":100,"end":150,"periods":3}';
    const victim = await Deno.connect({ hostname: "10.9.9.8", port });
    conns.push(victim);
    await victim.write(enc.encode(head("10.9.9.8", body.length) + body));
    out.victim = {
      from: (victim.localAddr as Deno.NetAddr).hostname,
      text: (await answer(victim, 5000) ?? "").slice(0, 600),
    };
  } catch (err) {
    out.error = String(err);
  } finally {
    for (const c of conns) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    child.kill("SIGTERM");
    await child.status;
  }
  return out;
}

if (Deno.env.get("FINANCE_ATTACK4_PROBE") === "1") console.log(JSON.stringify(await probe()));
