/**
 * The library under Deno's permission flags and a changing environment: a restricted
 * `--allow-env` list still reads the settings it names (FINANCE_REPLAY above all), no
 * `--allow-env` at all still lets per-call options work, a setting that cannot be read is said
 * rather than silently treated as "go live", and a missing `--allow-net` is named as such at once.
 * The child processes get no `--allow-net` (nothing can leave the machine) and `--cached-only`.
 */
import assert from "node:assert/strict";
import { PAGE, pageCassette } from "./_page_cassette.ts";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../_helpers.ts";

/** A one-entry cassette answering {@link PAGE} with `text`. */
const cassette = (text: string) => pageCassette(text, "finance_env_cassette_");

/** Runs `body` (after importing finance from mod.ts) in a child with exactly `flags`. */
async function child(body: string, flags: string[], env: Record<string, string> = {}) {
  const dir = await Deno.makeTempDir({ prefix: "finance_env_child_" });
  const script = join(dir, "main.ts");
  await Deno.writeTextFile(
    script,
    `import { finance } from ${JSON.stringify(pathToFileURL(join(ROOT, "mod.ts")).href)};\n${body}`,
  );
  const started = Date.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--cached-only", "--config", join(ROOT, "deno.json"), ...flags, script],
    cwd: ROOT,
    clearEnv: true,
    env: { NO_COLOR: "1", HOME: dir, PATH: Deno.env.get("PATH") ?? "", ...env },
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  await Deno.remove(dir, { recursive: true });
  assert.equal(out.code, 0, stderr);
  const last = stdout.trim().split("\n").at(-1) ?? "";
  return { result: JSON.parse(last), ms: Date.now() - started };
}

Deno.test("restricted --allow-env: FINANCE_REPLAY is still read and answers from the cassette", async () => {
  const dir = await cassette("Revenue was 42 million.");
  try {
    const { result } = await child(
      `console.log(JSON.stringify(await finance("document.read", { source: ${
        JSON.stringify(PAGE)
      } })));`,
      ["--allow-read", "--allow-env=FINANCE_REPLAY,HOME"],
      { FINANCE_REPLAY: dir },
    );
    assert.equal(result.ok, true, result.error);
    assert.match(result.data.text, /Revenue was 42 million/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("no --allow-env: per-call options still work (a pure calculation with now)", async () => {
  const { result } = await child(
    `console.log(JSON.stringify(await finance("formula.cagr", { start: 100, end: 150, periods: 3 }, { now: "2024-01-01" })));`,
    ["--allow-read"],
  );
  assert.equal(result.ok, true, result.error);
  assert.ok(Math.abs(result.data.cagr_pct - 14.47) < 0.01);
});

Deno.test("unreadable FINANCE_REPLAY is said; a missing --allow-net is named at once, not retried", async () => {
  const { result, ms } = await child(
    `console.log(JSON.stringify(await finance("document.read", { source: ${
      JSON.stringify(PAGE)
    } })));`,
    ["--allow-read", "--allow-write", "--allow-env=HOME"],
    { FINANCE_REPLAY: "/nonexistent-but-unreadable" },
  );
  assert.equal(result.ok, false);
  assert.match(result.error, /--allow-net/);
  assert.doesNotMatch(result.error, /attempts|offline/);
  assert.ok(
    result.warnings.some((w: string) => /FINANCE_REPLAY.*could not be read.*--allow-env/.test(w)),
    JSON.stringify(result.warnings),
  );
  assert.ok(ms < 20_000);
});
