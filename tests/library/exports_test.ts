/**
 * The package's entry points are the ones deno.json `exports` declares, and each documents every
 * symbol it exports (`deno doc --lint`: JSDoc present, no reference to an unexported type).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));

Deno.test("deno.json exports: mod.ts, ./jupyter, ./charts; license and version", () => {
  assert.deepEqual(config.exports, {
    ".": "./mod.ts",
    "./jupyter": "./jupyter.ts",
    "./charts": "./charts.ts",
  });
  assert.equal(config.license, "MIT");
  assert.equal(config.version, "0.1.0");
});

Deno.test("deno doc --lint is clean on every entry point", async () => {
  const entries = Object.values(config.exports as Record<string, string>);
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--lint", ...entries],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  assert.equal(code, 0, text);
  assert.doesNotMatch(text, /error\[/);
  // warnings about our own files count; a dependency's unresolved types (ioredis asking for
  // @types/node) are not ours to document
  const ours = text.split("\n").filter((l) => /^Warning/.test(l) && !/node_modules/.test(l));
  assert.deepEqual(ours, []);
});

Deno.test("the jupyter entry point offers display, playbooks and charts", async () => {
  const jupyter = await import("../../jupyter.ts");
  for (
    const name of ["show", "figure", "markdown", "cite", "fmt", "recordings", "statementChart"]
  ) {
    assert.equal(typeof (jupyter as Record<string, unknown>)[name], "function", name);
  }
  assert.equal(jupyter.PLAYBOOKS.length, 4);
  assert.ok(jupyter.PLAYBOOKS.every((p) => p.steps.length > 0));
});

Deno.test("deno publish --dry-run passes (licence, explicit types, no slow types)", async () => {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["publish", "--dry-run", "--allow-dirty"],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
  assert.equal(code, 0, text);
  assert.match(text, /Dry run complete/);
  assert.doesNotMatch(text, /error\[/);
});
