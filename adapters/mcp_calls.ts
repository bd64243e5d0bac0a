/**
 * What the MCP server answers to tools/call: finance_search, finance_describe and finance_run,
 * and any command by its tool name, always as the envelope the HTTP adapter would answer.
 */
import { type Envelope, failure, success } from "../core/envelope.ts";
import { errorText } from "../core/errors.ts";
import { commandNames, hasCommand, loadCommand, namespaces } from "../commands/registry.ts";
import { execute } from "../core/runner.ts";
import { getDefaultSession, type Session } from "../core/session.ts";
import { closest } from "../core/suggest.ts";
import { clip, reservedKeyIn, reservedMessage } from "../core/args.ts";
import { cliArguments, CommandSearch, describeCommand, shellWords } from "./discovery.ts";
import { helpEntries } from "./help.ts";
import type { ToolSet } from "./mcp_tools.ts";
import { operationId } from "./openapi.ts";
import { type PlotFiles, processPlotFiles } from "./plot_files.ts";

/** What a call needs besides its arguments. */
export interface CallOptions {
  session?: Session;
  validateData?: boolean;
  /** Time limit of one command call in ms (none by default, as on the CLI). */
  timeoutMs?: number;
  /** The cap on chart files calls may write (default: the process's). */
  plotFiles?: PlotFiles;
}

/**
 * A best score below this shares only a common word or a synonym with the request (every
 * request of the ranking table scores above 1.7 for its best match).
 */
const WEAK_SCORE = 1.5;

/**
 * Longest finance_search query read, in characters. The ranking looks up every distinct word of
 * the query in every command's fields, synchronously: 900 KB of distinct words held the server
 * (every caller) for 6 s. A request in words is far shorter; a longer one is cut, with a warning.
 */
export const MAX_QUERY_CHARS = 2_000;

let searchIndex: CommandSearch | null = null;

/** The search index over the help manifest (no command module is loaded to build it). */
function commandSearch(): CommandSearch {
  return searchIndex ??= new CommandSearch(helpEntries());
}

/** A command name from a dotted name or a tool name (`finance_filings_statement`). */
function commandFromName(name: string): string | null {
  if (hasCommand(name)) return name;
  return commandNames().find((c) => operationId(c) === name) ?? null;
}

