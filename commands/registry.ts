/**
 * Looks commands up by name; loads their modules on demand. Loading it registers the command
 * loader with core's runner and, for the commands' providers, the provider clients.
 */
import "../providers/clients.ts";
import { COMMANDS } from "./index.ts";
import { type CommandDef, registerCommands } from "../core/command.ts";
import { UsageError } from "../core/errors.ts";
import { closest } from "../core/suggest.ts";

const loaded = new Map<string, CommandDef>();

/** Every command name, in display order. */
export function commandNames(): string[] {
  return Object.keys(COMMANDS);
}

/** True when `name` is a command. */
export function hasCommand(name: string): boolean {
  return Object.hasOwn(COMMANDS, name);
}

/** Loads one command; an unknown name is a UsageError with the closest valid name. */
export async function loadCommand(name: string): Promise<CommandDef> {
  const hit = loaded.get(name);
  if (hit) return hit;
  if (!hasCommand(name)) {
    const guess = closest(name, commandNames());
    throw new UsageError(
      `unknown command \`${name}\`${
        guess ? `; did you mean \`${guess}\`?` : ""
      } (finance --list shows all commands)`,
    );
  }
  const def = (await COMMANDS[name]()).default;
  loaded.set(name, def);
  return def;
}

/** A command already loaded by an earlier call, or undefined; never loads (for sync callers). */
export function loadedCommand(name: string): CommandDef | undefined {
  return loaded.get(name);
}

/** Loads every command (help, OpenAPI, MCP). */
export async function loadAllCommands(): Promise<CommandDef[]> {
  return await Promise.all(commandNames().map(loadCommand));
}

/** Namespaces in display order. */
export function namespaces(): string[] {
  return [...new Set(commandNames().map((n) => n.split(".")[0]))];
}

registerCommands(loadCommand);
