/**
 * The `finance` command line: `finance <command> [positional ...] [key=value ...] [--output m]`.
 * Exit codes: 0 ok, 1 the command failed, 2 the call was malformed.
 */
import { argShape, type CommandDef } from "../core/command.ts";
import { failure } from "../core/envelope.ts";
import { errorText, UsageError } from "../core/errors.ts";
import { cliKind, tokensToArgs } from "../core/args.ts";
import { pureEntry, runPureTokens } from "./pure.ts";
import { closest } from "../core/suggest.ts";
import { jsonText, OUTPUT_MODES, type OutputMode } from "./output_modes.ts";
import type { Envelope } from "../core/envelope.ts";
import { VERSION } from "../core/version.ts";
import type { CliIO } from "../core/io.ts";
import { lazyImport } from "../core/lazy.ts";
import leanCommands from "../commands/lean.json" with { type: "json" };

// The runner, help, the command registry and every schema are loaded only when a call needs
// them: a pure calculation from commands/pure.json runs without them (adapters/pure.ts), and so does
// a command listed in commands/lean.json whose arguments it can read (adapters/lean.ts). So are the
// renderers of the modes other than json (adapters/render.ts and its views).
type Runner = typeof import("../core/runner.ts");
type Lean = typeof import("./lean.ts");
type Help = typeof import("./help.ts");
type Registry = typeof import("../commands/registry.ts");
type Render = typeof import("./render.ts");
// the runner finds commands through the registry, which registers itself with core when loaded
const runner = () =>
  Promise.all([registry(), lazyImport<Runner>(new URL("../core/runner.ts", import.meta.url))])
    .then(([, api]) => api);
const helpText = () => lazyImport<Help>(new URL("./help.ts", import.meta.url));
const registry = () => lazyImport<Registry>(new URL("../commands/registry.ts", import.meta.url));
const renderer = () => lazyImport<Render>(new URL("./render.ts", import.meta.url));

export type { CliIO };

const defaultIO: CliIO = {
  out: (t) => console.log(t),
  err: (t) => console.error(t),
};

/** Splits command tokens into named arguments using the command's positional names. */
export function parseTokens(def: CommandDef, tokens: string[]): Record<string, unknown> {
  const shape = def.args.shape as Record<string, import("zod").ZodType>;
  return tokensToArgs(argShape(def), tokens, (key) => cliKind(shape[key]));
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
        `unknown option ${a}; options are --output ${OUTPUT_MODES.join("|")} and --help`,
      );
    } else rest.push(a);
  }
  return { output, help, list, rest };
}

function checkMode(m: string | undefined): OutputMode {
  if (OUTPUT_MODES.includes(m as OutputMode)) return m as OutputMode;
  throw new UsageError(`--output takes ${OUTPUT_MODES.join(", ")}, not ${m ?? "nothing"}`);
}

/** The output mode asked for, read leniently (for reporting a usage error in that mode). */
function askedMode(argv: string[]): OutputMode {
  let mode: OutputMode = "json";
  argv.forEach((a, i) => {
    const m = a === "--output" || a === "-o"
      ? argv[i + 1]
      : a.startsWith("--output=")
      ? a.slice(9)
      : null;
    if (OUTPUT_MODES.includes(m as OutputMode)) mode = m as OutputMode;
  });
  return mode;
}

/** The terminal's width: `COLUMNS`, else the console's, else 100. */
function terminalWidth(): number {
  const cols = Number(Deno.env.get("COLUMNS"));
  if (Number.isInteger(cols) && cols > 0) return cols;
  try {
    return Deno.consoleSize().columns;
  } catch {
    return 100;
  }
}

/** Prints an envelope: errors (text, csv, tsv) and sheet warnings to stderr, the rest to stdout. */
async function emit(
  io: CliIO,
  env: Envelope,
  mode: OutputMode,
  view?: CommandDef["view"],
): Promise<void> {
  // json, the default, needs none of the renderers (renderOutput prints it the same way)
  if (mode === "json") return io.out(jsonText(env));
  print(io, (await renderer()).renderOutput, env, mode, view);
}