function unknownCommand(name: string): string {
  const guess = closest(name, commandNames());
  return `unknown command \`${clip(name)}\`${
    guess ? `; did you mean \`${guess}\`?` : ""
  } (finance_search finds commands by what they do)`;
}

/** Answers tools/call: the discovery tools, and any command by its tool name. */
export class ToolCalls {
  constructor(private set: ToolSet, private opts: CallOptions) {}

  /** One tools/call; `signal` aborts the command when the client cancels the request. */
  call(
    name: string,
    args: Record<string, unknown> | undefined,
    signal?: AbortSignal,
  ): Promise<Envelope> {
    if (this.set.discovery) {
      if (name === "finance_search") return Promise.resolve(this.search(args ?? {}));
      if (name === "finance_describe") return this.describe(args ?? {});
      if (name === "finance_run") return this.run(args ?? {}, signal);
    }
    const command = commandFromName(name);
    if (!command) return Promise.resolve(failure(this.unknownTool(name)));
    return this.runCommand(command, args ?? {}, signal);
  }

  /** The closest tool name (listed first, then any command's), and how to find others. */
  unknownTool(name: string): string {
    const listed = [
      ...(this.set.discovery ? ["finance_search", "finance_describe", "finance_run"] : []),
      ...this.set.commands.map(operationId),
    ];
    const guess = closest(name, listed) ??
      closest(name, [...commandNames().map(operationId), ...commandNames()]);
    const how = this.set.discovery
      ? "finance_search finds a command by what it does; finance_run runs any of them"
      : "tools/list names them";
    return `unknown tool \`${clip(name)}\`${guess ? `; did you mean \`${guess}\`?` : ""} (${how})`;
  }

  search(args: Record<string, unknown>): Envelope {
    const unknown = unknownKeys(args, ["query", "namespace", "limit"], "finance_search");
    if (unknown) return failure(unknown);
    const bad = notText(args, ["query", "namespace", "limit"], "finance_search");
    if (bad) return failure(bad);
    const given = String(args.query ?? "").trim();
    const cut = given.length > MAX_QUERY_CHARS;
    const query = cut ? given.slice(0, MAX_QUERY_CHARS).trim() : given;
    const namespace = String(args.namespace ?? "").trim().toLowerCase() || undefined;
    if (namespace && !namespaces().includes(namespace)) {
      const guess = closest(namespace, namespaces());
      return failure(
        `unknown namespace \`${clip(namespace)}\`${guess ? `; did you mean \`${guess}\`?` : ""} ` +
          `(namespaces: ${namespaces().join(", ")})`,
      );
    }
    const limit = Math.min(20, Math.max(1, Math.trunc(Number(args.limit ?? 5)) || 5));
    const index = commandSearch();
    const listed = <C extends { command: string }>(c: C) => ({
      ...c,
      listed: this.set.commands.includes(c.command),
    });
    if (!query) {
      if (namespace) {
        return success({ query, namespace, results: index.list(namespace).map(listed) });
      }
      const groups = namespaces().map((ns) => ({
        namespace: ns,
        commands: index.list(ns).map((c) => c.command),
      }));
      return success({ query, namespace: null, namespaces: groups });
    }
    const results = index.search(query, { namespace, limit }).map(listed);
    const warnings: string[] = [];
    if (cut) {
      warnings.push(
        `the query is ${given.length} characters; only its first ${MAX_QUERY_CHARS} were searched: describe the task in a sentence or a few words`,
      );
    }
    if (!results.length) {
      warnings.push("nothing matched; try other words, or an empty query to list the namespaces");
    } else if (results[0].score < WEAK_SCORE) {
      warnings.push(
        `weak matches only (best score ${results[0].score}): finance may have no command for ` +
          "this request; read the summaries before running one",
      );
    }
    return success({ query, namespace: namespace ?? null, results }, warnings);
  }

  async describe(args: Record<string, unknown>): Promise<Envelope> {
    const bad = unknownKeys(args, ["command"], "finance_describe") ??
      notText(args, ["command"], "finance_describe");
    if (bad) return failure(bad);
    const name = String(args.command ?? "").trim();
    if (!name) return failure("finance_describe: give `command`, e.g. filings.statement");
    const command = commandFromName(name);
    if (!command) return failure(unknownCommand(name));
    try {
      const def = await loadCommand(command);
      const listed = this.set.commands.includes(command);
      return success({
        ...describeCommand(def),
        listed,
        call: listed
          ? `call the tool ${operationId(command)}, or finance_run with command="${command}"`
          : `finance_run with command="${command}" and arguments={...}`,
      });
    } catch (err) {
      return failure(errorText(err, "finance_describe"));
    }
  }

  /**
   * finance_run: `command` is a name, or a whole command line in CLI form as the playbooks and
   * examples write it (`price.moves AAPL window=1d`); `arguments` is an object or its JSON text;
   * named arguments beside `arguments` are taken too. A name given twice is refused.
   */
  async run(args: Record<string, unknown>, signal?: AbortSignal): Promise<Envelope> {
    const { command, arguments: given, ...beside } = args;
    const bad = notText(args, ["command"], "finance_run");
    if (bad) return failure(bad);
    const words = shellWords(String(command ?? "").trim());
    if (words[0] === "finance" && words.length > 1) words.shift();
    const [name = "", ...line] = words;
    if (!name) return failure("finance_run: give `command`, e.g. market.quote");
    const resolved = commandFromName(name);
    if (!resolved) return failure(unknownCommand(name));
    const misplaced = await misplacedArguments(resolved, beside, given);
    if (misplaced) return failure(misplaced);
    let named: unknown = given ?? {};
    if (typeof named === "string") {
      try {
        named = named.trim() ? JSON.parse(named) : {};
      } catch {
        return failure(
          "finance_run: `arguments` must be an object of named arguments, or its JSON text",
        );
      }
    }
    let fromLine: Record<string, unknown> = {};
    if (line.length) {
      try {
        fromLine = cliArguments(await loadCommand(resolved), line);
      } catch (err) {
        return failure(errorText(err, "finance_run"));
      }
    }
    const parts = [fromLine, beside];
    if (named && typeof named === "object" && !Array.isArray(named)) {
      parts.push(named as Record<string, unknown>);
    } else if (Object.keys(fromLine).length || Object.keys(beside).length) {
      return failure("finance_run: `arguments` must be an object of named arguments");
    }
    const seen = new Set<string>();
    for (const key of parts.flatMap((p) => Object.keys(p))) {
      if (seen.has(key)) {
        return failure(
          `finance_run: \`${
            clip(key)
          }\` is given twice (in the command line, in \`arguments\` or beside it); give it once`,
        );
      }
      seen.add(key);
    }
    // spread, not Object.assign: a `__proto__` key stays an argument (and is refused as unknown)
    // instead of becoming the merged object's prototype
    if (parts.length === 3) named = { ...parts[0], ...parts[1], ...parts[2] };
    return await this.runCommand(resolved, named, signal);
  }

  /** Runs a command exactly as the HTTP adapter does. */
  async runCommand(name: string, args: unknown, signal?: AbortSignal): Promise<Envelope> {
    const reserved = reservedKeyIn(args);
    if (reserved !== null) return failure(reservedMessage(reserved));
    // cancelled before it started (a batch holding the call and its cancellation): the runner
    // listens for the abort, which has happened already
    if (signal?.aborted) return failure("the call was cancelled before it started; nothing ran");
    // a call that writes a chart file takes a place under the process's cap first
    const plot = (this.opts.plotFiles ?? processPlotFiles).claim(args);
    if (plot && "refused" in plot) return failure(plot.refused);
    let envelope: Envelope | undefined;
    try {
      envelope = (await execute(name, args, {
        session: this.opts.session ?? getDefaultSession(),
        surface: "mcp",
        validateData: this.opts.validateData,
        timeoutMs: this.opts.timeoutMs,
        signal,
      })).envelope;
    } finally {
      await plot?.settle(envelope);
    }
    return envelope;
  }
}

