/**
 * Network namespaces for the attacks on addresses other than loopback: `unshare -rn` gives a
 * namespace with nothing but its own loopback, the test's addresses are put on `lo`, and a probe
 * script runs inside it. No packet leaves the machine.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

/** Shell lines that bring up loopback and put `addresses` (IPv4 or IPv6) on it. */
export function loopbackWith(addresses: string[]): string[] {
  return [
    "set -e",
    "ip link set lo up",
    ...addresses.map((a) =>
      a.includes(":") ? `ip -6 addr add ${a}/128 dev lo nodad` : `ip addr add ${a}/32 dev lo`
    ),
  ];
}

/**
 * Why the namespace cannot be set up here (`unshare -rn` or `ip` missing, user namespaces off),
 * or null when it can; a file's namespace tests are ignored with this reason printed.
 */
export function namespaceProblem(setup: string[], what: string): string | null {
  let why: string | null;
  try {
    const out = new Deno.Command("unshare", {
      args: ["-rn", "sh", "-c", setup.join("\n")],
      stdout: "null",
      stderr: "piped",
    }).outputSync();
    why = out.success ? null : new TextDecoder().decode(out.stderr).trim() || "unshare failed";
  } catch (err) {
    why = err instanceof Error ? err.message : String(err);
  }
  if (why) console.log(`skipped ${what}: unshare -rn with ip is unavailable here (${why})`);
  return why;
}

/**
 * Runs `tests/security/<probe>` with `args` inside a namespace set up by `setup`, and returns the
 * last line it prints, parsed (the probe's report); the test fails with the probe's output when
 * it exits otherwise than 0.
 */
export async function runProbe(
  setup: string[],
  probe: string,
  args: string[] = [],
  env: Record<string, string> = {},
  // deno-lint-ignore no-explicit-any
): Promise<any> {
  const script = [
    ...setup,
    `exec "${Deno.execPath()}" run -A "${join(ROOT, "tests/security", probe)}"${
      args.map((a) => ` '${a}'`).join("")
    }`,
  ].join("\n");
  const out = await new Deno.Command("unshare", {
    args: ["-rn", "sh", "-c", script],
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr) + stdout);
  return JSON.parse(stdout.trim().split("\n").pop()!);
}
