/**
 * Attack on the per-client connection cap over IPv6: a host holds a whole /64 and may connect
 * from any address in it. Counted per address, each new address opened the cap again (five
 * idle connections from five addresses of one /64 were all held under a cap of 3), so one
 * client could take every connection slot. Counted per /64, the fourth is answered 503; a client
 * of another /64 is served. Runs in a network namespace with nothing but loopback
 * (`unshare -rn`), the addresses on its `lo`: no packet leaves the machine.
 */
import assert from "node:assert/strict";
import { loopbackWith, namespaceProblem, runProbe } from "./_netns.ts";
import { counted } from "../../adapters/connections.ts";

const SAME_NET = [1, 2, 3, 4, 5, 6].map((i) => `2001:db8:1::${i}`);

const SETUP = loopbackWith([...SAME_NET, "2001:db8:2::1"]);
const noNamespace = namespaceProblem(SETUP, "the IPv6 per-client cap attack");

Deno.test("per-client cap: an IPv6 client counts under its /64", () => {
  const tcp = (hostname: string): Deno.NetAddr => ({ transport: "tcp", hostname, port: 1 });
  const a = counted(tcp("2001:db8:1:2:aaaa::1"));
  assert.equal(a, "2001:db8:1:2::/64");
  assert.equal(counted(tcp("2001:DB8:1:2:ffff:ffff:ffff:fffe")), a);
  assert.notEqual(counted(tcp("2001:db8:1:3::1")), a);
  assert.equal(counted(tcp("::1")), null);
  assert.equal(counted(tcp("::ffff:127.0.0.1")), null);
  assert.equal(counted(tcp("::ffff:7f00:1")), null);
  assert.equal(counted(tcp("::ffff:a00:7")), "10.0.0.7");
  assert.equal(counted(tcp("10.0.0.7")), "10.0.0.7");
});

Deno.test({
  name: "attack: one IPv6 client opening connections from many addresses of its /64 meets the cap",
  ignore: noNamespace !== null,
  async fn() {
    const r = await runProbe(SETUP, "_netns_v6_probe.ts");
    assert.equal(r.error, undefined, r.error);
    const sameNet = r.sameNet as { from: string; closed: boolean; text: string }[];
    // the clients really are five addresses of the /64, not loopback
    assert.deepEqual(sameNet.map((c) => c.from), SAME_NET.slice(0, 5));
    for (const c of sameNet.slice(0, 3)) assert.equal(c.closed, false, `${c.from} held`);
    for (const c of sameNet.slice(3)) {
      assert.match(c.text, /^HTTP\/1.1 503/, c.from);
      assert.match(c.text, /FINANCE_MAX_CONNECTIONS_PER_CLIENT \(now 3\)/, c.from);
    }
    assert.equal(r.otherNet.from, "2001:db8:2::1");
    assert.match(r.otherNet.text, /^HTTP\/1.1 200[\s\S]*served \/other/);
  },
});
