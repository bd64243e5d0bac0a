/**
 * The generated `CommandMap` (commands/map.ts) is fresh, and agrees with the zod schemas it is
 * written from: every argument object it allows is a `z.input` of the command's arguments, and
 * its `data` is exactly `z.output` of the result schema, for every command.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { commandMapText } from "../../adapters/command_map.ts";
import { commandNames } from "../../commands/registry.ts";
import { ROOT } from "../_helpers.ts";

Deno.test("commands/map.ts is generated from the registry and up to date", async () => {
  const current = await Deno.readTextFile(join(ROOT, "commands", "map.ts"));
  const fresh = await commandMapText();
  for (const name of commandNames()) assert.ok(fresh.includes(`"${name}": {`), name);
  assert.ok(current === fresh, "commands/map.ts is stale: run `deno task docs`");
});

/** Command name → module path, read from the registry's source (the loaders hide it). */
async function commandFiles(): Promise<Map<string, string>> {
  const text = await Deno.readTextFile(join(ROOT, "commands", "index.ts"));
  const found = new Map<string, string>();
  for (const m of text.matchAll(/"([a-z_.]+)": \(\) =>\s*lazyImport\(new URL\("\.\/([^"]+)"/g)) {
    found.set(m[1], join(ROOT, "commands", m[2]));
  }
  return found;
}

Deno.test("CommandMap agrees with z.input of every argument schema and z.output of every result", async () => {
  const files = await commandFiles();
  assert.deepEqual([...files.keys()].sort(), commandNames().sort());
  const url = (path: string) => JSON.stringify(pathToFileURL(path).href);
  const lines = [
    `import type { z } from "zod";`,
    `import type { CommandMap } from ${url(join(ROOT, "commands", "map.ts"))};`,
    "type Sub<A, B> = [A] extends [B] ? true : false;",
  ];
  const lineOf: string[] = [];
  for (const [name, path] of files) {
    const def = `typeof import(${url(path)}).default`;
    const entry = `CommandMap[${JSON.stringify(name)}]`;
    // arguments: the map may be narrower than z.input (z.coerce takes `unknown`), never wider
    lines.push(
      `export const args${lineOf.length}: Sub<${entry}["args"], z.input<${def}["args"]>> = true;`,
      `export const out${lineOf.length}: Sub<z.output<${def}["data"]>, ${entry}["data"]> = true;`,
      `export const in${lineOf.length}: Sub<${entry}["data"], z.output<${def}["data"]>> = true;`,
    );
    lineOf.push(`${name} arguments`, `${name} data (z.output wider)`, `${name} data (map wider)`);
  }
  const dir = await Deno.makeTempDir({ prefix: "command_map_" });
  try {
    const file = join(dir, "agree.ts");
    await Deno.writeTextFile(file, lines.join("\n") + "\n");
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["check", "--quiet", "--config", join(ROOT, "deno.json"), file],
      env: { NO_COLOR: "1" },
    }).output();
    const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    // name the commands that disagree, from the line numbers of the errors
    const bad = [...text.matchAll(/agree\.ts:(\d+):/g)].map((m) => lineOf[Number(m[1]) - 4]);
    assert.equal(code, 0, `CommandMap disagrees with the schemas: ${bad.join(", ")}\n${text}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
