/**
 * Non-loopback ranges attacked end to end, only inside a network namespace that has nothing
 * but loopback (`unshare -rn`): the attacked addresses are added to its `lo`, servers listen
 * on them, and the adapter is asked to read each. A broken guard could reach only these
 * servers, never a packet beyond the machine. Skipped, with the reason, where unshare fails.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

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

function namespaceWorks(): string | null {
  try {
    const out = new Deno.Command("unshare", {
      args: ["-rn", "sh", "-c", "ip link set lo up && ip addr add 10.0.0.1/32 dev lo"],
      stdout: "null",
      stderr: "piped",
    }).outputSync();
    return out.success ? null : new TextDecoder().decode(out.stderr).trim() || "unshare failed";
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const unavailable = namespaceWorks();
if (unavailable) {
  console.log(`skipped netns attacks: unshare -rn with ip is unavailable here (${unavailable})`);
}

Deno.test({
  name: "netns: private, CGNAT, benchmarking, metadata, NAT64, 6to4 and Teredo are never reached",
  ignore: unavailable !== null,
  async fn() {
    const setup = [
      "set -e",
      "ip link set lo up",
      ...[...V4, "93.184.216.34", "198.18.0.99"].map((a) => `ip addr add ${a}/32 dev lo`),
      ...V6.map((a) => `ip -6 addr add ${a}/128 dev lo nodad`),
      `exec "${Deno.execPath()}" run -A "${join(ROOT, "tests/security/_netns_probe.ts")}" ` +
      `18080 '${JSON.stringify([...V4, ...V6, ...MAPPED])}'`,
    ].join("\n");
    const out = await new Deno.Command("unshare", {
      args: ["-rn", "sh", "-c", setup],
      env: { FINANCE_CACHE: "off", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const stdout = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr) + stdout);
    const { answers, hits, lookups, control, controlHits } = JSON.parse(
      stdout.trim().split("\n").pop()!,
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
