/**
 * Host names the system resolver maps to loopback (through /etc/hosts, as a DNS server of the
 * attacker's would), given to document.read and ir.read over the adapter directly or as the
 * target of a redirect from a public hop, with loopback also spelt decimal, octal, hex and
 * IPv4-mapped: each is refused on its address's bytes at its own hop, and no loopback server is
 * reached. Runs inside `unshare -rnm` with an /etc/hosts of its own bind-mounted: nothing but
 * loopback exists there, so no packet leaves the machine. Skipped, with the reason, where that
 * namespace cannot be made.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";
import { loopbackWith } from "./_netns.ts";

const HOSTS = [
  "127.0.0.1 localhost",
  "::1 localhost",
  "127.0.0.1 loop.attacker.test",
  "::1 six.attacker.test",
  "::ffff:127.0.0.1 mapped.attacker.test",
  "93.184.216.34 mixed.attacker.test",
  "127.0.0.1 mixed.attacker.test",
  "93.184.216.34 public.attacker.test",
].join("\n") + "\n";

const hostsFile = Deno.makeTempFileSync({ prefix: "finance-hosts-" });
Deno.writeTextFileSync(hostsFile, HOSTS);
const setup = [...loopbackWith(["93.184.216.34"]), `mount --bind "${hostsFile}" /etc/hosts`];

function problem(): string | null {
  try {
    const out = new Deno.Command("unshare", {
      args: ["-rnm", "sh", "-c", [...setup, "getent hosts loop.attacker.test"].join("\n")],
      stdout: "piped",
      stderr: "piped",
    }).outputSync();
    if (out.success && new TextDecoder().decode(out.stdout).includes("127.0.0.1")) return null;
    return new TextDecoder().decode(out.stderr).trim() || "the hosts file was not used";
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
const unavailable = problem();
if (unavailable) {
  Deno.removeSync(hostsFile);
  console.log(
    `skipped attack3 DNS names: unshare -rnm with a bind-mounted /etc/hosts is unavailable here (${unavailable})`,
  );
}

Deno.test({
  name:
    "attack3: names resolving to loopback, directly or after a redirect, are refused and never reached",
  ignore: unavailable !== null,
  async fn() {
    const script = [
      ...setup,
      `exec "${Deno.execPath()}" run -A "${
        join(ROOT, "tests/security/_netns_hosts_probe.ts")
      }" 18081`,
    ].join("\n");
    const out = await new Deno.Command("unshare", {
      args: ["-rnm", "sh", "-c", script],
      env: { NO_COLOR: "1", FINANCE_CACHE: "off" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    Deno.removeSync(hostsFile);
    const stdout = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr) + stdout);
    const { answers, hits } = JSON.parse(stdout.trim().split("\n").pop()!);
    // the control shows the namespace carries requests to the public name
    assert.equal(answers["control: public name"], "ok", answers["control: public name"]);
    for (const [what, answer] of Object.entries(answers as Record<string, string>)) {
      if (what.startsWith("control")) continue;
      assert.match(answer, /URL refused/, `${what}: ${answer}`);
      // the hosts file has no entry for the dotted form: unresolved, it is refused as such (a
      // DNS server answers both forms alike, and then the bytes decide as for the others)
      const why = what === "name with trailing dot"
        ? /loopback|could not be resolved/
        : /loopback|local host name/;
      assert.match(answer, why, `${what}: ${answer}`);
    }
    assert.equal(hits["127.0.0.1"], 0, "the IPv4 loopback server was reached");
    assert.equal(hits["::1"], 0, "the IPv6 loopback server was reached");
    // the control, and the public first hop of each of the six redirects
    assert.equal(hits["93.184.216.34"], 7);
  },
});
