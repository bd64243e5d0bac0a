/**
 * A notebook cell that ends with `await finance(...)` shows the result as `show()` renders it
 * (the command's own view, with units, citations and warnings, as HTML) rather than an object
 * dump of the envelope. The display method is a non-enumerable symbol, so JSON, spreads and
 * equality checks see the plain envelope, and outside the kernel nothing is added at all.
 *
 * The notebook test runs in a research-repository folder (a deno.json that links this project,
 * as the README says) through `.ci/notebooks.sh run`; it skips, saying why, without Jupyter.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { finance } from "../../mod.ts";
import type { JupyterApi } from "../../core/library_api.ts";
import { ROOT } from "../_helpers.ts";

const SCRIPT = join(ROOT, ".ci", "notebooks.sh");

Deno.test("audit8 display: adapters/jupyter.ts fits the declaration mod.ts loads it with", async () => {
  const jupyter: JupyterApi = await import("../../adapters/jupyter.ts");
  assert.equal(jupyter.JUPYTER_DISPLAY, Symbol.for("Jupyter.display"));
});

Deno.test("audit8 display: outside a notebook the envelope is left exactly as it was", async () => {
  const r = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
  assert.equal(Object.getOwnPropertySymbols(r).length, 0);
  assert.deepEqual(Object.keys(r), ["ok", "data", "error", "warnings"]);
});

function toolingReady(): boolean {
  try {
    return new Deno.Command("bash", { args: [SCRIPT, "check"], stdout: "null", stderr: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
}
const READY = toolingReady();

const cell = (source: string, id: string) => ({
  cell_type: "code",
  execution_count: null,
  id,
  metadata: {},
  outputs: [],
  source,
});

Deno.test({
  name: "audit8 display: `await finance(...)` as a cell's last expression shows as a table",
  ignore: !READY,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "finance_audit8_display_" });
    const out = join(dir, "out");
    try {
      await Deno.writeTextFile(
        join(dir, "deno.json"),
        JSON.stringify({
          links: [ROOT],
          imports: { "@finance/finance": "jsr:@finance/finance@^0.1.0" },
        }),
      );
      const notebook = {
        cells: [
          cell(
            `import { finance } from "@finance/finance";\n` +
              `await finance("formula.cagr", { start: 100, end: 150, periods: 3 })`,
            "a1",
          ),
          cell(`await finance("formula.cagr", { start: 100 })`, "a3"),
          cell(
            `console.log(JSON.stringify(await finance("formula.cagr", { start: 100, end: 150, periods: 3 })))`,
            "a4",
          ),
        ],
        metadata: {
          kernelspec: { display_name: "Deno", language: "typescript", name: "deno" },
        },
        nbformat: 4,
        nbformat_minor: 5,
      };
      const path = join(dir, "display.ipynb");
      await Deno.writeTextFile(path, JSON.stringify(notebook));
      const ran = await new Deno.Command("bash", {
        args: [SCRIPT, "run", path],
        cwd: ROOT,
        env: { NOTEBOOK_OUT: out },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const log = new TextDecoder().decode(ran.stdout);
      assert.ok(ran.success, log);
      const done = JSON.parse(await Deno.readTextFile(join(out, "display.ipynb")));
      type Output = { output_type: string; data?: Record<string, string | string[]> };
      const result = (i: number) => {
        const o = (done.cells[i].outputs as Output[]).find((o) =>
          o.output_type === "execute_result"
        );
        assert.ok(o?.data, `cell ${i} has no result: ${JSON.stringify(done.cells[i].outputs)}`);
        const text = (k: string) => [o.data![k] ?? ""].flat().join("");
        return { html: text("text/html"), plain: text("text/plain") };
      };
      const ok = result(0);
      assert.match(ok.html, /class="finance-envelope"/);
      assert.match(ok.html, />ok</);
      assert.match(ok.html, /cagr_pct/);
      assert.match(ok.plain, /cagr_pct:\s+14\.47%/);
      const failed = result(1);
      assert.match(failed.html, />failed</);
      assert.match(failed.html, /missing required argument `end`/);
      // the JSON of an envelope is unchanged: four keys, no display method in it
      const printed = (done.cells[2].outputs as { name?: string; text?: string | string[] }[])
        .filter((o) => o.name === "stdout").map((o) => [o.text ?? ""].flat().join("")).join("");
      const json = JSON.parse(printed.trim());
      assert.deepEqual(Object.keys(json), ["ok", "data", "error", "warnings"]);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

if (!READY) {
  console.log(
    "skipped the notebook display test: jupyter nbconvert or the Deno kernel is missing (bash .ci/notebooks.sh setup)",
  );
}
