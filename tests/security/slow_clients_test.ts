/**
 * Slow and idle clients against a real `finance serve` and a real `finance mcp --http` on
 * loopback: a client that connects and sends nothing, one that trickles its request line and
 * headers, an idle keep-alive connection, a later request trickled on a kept-alive connection,
 * a body still trickled after its 408, and thousands of idle connections. Each is closed by the server (short limits set through the
 * environment; the waits below are generous upper bounds, not speed assertions), a normal client
 * is answered during the attack, and the server is alive and under 1 GiB afterwards. The
 * per-client cap needs clients other than loopback: that test runs in a network namespace that
 * has nothing but loopback (`unshare -rn`), with two more addresses on its `lo`.
 */
import assert from "node:assert/strict";
import { loopbackWith, namespaceProblem, runProbe } from "./_netns.ts";
import {
  connectionLimitsFromEnv,
  counted,
  DEFAULT_LIMITS,
  serveConnections,
} from "../../adapters/connections.ts";
import { envelopeOf, ONE_GIB, rawRequest, type Spawned, spawnFinance } from "./_spawn.ts";

const enc = new TextEncoder();
const CAGR = '{"start":100,"end":150,"periods":3}';
/** Far longer than any limit set here: a connection still open after it was not closed. */
const GENEROUS_MS = 20_000;

const SERVERS: [string, string[]][] = [
  ["finance serve", ["serve"]],
  ["finance mcp --http", ["mcp", "--http"]],
];

function normalCall(s: Spawned) {
  return rawRequest(
    s.port,
    "POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json",
    CAGR,
  );
}

async function answered(s: Spawned) {
  const res = await normalCall(s);
  assert.equal(res.status, 200, res.body);
  assert.equal(envelopeOf(res).ok, true);
}

function stillHealthy(s: Spawned) {
  assert.ok(s.alive(), `server died: ${s.stderr()}`);
  assert.ok(s.rss() < ONE_GIB, `server RSS ${s.rss()} bytes`);
  // closed, reset and refused connections leave nothing on stderr (no uncaught rejection)
  assert.doesNotMatch(s.stderr(), /error|uncaught|panic/i, s.stderr());
}

/**
 * Reads until the server closes the connection (end of stream or a reset), for at most
 * `GENEROUS_MS`; returns what was read and whether it was closed.
 */