/** Names clients use for what finance_run calls `arguments`. */
const ARGUMENT_WRAPPERS = ["args", "params", "parameters", "input", "kwargs", "argument"];

/**
 * A wrapper such as `args` beside `command` (where finance_run expects `arguments`), unless
 * the command has an argument of that name: the message points to the right property.
 */
async function misplacedArguments(
  command: string,
  beside: Record<string, unknown>,
  given: unknown,
): Promise<string | null> {
  const wrapper = Object.keys(beside).find((k) => ARGUMENT_WRAPPERS.includes(k));
  if (!wrapper) return null;
  const value = beside[wrapper];
  const objectLike = (value && typeof value === "object" && !Array.isArray(value)) ||
    (typeof value === "string" && value.trim().startsWith("{"));
  if (!objectLike) return null;
  const def = await loadCommand(command);
  if (Object.hasOwn(def.args.shape, wrapper)) return null;
  return `finance_run takes the command's named arguments in \`arguments\`, not \`${wrapper}\`${
    given === undefined ? "" : " (give them once, in `arguments`)"
  }: {"command": "${command}", "arguments": {...}}`;
}

/**
 * The first of `keys` given as something other than text, a number, a boolean or a flat list of
 * them: such a value is not read as text (a list nested 100,000 deep overflowed the stack).
 */
function notText(args: Record<string, unknown>, keys: string[], tool: string): string | null {
  const flat = (v: unknown) => v === null || typeof v !== "object";
  for (const key of keys) {
    const v = args[key];
    if (flat(v) || (Array.isArray(v) && v.every(flat))) continue;
    return `${tool}: \`${key}\` must be text, not ${Array.isArray(v) ? "a list" : "an object"}${
      key === "command" ? ', e.g. "market.quote"' : ""
    }`;
  }
  return null;
}

function unknownKeys(args: Record<string, unknown>, known: string[], tool: string): string | null {
  const extra = Object.keys(args).find((k) => !known.includes(k));
  if (!extra) return null;
  const guess = closest(extra, known);
  return `unknown argument \`${clip(extra)}\` for ${tool}${
    guess ? `; did you mean \`${guess}\`?` : ""
  }`;
}
