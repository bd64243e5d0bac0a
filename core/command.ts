/**
 * The definition of one command. A command file exports one of these; everything else
 * (CLI parsing and help, HTTP validation, OpenAPI, MCP tools) is derived from it.
 */
import type { z } from "zod";
import type { Context } from "./context.ts";
import { FinanceError } from "./errors.ts";

/** What a command touches. */
export type SideEffects = "network_read_only" | "local_or_network_read" | "pure_calculation";
/** Whether a command needs credentials. */
export type AuthRequired = "none" | "optional_environment_or_public_provider";

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
  /** Other names accepted for an argument: alias → canonical name. */
  aliases?: Record<string, string>;
  /** Unknown `key=value` arguments are collected into this object argument instead of rejected. */
  extra_into?: string;
  /** The arguments. Property descriptions become help and schema text. */
  args: A;
  /** The `data` of a successful envelope. */
  data: D;
  /** Example invocations (CLI form). */
  examples?: string[];
  /** Runs the command. Throw FinanceError subclasses for failures; use ctx.warn for warnings. */
  run(args: z.output<A>, ctx: Context): Promise<z.input<D>>;
}

/** Identity helper that gives a command file full type inference. */
export function defineCommand<A extends ArgsSchema, D extends z.ZodType>(
  def: CommandDef<A, D>,
): CommandDef<A, D> {
  return def;
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