async function untilClosed(conn: Deno.Conn): Promise<{ closed: boolean; text: string }> {
  const buf = new Uint8Array(16384);
  let text = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((r) => timer = setTimeout(() => r("late"), GENEROUS_MS));
  try {
    while (true) {
      const n = await Promise.race([conn.read(buf).catch(() => null), late]);
      if (n === "late") return { closed: false, text };
      if (n === null) return { closed: true, text };
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
  } finally {
    clearTimeout(timer);
  }
}

/** Writes `bytes` one at a time, every `everyMs`, until a write fails or `stop()` says so. */
function trickle(conn: Deno.Conn, bytes: string, everyMs: number, stop: () => boolean) {
  return (async () => {
    for (const ch of bytes) {
      if (stop()) return;
      try {
        await conn.write(enc.encode(ch));
      } catch {
        return; // closed by the server
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
}

function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch { /* closed by the server */ }
}

for (const [name, args] of SERVERS) {
  Deno.test(`attack: silent, trickling and idle clients are disconnected (${name})`, async () => {
    const s = await spawnFinance(args, {
      FINANCE_HEADER_TIMEOUT_MS: "300",
      FINANCE_IDLE_TIMEOUT_MS: "300",
      FINANCE_BODY_TIMEOUT_MS: "300",
    });
    const conns: Deno.Conn[] = [];
    const connect = async () => {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      conns.push(c);
      return c;
    };
    try {
      // opens a connection and sends nothing
      const silent = await connect();
      // one header byte every 100 ms: the headers would take minutes to complete
      const slow = await connect();
      let slowClosed = false;
      const slowWriter = trickle(
        slow,
        `POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${"a".repeat(2000)}`,
        100,
        () => slowClosed,
      );
      // asks once with keep-alive, reads the answer, then sits idle
      const idle = await connect();
      await idle.write(enc.encode(
        `POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${CAGR.length}\r\n\r\n${CAGR}`,
      ));
      // asks once, then trickles its second request on the same connection
      const later = await connect();
      await later.write(enc.encode("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
      let laterClosed = false;
      const laterWriter = trickle(
        later,
        `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: ${"b".repeat(2000)}`,
        100,
        () => laterClosed,
      );

      // trickles its body: answered 408, and it keeps sending after the answer
      const body = await connect();
      await body.write(enc.encode(
        "POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{",
      ));
      let bodyClosed = false;
      const bodyWriter = trickle(body, " ".repeat(4000), 100, () => bodyClosed);

      // a normal client is answered while they hold their connections
      await answered(s);

      const results = await Promise.all([silent, slow, idle, later, body].map(untilClosed));
      slowClosed = laterClosed = bodyClosed = true;
      await Promise.all([slowWriter, laterWriter, bodyWriter]);
      const [silentR, slowR, idleR, laterR, bodyR] = results;
      assert.ok(silentR.closed, "a silent client was not disconnected");
      assert.equal(silentR.text, "", "nothing is sent to a client that asked nothing");
      assert.ok(slowR.closed, "a client trickling its headers was not disconnected");
      assert.doesNotMatch(slowR.text, /^HTTP\/1.1 200/);
      assert.ok(idleR.closed, "an idle keep-alive connection was not closed");
      assert.match(idleR.text, /^HTTP\/1.1 200/, "the idle client got its answer first");
      assert.ok(laterR.closed, "a trickled second request held its connection");
      assert.equal(laterR.text.match(/HTTP\/1.1 200/g)?.length, 1, laterR.text.slice(0, 300));
      assert.ok(bodyR.closed, "a client still sending its body after the 408 was kept");
      assert.match(bodyR.text, /^HTTP\/1.1 408/);
      assert.match(bodyR.text, /FINANCE_BODY_TIMEOUT_MS/);

      await answered(s);
      stillHealthy(s);
    } finally {
      conns.forEach(closeQuietly);
      await s.stop();
    }
  });

  Deno.test(`attack: thousands of idle connections meet the connection cap (${name})`, async () => {
    const cap = 200;
    const s = await spawnFinance(args, {
      FINANCE_MAX_OPEN_CONNECTIONS: String(cap),
      FINANCE_HEADER_TIMEOUT_MS: "5000",
    });
    const held: Deno.Conn[] = [];
    const connect = async () => {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      held.push(c);
      return c;
    };
    try {
      for (let i = 0; i < cap; i++) await connect();
      // the cap is full (these sent nothing, and have seconds left): a new connection is
      // answered 503 and closed, and so is a normal client
      const over = await untilClosed(await connect());
      assert.ok(over.closed, "a connection past the cap was left open");
      assert.match(over.text, /^HTTP\/1.1 503/);
      assert.match(over.text, /FINANCE_MAX_OPEN_CONNECTIONS \(now 200\)/);
      const refused = await normalCall(s);
      assert.equal(refused.status, 503);
      assert.match(envelopeOf(refused).error!, /server busy.*FINANCE_MAX_OPEN_CONNECTIONS/);

      // thousands more
      for (let i = 0; i < 2000; i++) await connect();
      stillHealthy(s);

      // every one of them is closed by the server: past the cap at once, the rest at the
      // header timeout, since none sent a request
      const all = await Promise.all(held.map(untilClosed));
      assert.equal(all.filter((r) => !r.closed).length, 0, "connections left open");
      assert.ok(all.slice(0, cap).every((r) => r.text === ""));
      // and the server answers again
      await answered(s);
      stillHealthy(s);
    } finally {
      held.forEach(closeQuietly);
      await s.stop();
    }
  });
}

Deno.test("attack: a thousand connections each holding 56 KB of unfinished headers", async () => {
  const s = await spawnFinance(["serve"], { FINANCE_HEADER_TIMEOUT_MS: "4000" });
  const held: Deno.Conn[] = [];
  try {
    const pad = enc.encode(`X-Pad: ${"a".repeat(8000)}\r\n`.repeat(7));
    for (let i = 0; i < 1000; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      held.push(c);
      await c.write(enc.encode("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
      await c.write(pad);
    }
    // Deno keeps each unfinished head (it answers 400 past about 90 KB); the server stays small
    stillHealthy(s);
    await answered(s);
    const all = await Promise.all(held.map(untilClosed));
    assert.equal(all.filter((r) => !r.closed).length, 0, "connections left open");
    assert.ok(all.every((r) => !/^HTTP\/1.1 200/.test(r.text)));
    await answered(s);
    stillHealthy(s);
  } finally {
    held.forEach(closeQuietly);
    await s.stop();
  }
});

Deno.test("a client that resets its connection mid-request does not stop the server", async () => {
  const s = await spawnFinance(["serve"]);
  try {
    for (let i = 0; i < 50; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
      await c.write(enc.encode("POST /commands/formula.cagr HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
      // closing with unread data makes the kernel send a reset
      c.close();
    }
    await answered(s);
    stillHealthy(s);
  } finally {
    await s.stop();
  }
});

Deno.test("connection limits: defaults, settings, and a bad setting named", () => {
  assert.deepEqual(connectionLimitsFromEnv(() => undefined), DEFAULT_LIMITS);
  const env: Record<string, string> = {
    FINANCE_HEADER_TIMEOUT_MS: "300",
    FINANCE_IDLE_TIMEOUT_MS: "400",
    FINANCE_MAX_OPEN_CONNECTIONS: "5",
  };
  assert.deepEqual(connectionLimitsFromEnv((n) => env[n]), {
    headerTimeoutMs: 300,
    idleTimeoutMs: 400,
    maxOpenConnections: 5,
    maxConnectionsPerClient: DEFAULT_LIMITS.maxConnectionsPerClient,
  });
  for (const bad of ["0", "-1", "1.5", "ten", "", "1e3"]) {
    const got = connectionLimitsFromEnv((n) => n === "FINANCE_IDLE_TIMEOUT_MS" ? bad : undefined);
    assert.equal(typeof got, "string", bad);
    assert.match(got as string, /FINANCE_IDLE_TIMEOUT_MS must be a positive whole number/);
  }
});

Deno.test("a bad connection setting stops `finance serve` at start with one line", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../mod.ts", import.meta.url).pathname, "serve", "--port", "0"],
    env: { FINANCE_CACHE: "off", NO_COLOR: "1", FINANCE_HEADER_TIMEOUT_MS: "soon" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr).trim();
  assert.equal(out.code, 2);
  assert.match(err, /^FINANCE_HEADER_TIMEOUT_MS must be a positive whole number, not `soon`$/);
});

Deno.test("per-client cap: loopback clients are not counted; an IPv4-mapped address is its IPv4", () => {
  const tcp = (hostname: string): Deno.NetAddr => ({ transport: "tcp", hostname, port: 1 });
  for (const local of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"]) {
    assert.equal(counted(tcp(local)), null, local);
  }
  assert.equal(counted(tcp("10.0.0.7")), "10.0.0.7");
  assert.equal(counted(tcp("::ffff:10.0.0.7")), "10.0.0.7");
  // an IPv6 client counts under its /64 (ipv6_client_cap_test.ts)
  assert.equal(counted(tcp("2001:DB8::1")), "2001:db8:0:0::/64");
});

const noNamespace = namespaceProblem(loopbackWith(["10.9.9.9"]), "the per-client cap attack");

Deno.test({
  name: "attack: one address opening many connections meets the per-client cap; others are served",
  ignore: noNamespace !== null,
  async fn() {
    const r = await runProbe(
      loopbackWith(["10.9.9.9", "10.9.9.8"]),
      "_netns_conn_probe.ts",
      ["18081"],
      { FINANCE_CACHE: "off" },
    );
    assert.equal(r.error, undefined, r.error);
    // the client really is 10.9.9.9, not loopback
    assert.equal(r.heldFrom, "10.9.9.9");
    assert.match(r.sixth.text, /^HTTP\/1.1 503/);
    assert.match(r.sixth.text, /FINANCE_MAX_CONNECTIONS_PER_CLIENT \(now 5\)/);
    assert.equal(r.otherClient.from, "10.9.9.8");
    assert.match(r.otherClient.text, /^HTTP\/1.1 200/);
    assert.match(r.loopback.text, /^HTTP\/1.1 200/, "20 loopback connections are not capped");
    assert.equal(r.heldClosed, true, "idle connections were left open");
    assert.match(r.afterwards.text, /^HTTP\/1.1 200/, "closed connections stay counted");
    assert.equal(r.alive, true);
  },
});

Deno.test("without Deno's per-connection server the servers still serve, and say the limits are off", async () => {
  const warned: string[] = [];
  const server = serveConnections({
    hostname: "127.0.0.1",
    port: 0,
    limits: DEFAULT_LIMITS,
    handler: () => Promise.resolve(new Response("here")),
    onError: () => new Response("error", { status: 500 }),
    onListen: () => {},
    warn: (line) => warned.push(line),
    perConnection: null,
  });
  try {
    const res = await fetch(`http://127.0.0.1:${server.addr.port}/`);
    assert.equal(await res.text(), "here");
    assert.equal(warned.length, 1);
    assert.match(warned[0], /not applied; put a reverse proxy in front/);
  } finally {
    server.close();
    await server.finished;
  }
});

Deno.test("with it, the layer closes a silent connection itself and counts what is open", async () => {
  const server = serveConnections({
    hostname: "127.0.0.1",
    port: 0,
    limits: { ...DEFAULT_LIMITS, headerTimeoutMs: 200 },
    handler: () => Promise.resolve(new Response("here")),
    onError: () => new Response("error", { status: 500 }),
    onListen: () => {},
    warn: (line) => assert.fail(line),
  });
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    const res = await fetch(`http://127.0.0.1:${server.addr.port}/`);
    assert.equal(await res.text(), "here");
    assert.ok(server.open() >= 1);
    assert.ok((await untilClosed(conn)).closed);
    closeQuietly(conn);
  } finally {
    server.close();
    await server.finished;
  }
});
