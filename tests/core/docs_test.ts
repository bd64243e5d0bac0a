import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { commandsMarkdown } from "../../adapters/docs.ts";
import { COMMAND_COUNT, ROOT } from "../_helpers.ts";

Deno.test("docs/commands.md is generated from the registry and up to date", async () => {
  const current = readFileSync(join(ROOT, "docs", "commands.md"), "utf8");
  const fresh = await commandsMarkdown();
  assert.equal((fresh.match(/^### /gm) ?? []).length, COMMAND_COUNT);
  assert.ok(current === fresh, "docs/commands.md is stale: run `deno task docs`");
});
