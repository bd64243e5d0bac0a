/** Notebooks in the repository carry no outputs: executed copies are never committed. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const DIR = join(ROOT, "notebooks");
const PLAYBOOKS = [
  "extract_metric_from_10k",
  "explain_price_move",
  "screen_and_contextualize_equities",
  "run_reproducible_backtest",
];

interface Cell {
  cell_type: string;
  source: string | string[];
  outputs?: unknown[];
  execution_count?: number | null;
}

function notebooks(): string[] {
  return [...Deno.readDirSync(DIR)].filter((e) => e.name.endsWith(".ipynb")).map((e) => e.name)
    .sort();
}

Deno.test("every playbook has a notebook", () => {
  assert.deepEqual(
    PLAYBOOKS.filter((p) => !notebooks().includes(`${p}.ipynb`)),
    [],
    "missing notebooks",
  );
});

Deno.test("notebooks have no outputs or execution counts and use the Deno kernel", () => {
  for (const name of notebooks()) {
    const nb = JSON.parse(Deno.readTextFileSync(join(DIR, name)));
    assert.equal(nb.nbformat, 4, `${name}: nbformat`);
    assert.equal(nb.metadata?.kernelspec?.name, "deno", `${name}: kernel`);
    nb.cells.forEach((cell: Cell, i: number) => {
      if (cell.cell_type !== "code") return;
      assert.deepEqual(cell.outputs, [], `${name} cell ${i}: outputs must be stripped`);
      assert.equal(cell.execution_count, null, `${name} cell ${i}: execution_count must be null`);
    });
  }
});

// nbformat 4.5 gives every cell an id, unique in its notebook; a cell without one is invalid
// there (nbformat warns now and will refuse it), and Jupyter rewrites the file on first save.
Deno.test("every cell has an id of its own (nbformat 4.5)", () => {
  for (const name of notebooks()) {
    const nb = JSON.parse(Deno.readTextFileSync(join(DIR, name)));
    if (nb.nbformat_minor < 5) continue;
    const ids = nb.cells.map((c: { id?: unknown }) => c.id);
    const missing = ids.flatMap((id: unknown, i: number) => typeof id === "string" ? [] : [i]);
    assert.deepEqual(missing, [], `${name}: cells without an id`);
    assert.equal(new Set(ids).size, ids.length, `${name}: two cells share an id`);
    for (const id of ids) assert.match(id, /^[a-zA-Z0-9_-]{1,64}$/, `${name}: id ${id}`);
  }
});

Deno.test("each notebook imports the library, replays by default and draws a chart", () => {
  for (const name of notebooks()) {
    const nb = JSON.parse(Deno.readTextFileSync(join(DIR, name)));
    const code = nb.cells.filter((c: Cell) => c.cell_type === "code")
      .map((c: Cell) => Array.isArray(c.source) ? c.source.join("") : c.source).join("\n");
    assert.match(code, /from "\.\.\/mod\.ts"/, `${name}: imports ../mod.ts`);
    assert.match(code, /\/\/ Offline: .*Delete the next line/, `${name}: one offline line`);
    assert.match(code, /figure\(/, `${name}: displays a chart`);
  }
});
