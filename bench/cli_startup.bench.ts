/**
 * CLI cold start against `deno run` of an empty script: each iteration starts a fresh process,
 * so module loading and the first command are counted. Goals are in the bench names; the
 * summary prints each ratio to the baseline.
 */
import { deno } from "./_spawn.ts";

Deno.bench({
  name: "deno run empty script",
  group: "cold start",
  baseline: true,
  fn: async () => await deno(["run", "-A", "bench/empty.ts"]),
});

for (
  const [name, argv] of [
    ["finance formula.margin (pure path; goal ≤ 1.5x)", [
      "formula.margin",
      "numerator=1",
      "denominator=4",
    ]],
    ["finance --help (goal ≤ 1.5x)", ["--help"]],
    ["finance --list (goal ≤ 1.5x)", ["--list"]],
    ["finance filings.statement --help (goal ≤ 1.5x)", ["filings.statement", "--help"]],
  ] as const
) {
  Deno.bench({
    name,
    group: "cold start",
    fn: async () => await deno(["run", "-A", "mod.ts", ...argv]),
  });
}
