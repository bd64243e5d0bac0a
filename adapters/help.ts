/** Help text for the CLI, generated from the command definitions. */
import type { CommandDef } from "../core/command.ts";
import { commandNames, loadAllCommands, loadCommand } from "../core/registry.ts";
import { describeArgs } from "./jsonschema.ts";

/** `NAME<TAB>SUMMARY` per command. */
export async function listText(): Promise<string> {
  const defs = await loadAllCommands();
  const width = Math.max(...defs.map((d) => d.name.length));
  return defs.map((d) => `${d.name.padEnd(width)}  ${d.summary}`).join("\n");
}

/** Commands of one namespace. */
export async function namespaceHelp(ns: string): Promise<string> {
  const names = commandNames().filter((n) => n.startsWith(`${ns}.`));
  const defs = await Promise.all(names.map(loadCommand));
  const lines = [`${ns}`, `Commands under \`${ns}\`:`];
  for (const d of defs) lines.push(`  ${d.name.slice(ns.length + 1).padEnd(24)} ${d.summary}`);
  lines.push("", `Run \`finance ${ns}.COMMAND --help\` for a command's arguments.`);
  return lines.join("\n");
}

/** Full help of one command. */
export function commandHelp(def: CommandDef): string {
  const lines = [def.name, def.summary];
  if (def.description) lines.push("", def.description);
  lines.push("", `Usage: ${def.usage}`, "", "Arguments:");
  const args = describeArgs(def);
  if (!args.length) lines.push("  (none)");
  for (const a of args) {
    const bits = [a.type];
    if (a.required) bits.push("required");
    if (a.positional) bits.push("positional");
    if (a.default !== undefined) bits.push(`default ${JSON.stringify(a.default)}`);
    if (a.enum) bits.push(`one of ${a.enum.join("|")}`);
    if (a.aliases.length) bits.push(`also ${a.aliases.join(", ")}`);
    lines.push(`  ${a.name.padEnd(22)} ${bits.join(", ")}`);
    if (a.description) lines.push(`  ${"".padEnd(22)} ${a.description}`);
  }
  lines.push(
    "",
    `Side effects: ${def.side_effects}`,
    `Auth: ${def.auth_required}`,
    `Cite: ${def.citation_fields.length ? def.citation_fields.join(", ") : "(calculation)"}`,
  );
  const examples = def.examples ?? [def.usage.replace(/\s\[.*$/, "")];
  lines.push("", "Examples:", ...examples.map((e) => `  ${e}`));
  lines.push("", "Output: --output json (default) | text | compact");
  return lines.join("\n");
}
