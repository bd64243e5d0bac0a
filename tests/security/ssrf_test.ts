/**
 * SSRF attacks on the adapter, end to end on loopback: every loopback spelling is sent through
 * `document.read source=...` to servers that count their hits; none may get one. Redirects and
 * a DNS answer that changes between lookups are attacked on the HTTP client with the guard.
 */
import assert from "node:assert/strict";
import { HttpClient, type HttpRequest } from "../../core/http.ts";
import { urlGuardFor } from "../../core/access.ts";
import type { HopInit, PinnedAddress } from "../../core/transport.ts";
import { join } from "node:path";
import { FIXTURES, ROOT } from "../_helpers.ts";
import { adapterCall, countingServer, liveSession } from "./_net.ts";

const closedPolicy = { roots: [], allowPrivateUrls: false };

function loopbackSpellings(port: number, port6: number): string[] {
  return [
    `http://127.0.0.1:${port}/`,
    `http://2130706433:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://0x7f.1:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://127.1:${port}/`,
    `http://127.000.000.001:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://0:${port}/`,
    `http://localhost:${port}/`,
    `http://localhost.:${port}/`,
    `http://LOCALHOST:${port}/`,
    `http://docs.localhost:${port}/`,
    `http://[::1]:${port6}/`,
    `http://[0:0:0:0:0:0:0:1]:${port6}/`,
    `http://[::]:${port6}/`,
    `http://localhost:${port6}/`,
  ];
}

Deno.test("ssrf: loopback in every spelling is refused by the adapter and never reached", async () => {
  const v4 = countingServer("127.0.0.1");
  const v6 = countingServer("::1");
  try {
    const session = liveSession();
    for (const source of loopbackSpellings(v4.port, v6.port)) {
      const env = await adapterCall("document.read", { source }, session);
      assert.equal(env.ok, false, source);
      assert.match(env.error ?? "", /URL refused/, `${source}: ${env.error}`);
      assert.match(env.error ?? "", /FINANCE_ALLOW_PRIVATE_URLS/);
    }
    assert.equal(v4.hits, 0, `the IPv4 loopback server was reached ${v4.hits} times`);
    assert.equal(v6.hits, 0, `the IPv6 loopback server was reached ${v6.hits} times`);

    // control: with the door opened, the same spellings do reach the servers
    const open = liveSession({ FINANCE_ALLOW_PRIVATE_URLS: "1" });
    const reached = await adapterCall(
      "document.read",
      { source: `http://[::ffff:7f00:1]:${v4.port}/` },
      open,
    );
    assert.equal(reached.ok, true, reached.error ?? "");
    assert.ok(v4.hits >= 1, "the control request must reach the server");
  } finally {
    await v4.close();
    await v6.close();
  }
});

Deno.test("ssrf: the other document doors (ir.read, transcripts) refuse loopback too", async () => {
  const v4 = countingServer("127.0.0.1");
  try {
    const session = liveSession();
    for (const url of [`http://[::ffff:127.0.0.1]:${v4.port}/`, `http://2130706433:${v4.port}/`]) {
      const ir = await adapterCall("ir.read", { url }, session);
      assert.equal(ir.ok, false);
      assert.match(ir.error ?? "", /refused/);
    }
    assert.equal(v4.hits, 0);
  } finally {
    await v4.close();
  }
});

/** A guard that treats `*.public.test` as a checked public host living on loopback. */
function pretendPublic() {
  const real = urlGuardFor(closedPolicy);
  return (url: URL) => {
    if (url.hostname.endsWith("public.test")) {
      return { address: "127.0.0.1", family: 4 } as PinnedAddress;
    }
    return real(url);
  };
}

const request = (url: string, extra: Partial<HttpRequest> = {}): HttpRequest => ({
  provider: "test",
  url,
  retries: 0,
  ...extra,
});

Deno.test("ssrf: a pinned hop connects to the checked address without a second lookup", async () => {
  const target = countingServer("127.0.0.1");
  try {
    // `.test` names never resolve: the only way to reach the server is the pinned address
    const client = new HttpClient({ politeness: false });
    const res = await client.request(
      request(`http://pinned.public.test:${target.port}/doc`, { guard: pretendPublic() }),
    );
    assert.equal(res.status, 200);
    assert.equal(target.hits, 1);
    assert.equal(target.hosts[0], `pinned.public.test:${target.port}`, "Host is the original name");
  } finally {
    await target.close();
  }
});

Deno.test("ssrf: a redirect to a private address is refused at that hop", async () => {
  const inside = countingServer("127.0.0.1");
  const outside = countingServer("127.0.0.1", (req) => {
    const to = new URL(req.url).searchParams.get("to")!;
    return new Response(null, { status: 302, headers: { location: to } });
  });
  try {
    const client = new HttpClient({ politeness: false });
    for (
      const to of [
        `http://127.0.0.1:${inside.port}/`,
        `http://[::ffff:127.0.0.1]:${inside.port}/`,
        `http://2130706433:${inside.port}/`,
        `http://localhost.:${inside.port}/`,
        `http://169.254.169.254/latest/meta-data/`,
        `http://metadata.google.internal/computeMetadata/v1/`,
      ]
    ) {
      await assert.rejects(
        client.request(
          request(
            `http://hop.public.test:${outside.port}/?to=${encodeURIComponent(to)}`,
            { guard: pretendPublic() },
          ),
        ),
        /URL refused/,
        to,
      );
    }
    assert.ok(outside.hits >= 6, "the first hop is allowed");
    assert.equal(inside.hits, 0, "no redirect reached the private server");
  } finally {
    await inside.close();
    await outside.close();
  }
});

