/**
 * The parts of the implementation that mod.ts loads on first use, declared as plain types.
 *
 * mod.ts names its modules through `lazyImport` so that importing it loads nothing, and it
 * types them with these declarations rather than `typeof import(...)`, so that a program which
 * type-checks against mod.ts (or `deno doc` of it) reads only this file, the envelope and the
 * command map: not zod, not the providers, not their npm packages. A test checks that the real
 * modules fit these declarations (tests/library/api_test.ts).
 */
import type { Envelope } from "./envelope.ts";

declare const opaque: unique symbol;

/** A session (cache, clock, replay), as mod.ts passes it along without looking inside. */
export interface SessionRef {
  /** Marks the type; no such property exists. */
  readonly [opaque]: "session";
  /** Closes the session's cache file and shared connection. */
  close(): void;
}

/** A configuration, likewise opaque to mod.ts. */
export interface ConfigRef {
  /** Marks the type; no such property exists. */
  readonly [opaque]: "config";
}

/**
 * core/runner.ts. `S` is the session type: opaque in mod.ts, core/session.ts's `Session` in the
 * test, which so checks that what the session module makes is what the runner takes.
 */
export interface RunnerApi<S = SessionRef> {
  runCommand(
    name: string,
    args: Record<string, unknown>,
    opts: { session: S; surface: "library"; timeoutMs?: number },
  ): Promise<Envelope<unknown>>;
}

/** core/session.ts */
export interface SessionApi<S = SessionRef, C = ConfigRef> {
  getDefaultSession(): S;
  Session: new (opts: { config: C }) => S;
}

/** core/config.ts */
export interface ConfigApi<C = ConfigRef> {
  /** The process environment (or `env`), with single settings replaced by `overrides`. */
  loadConfig(env?: Record<string, string | undefined>, overrides?: Record<string, string>): C;
  /** The settings finance reads, as they stand now (set ones only). */
  currentSettings(): Record<string, string>;
}

/** What the registry says about one command. */
export interface CommandDefRef {
  name: string;
  summary: string;
  description?: string;
  usage: string;
  side_effects: string;
  auth_required: string;
  citation_fields: string[];
  positional: string[];
}

/** commands/registry.ts */
export interface RegistryApi {
  loadAllCommands(): Promise<CommandDefRef[]>;
}

/** adapters/jsonschema.ts */
export interface JsonSchemaApi {
  argsJsonSchema(def: CommandDefRef): Record<string, unknown>;
  dataJsonSchema(def: CommandDefRef): Record<string, unknown>;
}

/** adapters/openapi.ts */
export interface OpenApiApi {
  openApiDocument(options?: { server?: string }): Promise<Record<string, unknown>>;
}

/** adapters/http.ts */
export interface HttpApi<S = SessionRef> {
  createHandler(options: {
    session: S;
    token?: string;
    maxBodyBytes?: number;
    timeoutMs?: number;
    corsOrigins?: string[];
  }): (req: Request) => Promise<Response>;
}

/** adapters/jupyter.ts: what mod.ts uses to display an envelope in a notebook. */
export interface JupyterApi {
  /** The kernel's display protocol symbol, `Symbol.for("Jupyter.display")`. */
  JUPYTER_DISPLAY: symbol;
  show(
    envelope: Envelope,
    options?: { command?: string },
  ): { [key: symbol]: () => Record<string, unknown> & { "text/plain": string } };
}

/** adapters/cli.ts */
export interface CliApi {
  main(args: string[]): Promise<number>;
}
