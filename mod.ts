/**
 * finance: a research toolkit for public-company analysis. Every command returns the envelope
 * `{ok, data, error, warnings}`; the same commands serve the CLI, HTTP, MCP and notebooks.
 *
 * @example
 * ```ts
 * import { finance } from "./mod.ts";
 * const result = await finance("formula.cagr", { start: 100, end: 150, periods: 3 });
 * if (result.ok) console.log(result.data);
 * ```
 * @module
 */
import { runCommand, type RunOptions } from "./core/runner.ts";
import type { Envelope } from "./core/envelope.ts";
import { Session } from "./core/session.ts";
import { loadConfig } from "./core/config.ts";

export type { Envelope } from "./core/envelope.ts";
export type { CommandDef, SideEffects } from "./core/command.ts";
export type { RunOptions } from "./core/runner.ts";
export { Session } from "./core/session.ts";
export { commandNames, loadAllCommands, loadCommand } from "./core/registry.ts";

/** Per-call options of {@link finance}. */
export interface FinanceOptions {
  /** Answer every request from these cassette folders (no network). */
  replay?: string | string[];
  /** Record live responses into this cassette folder. */
  record?: string;
  /** A session to reuse (cache, replay, clock). */
  session?: Session;
  /** Give up after this many milliseconds. */
  timeoutMs?: number;
}

/**
 * Runs a command by name and returns its envelope. Never throws: failures are `ok: false`.
 */
export async function finance<T = Record<string, unknown>>(
  command: string,
  args: Record<string, unknown> = {},
  options: FinanceOptions = {},
): Promise<Envelope<T>> {
  let session = options.session;
  let temporary = false;
  if (!session && (options.replay || options.record)) {
    const env = Deno.env.toObject();
    if (options.replay) {
      env.FINANCE_REPLAY = Array.isArray(options.replay)
        ? options.replay.join(":")
        : options.replay;
    }
    if (options.record) env.FINANCE_RECORD = options.record;
    session = new Session({ config: loadConfig(env) });
    temporary = true;
  }
  const runOpts: RunOptions = { session, surface: "library", timeoutMs: options.timeoutMs };
  try {
    return await runCommand<T>(command, args, runOpts);
  } finally {
    if (temporary) session?.close();
  }
}

if (import.meta.main) {
  const { main } = await import("./adapters/cli.ts");
  Deno.exit(await main(Deno.args));
}
