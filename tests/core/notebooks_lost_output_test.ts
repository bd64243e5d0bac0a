/**
 * `.ci/notebooks.sh run` notices a cell that lost part of its output, not only a cell that
 * showed nothing: here a cell prints a line and asks for a display that never arrives (the
 * kernel's display replaced by one that drops it, as the Deno kernel now and then does). The
 * run retries and then fails naming the cell. Skips when Jupyter or the Deno kernel is missing.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const SCRIPT = join(ROOT, ".ci", "notebooks.sh");

const READY = (() => {
  try {
    return new Deno.Command("bash", { args: [SCRIPT, "check"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
})();

const cell = (source: string) => ({
  cell_type: "code",
  execution_count: null,
  metadata: {},
  outputs: [],
  source,
});

async function notebook(dir: string, name: string, cells: string[]): Promise<string> {
  const path = join(dir, `${name}.ipynb`);
  await Deno.writeTextFile(
    path,
    JSON.stringify({
      cells: cells.map(cell),
      metadata: { kernelspec: { name: "deno", display_name: "Deno", language: "typescript" } },
      nbformat: 4,
      nbformat_minor: 5,
    }),
  );
  return path;
}

async function runScript(...notebooks: string[]) {
  const out = await Deno.makeTempDir({ prefix: "finance-nb-out-" });
  const result = await new Deno.Command("bash", {
    args: [SCRIPT, "run", ...notebooks],
    cwd: ROOT,
    env: { NOTEBOOK_OUT: out, NOTEBOOK_TIMEOUT: "120" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  await Deno.remove(out, { recursive: true });
  return { ok: result.success, log: new TextDecoder().decode(result.stdout) };
}

Deno.test({
  name: "notebooks.sh: a cell that lost one of its displays fails the run, naming the cell",
  ignore: !READY,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "finance-nb-" });
    try {
      const lost = await notebook(dir, "lost_display", [
        'await Deno.jupyter.display({ "text/plain": "first" }, { raw: true });',
        // a display that sends nothing, as when the kernel drops one
        "(Deno.jupyter as { display: unknown }).display = () => Promise.resolve();",
        'console.log("a line arrives");\nawait Deno.jupyter.display({ "text/plain": "lost" }, { raw: true });',
      ]);
      const { ok, log } = await runScript(lost);
      assert.equal(ok, false, log);
      assert.match(log, /cell 2 lost 1 of 1 displays/);
      assert.match(log, /attempt 3/);

      const whole = await notebook(dir, "complete", [
        'console.log("one");\nawait Deno.jupyter.display({ "text/plain": "two" }, { raw: true });',
        'for (const n of [1, 2, 3]) await Deno.jupyter.display({ "text/plain": String(n) }, { raw: true });',
      ]);
      const good = await runScript(whole);
      assert.equal(good.ok, true, good.log);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
