/**
 * audit8: every command a network caller can point at an address (ir.read, document.read,
 * document.tables, document.scan, document.ocr, transcripts.read, kpi.extract) against every
 * spelling of a private address: decimal, octal and hex IPv4 (2130706433, 0x7f.1, 0177.0.0.1),
 * short and full-width forms, IPv4-mapped and NAT64 IPv6, link-local and metadata addresses, a
 * zone id, userinfo in front of the host, local names, and non-http schemes (file:, data:,
 * ftp:). None may reach the counting server on loopback, and each answer is a refusal envelope
 * in words. A redirect chain from a public address that ends at a private one, in any spelling,
 * is refused at the hop that names it (run inside `unshare -rn`, where 93.184.216.34 and
 * 10.9.9.7 are put on the namespace's own loopback: no packet leaves the machine); a host name
 * that resolves to a private address is refused on the address it resolves to.
 */
import assert from "node:assert/strict";
import { adapterCall, countingServer, liveSession } from "./_net.ts";
import { loopbackWith, namespaceProblem, runProbe } from "./_netns.ts";
import { accessPolicy, urlGuardFor } from "../../core/access.ts";
import { loadConfig } from "../../core/config.ts";

const KEY = "AVAUDIT8SSRFKEY01234567";

const COMMANDS: [string, (u: string) => Record<string, unknown>][] = [
  ["ir.read", (u) => ({ source: u })],
  ["document.read", (u) => ({ source: u })],
  ["document.tables", (u) => ({ source: u })],
  ["document.scan", (u) => ({ source: u, query: "reached" })],
  ["document.ocr", (u) => ({ source: u })],
  ["transcripts.read", (u) => ({ source: u })],
  ["kpi.extract", (u) => ({ symbol: "ACME", source: u })],
];

/** A refusal in words: no internal error, no stack, no key. */
function assertRefused(env: { ok: boolean; error: string | null }, what: string) {
  const text = JSON.stringify(env);
  assert.equal(env.ok, false, what);
  assert.ok(env.error && env.error.length > 20, what);
  assert.ok(!/internal error|\n\s+at |TypeError/.test(text), `${what}: ${text}`);
  assert.ok(!text.includes(KEY), what);
  assert.ok(!text.includes("reached"), `${what}: the page was read: ${text}`);
}

Deno.test("audit8 ssrf: no spelling of a private address or scheme reaches loopback, on any command", async () => {
  const server = countingServer();
  const p = server.port;
  const urls = [
    `http://2130706433:${p}/`,
    `http://0x7f.1:${p}/`,
    `http://0177.0.0.1:${p}/`,
    `http://0x7f000001:${p}/`,
    `http://127.1:${p}/`,
    `http://127.0.0.1.:${p}/`,
    `http://１２７.0.0.1:${p}/`,
    `http://127。0。0。1:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`,
    `http://[::ffff:7f00:1]:${p}/`,
    `http://[64:ff9b::7f00:1]:${p}/`,
    `http://[::127.0.0.1]:${p}/`,
    `http://[::1]:${p}/`,
    `http://[::]:${p}/`,
    `http://0:${p}/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://[fd00:ec2::254]/latest/meta-data/`,
    `http://[fe80::1%25lo]:${p}/`,
    `http://example.com@127.0.0.1:${p}/`,
    `http://user:pass@127.0.0.1:${p}/`,
    `http://localhost:${p}/`,
    `http://app.localhost:${p}/`,
    `http://metadata.google.internal/computeMetadata/v1/`,
    `HTTP://127.0.0.1:${p}/`,
    ` http://127.0.0.1:${p}/`,
    `file:///etc/passwd`,
    `file:///proc/self/environ`,
    `data:text/html,<p>inline</p>`,
    `ftp://127.0.0.1:${p}/`,
    `gopher://127.0.0.1:${p}/_GET`,
  ];
  const session = liveSession({ ALPHA_VANTAGE_API_KEY: KEY });
  try {
    for (const [command, args] of COMMANDS) {
      for (const url of urls) {
        const env = await adapterCall(command, args(url), session);
        assertRefused(env, `${command} ${url}`);
      }
    }
  } finally {
    await server.close();
  }
  assert.equal(server.hits, 0, "the loopback server was reached");
});

