import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { ROOT } from "../_helpers.ts";

Deno.test("install: `deno install --global` gives a finance launcher that works from another directory", async () => {
  const root = mkdtempSync(join(tmpdir(), "finance-install-"));
  const install = await new Deno.Command(Deno.execPath(), {
    args: [
      "install",
      "--global",
      "-A",
      "-f",
      "-n",
      "finance",
      "--root",
      root,
      "--config",
      join(ROOT, "deno.json"),
      join(ROOT, "mod.ts"),
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(install.success, new TextDecoder().decode(install.stderr));
  const run = await new Deno.Command(join(root, "bin", "finance"), {
    args: ["formula.cagr", "start=100", "end=150", "periods=3"],
    cwd: tmpdir(),
    stdout: "piped",
    env: { FINANCE_CACHE: "off" },
  }).output();
  const env = JSON.parse(new TextDecoder().decode(run.stdout));
  assert.equal(env.ok, true);
  assert.ok(Math.abs(env.data.cagr - 0.1447142426) < 1e-9);
});

Deno.test("compile: `deno task compile` builds a working binary, or says why it cannot here", async () => {
  const out = join(mkdtempSync(join(tmpdir(), "finance-compile-")), "finance");
  const compile = await new Deno.Command(Deno.execPath(), {
    args: [
      "compile",
      "-A",
      "--no-check",
      "--include",
      "node_modules/.deno",
      "--output",
      out,
      "mod.ts",
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(300_000),
  }).output();
  const stderr = new TextDecoder().decode(compile.stderr);
  if (!compile.success) {
    // Offline machines cannot fetch Deno's runtime (denort); anything else is a real failure.
    assert.match(stderr, /dns error|lookup address|download|network|connect/i, stderr);
    console.log(
      "skipped running the standalone binary: deno compile downloads Deno's runtime on first use and this machine has no internet",
    );
    return;
  }
  const run = await new Deno.Command(out, {
    args: ["formula.cagr", "start=100", "end=150", "periods=3"],
    cwd: tmpdir(),
    stdout: "piped",
    env: { FINANCE_CACHE: "off" },
  }).output();
  assert.equal(JSON.parse(new TextDecoder().decode(run.stdout)).ok, true);
});
