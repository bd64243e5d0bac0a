/**
 * Cancellation that reaches into long loops. The runner starts every command inside a call scope
 * that carries its AbortSignal and its deadline; parsing, OCR, table detection and backtests call
 * `checkpoint()` inside their loops. A synchronous loop never lets the runner's timer fire, so the
 * deadline is compared with the clock as well: the work stops at the limit instead of running on
 * after the caller has been answered.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { FinanceError } from "./errors.ts";

interface CallScope {
  signal: AbortSignal;
  /** performance.now() after which the call is over; Infinity without a limit. */
  deadline: number;
  timeoutMs?: number;
  name: string;
}

const scopes = new AsyncLocalStorage<CallScope>();

/** Thrown by `checkpoint()` once the call was stopped. */
export class StoppedError extends FinanceError {
  constructor(name: string, why: string) {
    super(`${name} was stopped: ${why}`);
    this.name = "StoppedError";
  }
}

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

/**
 * Throws StoppedError when the current call was aborted or is past its deadline; does nothing
 * outside a call. Cheap enough for every few hundred iterations of a loop.
 */
export function checkpoint(signal?: AbortSignal): void {
  if (signal?.aborted) throw new StoppedError("the call", "it was cancelled");
  const scope = scopes.getStore();
  if (!scope) return;
  if (scope.signal.aborted) throw new StoppedError(scope.name, "it was cancelled or timed out");
  if (performance.now() > scope.deadline) {
    throw new FinanceError(
      `${scope.name} did not finish within ${scope.timeoutMs} ms and was stopped`,
    );
  }
}

/** The current call's signal, for work that takes one (subprocesses, fetches); or undefined. */
export function callSignal(): AbortSignal | undefined {
  return scopes.getStore()?.signal;
}