Deno.test("audit8 ssrf: a host name resolving to a private address is refused on that address", async () => {
  const policy = accessPolicy("http", loadConfig({ FINANCE_CACHE: "off" }));
  for (
    const [answers, says] of [
      [["10.0.0.5"], /resolves to 10\.0\.0\.5, private/],
      [["93.184.216.34", "169.254.169.254"], /resolves to 169\.254\.169\.254, link-local/],
      [["::ffff:127.0.0.1"], /IPv4-mapped form of 127\.0\.0\.1/],
      [["64:ff9b::a00:5"], /NAT64 form of 10\.0\.0\.5/],
      [[], /could not be resolved/],
    ] as [string[], RegExp][]
  ) {
    const guard = urlGuardFor(policy, () => Promise.resolve(answers));
    await assert.rejects(guard(new URL("http://rebind.example.com/")), says, answers.join());
  }
});

const SETUP = loopbackWith(["93.184.216.34", "10.9.9.7"]);

Deno.test({
  name:
    "audit8 ssrf: a redirect chain from a public address to a private one is refused at its hop",
  ignore: Deno.env.get("FINANCE_AUDIT8_PROBE") === "1" ||
    namespaceProblem(SETUP, "the audit8 redirect chain attack") !== null,
  async fn() {
    const r = await runProbe(SETUP, "audit8_ssrf_test.ts", [], { FINANCE_AUDIT8_PROBE: "1" });
    assert.equal(r.error, undefined, r.error);
    assert.ok(r.publicHits > 0, "the public hop was fetched");
    assert.equal(r.privateHits, 0, "the private server was reached");
    for (const a of r.answers as { what: string; ok: boolean; error: string }[]) {
      assert.equal(a.ok, false, a.what);
      assert.match(a.error, /URL refused: .*(private|loopback|link-local|IPv4-mapped)/, a.what);
      assert.ok(!a.error.includes(KEY), a.what);
    }
  },
});

/** The probe, inside the namespace: a public server redirecting (twice) to private ones. */
async function probe(): Promise<Record<string, unknown>> {
  const port = 18088;
  const target = (to: string) => `http://93.184.216.34:${port}/hop?to=${encodeURIComponent(to)}`;
  const pub = countingServer("93.184.216.34", (req) => {
    const to = new URL(req.url).searchParams.get("to")!;
    // two hops: /hop sends to /last on itself, /last sends to the private address
    const next = new URL(req.url).pathname === "/hop" ? `/last?to=${encodeURIComponent(to)}` : to;
    return new Response(null, { status: 302, headers: { location: next } });
  }, port);
  const priv = countingServer("10.9.9.7", undefined, port);
  const loop = countingServer("127.0.0.1", undefined, port);
  const session = liveSession({ ALPHA_VANTAGE_API_KEY: KEY });
  const answers = [];
  try {
    for (
      const to of [
        `http://10.9.9.7:${port}/`,
        `http://0x0a090907:${port}/`,
        `http://[::ffff:10.9.9.7]:${port}/`,
        `http://127.0.0.1:${port}/`,
        `http://2130706433:${port}/`,
        `http://169.254.169.254:${port}/`,
      ]
    ) {
      for (const [command, args] of COMMANDS) {
        const env = await adapterCall(command, args(target(to)), session);
        answers.push({ what: `${command} → ${to}`, ok: env.ok, error: env.error ?? "" });
      }
    }
    return { publicHits: pub.hits, privateHits: priv.hits + loop.hits, answers };
  } catch (err) {
    return { error: String(err) };
  } finally {
    await Promise.all([pub.close(), priv.close(), loop.close()]);
  }
}

if (Deno.env.get("FINANCE_AUDIT8_PROBE") === "1") console.log(JSON.stringify(await probe()));
