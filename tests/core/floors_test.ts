/**
 * The floors of the code stand in a line: core at the bottom, then providers, analysis,
 * commands and adapters. A file imports its own floor or lower ones, never a higher one, by a
 * static import, a dynamic import or a `new URL(…, import.meta.url)` it loads. Core knows the
 * providers only through its own interface (core/provider.ts ProviderTypes, filled in and
 * registered by providers/clients.ts), and runs commands through a loader that
 * commands/registry.ts registers (core/command.ts registerCommands).
 */
import assert from "node:assert/strict";
import { join, normalize, relative } from "node:path";
import { ROOT } from "../_helpers.ts";

const FLOORS = ["core", "providers", "analysis", "commands", "adapters"];

const SPECIFIER =
  /(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+|\bnew URL\(\s*)["'](\.{1,2}\/[^"']+)["']/gm;

async function* files(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* files(p);
    else if (e.name.endsWith(".ts")) yield p;
  }
}

/** Every import of a higher floor, as `from -> to` paths from the project root. */
async function reachesUp(): Promise<string[]> {
  const out: string[] = [];
  for (const floor of FLOORS) {
    for await (const file of files(join(ROOT, floor))) {
      const text = await Deno.readTextFile(file);
      for (const m of text.matchAll(SPECIFIER)) {
        const target = relative(ROOT, normalize(join(file, "..", m[1])));
        const to = FLOORS.indexOf(target.split("/")[0]);
        if (to > FLOORS.indexOf(floor)) out.push(`${relative(ROOT, file)} -> ${target}`);
      }
    }
  }
  return out.sort();
}

Deno.test("floors: no file imports a higher floor (core < providers < analysis < commands < adapters)", async () => {
  const up = await reachesUp();
  assert.deepEqual(up, [], `imports of a higher floor:\n${up.join("\n")}`);
});

Deno.test("floors: the scan sees static, dynamic and URL imports (or the test above proves nothing)", async () => {
  const seen = async (file: string) =>
    [...(await Deno.readTextFile(join(ROOT, file))).matchAll(SPECIFIER)].map((m) => m[1]);
  const clients = await seen("providers/clients.ts");
  assert.ok(clients.includes("../core/provider.ts"), clients.join(", ")); // static
  assert.ok(clients.includes("./market_a/client.ts"), clients.join(", ")); // new URL
  const lean = await seen("adapters/lean.ts");
  assert.ok(lean.includes("../commands/registry.ts"), lean.join(", ")); // lazy, by URL
  assert.ok(lean.includes("../commands/lean.json"), lean.join(", ")); // a JSON module
});
