/**
 * The `finance` command line: `finance <command> [positional ...] [key=value ...] [--output m]`.
 * Exit codes: 0 ok, 1 the command failed, 2 the call was malformed.
 */
import type { CommandDef } from "../core/command.ts";
import { failure } from "../core/envelope.ts";
import { describeError, UsageError } from "../core/errors.ts";
import { commandNames, hasCommand, loadCommand, namespaces } from "../core/registry.ts";
import { execute } from "../core/runner.ts";
import { cliKind, parseBooleanText } from "../core/schema.ts";
import { closest } from "../core/suggest.ts";
import { type OutputMode, render } from "./render.ts";
import { commandHelp, listText, namespaceHelp } from "./help.ts";
import { VERSION } from "../core/version.ts";
import { lazyImport } from "../core/lazy.ts";

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
}

const defaultIO: CliIO = {
  out: (t) => console.log(t),
  err: (t) => console.error(t),
};

const KEY = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/** Splits command tokens into named arguments using the command's positional names. */
export function parseTokens(def: CommandDef, tokens: string[]): Record<string, unknown> {
  const args: Record<string, unknown> = Object.create(null);
  const positional: string[] = [];
  for (const token of tokens) {
    const m = KEY.exec(token);
    if (m) {
      const [, key, value] = m;
      if (Object.hasOwn(args, key)) {
        throw new UsageError(
          `${def.name}: \`${key}\` is given twice; give each argument once (usage: ${def.usage})`,
        );
      }
      args[key] = value;
    } else if (/^=/.test(token)) {
      throw new UsageError(
        `${def.name}: "${
          clip(token)
        }" has no argument name before "="; write name=value (usage: ${def.usage})`,
      );
    } else {
      positional.push(token);
    }
  }
  if (positional.length > def.positional.length) {
    const extra = positional[def.positional.length];
    throw new UsageError(
      `${def.name}: unexpected argument "${clip(extra)}"${
        def.positional.length ? ` (takes ${def.positional.length} positional)` : ""
      }; use name=value (usage: ${def.usage})`,
    );
  }
  positional.forEach((value, i) => {
    const name = def.positional[i];
    const aliasUsed = Object.entries(def.aliases ?? {}).find(([a, c]) => c === name && a in args);
    if (Object.hasOwn(args, name) || aliasUsed) {
      throw new UsageError(
        `${def.name}: \`${name}\` is given both positionally and as ${name}=; give it once`,
      );
    }
    args[name] = value;
  });
  return coerce(def, args);
}

/** Turns text into numbers and booleans where the schema wants them. */
function coerce(def: CommandDef, args: Record<string, unknown>): Record<string, unknown> {
  const shape = def.args.shape as Record<string, import("zod").ZodType>;
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(args)) {
    const canonical = shape[key] ? key : def.aliases?.[key];
    const schema = canonical ? shape[canonical] : undefined;
    if (!schema || typeof value !== "string") {
      out[key] = value;
      continue;
    }
    const kind = cliKind(schema);
    if (kind === "number" || kind === "integer") {
      const t = value.trim();
      const n = t === "" ? NaN : Number(t.replace(/,/g, ""));
      out[key] = Number.isFinite(n) ? n : value;
    } else if (kind === "boolean") {
      const b = parseBooleanText(value);
      out[key] = b === null ? value : b;
    } else {
      out[key] = value;
    }
  }
  return out;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

interface Flags {
  output: OutputMode;
  help: boolean;
  list: boolean;
  rest: string[];
}

function readFlags(argv: string[]): Flags {
  let output: OutputMode = "json";
  let help = false;
  let list = false;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--output" || a === "-o") {
      output = checkMode(argv[++i]);
    } else if (a.startsWith("--output=")) {
      output = checkMode(a.slice(9));
    } else if (a === "--json") output = "json";
    else if (a === "--help" || a === "-h") help = true;
    else if (a === "--list") list = true;
    else if (/^--[A-Za-z]/.test(a)) {
      throw new UsageError(
        `unknown option ${a}; options are --output json|text|compact and --help`,
      );
    } else rest.push(a);
  }
  return { output, help, list, rest };
}

function checkMode(m: string | undefined): OutputMode {
  if (m === "json" || m === "text" || m === "compact") return m;
  throw new UsageError(`--output takes json, text or compact, not ${m ?? "nothing"}`);
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], io: CliIO = defaultIO): Promise<number> {
  const first = argv[0];
  if (first === "--version" || first === "-V" || first === "version") {
    io.out(`finance ${VERSION}`);
    return 0;
  }
  if (first === "serve") {
    const { serveFromCli } = await lazyImport<typeof import("./http.ts")>(
      new URL("./http.ts", import.meta.url),
    );
    return await serveFromCli(argv.slice(1), io);
  }
  if (first === "mcp") {
    const { mcpFromCli } = await lazyImport<typeof import("./mcp.ts")>(
      new URL("./mcp.ts", import.meta.url),
    );
    return await mcpFromCli(argv.slice(1), io);
  }
  if (first === "completions") {
    const { completions } = await lazyImport<typeof import("./completions.ts")>(
      new URL("./completions.ts", import.meta.url),
    );
    return completions(argv[1], io);
  }
  let flags: Flags;
  try {
    flags = readFlags(argv);
  } catch (err) {
    io.out(render(failure(describeError(err)), "json"));
    return 2;
  }
  const [name, ...tokens] = flags.rest;
  if (flags.list || !name || name === "list") {
    io.out(await listText());
    return 0;
  }
  if (name === "help") {
    return await help(tokens[0], io);
  }
  if (flags.help || tokens[0] === "help") return await help(name, io);

  if (!hasCommand(name) && namespaces().includes(name)) return await help(name, io);
  let def: CommandDef;
  try {
    def = await loadCommand(name);
  } catch (err) {
    io.out(render(failure(describeError(err)), flags.output));
    return 2;
  }
  let args: Record<string, unknown>;
  try {
    args = parseTokens(def, tokens);
  } catch (err) {
    io.out(render(failure(describeError(err)), flags.output));
    return 2;
  }
  const outcome = await execute(name, args, { surface: "cli" });
  io.out(render(outcome.envelope, flags.output));
  return outcome.status === "ok" ? 0 : outcome.status === "usage" ? 2 : 1;
}

async function help(topic: string | undefined, io: CliIO): Promise<number> {
  if (!topic) {
    io.out(await listText());
    io.out("\nRun `finance help <namespace>` or `finance <command> --help` for details.");
    return 0;
  }
  if (hasCommand(topic)) {
    io.out(commandHelp(await loadCommand(topic)));
    return 0;
  }
  if (namespaces().includes(topic)) {
    io.out(await namespaceHelp(topic));
    return 0;
  }
  const guess = closest(topic, [...commandNames(), ...namespaces()]);
  io.out(
    render(
      failure(
        `unknown command or namespace \`${topic}\`${guess ? `; did you mean \`${guess}\`?` : ""}`,
      ),
      "json",
    ),
  );
  return 2;
}
