/**
 * The notebook a researcher opens first, extract_metric_from_10k, runs headless on the real
 * recordings too (FINANCE_NOTEBOOK_SHARED=on), where some 10-K documents were never recorded:
 * every cell must still show something. Its "values with citations" cell used to show nothing
 * at all when no 10-K's statement could be read (no else branch), so the run failed with "cell
 * 11 lost every output" and the reader saw a silent cell. Skips, saying why, without Jupyter or
 * without ../shared/fixtures.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT, SHARED } from "../_helpers.ts";

const SCRIPT = join(ROOT, ".ci", "notebooks.sh");
const NOTEBOOK = "notebooks/extract_metric_from_10k.ipynb";

function toolingReady(): boolean {
  try {
    return new Deno.Command("bash", { args: [SCRIPT, "check"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}

const READY = toolingReady();
const reason = !READY
  ? "jupyter nbconvert or the Deno kernel is missing (bash .ci/notebooks.sh setup)"
  : !SHARED
  ? "../shared/fixtures is absent (fresh clone)"
  : null;

Deno.test({
  name: "audit8 notebooks: extract_metric_from_10k on the real recordings shows every cell",
  ignore: reason !== null,
  async fn() {
    const out = await Deno.makeTempDir({ prefix: "finance-audit8-shared-nb-" });
    try {
      const result = await new Deno.Command("bash", {
        args: [SCRIPT, "run", NOTEBOOK],
        cwd: ROOT,
        env: { NOTEBOOK_OUT: out, FINANCE_NOTEBOOK_SHARED: "on" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const log = new TextDecoder().decode(result.stdout);
      assert.ok(result.success, `the notebook failed on the real recordings:\n${log}`);
      const nb = JSON.parse(await Deno.readTextFile(join(out, "extract_metric_from_10k.ipynb")));
      const text = JSON.stringify(nb.cells);
      // the real subject, and the figure read from the real 10-K cited with its accession
      assert.match(text, /Subject: AAPL/);
      assert.match(text, /accession 0000320193-/);
    } finally {
      await Deno.remove(out, { recursive: true });
    }
  },
});

if (reason) console.log(`skipped the shared-recordings notebook run: ${reason}`);