Deno.test("ssrf: a DNS answer that changes between lookups cannot move the connection", async () => {
  // The resolver answers a public address first, then loopback (a rebinding server).
  const answers = [["93.184.216.34"], ["127.0.0.1"]];
  let lookups = 0;
  const resolver = (_host: string) => Promise.resolve(answers[Math.min(lookups++, 1)]);
  const pins: string[] = [];
  const transport = (url: URL, _init: HopInit, pin: PinnedAddress) => {
    pins.push(`${url.host} -> ${pin.address}`);
    if (url.pathname === "/first") {
      return Promise.resolve(
        new Response(null, { status: 302, headers: { location: "/second" } }),
      );
    }
    return Promise.resolve(new Response("ok"));
  };
  const client = new HttpClient({ politeness: false, transport });
  const guard = urlGuardFor(closedPolicy, resolver);
  const res = await client.request(request("http://rebind.example/plain", { guard }));
  assert.equal(res.status, 200);
  assert.deepEqual(pins, ["rebind.example -> 93.184.216.34"], "connected to the checked address");
  assert.equal(lookups, 1, "one lookup per hop, none by the connection");

  // a redirect back to the same host is a new hop: the new answer is checked, and refused
  lookups = 0;
  pins.length = 0;
  await assert.rejects(
    client.request(request("http://rebind.example/first", { guard })),
    /resolves to 127\.0\.0\.1, loopback/,
  );
  assert.equal(lookups, 2);
  assert.deepEqual(pins, ["rebind.example -> 93.184.216.34"], "the refused hop never connected");
});

Deno.test("ssrf: a host whose lookup fails is refused, not waved through", async () => {
  const guard = urlGuardFor(closedPolicy, () => Promise.reject(new Error("ENOTFOUND")));
  await assert.rejects(
    Promise.resolve(guard(new URL("http://nowhere.example/"))),
    /could not be resolved/,
  );
  const empty = urlGuardFor(closedPolicy, () => Promise.resolve([]));
  await assert.rejects(Promise.resolve(empty(new URL("http://nowhere.example/"))), /refused/);
  // one bad answer among good ones refuses the host
  const mixed = urlGuardFor(closedPolicy, () => Promise.resolve(["8.8.8.8", "10.1.1.1"]));
  await assert.rejects(Promise.resolve(mixed(new URL("http://mixed.example/"))), /10\.1\.1\.1/);
  const good = urlGuardFor(closedPolicy, () => Promise.resolve(["2606:4700::1111"]));
  assert.deepEqual(await good(new URL("https://ok.example/")), {
    address: "2606:4700::1111",
    family: 6,
  });
  const both = urlGuardFor(closedPolicy, () => Promise.resolve(["2606:4700::1111", "1.1.1.1"]));
  assert.deepEqual(await both(new URL("https://ok.example/")), { address: "1.1.1.1", family: 4 });
});

Deno.test("ssrf: a pinned https hop keeps the host name for SNI and certificate checks", async () => {
  const tls = (name: string) => Deno.readTextFileSync(join(FIXTURES, "tls", name));
  let hits = 0;
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: tls("cert.pem"),
    key: tls("key.pem"),
    onListen() {},
  }, (req) => {
    hits++;
    return new Response(`host=${req.headers.get("host")}`);
  });
  try {
    const pin = () => ({ address: "127.0.0.1", family: 4 }) as PinnedAddress;
    const client = new HttpClient({ politeness: false, caCerts: [tls("ca.pem")] });
    const port = server.addr.port;
    const res = await client.request(request(`https://pinned.test:${port}/`, { guard: pin }));
    assert.equal(res.text(), `host=pinned.test:${port}`);
    // the same address under a name the certificate does not carry: TLS refuses it
    await assert.rejects(
      client.request(request(`https://other.test:${port}/`, { guard: pin })),
      /TLS error|network request failed/,
    );
    // and without the test CA, the certificate is not trusted at all
    await assert.rejects(
      new HttpClient({ politeness: false }).request(
        request(`https://pinned.test:${port}/`, { guard: pin }),
      ),
    );
    assert.equal(hits, 1);
  } finally {
    await server.shutdown();
  }
});

Deno.test("ssrf: a real `finance serve` refuses the loopback spellings and stays up", async () => {
  const victim = countingServer("127.0.0.1");
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "mod.ts"), "serve", "--port", String(port)],
    env: { FINANCE_CACHE: "off" },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    const base = `http://127.0.0.1:${port}`;
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(`${base}/health`).then(
        async (r) => (await r.body?.cancel(), r.ok),
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(up, "finance serve came up");
    for (
      const source of [
        `http://[::ffff:127.0.0.1]:${victim.port}/`,
        `http://2130706433:${victim.port}/`,
        `http://0177.0.0.1:${victim.port}/`,
        `http://0x7f.1:${victim.port}/`,
        `http://localhost.:${victim.port}/`,
      ]
    ) {
      const res = await fetch(`${base}/commands/document.read`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ source }),
      });
      const env = await res.json();
      assert.equal(env.ok, false, source);
      assert.match(env.error, /URL refused/, source);
    }
    assert.equal(victim.hits, 0);
    assert.equal(await fetch(`${base}/health`).then((r) => (r.body?.cancel(), r.status)), 200);
  } finally {
    child.kill();
    await child.status;
    await victim.close();
  }
});
