/**
 * Runs inside `unshare -rnm` with its own /etc/hosts (bind-mounted by the test): names that the
 * system resolver maps to loopback, to an IPv4-mapped loopback, or to a public address and
 * loopback at once, and a public first hop that redirects to such names and to loopback spelt
 * as decimal, octal and IPv4-mapped IPv6. Prints one JSON line: the adapter's answers and the
 * hits of each server. Not a test file itself: attack3_dns_names_test.ts starts it.
 */
import { adapterCall, countingServer, liveSession } from "./_net.ts";

const port = Number(Deno.args[0]);
const servers = new Map<string, ReturnType<typeof countingServer>>();
for (const address of ["127.0.0.1", "::1", "93.184.216.34"]) {
  servers.set(
    address,
    countingServer(address, (req) => {
      const to = new URL(req.url).searchParams.get("to");
      if (to) return new Response(null, { status: 302, headers: { location: to } });
      return new Response("<html><body><p>reached</p></body></html>", {
        headers: { "content-type": "text/html" },
      });
    }, port),
  );
}
const at = (host: string, path = "/") => `http://${host}:${port}${path}`;
const via = (target: string) => at("public.attacker.test", `/?to=${encodeURIComponent(target)}`);

const cases: Record<string, [string, Record<string, string>]> = {
  "name -> 127.0.0.1": ["document.read", { source: at("loop.attacker.test") }],
  "name -> ::1": ["document.read", { source: at("six.attacker.test") }],
  "name -> ::ffff:127.0.0.1": ["document.read", { source: at("mapped.attacker.test") }],
  "name -> public and loopback": ["document.read", { source: at("mixed.attacker.test") }],
  "name with trailing dot": ["document.read", { source: at("loop.attacker.test.") }],
  "ir.read url= name": ["ir.read", { url: at("loop.attacker.test") }],
  "redirect -> loopback name": ["document.read", { source: via(at("loop.attacker.test")) }],
  "redirect -> decimal": ["document.read", { source: via(at("2130706433")) }],
  "redirect -> octal": ["document.read", { source: via(at("0177.0.0.1")) }],
  "redirect -> mapped": ["document.read", { source: via(at("[::ffff:7f00:1]")) }],
  "redirect -> mapped name": ["document.read", { source: via(at("mapped.attacker.test")) }],
  "ir.read redirect -> hex": ["ir.read", { url: via(at("0x7f.0.0.1")) }],
  "control: public name": ["document.read", { source: at("public.attacker.test") }],
};
const session = liveSession();
const answers: Record<string, string> = {};
for (const [what, [command, args]] of Object.entries(cases)) {
  const env = await adapterCall(command, args, session);
  answers[what] = env.ok ? "ok" : env.error ?? "";
}
const hits: Record<string, number> = {};
for (const [address, server] of servers) hits[address] = server.hits;
console.log(JSON.stringify({ answers, hits }));
for (const server of servers.values()) await server.close();
