/**
 * The floors of the code stand in a line: core at the bottom, then providers, analysis,
 * commands and adapters. A file imports its own floor or lower ones, never a higher one, by a
 * static import, a dynamic import or a `new URL(…, import.meta.url)` it loads. Core knows the
 * providers only through its own interface (core/provider.ts ProviderTypes, filled in and
 * registered by providers/clients.ts). The few reaches up still standing are listed by name
 * below, so that a new one fails here.
 */
import assert from "node:assert/strict";
import { join, normalize, relative } from "node:path";
import { ROOT } from "../_helpers.ts";

const FLOORS = ["core", "providers", "analysis", "commands", "adapters"];

/** Reaches up kept for now: core's command registry and its generated manifests. */
const KNOWN = new Set([
  "core/lean.ts -> commands/lean.json",
  "core/pure.ts -> commands/pure.json",
  "core/registry.ts -> commands/index.ts",
]);

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
  const fresh = up.filter((u) => !KNOWN.has(u));
  assert.deepEqual(fresh, [], `imports of a higher floor:\n${fresh.join("\n")}`);
  // a known reach up that was mended is taken off the list, so the list stays true
  const mended = [...KNOWN].filter((k) => !up.includes(k));
  assert.deepEqual(mended, [], `no longer imported (drop from KNOWN): ${mended.join(", ")}`);
});

Deno.test("floors: the scan sees the imports it judges (a provider's own and core's)", async () => {
  // the scan must read static, dynamic and URL imports, or the test above proves nothing
  const text = await Deno.readTextFile(join(ROOT, "providers", "clients.ts"));
  const seen = [...text.matchAll(SPECIFIER)].map((m) => m[1]);
  assert.ok(seen.includes("../core/provider.ts"), seen.join(", "));
  assert.ok(seen.includes("./market_a/client.ts"), seen.join(", "));
  assert.ok((await reachesUp()).includes("core/registry.ts -> commands/index.ts"));
});
