/**
 * Call scopes: the runner (and the lean path, when something can stop the call) runs a command
 * inside one, so `checkpoint()` (core/cancel.ts) deep in a loop sees the call's signal and
 * deadline. Kept apart from cancel.ts so that code calling `checkpoint()` does not load Deno's
 * Node layer for AsyncLocalStorage when no scope is ever started (a tune on the CLI).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { type CallScope, readScopesWith } from "./cancel.ts";

const scopes = new AsyncLocalStorage<CallScope>();
readScopesWith(() => scopes.getStore());

/** Runs `fn` as the command `name`, stoppable through `signal` and by `timeoutMs`. */
export function withCallScope<T>(
  name: string,
  signal: AbortSignal,
  timeoutMs: number | undefined,
  fn: () => T,
): T {
  const deadline = timeoutMs ? performance.now() + timeoutMs : Infinity;
  return scopes.run({ signal, deadline, timeoutMs, name }, fn);
}