function print(
  io: CliIO,
  renderOutput: Render["renderOutput"],
  env: Envelope,
  mode: OutputMode,
  view?: CommandDef["view"],
): void {
  const r = renderOutput(env, mode, { view, width: mode === "text" ? terminalWidth() : undefined });
  if (r.out) io.out(r.out);
  if (r.err) io.err(r.err);
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], io: CliIO = defaultIO): Promise<number> {
  const first = argv[0];
  if (first === "--version" || first === "-V" || first === "version") {
    io.out(`finance ${VERSION}`);
    return 0;
  }
  if ((first === "serve" || first === "mcp") && argv.some((a) => a === "--help" || a === "-h")) {
    return await help(first, io);
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
  if (first === "cache") {
    const [{ cacheFromCli }, { renderOutput }] = await Promise.all([
      lazyImport<typeof import("./cache_cli.ts")>(new URL("./cache_cli.ts", import.meta.url)),
      renderer(),
    ]);
    return await cacheFromCli(argv.slice(1), {
      out: io.out,
      emit: (env, mode) => print(io, renderOutput, env, mode as OutputMode),
    });
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
    await emit(io, failure(errorText(err, "the CLI")), askedMode(argv));
    return 2;
  }
  const [name, ...tokens] = flags.rest;
  if (flags.list || name === "list") {
    io.out((await helpText()).listText());
    return 0;
  }
  if (!name) return await help(undefined, io);
  if (name === "help") {
    return await help(tokens[0], io, flags.output);
  }
  if (flags.help || tokens[0] === "help") return await help(name, io, flags.output);

  const pure = await runPureTokens(name, tokens);
  if (pure) {
    await emit(io, pure, flags.output, pureEntry(name)?.view as CommandDef["view"]);
    return pure.ok ? 0 : 1;
  }
  if (Object.hasOwn(leanCommands.commands, name)) {
    const { runLeanTokens } = await lazyImport<Lean>(new URL("./lean.ts", import.meta.url));
    const lean = await runLeanTokens(name, tokens, { surface: "cli" });
    if (lean) {
      await emit(io, lean.envelope, flags.output, lean.view as CommandDef["view"]);
      return lean.status === "ok" ? 0 : lean.status === "usage" ? 2 : 1;
    }
  }

  const { hasCommand, loadCommand, namespaces } = await registry();
  if (!hasCommand(name) && namespaces().includes(name)) return await help(name, io, flags.output);
  let def: CommandDef;
  try {
    def = await loadCommand(name);
  } catch (err) {
    await emit(io, failure(errorText(err, name)), flags.output);
    return 2;
  }
  let args: Record<string, unknown>;
  try {
    args = parseTokens(def, tokens);
  } catch (err) {
    await emit(io, failure(errorText(err, name)), flags.output);
    return 2;
  }
  const outcome = await (await runner()).execute(name, args, { surface: "cli" });
  await emit(io, outcome.envelope, flags.output, def.view);
  return outcome.status === "ok" ? 0 : outcome.status === "usage" ? 2 : 1;
}

async function help(
  topic: string | undefined,
  io: CliIO,
  mode: OutputMode = "json",
): Promise<number> {
  const { commandHelp, helpEntry, helpNamespaces, mainHelp, mcpHelp, namespaceHelp, serveHelp } =
    await helpText();
  const entry = topic ? helpEntry(topic) : null;
  if (!topic) io.out(mainHelp());
  else if (entry) io.out(commandHelp(entry, terminalWidth()));
  else if (helpNamespaces().has(topic)) io.out(namespaceHelp(topic));
  else if (topic === "serve") io.out(serveHelp());
  else if (topic === "mcp") io.out(mcpHelp());
  else {
    const { commandNames, namespaces } = await registry();
    const names = topic.includes(".") ? commandNames() : [...commandNames(), ...namespaces()];
    const guess = closest(topic, names);
    await emit(
      io,
      failure(
        `unknown command or namespace \`${topic}\`${guess ? `; did you mean \`${guess}\`?` : ""}`,
      ),
      mode,
    );
    return 2;
  }
  return 0;
}
