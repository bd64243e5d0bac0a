/**
 * The definition of one command. A command file exports one of these; everything else
 * (CLI parsing and help, HTTP validation, OpenAPI, MCP tools) is derived from it.
 */
import type { z } from "zod";
import type { Context } from "./context.ts";
import { FinanceError } from "./errors.ts";
import type { ArgShape } from "./args.ts";

/** What a command touches. */
export type SideEffects = "network_read_only" | "local_or_network_read" | "pure_calculation";
/** Whether a command needs credentials. */
export type AuthRequired = "none" | "optional_environment_or_public_provider";

/**
 * How a person reads a command's result (CLI text, notebooks): one of the views in
 * adapters/views/. Commands without one get the generic view.
 */
export type ViewName =
  | "statement"
  | "fundamentals"
  | "sector_heat"
  | "scan"
  | "news"
  | "filings"
  | "transcripts"
  | "screen"
  | "tables"
  | "backtest"
  | "tune"
  | "kpi"
  | "qa"
  | "moves"
  | "news_analysis"
  | "kpi_history"
  | "history"
  | "facts"
  | "frames"
  | "report"
  | "sector_overview"
  | "sector_table"
  | "regime"
  | "snapshot"
  | "strategies"
  | "earnings"
  | "market_status"
  | "context"
  | "ohlcv"
  | "quote";

/** The zod object schema of a command's arguments. */
// deno-lint-ignore no-explicit-any
export type ArgsSchema = z.ZodObject<any>;

/** Everything one command declares; adapters derive their forms from it. */
export interface CommandDef<A extends ArgsSchema = ArgsSchema, D extends z.ZodType = z.ZodType> {
  /** Dotted name, e.g. `filings.statement`. */
  name: string;
  /** One line. */
  summary: string;
  /** When to use it and when not (for agents and help). */
  description?: string;
  /** Usage line, as in the reference adapter document. */
  usage: string;
  /** What the command touches. */
  side_effects: SideEffects;
  /** Whether credentials are needed. */
  auth_required: AuthRequired;
  /** Result fields a user should cite. */
  citation_fields: string[];
  /** Argument names that may be given positionally on the CLI, in order. */
  positional: string[];
  /** Older names still accepted for an argument, with a warning: alias → canonical name. */
  aliases?: Record<string, string>;
  /**
   * Other current names of an argument, accepted without a warning: synonym → canonical name
   * (`start` for `start_date`, so a date window is asked the same way in every command).
   */
  synonyms?: Record<string, string>;
  /** Unknown `key=value` arguments are collected into this object argument instead of rejected. */
  extra_into?: string;
  /**
   * What `required` cannot say: at least one of these groups of arguments must be given, each
   * group in full (`[["symbol"], ["accession"], ["url"]]`: a filing named one of three ways).
   * The JSON Schemas (OpenAPI, MCP) carry it as `anyOf` of `required` (`oneOf` when
   * {@link exclusiveOneOf}), help states it, and the library's typed map makes it a union. The
   * command's `run` enforces it; a test checks that the two agree.
   */
  requireOneOf?: string[][];
  /** With {@link requireOneOf}: exactly one group, not several (news: query, symbol or sector). */
  exclusiveOneOf?: boolean;
  /** The arguments. Property descriptions become help and schema text. */
  args: A;
  /** The `data` of a successful envelope. */
  data: D;
  /** The view that shows `data` to a person (text output, notebooks); generic when absent. */
  view?: ViewName;
  /** Example invocations (CLI form). */
  examples?: string[];
  /** Runs the command. Throw FinanceError subclasses for failures; use ctx.warn for warnings. */
  run(args: z.output<A>, ctx: Context): Promise<z.input<D>>;
  /**
   * `module#export` (module path from the project root) of a function that does what `run`
   * does, in a module that loads no zod: the CLI then reads the arguments with
   * `commands/lean.json` and runs the command without the schemas (adapters/lean.ts).
   */
  lean?: string;
  /**
   * A pure calculation's computation, exported from a module under `analysis/calculators/`
   * (modules there import no npm package). When set, `run` is derived from it, and the CLI can
   * run the command from the generated manifest `commands/pure.json` without loading any schema
   * code (see adapters/pure.ts).
   */
  compute?: Compute<z.output<A>, z.input<D>>;
}

/** What a pure computation may do besides computing: add warnings. */
export interface ComputeContext {
  warn(message: string): void;
}

/** A synchronous, pure computation from parsed arguments to `data`. */
export type Compute<Args, Data> = (args: Args, ctx: ComputeContext) => Data;

/** What a command file passes to {@link defineCommand}: `run`, or `compute` for pure calculations. */
export type CommandSpec<A extends ArgsSchema, D extends z.ZodType> =
  & Omit<CommandDef<A, D>, "run" | "compute">
  & (
    | { run: CommandDef<A, D>["run"]; compute?: undefined }
    | { compute: Compute<z.output<A>, z.input<D>>; run?: undefined }
  );

/** Gives a command file full type inference; builds `run` from `compute` when that is given. */
export function defineCommand<A extends ArgsSchema, D extends z.ZodType>(
  spec: CommandSpec<A, D>,
): CommandDef<A, D> {
  if (spec.run) return spec as CommandDef<A, D>;
  const compute = spec.compute;
  // a throw inside the executor becomes the rejection
  return { ...spec, run: (args, ctx) => new Promise((ok) => ok(compute(args, ctx))) };
}

/** Thrown by commands whose implementation has not landed yet. */
export class NotImplementedError extends FinanceError {
  constructor(name: string) {
    super(`${name} is not implemented yet`);
    this.name = "NotImplementedError";
  }
}

const PLACEHOLDER = Symbol("notImplemented");

/** A `run` for commands not written yet. */
export function notImplemented(name: string): () => Promise<never> {
  const run = () => Promise.reject(new NotImplementedError(name));
  return Object.assign(run, { [PLACEHOLDER]: true });
}

/** True when a command still has the placeholder `run`. */
export function isPlaceholder(def: CommandDef): boolean {
  return Object.hasOwn(def.run, PLACEHOLDER);
}

/**
 * The argument names, positionals and aliases of a command, for argument handling: built once
 * per command and shared, so callers must not change it.
 */
export function argShape(def: CommandDef): ArgShape {
  let shape = shapes.get(def);
  if (!shape) {
    shape = {
      name: def.name,
      usage: def.usage,
      keys: Object.keys(def.args.shape),
      positional: def.positional,
      aliases: def.synonyms ? { ...def.aliases, ...def.synonyms } : def.aliases,
      ...(def.synonyms ? { synonyms: Object.keys(def.synonyms) } : {}),
      extra_into: def.extra_into,
    };
    shapes.set(def, shape);
  }
  return shape;
}

const shapes = new WeakMap<CommandDef, ArgShape>();

/** Loads a command's definition by name; an unknown name throws a UsageError. */
export type CommandLoader = (name: string) => Promise<CommandDef>;

let commandLoader: CommandLoader | null = null;

/**
 * Called once by commands/registry.ts when it loads: core runs commands without importing the
 * floor above it (mod.ts, the adapters and the test helpers load the registry).
 */
export function registerCommands(load: CommandLoader): void {
  commandLoader = load;
}

/** The registered loader; none means the program never loaded commands/registry.ts. */
export function loadCommand(name: string): Promise<CommandDef> {
  if (commandLoader) return commandLoader(name);
  return Promise.reject(
    new Error(
      "no commands are registered: import commands/registry.ts before running one",
    ),
  );
}
