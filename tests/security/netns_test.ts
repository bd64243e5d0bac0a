/**
 * Non-loopback ranges attacked end to end, only inside a network namespace that has nothing
 * but loopback (`unshare -rn`): the attacked addresses are added to its `lo`, servers listen
 * on them, and the adapter is asked to read each. A broken guard could reach only these
 * servers, never a packet beyond the machine. Skipped, with the reason, where unshare fails.
 */
import assert from "node:assert/strict";
import { loopbackWith, namespaceProblem, runProbe } from "./_netns.ts";

const V4 = [
  "10.0.0.1",
  "172.16.0.1",
  "192.168.1.1",
  "100.64.0.1",
  "100.100.100.200",
  "198.18.0.1",
  "198.19.255.1",
  "169.254.169.254",
  "192.0.2.1",
  "198.51.100.1",
  "203.0.113.1",
  "192.0.0.192",
  "240.0.0.1",
];
const V6 = [
  "fd00::1",
  "fd00:ec2::254",
  "fec0::1",
  "2001:db8::1",
  "64:ff9b::a00:1", // NAT64 of 10.0.0.1
  "2002:a00:1::1", // 6to4 of 10.0.0.1
  "2001:0:4136:e378:8000:63bf:f5ff:fffe", // Teredo, client 10.0.0.1
];
const MAPPED = ["::ffff:10.0.0.1", "::ffff:a9fe:a9fe"];

const unavailable = namespaceProblem(loopbackWith(["10.0.0.1"]), "netns attacks");

Deno.test({
  name: "netns: private, CGNAT, benchmarking, metadata, NAT64, 6to4 and Teredo are never reached",
  ignore: unavailable !== null,
  async fn() {
    const { answers, hits, lookups, control, controlHits } = await runProbe(
      loopbackWith([...V4, "93.184.216.34", "198.18.0.99", ...V6]),
      "_netns_probe.ts",
      ["18080", JSON.stringify([...V4, ...V6, ...MAPPED])],
      { FINANCE_CACHE: "off" },
    );
    assert.equal(control, true, "control: FINANCE_ALLOW_PRIVATE_URLS=1 reaches 198.18.0.99");
    assert.equal(controlHits, 1);
    for (const address of [...V4, ...V6, ...MAPPED, "redirect to 10.0.0.1"]) {
      assert.match(answers[address], /URL refused/, `${address}: ${answers[address]}`);
    }
    for (const [address, count] of Object.entries(hits)) {
      if (address === "93.184.216.34" || address === "198.18.0.99") continue;
      assert.equal(count, 0, `${address} was reached ${count} times`);
    }
    // the public first hop of the redirect, and the rebinding host pinned to its checked address
    assert.equal(answers.rebinding, "HTTP 200");
    assert.equal(hits["93.184.216.34"], 2);
    assert.equal(lookups, 1);
  },
});
