/**
 * Runs inside `unshare -rn` (a network namespace holding nothing but loopback, to which the
 * test has added the attacked addresses), so a broken guard can reach only these servers.
 * Prints one JSON line: what the adapter answered for each address, and which servers were hit.
 * Not a test file itself: tests/security/netns_test.ts starts it.
 */
import { HttpClient } from "../../core/http.ts";
import { urlGuardFor } from "../../core/access.ts";
import { adapterCall, countingServer, liveSession } from "./_net.ts";

const port = Number(Deno.args[0]);
const targets = JSON.parse(Deno.args[1]) as string[];

// one server per attacked address, all on the same port, each counting its hits
const servers = new Map<string, ReturnType<typeof countingServer>>();
const bindable = targets.filter((a) => !a.startsWith("::ffff:")); // mapped forms reach IPv4 ones
for (const address of [...bindable, "127.0.0.1", "93.184.216.34", "198.18.0.99"]) {
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
const url = (address: string, path = "/") =>
  `http://${address.includes(":") ? `[${address}]` : address}:${port}${path}`;

const session = liveSession();
const answers: Record<string, string> = {};
for (const address of targets) {
  const env = await adapterCall("document.read", { source: url(address) }, session);
  answers[address] = env.ok ? "ok" : env.error ?? "";
}

// a public first hop that redirects to a private address
const hop = await adapterCall("document.read", {
  source: url("93.184.216.34", `/?to=${encodeURIComponent(url("10.0.0.1"))}`),
}, session);
answers["redirect to 10.0.0.1"] = hop.ok ? "ok" : hop.error ?? "";

// a rebinding resolver: public on the first lookup, loopback after; the connection must go to
// the address that was checked
let lookups = 0;
const guard = urlGuardFor(
  { roots: [], allowPrivateUrls: false },
  () => Promise.resolve(lookups++ === 0 ? ["93.184.216.34"] : ["127.0.0.1"]),
);
const client = new HttpClient({ politeness: false });
const rebound = await client.request({
  provider: "test",
  url: `http://rebind.example:${port}/`,
  guard,
  retries: 0,
}).then((r) => `HTTP ${r.status}`, (e) => String(e.message));
answers["rebinding"] = rebound;

const hits: Record<string, number> = {};
for (const [address, server] of servers) hits[address] = server.hits;

// control: with the door opened, the namespace does carry the request (so zero hits above
// means the guard stopped it, not a dead network)
const open = liveSession({ FINANCE_ALLOW_PRIVATE_URLS: "1" });
const control = await adapterCall("document.read", { source: url("198.18.0.99") }, open);
const controlHits = servers.get("198.18.0.99")!.hits;
console.log(JSON.stringify({ answers, hits, lookups, control: control.ok, controlHits }));
for (const server of servers.values()) await server.close();
