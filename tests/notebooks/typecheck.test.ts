/**
 * The notebooks use the public surface only (`../mod.ts`, `../jupyter.ts`, `../charts.ts`), no
 * `any`, and their code type-checks: the code cells of each are joined into one module and
 * checked with `deno check`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { ROOT } from "../_helpers.ts";

const DIR = join(ROOT, "notebooks");
const PUBLIC = new Set(["../mod.ts", "../jupyter.ts", "../charts.ts"]);
const notebooks = [...Deno.readDirSync(DIR)].filter((e) => e.name.endsWith(".ipynb")).map((e) =>
  e.name
);

function codeOf(name: string): string {
  const nb = JSON.parse(Deno.readTextFileSync(join(DIR, name)));
  return nb.cells
    .filter((c: { cell_type: string }) => c.cell_type === "code")
    .map((c: { source: string[] | string }) => [c.source].flat().join(""))
    .join("\n");
}

Deno.test("notebooks import only the public entry points and use no `any`", () => {
  assert.equal(notebooks.length, 4);
  for (const name of notebooks) {
    const code = codeOf(name);
    const imports = [...code.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
    assert.ok(imports.length > 0, name);
    for (const spec of imports) assert.ok(PUBLIC.has(spec), `${name} imports ${spec}`);
    assert.doesNotMatch(code, /:\s*any\b|as any\b|<any>/, `${name} uses any`);
  }
});

Deno.test("notebook code type-checks against the public API", async () => {
  const tmp = await Deno.makeTempDir({ prefix: "finance-nb-check-" });
  const files: string[] = [];
  for (const name of notebooks) {
    const file = join(tmp, name.replace(/\.ipynb$/, ".ts"));
    const code = codeOf(name).replaceAll('"../', `"${ROOT.replace(/\/?$/, "/")}`);
    await Deno.writeTextFile(file, `${code}\nexport {};\n`);
    files.push(file);
  }
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["check", "--config", join(ROOT, "deno.json"), ...files],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).output();
  await Deno.remove(tmp, { recursive: true });
  assert.equal(code, 0, new TextDecoder().decode(stderr));
});
