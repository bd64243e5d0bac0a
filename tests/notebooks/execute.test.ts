/**
 * Executes every notebook headless through `.ci/notebooks.sh run` (nbconvert with the Deno
 * kernel) and checks the executed copies: no cell error, at least one chart each. Skips with
 * the reason when Jupyter or the Deno kernel is not installed.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const SCRIPT = join(ROOT, ".ci", "notebooks.sh");

function toolingReady(): boolean {
  try {
    return new Deno.Command("bash", { args: [SCRIPT, "check"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

const READY = toolingReady();

Deno.test({
  name: "notebooks execute headless without cell errors and each shows a chart",
  ignore: !READY,
  async fn() {
    const out = await Deno.makeTempDir({ prefix: "finance-notebooks-" });
    const result = await new Deno.Command("bash", {
      args: [SCRIPT, "run"],
      env: { NOTEBOOK_OUT: out },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const log = new TextDecoder().decode(result.stdout);
    assert.ok(result.success, `notebooks failed:\n${log}`);
    const executed = [...Deno.readDirSync(out)].filter((e) => e.name.endsWith(".ipynb"));
    assert.equal(executed.length, 4, "four executed notebooks");
    for (const e of executed) {
      const nb = JSON.parse(await Deno.readTextFile(join(out, e.name)));
      const code = nb.cells.filter((c: { cell_type: string }) => c.cell_type === "code");
      const silent = code.filter((c: { outputs?: unknown[] }) => !c.outputs?.length).length;
      assert.equal(silent, 0, `${e.name}: ${silent} code cell(s) showed nothing`);
      const outputs = nb.cells.flatMap((c: { outputs?: unknown[] }) => c.outputs ?? []) as {
        output_type: string;
        data?: Record<string, unknown>;
      }[];
      assert.ok(!outputs.some((o) => o.output_type === "error"), `${e.name}: a cell error`);
      // The project's recordings cover every step: no failed result, no missing recording.
      for (const o of outputs) {
        const text = JSON.stringify(o.data ?? o);
        assert.doesNotMatch(
          text,
          /no recording for|: failed\\n|>failed</,
          `${e.name}: ${text.slice(0, 400)}`,
        );
      }
      const charts = outputs.filter((o) => o.data?.["image/svg+xml"]);
      assert.ok(charts.length >= 1, `${e.name}: no chart in the executed notebook`);
      for (const c of charts) {
        assert.ok(c.data?.["image/png"], `${e.name}: a chart without its PNG copy`);
      }
    }
    await Deno.remove(out, { recursive: true });
  },
});

if (!READY) {
  console.log(
    "skipped notebook execution: jupyter nbconvert or the Deno kernel is missing (bash .ci/notebooks.sh setup installs them)",
  );
}
