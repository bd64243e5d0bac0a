/**
 * CLI cold start: `deno run mod.ts formula.margin ...` against `deno run` of an empty script.
 * Each iteration starts a fresh process, so module loading and the first command are counted.
 */
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

async function spawn(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: root,
    stdout: "null",
    stderr: "piped",
    env: { FINANCE_CACHE: "off" },
  }).output();
  if (!out.success && args.includes("formula.margin")) throw new Error("finance exited non-zero");
}

Deno.bench({
  name: "deno run empty script",
  group: "cold start",
  baseline: true,
  fn: async () => await spawn(["run", "-A", "bench/empty.ts"]),
});

Deno.bench({
  name: "finance formula.margin (pure calculation)",
  group: "cold start",
  fn: async () =>
    await spawn(["run", "-A", "mod.ts", "formula.margin", "numerator=1", "denominator=4"]),
});

// Help, the command list and a command's help come from commands/help.json (goal: at most 1.5x).
for (
  const [name, argv] of [
    ["finance --help", ["--help"]],
    ["finance --list", ["--list"]],
    ["finance filings.statement --help", ["filings.statement", "--help"]],
  ] as const
) {
  Deno.bench({
    name,
    group: "cold start",
    fn: async () => await spawn(["run", "-A", "mod.ts", ...argv]),
  });
}
