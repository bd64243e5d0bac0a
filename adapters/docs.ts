/**
 * Generated files: docs/commands.md (the command reference), commands/pure.json (the CLI's
 * manifest of pure calculators), commands/lean.json (commands with I/O the CLI runs without
 * zod), commands/help.json (the manifest behind help, --list and completions) and
 * commands/map.ts (the library's `CommandMap` type), all from the registry so they cannot drift
 * from the code; and analysis/backtest/grid.wasm, assembled from grid.wat.
 */
import { loadAllCommands, namespaces } from "../commands/registry.ts";
import { describeArgs, requireOneOfText } from "./jsonschema.ts";

/** The command reference as Markdown. */
export async function commandsMarkdown(): Promise<string> {
  const defs = await loadAllCommands();
  const out = [
    "# Command reference",
    "",
    "Generated from the command definitions by `deno task docs`; a test fails when it is stale.",
    "Every command returns `{ok, data, error, warnings}`. CLI: `finance <command> [positional] [key=value ...] [--output json|text|compact|csv|tsv]`; HTTP: `POST /commands/<command>` with a JSON object.",
    "",
  ];
  for (const ns of namespaces()) {
    out.push(`## ${ns}`, "");
    for (const def of defs.filter((d) => d.name.split(".")[0] === ns)) {
      out.push(`### ${def.name}`, "", def.summary + ".", "");
      if (def.description) out.push(def.description, "");
      out.push("```", def.usage, "```", "");
      const oneOf = requireOneOfText(def);
      if (oneOf) out.push(oneOf, "");
      const args = describeArgs(def);
      if (args.length) {
        out.push("| argument | type | default | notes |", "|---|---|---|---|");
        for (const a of args) {
          const notes = [
            a.required ? "required" : "",
            a.positional ? "positional" : "",
            a.enum ? `one of ${a.enum.join(", ")}` : "",
            a.aliases.length ? `also ${a.aliases.join(", ")}` : "",
            a.description,
          ].filter(Boolean).join("; ").replace(/\|/g, "\\|").replace(/\n/g, " ");
          const dflt = a.default === undefined ? "" : `\`${JSON.stringify(a.default)}\``;
          out.push(`| \`${a.name}\` | ${a.type.replace(/\|/g, " or ")} | ${dflt} | ${notes} |`);
        }
        out.push("");
      }
      out.push(
        `Side effects: \`${def.side_effects}\`. Auth: \`${def.auth_required}\`. Citation fields: ${
          def.citation_fields.length
            ? def.citation_fields.map((c) => `\`${c}\``).join(", ")
            : "none"
        }.`,
        "",
      );
      const example = def.examples?.[0] ?? def.usage.replace(/\s\[.*$/, "");
      out.push(`Example: \`${example}\``, "");
    }
  }
  return out.join("\n");
}

if (import.meta.main) {
  await Deno.writeTextFile(
    new URL("../docs/commands.md", import.meta.url),
    await commandsMarkdown(),
  );
  const { pureManifestText } = await import("./pure_manifest.ts");
  await Deno.writeTextFile(
    new URL("../commands/pure.json", import.meta.url),
    await pureManifestText(),
  );
  const { leanManifestText } = await import("./pure_manifest.ts");
  await Deno.writeTextFile(
    new URL("../commands/lean.json", import.meta.url),
    await leanManifestText(),
  );
  const { helpManifestText } = await import("./help_manifest.ts");
  await Deno.writeTextFile(
    new URL("../commands/help.json", import.meta.url),
    await helpManifestText(),
  );
  const { commandMapText } = await import("./command_map.ts");
  await Deno.writeTextFile(new URL("../commands/map.ts", import.meta.url), await commandMapText());
  const { assembleGrid, WASM } = await import("../analysis/backtest/grid_build.ts");
  await Deno.writeFile(WASM, await assembleGrid());
}
